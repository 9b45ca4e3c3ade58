// Alpha-beta (negamax) search for two-player games.
//
//   AlphaBeta<S, Eval> ab(eval, {.ttMegabytes = 16});
//   SearchResult<S::Move> r = ab.search(state, limits);
//
// - Iterative deepening up to limits.depth plies, stopping early on
//   limits.timeMs or limits.nodes (the last COMPLETED iteration's answer is
//   returned), on a proven result, or when an iteration reached the end of
//   every line (the value is then exact).
// - A fixed-size transposition table (capped memory, replace-by-depth with an
//   age so old searches' entries give way) keyed by S::hash(); it persists
//   between searches of one AlphaBeta object.
// - Move ordering: the table's move first, then the others by the evaluation
//   of the position they lead to (nodes with at least two plies left; below
//   that ordering costs as much as the search it would save).
// - Proven values: a win found at ply k scores kWin - k, so shorter wins are
//   preferred and longer losses resisted; the result reports Win/Loss and k.
//
// Eval: a callable `int eval(const S& s)` giving a score for s.currentPlayer()
// (larger = better), |score| < kEvalBound. It is only called on non-terminal
// states; terminal states are scored from S::returns() (1 win, 0 loss,
// anything else a draw). Turns need not alternate: a child where the same
// player moves again is searched without negation.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "game/game.h"
#include "game/search.h"

namespace game {

constexpr int kWin = 1'000'000'000;
constexpr int kWinBound = kWin - 10'000;  // scores beyond are proven results
constexpr int kEvalBound = kWinBound - 1;

template <GameState S, class Eval>
  requires(S::kPlayers == 2)
class AlphaBeta {
 public:
  using Move = typename S::Move;
  struct Options {
    std::size_t ttMegabytes = 16;
  };

  explicit AlphaBeta(Eval eval = {}, Options options = {}) : eval_(std::move(eval)) {
    std::size_t entries = 1;
    while (entries * 2 * sizeof(Entry) <= options.ttMegabytes * (std::size_t(1) << 20)) entries *= 2;
    table_.assign(entries, Entry{});
  }

  SearchResult<Move> search(const S& root, const SearchLimits& limits) {
    SearchResult<Move> result;
    const Deadline deadline(limits.timeMs);
    deadline_ = &deadline;
    nodeLimit_ = limits.nodes;
    nodes_ = ttHits_ = 0;
    aborted_ = false;
    ++generation_;
    Move moves[S::kMaxMoves];
    const int n = root.isTerminal() ? 0 : root.legalMoves(moves);
    if (n > 0) {
      result.move = moves[0];
      result.hasMove = true;
    }
    const int maxDepth = limits.depth > 0 ? limits.depth : 128;
    for (int depth = 1; n > 0 && depth <= maxDepth; ++depth) {
      reachedHorizon_ = false;
      Move best = moves[0];
      const int score = negamax(root, depth, -kWin, kWin, 0, &best);
      if (aborted_) break;
      result.move = best;
      result.value = score;
      result.stats.depth = depth;
      if (score > kWinBound || score < -kWinBound) {
        result.proof = score > 0 ? Proof::Win : Proof::Loss;
        result.proofPlies = kWin - std::abs(score);
        break;
      }
      if (!reachedHorizon_) {  // every line reached the end of the game
        result.proof = score == 0 ? Proof::Draw : Proof::None;
        break;
      }
      if (deadline.expired()) break;  // the next iteration could not finish
    }
    result.stats.nodes = nodes_;
    result.stats.ttHits = ttHits_;
    result.stats.elapsedMs = deadline.elapsedMs();
    deadline_ = nullptr;
    return result;
  }

  // Forgets everything learnt (between unrelated games or positions).
  void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

 private:
  enum Bound : uint8_t { kEmpty, kExact, kLower, kUpper };
  struct Entry {
    uint64_t key = 0;
    int32_t score = 0;
    int16_t depth = -1;
    Bound bound = kEmpty;
    uint8_t generation = 0;
    Move move{};
    bool hasMove = false;
  };

  // Win/loss scores are stored relative to the node, not the root, so an entry
  // is right wherever in the tree the position recurs.
  static int toTable(int score, int ply) {
    return score > kWinBound ? score + ply : score < -kWinBound ? score - ply : score;
  }
  static int fromTable(int score, int ply) {
    return score > kWinBound ? score - ply : score < -kWinBound ? score + ply : score;
  }
  static int terminalScore(const S& s, int player, int ply) {
    const double r = s.returns()[player];
    return r >= 1.0 ? kWin - ply : r <= 0.0 ? -(kWin - ply) : 0;
  }

  bool outOfBudget() {
    if (aborted_) return true;
    if ((nodeLimit_ && nodes_ >= nodeLimit_) || ((nodes_ & 63) == 0 && deadline_->expired())) aborted_ = true;
    return aborted_;
  }

  // The value of `s` (not terminal) for its player to move. `bestOut`, when
  // given, receives the best move (used at the root).
  int negamax(const S& s, int depth, int alpha, int beta, int ply, Move* bestOut = nullptr) {
    const int me = s.currentPlayer();
    const uint64_t key = s.hash();
    Entry& slot = table_[key & (table_.size() - 1)];
    const bool hit = slot.bound != kEmpty && slot.key == key;
    if (hit && ply > 0 && slot.depth >= depth) {
      const int score = fromTable(slot.score, ply);
      if (slot.bound == kExact || (slot.bound == kLower && score >= beta) || (slot.bound == kUpper && score <= alpha)) {
        ++ttHits_;
        if (score <= kWinBound && score >= -kWinBound) reachedHorizon_ = true;
        return score;
      }
    }

    Move moves[S::kMaxMoves];
    const int n = s.legalMoves(moves);
    ScoredMove order[S::kMaxMoves];
    for (int i = 0; i < n; ++i) order[i] = {moves[i], 0};
    // The table's move first; the rest by a one-ply look when it pays.
    int first = 0;
    if (hit && slot.hasMove)
      for (int i = 0; i < n; ++i)
        if (order[i].move == slot.move) {
          std::swap(order[0], order[i]);
          first = 1;
          break;
        }
    if (depth >= 2) {
      for (int i = first; i < n; ++i) {
        S child = s;
        child.apply(order[i].move);
        order[i].score = child.isTerminal() ? terminalScore(child, me, ply + 1) : childEval(child, me);
      }
      std::stable_sort(order + first, order + n, [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
    }

    const int alpha0 = alpha;
    int best = -kWin;
    Move bestMove{};
    if (n > 0) bestMove = order[0].move;
    for (int i = 0; i < n; ++i) {
      S child = s;
      child.apply(order[i].move);
      ++nodes_;
      int score;
      if (child.isTerminal()) {
        score = terminalScore(child, me, ply + 1);
      } else if (depth <= 1) {
        reachedHorizon_ = true;
        score = childEval(child, me);
      } else if (child.currentPlayer() == me) {
        score = negamax(child, depth - 1, alpha, beta, ply + 1);
      } else {
        score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      }
      if (outOfBudget()) return best > -kWin ? best : score;
      if (score > best) {
        best = score;
        bestMove = order[i].move;
      }
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    if (bestOut) *bestOut = bestMove;

    // Replace by depth, but let entries of earlier searches give way.
    if (slot.bound == kEmpty || slot.generation != generation_ || depth >= slot.depth) {
      slot.key = key;
      slot.score = toTable(best, ply);
      slot.depth = int16_t(depth);
      slot.bound = best <= alpha0 ? kUpper : best >= beta ? kLower : kExact;
      slot.generation = generation_;
      slot.move = bestMove;
      slot.hasMove = true;
    }
    return best;
  }

  int childEval(const S& child, int me) const {
    const int e = std::clamp(int(eval_(child)), -kEvalBound, kEvalBound);
    return child.currentPlayer() == me ? e : -e;
  }

  struct ScoredMove {
    Move move;
    int score;
  };

  Eval eval_;
  std::vector<Entry> table_;
  uint8_t generation_ = 0;
  const Deadline* deadline_ = nullptr;
  uint64_t nodeLimit_ = 0;
  uint64_t nodes_ = 0, ttHits_ = 0;
  bool aborted_ = false;
  bool reachedHorizon_ = false;
};

}  // namespace game
