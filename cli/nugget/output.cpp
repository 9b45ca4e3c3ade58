#include "output.h"

#include "text/write.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

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

OutputLock::OutputLock(const std::string& path) : file_(path + ".lock") {
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0) throw WriteError("cannot make the lock file " + file_ + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      char buf[32] = {};
      const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
      ::close(fd);
      if (err != EWOULDBLOCK) throw WriteError("cannot lock " + file_ + ": " + std::strerror(err));
      holder_ = n > 0 ? std::strtol(buf, nullptr, 10) : 0;
      return;
    }
    // The holder before may have removed the file between our open and our
    // lock: then ours is a lock on a name nobody else sees. Try again.
    struct stat mine {}, named {};
    if (::fstat(fd, &mine) != 0 || ::stat(file_.c_str(), &named) != 0 || mine.st_ino != named.st_ino ||
        mine.st_dev != named.st_dev) {
      ::close(fd);
      continue;
    }
    const std::string pid = std::to_string(static_cast<long>(::getpid())) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
      const int err = errno;
      ::close(fd);
      throw WriteError("cannot write the lock file " + file_ + ": " + std::strerror(err));
    }
    fd_ = fd;
    return;
  }
  throw WriteError("cannot lock " + file_ + ": it keeps being replaced");
}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(file_.c_str());  // still locked: a process that opened it meanwhile sees it gone and retries
  ::close(fd_);
}

std::vector<std::string> removeStaleTemporaries(const std::string& path) {
  std::vector<std::string> removed;
  const std::string prefix = fs::path(path).filename().string() + ".tmp.";
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folderOf(path), ec)) {
    const std::string name = e.path().filename().string();
    // mkstemp's six characters after the prefix, a regular file: nothing else.
    if (name.size() != prefix.size() + 6 || name.compare(0, prefix.size(), prefix) != 0) continue;
    if (!e.is_regular_file(ec)) continue;
    if (fs::remove(e.path(), ec)) removed.push_back(e.path().string());
  }
  return removed;
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
