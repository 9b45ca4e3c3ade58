// IDA* (Korf), written once for any single-agent problem with an admissible
// bound. Depth-first with an increasing f = g + h limit; memory is the path.
//
// Beyond the beam-search interface (search/beam.h) a problem supplies
//   int bound(const State&) const;                 // admissible: never above the moves left
//   bool canonical(Move previous, Move next) const; // false: `next` after `previous` is a
//                                                   // line another order already covers
// so that of two commuting moves only one order is searched.
#pragma once
#include <cstdint>
#include <vector>

#include "search/beam.h"

namespace search {

template <class P>
concept IdaProblem = BeamProblem<P> && requires(const P& p, const typename P::State& s, typename P::Move m) {
  { p.bound(s) } -> std::convertible_to<int>;
  { p.canonical(m, m) } -> std::convertible_to<bool>;
};

struct IdaOptions {
  uint64_t nodeLimit = 1'000'000;  // give up after this many expansions
  int maxDepth = 99;
};

template <class P>
struct IdaResult {
  bool solved = false;
  std::vector<typename P::Move> path;
  uint64_t nodes = 0;
  int lastBound = 0;  // the f limit of the last iteration (a proven lower bound when not solved)
};

template <IdaProblem P>
IdaResult<P> idaStar(const P& problem, const typename P::State& start, const IdaOptions& opt) {
  using State = typename P::State;
  using Move = typename P::Move;
  IdaResult<P> result;
  std::vector<Move> path;
  constexpr int kFound = -1;
  bool outOfNodes = false;

  // Returns kFound, or the smallest f above the limit seen below this node.
  auto dfs = [&](auto&& self, const State& s, uint64_t parentHash, int g, int limit) -> int {
    const int f = g + problem.bound(s);
    if (f > limit) return f;
    if (problem.isGoal(s)) return kFound;
    if (g >= opt.maxDepth) return 1 << 30;
    if (++result.nodes > opt.nodeLimit) {
      outOfNodes = true;
      return 1 << 30;
    }
    Move moves[P::kMaxMoves];
    const int n = problem.moves(s, moves);
    int next = 1 << 30;
    const uint64_t h = problem.hash(s);
    for (int i = 0; i < n && !outOfNodes; ++i) {
      if (!path.empty() && !problem.canonical(path.back(), moves[i])) continue;
      const State child = problem.apply(s, moves[i]);
      if (problem.hash(child) == parentHash) continue;  // undoes the move before
      path.push_back(moves[i]);
      const int t = self(self, child, h, g + 1, limit);
      if (t == kFound) return kFound;
      path.pop_back();
      next = std::min(next, t);
    }
    return next;
  };

  int limit = problem.bound(start);
  while (!outOfNodes && limit <= opt.maxDepth) {
    result.lastBound = limit;
    const int t = dfs(dfs, start, ~uint64_t{0}, 0, limit);
    if (t == kFound) {
      result.solved = true;
      result.path = path;
      return result;
    }
    limit = t;
  }
  return result;
}

}  // namespace search
