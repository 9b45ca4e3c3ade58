// Every solution of a board at the floor, 12 moves, found forward.
//
// A board after the first starts with exactly 12 coloured tiles on its
// border (RULES.md, "Facts worth knowing") and a move brings at most one in,
// so a 12-move solution brings one in with every move and takes none out.
// That fixes almost everything:
// - a move is a push on an inner line (rows and columns 1..5) whose
//   force point's cell (position 1) holds a coloured tile; a push along a
//   border line brings nothing in;
// - the border never gains a coloured tile (position 1 gets the white the
//   push carried; with p = 7 position 7 gets position 6's tile, which must
//   then be white), so the pushes of a 12-move solution are exactly the
//   force points next to the 12 coloured border tiles, each once, in some
//   order: at most 12! orders, and p is forced by the farthest white;
// - a coloured tile in a corner can never come in: no solution;
// - pushes on two different parallel lines touch no common cell and
//   commute: only one order of such a pair is searched (the smaller label
//   first);
// - a cell on no line still to be pushed keeps its tile to the end: inside,
//   it must be coloured, and the fixed cells of an inner row (column) must
//   share a colour for horizontal (vertical) stripes.
//
// So the question "does this start cost the floor, and where can it end"
// takes a few thousand nodes, no table: it is what the good set
// (good_set.h) asks of every state it tests.
#pragma once
#include <cstdint>
#include <functional>
#include <span>

#include "nugget/board.h"

namespace nugget::solve {

constexpr int kFloorMoves = 12;

struct FloorSearchStats {
  uint64_t nodes = 0;
  uint64_t solutions = 0;
};

// Calls `found` with the end (solved, its shown face) and the 12 moves of
// every solution of `start` in 12 moves (one order of each set of
// commuting moves), in a fixed order; `found` returns false to stop. The
// start's shown face is the face to solve. Returns the nodes searched.
using FloorVisit = std::function<bool(const Position& end, std::span<const Move> moves)>;
FloorSearchStats floorSolutions(const Position& start, const FloorVisit& found);

// True when `start` has a 12-move solution (stops at the first).
bool hasFloorSolution(const Position& start);

// The same boards found backward: every start whose 12-move solution ends
// exactly at `end` (its shown face solved) and whose hidden face is solved,
// as a board k+1 starts when board k ended there (a predecessor of `end` in
// the good set, good_set.h). Undone from the end, a push (label, p) puts
// position 2's tile back on the border (it must be coloured: the push
// brought it in) and carries one border tile inside (position 1's to p, or
// with p = 7 position 7's to 6); at the start every tile coloured on the
// hidden face is inside, and the end has 12 of them on its border, so each
// of the 12 pushes undone carries one of those inside. Each undone push is
// checked to be the push the rules play there (its p the farthest white,
// no coloured tile taken out). `found` gets the start (shown face as
// `end`'s) and the 12 moves in play order; a start reached by two orders of
// commuting pushes is found once per order searched.
FloorSearchStats floorPredecessors(const Position& end, const FloorVisit& found);

}  // namespace nugget::solve
