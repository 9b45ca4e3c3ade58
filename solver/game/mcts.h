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
// - Solver (Options::solver, on by default; MCTS-Solver after Winands,
//   Bjornsson and Saito, for any number of players): a node whose value is
//   known exactly is marked solved, with that value as its mean (its sum is
//   rewritten to value x visits): a terminal node; a node where the player
//   to move has a solved child giving them the full return 1 (a proven
//   win: nothing can be better); a node whose children are all expanded
//   and solved (the best for the player to move). Selection never enters a
//   solved child giving the mover 0 (a proven loss) and stops at any other
//   solved node, backing up its exact value without a playout; a solved
//   root ends the search. The result then carries Proof::Win/Loss (two
//   players also Draw) and the plies to the end of the proving line (a win
//   by the shortest solved line, a loss by the longest).
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
    bool solver = true;               // mark and use solved nodes (see above)
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

    if (fromSolvedRoot(me, result)) {
      result.stats.elapsedMs = deadline.elapsedMs();
      return result;
    }

    // Add up the root children of all trees, matched by move; a child
    // proven lost for the mover in any tree is never chosen while another is left.
    std::vector<uint64_t> visits(n, 0);
    std::vector<char> lost(n, 0);
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
            if (child.solved && child.sum[me] <= 0.0) lost[i] = 1;
            break;
          }
      }
    }
    int best = -1;
    for (int i = 0; i < n; ++i)
      if (!lost[i] && (best < 0 || visits[i] > visits[best])) best = i;
    if (best < 0) best = int(std::max_element(visits.begin(), visits.end()) - visits.begin());
    result.move = moves[best];
    result.hasMove = true;
    result.value = visits[best] ? sums[best] / double(visits[best]) : 0.0;
    result.stats.elapsedMs = deadline.elapsedMs();
    return result;
  }

 private:
  static constexpr uint32_t kNotExpanded = ~0u;

  // A tree that solved the root decides: its proving child, the exact
  // value and the proof. False when no tree did.
  bool fromSolvedRoot(int me, SearchResult<Move>& result) const {
    for (const Tree& tree : trees_) {
      const Node& r = tree.nodes[0];
      if (!r.solved) continue;
      result.move = tree.nodes[tree.provingChild(r, me)].move;
      result.hasMove = true;
      result.value = r.sum[me] / r.visits;
      result.proof = result.value >= 1.0 ? Proof::Win
                     : result.value <= 0.0 ? Proof::Loss
                     : S::kPlayers == 2 ? Proof::Draw
                                        : Proof::None;
      result.proofPlies = r.plies;
      for (const Tree& t : trees_) result.stats.playouts += t.nodes[0].visits, result.stats.nodes += t.nodes.size();
      return true;
    }
    return false;
  }

  struct Node {
    Move move{};
    bool terminal = false;
    bool solved = false;  // the value is exact: sum / visits (solver)
    uint8_t player = 0;   // to move here (set when expanded)
    uint16_t plies = 0;   // solved: plies to the end of the proving line
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
        if (nodes[0].solved) break;  // the root's value is known
        S s = root;
        path.clear();
        uint32_t at = 0;
        path.push_back(at);
        bool exact = false;  // the selection stopped at a solved node
        // Selection and expansion.
        while (!nodes[at].terminal) {
          if (nodes[at].solved) {
            exact = true;
            break;
          }
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
            nodes[at].player = uint8_t(s.currentPlayer());
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
          next = select(node, s.currentPlayer(), opt.exploration, opt.solver);
          s.apply(nodes[next].move);
          path.push_back(next);
          at = next;
        }
        // Playout, or the solved node's exact value.
        std::array<double, S::kPlayers> returns;
        if (exact) {
          const Node& known = nodes[path.back()];
          for (int p = 0; p < S::kPlayers; ++p) returns[p] = known.sum[p] / known.visits;
        } else {
          while (!s.isTerminal()) {
            const int n = s.legalMoves(moves);
            s.apply(moves[playout(s, moves, n, rng)]);
          }
          returns = s.returns();
        }
        for (uint32_t i : path) {
          Node& node = nodes[i];
          ++node.visits;
          for (int p = 0; p < S::kPlayers; ++p) node.sum[p] += returns[p];
        }
        if (opt.solver) solveUpwards();
      }
    }

    // After a backup: the path's last node is solved if terminal, then each
    // node above it while a newly solved child solves it too.
    void solveUpwards() {
      for (std::size_t k = path.size(); k-- > 0;) {
        Node& node = nodes[path[k]];
        if (node.solved) return;  // an exact value backed up: its ancestors were checked when it was solved
        if (node.terminal) {
          node.solved = true;
          node.plies = 0;
          continue;
        }
        if (node.firstChild == kNotExpanded || !trySolve(node)) return;
      }
    }

    // Solves `node` from its children if it can (see the header).
    bool trySolve(Node& node) {
      const int p = node.player;
      bool all = node.expanded == node.numChildren;
      uint32_t win = kNotExpanded, best = kNotExpanded;
      int longest = 0;
      for (uint32_t i = node.firstChild; i < node.firstChild + node.expanded; ++i) {
        const Node& c = nodes[i];
        if (!c.solved) {
          all = false;
          continue;
        }
        const double v = c.sum[p] / c.visits;
        if (v >= 1.0 && (win == kNotExpanded || c.plies < nodes[win].plies)) win = i;
        if (best == kNotExpanded || v > nodes[best].sum[p] / nodes[best].visits) best = i;
        longest = std::max<int>(longest, c.plies);
      }
      if (win == kNotExpanded && !all) return false;
      const Node& from = nodes[win != kNotExpanded ? win : best];
      for (int q = 0; q < S::kPlayers; ++q) node.sum[q] = from.sum[q] / from.visits * node.visits;
      node.plies = uint16_t(1 + (win != kNotExpanded ? from.plies : longest));
      node.solved = true;
      return true;
    }

    // The child that proves a solved node's value for `player`: the shortest
    // win, else the best value (a loss: the longest line).
    uint32_t provingChild(const Node& node, int player) const {
      uint32_t best = node.firstChild;
      for (uint32_t i = node.firstChild; i < node.firstChild + node.expanded; ++i) {
        const Node& c = nodes[i], &b = nodes[best];
        if (!c.solved) continue;
        if (!b.solved) {
          best = i;
          continue;
        }
        const double v = c.sum[player] / c.visits, bv = b.sum[player] / b.visits;
        if (v > bv || (v == bv && (v >= 1.0 ? c.plies < b.plies : c.plies > b.plies))) best = i;
      }
      return best;
    }

    uint32_t select(const Node& node, int player, double c, bool solver) const {
      const double logN = std::log(double(node.visits));
      uint32_t best = node.firstChild;
      double bestValue = -1e300;
      for (uint32_t i = node.firstChild; i < node.firstChild + node.numChildren; ++i) {
        const Node& child = nodes[i];
        if (solver && child.solved && child.sum[player] <= 0.0) continue;  // a proven loss for the mover
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
