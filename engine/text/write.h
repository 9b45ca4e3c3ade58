// Writing a named file the way both tools do: whole or not at all, and never
// over a file that is not to be replaced.
//
// The text goes to a new temporary file in path's own folder (so the rename
// cannot cross file systems), made an ordinary file (mkstemp gives 0600; the
// umask applies), flushed to disk, then renamed over `path` (replace) or
// linked to it (!replace: link() fails when the name exists, so a file that
// appeared since the caller's checks is never clobbered; on a file system
// without hard links, check then rename, a race window of microseconds
// instead of none). On any failure the temporary file is removed and `path`
// is as it was. Header-only, POSIX; not for the browser edition (no files).
#pragma once
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace text {

// The write(2) used; tests pass one that fails like a full disk.
using WriteFn = ssize_t (*)(int fd, const void* data, size_t size);

// PATH.tmp.XXXXXX in path's folder, open; -1 (errno set) when it cannot be made.
inline int openTemporary(const std::string& path, std::string& tmp) {
  std::string name = path + ".tmp.XXXXXX";
  const int fd = ::mkstemp(name.data());
  tmp = name;
  return fd;
}

// Removes the temporary files writeAtomically(path) leaves when the process
// is killed mid-write (kill -9, power loss): PATH.tmp.XXXXXX in path's
// folder, regular files with mkstemp's six characters after the prefix and
// nothing else. Returns the names removed. Only for an output that one
// process writes at a time (lock.h), before its first write: another
// writer's temporary would look the same.
inline std::vector<std::string> removeStaleTemporaries(const std::string& path) {
  namespace fs = std::filesystem;
  std::vector<std::string> removed;
  const std::string prefix = fs::path(path).filename().string() + ".tmp.";
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(parent.empty() ? fs::path(".") : parent, ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() != prefix.size() + 6 || name.compare(0, prefix.size(), prefix) != 0) continue;
    if (!e.is_regular_file(ec)) continue;
    if (fs::remove(e.path(), ec)) removed.push_back(e.path().string());
  }
  return removed;
}

struct WriteFailure {
  // "create" (the temporary file), "chmod", "write", "fsync", "close",
  // "link" (not replacing: EEXIST when path exists) or "rename" (replacing).
  std::string step;
  int error = 0;    // errno
  std::string tmp;  // the temporary file's name (already removed)
};

// Nothing when written; else which step failed.
inline std::optional<WriteFailure> writeAtomically(const std::string& path, const std::string& text, bool replace,
                                                   WriteFn write = nullptr) {
  if (!write) write = ::write;
  std::string tmp;
  const int fd = openTemporary(path, tmp);
  if (fd < 0) return WriteFailure{"create", errno, tmp};
  auto fail = [&](const char* step, int err, bool open) {
    if (open) ::close(fd);
    ::unlink(tmp.c_str());
    return WriteFailure{step, err, tmp};
  };
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) return fail("chmod", errno, true);
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("write", n == 0 ? EIO : errno, true);
    done += static_cast<size_t>(n);
  }
  // On disk before the rename: after a crash the name holds the old or the new text, whole.
  if (::fsync(fd) != 0) return fail("fsync", errno, true);
  if (::close(fd) != 0) return fail("close", errno, false);
  if (replace) {
    if (::rename(tmp.c_str(), path.c_str()) != 0) return fail("rename", errno, false);
    return std::nullopt;
  }
  int rc = ::link(tmp.c_str(), path.c_str());
  int err = errno;
  if (rc != 0 && (err == EPERM || err == EOPNOTSUPP || err == ENOSYS || err == EMLINK)) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
      err = EEXIST;
    } else if (::rename(tmp.c_str(), path.c_str()) == 0) {
      return std::nullopt;
    } else {
      err = errno;
    }
  }
  ::unlink(tmp.c_str());  // linked: the name stays; not: nothing is left
  if (rc != 0) return WriteFailure{"link", err, tmp};
  return std::nullopt;
}

}  // namespace text
