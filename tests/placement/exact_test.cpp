// The exact solver (solver/game/exact.h, endgame_study.h) and the proven
// results built on it (solver/registry/proofs.h), checked against plain
// minimax (game::minimaxValue: no pruning, no table, no order) wherever
// minimax finishes quickly:
//   - JC Shock 8x8 endgames 4 and 6 plies before the end of random games:
//     the value, with and without the move order, equals minimax's; the
//     move returned keeps it; EndgameJudge's count of optimal moves equals
//     minimax's count;
//   - the analysis variant's smallest boards: JC Shock 3x3 from the empty
//     board (every first move), JC Shock 4x4 and JC Attract 4x4 from
//     positions a few plies into random games, with the symmetric key and
//     without;
//   - the eight symmetries leave the rules unchanged (a move and its image
//     give images; the outcome is the same) and share one symmetricKey;
//   - the analysis variant exists only where asked for.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "game/endgame_study.h"
#include "game/exact.h"
#include "game/player.h"
#include "game/rng.h"
#include "placement/attract.h"
#include "placement/eval.h"
#include "placement/shock.h"
#include "placement/symmetry.h"
#include "registry/proofs.h"

namespace {

using placement::AnalysisVariant;
using placement::AttractState;
using placement::ShockState;
using game::Wdl;

// The position `pliesLeft` plies before the end of a random game (JC Shock
// games all have the same length: 2 * pieces per player).
ShockState shockEndgame(int n, int pliesLeft, uint64_t seed) {
  ShockState s = n >= 8 ? ShockState(n) : ShockState(n, AnalysisVariant{});
  game::RandomPlayer<ShockState> random(seed);
  const int plies = 2 * s.piecesPerPlayer() - pliesLeft;
  for (int i = 0; i < plies; ++i) s.apply(random.choose(s, {}).move);
  return s;
}

// `plies` random plies from the empty board (fewer if the game ends first).
template <class S>
S randomOpening(int n, int plies, uint64_t seed) {
  S s(n, AnalysisVariant{});
  game::RandomPlayer<S> random(seed);
  for (int i = 0; i < plies && !s.isTerminal(); ++i) s.apply(random.choose(s, {}).move);
  return s;
}

using ShockOrder = game::EvalOrder<ShockState, placement::ShockEval>;
using AttractOrder = game::EvalOrder<AttractState, placement::AttractEval>;

// The value by three solvers (ordered, unordered, symmetric key) and by
// minimax; the ordered solver's move must keep the value (by minimax).
template <class S, class Order>
void expectMatchesMinimax(const S& s, const std::string& what, std::set<Wdl>* seen = nullptr) {
  uint64_t nodes = 0;
  const Wdl truth = game::minimaxValue(s, nodes);
  if (seen) seen->insert(truth);
  game::ExactOptions small;
  small.ttMegabytes = 4;
  small.orderMinMoves = 3;  // these positions have few moves: order and look children up at all of them
  game::ExactSolver<S, Order> ordered(small);
  game::ExactSolver<S> plain(small);
  game::ExactSolver<S, Order, placement::SymmetricKey> symmetric(small);
  game::ExactOptions noEtc = small;
  noEtc.enhancedCutoffs = false;
  game::ExactSolver<S, Order> withoutEtc(noEtc);
  const auto r = ordered.solve(s);
  ASSERT_TRUE(r.complete) << what;
  EXPECT_EQ(r.value, truth) << what;
  EXPECT_EQ(plain.solve(s).value, truth) << what;
  EXPECT_EQ(symmetric.solve(s).value, truth) << what;
  EXPECT_EQ(withoutEtc.solve(s).value, truth) << what;
  if (s.isTerminal()) return;
  ASSERT_TRUE(r.hasMove) << what;
  S child = s;
  child.apply(r.move);
  uint64_t childNodes = 0;
  const Wdl after = child.isTerminal() ? game::terminalWdl(child, s.currentPlayer())
                                       : game::negate(game::minimaxValue(child, childNodes));
  EXPECT_EQ(after, truth) << what << ": the solver's move does not keep the value";
  // Pruning must pay: fewer nodes than minimax on these sizes.
  EXPECT_LT(r.stats.nodes, nodes) << what;
}

TEST(ExactSolver, ShockEndgamesMatchMinimax) {
  std::set<Wdl> seen;
  for (uint64_t seed = 1; seed <= 30; ++seed)
    expectMatchesMinimax<ShockState, ShockOrder>(shockEndgame(8, 4, seed), "k 4 seed " + std::to_string(seed), &seen);
  for (uint64_t seed = 1; seed <= 8; ++seed)
    expectMatchesMinimax<ShockState, ShockOrder>(shockEndgame(8, 6, seed), "k 6 seed " + std::to_string(seed), &seen);
  // The sample is not one-sided (else "equal" would prove little).
  EXPECT_TRUE(seen.count(Wdl::Win) && seen.count(Wdl::Loss));
}

TEST(ExactSolver, Shock3x3FromTheEmptyBoardMatchesMinimax) {
  const ShockState empty(3, AnalysisVariant{});
  expectMatchesMinimax<ShockState, ShockOrder>(empty, "3x3 empty");
  // Every first move's value, as solveEachMove groups them.
  game::ExactSolver<ShockState, ShockOrder, placement::SymmetricKey> solver;
  const auto classes = solver.solveEachMove(empty);
  int moves = 0;
  for (const auto& c : classes) {
    for (auto m : c.moves) {
      ShockState child = empty;
      child.apply(m);
      uint64_t nodes = 0;
      EXPECT_EQ(c.result.value, game::negate(game::minimaxValue(child, nodes))) << empty.moveName(m);
      ++moves;
    }
  }
  EXPECT_EQ(moves, 9);
  EXPECT_EQ(classes.size(), 3u);  // corner, edge, centre
}

TEST(ExactSolver, SmallBoardsMatchMinimax) {
  std::set<Wdl> seen;
  for (uint64_t seed = 1; seed <= 6; ++seed)
    expectMatchesMinimax<ShockState, ShockOrder>(randomOpening<ShockState>(4, 6, seed), "shock 4x4 seed " + std::to_string(seed), &seen);
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const auto s = randomOpening<AttractState>(4, 8, seed);
    expectMatchesMinimax<AttractState, AttractOrder>(s, "attract 4x4 seed " + std::to_string(seed), &seen);
  }
  EXPECT_GE(seen.size(), 2u);
}

TEST(ExactSolver, RegistrySolveBoardAgreesWithMinimax) {
  games::proofs::BoardOptions o;
  o.ttMegabytes = 4;
  const auto v = games::proofs::solveBoard("shock", 3, o);
  ASSERT_TRUE(v.complete);
  uint64_t nodes = 0;
  EXPECT_EQ(v.value, game::minimaxValue(ShockState(3, AnalysisVariant{}), nodes));
  EXPECT_THROW(games::proofs::solveBoard("attract", 5, {}), std::invalid_argument);
  EXPECT_THROW(games::proofs::solveBoard("rings", 4, {}), std::invalid_argument);
}

TEST(ExactSolver, StopsAtTheNodeLimit) {
  game::ExactOptions o;
  o.ttMegabytes = 4;
  o.nodeLimit = 5000;
  game::ExactSolver<ShockState> solver(o);
  const auto r = solver.solve(ShockState(5, AnalysisVariant{}));
  EXPECT_FALSE(r.complete);
  EXPECT_LE(r.stats.nodes, 5000u + 100u);  // the limit is checked at every node, up to a line's depth late
  int calls = 0;
  game::ExactOptions s;
  s.ttMegabytes = 4;
  s.stopRequested = [&] { return ++calls >= 2; };
  EXPECT_FALSE(game::ExactSolver<ShockState>(s).solve(ShockState(5, AnalysisVariant{})).complete);
}

TEST(ExactSolver, AStopWhileTheTableIsFilledCutsItShort) {
  // Issue 59, item 6: a table is filled 64 MB at a time, the stop asked
  // between; stopped at once, a table of 256 MB keeps its first 64 MB, and
  // the solve stops at its first poll.
  game::ExactOptions o;
  o.ttMegabytes = 256;
  const game::ExactSolver<ShockState> whole(o);
  o.stopRequested = [] { return true; };
  game::ExactSolver<ShockState> cut(o);
  EXPECT_GT(cut.tableBuckets(), 0u);
  EXPECT_LE(cut.tableBuckets() * 2, whole.tableBuckets());
  EXPECT_FALSE(cut.solve(ShockState(5, AnalysisVariant{})).complete);
}

TEST(EndgameJudge, CountsOptimalMovesAsMinimaxDoes) {
  game::ExactOptions o;
  o.ttMegabytes = 4;
  o.orderMinMoves = 3;
  game::EndgameJudge<ShockState, ShockOrder> judge(o);
  game::RandomPlayer<ShockState> randomJudge(7);
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    const ShockState s = shockEndgame(8, 4, 100 + seed);
    const auto j = judge.judge(s, &randomJudge, {}, true);
    ASSERT_TRUE(j.complete);
    uint64_t nodes = 0;
    const Wdl truth = game::minimaxValue(s, nodes);
    EXPECT_EQ(j.value, truth);
    uint8_t moves[placement::kMaxCells];
    const int n = s.legalMoves(moves);
    int optimal = 0;
    bool judgeKeeps = false;
    for (int i = 0; i < n; ++i) {
      ShockState child = s;
      child.apply(moves[i]);
      const bool keeps = game::negate(game::minimaxValue(child, nodes)) == truth;
      optimal += keeps;
      if (moves[i] == j.judgeMove) judgeKeeps = keeps;
    }
    EXPECT_EQ(j.legalMoves, n);
    EXPECT_EQ(j.optimalMoves, optimal);
    EXPECT_TRUE(j.judged);
    EXPECT_EQ(j.judgeOptimal(), judgeKeeps);
  }
}

TEST(EndgameSample, TakesThePositionKPliesBeforeTheEnd) {
  game::RandomPlayer<ShockState> random(3);
  const auto sample = game::sampleEndgames(ShockState(8), random, {}, 3, {4, 10}, 1);
  ASSERT_EQ(sample.size(), 6u);
  for (const auto& p : sample) {
    uint8_t moves[placement::kMaxCells];
    // k plies before the end of a JC Shock game: k + 2 empty squares on 8x8.
    EXPECT_EQ(p.state.legalMoves(moves), p.pliesLeft + 2);
  }
}

TEST(Symmetry, RulesAreUnchangedAndKeysShared) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const int n = 4 + int(seed % 4);
    ShockState s = randomOpening<ShockState>(n, int(seed % 9), seed);
    game::Rng rng(seed);
    uint8_t moves[placement::kMaxCells];
    const int k = s.legalMoves(moves);
    const int m = moves[rng.below(uint32_t(k))];
    ShockState after = s;
    after.apply(uint8_t(m));
    const uint64_t key = placement::symmetricKey(after.board(), after.toMove());
    // Different positions (one piece more) have different keys.
    EXPECT_NE(placement::symmetricKey(s.board(), s.toMove()), key);
    for (int t = 0; t < 8; ++t) {
      // The image of (position, move) is (image of position, image of move).
      placement::Board img = placement::transformed(s.board(), t);
      img.place(s.toMove(), placement::transformCell(m, n, t));
      EXPECT_EQ(img, placement::transformed(after.board(), t)) << "seed " << seed << " t " << t;
      EXPECT_EQ(placement::symmetricKey(img, after.toMove()), key);
    }
  }
}

TEST(Symmetry, OutcomesAreUnchanged) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const ShockState end = shockEndgame(4 + int(seed % 4), 0, seed);
    ASSERT_TRUE(end.isTerminal());
    for (int t = 0; t < 8; ++t)
      EXPECT_EQ(placement::ShockRules::outcome(placement::transformed(end.board(), t)), end.outcome());
    AttractState a = randomOpening<AttractState>(6, 36, seed);
    for (int t = 0; t < 8; ++t)
      EXPECT_EQ(placement::AttractRules::outcome(placement::transformed(a.board(), t)), a.outcome());
  }
}

TEST(AnalysisVariant, OnlyWhereAskedFor) {
  EXPECT_THROW(ShockState(4), std::invalid_argument);
  EXPECT_THROW(AttractState(6), std::invalid_argument);
  EXPECT_NO_THROW(ShockState(4, AnalysisVariant{}));
  EXPECT_NO_THROW(AttractState(6, AnalysisVariant{}));
  EXPECT_THROW(AttractState(5, AnalysisVariant{}), std::invalid_argument);
  EXPECT_THROW(ShockState(2, AnalysisVariant{}), std::invalid_argument);
  EXPECT_EQ(ShockState(5, AnalysisVariant{}).piecesPerPlayer(), 12);
  EXPECT_EQ(AttractState(4, AnalysisVariant{}).piecesPerPlayer(), 8);
  // A small position cannot enter through fromBoard (the rules' paths).
  EXPECT_THROW(ShockState::fromBoard(placement::Board(4), placement::Colour::White), std::invalid_argument);
}

}  // namespace
