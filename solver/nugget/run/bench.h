// `nugget bench`: a small fixed run of the default route (the cycle route of
// `nugget solve`, cycle_route.h), step by step, with the work of each
// step counted, and one signature, the work of all steps added up
// (Stockfish's `Bench: N`, as `games bench`, solver/registry/bench.h). A
// change of the cycles, the good set, the aims' beam or the polish changes
// the signature; a change of speed only the times. The work is counted in
// nodes and children, never in time, so the signature is the same on every
// machine and for every thread count (the beam's levels are expanded whole
// and merged in index order: search/beam.h).
//
// The run: the route's own calls (floorCycles, GoodSet::grow, CycleAims::run
// and ::best) with `nugget solve`'s defaults (4 cycles of 12 + 12 moves, 3
// levels of the good set, a frontier of 4, batches of 16) but for the aims:
// the 2 nearest images at width 1000, no wider pass, and a polish at width
// 100 (the main job's: as many as its budget allows at 10000 then 40000,
// polished at 2000), a few seconds on one core.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace nugget::solve::bench {

struct Options {
  int aims = 2;           // the nearest images aimed at
  int width = 1000;       // the aims' beam
  int polishWidth = 100;  // the polish's beam
};

// One step: its name, what it made (for the reader), its work (`unit`:
// "nodes" of the later boards' and the good set's searches, "children" the
// beams generated) and its wall time.
struct Step {
  std::string name, made, unit;
  uint64_t work = 0;
  double ms = 0;
};

struct Result {
  std::vector<Step> steps;
  int moves = 0;  // board 1's moves into the good set, polished (0: no aim reached it)
  uint64_t signature() const;
};

// Runs the steps on the calling thread's oneTBB arena (the caller caps the
// threads). std::logic_error when the route's result does not replay.
Result run(const Options& options = {});

}  // namespace nugget::solve::bench
