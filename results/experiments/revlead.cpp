// A lead-in of two boards into a reversible cycle (session 22, issue 27):
// board 1 solved freely (its end Y given), board 2 (face B) aimed from Y at
// the nearest images of the cycles' B ends Z. Entry cost over the cycle:
// (board 1 - k) + (board 2 - k). Prints each aim's length.
//
// Build: as revaim.cpp.  Run: /tmp/revlead CYCLES WIDTH TRIES "Y t1 ... t49"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"
#include "rev_cycles.h"

using namespace nugget;

int main(int argc, char** argv) {
  if (argc < 5) return 2;
  std::vector<Position> ends;  // each cycle's Z on face B
  for (const RevCycle& c : readRevCycles(argv[1])) {
    Board b = Board::fromTiles(c.x, Face::A);
    b.flip();
    if (!playMoves(b, c.bBoard) || !b.pos.solved()) return 1;
    ends.push_back(b.pos);
  }
  const int width = std::atoi(argv[2]), tries = std::atoi(argv[3]);
  Board y = Board::fromTiles(*parseTiles(argv[4]), Face::A);
  if (!y.pos.solved()) {
    std::fprintf(stderr, "Y is not solved on face A\n");
    return 1;
  }
  y.flip();
  std::vector<std::tuple<int, size_t, int>> near;
  for (size_t i = 0; i < ends.size(); ++i)
    for (int g = 0; g < kSymmetries; ++g) near.emplace_back(solve::TargetDistance(mapPosition(g, ends[i]))(y.pos), i, g);
  std::sort(near.begin(), near.end());
  std::printf("%zu cycle ends, nearest scores %d..\n", ends.size(), std::get<0>(near.front()));
  for (int t = 0; t < tries && t < static_cast<int>(near.size()); ++t) {
    const auto [score, i, g] = near[static_cast<size_t>(t)];
    const auto t0 = std::chrono::steady_clock::now();
    solve::TargetOptions opt;
    opt.width = width;
    const auto moves = solve::solveToState(y.pos, mapPosition(g, ends[i]), opt);
    std::printf("aim %d: cycle %zu image %d (score %d): %s (%.1f s)\n", t + 1, i, g, score,
                moves ? std::to_string(moves->size()).c_str() : "none",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::fflush(stdout);
  }
}
