// Later boards of 12 moves: found backward from a solved layout.
//
// Every board after the first starts as the board before it ended, turned
// over: one face solved, the other shown. 12 moves is the floor of such a
// board (RULES.md, "Facts worth knowing"). The question of issue 46, can one
// be solved in 12 or 13, is answered here by finding them: this search
// found the first 12-move later board in session 24, and the exact cycle
// search (exact_cycle.h) from its start then found a 2-board cycle of 12
// moves a board, the floor for every board of a chain but the first; the
// floor boards back from each one's end (floor_board.h) find them faster.
//
// Why backward: a search forward from a start does not know which tiles are
// white on the face to be solved until it knows where each tile ends (a
// tile is coloured on the solved face exactly when it ends inside). Going
// backward from the solved end it does: the state is, for every cell, the
// cell its tile ends on (the end itself: every tile on its own cell), so
// every colour is known and every undone move is exact:
// - a move at `label` with p rotated positions 1..p; undone from the state
//   after it, position 1 holds the white it carried (white: its tile ends on
//   the border), positions p+1..7 are coloured (unchanged, beyond the
//   farthest white), and positions 2..p hold at least one coloured tile (a
//   move must move one). Every p that fits is a way back.
// - at the start the inside holds the 25 tiles coloured on the start's
//   solved face. The 13 tiles coloured on both faces are the only ones
//   inside at both ends, so the start has exactly 12 tiles coloured (on the
//   face being solved) on its border; each move brings at most one in, so a
//   state k moves from the start with fewer than 12 - k coloured border
//   tiles is cut.
// - the tiles are placed at the leaf (stripe_fit.h): the 13 tiles inside at both ends have
//   a start stripe i and an end stripe j, and the pairs (i, j) must be the
//   colour pairs of the 13 two-faced tiles under some order of the stripes'
//   colours (a 5 x 5 pattern, either face's stripes either way). Then every
//   other tile is fixed by its two regions and stripes, and any tile of the
//   right colour pair will do. The leaf is checked for both questions at
//   once: face A solved and B to solve, and the faces exchanged.
// - the end stripes of the coloured border tiles: at the start each stripe
//   of the solved end gets 2 or 3 of its tiles from the border (5 minus its
//   two-faced tiles), so a state with 4 of one stripe's tiles on the border,
//   or 3 of three stripes', in both orientations, is cut.
// Moves on two different parallel lines touch no common cell and commute:
// only one order of each such pair is searched (the smaller label first).
// The 8 symmetries map solutions to solutions: the last move (the first
// undone) is one of labels 1-4 (columns 0-3 pushed down): any sequence's
// image under some symmetry has an equivalent order that ends so.
//
// Every board returned was built into tiles and replayed by the engine:
// its other face solved, its moves legal with their p, and it ends solved.
// Deterministic (labels and p in order), one thread, bounded by nodes.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "nugget/board.h"

namespace nugget::solve {

struct LaterBoardOptions {
  int moves = 12;                 // solutions of at most this many moves (1..20; below 12 none)
  int count = 1;                  // stop once this many boards are found (0: all)
  uint64_t nodes = 0;             // nodes at most (0: no bound)
  const std::atomic<bool>* stop = nullptr;
  std::function<void(uint64_t nodes, size_t found)> progress;  // every 2^24 nodes
};

// A later board: `start` shows the face to solve (its other face is
// solved, as a board k ends), and `moves` solve it.
struct LaterBoard {
  Board start;
  std::vector<Move> moves;
};

struct LaterBoardResult {
  std::vector<LaterBoard> found;  // in the order found; a start that fits both questions gives a board of each
  uint64_t nodes = 0;
  uint64_t leaves = 0;    // sequences whose start has 12 coloured tiles on its border
  uint64_t patterns = 0;  // ... whose 13 two-faced tiles' stripes fit the colour pairs
  bool complete = false;  // the whole tree was searched
};

LaterBoardResult laterBoards(const LaterBoardOptions& options);

// The 2-board cycles through later boards: floorCycles (good_set.h).

}  // namespace nugget::solve
