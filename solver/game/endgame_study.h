// Exact values of endgames taken from real games, and how often a player's
// move keeps them (`games endgame`; issue 49's "exact value of the last k
// plies", results/games.md). Game-independent: any two-player GameState,
// any Player.
//
//   auto sample = sampleEndgames(start, player, limits, games, {4, 6, 8}, seed);
//   EndgameJudge<S, Order, Key> judge(exactOptions, order, key);
//   JudgedEndgame<Move> j = judge.judge(sample[i].state, &judgePlayer, judgeLimits, allMoves);
//
// Sampling: game g (0-based) is played from `start` by `player` for both
// sides with SearchLimits::seed = seed + g (MCTS with a playout budget on one
// thread is then reproducible), and for each k asked the position k plies
// before the game's end is kept (games shorter than k give none).
//
// Judging one position: its exact value for the side to move (ExactSolver
// with a table cleared first, so the nodes and time are those of this
// solve alone); then the judge player's move and the exact value of the
// position after it (the move is optimal when it keeps the value); and,
// when asked, every legal move's value, which says how many moves are
// optimal at all (the odds of a random move).
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "game/exact.h"
#include "game/game.h"
#include "game/player.h"
#include "game/search.h"

namespace game {

template <GameState S>
struct SampledEndgame {
  int game = 0;       // 0-based game index (seed + game was its seed)
  int pliesLeft = 0;  // k: plies to the end of the game that was played
  S state;
};

// The sample (see the header comment), ordered by game, then by k as given.
// `stop` (may be empty) is asked between moves; a stop ends the sampling
// with the games finished so far.
template <GameState S>
std::vector<SampledEndgame<S>> sampleEndgames(const S& start, Player<S>& player, const SearchLimits& limits,
                                              int games, const std::vector<int>& plies, uint64_t seed,
                                              const std::function<bool()>& stop = {}) {
  std::vector<SampledEndgame<S>> out;
  for (int g = 0; g < games; ++g) {
    player.newGame();
    SearchLimits l = limits;
    l.seed = seed + uint64_t(g);
    std::vector<S> line{start};
    while (!line.back().isTerminal()) {
      if (stop && stop()) return out;
      const auto r = player.choose(line.back(), l);
      S next = line.back();
      next.apply(r.move);
      line.push_back(next);
    }
    const int length = int(line.size()) - 1;  // plies played
    for (int k : plies)
      if (k >= 1 && k <= length) out.push_back({g, k, line[std::size_t(length - k)]});
  }
  return out;
}

template <class Move>
struct JudgedEndgame {
  bool complete = false;            // every solve below finished
  Wdl value = Wdl::Draw;            // exact, for the side to move
  ExactStats solve;                 // the value's solve alone (fresh table)
  bool judged = false;              // a judge player was asked
  Move judgeMove{};
  Wdl judgeValue = Wdl::Draw;       // exact value after judgeMove, for the side to move
  bool judgeOptimal() const { return judged && judgeValue == value; }
  int legalMoves = 0;
  int optimalMoves = -1;            // moves keeping `value`; -1: not counted
};

template <GameState S, class Order = NoOrder, class Key = HashKey>
class EndgameJudge {
 public:
  using Move = typename S::Move;
  explicit EndgameJudge(ExactOptions options = {}, Order order = {}, Key key = {})
      : solver_(std::move(options), std::move(order), std::move(key)) {}

  // `judge` may be null (no judge move); `allMoves` values every legal move.
  JudgedEndgame<Move> judge(const S& s, Player<S>* judge, const SearchLimits& judgeLimits, bool allMoves) {
    JudgedEndgame<Move> j;
    solver_.clear();
    const auto root = solver_.solve(s);
    j.value = root.value;
    j.solve = root.stats;
    j.complete = root.complete;
    if (!j.complete || s.isTerminal()) return j;
    Move moves[S::kMaxMoves];
    j.legalMoves = s.legalMoves(moves);
    if (judge) {
      judge->newGame();
      const auto r = judge->choose(s, judgeLimits);
      const auto after = solver_.solveMove(s, r.move);
      j.judged = true;
      j.judgeMove = r.move;
      j.judgeValue = after.value;
      j.complete = after.complete;
    }
    if (allMoves && j.complete) {
      j.optimalMoves = 0;
      for (int i = 0; i < j.legalMoves && j.complete; ++i) {
        const auto after = solver_.solveMove(s, moves[i]);
        j.complete = after.complete;
        j.optimalMoves += after.value == j.value;
      }
    }
    return j;
  }

 private:
  ExactSolver<S, Order, Key> solver_;
};

}  // namespace game
