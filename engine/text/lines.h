// Line helpers shared by the text readers of both tools and the browser
// edition: the bounds every reader keeps (Limits, LineChecker, checkText,
// readStream), splitting into lines, inline `#` comments, ANSI colour codes
// pasted from a terminal, words. Header-only, standard library only (the
// readers are also built for WebAssembly); reading a named file safely
// (regular files only, never blocking) is text/file.h.
#pragma once
#include <cstddef>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace text {

// The bounds of every text reader: a line longer than maxLine characters
// (without its '\n', or its "\r\n"), more than maxLines lines, a file larger than maxBytes
// or a NUL byte (binary data: /dev/zero, /dev/urandom) is refused at once,
// before the rest is read. The line count bounds what the parsers keep a
// line (splitLines: 16 bytes each), so a file of blank lines cannot grow a
// reader past a few MB either. The defaults hold every valid file of both
// tools with a wide margin (a 200-board jcgn-1 entry is ~170 kB in ~400
// lines, its longest line under 400 characters; a checkpoint of a long
// cycle phase a few MB; positions and game records a few kB).
struct Limits {
  std::size_t maxLine = 4096;
  std::size_t maxLines = 100000;
  std::size_t maxBytes = std::size_t(16) << 20;  // 16 MiB
};

// What is wrong with a text and where: `line` 1-based, 0 for the text as a
// whole (too large, cannot be opened).
struct Problem {
  int line = 0;
  std::string reason;
};

// "16 MiB", "4096 bytes": a size for a message.
inline std::string sizeText(std::size_t bytes) {
  if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Checks a text as it arrives, chunk by chunk, so a reader stops at the first
// byte past a bound instead of reading on (an endless stream never ends).
class LineChecker {
 public:
  explicit LineChecker(const Limits& limits = {}) : limits_(limits) {}
  // The first problem within the bytes fed so far, nullopt while none.
  std::optional<Problem> feed(std::string_view chunk) {
    for (char c : chunk) {
      if (++bytes_ > limits_.maxBytes) return Problem{0, "larger than " + sizeText(limits_.maxBytes)};
      if (static_cast<std::size_t>(line_) > limits_.maxLines)
        return Problem{line_, "more than " + std::to_string(limits_.maxLines) + " lines"};
      if (c == '\n') {
        ++line_;
        length_ = 0;
        pendingCr_ = false;  // a CRLF ending: the '\r' is not the line's
      } else if (c == '\0') {
        return Problem{line_, "not text (a NUL byte)"};
      } else {
        // A '\r' counts only once something other than '\n' follows it
        // (the readers drop a '\r' before '\n', splitLines).
        if (pendingCr_ && ++length_ > limits_.maxLine) return tooLong();
        pendingCr_ = c == '\r';
        if (!pendingCr_ && ++length_ > limits_.maxLine) return tooLong();
      }
    }
    return std::nullopt;
  }

 private:
  Problem tooLong() const {
    return Problem{line_, "line longer than " + std::to_string(limits_.maxLine) + " characters"};
  }
  Limits limits_;
  std::size_t bytes_ = 0, length_ = 0;
  bool pendingCr_ = false;  // the last byte was a '\r' not counted yet
  int line_ = 1;
};

// The first problem of a whole text in memory (what the parsers of text
// handed over as a string call first: the browser edition's, the fuzzers').
inline std::optional<Problem> checkText(std::string_view s, const Limits& limits = {}) {
  return LineChecker(limits).feed(s);
}

// A text refused by a reader: what() is "SOURCE:LINE: reason" ("SOURCE:
// reason" when not tied to a line), the format of every reader's refusal.
class ReadError : public std::runtime_error {
 public:
  ReadError(const std::string& source, int line, const std::string& reason)
      : std::runtime_error(source + ":" + (line > 0 ? std::to_string(line) + ":" : std::string()) + " " + reason),
        line_(line),
        reason_(reason) {}
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }

 private:
  int line_;
  std::string reason_;
};

// Throws ReadError for the first problem of `s`.
inline void requireText(std::string_view s, const std::string& source, const Limits& limits = {}) {
  if (auto p = checkText(s, limits)) throw ReadError(source, p->line, p->reason);
}

// Everything of a stream (standard input, a pipe) within the limits; stops
// reading at the first problem and throws ReadError naming `source`.
inline std::string readStream(std::istream& in, const std::string& source, const Limits& limits = {}) {
  LineChecker check(limits);
  std::string out;
  char buf[8192];
  while (in) {
    in.read(buf, sizeof buf);
    const std::string_view got(buf, static_cast<std::size_t>(in.gcount()));
    if (got.empty()) break;
    if (auto p = check.feed(got)) throw ReadError(source, p->line, p->reason);
    out.append(got);
  }
  return out;
}

// One line of interactive input (a player's move on a terminal or a pipe)
// into `line`, without its '\n' (and a '\r' before it). Each line is used
// and dropped, so only the line is bounded: End at the end of the input,
// Refused (with `why`) at a line over limits.maxLine characters or a NUL
// byte (`games play < /dev/zero`), after which nothing more is read.
enum class LineRead { Ok, End, Refused };
inline LineRead getLine(std::istream& in, std::string& line, std::string* why = nullptr, const Limits& limits = {}) {
  line.clear();
  bool any = false;
  for (int ch; (ch = in.get()) != std::char_traits<char>::eof();) {
    any = true;
    if (ch == '\n') break;
    // The '\r' of a CRLF ending is not counted against the bound.
    if (ch == '\r' && line.size() >= limits.maxLine && (in.peek() == '\n' || in.peek() == std::char_traits<char>::eof()))
      continue;
    if (ch == '\0' || line.size() >= limits.maxLine) {
      if (why)
        *why = ch == '\0' ? "not text (a NUL byte)" : "a line longer than " + std::to_string(limits.maxLine) + " characters";
      return LineRead::Refused;
    }
    line += static_cast<char>(ch);
  }
  if (!any) return LineRead::End;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return LineRead::Ok;
}

// The lines of `s` without their '\n' (and a '\r' before it); a final line
// without '\n' counts, an empty last line after a final '\n' does not.
inline std::vector<std::string_view> splitLines(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t end = s.find('\n', start);
    if (end == std::string_view::npos) end = s.size();
    std::string_view line = s.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    start = end + 1;
  }
  return out;
}

// `line` without ANSI escape sequences (ESC '[' ... final letter), without
// an inline `#` comment and without surrounding blanks.
inline std::string clean(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\033' && i + 1 < line.size() && line[i + 1] == '[') {
      i += 2;
      while (i < line.size() && !((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= 'a' && line[i] <= 'z'))) ++i;
      continue;
    }
    if (line[i] == '#') break;
    out += line[i];
  }
  const std::size_t first = out.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of(" \t") - first + 1);
}

// The blank-separated words of `line`.
inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// True when `w` is a decimal number (no sign).
inline bool isNumber(std::string_view w) {
  if (w.empty() || w.size() > 9) return false;
  for (char c : w)
    if (c < '0' || c > '9') return false;
  return true;
}

// The words of `line` are the file letters A, B, C, ... in order (the
// letter row a drawn board has above or below it).
inline bool isFileLetterRow(const std::vector<std::string_view>& w) {
  if (w.empty()) return false;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i].size() != 1 || w[i][0] != char('A' + i)) return false;
  return true;
}

}  // namespace text
