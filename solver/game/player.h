// The common face of the players for front ends (CLI, matches): choose a move
// for a state within limits. The virtual call happens once per move, never
// inside a search.
#pragma once
#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "game/alphabeta.h"
#include "game/game.h"
#include "game/mcts.h"
#include "game/rng.h"
#include "game/search.h"

namespace game {

template <GameState S>
class Player {
 public:
  using Move = typename S::Move;
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // Precondition: `s` is not terminal.
  virtual SearchResult<Move> choose(const S& s, const SearchLimits& limits) = 0;
  // A new game starts (players with memory forget it).
  virtual void newGame() {}
};

// Uniformly random legal moves from its own generator: seeded once, so a
// sequence of choices is reproducible.
template <GameState S>
class RandomPlayer final : public Player<S> {
 public:
  using Move = typename S::Move;
  explicit RandomPlayer(uint64_t seed = 1) : rng_(seed) {}
  std::string name() const override { return "random"; }
  SearchResult<Move> choose(const S& s, const SearchLimits&) override {
    SearchResult<Move> r;
    Move moves[S::kMaxMoves];
    const int n = s.legalMoves(moves);
    if (n > 0) {
      r.move = moves[rng_.below(uint32_t(n))];
      r.hasMove = true;
    }
    return r;
  }

 private:
  Rng rng_;
};

template <GameState S, class Eval>
class AlphaBetaPlayer final : public Player<S> {
 public:
  using Move = typename S::Move;
  explicit AlphaBetaPlayer(Eval eval = {}, typename AlphaBeta<S, Eval>::Options options = {})
      : search_(std::make_unique<AlphaBeta<S, Eval>>(std::move(eval), options)) {}
  std::string name() const override { return "alphabeta"; }
  SearchResult<Move> choose(const S& s, const SearchLimits& limits) override { return search_->search(s, limits); }
  void newGame() override { search_->clear(); }

 private:
  std::unique_ptr<AlphaBeta<S, Eval>> search_;
};

// Each call searches with limits.seed mixed with a move counter, so that one
// seed gives a reproducible game (on one thread) without repeating itself.
template <GameState S, class Playout = RandomPlayout>
class MctsPlayer final : public Player<S> {
 public:
  using Move = typename S::Move;
  explicit MctsPlayer(typename Mcts<S, Playout>::Options options = {}, Playout playout = {})
      : search_(options, playout) {}
  std::string name() const override { return "mcts"; }
  SearchResult<Move> choose(const S& s, const SearchLimits& limits) override {
    SearchLimits l = limits;
    uint64_t mix = limits.seed ^ (0xD1B54A32D192ED03ull * ++calls_);
    l.seed = Rng::splitmix(mix);
    return search_.search(s, l);
  }
  void newGame() override { calls_ = 0; }

 private:
  Mcts<S, Playout> search_;
  uint64_t calls_ = 0;
};

// An exact endgame in front of any player: when the position has at most
// `maxMoves` legal moves, alpha-beta searches it with no depth limit for
// half the move's time (or `endgameNodes` nodes when the limits give no
// time); if every line reached the end of the game with a win or a draw,
// its move is played, else (not proven, or a proven loss) the inner player
// chooses with the time left. For games whose value is only known at the end (JC Shock: the last
// placements decide the runs) the last plies are played exactly.
template <GameState S, class Eval>
class EndgamePlayer final : public Player<S> {
 public:
  using Move = typename S::Move;
  EndgamePlayer(std::unique_ptr<Player<S>> inner, int maxMoves, Eval eval = {}, uint64_t endgameNodes = 2'000'000)
      : inner_(std::move(inner)), maxMoves_(maxMoves), endgameNodes_(endgameNodes),
        search_(std::make_unique<AlphaBeta<S, Eval>>(std::move(eval), typename AlphaBeta<S, Eval>::Options{.ttMegabytes = 16})) {}
  std::string name() const override { return inner_->name() + "-endgame"; }
  SearchResult<Move> choose(const S& s, const SearchLimits& limits) override {
    Move moves[S::kMaxMoves];
    if (s.legalMoves(moves) > maxMoves_) return inner_->choose(s, limits);
    SearchLimits exact = limits;
    exact.depth = 0;
    exact.timeMs = limits.timeMs > 0 ? std::max<int64_t>(1, limits.timeMs / 2) : 0;
    if (!exact.timeMs && !exact.nodes) exact.nodes = endgameNodes_;
    SearchResult<Move> r = search_->search(s, exact);
    // A proven win or draw is played; a proven loss is left to the inner
    // player, whose move may still set the opponent a trap.
    if (r.proof == Proof::Win || r.proof == Proof::Draw) return r;
    SearchLimits rest = limits;
    if (limits.timeMs > 0) rest.timeMs = std::max<int64_t>(1, limits.timeMs - int64_t(r.stats.elapsedMs));
    return inner_->choose(s, rest);
  }
  void newGame() override {
    inner_->newGame();
    search_->clear();
  }

 private:
  std::unique_ptr<Player<S>> inner_;
  int maxMoves_;
  uint64_t endgameNodes_;
  std::unique_ptr<AlphaBeta<S, Eval>> search_;
};

}  // namespace game
