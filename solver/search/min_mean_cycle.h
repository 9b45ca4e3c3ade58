// The minimum mean cycle of a directed graph with integer arc weights: the
// cycle whose total weight divided by its number of arcs is least. For a
// one-player game of repeated rounds (a chain of boards whose cost is, in the
// long run, the mean of the cycle it ends in) this is the cheapest way to
// play for ever among the transitions seen.
//
// Karp's characterisation (1978) gives the least mean of each strongly
// connected component:
//   mu = min over v of max over k < n of (D_n(v) - D_k(v)) / (n - k),
// D_k(v) being the least weight of a walk of exactly k arcs from a fixed
// node of the component to v. A cycle that attains it is then found as a
// negative cycle (Bellman-Ford) under the weights (w q - p)(n + 1) - 1 for
// mu = p / q: every cycle of mean mu sums to minus its length, every dearer
// one to at least n + 1 - length > 0.
//
// Both steps cost O(n m) for a component of n nodes and m arcs, and Karp
// keeps (n + 1) n weights: components above `maxNodes` are skipped.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace search {

struct Arc {
  int from = 0;
  int to = 0;
  int64_t weight = 0;
};

struct MeanCycle {
  std::vector<int> arcs;  // indices of the arcs, in order round the cycle
  int64_t weight = 0;     // their total weight
  bool empty() const { return arcs.empty(); }
  double mean() const { return arcs.empty() ? 0.0 : double(weight) / double(arcs.size()); }
};

namespace detail {

// Strongly connected components (Tarjan, iterative): the component of each node.
inline std::vector<int> components(int nodes, const std::vector<Arc>& arcs, int* count) {
  std::vector<std::vector<int>> out(static_cast<size_t>(nodes));
  for (size_t a = 0; a < arcs.size(); ++a) out[static_cast<size_t>(arcs[a].from)].push_back(static_cast<int>(a));
  std::vector<int> index(static_cast<size_t>(nodes), -1), low(static_cast<size_t>(nodes), 0),
      comp(static_cast<size_t>(nodes), -1);
  std::vector<int> stack, work;           // Tarjan's stack; the DFS path
  std::vector<size_t> next(static_cast<size_t>(nodes), 0);  // next out-arc to look at
  std::vector<char> onStack(static_cast<size_t>(nodes), 0);
  int counter = 0, comps = 0;
  for (int root = 0; root < nodes; ++root) {
    if (index[static_cast<size_t>(root)] >= 0) continue;
    work.push_back(root);
    while (!work.empty()) {
      const auto v = static_cast<size_t>(work.back());
      if (next[v] == 0 && index[v] < 0) {
        index[v] = low[v] = counter++;
        stack.push_back(static_cast<int>(v));
        onStack[v] = 1;
      }
      if (next[v] < out[v].size()) {
        const auto w = static_cast<size_t>(arcs[static_cast<size_t>(out[v][next[v]++])].to);
        if (index[w] < 0) {
          work.push_back(static_cast<int>(w));
        } else if (onStack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      work.pop_back();
      if (!work.empty()) {
        const auto parent = static_cast<size_t>(work.back());
        low[parent] = std::min(low[parent], low[v]);
      }
      if (low[v] == index[v]) {
        int w;
        do {
          w = stack.back();
          stack.pop_back();
          onStack[static_cast<size_t>(w)] = 0;
          comp[static_cast<size_t>(w)] = comps;
        } while (w != static_cast<int>(v));
        ++comps;
      }
    }
  }
  *count = comps;
  return comp;
}

// Each node's component, numbered within it, and each component's size
// and internal arcs (in the arcs' order).
struct Components {
  std::vector<int> local;               // each node's number within its component
  std::vector<int> size;                // of each component
  std::vector<std::vector<int>> inner;  // each component's arcs between its own nodes
};

inline Components splitComponents(int nodes, const std::vector<Arc>& arcs) {
  int count = 0;
  const std::vector<int> comp = components(nodes, arcs, &count);
  Components out{std::vector<int>(static_cast<size_t>(nodes), -1), std::vector<int>(static_cast<size_t>(count), 0),
                 std::vector<std::vector<int>>(static_cast<size_t>(count))};
  for (size_t v = 0; v < static_cast<size_t>(nodes); ++v) out.local[v] = out.size[static_cast<size_t>(comp[v])]++;
  for (size_t a = 0; a < arcs.size(); ++a)
    if (comp[static_cast<size_t>(arcs[a].from)] == comp[static_cast<size_t>(arcs[a].to)])
      out.inner[static_cast<size_t>(comp[static_cast<size_t>(arcs[a].from)])].push_back(static_cast<int>(a));
  return out;
}

// The arcs of one component, their ends in its local numbers.
struct LocalArcs {
  const std::vector<Arc>& arcs;
  const std::vector<int>& local;
  const std::vector<int>& here;  // the component's arcs
  size_t n;                      // its nodes
  size_t from(int a) const { return static_cast<size_t>(local[static_cast<size_t>(arcs[static_cast<size_t>(a)].from)]); }
  size_t to(int a) const { return static_cast<size_t>(local[static_cast<size_t>(arcs[static_cast<size_t>(a)].to)]); }
  int64_t weight(int a) const { return arcs[static_cast<size_t>(a)].weight; }
};

// A mean p / q, exactly (q = 0: none).
struct Mean {
  int64_t p = 0, q = 0;
};

// The component's least mean by Karp's characterisation: D[k][v], the
// least weight of a walk of exactly k arcs from local node 0 to v.
inline Mean karpMean(const LocalArcs& g) {
  constexpr int64_t kInf = std::numeric_limits<int64_t>::max() / 4;
  const size_t N = g.n;
  std::vector<int64_t> D((N + 1) * N, kInf);
  D[0] = 0;
  for (size_t k = 1; k <= N; ++k)
    for (int a : g.here) {
      const int64_t d = D[(k - 1) * N + g.from(a)];
      if (d < kInf) {
        int64_t& t = D[k * N + g.to(a)];
        t = std::min(t, d + g.weight(a));
      }
    }
  Mean least;
  for (size_t v = 0; v < N; ++v) {
    const int64_t dn = D[N * N + v];
    if (dn >= kInf) continue;
    Mean most;  // max over k of (dn - D[k][v]) / (n - k)
    for (size_t k = 0; k < N; ++k) {
      const int64_t dk = D[k * N + v];
      if (dk >= kInf) continue;
      const int64_t np = dn - dk, nq = static_cast<int64_t>(N - k);
      if (most.q == 0 || np * most.q > most.p * nq) most = {np, nq};
    }
    if (most.q != 0 && (least.q == 0 || most.p * least.q < least.p * most.q)) least = most;
  }
  return least;
}

// A cycle of the component of mean m (its least): a negative cycle under
// (w q - p)(n + 1) - 1, found by Bellman-Ford from a virtual source (all
// 0): a relaxation in round n lies on or leads from one. Empty when there
// is none (cannot happen for the least mean).
inline MeanCycle cycleOfMean(const LocalArcs& g, Mean m) {
  const size_t N = g.n;
  std::vector<int64_t> dist(N, 0);
  std::vector<int> pred(N, -1);
  int changed = -1;
  for (size_t round = 0; round < N; ++round) {
    changed = -1;
    for (int a : g.here) {
      const int64_t w = (g.weight(a) * m.q - m.p) * static_cast<int64_t>(N + 1) - 1;
      if (dist[g.from(a)] + w < dist[g.to(a)]) {
        dist[g.to(a)] = dist[g.from(a)] + w;
        pred[g.to(a)] = a;
        changed = static_cast<int>(g.to(a));
      }
    }
    if (changed < 0) break;
  }
  MeanCycle found;
  if (changed < 0) return found;
  auto v = static_cast<size_t>(changed);
  for (size_t i = 0; i < N; ++i) v = g.from(pred[v]);  // surely on the cycle now
  size_t u = v;
  do {
    found.arcs.push_back(pred[u]);
    found.weight += g.weight(pred[u]);
    u = g.from(pred[u]);
  } while (u != v);
  std::reverse(found.arcs.begin(), found.arcs.end());
  return found;
}

}  // namespace detail

// The least-mean cycle of the graph (arc indices round it), or an empty one
// when the graph has no cycle (within components of at most maxNodes nodes).
// Ties go to the component found first, then to Bellman-Ford's first find:
// the result depends only on the arcs and their order.
inline MeanCycle minMeanCycle(int nodes, const std::vector<Arc>& arcs, int maxNodes = 3000) {
  const detail::Components parts = detail::splitComponents(nodes, arcs);
  MeanCycle best;
  detail::Mean bestMean{0, 1};
  for (size_t c = 0; c < parts.size.size(); ++c) {
    const int n = parts.size[c];
    if (parts.inner[c].empty() || n > maxNodes) continue;
    const detail::LocalArcs g{arcs, parts.local, parts.inner[c], static_cast<size_t>(n)};
    const detail::Mean m = detail::karpMean(g);
    if (m.q == 0) continue;
    if (!best.empty() && m.p * bestMean.q >= bestMean.p * m.q) continue;  // not cheaper than a component before
    MeanCycle found = detail::cycleOfMean(g, m);
    if (found.empty()) continue;
    best = std::move(found);
    bestMean = m;
  }
  return best;
}

}  // namespace search
