// Reading a named text file the way every reader of both tools does:
// regular files only, never blocking, within text::Limits (lines.h).
//
// The file is opened with O_NONBLOCK, so a FIFO with no writer (or a device
// that waits) cannot hold the open, then fstat decides: a FIFO, a socket, a
// character or block device (/dev/zero, /dev/urandom, a terminal) or a
// directory is refused, as is a regular file whose size is over the limit
// (before a byte is read). Reading stops at the first byte past a bound
// (a file that grows while it is read included). Standard input is read
// only where a command documents it ("-"), through the same bounds.
// Header-only (POSIX + standard library). The browser edition has no files
// (its modules are linked with -sFILESYSTEM=0 and read text handed over by
// the page, checked by checkText): there readTextFile only refuses, so no
// file system call is linked in.
#pragma once
#include <string>

#include "text/lines.h"

#if defined(__EMSCRIPTEN__)
namespace text {
inline std::string readTextFile(const std::string& path, const Limits& = {}, bool = false) {
  throw ReadError(path, 0, "cannot open: the browser edition reads no files");
}
}  // namespace text
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace text {

// What kind of file `mode` is, for a refusal ("a FIFO").
inline std::string fileKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISREG(mode)) return "a regular file";
  return "not a regular file";
}

// Reads from fd (already open) within the limits; `source` names it in errors.
inline std::string readBoundedFd(int fd, const std::string& source, const Limits& limits) {
  LineChecker check(limits);
  std::string out;
  char buf[65536];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) {  // standard input opened non-blocking by someone else: wait a little
        ::usleep(10000);
        continue;
      }
      throw ReadError(source, 0, std::string("cannot read: ") + std::strerror(errno));
    }
    if (n == 0) break;
    const std::string_view got(buf, static_cast<std::size_t>(n));
    if (auto p = check.feed(got)) throw ReadError(source, p->line, p->reason);
    out.append(got);
  }
  return out;
}

// The whole text of `path`, checked against the limits; throws ReadError
// ("PATH: is a FIFO, not a regular file", "PATH:3: line longer than 4096
// characters", ...). With allowStdin, "-" is standard input (any kind: a
// pipe, a terminal, a file), named "standard input" in errors.
inline std::string readTextFile(const std::string& path, const Limits& limits = {}, bool allowStdin = false) {
  if (allowStdin && path == "-") return readBoundedFd(STDIN_FILENO, "standard input", limits);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw ReadError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw ReadError(path, 0, std::string("cannot read: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw ReadError(path, 0, "is " + fileKind(st.st_mode) + ", not a regular file");
  if (static_cast<unsigned long long>(st.st_size) > limits.maxBytes)
    throw ReadError(path, 0,
                    std::to_string(static_cast<long long>(st.st_size)) + " bytes, larger than " + sizeText(limits.maxBytes));
  return readBoundedFd(fd, path, limits);
}

}  // namespace text
#endif  // __EMSCRIPTEN__
