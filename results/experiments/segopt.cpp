// Experiment (session 19): a long board (an aim) shortened by re-aiming its
// segments: `polish` (target.h) at WIDTH with segments of LMIN..LMAX moves,
// then window 7. (Its first version, whose figures are in
// logs/s19-segopt.log, held the same loop itself and printed each splice;
// the library's polish grew out of it.)
// Not part of the build: a record of the program behind results/README.md,
// "Session 19". Built as aimbench.cpp (its header).
// Run: segopt ENTRY.jcgn BOARD WIDTH LMIN LMAX [OUT.jcgn]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "nugget/jcgn.h"
#include "nugget/shorten.h"
#include "nugget/target.h"

using namespace nugget;
using namespace nugget::solve;

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
std::vector<Position> states(const Position& start, const std::vector<Move>& moves) {
  std::vector<Position> s{start};
  for (Move m : moves) {
    s.push_back(s.back());
    s.back().apply(m);
  }
  return s;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) return fprintf(stderr, "usage: segopt ENTRY BOARD WIDTH LMIN LMAX [OUT]\n"), 2;
  auto v = jcgn::verifyFile(argv[1]);
  if (!v.ok) return fprintf(stderr, "%s\n", v.message(argv[1]).c_str()), 1;
  const int board = atoi(argv[2]);
  const int lmin = atoi(argv[4]), lmax = atoi(argv[5]);
  const Board b = board == 1 ? Board::start()
                             : Board::fromTiles(v.entry.boards[static_cast<size_t>(board - 2)].final,
                                                board % 2 == 1 ? Face::A : Face::B);
  std::vector<Move> moves = v.entry.boards[static_cast<size_t>(board - 1)].moves;
  const Position end = states(b.pos, moves).back();
  const double t0 = now();
  printf("board %d: %zu moves\n", board, moves.size());
  // The library's polish (target.h) with this width and these segments.
  PolishOptions po;
  po.width = atoi(argv[3]);
  po.minSegment = lmin;
  po.maxSegment = lmax;
  moves = polish(b.pos, moves, po);
  if (!(states(b.pos, moves).back() == end)) return fprintf(stderr, "end changed\n"), 1;
  printf("board %d: %zu moves after the segments and window 7, %.1f s\n", board, moves.size(), now() - t0);
  if (argc > 6) {
    v.entry.boards[static_cast<size_t>(board - 1)].moves = moves;
    // Tiles of one colour pair are interchangeable: the same end may hold
    // other tile numbers, so every final from here on is replayed.
    Board r = Board::start();
    for (auto& rec : v.entry.boards) {
      for (Move m : rec.moves) r.apply(m);
      rec.final = r.tiles;
      r.flip();
    }
    std::ofstream(argv[6]) << jcgn::toString(v.entry, "segopt " + std::string(argv[1]));
    const auto w = jcgn::verifyFile(argv[6]);
    printf("%s\n", w.message(argv[6]).c_str());
    return w.ok ? 0 : 1;
  }
}
