// The 8 symmetries of the board (rotations and reflections, the dihedral
// group of the square) and what they do to positions and moves.
//
// The rules know no direction: a symmetry maps every line to a line and its
// force points to force points, keeping the order of the cells counted from
// the force point. So the farthest white tile of a segment stays at the same
// p, a legal move (label, p) maps to the legal move (image label, p), and the
// solved layouts map onto solved layouts (horizontal and vertical stripes
// swap under a quarter turn or a diagonal reflection). Turning the tiles
// over commutes with all of them. Hence: when boards lead from a start S to
// g(S), the same boards mapped by g lead on from g(S) to g(g(S)) at the same
// cost, and a chain that reaches an image of an earlier start has closed a
// cycle (cycle.h). No renaming of colours keeps the two faces' colour pairs,
// so these 8 are all the symmetries of the game.
#pragma once
#include <array>
#include <vector>

#include "nugget/board.h"

namespace nugget {

// Symmetry g = 0..7: cell (r, c) goes to the cell of applying, in this
// order, a transpose when g & 4, a left-right mirror when g & 1, an up-down
// mirror when g & 2. 0 is the identity.
constexpr int kSymmetries = 8;

// The image of a cell, a label, a move.
int mapCell(int g, int cell);
int mapLabel(int g, int label);
Move mapMove(int g, Move m);
std::vector<Move> mapMoves(int g, const std::vector<Move>& moves);
// The image of a bitboard under g: mapCell applied to every bit, by shifts
// and masks (a transpose is six swaps of a diagonal with its mirror, a
// mirror three swaps of columns or rows): a few dozen operations, no loop
// over the cells. The endgame table maps every layout it is asked about.
Bitboard mapBitboard(int g, Bitboard b);
// All 8 images at once, out[g] = mapBitboard(g, b): one transpose and six
// mirrors, shared between the images.
void bitboardImages(Bitboard b, Bitboard out[kSymmetries]);
// The image of a position: both faces, every cell moved to its image.
Position mapPosition(int g, const Position& pos);
// The image of a board: its tiles moved with their cells, the same face.
Board mapBoard(int g, const Board& board);

// A hash equal for a position and all its images (the least of their
// hashes): states that cost the same for the rest of a chain.
uint64_t symmetricHash(const Position& pos);

// g composed with h (first h, then g), the inverse, and the order (the
// smallest k >= 1 with g^k = identity: 1, 2 or 4).
int compose(int g, int h);
int inverse(int g);
int order(int g);

}  // namespace nugget
