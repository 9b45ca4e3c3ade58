// Experiment: are the main job's cycles the bottom of their basin, or only
// of the tries' widths (350/700/1400)? Tries at one wider width from the
// cycle an entry ends in, each with its own tie-break seed, start board and
// kick, as the main job's tries vary them.
// Not part of the build: a record of the program behind a results/README.md
// row (session 20). Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/widetry.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
// Usage: widetry ENTRY.jcgn WIDTH TRIES [SEED] [THREADS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <tbb/global_control.h>

#include "nugget/chain.h"
#include "nugget/cycle.h"
#include "nugget/endgame.h"
#include "nugget/jcgn.h"

using namespace nugget;
using namespace nugget::solve;

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const int width = std::atoi(argv[2]);
  const int tries = std::atoi(argv[3]);
  const uint64_t seed0 = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  tbb::global_control gc(tbb::global_control::max_allowed_parallelism, argc > 5 ? std::atoi(argv[5]) : 1);
  auto table = openEndgameTable(7);
  const auto v = jcgn::verifyFile(argv[1]);
  const auto c = closedCycle(v.entry);
  if (!c) return 1;
  std::vector<jcgn::BoardRecord> upTo(v.entry.boards.begin(), v.entry.boards.begin() + c->first - 1 + c->period);
  CycleBoards cycle = cycleBoards(Board::start(), upTo, *c);
  cycle.lead.clear();
  std::printf("start: cycle of %zu boards, mean %.4f; width %d\n", cycle.boards.size(), cycle.mean(), width);
  const auto t0 = std::chrono::steady_clock::now();
  auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  double best = cycle.mean();
  for (int i = 1; i <= tries; ++i) {
    Options o;
    o.endgameDepth = 7;
    o.beamWidth = width;
    o.seed = seed0 + 7919ull * static_cast<uint64_t>(i);
    const ChainSolver solver(o, table);
    const int board = (i - 1) / 3 % static_cast<int>(cycle.boards.size());
    const Kick kick = i % 3 == 1 ? Kick{} : Kick{i % 3 == 2 ? 1 : 2, true};
    const CycleBoards start = rotated(cycle, board);
    const double t = secs();
    auto found = cycleFrom(solver, {start.start, start.boards, {}}, 16, {}, kick);
    if (found && found->mean() < best) best = found->mean();
    std::printf("try %d (board %d, kick %d): %s", i, board + 1, kick.nth, found ? "" : "none");
    if (found)
      std::printf("cycle of %zu after %zu, mean %.4f%s", found->boards.size(), found->lead.size(), found->mean(),
                  sameCycle(*found, cycle) && found->mean() == cycle.mean() ? " (the same)" : "");
    std::printf("  best %.4f  %.0f s (%.0f s)\n", best, secs(), secs() - t);
    std::fflush(stdout);
  }
}
