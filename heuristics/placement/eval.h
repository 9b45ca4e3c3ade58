// Evaluation functions for the placement games, in the form the alpha-beta
// player takes (solver/game/alphabeta.h): a score for the player to move,
// larger is better. Both are static looks at the board -- cheap enough to
// call at every leaf and for move ordering.
#pragma once
#include "placement/attract.h"
#include "placement/shock.h"

namespace placement {

// JC Shock: the final result compares the opponent's runs from the longest
// down, so a run of length L is weighted 8^(L-2) (runs of 2 count a little:
// they are runs of 3 in the making). Score = (credits of the player to move)
// - (credits of the other).
struct ShockEval {
  int operator()(const ShockState& s) const;
};

// JC Attract: a piece with k of its four diagonal neighbours held by the
// opponent is on its way to being a winning piece: k = 1, 2, 3 score 1, 4
// and 20. Score = own total - opponent's total.
struct AttractEval {
  int operator()(const AttractState& s) const;
};

// The per-colour parts, for tests and tools.
int shockCredit(const Board& b, Colour c);
int attractPotential(const Board& b, Colour c);

}  // namespace placement
