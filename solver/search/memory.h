// The memory guard's rule, for any search of any game: what a user's sizes
// need (a transposition table, a beam, an endgame table) against this
// machine's physical memory, checked before any work, so that a size typed
// by mistake is refused at once with the figures and the option that
// lowers it, rather than swapping, being killed, or waiting seconds in a
// zero fill it cannot stop (issue 59: `games solve --tt-mb 20000` on a 3x3
// board reached 16 GB within a minute). solver/nugget/run/memory_guard.h
// applies the same rule to a solve's table and beams; `games solve`,
// `games endgame` and `nugget prove` to their --tt-mb. Header-only, POSIX.
#pragma once
#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>

namespace search {

// This machine's physical memory in bytes (0 when the system does not say).
inline double physicalMemory() {
  const double have = double(::sysconf(_SC_PHYS_PAGES)) * double(::sysconf(_SC_PAGE_SIZE));
  return have > 0 ? have : 0.0;
}

// The rule: more than 90% of `have` bytes (the rest is the system's and the
// page cache's) does not fit; an unknown `have` (0) fits.
inline bool exceedsMemory(double need, double have) { return have > 0 && need > 0.9 * have; }

// "these settings need about 19.6 GB (WHAT); this machine has 15.6 GB:
// lower LOWER", or nothing when `need` fits.
inline std::optional<std::string> memoryRefusal(double need, double have, const std::string& what,
                                                const std::string& lower) {
  if (!exceedsMemory(need, have)) return std::nullopt;
  const double gib = 1024.0 * 1024 * 1024;
  char figures[96];
  std::snprintf(figures, sizeof figures, "these settings need about %.1f GB (", need / gib);
  char machine[64];
  std::snprintf(machine, sizeof machine, "); this machine has %.1f GB: lower ", have / gib);
  return std::string(figures) + what + machine + lower;
}

}  // namespace search
