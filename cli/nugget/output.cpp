#include "output.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "text/write.h"

namespace nugget::cli {

namespace fs = std::filesystem;

namespace {

std::string folderOf(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

}  // namespace

std::string outputProblem(const std::string& path, const std::string& option, const std::vector<std::string>& inputs) {
  const std::string what = option + " " + path + ": ";
  if (path.empty()) return option + ": empty file name";
  std::error_code ec;
  const std::string folder = folderOf(path);
  const auto folderStatus = fs::status(folder, ec);
  if (!fs::exists(folderStatus)) return what + "its folder " + folder + " does not exist";
  if (!fs::is_directory(folderStatus)) return what + folder + " is not a folder";
  const auto st = fs::status(path, ec);
  if (fs::is_directory(st)) return what + "is a directory (give a file name)";
  if (fs::exists(st) && !fs::is_regular_file(st)) return what + "is not a regular file";
  for (const auto& in : inputs)
    if (fs::exists(st) && fs::equivalent(path, in, ec)) return what + "is the same file as the input " + in;
  // Writable: only trying tells (permissions, read-only mounts, quotas).
  std::string tmp;
  const int fd = text::openTemporary(path, tmp);
  if (fd < 0) return what + "cannot create files in " + folder + " (" + std::strerror(errno) + ")";
  ::close(fd);
  ::unlink(tmp.c_str());
  return "";
}

std::string existingProblem(const std::string& path, const std::string& option, const std::string& remedy) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return "";
  return option + " " + path + ": exists (" + remedy + ")";
}

void writeAtomically(const std::string& path, const std::string& contents, WriteFn write, bool replace) {
  const auto failure = text::writeAtomically(path, contents, replace, write);
  if (!failure) return;
  const std::string why = std::strerror(failure->error);
  if (failure->step == "create") throw WriteError("cannot create a file next to " + path + ": " + why);
  if (failure->step == "rename") throw WriteError("cannot rename " + failure->tmp + " to " + path + ": " + why);
  if (failure->step == "link")
    throw WriteError("cannot write " + path + ": " +
                     (failure->error == EEXIST ? std::string("it exists (it appeared while this ran); not replaced") : why));
  throw WriteError("cannot write " + path + " (" + failure->step + "): " + why +
                   (failure->step != "close" && fs::exists(path) ? "; the previous " + path + " is intact" : ""));
}

std::string solveSummaryJson(const SolveSummary& s) {
  Json j;
  j.add("out", s.out).add("written", s.written).add("stop", s.stop).add("boards", s.boards).add("moves", s.moves);
  j.add("mean", s.mean, 4).add("trimmed", s.trimmed).add("seconds", s.seconds, 1).add("nodes", s.nodes);
  if (s.checkpoint.empty()) j.null("checkpoint"); else j.add("checkpoint", s.checkpoint);
  if (s.fastFrom == 0) j.null("fast_from"); else j.add("fast_from", s.fastFrom);
  if (s.kept.empty()) j.null("kept"); else j.add("kept", s.kept);
  if (!s.cycle) return j.null("cycle").str();
  const double mean = s.cyclePeriod ? double(s.cycleMoves) / s.cyclePeriod : 0.0;
  return j.raw("cycle", Json()
                            .add("first", s.cycleFirst)
                            .add("period", s.cyclePeriod)
                            .add("moves", s.cycleMoves)
                            .add("mean", mean, 4)
                            .add("symmetry", s.cycleSymmetry)
                            .add("cycles_on_path", s.cyclesOnPath)
                            .add("cheapest_mean", s.cheapestCycleMean, 4)
                            .str())
      .str();
}

}  // namespace nugget::cli
