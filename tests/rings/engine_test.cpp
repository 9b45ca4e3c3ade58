// 5RINGS rules (RULES.md section 5) checked on hand-made positions and on
// thousands of random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "rings/position_file.h"
#include "rings/state.h"

namespace rings {
namespace {

// Board rows are given top (row 10) first, as in the position file.
State pos(const std::string& board, const std::string& tail = "order B K R Y G\nto_move B\n") {
  return parsePosition(board + tail);
}

std::set<std::string> moveNames(const State& s) {
  Move m[State::kMaxMoves];
  const int n = s.legalMoves(m);
  std::set<std::string> out;
  for (int i = 0; i < n; ++i) out.insert(squareName(m[i].to));
  return out;
}

const std::string kEmptyRow = "..........\n";
std::string rows(std::initializer_list<std::string> top, int emptyBelow) {
  std::string s;
  for (const auto& r : top) s += r + "\n";
  for (int i = 0; i < emptyBelow; ++i) s += kEmptyRow;
  return s;
}

TEST(RingsSquares, NamesRoundTrip) {
  EXPECT_EQ(squareName(0), "A1");
  EXPECT_EQ(squareName(9), "J1");
  EXPECT_EQ(squareName(90), "A10");
  EXPECT_EQ(squareName(99), "J10");
  for (int c = 0; c < kCells; ++c) EXPECT_EQ(parseSquare(squareName(c)), c);
  EXPECT_EQ(parseSquare("e5"), 44);
  for (const char* bad : {"", "A", "A0", "A11", "K1", "A01", "1A", "A1x", "J100"}) EXPECT_EQ(parseSquare(bad), -1) << bad;
  EXPECT_EQ(colourFromName("Red"), 2);
  EXPECT_EQ(colourFromName("g"), 4);
  EXPECT_EQ(colourFromName("purple"), -1);
}

TEST(RingsMoves, OpenBoardHasAllEightJumps) {
  // Blue on E5 (row 5 = sixth line from the top), others far away in row 10.
  const State s = pos(rows({"K.R.Y.G...", "..........", "..........", "..........", "..........",
                            "....B.....", "..........", "..........", "..........", ".........."}, 0));
  EXPECT_EQ(moveNames(s), (std::set<std::string>{"E8", "E2", "H5", "B5", "G7", "C7", "G3", "C3"}));
}

TEST(RingsMoves, EdgesAndCornersCutJumps) {
  // Blue in the corner A1: only up (A4), right (D1) and up-right (C3).
  const State s = pos(rows({"K.R.Y.G..."}, 8) + "B.........\n");
  EXPECT_EQ(moveNames(s), (std::set<std::string>{"A4", "D1", "C3"}));
  // B2: left, down and three diagonals fall off the board.
  const State t = pos(rows({"K.R.Y.G..."}, 7) + ".B........\n" + kEmptyRow);
  EXPECT_EQ(moveNames(t), (std::set<std::string>{"B5", "E2", "D4"}));
}

TEST(RingsMoves, RingsOnTheJumpedSquaresBlock) {
  // Blue E5; black on E6 blocks E8, red on F6 blocks G7, yellow on D5 blocks
  // B5 (second jumped square C5 is free but D5 is the first), green on E3
  // blocks E2 (the second jumped square).
  const State s = pos(rows({"..........", "..........", "..........", "..........", "....KR....",
                            "...YB.....", "..........", "....G.....", "..........", ".........."}, 0));
  EXPECT_EQ(moveNames(s), (std::set<std::string>{"H5", "C7", "G3", "C3"}));
}

TEST(RingsMoves, TrailsMayBeJumpedButNotLandedOn) {
  // Trails all around blue: on every jumped square (jumps allowed) and on the
  // targets E8, H5 (not allowed).
  const State s = pos(rows({"K.R.Y.G...", "..........", "....k.....", "....kk....", "...bbbb...",
                            "..bbBbbr..", "...bbb....", "....y.....", "..........", ".........."}, 0));
  EXPECT_EQ(moveNames(s), (std::set<std::string>{"E2", "B5", "G7", "C7", "G3", "C3"}));
}

TEST(RingsMoves, OwnTrailsAlsoBlockTargets) {
  const State s = pos(rows({"K.R.Y.G...", "..........", "..........", "..........", "..........",
                            "b...B..b..", "..........", "..........", "..........", ".........."}, 0));
  EXPECT_FALSE(moveNames(s).contains("H5"));
  EXPECT_TRUE(moveNames(s).contains("B5"));
}

TEST(RingsMoves, ApplyLeavesTrailAndPassesTurnInOrder) {
  State s = pos(rows({"K.R.Y.G...", "..........", "..........", "..........", "..........",
                      "....B.....", "..........", "..........", "..........", ".........."}, 0),
                "order B G K R Y\nto_move B\n");
  s.apply(Move{static_cast<uint8_t>(parseSquare("E8"))});
  EXPECT_EQ(s.ringCell(0), parseSquare("E8"));
  EXPECT_TRUE(s.trails(0) & cellBit(parseSquare("E5")));
  EXPECT_EQ(s.currentPlayer(), 4);  // green follows blue in this order
  EXPECT_FALSE(s.isLegal(Move{static_cast<uint8_t>(parseSquare("E5"))}));
}

TEST(RingsPlacement, FiveRingsAnywhereInOrderThenTheFirstMoves) {
  State s(std::array<uint8_t, 5>{3, 1, 4, 0, 2});
  EXPECT_TRUE(s.placementPhase());
  Move m[State::kMaxMoves];
  EXPECT_EQ(s.legalMoves(m), 100);
  const int cells[5] = {0, 99, 45, 9, 90};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(s.currentPlayer(), s.order()[k]);
    EXPECT_EQ(s.legalMoves(m), 100 - k);
    s.apply(Move{static_cast<uint8_t>(cells[k])});
  }
  EXPECT_FALSE(s.placementPhase());
  EXPECT_EQ(s.currentPlayer(), 3);
  EXPECT_EQ(s.ringCell(3), 0);
  EXPECT_EQ(count(s.occupied()), 5);
}

TEST(RingsElimination, StuckPlayerIsSkippedAndRingStillBlocks) {
  // Black in the corner A1 is walled in: its three targets A4, D1 and C3
  // hold trails. Blue moves; black's turn comes and black is eliminated.
  State t = pos(rows({"G.........", "..........", "..........", "..........", "....B.....",
                      "..........", "k.........", "..k.......", "..........", "K..k....RY"}, 0));
  EXPECT_FALSE(t.hasJump(1));
  EXPECT_EQ(t.currentPlayer(), 0);
  t.apply(Move{static_cast<uint8_t>(parseSquare("E9"))});
  EXPECT_TRUE(t.eliminated(1));
  EXPECT_EQ(t.currentPlayer(), 2);
  EXPECT_EQ(t.ringCell(1), 0);             // the ring stays ...
  EXPECT_TRUE(t.occupied() & cellBit(0));  // ... and occupies its square
  EXPECT_EQ(t.playersLeft(), 4);
}

TEST(RingsElimination, RingsBlockEvenWhenTheirOwnerIsOut) {
  // Black (out) on E6 still blocks blue's jump to E8.
  const State s = pos(rows({"..........", "..........", "..........", "..........", "....K.....",
                            "....B.....", "..........", "..........", "..........", "R.Y.G....."}, 0),
                      "order B K R Y G\nto_move B\neliminated K\n");
  EXPECT_FALSE(moveNames(s).contains("E8"));
  EXPECT_TRUE(s.eliminated(1));
}

TEST(RingsElimination, LoadingAStuckPlayerToMoveEliminatesThem) {
  const State s = pos(rows({"G.........", "..........", "..........", "..........", "....B.....",
                            "..........", "k.........", "..k.......", "..........", "K..k....RY"}, 0),
                      "order K B R Y G\nto_move K\n");
  EXPECT_TRUE(s.eliminated(1));
  EXPECT_EQ(s.currentPlayer(), 0);
}

TEST(RingsEnd, LastPlayerLeftWinsAndTakesTheEmptySquares) {
  // Only blue and red are in; red (in the corner J1) is walled in. Blue
  // moves, red is eliminated at red's turn, blue wins.
  State s = pos(rows({"K.Y.G.....", "..........", "..........", "..........", "....B.....",
                      "..........", ".........r", ".......r..", "..........", "......r..R"}, 0),
                "order B R K Y G\nto_move B\neliminated K Y G\n");
  EXPECT_FALSE(s.isTerminal());
  s.apply(Move{static_cast<uint8_t>(parseSquare("E9"))});
  ASSERT_TRUE(s.isTerminal());
  EXPECT_EQ(s.winner(), 0);
  Move m[State::kMaxMoves];
  EXPECT_EQ(s.legalMoves(m), 0);
  const auto sc = s.scores();
  EXPECT_EQ(sc[0] + sc[1] + sc[2] + sc[3] + sc[4], 100);
  EXPECT_EQ(sc[2], 4);  // three trails and the ring
  EXPECT_EQ(sc[1], 1);
  EXPECT_EQ(sc[0], 100 - 4 - 3);
  EXPECT_DOUBLE_EQ(s.returns()[0], sc[0] / 100.0);
}

// Plays one uniformly random game from `seed`; returns every state visited.
std::vector<State> randomGame(uint64_t seed) {
  std::mt19937_64 rng(seed);
  State s = State::newGame(seed);
  std::vector<State> seen{s};
  Move m[State::kMaxMoves];
  while (!s.isTerminal()) {
    const int n = s.legalMoves(m);
    EXPECT_GT(n, 0);
    if (n <= 0) break;
    s.apply(m[std::uniform_int_distribution<int>(0, n - 1)(rng)]);
    seen.push_back(s);
  }
  return seen;
}

TEST(RingsRandomGames, ScoresAlwaysSumTo100AndInvariantsHold) {
  for (uint64_t seed = 1; seed <= 10000; ++seed) {
    const auto states = randomGame(seed);
    const State& end = states.back();
    ASSERT_TRUE(end.isTerminal()) << seed;
    const auto sc = end.scores();
    int sum = 0;
    for (int p = 0; p < kPlayers; ++p) sum += sc[p];
    ASSERT_EQ(sum, 100) << seed;
    EXPECT_EQ(end.playersLeft(), 1);
    EXPECT_FALSE(end.eliminated(end.winner()));
    double r = 0;
    for (double v : end.returns()) {
      EXPECT_GE(v, 0.0);
      EXPECT_LE(v, 1.0);
      r += v;
    }
    EXPECT_NEAR(r, 1.0, 1e-9);
    // Every few games, check the file round trip on each state.
    if (seed % 100 == 0) {
      for (const State& s : states) ASSERT_EQ(parsePosition(formatPosition(s)), s) << formatPosition(s);
    }
  }
}

TEST(RingsRandomGames, SameSeedReplaysIdentically) {
  const auto a = randomGame(42), b = randomGame(42), c = randomGame(43);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i], b[i]);
    EXPECT_EQ(a[i].hash(), b[i].hash());
  }
  EXPECT_NE(formatPosition(a.back()), formatPosition(c.back()));
  EXPECT_EQ(State::newGame(7).order(), State::newGame(7).order());
}

TEST(RingsHash, DistinguishesTurnAndPosition) {
  State s = State::newGame(1);
  std::set<uint64_t> hashes{s.hash()};
  for (int k = 0; k < 5; ++k) {
    s.apply(Move{static_cast<uint8_t>(k * 11)});
    EXPECT_TRUE(hashes.insert(s.hash()).second);
  }
}

}  // namespace
}  // namespace rings
