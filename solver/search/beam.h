// Beam search, written once for any single-agent search problem.
//
// A problem supplies states, moves, apply, a hash, a goal test and a score
// (lower is better):
//
//   struct P {
//     using State = ...; using Move = ...;
//     static constexpr int kMaxMoves = ...;
//     int moves(const State&, Move* out) const;    // legal moves, fills out
//     State apply(const State&, Move) const;
//     uint64_t hash(const State&) const;
//     bool isGoal(const State&) const;
//     int32_t score(const State&) const;
//   };
//
// Each level expands every beam node in parallel (oneTBB) into per-chunk
// buffers, deduplicates children by hash and keeps the best `width` by
// (score, hash, parent, move). That order depends on nothing but the
// children, so the result is identical for any number of threads. Paths are
// kept as parent pointers per level, never as copied move vectors.
#pragma once
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <bit>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <limits>
#include <vector>
#include <cstdio>
#include <cstdlib>


namespace search {

// Hashes of states already kept at an earlier level. Filled only between
// levels (single-threaded), read concurrently during expansion. Open
// addressing, grows by doubling; 0 marks an empty slot (a zero hash is
// remapped), so a lookup is a few cache lines at most.
class SeenSet {
 public:
  explicit SeenSet(size_t expected = 1024) { table_.assign(std::bit_ceil(std::max<size_t>(expected * 2, 1024)), 0); }
  bool contains(uint64_t h) const {
    h = h ? h : 1;
    for (size_t i = h & (table_.size() - 1);; i = (i + 1) & (table_.size() - 1)) {
      if (table_[i] == h) return true;
      if (table_[i] == 0) return false;
    }
  }
  void insert(uint64_t h) {
    h = h ? h : 1;
    if ((size_ + 1) * 2 > table_.size()) grow();
    for (size_t i = h & (table_.size() - 1);; i = (i + 1) & (table_.size() - 1)) {
      if (table_[i] == h) return;
      if (table_[i] == 0) {
        table_[i] = h;
        ++size_;
        return;
      }
    }
  }
  size_t size() const { return size_; }

 private:
  void grow() {
    std::vector<uint64_t> old;
    old.swap(table_);
    table_.assign(old.size() * 2, 0);
    size_ = 0;
    for (uint64_t h : old)
      if (h) insert(h);
  }
  std::vector<uint64_t> table_;
  size_t size_ = 0;
};

template <class P>
concept BeamProblem = requires(const P& p, const typename P::State& s, typename P::Move m, typename P::Move* out) {
  { P::kMaxMoves } -> std::convertible_to<int>;
  { p.moves(s, out) } -> std::convertible_to<int>;
  { p.apply(s, m) } -> std::same_as<typename P::State>;
  { p.hash(s) } -> std::convertible_to<uint64_t>;
  { p.isGoal(s) } -> std::convertible_to<bool>;
  { p.score(s) } -> std::convertible_to<int32_t>;
};

struct BeamOptions {
  int width = 1000;
  int maxDepth = 99;
  int extraDepth = 0;      // levels still searched after the first goal, for more varied goals
  size_t maxGoals = 64;    // goals kept (the first found, then by score)
  uint64_t salt = 0;       // varies the order among equal scores (a seed), still deterministic
};

struct BeamStats {
  uint64_t generated = 0;  // children evaluated
  int depth = 0;           // levels expanded
};

template <class P>
struct BeamGoal {
  typename P::State state;
  std::vector<typename P::Move> path;
  int32_t score;
  uint64_t hash;
};

template <BeamProblem P>
struct BeamResult {
  std::vector<BeamGoal<P>> goals;  // shortest first, then by (score, hash)
  BeamStats stats;
};

// A bijection, so equal hashes stay equal (deduplication is unaffected).
inline uint64_t mixSalt(uint64_t h, uint64_t salt) {
  if (salt == 0) return h;
  h ^= salt;
  h *= 0xFF51AFD7ED558CCDull;
  return h ^ (h >> 33);
}

template <BeamProblem P>
BeamResult<P> beamSearch(const P& problem, const typename P::State& start, const BeamOptions& opt) {
  using State = typename P::State;
  using Move = typename P::Move;
  constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  struct Node {
    State state;
    uint64_t hash;
    uint64_t parentHash;  // to skip a move that undoes the one before
    int32_t score;
    uint32_t parent;      // index in the previous level
    Move move;
  };
  struct Key {
    int32_t score;
    uint64_t hash;
    uint32_t chunk, index;
    bool operator<(const Key& o) const {
      if (score != o.score) return score < o.score;
      if (hash != o.hash) return hash < o.hash;
      if (chunk != o.chunk) return chunk < o.chunk;  // chunk order = parent order
      return index < o.index;
    }
  };
  struct Link {
    uint32_t parent;
    Move move;
  };

  BeamResult<P> result;
  const uint64_t h0 = problem.hash(start);
  std::vector<Node> beam{Node{start, h0, h0, problem.score(start), kNone, Move{}}};
  std::vector<std::vector<Link>> trace{{Link{kNone, Move{}}}};
  // States kept at earlier levels are not kept again: without this a beam on
  // a plateau fills up with the same states reached by short cycles.
  SeenSet seen(static_cast<size_t>(opt.width) * 32);
  seen.insert(h0);
  if (problem.isGoal(start)) {
    result.goals.push_back({start, {}, beam[0].score, h0});
    return result;
  }
  auto pathTo = [&](uint32_t index, Move last) {
    std::vector<Move> path{last};
    for (size_t d = trace.size() - 1; d > 0; --d) {
      path.push_back(trace[d][index].move);
      index = trace[d][index].parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  };

  constexpr size_t kChunk = 256;
  std::vector<std::vector<Node>> buffers;
  std::vector<Key> keys;
  int goalDepth = -1;
  for (int depth = 1; depth <= opt.maxDepth && !beam.empty(); ++depth) {
    if (goalDepth >= 0 && depth > goalDepth + opt.extraDepth) break;
    const size_t chunks = (beam.size() + kChunk - 1) / kChunk;
    buffers.resize(chunks);
    tbb::parallel_for(size_t{0}, chunks, [&](size_t c) {
      auto& out = buffers[c];
      out.clear();
      Move moves[P::kMaxMoves];
      const size_t end = std::min(beam.size(), (c + 1) * kChunk);
      for (size_t i = c * kChunk; i < end; ++i) {
        const Node& n = beam[i];
        const int count = problem.moves(n.state, moves);
        for (int j = 0; j < count; ++j) {
          State child = problem.apply(n.state, moves[j]);
          const uint64_t h = problem.hash(child);
          if (h == n.parentHash || seen.contains(h)) continue;
          out.push_back(Node{child, h, n.hash, problem.score(child), static_cast<uint32_t>(i), moves[j]});
        }
      }
    });
    keys.clear();
    for (uint32_t c = 0; c < chunks; ++c)
      for (uint32_t i = 0; i < buffers[c].size(); ++i)
        keys.push_back(Key{buffers[c][i].score, mixSalt(buffers[c][i].hash, opt.salt), c, i});
    result.stats.generated += keys.size();
    result.stats.depth = depth;
    tbb::parallel_sort(keys.begin(), keys.end());

    std::vector<Node> next;
    std::vector<Link> links;
    next.reserve(std::min<size_t>(keys.size(), opt.width));
    uint64_t lastHash = 0;
    bool first = true;
    for (const Key& k : keys) {
      if (!first && k.hash == lastHash) continue;  // same state reached twice: keep the first
      first = false;
      lastHash = k.hash;
      const Node& n = buffers[k.chunk][k.index];
      if (problem.isGoal(n.state)) {
        if (goalDepth < 0) goalDepth = depth;
        if (result.goals.size() < opt.maxGoals) result.goals.push_back({n.state, pathTo(n.parent, n.move), n.score, n.hash});
        continue;  // a goal is never expanded
      }
      if (next.size() < static_cast<size_t>(opt.width)) {
        next.push_back(n);
        links.push_back(Link{n.parent, n.move});
      }
    }

    for (const Node& n : next) seen.insert(n.hash);
    beam.swap(next);
    trace.push_back(std::move(links));
  }
  return result;
}

}  // namespace search
