// Engine-style iterative analysis over any game::GameState (`games analyze`,
// the browser's hints), built on the players' public search calls, so
// nothing here names a game. The front ends pass the evaluation; how a line
// is printed (move names, score units) is analysis_text.h's.
//
// Alpha-beta (and paranoid): one iteration per depth, 1, 2, ... until the
// time, node or depth limit, or until the value is proven or exact. Each
// iteration is a search of that depth (alpha-beta's transposition table
// carries over, so earlier depths are cheap); the principal line is read by
// searching along the best moves with the remaining depth. --multipv N
// (two players): every root move is searched to depth - 1 after it and the N
// best are shown (so the first multipv iteration is depth 2).
//
// MCTS: one line per time slice. The budget (time or playouts) is cut into
// slices of 1/15, 2/15, 4/15, 8/15; each slice is a search of its own with
// that budget (solver/game/mcts.h cannot resume a tree), so a line shows what
// twice the thinking gives. The principal line follows the best move with
// short searches (1/8 of the slice each). --multipv N: the root moves are
// ranked by flat Monte Carlo (random playouts, the slice shared evenly).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "game/alphabeta.h"
#include "game/game.h"
#include "game/mcts.h"
#include "game/rng.h"
#include "game/search.h"

namespace game::analysis {

template <class Move>
struct Line {
  std::vector<Move> pv;  // pv[0] is the move this line is about
  double value = 0;      // alpha-beta: evaluation; MCTS: mean return in [0, 1]; both for the player to move
  game::Proof proof = game::Proof::None;
  int proofPlies = 0;
};

template <class Move>
struct Iteration {
  int depth = 0;  // alpha-beta: plies; MCTS: the slice, 1..4
  uint64_t nodes = 0;  // alpha-beta: positions, all searches so far; MCTS: playouts of this slice
  double elapsedMs = 0;
  std::vector<Line<Move>> lines;  // best first
  double nodesPerSecond() const { return elapsedMs > 0 ? nodes / (elapsedMs / 1000.0) : 0; }
};

// Orders lines: proven wins (shortest first), then values, then proven
// losses (longest first).
inline double rank(double value, game::Proof proof, int plies) {
  if (proof == game::Proof::Win) return 1e12 - plies;
  if (proof == game::Proof::Loss) return -1e12 + plies;
  return value;
}

// Depth-by-depth analysis with any depth-limited search (alpha-beta,
// paranoid): `Search` has `SearchResult search(const S&, const SearchLimits&)`
// whose value is for the player to move. Multipv needs two players (a
// reply's value is the negation of ours).
template <game::GameState S, class Search>
class DepthAnalysis {
 public:
  using Move = typename S::Move;
  explicit DepthAnalysis(Search search) : search_(std::move(search)) {}

  // Calls `report` after every completed iteration; returns the last one.
  Iteration<Move> run(const S& root, const game::SearchLimits& limits, int multipv,
                      const std::function<void(const Iteration<Move>&)>& report) {
    const game::Deadline deadline(limits.timeMs);
    Iteration<Move> last;
    nodes_ = 0;
    const int maxDepth = limits.depth > 0 ? limits.depth : 128;
    for (int depth = multipv > 1 ? 2 : 1; depth <= maxDepth; ++depth) {
      Iteration<Move> it;
      it.depth = depth;
      Step step = Step::Full;
      if (multipv <= 1) {
        Line<Move> line;
        step = principalLine(root, depth, line, limits, deadline);
        it.lines.push_back(line);
      } else if constexpr (S::kPlayers == 2) {
        Move moves[S::kMaxMoves];
        const int n = root.legalMoves(moves);
        const int me = root.currentPlayer();
        bool allExact = true;
        for (int i = 0; i < n && step != Step::Cut; ++i) {
          S child = root;
          child.apply(moves[i]);
          Line<Move> line;
          line.pv.push_back(moves[i]);
          if (child.isTerminal()) {
            const double r = child.returns()[me];
            line.proof = r >= 1.0 ? game::Proof::Win : r <= 0.0 ? game::Proof::Loss : game::Proof::Draw;
            line.proofPlies = 1;
            line.value = line.proof == game::Proof::Win ? game::kWin - 1 : line.proof == game::Proof::Loss ? -(game::kWin - 1) : 0;
          } else {
            Line<Move> reply;
            step = principalLine(child, depth - 1, reply, limits, deadline);
            allExact = allExact && step == Step::Exact;
            const bool same = child.currentPlayer() == me;
            line.value = same ? reply.value : -reply.value;
            line.proof = same || reply.proof == game::Proof::None || reply.proof == game::Proof::Draw ? reply.proof
                         : reply.proof == game::Proof::Win                                           ? game::Proof::Loss
                                                                                                     : game::Proof::Win;
            line.proofPlies = reply.proof == game::Proof::None ? 0 : reply.proofPlies + 1;
            line.pv.insert(line.pv.end(), reply.pv.begin(), reply.pv.end());
          }
          it.lines.push_back(line);
        }
        if (step != Step::Cut) step = allExact ? Step::Exact : Step::Full;
        std::stable_sort(it.lines.begin(), it.lines.end(), [](const Line<Move>& a, const Line<Move>& b) {
          return rank(a.value, a.proof, a.proofPlies) > rank(b.value, b.proof, b.proofPlies);
        });
        if (int(it.lines.size()) > multipv) it.lines.resize(multipv);
      }
      if (step == Step::Cut) break;
      it.nodes = nodes_;
      it.elapsedMs = deadline.elapsedMs();
      report(it);
      last = it;
      bool proven = step == Step::Exact;
      for (const auto& l : it.lines) proven = proven || (multipv <= 1 && l.proof != game::Proof::None);
      if (proven || deadline.expired() || (limits.nodes && nodes_ >= limits.nodes)) break;
    }
    return last;
  }

 private:
  // Full: searched to the depth asked; Exact: every line reached the end of
  // the game (or was proven) before it; Cut: a limit stopped the search.
  enum class Step { Full, Exact, Cut };

  // Searches `from` to `depth` into line (its value, proof and first move),
  // then follows the best moves with the remaining depth for the rest of
  // the principal line.
  Step principalLine(const S& from, int depth, Line<Move>& line, const game::SearchLimits& limits,
                     const game::Deadline& deadline) {
    Step result = Step::Full;
    S s = from;
    for (int d = depth; d >= 1 && !s.isTerminal(); --d) {
      game::SearchLimits l;
      l.depth = d;
      if (limits.timeMs) l.timeMs = std::max<int64_t>(1, limits.timeMs - int64_t(deadline.elapsedMs()));
      if (limits.nodes) l.nodes = limits.nodes > nodes_ ? limits.nodes - nodes_ : 1;
      const auto r = search_.search(s, l);
      nodes_ += r.stats.nodes;
      const bool limitHit = deadline.expired() || (limits.nodes && nodes_ >= limits.nodes);
      if (r.stats.depth < d && r.proof == game::Proof::None && limitHit) return Step::Cut;
      if (d == depth) {
        line.value = r.value;
        line.proof = r.proof;
        line.proofPlies = r.proofPlies;
        if (r.stats.depth < d || r.proof != game::Proof::None) result = Step::Exact;
      }
      line.pv.push_back(r.move);
      s.apply(r.move);
    }
    return result;
  }

  Search search_;
  uint64_t nodes_ = 0;
};

template <game::GameState S, class Playout = game::RandomPlayout>
class MctsAnalysis {
 public:
  using Move = typename S::Move;
  static constexpr int kSlices = 4;
  static constexpr int kPvPlies = 4;

  explicit MctsAnalysis(typename game::Mcts<S, Playout>::Options options = {}) : options_(options) {}

  Iteration<Move> run(const S& root, const game::SearchLimits& limits, int multipv,
                      const std::function<void(const Iteration<Move>&)>& report) {
    const game::Deadline deadline(0);
    Iteration<Move> last;
    for (int slice = 1; slice <= kSlices; ++slice) {
      // Slice k gets 2^(k-1) / 15 of the budget.
      const double share = double(1 << (slice - 1)) / double((1 << kSlices) - 1);
      game::SearchLimits l = limits;
      l.timeMs = limits.timeMs ? std::max<int64_t>(1, int64_t(limits.timeMs * share)) : 0;
      l.playouts = limits.playouts ? std::max<uint64_t>(1, uint64_t(double(limits.playouts) * share)) : 0;
      if (!l.timeMs && !l.playouts) l.playouts = uint64_t(1000 * share) + 1;
      uint64_t mix = limits.seed + uint64_t(slice);
      l.seed = game::Rng::splitmix(mix);
      Iteration<Move> it;
      it.depth = slice;
      if (multipv <= 1) {
        game::Mcts<S, Playout> mcts(options_);
        const auto r = mcts.search(root, l);
        it.nodes = r.stats.playouts;
        Line<Move> line;
        line.pv.push_back(r.move);
        line.value = r.value;
        line.proof = r.proof;
        // The principal line: short searches along the best moves.
        game::SearchLimits follow = l;
        follow.timeMs = l.timeMs ? std::max<int64_t>(1, l.timeMs / 8) : 0;
        follow.playouts = l.playouts ? std::max<uint64_t>(1, l.playouts / 8) : 0;
        S s = root;
        s.apply(r.move);
        for (int k = 1; k < kPvPlies && !s.isTerminal(); ++k) {
          const auto next = mcts.search(s, follow);
          it.nodes += next.stats.playouts;
          line.pv.push_back(next.move);
          s.apply(next.move);
        }
        it.lines.push_back(line);
      } else {
        it.lines = flatMonteCarlo(root, l, it.nodes);
        if (int(it.lines.size()) > multipv) it.lines.resize(multipv);
      }
      it.elapsedMs = deadline.elapsedMs();
      report(it);
      last = it;
    }
    return last;
  }

 private:
  // Every root move played out from the position after it, the budget shared
  // evenly; lines ranked by the mean return of the player to move.
  std::vector<Line<Move>> flatMonteCarlo(const S& root, const game::SearchLimits& l, uint64_t& playouts) {
    Move moves[S::kMaxMoves], replies[S::kMaxMoves];
    const int n = root.legalMoves(moves);
    const int me = root.currentPlayer();
    std::vector<Line<Move>> lines(n);
    game::Rng rng(l.seed);
    Playout playout;
    for (int i = 0; i < n; ++i) {
      const game::Deadline deadline(l.timeMs ? std::max<int64_t>(1, l.timeMs / n) : 0);
      const uint64_t count = l.playouts ? std::max<uint64_t>(1, l.playouts / uint64_t(n)) : 0;
      double sum = 0;
      uint64_t done = 0;
      while ((count && done < count) || (!count && (done == 0 || !deadline.expired()))) {
        S s = root;
        s.apply(moves[i]);
        while (!s.isTerminal()) {
          const int k = s.legalMoves(replies);
          s.apply(replies[playout(s, replies, k, rng)]);
        }
        sum += s.returns()[me];
        ++done;
      }
      playouts += done;
      lines[i].pv.push_back(moves[i]);
      lines[i].value = sum / double(done);
    }
    std::stable_sort(lines.begin(), lines.end(), [](const Line<Move>& a, const Line<Move>& b) { return a.value > b.value; });
    return lines;
  }

  typename game::Mcts<S, Playout>::Options options_;
};

}  // namespace game::analysis
