// Experiment (session 19): how much `polish` (target.h) takes off the aims.
// Board 1 aimed at the `images` nearest images of two A ends of each entry's
// last cycle (aim_targets.h) at WIDTH, then polished (its defaults, or the
// segment lengths LMIN..LMAX); prints each aim before and after, and totals.
// Not part of the build: a record of the program behind results/README.md,
// "Session 19". Built as aimbench.cpp (its header).
// Run: polishbench WIDTH IMAGES LMIN LMAX ENTRY.jcgn...
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "aim_targets.h"
#include "nugget/target.h"
using namespace nugget;
using namespace nugget::solve;
namespace {
double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
}  // namespace
int main(int argc, char** argv) {
  if (argc < 6) return fprintf(stderr, "usage: polishbench WIDTH IMAGES LMIN LMAX ENTRY...\n"), 2;
  TargetOptions to;
  to.width = atoi(argv[1]);
  PolishOptions po;
  po.minSegment = atoi(argv[3]);
  po.maxSegment = atoi(argv[4]);
  const Board b1 = Board::start();
  int n = 0, before = 0, after = 0;
  double aimS = 0, polishS = 0;
  for (const AimTarget& a : aimTargets({argv + 5, argv + argc}, atoi(argv[2]))) {
    const double t0 = now();
    const auto m = solveToState(b1.pos, a.target, to);
    const double t1 = now();
    if (!m) {
      printf("%s: not found, %.1f s\n", a.name.c_str(), t1 - t0);
      continue;
    }
    const auto p = polish(b1.pos, *m, po);
    const double t2 = now();
    ++n, before += static_cast<int>(m->size()), after += static_cast<int>(p.size());
    aimS += t1 - t0, polishS += t2 - t1;
    printf("%s: %zu moves (%.1f s), polished %zu (%.1f s)\n", a.name.c_str(), m->size(), t1 - t0, p.size(), t2 - t1);
    fflush(stdout);
  }
  printf("SUMMARY width %d, segments %d..%d: %d aims, mean %.2f -> %.2f moves, aims %.1f s, polish %.1f s\n", to.width,
         po.minSegment, po.maxSegment, n, n ? double(before) / n : 0.0, n ? double(after) / n : 0.0, aimS, polishS);
}
