// 5RINGS evaluation (heuristics/rings) and the paranoid search
// (solver/game/paranoid.h) on hand-made positions.
#include <gtest/gtest.h>

#include <string>

#include "game/paranoid.h"
#include "game/rng.h"
#include "rings/eval.h"
#include "rings/position_file.h"

namespace rings {
namespace {

State pos(const std::string& text) { return parsePosition(text); }

TEST(RingsEval, ReachFollowsJumpChainsAndStopsAtRings) {
  const State s = pos(
      "K.R.Y.G...\n..........\n..........\n..........\n..........\n"
      "..........\n..........\n..........\n..........\n"
      "B.........\n"
      "order B K R Y G\nto_move B\n");
  // From A1 on an open board blue reaches every empty square except those
  // other rings make unreachable: the jump graph is connected.
  EXPECT_EQ(count(reachable(s, 0)), 95);
  // A yellow ring on B1 blocks A1->D1 and a black one on A2 blocks A1->A4;
  // only C3 is left.
  const State t = pos(
      "..R...G...\n..........\n..........\n..........\n..........\n"
      "..........\n..........\n..........\nK.........\n"
      "BY........\n"
      "order B K R Y G\nto_move B\n");
  const Features f = analyse(t);
  EXPECT_EQ(f.mobility[0], 1);
  EXPECT_GT(f.reach[0], 50);  // but from C3 the board opens up
}

TEST(RingsEval, StuckPlayerGetsNoTerritoryAndTheLoneMoverGetsTheBoard) {
  // Only blue and red are in; red's three targets J4, G1, H3 hold trails.
  const State s = pos(
      "K.Y.G.....\n..........\n..........\n....B.....\n..........\n"
      "..........\n.........r\n.......r..\n..........\n......r..R\n"
      "order B R K Y G\nto_move B\neliminated K Y G\n");
  const Features f = analyse(s);
  EXPECT_EQ(f.mobility[2], 0);
  EXPECT_EQ(f.reach[2], 0);
  EXPECT_EQ(f.territory[2], 0);
  const auto e = estimate(s);
  EXPECT_DOUBLE_EQ(e[2], 4 / 100.0);
  EXPECT_DOUBLE_EQ(e[1], 1 / 100.0);
  EXPECT_DOUBLE_EQ(e[0], (1 + count(s.empty())) / 100.0);
}

TEST(RingsEval, TerritoryIsSplitByJumpDistance) {
  // Blue and black in opposite corners, the rest parked in row 10: each
  // should own a share, and together no more than the empty squares.
  const State s = pos(
      "R.Y.G.....\n..........\n..........\n..........\n..........\n"
      "..........\n..........\n..........\n..........\n"
      "B........K\n"
      "order B K R Y G\nto_move B\n");
  const Features f = analyse(s);
  EXPECT_GT(f.territory[0], 10);
  EXPECT_GT(f.territory[1], 10);
  int total = 0;
  for (int t : f.territory) total += t;
  EXPECT_LE(total, count(s.empty()));
}

TEST(RingsEval, ExactOnTerminalStates) {
  State s = pos(
      "K.Y.G.....\n..........\n..........\n....B.....\n..........\n"
      "..........\n.........r\n.......r..\n..........\n......r..R\n"
      "order B R K Y G\nto_move B\neliminated K Y G\n");
  s.apply(Move{static_cast<uint8_t>(parseSquare("E10"))});
  ASSERT_TRUE(s.isTerminal());
  EXPECT_EQ(estimate(s), s.returns());
}

TEST(RingsEval, MobilityMatchesTheMoveGenerator) {
  // The evaluation's shift-based jumps against the engine's table-based ones,
  // over every state of many random games.
  game::Rng rng(3);
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    State s = State::newGame(seed);
    Move moves[State::kMaxMoves];
    while (!s.isTerminal()) {
      if (!s.placementPhase()) {
        const Features f = analyse(s);
        for (int p = 0; p < kPlayers; ++p) {
          if (s.eliminated(p)) continue;
          ASSERT_EQ(f.mobility[p], s.jumpsOf(p, moves)) << formatPosition(s);
        }
      }
      const int n = s.legalMoves(moves);
      s.apply(moves[rng.below(static_cast<uint32_t>(n))]);
    }
  }
}

auto evalFn() {
  return [](const State& s, int p) { return evaluate(s, p); };
}

TEST(RingsParanoid, TakesTheSquareThatEliminatesTheLastOpponent) {
  // Blue (J7) and red (J1) are left; red's only target is J4. Blue jumping to
  // J4 leaves red stuck: red is out and blue wins with every empty square.
  const State s = pos(
      "K.Y.G.....\n..........\n..........\n.........B\n..........\n"
      "..........\n..........\n.......r..\n..........\n......r..R\n"
      "order B R K Y G\nto_move B\neliminated K Y G\n");
  game::ParanoidSearch<State, decltype(evalFn())> search(evalFn());
  game::SearchLimits limits;
  limits.depth = 4;
  const auto r = search.search(s, limits);
  ASSERT_TRUE(r.hasMove);
  EXPECT_EQ(squareName(r.move.to), "J4");
  State after = s;
  after.apply(r.move);
  EXPECT_TRUE(after.isTerminal());
  EXPECT_DOUBLE_EQ(r.value, after.returns()[0]);
}

TEST(RingsParanoid, DepthLimitAndDeterminism) {
  State s = State::newGame(5);
  for (int cell : {11, 88, 45, 19, 80}) s.apply(Move{static_cast<uint8_t>(cell)});
  game::SearchLimits limits;
  limits.depth = 3;
  game::ParanoidSearch<State, decltype(evalFn())> a(evalFn()), b(evalFn());
  const auto ra = a.search(s, limits), rb = b.search(s, limits);
  EXPECT_EQ(ra.stats.depth, 3);
  EXPECT_EQ(ra.move, rb.move);
  EXPECT_EQ(ra.stats.nodes, rb.stats.nodes);
  EXPECT_TRUE(s.isLegal(ra.move));
}

TEST(RingsParanoid, ReturnsALegalMoveUnderATightClock) {
  State s = State::newGame(9);
  game::ParanoidSearch<State, decltype(evalFn())> search(evalFn());
  game::SearchLimits limits;
  limits.timeMs = 2;
  while (!s.isTerminal()) {
    const auto r = search.search(s, limits);
    ASSERT_TRUE(r.hasMove);
    ASSERT_TRUE(s.isLegal(r.move));
    s.apply(r.move);
  }
  const auto sc = s.scores();
  EXPECT_EQ(sc[0] + sc[1] + sc[2] + sc[3] + sc[4], 100);
}

}  // namespace
}  // namespace rings
