#include "output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
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

// A new file next to `path`, opened for writing; its name in `tmp`.
int openTemporary(const std::string& path, std::string& tmp) {
  tmp = path + ".tmp.XXXXXX";
  std::vector<char> name(tmp.begin(), tmp.end());
  name.push_back('\0');
  const int fd = mkstemp(name.data());
  tmp.assign(name.data());
  return fd;
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
  const int fd = openTemporary(path, tmp);
  if (fd < 0) return what + "cannot create files in " + folder + " (" + std::strerror(errno) + ")";
  ::close(fd);
  ::unlink(tmp.c_str());
  return "";
}

void writeAtomically(const std::string& path, const std::string& text, WriteFn write) {
  if (!write) write = ::write;
  std::string tmp;
  const int fd = openTemporary(path, tmp);
  if (fd < 0) throw WriteError("cannot create a file next to " + path + ": " + std::strerror(errno));
  auto fail = [&](const std::string& doing) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    throw WriteError("cannot write " + path + " (" + doing + "): " + std::strerror(err) +
                     (fs::exists(path) ? "; the previous " + path + " is intact" : ""));
  };
  // mkstemp makes the file 0600; an entry is an ordinary file (umask applies).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) fail("chmod");
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      fail("write");
    }
    done += static_cast<size_t>(n);
  }
  // On disk before the rename: after a crash the name holds the old or the new text, whole.
  if (::fsync(fd) != 0) fail("fsync");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw WriteError("cannot write " + path + " (close): " + std::strerror(err));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw WriteError("cannot rename " + tmp + " to " + path + ": " + std::strerror(err));
  }
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

}  // namespace nugget::cli
