#include "nugget/run/memory_guard.h"

#include <unistd.h>

#include <cstdio>

namespace nugget::solve {

double physicalMemory() {
  const double have = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
  return have > 0 ? have : 0.0;
}

std::optional<std::string> memoryRefusal(const MemoryNeed& need, double have) {
  const double gib = 1024.0 * 1024 * 1024;
  if (!(have > 0 && need.total() > 0.9 * have)) return std::nullopt;
  char msg[600];
  if (need.processes > 1)
    std::snprintf(msg, sizeof msg,
                  "these settings need about %.1f GB on this machine (endgame table %.1f GB%s; beams "
                  "%.1f GB a process x %d processes here); this machine has %.1f GB: lower "
                  "--beam-width/--chain-beam/--enter-width/--enter-widen (or --threads), --endgame-depth, or start fewer "
                  "processes a machine",
                  need.total() / gib, need.table / gib, need.tableBuilt ? " while it is built, once" : ", cached",
                  need.beamsPerProcess / gib, need.processes, have / gib);
  else
    std::snprintf(msg, sizeof msg,
                  "these settings need about %.1f GB (endgame table %.1f GB%s, beams %.1f GB); "
                  "this machine has %.1f GB: lower --endgame-depth or --beam-width/--chain-beam",
                  need.total() / gib, need.table / gib, need.tableBuilt ? " while it is built" : ", cached",
                  need.beamsPerProcess / gib, have / gib);
  return std::string(msg);
}

}  // namespace nugget::solve
