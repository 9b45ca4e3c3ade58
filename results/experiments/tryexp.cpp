// Experiment: cycle tries from the 16.5 cycle with other solver settings.
// Not part of the build: a record of the program behind a results/README.md row (session 7).
// Built against a Release build of main at its commit:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/tryexp.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
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
  tbb::global_control gc(tbb::global_control::max_allowed_parallelism, argc > 1 ? atoi(argv[1]) : 1);
  const char* file = argc > 2 ? argv[2] : "/work/main/results/submission-200.jcgn";
  const int maxBoards = argc > 3 ? atoi(argv[3]) : 16;
  auto v = jcgn::verifyFile(file);
  std::vector<jcgn::BoardRecord> first(v.entry.boards.begin(), v.entry.boards.begin() + 3);
  auto cyc = closedCycle(Board::start(), first);
  if (!cyc) { printf("no cycle\n"); return 1; }
  CycleBoards cb = cycleBoards(Board::start(), first, *cyc);
  cb.lead.clear();
  printf("cycle mean %.3f period %zu\n", cb.mean(), cb.boards.size());
  TableSource src;
  auto table = openEndgameTable(6, src);
  auto t0 = std::chrono::steady_clock::now();
  auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  struct V { double nw; int slack; int width; uint64_t seed; int cand; };
  std::vector<V> vs;
  for (int width : {350, 1400})
    for (uint64_t seed : {101, 202, 303})
      for (auto [nw, slack] : std::vector<std::pair<double, int>>{{1.0, 1}, {2.0, 1}, {0.25, 1}, {0.5, 2}, {1.0, 2}})
        vs.push_back({nw, slack, width, seed, 64});
  for (const V& x : vs)
    for (int k = 0; k < (int)cb.boards.size(); ++k) {
      Options o;
      o.seed = x.seed;
      o.nextWeight = x.nw;
      o.slack = x.slack;
      o.beamWidth = x.width;
      o.candidates = x.cand;
      ChainSolver solver(o, table);
      auto from = rotated(cb, k);
      from.lead.clear();
      auto r = cycleFrom(solver, from, maxBoards);
      printf("nw=%.2f slack=%d width=%d seed=%lu board=%d -> %s", x.nw, x.slack, x.width, (unsigned long)x.seed, k,
             r ? "" : "none");
      if (r) printf("mean %.3f period %zu lead %zu", r->mean(), r->boards.size(), r->lead.size());
      printf("  %.0fs\n", secs());
      fflush(stdout);
    }
}
