// Experiment (session 20): board 1 aimed at each of the 8 images of the A
// end of an entry's last cycle, and each aim polished (target.h `polish`),
// not only the shortest: does another image's aim polish below the best?
// Not part of the build: a record of the program behind results/README.md,
// "Session 20". Built as aimbench.cpp (its header).
// Run: aimpolish ENTRY.jcgn WIDTH [LMAX]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "aim_targets.h"
#include "nugget/target.h"

using namespace nugget;
using namespace nugget::solve;

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  TargetOptions to;
  to.width = std::atoi(argv[2]);
  PolishOptions po;
  po.maxSegment = argc > 3 ? std::atoi(argv[3]) : 10;
  const Board b1 = Board::start();
  // The A end of the entry's last cycle (one board of it: a 2-board cycle
  // has one A end), at all 8 images, nearest first.
  auto targets = aimTargets({argv[1]}, 8);
  targets.resize(8);
  for (const AimTarget& a : targets) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto m = solveToState(b1.pos, a.target, to);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!m) {
      std::printf("%s: not found, %.1f s\n", a.name.c_str(), s);
      continue;
    }
    const auto p = polish(b1.pos, *m, po);
    Position end = b1.pos;
    for (Move mv : p) end.apply(mv);
    const double s2 = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %zu moves, polished %zu%s, %.1f s + %.1f s\n", a.name.c_str(), m->size(), p.size(),
                end == a.target ? "" : " (END CHANGED)", s, s2 - s);
    std::fflush(stdout);
  }
}
