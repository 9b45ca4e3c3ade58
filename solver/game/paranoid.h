// Paranoid alpha-beta for games of any number of players (Sturtevant & Korf):
// the player to move at the root assumes every other player is out to
// minimise the root player's result, which turns an N-player game into a
// two-sided one that alpha-beta can prune. It is pessimistic (opponents do
// not really cooperate) but sound: it never walks into a line where the
// others together can hurt it.
//
// Generic over any game::GameState. The evaluation is a parameter:
//   double eval(const S& state, int player)  ->  expected returns()[player]
// on the same [0, 1] scale as returns(), used at the depth horizon; terminal
// states always score returns()[player] exactly.
//
//   ParanoidSearch<S, Eval> paranoid(eval);
//   SearchResult<S::Move> r = paranoid.search(state, limits);   // game/search.h
//
// Depth is counted in plies (one player's move each). Search runs by
// iterative deepening until limits.depth, limits.timeMs or limits.nodes
// (with none of them set: one second); the answer is
// the best move of the last fully searched depth, so a timeout never returns
// a half-examined move. Move ordering: the previous iteration's best root
// move first, and at inner nodes the best move remembered in a small
// transposition table (used for ordering only, never for values, so it cannot
// make results wrong). When a depth is searched without reaching the horizon
// anywhere (the whole tree ends in terminal states) the value is exact and
// deepening stops.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "game/game.h"
#include "game/player.h"
#include "game/search.h"

namespace game {

template <GameState S, class Eval>
  requires std::equality_comparable<typename S::Move> && std::is_invocable_r_v<double, Eval&, const S&, int>
class ParanoidSearch {
 public:
  using Move = typename S::Move;

  explicit ParanoidSearch(Eval eval, int ttBits = 18) : eval_(std::move(eval)), table_(size_t{1} << ttBits) {}

  // result.value is the root player's value of result.move, in [0, 1];
  // result.proof is never set (N-player values are not wins or losses).
  SearchResult<Move> search(const S& root, const SearchLimits& limits) {
    const int64_t timeMs = limits.timeMs > 0 || limits.nodes > 0 || limits.depth > 0 ? limits.timeMs : 1000;
    const int maxDepth = limits.depth > 0 ? limits.depth : 1000;
    const Deadline deadline(timeMs);
    deadline_ = &deadline;
    nodeLimit_ = limits.nodes;
    nodes_ = 0;
    stopped_ = false;
    rootPlayer_ = root.currentPlayer();

    SearchResult<Move> best;
    std::array<Move, S::kMaxMoves> moves;
    const int n = root.isTerminal() ? 0 : root.legalMoves(moves.data());
    if (n <= 0) return best;
    best.hasMove = true;
    best.move = moves[0];
    best.value = eval_(root, rootPlayer_);
    if (n > 1) {  // with one move there is nothing to choose; keep the clock
      std::vector<Move> order(moves.begin(), moves.begin() + n);
      for (int depth = 1; depth <= maxDepth; ++depth) {
        horizonHit_ = false;
        double alpha = -kInf;
        Move bestHere = order[0];
        int bestIndex = 0;
        for (int i = 0; i < n; ++i) {
          S child = root;
          child.apply(order[i]);
          const double v = value(child, depth - 1, alpha, kInf);
          if (stopped_) break;
          if (v > alpha) alpha = v, bestHere = order[i], bestIndex = i;
        }
        if (stopped_) break;
        best.move = bestHere;
        best.value = alpha;
        best.stats.depth = depth;
        // Best first next time; the others keep their relative order.
        std::rotate(order.begin(), order.begin() + bestIndex, order.begin() + bestIndex + 1);
        if (!horizonHit_) break;  // every line ended: the value is exact
      }
    }
    best.stats.nodes = nodes_;
    best.stats.elapsedMs = deadline.elapsedMs();
    return best;
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  struct Entry {
    uint64_t hash = 0;
    Move move{};
    bool used = false;
  };

  // The root player's value of `s` searched `depth` more plies (fail-soft).
  double value(const S& s, int depth, double alpha, double beta) {
    ++nodes_;
    if ((nodeLimit_ && nodes_ >= nodeLimit_) || ((nodes_ & 1023) == 0 && deadline_->expired())) stopped_ = true;
    if (stopped_) return 0;
    if (s.isTerminal()) return s.returns()[rootPlayer_];
    if (depth <= 0) {
      horizonHit_ = true;
      return eval_(s, rootPlayer_);
    }
    std::array<Move, S::kMaxMoves> moves;
    const int n = s.legalMoves(moves.data());
    const uint64_t h = s.hash();
    Entry& e = table_[h & (table_.size() - 1)];
    if (e.used && e.hash == h) {
      for (int i = 1; i < n; ++i)
        if (moves[i] == e.move) {
          std::swap(moves[0], moves[i]);
          break;
        }
    }
    const bool maximise = s.currentPlayer() == rootPlayer_;
    double best = maximise ? -kInf : kInf;
    Move bestMove = moves[0];
    for (int i = 0; i < n; ++i) {
      S child = s;
      child.apply(moves[i]);
      const double v = value(child, depth - 1, alpha, beta);
      if (stopped_) return 0;
      if (maximise ? v > best : v < best) best = v, bestMove = moves[i];
      if (maximise) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    e = Entry{h, bestMove, true};
    return best;
  }

  Eval eval_;
  std::vector<Entry> table_;
  const Deadline* deadline_ = nullptr;
  uint64_t nodeLimit_ = 0;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool horizonHit_ = false;
  int rootPlayer_ = 0;
};

// The paranoid search behind the common Player face (game/player.h).
template <GameState S, class Eval>
class ParanoidPlayer final : public Player<S> {
 public:
  using Move = typename S::Move;
  explicit ParanoidPlayer(Eval eval) : search_(std::make_unique<ParanoidSearch<S, Eval>>(std::move(eval))) {}
  std::string name() const override { return "paranoid"; }
  SearchResult<Move> choose(const S& s, const SearchLimits& limits) override { return search_->search(s, limits); }

 private:
  std::unique_ptr<ParanoidSearch<S, Eval>> search_;  // the move-ordering table is large: keep it off the stack
};

}  // namespace game
