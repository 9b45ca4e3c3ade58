// Experiment (session 14): board 1 aimed at the A end of each entry's last
// cycle (two boards of it), at the `images` nearest images, as the pipeline's
// aims do; prints each aim and a summary (found, mean moves, seconds).
// Not part of the build: a record of the program behind the aim figures of
// results/README.md, "Session 14". Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/aimbench.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb -o aimbench
// Run: aimbench WIDTH IMAGES ENTRY.jcgn... (the entries of `scripts/solve.sh --seed 1..5`).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "aim_targets.h"
#include "nugget/target.h"
using namespace nugget;
using namespace nugget::solve;
int main(int argc, char** argv) {
  TargetOptions to;
  to.width = atoi(argv[1]);
  const Board b1 = Board::start();
  int found = 0, total = 0, n = 0;
  double tsum = 0;
  for (const AimTarget& a : aimTargets({argv + 3, argv + argc}, atoi(argv[2]))) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto m = solveToState(b1.pos, a.target, to);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    tsum += s;
    ++n;
    if (m) ++found, total += static_cast<int>(m->size());
    printf("%s: %d moves, %.1f s\n", a.name.c_str(), m ? static_cast<int>(m->size()) : -1, s);
    fflush(stdout);
  }
  printf("SUMMARY width %d: %d/%d found, mean %.2f moves, %.1f s\n", to.width, found, n, found ? (double)total / found : 0.0, tsum);
}
