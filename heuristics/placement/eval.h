// Evaluation functions for the placement games, in the form the alpha-beta
// player takes (solver/game/alphabeta.h): a score for the player to move,
// larger is better. Both are static looks at the board -- cheap enough to
// call at every leaf and for move ordering.
//
// Each is linear in a few features of the board, seen from the player to
// move (the features below), with weights: the untuned ones are the
// hand-set weights of before; the defaults (kShockTuned, kAttractTuned)
// are candidates -- fitted to self-play games (Texel's method,
// game/texel.h, `games tune`) or picked by short matches -- kept only after
// an SPRT at 100 ms a move against the untuned ones (results/games.md).
#pragma once
#include <array>

#include "placement/attract.h"
#include "placement/shock.h"

namespace placement {

// JC Shock: the final result compares the opponent's runs from the longest
// down, so a run of length L weighs more than any number of shorter ones
// can usually make up: untuned 8^(L-2) (runs of 2 count a little: they are
// runs of 3 in the making). Feature i (i = 0..7): the opponent's runs of
// length i + 2 (credited to the player to move) minus the player's own
// (length 9 and longer together in feature 7).
// Feature 8, runs in the making: two groups of one colour in a line with
// one empty square between them (a piece put in the gap by the group's
// owner joins them; one put elsewhere in the line may close the gap), each
// counted as kShockUntuned.run of one length less than the two together
// (lengths 3 and more only), the opponent's minus the player's own.
// Untuned weight 0 (the hand-set evaluation had no such term).
inline constexpr int kShockRunFeatures = 8;
using ShockFeatures = std::array<int, kShockRunFeatures + 1>;
struct ShockWeights {
  std::array<int, kShockRunFeatures + 1> run;
};
inline constexpr ShockWeights kShockUntuned{{1, 8, 64, 512, 4096, 32768, 262144, 2097152, 0}};
extern const ShockWeights kShockTuned;
ShockFeatures shockFeatures(const Board& b, Colour toMove);

struct ShockEval {
  ShockWeights w = kShockTuned;
  static ShockEval untuned() { return {kShockUntuned}; }
  int operator()(const ShockState& s) const;
};

// JC Attract: a piece with k of its four diagonal neighbours held by the
// opponent is on its way to being a winning piece. Feature k - 1 (k = 1,
// 2, 3): the player's pieces with at least k such neighbours minus the
// opponent's; untuned weights 1, 3, 16 (so k = 1, 2, 3 score 1, 4, 20).
// Feature 3, live threats: the player's pieces with three such neighbours
// whose fourth diagonal square is empty (an opponent piece moved or put
// there makes a winning piece) minus the opponent's; untuned weight 0,
// tuned 48 (kAttractTuned: 1, 3, 16, 48).
using AttractFeatures = std::array<int, 4>;
struct AttractWeights {
  std::array<int, 4> atLeast;
};
inline constexpr AttractWeights kAttractUntuned{{1, 3, 16, 0}};
extern const AttractWeights kAttractTuned;
AttractFeatures attractFeatures(const Board& b, Colour toMove);

struct AttractEval {
  AttractWeights w = kAttractTuned;
  static AttractEval untuned() { return {kAttractUntuned}; }
  int operator()(const AttractState& s) const;
};

// The per-colour parts (untuned weights), for tests and tools.
int shockCredit(const Board& b, Colour c);
int attractPotential(const Board& b, Colour c);

}  // namespace placement
