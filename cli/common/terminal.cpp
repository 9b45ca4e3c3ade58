#include "common/terminal.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>

namespace cli {

bool useColour(ColourMode mode) {
  if (mode != ColourMode::Auto) return mode == ColourMode::Always;
  if (std::getenv("NO_COLOR")) return false;
  if (const char* term = std::getenv("TERM"); term && std::string_view(term) == "dumb") return false;
  return isatty(STDOUT_FILENO) != 0;
}

Progress::Progress(bool quiet) : quiet_(quiet), terminal_(isatty(STDERR_FILENO) != 0) {}

void Progress::line(const std::string& text) const {
  if (quiet_) return;
  std::lock_guard lock(*mutex_);
  std::cerr << text << '\n';
}

void Progress::bar(int done, int total, const std::string& text) const {
  if (quiet_) return;
  if (!terminal_) return line(text);
  constexpr int kWidth = 24;
  const int filled = total > 0 ? kWidth * done / total : 0;
  std::lock_guard lock(*mutex_);
  std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << text << "\x1b[K"
            << std::flush;
}

void Progress::endBar() const {
  if (quiet_ || !terminal_) return;
  std::lock_guard lock(*mutex_);
  std::cerr << '\n';
}

std::string shellWord(const std::string& word) {
  const auto safe = [](unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_./:=,+@%-").find(char(c)) != std::string_view::npos;
  };
  const auto control = [](unsigned char c) { return c < 0x20 || c == 0x7f; };
  // zsh expands a word that starts with '=' (=cmd): quoted too.
  if (!word.empty() && word[0] != '=' && std::all_of(word.begin(), word.end(), safe)) return word;
  if (std::none_of(word.begin(), word.end(), control)) {
    std::string q = "'";
    for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  }
  std::string q = "$'";
  for (char c : word) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') q += "\\n";
    else if (c == '\t') q += "\\t";
    else if (c == '\'' || c == '\\') q += std::string("\\") + c;
    else if (control(u)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      q += hex;
    } else q += c;
  }
  return q + "'";
}

}  // namespace cli
