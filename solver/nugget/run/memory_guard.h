// The memory guard of a solve: what the settings need on this machine
// (memoryNeed, pipeline.h) against the memory it has, checked before any
// work, so a run that cannot fit is refused at once with what to lower
// rather than swapping or being killed an hour in. The rule (90% of the
// physical memory) is search::exceedsMemory (solver/search/memory.h), which
// the other commands' sizes go through too (--tt-mb of `nugget prove`,
// `games solve`, `games endgame`).
#pragma once
#include <optional>
#include <string>

#include "nugget/run/pipeline.h"

namespace nugget::solve {

// This machine's physical memory in bytes (0 when the system does not say).
double physicalMemory();

// Why `need` does not fit in `have` bytes: more than 90% of them (the rest
// is the system's and the page cache's), with the figures and the options
// that lower the need (the beams' width and threads, the table's depth, or
// fewer processes a machine when several share it). Nothing when it fits,
// or when `have` is unknown (0).
std::optional<std::string> memoryRefusal(const MemoryNeed& need, double have);

}  // namespace nugget::solve
