// Experiment: cycles found from the chain's own boards instead of from its
// last cycle. The aims enter a cycle from board 1 at about the same cost
// wherever the cycle is, so a cycle search may start anywhere; a chain beam
// from board k of the chain (another tie-break seed) runs until it closes a
// cycle (at most 16 boards, cycleFrom with no cycle to come back to), then
// six tries polish it (widths x1, x2, x4, from its first board, then its
// second).
// Not part of the build: a record of the program behind a results/README.md
// row (session 16). Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Isolver/search -Iheuristics -Iengine -I. results/experiments/restarts.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
// Usage: restarts ENTRY.jcgn SEED K1 K2 ... (ENTRY: a `nugget solve
// --cycle-tries 0 --enter-boards 0` entry of seed SEED).
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "nugget/chain.h"
#include "nugget/cycle.h"
#include "nugget/endgame.h"
#include "nugget/jcgn.h"

using namespace nugget;
using namespace nugget::solve;

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  Options base;
  base.seed = std::strtoull(argv[2], nullptr, 10);
  base.endgameDepth = 7;
  auto table = openEndgameTable(7);
  const auto v = jcgn::verifyFile(argv[1]);
  const auto t0 = std::chrono::steady_clock::now();
  auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  for (int a = 3; a < argc; ++a) {
    const int k = std::atoi(argv[a]);
    Board start = k == 1 ? Board::start() : Board::fromTiles(v.entry.boards[k - 2].final, faceOfBoard(k));
    for (int r = 1; r <= 2; ++r) {
      Options o = base;
      o.seed = base.seed + 1000003ull * static_cast<uint64_t>(k) + 7919ull * r;
      const ChainSolver variant(o, table);
      auto found = cycleFrom(variant, {start, {}, {}}, 16);
      std::printf("board %d restart %d: %s", k, r, found ? "" : "no cycle within 16 boards");
      if (!found) {
        std::printf(" (%.0f s)\n", secs());
        continue;
      }
      std::printf("cycle of %zu after %zu, mean %.4f", found->boards.size(), found->lead.size(), found->mean());
      CycleBoards best = *found;
      best.lead.clear();
      for (int i = 1; i <= 6; ++i) {
        Options p = base;
        p.seed = o.seed + 7919ull * static_cast<uint64_t>(i);
        p.beamWidth = base.beamWidth * (i % 3 == 1 ? 1 : i % 3 == 2 ? 2 : 4);
        const ChainSolver polish(p, table);
        const CycleBoards from = rotated(best, ((i - 1) / 3) % static_cast<int>(best.boards.size()));
        auto t = cycleFrom(polish, {from.start, from.boards, {}}, 16);
        if (t && t->moves() * static_cast<long>(best.boards.size()) < best.moves() * static_cast<long>(t->boards.size())) {
          best = *t;
          best.lead.clear();
        }
      }
      std::printf(" -> polished %.4f (%.0f s)\n", best.mean(), secs());
      std::fflush(stdout);
    }
  }
}
