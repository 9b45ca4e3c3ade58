// Line helpers shared by the games' text readers (the placement and 5RINGS
// position files, the game record): splitting into lines, inline `#`
// comments, ANSI colour codes pasted from a terminal, words. Header-only,
// standard library only (the readers are also built for WebAssembly).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace text {

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
