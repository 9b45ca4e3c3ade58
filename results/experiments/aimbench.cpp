// Experiment (session 14): board 1 aimed at the A end of each entry's last
// cycle (two boards of it), at the `images` nearest images, as the pipeline's
// aims do; prints each aim and a summary (found, mean moves, seconds).
// Not part of the build: a record of the program behind the aim figures of
// results/README.md, "Session 14". Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/aimbench.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb -o aimbench
// Run: aimbench WIDTH IMAGES ENTRY.jcgn... (the entries of `scripts/solve.sh --seed 1..5`).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"
using namespace nugget;
using namespace nugget::solve;
int main(int argc, char** argv) {
  TargetOptions to;
  to.width = atoi(argv[1]);
  const int images = atoi(argv[2]);
  Board b1 = Board::start();
  int found = 0, total = 0, n = 0;
  double tsum = 0;
  for (int i = 3; i < argc; ++i) {
    auto v = jcgn::verifyFile(argv[i]);
    const auto& bs = v.entry.boards;
    for (int back = 1; back <= 4; back += 2) {
    const size_t last = bs.size() % 2 == 1 ? bs.size() - back : bs.size() - back - 1;  // an odd board (face A), 0-based index even
    Board endA = Board::fromTiles(bs[last].final, Face::A);
    std::vector<std::pair<int, int>> near;
    for (int g = 0; g < kSymmetries; ++g) near.emplace_back(TargetDistance(mapPosition(g, endA.pos))(b1.pos), g);
    std::sort(near.begin(), near.end());
    for (int k = 0; k < images; ++k) {
      const int g = near[k].second;
      auto t0 = std::chrono::steady_clock::now();
      auto m = solveToState(b1.pos, mapPosition(g, endA.pos), to);
      double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      tsum += s;
      ++n;
      if (m) { ++found; total += (int)m->size(); }
      printf("%s board %zu g=%d: %d moves, %.1f s\n", argv[i], last + 1, g, m ? (int)m->size() : -1, s);
      fflush(stdout);
    }
    }
  }
  printf("SUMMARY width %d: %d/%d found, mean %.2f moves, %.1f s\n", to.width, found, n, found ? (double)total / found : 0.0, tsum);
}
