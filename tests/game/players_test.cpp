// The players of solver/game on a toy game with any number of players and on
// the placement games.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "game/alphabeta.h"
#include "game/level.h"
#include "game/mcts.h"
#include "game/match.h"
#include "game/player.h"
#include "placement/eval.h"
#include "placement/position_file.h"

using namespace game;

namespace {

// P players in turn take 1..3 counters from a pile; whoever takes the last
// one wins (return 1, everyone else 0). With two players a pile that is a
// multiple of four loses for the player to move.
template <int P>
struct TakeAway {
  using Move = uint8_t;
  static constexpr int kMaxMoves = 3;
  static constexpr int kPlayers = P;
  int pile = 0;
  int toMove = 0;
  int lastMover = -1;
  int currentPlayer() const { return toMove; }
  int legalMoves(Move* out) const {
    int n = 0;
    for (int k = 1; k <= 3 && k <= pile; ++k) out[n++] = Move(k);
    return n;
  }
  void apply(Move m) {
    pile -= m;
    lastMover = toMove;
    toMove = (toMove + 1) % P;
  }
  bool isTerminal() const { return pile == 0; }
  std::array<double, P> returns() const {
    std::array<double, P> r{};
    if (lastMover >= 0) r[lastMover] = 1.0;
    return r;
  }
  uint64_t hash() const { return uint64_t(pile) * 31 + uint64_t(toMove); }
};
static_assert(GameState<TakeAway<2>>);
static_assert(GameState<TakeAway<5>>);

struct NoEval {
  template <class S>
  int operator()(const S&) const {
    return 0;
  }
};

placement::AttractState attractFrom(const std::string& text) {
  const auto pos = placement::parsePosition(text);
  return placement::AttractState::fromBoard(pos.board, pos.toMove);
}

std::string sqName(uint8_t m) { return placement::squareName(m); }

}  // namespace

TEST(AlphaBeta, SolvesTakeAway) {
  AlphaBeta<TakeAway<2>, NoEval> ab(NoEval{}, {.ttMegabytes = 1});
  for (int pile = 1; pile <= 13; ++pile) {
    TakeAway<2> s{pile};
    const auto r = ab.search(s, SearchLimits{.depth = 20});
    ASSERT_TRUE(r.hasMove);
    if (pile % 4 == 0) {
      EXPECT_EQ(r.proof, Proof::Loss) << pile;
    } else {
      EXPECT_EQ(r.proof, Proof::Win) << pile;
      EXPECT_EQ(r.move, pile % 4) << pile;
      // The winner moves on plies 1, 3, 5, ...: pile/4 rounds of two plies.
      EXPECT_EQ(r.proofPlies, 2 * (pile / 4) + 1) << pile;
    }
  }
}

TEST(AlphaBeta, RespectsNodeAndDepthLimits) {
  placement::AttractState s(8);
  AlphaBeta<placement::AttractState, placement::AttractEval> ab;
  const auto byDepth = ab.search(s, SearchLimits{.depth = 2});
  EXPECT_EQ(byDepth.stats.depth, 2);
  const auto byNodes = ab.search(s, SearchLimits{.nodes = 500});
  EXPECT_LE(byNodes.stats.nodes, 500u);
  EXPECT_TRUE(byNodes.hasMove);
}

// RULES.md section 4, first example: white's D4 wins at once.
placement::AttractState attractWinInOne() {
  return attractFrom(
      "........\n"
      "...o....\n"
      "o..x....\n"
      ".x......\n"
      ".o..o...\n"
      ".x......\n"
      "...x....\n"
      "........\n"
      "to_move o\n");
}

TEST(AlphaBeta, AttractWinInOne) {
  const auto s = attractWinInOne();
  AlphaBeta<placement::AttractState, placement::AttractEval> ab;
  const auto r = ab.search(s, SearchLimits{.depth = 4});
  EXPECT_EQ(r.proof, Proof::Win);
  EXPECT_EQ(r.proofPlies, 1);
  auto after = s;
  after.apply(r.move);
  EXPECT_EQ(after.outcome(), placement::Outcome::WhiteWins) << sqName(r.move);
}

TEST(Mcts, TakesAnImmediateWin) {
  const auto s = attractWinInOne();
  Mcts<placement::AttractState> mcts;
  const auto r = mcts.search(s, SearchLimits{.playouts = 200});
  auto after = s;
  after.apply(r.move);
  EXPECT_EQ(after.outcome(), placement::Outcome::WhiteWins);
  EXPECT_EQ(r.proof, Proof::Win);
}

TEST(Mcts, ReproducibleWithSeedOnOneThread) {
  placement::AttractState s(8);
  for (auto m : {"D4", "E5", "C3"}) s.apply(uint8_t(*placement::parseSquare(m, 8)));
  Mcts<placement::AttractState> a, b;
  const SearchLimits limits{.playouts = 3000, .threads = 1, .seed = 42};
  const auto ra = a.search(s, limits);
  const auto rb = b.search(s, limits);
  EXPECT_EQ(ra.move, rb.move);
  EXPECT_EQ(ra.value, rb.value);
  EXPECT_EQ(ra.stats.playouts, 3000u);
  EXPECT_EQ(ra.stats.nodes, rb.stats.nodes);
  // And the same object searching again gives the same answer.
  EXPECT_EQ(a.search(s, limits).value, ra.value);
}

TEST(Mcts, ParallelTreesAddUp) {
  placement::ShockState s(8);
  Mcts<placement::ShockState> mcts;
  const auto r = mcts.search(s, SearchLimits{.playouts = 400, .threads = 2, .seed = 3});
  EXPECT_TRUE(r.hasMove);
  EXPECT_EQ(r.stats.playouts, 400u);
  EXPECT_GE(r.value, 0.0);
  EXPECT_LE(r.value, 1.0);
}

TEST(Mcts, TwoPlayerTakeAwayPicksTheWinningMove) {
  Mcts<TakeAway<2>> mcts;
  for (int pile : {5, 6, 7, 9, 10, 11}) {
    const auto r = mcts.search(TakeAway<2>{pile}, SearchLimits{.playouts = 4000, .seed = 7});
    EXPECT_EQ(r.move, pile % 4) << pile;
  }
}

TEST(Mcts, FivePlayers) {
  // With five players and a pile of 3 the player to move takes all and wins.
  Mcts<TakeAway<5>> mcts;
  const auto win = mcts.search(TakeAway<5>{3}, SearchLimits{.playouts = 100});
  EXPECT_EQ(win.move, 3);
  // A longer game: any legal move, statistics in range, reproducible.
  TakeAway<5> s{17, 2};
  const auto r1 = mcts.search(s, SearchLimits{.playouts = 2000, .seed = 9});
  const auto r2 = mcts.search(s, SearchLimits{.playouts = 2000, .seed = 9});
  EXPECT_TRUE(r1.hasMove);
  EXPECT_GE(r1.move, 1);
  EXPECT_LE(r1.move, 3);
  EXPECT_EQ(r1.move, r2.move);
  EXPECT_EQ(r1.value, r2.value);
  EXPECT_EQ(r1.stats.playouts, 2000u);
  // Five players with a light heuristic playout too.
  Mcts<TakeAway<5>, WinFirstPlayout<3>> light;
  EXPECT_TRUE(light.search(s, SearchLimits{.playouts = 500}).hasMove);
}

TEST(Players, CommonInterface) {
  std::vector<std::unique_ptr<Player<placement::AttractState>>> players;
  players.push_back(std::make_unique<RandomPlayer<placement::AttractState>>(5));
  players.push_back(std::make_unique<AlphaBetaPlayer<placement::AttractState, placement::AttractEval>>());
  players.push_back(std::make_unique<MctsPlayer<placement::AttractState>>());
  placement::AttractState s(8);
  int turn = 0;
  while (!s.isTerminal() && turn < 12) {
    auto& p = players[turn % players.size()];
    const auto r = p->choose(s, SearchLimits{.depth = 1, .playouts = 100});
    ASSERT_TRUE(r.hasMove) << p->name();
    ASSERT_TRUE(s.isLegal(r.move)) << p->name();
    s.apply(r.move);
    ++turn;
  }
  RandomPlayer<placement::AttractState> a(11), b(11);
  placement::AttractState t(8);
  EXPECT_EQ(a.choose(t, {}).move, b.choose(t, {}).move);
}

TEST(MatchScore, EloAndInterval) {
  MatchScore even{10, 0, 10};
  EXPECT_NEAR(even.elo().elo, 0.0, 1e-9);
  EXPECT_LT(even.elo().low, 0.0);
  EXPECT_GT(even.elo().high, 0.0);
  MatchScore sweep{200, 0, 0};
  EXPECT_TRUE(std::isinf(sweep.elo().elo));
  EXPECT_GT(sweep.elo().low, 600.0);  // Wilson: p >= 0.981
  MatchScore threeQuarters{75, 0, 25};
  EXPECT_NEAR(threeQuarters.elo().elo, 190.8, 0.1);  // -400 log10(1/0.75 - 1)
}

// ---------------------------------------------------------------- proven wins
// Built positions (found by random play, then fixed here), each checked by a
// brute-force search that knows nothing of alpha-beta.

namespace {

// Can `me` force a win within `plies` plies from `s`?
template <class S>
bool forcedWin(const S& s, int me, int plies) {
  if (s.isTerminal()) return s.returns()[me] >= 1.0;
  if (plies == 0) return false;
  typename S::Move moves[S::kMaxMoves];
  const int n = s.legalMoves(moves);
  const bool mine = s.currentPlayer() == me;
  for (int i = 0; i < n; ++i) {
    S child = s;
    child.apply(moves[i]);
    if (forcedWin(child, me, plies - 1) == mine) return mine;
  }
  return !mine;
}

template <class S, class Eval>
void expectWinIn(const std::string& text, int plies) {
  const auto pos = placement::parsePosition(text);
  const S s = S::fromBoard(pos.board, pos.toMove);
  const int me = s.currentPlayer();
  ASSERT_TRUE(forcedWin(s, me, plies));
  ASSERT_FALSE(forcedWin(s, me, plies - 1));  // and no shorter win
  AlphaBeta<S, Eval> ab;
  const auto r = ab.search(s, SearchLimits{.depth = plies + 2});
  EXPECT_EQ(r.proof, Proof::Win);
  EXPECT_EQ(r.proofPlies, plies);
  S after = s;
  after.apply(r.move);
  EXPECT_TRUE(forcedWin(after, me, plies - 1)) << sqName(r.move);
}

}  // namespace

// White wins in two moves (three plies): F8, any reply, then the winning move.
TEST(AlphaBeta, AttractWinInTwoMoves) {
  expectWinIn<placement::AttractState, placement::AttractEval>(
      "..ox....\n"
      "o.xxx...\n"
      ".oxxxo..\n"
      ".oox.ox.\n"
      "ooxoox..\n"
      "x..oxox.\n"
      "....ooxo\n"
      ".....x..\n"
      "to_move o\n",
      3);
}

// Black's last piece: one of the two empty squares wins, the other does not.
TEST(AlphaBeta, ShockWinInOne) {
  expectWinIn<placement::ShockState, placement::ShockEval>(
      "..xxoxx.\n"
      "oxxxoxxx\n"
      "oxooxxoo\n"
      "oxoooooo\n"
      "xxxoxxoo\n"
      "oxxxxoox\n"
      "xxxooooo\n"
      "oooxxoox\n"
      "to_move x\n",
      1);
}

// White's last piece: exactly one of the four empty squares wins whatever
// black's last piece does (a win in two plies).
TEST(AlphaBeta, ShockWinInTwoPlies) {
  expectWinIn<placement::ShockState, placement::ShockEval>(
      ".xxxooxo\n"
      ".ooxxoxo\n"
      "ooxxxoxo\n"
      "xooooxoo\n"
      "xxooxoxx\n"
      "ooxxxoxo\n"
      "oxxooxxo\n"
      ".ooxxx.x\n"
      "to_move o\n",
      2);
}

// --- levels (game/level.h): the one parser of a player's name, and a level
// held to its own time a move.

namespace {
constexpr std::string_view kToyKinds[] = {"mcts", "random"};
constexpr Level kToyLevels[] = {{"random", 10, "weakest"}, {"mcts", 100, "middle"}, {"mcts", 1000, "strongest"}};
}  // namespace

TEST(PlayerChoice, KindsAndLevels) {
  PlayerChoice c;
  EXPECT_EQ(parsePlayerChoice("random", kToyKinds, kToyLevels, c), "");
  EXPECT_EQ(c.kind, "random");
  EXPECT_EQ(c.level, 0);
  EXPECT_EQ(c.timeMs, 0);
  EXPECT_EQ(c.label(), "random");
  EXPECT_EQ(parsePlayerChoice("level:2", kToyKinds, kToyLevels, c), "");
  EXPECT_EQ(c.kind, "mcts");
  EXPECT_EQ(c.level, 2);
  EXPECT_EQ(c.timeMs, 100);
  EXPECT_EQ(c.label(), "level:2");
  EXPECT_EQ(c.describe(), "level 2 (mcts, 100 ms a move)");
  EXPECT_EQ(parsePlayerChoice("level:3", kToyKinds, kToyLevels, c), "");
  EXPECT_EQ(c.timeMs, 1000);
}

TEST(PlayerChoice, RefusesWhatIsNeither) {
  PlayerChoice c{"kept", 0, 0};
  for (std::string_view bad : {"level:0", "level:4", "level:", "level:03", "level:2x", "level:-1", "level: 2",
                               "level:99999999999999999999", "Level:2", "level2", "mcts ", "", "alphabeta"}) {
    const std::string why = parsePlayerChoice(bad, kToyKinds, kToyLevels, c);
    EXPECT_FALSE(why.empty()) << "'" << bad << "' was taken";
    EXPECT_EQ(c.kind, "kept") << "a refused name changed the choice";
  }
  EXPECT_EQ(parsePlayerChoice("level:4", kToyKinds, kToyLevels, c), "'level:4' is no level: give level:N with N in 1..3");
  EXPECT_EQ(parsePlayerChoice("foo", kToyKinds, kToyLevels, c),
            "unknown player 'foo' (mcts, random, or level:N, N in 1..3)");
  EXPECT_EQ(parsePlayerChoice("level:1", kToyKinds, {}, c), "this game has no levels");
}

namespace {
// Remembers the limits it was asked to choose within.
struct LimitsSpy final : Player<TakeAway<2>> {
  SearchLimits seen;
  int games = 0;
  std::string name() const override { return "spy"; }
  SearchResult<uint8_t> choose(const TakeAway<2>&, const SearchLimits& limits) override {
    seen = limits;
    SearchResult<uint8_t> r;
    r.move = 1;
    r.hasMove = true;
    return r;
  }
  void newGame() override { ++games; }
};
}  // namespace

TEST(LevelPlayer, ThinksItsOwnTimeAndNothingElse) {
  auto spy = std::make_unique<LimitsSpy>();
  LimitsSpy* seen = spy.get();
  LevelPlayer<TakeAway<2>> level(std::move(spy), 250);
  TakeAway<2> s;
  s.pile = 5;
  SearchLimits asked;
  asked.timeMs = 20;
  asked.depth = 3;
  asked.nodes = 1000;
  asked.playouts = 500;
  asked.threads = 2;
  asked.seed = 77;
  const auto r = level.choose(s, asked);
  EXPECT_TRUE(r.hasMove);
  EXPECT_EQ(seen->seen.timeMs, 250);
  EXPECT_EQ(seen->seen.depth, 0);
  EXPECT_EQ(seen->seen.nodes, 0u);
  EXPECT_EQ(seen->seen.playouts, 0u);
  EXPECT_EQ(seen->seen.threads, 2);
  EXPECT_EQ(seen->seen.seed, 77u);
  EXPECT_EQ(level.name(), "spy");
  level.newGame();
  EXPECT_EQ(seen->games, 1);
}
