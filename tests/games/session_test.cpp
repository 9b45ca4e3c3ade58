// The game interface's notation (engine/placement, engine/rings), the
// session on top of it (solver/game/session.h) and the registry of games
// (solver/registry/games.h), for every game the registry lists.
#include <gtest/gtest.h>

#include <string>

#include "game/rng.h"
#include "game/session.h"
#include "registry/games.h"

namespace {

TEST(Notation, EveryGameNamesAndReadsItsMovesBack) {
  games::Registry::forEach([]<class D>() {
    using S = typename D::State;
    const S s{};
    typename S::Move moves[S::kMaxMoves];
    const int n = s.legalMoves(moves);
    ASSERT_GT(n, 0) << D::kInfo.key;
    for (int i = 0; i < n; ++i) {
      const auto back = s.parseMove(s.moveName(moves[i]));
      ASSERT_TRUE(back.has_value()) << D::kInfo.key << ' ' << s.moveName(moves[i]);
      EXPECT_TRUE(*back == moves[i]) << D::kInfo.key;
      EXPECT_EQ(s.whyIllegal(moves[i]), "") << D::kInfo.key;
    }
    EXPECT_FALSE(s.parseMove("Z99").has_value()) << D::kInfo.key;
    EXPECT_EQ(s.resultText(), "ongoing") << D::kInfo.key;
  });
}

// Every registered game, a few random games through a Session by move
// names (OpenSpiel's basic random simulation with undo): at every state
// each legal move's name reads back to it and is legal, and undo returns to
// the state before.
TEST(Notation, RandomGamesByNameWithUndo) {
  games::Registry::forEach([]<class D>() {
    using S = typename D::State;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      game::Rng rng(seed);
      game::Session<S> g{S{}};
      while (!g.now().isTerminal()) {
        typename S::Move moves[S::kMaxMoves];
        const int n = g.now().legalMoves(moves);
        for (int i = 0; i < n; ++i) ASSERT_EQ(g.now().whyIllegal(moves[i]), "") << D::kInfo.key;
        const S before = g.now();
        const std::string name = g.now().moveName(moves[rng.below(uint32_t(n))]);
        ASSERT_EQ(g.play(name, "no move"), "") << D::kInfo.key << ' ' << name;
        ASSERT_TRUE(g.undo());
        ASSERT_TRUE(g.now() == before) << D::kInfo.key;
        ASSERT_EQ(g.play(name, "no move"), "");
      }
      EXPECT_NE(g.now().resultText(), "ongoing") << D::kInfo.key;
      EXPECT_EQ(int(g.moveNames().size()), g.ply());
    }
  });
}

TEST(Session, PlaysChecksAndUndoes) {
  game::Session<placement::ShockState> g(placement::ShockState(8));
  EXPECT_EQ(g.play("D4", "no square"), "");
  EXPECT_EQ(g.play("d4", "no square"), "D4 is occupied");
  EXPECT_EQ(g.play("Q1", "no square"), "no square");
  EXPECT_EQ(g.play("E5", "no square"), "");
  EXPECT_EQ(g.moveNames(), (std::vector<std::string>{"D4", "E5"}));
  EXPECT_TRUE(g.undo());
  EXPECT_EQ(g.ply(), 1);
  EXPECT_EQ(g.now().currentPlayer(), 1);
  EXPECT_TRUE(g.undo());
  EXPECT_FALSE(g.undo());
  EXPECT_TRUE(g.now() == g.start());
}

TEST(Session, RingsReasonsComeFromTheEngine) {
  game::Session<rings::State> g(rings::State::newGame(1));
  EXPECT_EQ(g.play("E5", "off"), "");
  const std::string why = g.play("E5", "off");
  EXPECT_EQ(why.rfind("E5 is occupied by the ", 0), 0u) << why;
  EXPECT_EQ(g.play("K3", "off"), "off");
}

TEST(Registry, VisitsByKeyAndMakesEveryPlayerKind) {
  int found = 0;
  for (std::string_view key : games::Registry::kKeys)
    EXPECT_TRUE(games::Registry::visit(key, [&]<class D>() {
      ++found;
      EXPECT_EQ(D::kInfo.key, key);
      for (std::string_view kind : D::kInfo.playerKinds) EXPECT_NE(D::makePlayer(kind, 1), nullptr) << kind;
      EXPECT_EQ(D::makePlayer("chess-engine", 1), nullptr);
    }));
  EXPECT_EQ(found, 3);
  EXPECT_FALSE(games::Registry::visit("chess", []<class D>() {}));
}

}  // namespace
