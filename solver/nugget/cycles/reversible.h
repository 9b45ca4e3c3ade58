// Reversible 2-board cycles: built from the rules, not searched for.
//
// A push with p = 7 rotates its whole line by one cell: the tile at the far
// end goes to the near end, every other one cell away from the force point.
// When that far-end tile is white on both faces, the push from the other
// end of the line, on the other face, is p = 7 again (its far end holds that
// same white tile, and nothing lies beyond it) and rotates the line back.
// So if k such pushes take X (solved on face A) to Z (solved on face B) on
// face B, the opposite pushes in reverse order take Z back to X on face A:
// the chain X, Z, X, Z, ... is a 2-board cycle of k moves a board. (The
// cycles the beams find cost 15 a board at best: results/README.md.)
//
// The pushes move cells whatever the tiles are, so the search runs on cells
// alone (which cell of X each tile of Z comes from) and the tiles are placed
// afterwards:
// - exactly 12 tiles come in and 12 go out (the inside has 25 cells, and the
//   tiles coloured on both faces, 13, are the only ones inside both X and Z);
//   the 12 that go out are X's A-only tiles, the 12 that come in the B-only
//   ones, the 12 that stay on the border (every far end among them) white on
//   both faces;
// - the 13 that stay inside stand in X's A stripe i and Z's B stripe j: the
//   pairs (i, j) must be the colour pairs of the 13 two-faced tiles under
//   some order of the A colours and of the B colours (and an orientation of
//   each face's stripes). That pattern (5 x 5, degrees 2 3 3 3 2 on both
//   sides, tiles.h) decides it; the other tiles then fill their cells by
//   colour alone.
// Why 14 pushes at least: each push brings at most one tile in, so 12 must.
// A push on an inner line brings one in from its near end and leaves a
// white-white tile there and the tile it took out at its far end; the
// line's ends change only by its own pushes and by pushes along the
// border, which bring none in. Pushed again with no border push between,
// it brings in its own out-tile or a white-white tile: an in-event beyond
// the 12 the B-only tiles need. 12 pushes: 10 inner lines, no spare event,
// none. 13: all on inner lines would need 3 such events (3 lines pushed
// twice), so exactly one border push and 12 pushes that each bring a B-only
// tile in and an A-only one out for good; the search of all of those
// (the strict mode below: 512 M nodes, 7 minutes)
// finds none (provedNone below; `nugget cycles --prove-none --moves 13`).
// So 14 is the least a *reversible* 2-board cycle can cost (results/README.md,
// session 22); cycles of any other shape are bounded only by 12 a board.
//
// Deterministic: the moves are tried in an order drawn from `seed`, one
// thread, the search bounded by nodes, not time. Every cycle returned was
// replayed by the engine both ways.
#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "nugget/cycles/cycle.h"

namespace nugget::solve {

struct ReversibleOptions {
  int moves = 14;                  // pushes a board (12..20)
  int cycles = 16;                 // stop once this many distinct ones (up to the 8 symmetries) are found
  uint64_t nodes = 100'000'000;    // the cell search's nodes at most (~2 M a second)
  uint64_t seed = 1;               // the order moves are tried in
  const std::atomic<bool>* stop = nullptr;  // set from outside: the search ends with what it has
  // Exhaustive mode (-1: off, the building search above with its heuristic
  // cut). S >= 0: only sequences of exactly S border pushes (rows and
  // columns 0 and 6) in which every other push brings a fresh tile in (from
  // X's border, never a far end) and takes a tile of X's inside out for
  // good, pruned by the counts alone (no heuristic cut): what the argument
  // above leaves of `moves` = 12 + S pushes for S <= 1. S = 1 fixes the
  // border push to label 6 (the top push of column 6): the 8 symmetries act
  // freely on the 8 (side, direction) pairs of border pushes. With `nodes`
  // 0 (no bound) and cycles large, the search visits the whole tree:
  // ReversibleResult::fits 0 proves no such cycle exists.
  int strictBorderPushes = -1;
  // The first pushes forced (labels, in order): the search of one subtree
  // (the tests' reduced bound; a known cycle's first pushes must lead the
  // search back to it).
  std::vector<int> prefix;
};

struct ReversibleResult {
  // Each: start = X shown on face B (the B board's start), boards = {the B
  // board, the A board}, no lead. In the order found.
  std::vector<CycleBoards> cycles;
  uint64_t nodes = 0;
  uint64_t leaves = 0;  // sequences with 12 tiles in and every far end's tile back on the border
  uint64_t fits = 0;    // ... whose 13 staying tiles fit the two-faced tiles' colour pairs
  bool complete = false;  // the whole tree was searched (no bound, stop or cycle count ended it)
};

// The exhaustive answer for `moves` = 12 or 13 pushes (the strict mode with
// moves - 12 border pushes, no node bound): true when no reversible 2-board
// cycle of that many pushes a board exists. 13: 512 M nodes, ~7 minutes on
// one core (AMD EPYC Zen 5); 12: under a second. `result` (optional) gets
// the search's counts.
bool provedNone(int moves, ReversibleResult* result = nullptr, const std::atomic<bool>* stop = nullptr);

ReversibleResult reversibleCycles(const ReversibleOptions& options);

}  // namespace nugget::solve
