// Experiment: boards built by design rather than found by a chain. The 13
// tiles coloured on both faces have 13 distinct colour pairs (A, B), so on
// a layout whose inner rows take the A colours (row order R) and whose inner
// columns the B colours (column order C), each such tile has a cell of its
// own: (row of its A colour, column of its B colour). Put them there, the
// A-only tiles in the other cells of their rows (same-colour A-only tiles
// are interchangeable): an A-solved layout X whose inner holds, on face B,
// 13 tiles already in their B columns. Its border holds the 12 B-only and
// the 12 white-white tiles in some order: a hill climb over that order
// (swaps of two border cells) for the fewest moves of the next board (face
// B), then chains from the best X, to see whether such layouts give boards
// cheaper than the 15 of the committed cycle, and cycles.
// Not part of the build (session 20). Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/design.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
// Usage: design ROWS COLS STEPS WIDTH SEED [CHAINWIDTH] [AIMWIDTH]   (ROWS, COLS: e.g. YBPRG)
// AIMWIDTH > 0: the climb's objective is a 2-board cycle: the first board
// (to the end Y the beam chooses) plus board Y -> X aimed at X exactly
// (target.h) at that width.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <tbb/global_control.h>

#include "nugget/chain.h"
#include "nugget/cycle.h"
#include "nugget/endgame.h"
#include "nugget/target.h"

using namespace nugget;
using namespace nugget::solve;

namespace {
int indexOf(const char* order, Colour c) { return static_cast<int>(std::strchr(order, colourChar(c)) - order); }

bool border(int cell) {
  const int r = cell / 7, c = cell % 7;
  return r == 0 || r == 6 || c == 0 || c == 6;
}

Tiles design(const char* rows, const char* cols, const std::vector<int>& borderTiles) {
  Tiles t{};
  std::vector<bool> used(49, false);
  for (int tile = 1; tile <= 49; ++tile) {
    const Colour a = tileColour(tile, Face::A), b = tileColour(tile, Face::B);
    if (a != White && b != White) {
      const int cell = (1 + indexOf(rows, a)) * 7 + 1 + indexOf(cols, b);
      t[cell] = tile;
      used[cell] = true;
    }
  }
  for (int tile = 1; tile <= 49; ++tile) {
    const Colour a = tileColour(tile, Face::A), b = tileColour(tile, Face::B);
    if (a != White && b == White) {
      const int r = 1 + indexOf(rows, a);
      for (int c = 1; c <= 5; ++c)
        if (!used[r * 7 + c]) {
          t[r * 7 + c] = tile;
          used[r * 7 + c] = true;
          break;
        }
    }
  }
  size_t k = 0;
  for (int cell = 0; cell < 49; ++cell)
    if (border(cell)) t[cell] = borderTiles[k++];
  return t;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) return 2;
  const char* rows = argv[1];
  const char* cols = argv[2];
  const int steps = std::atoi(argv[3]);
  const int width = std::atoi(argv[4]);
  std::mt19937_64 rng(std::strtoull(argv[5], nullptr, 10));
  const int chainWidth = argc > 6 ? std::atoi(argv[6]) : 1400;
  const int aimWidth = argc > 7 ? std::atoi(argv[7]) : 0;
  TargetOptions to;
  to.width = aimWidth;
  tbb::global_control gc(tbb::global_control::max_allowed_parallelism, 1);
  auto table = openEndgameTable(7);
  Options o;
  o.endgameDepth = 7;
  o.beamWidth = width;
  o.lookahead = 0;
  o.chainBeam = 1;
  const ChainSolver quick(o, table);
  std::vector<int> bt;
  for (int tile = 1; tile <= 49; ++tile)
    if (tileColour(tile, Face::A) == White) bt.push_back(tile);
  std::shuffle(bt.begin(), bt.end(), rng);
  auto cost = [&](const std::vector<int>& b) {
    const Board x = Board::fromTiles(design(rows, cols, b), Face::A);
    if (!x.pos.solved()) { std::printf("not solved\n"); std::exit(1); }
    Board s = x;
    s.flip();
    try {
      const BoardReport r = quick.solveBoard(s, 2);
      if (aimWidth <= 0) return static_cast<int>(r.moves.size());
      for (Move m : r.moves) s.apply(m);
      s.flip();
      const auto back = solveToState(s.pos, x.pos, to);
      return static_cast<int>(r.moves.size()) + (back ? static_cast<int>(back->size()) : 99);
    } catch (const NoSolution&) {
      return 99;
    }
  };
  int best = cost(bt);
  std::printf("start: %d moves\n", best);
  const auto t0 = std::chrono::steady_clock::now();
  std::uniform_int_distribution<int> pick(0, 23);
  for (int s = 1; s <= steps; ++s) {
    const int i = pick(rng), j = pick(rng);
    if ((tileColour(bt[i], Face::B) == White) == (tileColour(bt[j], Face::B) == White) &&
        tileColour(bt[i], Face::B) == tileColour(bt[j], Face::B))
      continue;  // alike tiles
    std::swap(bt[i], bt[j]);
    const int c = cost(bt);
    if (c <= best) {
      if (c < best) std::printf("step %d: %d moves (%.0f s)\n", s, c, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      best = c;
    } else {
      std::swap(bt[i], bt[j]);
    }
    std::fflush(stdout);
  }
  const Tiles x = design(rows, cols, bt);
  std::printf("best X (%d moves):", best);
  for (int t : x) std::printf(" %d", t);
  std::printf("\n");
  // Chains from it: does the chain stay cheap, and close a cycle?
  Options co;
  co.endgameDepth = 7;
  co.beamWidth = chainWidth;
  const ChainSolver solver(co, table);
  Board s = Board::fromTiles(x, Face::A);
  s.flip();
  {
    Board b = s;
    std::printf("greedy chain:");
    for (int k = 2; k < 32; ++k) {
      const BoardReport r = solver.solveBoard(b, k);
      for (Move m : r.moves) b.apply(m);
      b.flip();
      std::printf(" %zu", r.moves.size());
      std::fflush(stdout);
    }
    std::printf("\n");
  }
  auto found = cycleFrom(solver, CycleBoards{s, {}, {}}, 40);
  if (!found) {
    std::printf("no cycle within 40 boards\n");
    return 0;
  }
  std::printf("cycle of %zu boards after %zu, mean %.4f; lead:", found->boards.size(), found->lead.size(), found->mean());
  for (const auto& b : found->lead) std::printf(" %zu", b.size());
  std::printf("; cycle:");
  for (const auto& b : found->boards) std::printf(" %zu", b.size());
  std::printf("\n");
}
