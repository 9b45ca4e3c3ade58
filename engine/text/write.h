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
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace text {

// The write(2) used; tests pass one that fails like a full disk.
using WriteFn = ssize_t (*)(int fd, const void* data, size_t size);

// The temporary files are named so that no user's file can be taken for
// one: PATH.nugget-tmp-PID-XXXXXX, PID the writer's process id, XXXXXX
// mkstemp's six letters or digits. A leftover (a writer killed mid-write)
// is removed only when its name has exactly that form and its writer is no
// longer running (removeStaleTemporaries); any other file is left alone.
inline constexpr const char* kTemporaryTag = ".nugget-tmp-";

// A new temporary file for `path` in path's folder, open; -1 (errno set)
// when it cannot be made. `tmp` is its name.
inline int openTemporary(const std::string& path, std::string& tmp) {
  std::string name = path + kTemporaryTag + std::to_string(static_cast<long>(::getpid())) + "-XXXXXX";
  const int fd = ::mkstemp(name.data());
  tmp = name;
  return fd;
}

// The writer's process id when `name` (a file name, no folder) is a
// temporary file of the file named `base` (openTemporary's form exactly),
// else 0.
inline long temporaryWriter(const std::string& base, const std::string& name) {
  const std::string prefix = base + kTemporaryTag;
  if (name.size() <= prefix.size() + 7 || name.compare(0, prefix.size(), prefix) != 0) return 0;
  const std::size_t dash = name.size() - 7;  // PID-XXXXXX: the dash before mkstemp's six
  if (name[dash] != '-' || dash == prefix.size() || dash - prefix.size() > 9) return 0;
  long pid = 0;
  for (std::size_t i = prefix.size(); i < dash; ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    pid = pid * 10 + (name[i] - '0');
  }
  for (std::size_t i = dash + 1; i < name.size(); ++i) {
    const char c = name[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return 0;
  }
  return pid;
}

// A process `pid` runs (on this machine): kill(pid, 0) finds it (EPERM: it
// runs as someone else).
inline bool processRunning(long pid) {
  return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

// Removes the temporary files writeAtomically(path) leaves when the process
// is killed mid-write (kill -9, power loss): regular files in path's folder
// named as openTemporary names them (PATH.nugget-tmp-PID-XXXXXX) whose
// writer PID is neither this process nor running. Returns the names
// removed. Nothing else is touched: PATH.tmp.backup, PATH.tmp.a1B2c3 (a
// name of older versions, or a user's), a running writer's temporary.
inline std::vector<std::string> removeStaleTemporaries(const std::string& path) {
  namespace fs = std::filesystem;
  std::vector<std::string> removed;
  const std::string base = fs::path(path).filename().string();
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(parent.empty() ? fs::path(".") : parent, ec)) {
    const long pid = temporaryWriter(base, e.path().filename().string());
    if (pid == 0 || pid == static_cast<long>(::getpid()) || processRunning(pid)) continue;
    if (!e.is_regular_file(ec) || e.is_symlink(ec)) continue;
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

// A file written in pieces and published whole: writeAtomically's steps
// with the text appended as it comes (a match's CSV a game at a time, so
// that what is kept in memory stays bounded). open() makes the temporary
// file, append() adds text (buffered, 64 KiB at a time), publish() puts it
// in place (renamed over `path`, or linked: never over a file that
// appeared). After a failure, or destroyed unpublished, the temporary file
// is removed and `path` is as it was; unless keepOnFailure() was asked,
// then keepAs() names what was written.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path, WriteFn write = nullptr)
      : path_(std::move(path)), write_(write ? write : ::write) {}
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!tmp_.empty() && !published_) ::unlink(tmp_.c_str());
  }
  const std::string& path() const { return path_; }

  // After a failure the temporary file stays (a match's CSV: the games'
  // lines written before a full disk, or before a file appeared at `path`),
  // for keepAs() to name it.
  void keepOnFailure() { keep_ = true; }
  // With keepOnFailure(), after a failure: the temporary file (what was
  // written, the text still buffered excepted) linked to `name`, never
  // over an existing file. False when there is none or `name` exists (the
  // temporary file is then removed with this object).
  bool keepAs(const std::string& name) {
    if (!keep_ || !failure_ || published_ || tmp_.empty()) return false;
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    struct stat st {};
    const bool kept = ::link(tmp_.c_str(), name.c_str()) == 0 ||
                      (errno != EEXIST && ::lstat(name.c_str(), &st) != 0 && ::rename(tmp_.c_str(), name.c_str()) == 0);
    if (!kept) return false;
    ::unlink(tmp_.c_str());  // linked: `name` holds it; renamed: nothing there
    tmp_.clear();
    return true;
  }

  std::optional<WriteFailure> open() {
    fd_ = openTemporary(path_, tmp_);
    if (fd_ < 0) return failed("create", errno);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd_, 0666 & ~mask) != 0) return failed("chmod", errno);
    return std::nullopt;
  }

  std::optional<WriteFailure> append(std::string_view text) {
    if (failure_ || fd_ < 0) return failure_ ? failure_ : failed("write", EBADF);
    if (buffer_.size() + text.size() < kBuffer) {
      buffer_.append(text);
      return std::nullopt;
    }
    if (auto f = flush()) return f;
    return writeAll(text);
  }

  // Flushed to disk before the rename: after a crash the name holds the
  // old or the new text, whole.
  std::optional<WriteFailure> publish(bool replace) {
    if (failure_ || fd_ < 0) return failure_ ? failure_ : failed("write", EBADF);
    if (auto f = flush()) return f;
    if (::fsync(fd_) != 0) return failed("fsync", errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) return failed("close", errno);
    if (replace) {
      if (::rename(tmp_.c_str(), path_.c_str()) != 0) return failed("rename", errno);
      published_ = true;
      return std::nullopt;
    }
    return link();
  }

 private:
  static constexpr std::size_t kBuffer = std::size_t(64) << 10;

  std::optional<WriteFailure> failed(const char* step, int err) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!tmp_.empty() && !keep_) ::unlink(tmp_.c_str());
    failure_ = WriteFailure{step, err, tmp_};
    return failure_;
  }

  std::optional<WriteFailure> flush() {
    const std::string pending = std::move(buffer_);
    buffer_.clear();
    return writeAll(pending);
  }

  std::optional<WriteFailure> writeAll(std::string_view text) {
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = write_(fd_, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return failed("write", n == 0 ? EIO : errno);
      done += static_cast<std::size_t>(n);
    }
    return std::nullopt;
  }

  // Not replacing: link() fails when the name exists, so a file that
  // appeared since the caller's checks is never clobbered; on a file system
  // without hard links, check then rename (a window of microseconds).
  std::optional<WriteFailure> link() {
    const int rc = ::link(tmp_.c_str(), path_.c_str());
    int err = errno;
    if (rc != 0 && (err == EPERM || err == EOPNOTSUPP || err == ENOSYS || err == EMLINK)) {
      struct stat st {};
      if (::lstat(path_.c_str(), &st) == 0) {
        err = EEXIST;
      } else if (::rename(tmp_.c_str(), path_.c_str()) == 0) {
        published_ = true;
        return std::nullopt;
      } else {
        err = errno;
      }
    }
    if (rc == 0 || !keep_) ::unlink(tmp_.c_str());  // linked: the name stays; not: nothing is left
    if (rc != 0) {
      failure_ = WriteFailure{"link", err, tmp_};
      return failure_;
    }
    published_ = true;
    return std::nullopt;
  }

  std::string path_, tmp_, buffer_;
  WriteFn write_;
  int fd_ = -1;
  bool published_ = false, keep_ = false;
  std::optional<WriteFailure> failure_;
};

// Nothing when written; else which step failed.
inline std::optional<WriteFailure> writeAtomically(const std::string& path, const std::string& text, bool replace,
                                                   WriteFn write = nullptr) {
  AtomicFile file(path, write);
  if (auto f = file.open()) return f;
  if (auto f = file.append(text)) return f;
  return file.publish(replace);
}

}  // namespace text
