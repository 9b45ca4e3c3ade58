// heuristics/placement/eval.h: the features of the alpha-beta evaluations
// on hand-made boards (no attraction: pieces put where named).
#include <gtest/gtest.h>

#include "placement/eval.h"
#include "placement/position_file.h"

using namespace placement;

namespace {

Board setUp(std::initializer_list<const char*> white, std::initializer_list<const char*> black) {
  Board b(8);
  for (auto s : white) b.put(*parseSquare(s, 8), Colour::White);
  for (auto s : black) b.put(*parseSquare(s, 8), Colour::Black);
  return b;
}

}  // namespace

TEST(ShockFeatures, RunsAreTheOpponentsMinusTheOwn) {
  // White: a run of 3 (A1-C1); black: a run of 2 (A8-B8).
  const Board b = setUp({"A1", "B1", "C1"}, {"A8", "B8"});
  const ShockFeatures w = shockFeatures(b, Colour::White), k = shockFeatures(b, Colour::Black);
  EXPECT_EQ(w[0], 1);   // black's run of 2, credited to white
  EXPECT_EQ(w[1], -1);  // white's own run of 3
  EXPECT_EQ(k[0], -1);
  EXPECT_EQ(k[1], 1);
  EXPECT_EQ(w[kShockRunFeatures], 0);  // no runs in the making
}

TEST(ShockFeatures, RunsInTheMakingAreGroupsOneEmptySquareApart) {
  // Black: A1-B1 . D1 (2 + 1 across the gap C1: valued as a run of 2) and
  // A3-B3 . D3-E3 (2 + 2: as a run of 3). White's E1 is no part of them.
  const Board b = setUp({"E1"}, {"A1", "B1", "D1", "A3", "B3", "D3", "E3"});
  const ShockFeatures w = shockFeatures(b, Colour::White);
  EXPECT_EQ(w[kShockRunFeatures], kShockUntuned.run[0] + kShockUntuned.run[1]);
  EXPECT_EQ(shockFeatures(b, Colour::Black)[kShockRunFeatures], -w[kShockRunFeatures]);
  // A gap held by the other colour is no gap; a single piece each side
  // (1 + 1) is too short.
  const Board c = setUp({"C1"}, {"A1", "B1", "D1", "A5", "C5"});
  EXPECT_EQ(shockFeatures(c, Colour::White)[kShockRunFeatures], 0);
}

TEST(ShockEval, UntunedWeighsOnlyTheRuns) {
  // The board above with six more white pieces, none in a run or in a
  // run in the making.
  const Board b = setUp({"E1", "H8", "F6", "H6", "F8", "H4", "C6"}, {"A1", "B1", "D1", "A3", "B3", "D3", "E3"});
  const ShockState s = ShockState::fromBoard(b, Colour::White);
  const ShockFeatures f = shockFeatures(b, Colour::White);
  int runsOnly = 0;
  for (int i = 0; i < kShockRunFeatures; ++i) runsOnly += kShockUntuned.run[std::size_t(i)] * f[std::size_t(i)];
  EXPECT_EQ(ShockEval::untuned()(s), runsOnly);
  EXPECT_EQ(runsOnly, shockCredit(b, Colour::White) - shockCredit(b, Colour::Black));
  ShockWeights w = kShockUntuned;
  w.run[kShockRunFeatures] = 3;
  EXPECT_EQ(ShockEval{w}(s), runsOnly + 3 * f[kShockRunFeatures]);
}

TEST(AttractFeatures, DiagonalNeighboursAndLiveThreats) {
  // White C4 with black on three diagonals (B5, D5, B3) and D3 empty: at
  // least 1, 2 and 3 attackers and a live threat. White F4 with black on
  // E5, G5, E3 and white on G3: three attackers, not live. Each black
  // piece has one white diagonal neighbour (C4 or F4). A8, C8, H1 fill up
  // white's count.
  const Board b = setUp({"C4", "F4", "G3", "A8", "C8", "H1"}, {"B5", "D5", "B3", "E5", "G5", "E3"});
  const AttractFeatures w = attractFeatures(b, Colour::White);
  EXPECT_EQ(w[0], 2 - 6);
  EXPECT_EQ(w[1], 2);
  EXPECT_EQ(w[2], 2);
  EXPECT_EQ(w[3], 1);
  const AttractFeatures k = attractFeatures(b, Colour::Black);
  for (std::size_t i = 0; i < w.size(); ++i) EXPECT_EQ(k[i], -w[i]);
  // The untuned weights leave the live threats out.
  const AttractState s = AttractState::fromBoard(b, Colour::White);
  EXPECT_EQ(AttractEval::untuned()(s), attractPotential(b, Colour::White) - attractPotential(b, Colour::Black));
  AttractWeights wt = kAttractUntuned;
  wt.atLeast[3] = 5;
  EXPECT_EQ(AttractEval{wt}(s), AttractEval::untuned()(s) + 5);
}
