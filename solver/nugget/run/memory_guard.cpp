#include "nugget/run/memory_guard.h"

#include <cstdio>

#include "search/memory.h"

namespace nugget::solve {

double physicalMemory() { return search::physicalMemory(); }

std::optional<std::string> memoryRefusal(const MemoryNeed& need, double have) {
  const double gib = 1024.0 * 1024 * 1024;
  if (!search::exceedsMemory(need.total(), have)) return std::nullopt;
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
