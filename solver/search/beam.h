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
// Each level expands every beam node in parallel (oneTBB). A child is only
// a 16-byte key while the level is chosen: (score, hash, parent, move) in
// one 128-bit word, so choosing is a bucketed selection of the best keys
// and a sort of those alone, and the few children kept are built again
// from their parent and move, at the next level, by the thread that expands
// them. A state reached twice (equal hash and score) is kept once. Equal
// hashes with other scores are kept apart on
// purpose: the hash may see less than the score (a board's hash sees the
// shown face, the chain heuristic both), and keeping only the best-scored
// copy made 200-board chains worse (27.3 against 24.4 moves a board over
// the first 21 boards, results/README.md). Goals are recognised during the parallel
// expansion and never expanded. The order depends on nothing but the
// children, so the result is identical for any number of threads. Paths are
// kept as parent pointers per level, never as copied move vectors.
#pragma once
#include "search/parallel.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <vector>
#include <cstdio>
#include <cstdlib>


namespace search {

// Hashes of states already kept at an earlier level. Filled only between
// levels (single-threaded), read concurrently during expansion. Open
// addressing, grows by doubling; 0 marks an empty slot (a zero hash is
// remapped), so a lookup is a few cache lines at most.
//
// The table comes from calloc, not a zero-filled vector: a wide beam's set
// is gigabytes (1 GB at width 1 M), and calloc hands over pages the kernel
// zeroes when first touched. Filling them at once took 30 s at width 10 M,
// a stretch that no stop request could cut short.
class SeenSet {
 public:
  explicit SeenSet(size_t expected = 1024) { allocate(slotsFor(expected)); }
  bool contains(uint64_t h) const {
    h = h ? h : 1;
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      if (table_[i] == h) return true;
      if (table_[i] == 0) return false;
    }
  }
  void insert(uint64_t h) {
    h = h ? h : 1;
    if ((size_ + 1) * 2 > mask_ + 1) grow();
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      if (table_[i] == h) return;
      if (table_[i] == 0) {
        table_[i] = h;
        ++size_;
        return;
      }
    }
  }
  size_t size() const { return size_; }
  // Asks the cache for the line where a lookup of h starts. The set is
  // larger than the L2 cache (1 MB at width 2000), so most lookups miss;
  // prefetching all of a node's children before looking any up overlaps
  // those misses.
  void prefetch(uint64_t h) const {
    h = h ? h : 1;
    __builtin_prefetch(&table_[h & mask_]);
  }
  // Empties the set, sized for `expected` entries.
  void clear(size_t expected) {
    const size_t want = slotsFor(expected);
    if (want != mask_ + 1) allocate(want);
    else std::fill(table_.get(), table_.get() + want, uint64_t{0});
    size_ = 0;
  }

 private:
  struct Free {
    void operator()(uint64_t* p) const { std::free(p); }
  };
  static size_t slotsFor(size_t expected) { return std::bit_ceil(std::max<size_t>(expected * 2, 1024)); }
  void allocate(size_t slots) {
    table_.reset();  // the old table goes back before the new one is asked for
    table_.reset(static_cast<uint64_t*>(std::calloc(slots, sizeof(uint64_t))));
    if (!table_) throw std::bad_alloc();
    mask_ = slots - 1;
  }
  void grow() {
    std::unique_ptr<uint64_t[], Free> old(table_.release());
    const size_t oldSlots = mask_ + 1;
    allocate(oldSlots * 2);
    size_ = 0;
    for (size_t i = 0; i < oldSlots; ++i)
      if (old[i]) insert(old[i]);
  }
  std::unique_ptr<uint64_t[], Free> table_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

// A search ended early because BeamOptions::stop said so.
struct Stopped : std::runtime_error {
  Stopped() : std::runtime_error("search stopped") {}
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
  // Set: read before each level, by every chunk of a level's expansion, and
  // between the steps of its selection (a wide level takes seconds, a
  // width-10 M one's selection alone ~1 s); once true the search throws
  // Stopped. A Ctrl-C is then honoured within a chunk or a step, not at the
  // end of a level or a board; the caller drops the board.
  const std::atomic<bool>* stop = nullptr;
  int width = 1000;
  int maxDepth = 99;
  int extraDepth = 0;      // levels still searched after the first goal, for more varied goals
  size_t maxGoals = 64;    // goals kept (the first found, then by score)
  uint64_t salt = 0;       // varies the order among equal scores (a seed), still deterministic
};

struct BeamStats {
  uint64_t generated = 0;  // children generated (every legal move of every node expanded)
  int depth = 0;           // levels expanded
};

// A problem may test many states for goals at once (for instance to overlap
// the cache misses of table lookups): goals(states, n, out) sets out[i] to
// isGoal(*states[i]). The beam then asks for each node's children together.
template <class P>
concept BatchGoals = requires(const P& p, const typename P::State* const* s, int n, bool* out) {
  p.goals(s, n, out);
};

// A problem may build a node's children in two steps: expand(s, moves, n,
// out) applies the moves (enough for hash and isGoal), finish(s, moves,
// kids, n) completes the children the beam goes on with (for a board: the
// heuristic's summaries, computed together). Children already seen are then
// never finished.
template <class P>
concept TwoStepChildren = requires(const P& p, const typename P::State& s, const typename P::Move* moves, int n,
                                   typename P::State* out, typename P::State* const* kids) {
  p.expand(s, moves, n, out);
  p.finish(s, moves, kids, n);
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

namespace detail {

// One run of beamSearch, its steps as member functions: the level's nodes
// built and expanded into keys (expandLevel, expandChunk), the chunks'
// results summed (sumChunks), the goals taken (takeGoals), and the best
// `width` distinct keys chosen (chooseBest: countBuckets, gather,
// takeDistinct). The state that lives across levels is held here.
template <BeamProblem P>
class BeamSearch {
  using State = typename P::State;
  using Move = typename P::Move;
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  static_assert(P::kMaxMoves <= 32, "a key holds the move's index in 5 bits");
  struct Node {
    State state;
    uint64_t hash;
    uint64_t parentHash;  // to skip a move that undoes the one before
  };
  // (score, salted hash, parent, move index), most significant first: the
  // order of the old (score, hash, chunk, index) keys, as one integer.
  __extension__ typedef unsigned __int128 Key;
  struct Link {
    uint32_t parent;
    Move move;
  };
  // Parents are expanded in chunks; each chunk keeps its own keys (never
  // concatenated: the selection reads them where they are). Aligned to a
  // cache line so that two threads filling neighbouring chunks do not share
  // one (the vectors' end pointers move with every key).
  static constexpr size_t kChunk = 64;
  static constexpr size_t kBuckets = 512;  // of the score histogram that finds the best keys
  struct alignas(64) Chunk {
    std::vector<Key> keys, goals;
    uint64_t generated = 0;
    int32_t lo = 0, hi = 0;  // score range of `keys` (empty: lo > hi)
    // A count of keys per score bucket; once the bucket is gathered, where
    // the chunk's next key of that bucket goes. Fits: a level has at most
    // 2^27 * 32 keys, and fewer than 2^32 are ever gathered.
    std::array<uint32_t, kBuckets> histogram;
  };
  // The score range and count of a level's keys (not goals).
  struct Spread {
    int32_t lo, hi;
    size_t total;
  };

 public:
  BeamSearch(const P& problem, const BeamOptions& opt)
      : problem_(problem), opt_(opt), seen_(checkedWidth(opt) * 32) {}

  BeamResult<P> run(const State& start) {
    const uint64_t h0 = hashOf(start);
    beam_ = {Node{start, h0, h0}};
    trace_ = {{Link{kNone, Move{}}}};
    seen_.insert(h0);
    if (problem_.isGoal(start)) {
      result_.goals.push_back({start, {}, problem_.score(start), problem_.hash(start)});
      return std::move(result_);
    }
    for (int depth = 1; depth <= opt_.maxDepth; ++depth) {
      if (stopAsked()) throw Stopped();
      if (goalDepth_ >= 0 && depth > goalDepth_ + opt_.extraDepth) break;
      // Step 1. The level's nodes built from the keys chosen at the level
      // before, and expanded into keys of their children, in parallel.
      expandLevel(depth > 1);
      // Step 2. The chunks' goals, counts and score ranges summed.
      const Spread spread = sumChunks(depth);
      if (stopAsked()) throw Stopped();
      // Step 3. The level's goals, best first.
      takeGoals(depth);
      // Step 4. The next level: the best `width` distinct children.
      chosen_.clear();
      if (spread.total > 0) chooseBest(spread);
      if (chosen_.empty()) break;
    }
    return std::move(result_);
  }

 private:
  bool stopAsked() const { return opt_.stop && opt_.stop->load(std::memory_order_relaxed); }

  static size_t checkedWidth(const BeamOptions& opt) {
    if (opt.width > (1 << 27)) throw std::invalid_argument("beam width above 2^27: a key holds the parent in 27 bits");
    return static_cast<size_t>(opt.width);
  }

  static Key makeKey(int32_t score, uint64_t hash, uint32_t parent, int move) {
    const uint64_t hi = (uint64_t{static_cast<uint32_t>(score) ^ 0x80000000u} << 32) | (hash >> 32);
    const uint64_t lo = (hash << 32) | (uint64_t{parent} << 5) | static_cast<uint64_t>(move);
    return (Key{hi} << 64) | lo;
  }
  static int32_t keyScore(Key k) { return static_cast<int32_t>(static_cast<uint32_t>(k >> 96) ^ 0x80000000u); }
  static uint32_t keyParent(Key k) { return static_cast<uint32_t>(k) >> 5; }
  static int keyMove(Key k) { return static_cast<int>(static_cast<uint32_t>(k) & 31); }
  static uint64_t keyHash(Key k) { return static_cast<uint64_t>(k >> 32); }
  // Keys of the same state: equal score and hash, the key's top 96 bits.
  static bool sameState(Key a, Key b) { return (a >> 32) == (b >> 32); }
  // Hashes are salted once, where they are computed: the seen-set, the
  // nodes and the keys all hold salted hashes (a bijection, so equality is
  // unchanged), and a key's hash can go into the seen-set as it stands.
  uint64_t hashOf(const State& s) const { return mixSalt(problem_.hash(s), opt_.salt); }

  std::vector<Move> pathTo(uint32_t index, Move last) const {
    std::vector<Move> path{last};
    for (size_t d = trace_.size() - 1; d > 0; --d) {
      path.push_back(trace_[d][index].move);
      index = trace_[d][index].parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }
  // The child a key stands for, built again from its parent.
  State child(const std::vector<Node>& parents, Key k, Move* moveOut) const {
    const Node& parent = parents[keyParent(k)];
    Move moves[P::kMaxMoves];
    problem_.moves(parent.state, moves);
    *moveOut = moves[keyMove(k)];
    return problem_.apply(parent.state, *moveOut);
  }

  // The nodes of this level are the keys chosen at the level before, built
  // by the thread that expands them, in the same pass: a node is built and
  // expanded while in that core's cache, and no pass of its own (which
  // scaled worst on 2 threads: its writes went to the other core's lines)
  // is needed. The first level's node is the start.
  void expandLevel(bool build) {
    if (build) {
      prev_.swap(beam_);
      beam_.resize(chosen_.size());
      links_.resize(chosen_.size());
    }
    const size_t count = (beam_.size() + kChunk - 1) / kChunk;
    chunks_.resize(count);
    search::parallelFor(size_t{0}, count, [&](size_t c) { expandChunk(c, build); }, affinity_);
    // A wide level takes seconds: every chunk looks at the stop flag, so a
    // stop is answered within one chunk's work, not one level's.
    if (stopAsked()) throw Stopped();
    if (build) trace_.push_back(links_);
  }

  // Chunk c's nodes (built first when `build`), each expanded: its children
  // applied and hashed, those seen before (or undoing its move) dropped, the
  // rest tested for goals and scored into keys.
  void expandChunk(size_t c, bool build) {
    Chunk& out = chunks_[c];
    out.keys.clear();
    out.goals.clear();
    out.generated = 0;
    if (stopAsked()) return;
    uint64_t generated = 0;
    int32_t lo = std::numeric_limits<int32_t>::max(), hi = std::numeric_limits<int32_t>::min();
    Move moves[P::kMaxMoves], kept[P::kMaxMoves];
    State kids[P::kMaxMoves];
    State* kid[P::kMaxMoves];
    uint64_t hashes[P::kMaxMoves];
    int index[P::kMaxMoves];
    bool goal[P::kMaxMoves];
    const size_t first = c * kChunk, end = std::min(beam_.size(), (c + 1) * kChunk);
    if (build) {
      // The parents are anywhere in `prev_`, often in the other core's
      // cache: ask for all of the chunk's at once.
      for (size_t i = first; i < end; ++i) {
        const char* p = reinterpret_cast<const char*>(&prev_[keyParent(chosen_[i])]);
        for (size_t b = 0; b < sizeof(Node); b += 64) __builtin_prefetch(p + b);
      }
    }
    for (size_t i = first; i < end; ++i) {
      if (build) {
        Move m;
        const State s = child(prev_, chosen_[i], &m);
        beam_[i] = Node{s, keyHash(chosen_[i]), prev_[keyParent(chosen_[i])].hash};
        links_[i] = Link{keyParent(chosen_[i]), m};
      }
      const Node& n = beam_[i];
      const int moveCount = problem_.moves(n.state, moves);
      generated += static_cast<uint64_t>(moveCount);
      if constexpr (TwoStepChildren<P>) {
        problem_.expand(n.state, moves, moveCount, kids);
      } else {
        for (int j = 0; j < moveCount; ++j) kids[j] = problem_.apply(n.state, moves[j]);
      }
      uint64_t all[P::kMaxMoves];
      for (int j = 0; j < moveCount; ++j) {
        all[j] = hashOf(kids[j]);
        seen_.prefetch(all[j]);
      }
      int m = 0;  // children not seen before
      for (int j = 0; j < moveCount; ++j) {
        const uint64_t h = all[j];
        if (h == n.parentHash || seen_.contains(h)) continue;
        kid[m] = &kids[j];
        hashes[m] = h;
        kept[m] = moves[j];
        index[m++] = j;
      }
      if constexpr (BatchGoals<P>) {
        problem_.goals(kid, m, goal);
      } else {
        for (int t = 0; t < m; ++t) goal[t] = problem_.isGoal(*kid[t]);
      }
      if constexpr (TwoStepChildren<P>) problem_.finish(n.state, kept, kid, m);
      for (int t = 0; t < m; ++t) {
        const int32_t score = problem_.score(*kid[t]);
        const Key k = makeKey(score, hashes[t], static_cast<uint32_t>(i), index[t]);
        if (goal[t]) {
          out.goals.push_back(k);
        } else {
          out.keys.push_back(k);
          lo = std::min(lo, score);
          hi = std::max(hi, score);
        }
      }
    }
    out.generated = generated;
    out.lo = lo;
    out.hi = hi;
  }

  // The chunks' goal keys gathered (in chunk order), their counts added to
  // the stats, and the range and count of their keys.
  Spread sumChunks(int depth) {
    goalKeys_.clear();
    Spread s{std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min(), 0};
    for (const Chunk& c : chunks_) {
      goalKeys_.insert(goalKeys_.end(), c.goals.begin(), c.goals.end());
      result_.stats.generated += c.generated;
      s.total += c.keys.size();
      s.lo = std::min(s.lo, c.lo);
      s.hi = std::max(s.hi, c.hi);
    }
    result_.stats.depth = depth;
    return s;
  }

  // Goals, best first; the same state (hash and score) reached twice is
  // one goal. A goal's copies with other scores differ where the hash does
  // not look (for a board: the hidden face), so they are other goals.
  void takeGoals(int depth) {
    std::sort(goalKeys_.begin(), goalKeys_.end());
    for (size_t i = 0; i < goalKeys_.size() && result_.goals.size() < opt_.maxGoals; ++i) {
      if (i > 0 && sameState(goalKeys_[i], goalKeys_[i - 1])) continue;
      if (goalDepth_ < 0) goalDepth_ = depth;
      Move m;
      const State s = child(beam_, goalKeys_[i], &m);
      result_.goals.push_back({s, pathTo(keyParent(goalKeys_[i]), m), keyScore(goalKeys_[i]), problem_.hash(s)});
    }
    if (!goalKeys_.empty() && goalDepth_ < 0) goalDepth_ = depth;
  }

  // The best `width` distinct states, as if all keys were sorted and
  // taken in order, skipping copies. Scores are the keys' most significant
  // bits, so a histogram of scores (in kBuckets buckets over the level's
  // range, counted per chunk in parallel) tells which few keys can be
  // among the best: only the keys of the best buckets are gathered, a
  // little more than the width. Each chunk knows from the histograms where
  // its keys of each such bucket go, so they are scattered into place in
  // parallel, and the buckets are then sorted in parallel, each on its own:
  // every step that grows with the width runs on all threads (a serial
  // selection and sort of the gathered keys held 2 threads to ~1.65x in
  // beam_bench). Buckets further up are gathered only if copies ate the
  // margin.
  void chooseBest(const Spread& spread) {
    const uint64_t range = static_cast<uint64_t>(int64_t{spread.hi} - spread.lo);
    lo_ = spread.lo;
    shift_ = 0;
    while ((range >> shift_) >= kBuckets) ++shift_;
    countBuckets();
    if (stopAsked()) throw Stopped();  // each step of a wide level's selection answers a stop
    cand_.clear();
    buckets_ = 0;
    bucketStart_[0] = 0;
    gather(enoughFor(static_cast<size_t>(opt_.width)));
    if (stopAsked()) throw Stopped();
    takeDistinct();
  }

  static size_t bucketOf(Key k, int32_t lo, int shift) {
    return static_cast<size_t>(static_cast<uint64_t>(int64_t{keyScore(k)} - lo) >> shift);
  }

  // Each chunk's histogram of its keys' buckets, in parallel.
  void countBuckets() {
    const int32_t lo = lo_;
    const int shift = shift_;
    search::parallelFor(size_t{0}, chunks_.size(), [&](size_t c) {
      Chunk& ch = chunks_[c];
      ch.histogram.fill(0);
      for (Key k : ch.keys) ++ch.histogram[bucketOf(k, lo, shift)];
    }, affinity_);
  }

  // Enough keys for `more` states and the copies met on the way, as many
  // as at the level before (30% of the keys walked in beam_bench): a
  // second gather reads every key again.
  size_t enoughFor(size_t more) const {
    return static_cast<size_t>(static_cast<double>(more) * walkedPerKept_ * 1.05) + 64;
  }

  // Appends the keys of the next buckets to cand_, until at least `need`
  // keys are gathered in all (or none is left), each bucket sorted. They
  // all rank above cand_'s. cand_ holds the keys of buckets [0, buckets_),
  // bucket b at [bucketStart_[b], bucketStart_[b + 1]).
  void gather(size_t need) {
    const size_t from = buckets_;
    size_t at = cand_.size();
    // A chunk's count of a gathered bucket becomes where its keys of that
    // bucket go: chunks in order, so the scatter is deterministic.
    for (; buckets_ < kBuckets && at < need; ++buckets_) {
      for (Chunk& ch : chunks_) {
        const uint32_t n = ch.histogram[buckets_];
        ch.histogram[buckets_] = static_cast<uint32_t>(at);
        at += n;
      }
      bucketStart_[buckets_ + 1] = at;
    }
    cand_.resize(at);
    const size_t to = buckets_;
    const int32_t lo = lo_;
    const int shift = shift_;
    search::parallelFor(size_t{0}, chunks_.size(), [&](size_t c) {
      Chunk& ch = chunks_[c];
      for (Key k : ch.keys)
        if (const size_t b = bucketOf(k, lo, shift); b >= from && b < to) cand_[ch.histogram[b]++] = k;
    }, affinity_);
    search::parallelFor(from, to, [&](size_t b) {
      std::sort(cand_.begin() + static_cast<std::ptrdiff_t>(bucketStart_[b]),
                cand_.begin() + static_cast<std::ptrdiff_t>(bucketStart_[b + 1]));
    });
  }

  // The gathered keys taken in order into chosen_, copies skipped, more
  // buckets gathered when they run out, until the width is reached.
  void takeDistinct() {
    const size_t width = static_cast<size_t>(opt_.width);
    // The kept states enter the seen-set as they are chosen (their hashes
    // are in their keys); the slots a few keys ahead are asked for early.
    constexpr size_t kAhead = 8;
    for (size_t i = 0; i < std::min(cand_.size(), kAhead); ++i) seen_.prefetch(keyHash(cand_[i]));
    size_t i = 0;
    for (; chosen_.size() < width; ++i) {
      if (i == cand_.size()) {
        if (buckets_ == kBuckets) break;
        gather(cand_.size() + enoughFor(width - chosen_.size()));
        if (i == cand_.size()) break;  // the buckets left were empty
      }
      if (i + kAhead < cand_.size()) seen_.prefetch(keyHash(cand_[i + kAhead]));
      // The same state reached twice (equal hash and score): keep the first.
      if (i > 0 && sameState(cand_[i], cand_[i - 1])) continue;
      chosen_.push_back(cand_[i]);
      seen_.insert(keyHash(cand_[i]));
    }
    if (chosen_.size() == width) walkedPerKept_ = static_cast<double>(i) / static_cast<double>(width);
  }

  const P& problem_;
  const BeamOptions& opt_;
  BeamResult<P> result_;
  // The nodes of the level being expanded; `prev_` holds the level before
  // (their parents), from which they are built.
  std::vector<Node> beam_, prev_;
  std::vector<std::vector<Link>> trace_;  // per level: each node's parent and move
  std::vector<Link> links_;               // the level being built's
  // States kept at earlier levels are not kept again: without this a beam on
  // a plateau fills up with the same states reached by short cycles.
  SeenSet seen_;
  std::vector<Chunk> chunks_;
  std::vector<Key> cand_, chosen_, goalKeys_;
  std::array<size_t, kBuckets + 1> bucketStart_;
  size_t buckets_ = 0;  // buckets gathered into cand_
  int32_t lo_ = 0;      // the level's least score: bucket 0 starts there
  int shift_ = 0;       // a bucket spans 2^shift_ scores
  // The chunk loops (expansion, histogram, scatter) give chunk c to the same
  // thread each time, so its keys are read in the cache they were written to.
  AffinityPartitioner affinity_;
  int goalDepth_ = -1;
  double walkedPerKept_ = 1.25;  // keys the selection walked per key kept, copies included
};

}  // namespace detail

template <BeamProblem P>
BeamResult<P> beamSearch(const P& problem, const typename P::State& start, const BeamOptions& opt) {
  return detail::BeamSearch<P>(problem, opt).run(start);
}

}  // namespace search
