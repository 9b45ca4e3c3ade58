// Matches for any game (solver/game/match.h): a game played out, the
// two-player schedule and score, the seat rotation of five players.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "game/match.h"
#include "registry/games.h"

namespace {

TEST(PlayOut, RandomPlayersPlayToTheEndAndEveryMoveIsSeen) {
  using S = placement::AttractState;
  game::RandomPlayer<S> white(1), black(2);
  game::Player<S>* seat[2] = {&white, &black};
  std::vector<std::string> moves;
  S replay;
  const S end = game::playOut(S(), [&](int p) { return seat[p]; }, game::SearchLimits{},
                              [&](const S& before, S::Move m) {
                                EXPECT_TRUE(before == replay);
                                moves.push_back(before.moveName(m));
                                replay.apply(m);
                              });
  EXPECT_TRUE(end.isTerminal());
  EXPECT_TRUE(end == replay);
  EXPECT_FALSE(moves.empty());
}

TEST(PairSchedule, ColoursAlternateAndSeedsDiffer) {
  const game::PairSchedule schedule{7};
  EXPECT_TRUE(schedule.aFirst(0));
  EXPECT_FALSE(schedule.aFirst(1));
  EXPECT_TRUE(schedule.aFirst(2));
  EXPECT_NE(schedule.seedOf(0), schedule.seedOf(1));
  EXPECT_EQ(schedule.seedOf(3), 7u * 1000003 + 3);
}

TEST(MatchScore, CountsReturnsAsWinsDrawsLosses) {
  game::MatchScore score;
  for (double r : {1.0, 0.5, 0.0, 1.0}) score.add(r);
  EXPECT_EQ(score.wins, 2);
  EXPECT_EQ(score.draws, 1);
  EXPECT_EQ(score.losses, 1);
  EXPECT_DOUBLE_EQ(score.score(), 0.625);
}

TEST(SeatTable, EntriesRotateThroughTheSeatsAndKindsAddUp) {
  using Table = game::SeatTable<5>;
  for (int g = 0; g < 5; ++g) {
    std::vector<bool> seen(5, false);
    for (int seat = 0; seat < 5; ++seat) seen[Table::entryOf(seat, g)] = true;
    EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 5) << "game " << g;
  }
  EXPECT_EQ(Table::entryOf(0, 1), 1);
  EXPECT_EQ(Table::entryOf(4, 1), 0);
  Table table;
  table.add(0, 2, {10, 20, 40, 20, 10});  // seat 2 (entry 2) wins
  table.add(1, 2, {10, 20, 40, 20, 10});  // seat 2 is entry 3 in game 1
  EXPECT_EQ(table.games(), 2);
  EXPECT_EQ(table.wins(2), 1);
  EXPECT_EQ(table.wins(3), 1);
  EXPECT_DOUBLE_EQ(table.meanPoints(2), (40 + 20) / 2.0);
  const auto kinds = table.byKind({"mcts", "random", "random", "random", "random"});
  ASSERT_EQ(kinds.size(), 2u);
  EXPECT_EQ(kinds.at("random").entries, 4);
  EXPECT_EQ(kinds.at("random").wins, 2);
  EXPECT_DOUBLE_EQ(kinds.at("mcts").points + kinds.at("random").points, 200);
}

}  // namespace

// Every game's levels (solver/registry/games.h) name a player the game makes,
// think a positive time a move, say what they measured, and "level:N" finds
// level N through the parser the front ends share (game/level.h).
TEST(Levels, EveryGamesLevelsArePlayable) {
  games::Registry::forEach([]<class D>() {
    SCOPED_TRACE(std::string(D::kInfo.key));
    ASSERT_GE(std::size(D::kLevels), 2u);
    int n = 0;
    for (const game::Level& l : D::kLevels) {
      ++n;
      EXPECT_NE(D::makePlayer(l.kind, 1), nullptr) << "level " << n << ": kind " << l.kind;
      EXPECT_GT(l.timeMs, 0) << "level " << n;
      EXPECT_FALSE(l.strength.empty()) << "level " << n;
      game::PlayerChoice c;
      std::string name = "level:";  // built by +=: GCC 12's -Wrestrict misfires on "..." + std::string&&
      name += std::to_string(n);
      ASSERT_EQ(game::parsePlayerChoice(name, D::kInfo.playerKinds, D::kLevels, c), "");
      EXPECT_EQ(c.kind, l.kind);
      EXPECT_EQ(c.timeMs, l.timeMs);
      EXPECT_NE(game::makeChosenPlayer<D>(c, 1), nullptr);
    }
  });
}
