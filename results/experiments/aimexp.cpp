// Experiment: what does entering the 16.5 cycle cost, by which route?
// Not part of the build: a record of the program behind a results/README.md row (session 7).
// Built against a Release build of main at its commit:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/aimexp.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include "nugget/chain.h"
#include "nugget/endgame.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"
using namespace nugget;
using namespace nugget::solve;
int main(int argc, char** argv) {
  const int width = argc > 1 ? atoi(argv[1]) : 10000;
  const int nEnds = argc > 2 ? atoi(argv[2]) : 12;
  auto v = jcgn::verifyFile("/work/main/results/submission-200.jcgn");
  // cycle: board 2 (B) and 3 (A). Targets: end of an A board = final of board 3 (= final of board 1), end of a B board = final of board 2.
  Board b1 = Board::start();
  Board endA = Board::fromTiles(v.entry.boards[2].final, Face::A);
  Board endB = Board::fromTiles(v.entry.boards[1].final, Face::B);
  TableSource src;
  auto table = openEndgameTable(6, src);
  Options o;
  o.seed = 1;
  ChainSolver solver(o, table);
  TargetOptions to;
  to.width = width;
  auto t0 = std::chrono::steady_clock::now();
  auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  // (a) board 1 aimed at each image of endA.
  for (int g = 0; g < kSymmetries; ++g) {
    Position tgt = mapPosition(g, endA.pos);
    int d = TargetDistance(tgt)(b1.pos);
    auto m = solveToState(b1.pos, tgt, to);
    printf("a g=%d dist=%d moves=%d  %.0fs\n", g, d, m ? (int)m->size() : -1, secs());
    fflush(stdout);
  }
  // (b) board 1 solved normally (its ends), board 2 aimed at endB images.
  auto ends = solver.endStates(b1, 1);
  printf("board 1: %zu ends\n", ends.size());
  struct C { int d, e, g; };
  std::vector<C> cs;
  for (int e = 0; e < (int)ends.size(); ++e) {
    Position s = ends[e].end;
    s.flip();
    for (int g = 0; g < kSymmetries; ++g) cs.push_back({TargetDistance(mapPosition(g, endB.pos))(s), e, g});
  }
  std::sort(cs.begin(), cs.end(), [](const C& a, const C& b) { return a.d < b.d; });
  printf("dist range %d .. %d\n", cs.front().d, cs.back().d);
  for (int i = 0; i < nEnds && i < (int)cs.size(); ++i) {
    Position s = ends[cs[i].e].end;
    s.flip();
    auto m = solveToState(s, mapPosition(cs[i].g, endB.pos), to);
    printf("b end=%d(%zu moves) g=%d dist=%d aim=%d total=%d  %.0fs\n", cs[i].e, ends[cs[i].e].moves.size(), cs[i].g, cs[i].d,
           m ? (int)m->size() : -1, m ? (int)(m->size() + ends[cs[i].e].moves.size()) : -1, secs());
    fflush(stdout);
  }
}
