// Experiment (session 19): a long board (an aim) shortened by re-aiming its
// segments. Every segment of L moves (from state S_i to S_j of the board's
// path, both faces) is aimed at again by the exact-end beam (target.h) at
// WIDTH with at most L-1 moves; a shorter way found replaces it. L runs
// from LMIN to LMAX, and the whole pass repeats while it gains. Then the
// meet-in-the-middle post-optimiser (shorten.h) at window 7.
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
  TargetOptions to;
  to.width = atoi(argv[3]);
  to.shortenWindow = 0;
  const Board b = board == 1 ? Board::start()
                             : Board::fromTiles(v.entry.boards[static_cast<size_t>(board - 2)].final,
                                                board % 2 == 1 ? Face::A : Face::B);
  std::vector<Move> moves = v.entry.boards[static_cast<size_t>(board - 1)].moves;
  const Position end = states(b.pos, moves).back();
  const double t0 = now();
  printf("board %d: %zu moves\n", board, moves.size());
  for (bool gained = true; gained;) {
    gained = false;
    for (int len = lmin; len <= lmax; ++len) {
      for (int i = 0; i + len <= static_cast<int>(moves.size()); ++i) {
        const auto s = states(b.pos, moves);
        to.maxMoves = len - 1;
        const auto m = solveToState(s[static_cast<size_t>(i)], s[static_cast<size_t>(i + len)], to);
        if (!m || static_cast<int>(m->size()) >= len) continue;
        std::vector<Move> next(moves.begin(), moves.begin() + i);
        next.insert(next.end(), m->begin(), m->end());
        next.insert(next.end(), moves.begin() + i + len, moves.end());
        moves = std::move(next);
        gained = true;
        printf("  segment %d..%d (%d moves) in %zu: %zu moves, %.1f s\n", i, i + len, len, m->size(), moves.size(),
               now() - t0);
        fflush(stdout);
      }
    }
  }
  ShortenOptions so;
  so.maxWindow = 7;
  moves = shorten(b.pos, moves, so);
  if (!(states(b.pos, moves).back() == end)) return fprintf(stderr, "end changed\n"), 1;
  printf("board %d: %zu moves after window 7, %.1f s\n", board, moves.size(), now() - t0);
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
