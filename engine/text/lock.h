// One writer per output file: an advisory lock (flock) on PATH.lock, held
// while the object lives, so that a second run on the same output is
// refused at its start instead of the two overwriting each other's
// checkpoints (`nugget solve --out FILE`). The file holds the holder's pid
// (for the refusal); it is removed on release. A run killed by SIGKILL
// leaves the file, but not the lock (the kernel drops it with the process):
// the next run takes it over. Header-only, POSIX; not for the browser
// edition (no files).
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace text {

// The lock file cannot be made, locked or written (what() says which and why).
struct LockError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class OutputLock {
 public:
  // Takes the lock on `path` + ".lock"; when another process holds it, the
  // lock is not taken and holder() is that process's pid (0 if unknown).
  // LockError when the lock file cannot be made at all.
  explicit OutputLock(const std::string& path) : file_(path + ".lock") {
    for (int attempt = 0; attempt < 100; ++attempt)
      if (tryOnce()) return;
    throw LockError("cannot lock " + file_ + ": it keeps being replaced");
  }
  ~OutputLock() {
    if (fd_ < 0) return;
    ::unlink(file_.c_str());  // still locked: a process that opened it meanwhile sees it gone and retries
    ::close(fd_);
  }
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  bool held() const { return fd_ >= 0; }
  long holder() const { return holder_; }
  const std::string& file() const { return file_; }

 private:
  // One attempt: true when it decided (held, or held by holder_), false
  // when the file changed under it and it must try again.
  bool tryOnce() {
    const int fd = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0) throw LockError("cannot make the lock file " + file_ + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      if (err != EWOULDBLOCK) {
        ::close(fd);
        throw LockError("cannot lock " + file_ + ": " + std::strerror(err));
      }
      holder_ = readHolder(fd);
      ::close(fd);
      return true;
    }
    // The holder before may have removed the file between our open and our
    // lock: then ours is a lock on a name nobody else sees. Try again.
    struct stat mine {}, named {};
    if (::fstat(fd, &mine) != 0 || ::stat(file_.c_str(), &named) != 0 || mine.st_ino != named.st_ino ||
        mine.st_dev != named.st_dev) {
      ::close(fd);
      return false;
    }
    const std::string pid = std::to_string(static_cast<long>(::getpid())) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
      const int err = errno;
      ::unlink(file_.c_str());  // ours (locked): a full disk leaves no empty lock file behind
      ::close(fd);
      throw LockError("cannot write the lock file " + file_ + ": " + std::strerror(err));
    }
    fd_ = fd;
    return true;
  }

  // The holder writes its pid just after it takes the lock, so a run that
  // comes in between finds the file empty: it waits for the pid up to
  // ~0.2 s before it says "unknown" (seen in CI on a loaded machine). A pid
  // that is not alive is a SIGKILLed holder's, not yet overwritten.
  static long readHolder(int fd) {
    for (int wait = 0; wait < 200; ++wait) {
      char buf[32] = {};
      const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
      const long pid = n > 0 && buf[n - 1] == '\n' ? std::strtol(buf, nullptr, 10) : 0;
      if (pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM)) return pid;
      ::usleep(1000);
    }
    return 0;
  }

  std::string file_;
  int fd_ = -1;
  long holder_ = 0;
};

}  // namespace text
