// Experiment (session 14): board 1 aimed at images of the committed cycle's
// A end with several tie-break salts, to see how much of an aim's length is
// chance. Not part of the build: a record of the program behind the salt and
// width figures of results/README.md, "Session 14". It needs
// TargetOptions::salt, which only commit d47aa7b had (dropped after this
// experiment); built against a Release build of that commit:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/aimsalt.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb -o aimsalt
// Run: aimsalt ENTRY.jcgn WIDTH SALTS G... (G: the images, 0..7), e.g.
//   aimsalt results/submission-200.jcgn 30000 4 0 1 2 3 4 5 6 7
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"
using namespace nugget;
using namespace nugget::solve;
int main(int argc, char** argv) {
  auto v = jcgn::verifyFile(argv[1]);
  const int width = atoi(argv[2]), salts = atoi(argv[3]);
  Board b1 = Board::start();
  const auto& bs = v.entry.boards;
  Board endA = Board::fromTiles(bs[bs.size() % 2 ? bs.size() - 1 : bs.size() - 2].final, Face::A);
  for (int i = 4; i < argc; ++i) {
    const int g = atoi(argv[i]);
    for (int salt = 0; salt < salts; ++salt) {
      TargetOptions to;
      to.width = width;
      to.salt = salt * 0x9E3779B97F4A7C15ull;
      auto t0 = std::chrono::steady_clock::now();
      auto m = solveToState(b1.pos, mapPosition(g, endA.pos), to);
      printf("g=%d salt=%d: %d moves, %.1f s\n", g, salt, m ? (int)m->size() : -1,
             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      fflush(stdout);
    }
  }
}
