// The eight symmetries of the square board (rotations and reflections) for
// the placement games. Both games' rules are unchanged by them: the shared
// move attracts along the row and the column of the new piece, JC Shock
// counts horizontal and vertical runs, JC Attract looks at the four
// diagonals. So a position and its images have the same game value, and an
// exact search may store them under one key (symmetricKey), which is what
// makes the small boards of the analysis variant cheaper to solve
// (solver/registry/proofs.h). The colours are not a symmetry: white moves
// first and the piece counts differ.
#pragma once
#include <cstdint>

#include "placement/board.h"
#include "placement/state.h"

namespace placement {

// Symmetry t (0..7) of an n x n board: transpose when t & 1, then mirror the
// rows when t & 2, then the columns when t & 4. t = 0 is the identity.
int transformCell(int cell, int n, int t);
Board transformed(const Board& b, int t);

// The same number for a position and its seven images (the smallest of the
// eight images' keys), the side to move included. Boards up to 8x8 only
// (each colour as one 64-bit set of n*n cells); larger ones get the board's
// own hash (no symmetry).
uint64_t symmetricKey(const Board& b, Colour toMove);

// symmetricKey as an exact solver's Key (solver/game/exact.h).
struct SymmetricKey {
  template <class Rules>
  uint64_t operator()(const PlacementState<Rules>& s) const {
    return symmetricKey(s.board(), s.toMove());
  }
};

}  // namespace placement
