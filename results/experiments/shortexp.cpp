// Experiment (session 19): one board of an entry shortened by the
// meet-in-the-middle post-optimiser (shorten.h) at each given window.
// Not part of the build: a record of the program behind results/README.md,
// "Session 19" (logs/s19-segopt.log). Built as aimbench.cpp (its header).
// Run: shortexp ENTRY.jcgn BOARD WINDOW...
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "nugget/jcgn.h"
#include "nugget/shorten.h"
using namespace nugget;
int main(int argc, char** argv) {
  const auto v = jcgn::verifyFile(argv[1]);
  const int board = atoi(argv[2]);
  Board b = Board::start();
  for (int i = 0; i + 1 < board; ++i) { b = Board::fromTiles(v.entry.boards[i].final, i % 2 == 0 ? Face::B : Face::A); }
  auto moves = v.entry.boards[board - 1].moves;
  for (int w = 3; w < argc; ++w) {
    const auto t0 = std::chrono::steady_clock::now();
    solve::ShortenOptions o; o.maxWindow = atoi(argv[w]);
    const auto m = solve::shorten(b.pos, moves, o);
    printf("window %d: %zu -> %zu moves, %.1f s\n", o.maxWindow, moves.size(), m.size(), std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    fflush(stdout);
  }
}
