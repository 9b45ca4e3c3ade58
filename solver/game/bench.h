// A search bench with a signature, in the way of Stockfish's `bench`: fixed
// positions searched to fixed limits (depth, playouts: never time), so the
// number of nodes visited is the same on every run, machine and thread
// count; a change in the search or the engine shows as a change in that
// number (the signature), while the time gives the speed (nodes/s).
//
//   auto ps = game::bench::positions(S(8), {0, 8, 16}, 3, seed);  // 3 a ply count
//   game::bench::Total t = game::bench::run(ps, threads, [](const S& s) { ...search...; return stats; });
//
// Positions are reached by uniformly random moves drawn from game::Rng
// (solver/game/rng.h, the same numbers under every standard library);
// a game that ends before its ply count is drawn again with the next seed.
// run() searches position i on thread i mod `threads`, each with a search
// object of its own (made inside `search`), and adds the counts up in
// position order, so the totals do not depend on `threads`.
// Nothing here names a game: solver/registry/bench.h picks the searches.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "search/parallel.h"

#include "game/game.h"
#include "game/rng.h"
#include "game/search.h"

namespace game::bench {

// `perPly` positions for each ply count, each `plies` random moves from
// `start` and not terminal.
template <GameState S>
std::vector<S> positions(const S& start, std::initializer_list<int> plies, int perPly, uint64_t seed) {
  std::vector<S> out;
  typename S::Move moves[S::kMaxMoves];
  for (int ply : plies)
    for (int k = 0; k < perPly; ++k)
      for (;; ++seed) {
        Rng rng(seed);
        S s = start;
        int i = 0;
        for (; i < ply && !s.isTerminal(); ++i) s.apply(moves[rng.below(uint32_t(s.legalMoves(moves)))]);
        if (i == ply && !s.isTerminal()) {
          out.push_back(s);
          ++seed;
          break;
        }
      }
  return out;
}

struct Total {
  int positions = 0;
  uint64_t nodes = 0;     // SearchStats::nodes summed: the signature
  uint64_t playouts = 0;  // SearchStats::playouts summed (MCTS)
  double wallMs = 0;
  double nodesPerSecond() const { return wallMs > 0 ? double(nodes) * 1000.0 / wallMs : 0; }
};

// search(const S&) -> SearchStats, called once per position.
template <class S, class Search>
Total run(const std::vector<S>& ps, int threads, Search search) {
  std::vector<SearchStats> stats(ps.size());
  const auto start = std::chrono::steady_clock::now();
  threads = std::max(1, std::min<int>(threads, int(ps.size())));
  search::onThreads(threads, [&](int t) {
    for (std::size_t i = std::size_t(t); i < ps.size(); i += std::size_t(threads)) stats[i] = search(ps[i]);
  });
  Total total;
  total.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  total.positions = int(ps.size());
  for (const SearchStats& s : stats) total.nodes += s.nodes, total.playouts += s.playouts;
  return total;
}

}  // namespace game::bench
