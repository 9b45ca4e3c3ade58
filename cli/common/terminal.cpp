#include "common/terminal.h"

#include <unistd.h>

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

}  // namespace cli
