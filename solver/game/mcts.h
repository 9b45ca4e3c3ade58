// Monte Carlo tree search (UCT) for games of any number of players.
//
//   Mcts<S> mcts({.exploration = 0.7});
//   SearchResult<S::Move> r = mcts.search(state, limits);
//
// - Every node keeps the SUM of the return vectors (one return per player,
//   S::returns()) of the playouts through it. At a node the player to move
//   chooses the child with the best mean return FOR THAT PLAYER plus the UCT
//   bonus, so the backup is max^n: each player maximises its own return. With
//   two players and returns summing to 1 this is ordinary UCT.
// - Playouts follow a policy (uniform random by default; see the playout
//   policies below) to the end of the game.
// - Limits: limits.timeMs and/or limits.playouts (over all threads); with
//   neither, 1000 playouts.
// - limits.threads > 1: root parallelisation (search::onThreads,
//   solver/search/parallel.h). Each thread grows its
//   own tree from its own seed; the root children's statistics are added up
//   and the most visited move wins. With one thread and a playout limit the
//   search is reproducible: same seed, same tree, same move.
// - On parallel.h's serial path (the WebAssembly build, where oneTBB does
//   not exist, or NUGGET_SERIAL) the trees are grown one after another on
//   the calling thread instead. Each tree is the same as in the parallel
//   build (own seed, playouts/threads playouts), so with a playout limit the
//   move is the same; under a time limit the first tree takes the time.
// - Memory: children are created in one block per node, at most
//   Options::maxNodes nodes per tree; a full tree keeps selecting and playing
//   out, it just stops growing.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "search/parallel.h"

#include "game/game.h"
#include "game/rng.h"
#include "game/search.h"

namespace game {

// Uniformly random playouts.
struct RandomPlayout {
  template <class S>
  int operator()(const S&, const typename S::Move*, int n, Rng& rng) const {
    return int(rng.below(uint32_t(n)));
  }
};

// A light heuristic playout: looks at up to K random moves and takes the first
// that ends the game with the full return for the mover (an immediate win);
// otherwise a random one. Pays K applies per step for much less noisy
// playouts in games with sudden wins (JC Attract).
template <int K>
struct WinFirstPlayout {
  template <class S>
  int operator()(const S& s, const typename S::Move* moves, int n, Rng& rng) const {
    const int me = s.currentPlayer();
    for (int k = 0; k < K && k < n; ++k) {
      const int i = int(rng.below(uint32_t(n)));
      S child = s;
      child.apply(moves[i]);
      if (child.isTerminal() && child.returns()[me] >= 1.0) return i;
    }
    return int(rng.below(uint32_t(n)));
  }
};

template <GameState S, class Playout = RandomPlayout>
class Mcts {
 public:
  using Move = typename S::Move;
  using Returns = std::array<double, S::kPlayers>;
  struct Options {
    double exploration = 0.7;        // UCT constant c in mean + c*sqrt(ln N / n)
    std::size_t maxNodes = 1u << 21;  // per tree
  };

  explicit Mcts(Options options = {}, Playout playout = {}) : options_(options), playout_(playout) {}

  SearchResult<Move> search(const S& root, const SearchLimits& limits) {
    SearchResult<Move> result;
    const Deadline deadline(limits.timeMs);
    if (root.isTerminal()) return result;
    Move moves[S::kMaxMoves];
    const int n = root.legalMoves(moves);
    if (n == 0) return result;
    const int me = root.currentPlayer();

    // A move that ends the game in the mover's favour needs no statistics.
    for (int i = 0; i < n; ++i) {
      S child = root;
      child.apply(moves[i]);
      if (child.isTerminal() && child.returns()[me] >= 1.0) {
        result.move = moves[i];
        result.hasMove = true;
        result.value = 1.0;
        result.proof = Proof::Win;
        result.proofPlies = 1;
        result.stats.elapsedMs = deadline.elapsedMs();
        return result;
      }
    }

    const int threads = std::max(1, limits.threads);
    const uint64_t total = limits.playouts ? limits.playouts : (limits.timeMs ? 0 : 1000);
    const uint64_t perThread = total ? (total + threads - 1) / threads : 0;
    trees_.resize(threads);
    auto run = [&](int t) {
      uint64_t seed = limits.seed + 0x9E3779B97F4A7C15ull * uint64_t(t);
      trees_[t].grow(root, Rng(Rng::splitmix(seed)), perThread, deadline, options_, playout_);
    };
    if (threads == 1) run(0);
    else search::onThreads(threads, run);

    // Add up the root children of all trees, matched by move.
    std::vector<uint64_t> visits(n, 0);
    std::vector<double> sums(n, 0.0);
    for (const Tree& tree : trees_) {
      result.stats.playouts += tree.nodes[0].visits;
      result.stats.nodes += tree.nodes.size();
      const Node& r = tree.nodes[0];
      for (uint32_t c = 0; c < r.expanded; ++c) {
        const Node& child = tree.nodes[r.firstChild + c];
        for (int i = 0; i < n; ++i)
          if (moves[i] == child.move) {
            visits[i] += child.visits;
            sums[i] += child.sum[me];
            break;
          }
      }
    }
    const int best = int(std::max_element(visits.begin(), visits.end()) - visits.begin());
    result.move = moves[best];
    result.hasMove = true;
    result.value = visits[best] ? sums[best] / double(visits[best]) : 0.0;
    result.stats.elapsedMs = deadline.elapsedMs();
    return result;
  }

 private:
  static constexpr uint32_t kNotExpanded = ~0u;

  struct Node {
    Move move{};
    bool terminal = false;
    uint32_t firstChild = kNotExpanded;  // children are one block
    uint32_t numChildren = 0;
    uint32_t expanded = 0;  // children [0, expanded) have been visited
    uint32_t visits = 0;
    std::array<double, S::kPlayers> sum{};  // double: float totals drift once visits reach millions
  };

  struct Tree {
    std::vector<Node> nodes;
    std::vector<uint32_t> path;

    void grow(const S& root, Rng rng, uint64_t playouts, const Deadline& deadline, const Options& opt,
              const Playout& playout) {
      nodes.clear();
      nodes.reserve(std::min<std::size_t>(opt.maxNodes, 1u << 16));
      nodes.push_back(Node{});
      Move moves[S::kMaxMoves];
      for (uint64_t done = 0;; ++done) {
        if (playouts && done >= playouts) break;
        if ((done & 31) == 0 && deadline.expired()) break;
        S s = root;
        path.clear();
        uint32_t at = 0;
        path.push_back(at);
        // Selection and expansion.
        while (!nodes[at].terminal) {
          if (nodes[at].firstChild == kNotExpanded) {
            const int n = s.legalMoves(moves);
            if (nodes.size() + std::size_t(n) > opt.maxNodes) break;  // tree full: play out from here
            // Children in random order, so "next unvisited child" is a random one.
            for (int i = n - 1; i > 0; --i) std::swap(moves[i], moves[rng.below(uint32_t(i + 1))]);
            const uint32_t first = uint32_t(nodes.size());
            for (int i = 0; i < n; ++i) {
              Node child;
              child.move = moves[i];
              nodes.push_back(child);
            }
            nodes[at].firstChild = first;
            nodes[at].numChildren = uint32_t(n);
          }
          Node& node = nodes[at];
          uint32_t next;
          if (node.expanded < node.numChildren) {
            next = node.firstChild + node.expanded++;
            s.apply(nodes[next].move);
            nodes[next].terminal = s.isTerminal();
            path.push_back(next);
            break;
          }
          next = select(node, s.currentPlayer(), opt.exploration);
          s.apply(nodes[next].move);
          path.push_back(next);
          at = next;
        }
        // Playout.
        while (!s.isTerminal()) {
          const int n = s.legalMoves(moves);
          s.apply(moves[playout(s, moves, n, rng)]);
        }
        const auto returns = s.returns();
        for (uint32_t i : path) {
          Node& node = nodes[i];
          ++node.visits;
          for (int p = 0; p < S::kPlayers; ++p) node.sum[p] += returns[p];
        }
      }
    }

    uint32_t select(const Node& node, int player, double c) const {
      const double logN = std::log(double(node.visits));
      uint32_t best = node.firstChild;
      double bestValue = -1e300;
      for (uint32_t i = node.firstChild; i < node.firstChild + node.numChildren; ++i) {
        const Node& child = nodes[i];
        const double v = child.sum[player] / child.visits + c * std::sqrt(logN / child.visits);
        if (v > bestValue) {
          bestValue = v;
          best = i;
        }
      }
      return best;
    }
  };

  Options options_;
  Playout playout_;
  std::vector<Tree> trees_;
};

}  // namespace game
