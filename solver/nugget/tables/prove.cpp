#include "nugget/tables/prove.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "nugget/tables/endgame_store.h"
#include "nugget/heuristics.h"
#include "nugget/symmetry.h"
#include "search/parallel.h"

namespace nugget::solve {

int exactBound(const Position& pos, const EndgameTable& table) {
  const int d = table.distance(pos);
  return d >= 0 ? d : std::max(heur::lineBound(pos), table.depth() + 1);
}

namespace {

constexpr int kNoLimit = 1 << 20;

// What the commuting rule forbids after a move: lines below `line` of the
// move's orientation. 0 forbids nothing (no move yet, or line 0).
uint8_t restrictionAfter(Move m) {
  const int line = lineIndex(m.label);
  return line == 0 ? 0 : static_cast<uint8_t>((isRowLabel(m.label) ? 0 : 8) | line);
}
bool allowedAfter(uint8_t code, Move next) {
  if (code == 0) return true;
  if ((code >> 3) != (isRowLabel(next.label) ? 0 : 1)) return true;
  return lineIndex(next.label) >= (code & 7);
}
// Whether what `stored` forbids is a subset of what `current` forbids: then a
// visit under `stored` tried every move a visit under `current` would.
bool forbidsLess(uint8_t stored, uint8_t current) {
  return stored == 0 || (current != 0 && (stored >> 3) == (current >> 3) && (stored & 7) <= (current & 7));
}

// Lossy transposition table: one 8-byte word a slot, written and read with
// relaxed atomics (a torn pair cannot happen: the word is the whole entry).
// Entry: the hash's top 52 bits | budget (7 bits) << 4 | restriction (4 bits).
// The slots are anonymous memory (store::anonymous): zeroed by the kernel
// when first touched, on huge pages where offered. Zeroing hundreds of MB
// by hand first cost more than many proofs: on a Firecracker VM (AMD EPYC,
// 2 vCPUs) each 4 KB page fault is slow, and a proof of a 15-move board
// with --tt-mb 512 took 9.1 s against 5.3 s with 64 MB for the same nodes
// (results/history/golden-nugget.md, session 20).
class Transpositions {
 public:
  explicit Transpositions(size_t bytes) {
    size_t n = 1;
    while (n * 2 * sizeof(uint64_t) <= bytes) n *= 2;
    memory_ = store::anonymous(n * sizeof(uint64_t));
    slots_ = reinterpret_cast<uint64_t*>(const_cast<uint8_t*>(memory_.base));
    mask_ = n - 1;
  }
  // The slot's cache line, fetched ahead: a probe is a random read in
  // hundreds of MB, and a node's children are probed one after another.
  void prefetch(uint64_t hash) const { __builtin_prefetch(&slots_[hash & mask_]); }
  // The budget recorded for this position (restriction none), -1 when none.
  // Reach keeps two tables: failures (a failure at budget b is one at any
  // smaller budget) and successes (one within b is one at any larger).
  int budgetOf(uint64_t hash) const {
    const uint64_t e = slot(hash).load(std::memory_order_relaxed);
    return e != 0 && (e & ~uint64_t{0xFFF}) == (hash & ~uint64_t{0xFFF}) ? static_cast<int>((e >> 4) & 127) : -1;
  }
  void record(uint64_t hash, int budget) {
    const uint64_t key = hash & ~uint64_t{0xFFF};
    slot(hash).store(key | static_cast<uint64_t>(budget) << 4 | (key == 0 ? 0x800 : 0), std::memory_order_relaxed);
  }
  // True when a visit with at least this budget and no more forbidden lines
  // is recorded; otherwise records this one.
  bool seenOrRecord(uint64_t hash, int budget, uint8_t code) {
    const std::atomic_ref<uint64_t> at = slot(hash);
    const uint64_t e = at.load(std::memory_order_relaxed);
    const uint64_t key = hash & ~uint64_t{0xFFF};
    if (e != 0 && (e & ~uint64_t{0xFFF}) == key && static_cast<int>((e >> 4) & 127) >= budget &&
        forbidsLess(static_cast<uint8_t>(e & 15), code))
      return true;
    at.store(key | static_cast<uint64_t>(budget) << 4 | code | (key == 0 ? 0x800 : 0), std::memory_order_relaxed);
    return false;
  }

 private:
  std::atomic_ref<uint64_t> slot(uint64_t hash) const { return std::atomic_ref<uint64_t>(slots_[hash & mask_]); }
  TableImage memory_;  // holds the mapping
  uint64_t* slots_ = nullptr;
  size_t mask_ = 0;
};

// A node where the parallel part starts.
struct Frontier {
  Position pos;
  std::vector<Move> path;
  uint8_t code = 0;
};

// The shared state of one IDA* iteration.
struct Shared {
  Shared(const EndgameTable& t, const ProveOptions& o, Transpositions& tr, std::chrono::steady_clock::time_point start)
      : table(t), options(o), tt(tr), t0(start) {}
  const EndgameTable& table;
  const ProveOptions& options;
  Transpositions& tt;
  std::chrono::steady_clock::time_point t0;
  int limit = 0;
  std::atomic<uint64_t> nodes{0};
  std::atomic<bool> stop{false};   // budget, node limit or outside stop
  std::atomic<bool> found{false};  // decision: a solution is known
  std::atomic<int> nextLimit{kNoLimit};
  std::atomic<int64_t> lastReportMs{0};
  int64_t startMs = 0;  // when this search began
  std::mutex mutex;
  std::vector<Move> solution;
  // The checkpoint's view (ProveState): subtrees finished, under stateMutex.
  std::mutex stateMutex;
  ProveState state;
  double lastState = 0;

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
  void exceeded(int f) {
    int cur = nextLimit.load(std::memory_order_relaxed);
    while (f < cur && !nextLimit.compare_exchange_weak(cur, f, std::memory_order_relaxed)) {
    }
  }
  void addSolution(std::vector<Move> moves) {
    std::lock_guard lock(mutex);
    if (!found.load()) {
      solution = std::move(moves);
      found.store(true);
    }
  }
};

class Worker {
 public:
  explicit Worker(Shared& s) : s_(s), depth_(s.table.depth()) {}
  ~Worker() { flush(); }

  // Searches below a node at depth path.size().
  // True when the subtree was searched to its end (no stop, no solution).
  bool search(const Frontier& f) {
    path_ = f.path;
    dfs(f.pos, f.pos.shownHash(), f.code);
    return !s_.stop.load() && !s_.found.load();
  }
  // The least f above the limit this worker met (the next bound, as far as its subtrees go).
  int minExceeded() const { return minExceeded_; }

  // Appends f's children that may still reach a goal to out (a serial
  // frontier step); false when the search is over.
  bool expand(const Frontier& f, std::vector<Frontier>& out) {
    if (s_.stop.load() || s_.found.load()) return false;
    if (static_cast<int>(f.path.size()) >= s_.limit) return true;
    path_ = f.path;
    Child kids[kLabels];
    const int n = children(f.pos, f.code, kids);
    if (n < 0) return false;
    for (int i = 0; i < n; ++i) {
      out.push_back(Frontier{kids[i].pos, path_, restrictionAfter(kids[i].move)});
      out.back().path.push_back(kids[i].move);
    }
    ++local_;
    return true;
  }

  // The children of pos that may still reach a goal within the limit, with
  // their bounds, in the order to try them. Records a
  // solution (decision). Returns false when the search is over.
  struct Child {
    Position pos;
    Move move;
    int h;
    uint64_t hash;  // the transposition table's key of pos
  };
  int children(const Position& pos, uint8_t code, Child* out) {
    const int g = static_cast<int>(path_.size());
    const MoveList moves = pos.legalMoves();
    const bool afterSeven = !path_.empty() && path_.back().p == 7;
    const int undo = afterSeven ? oppositeLabel(path_.back().label) : -1;
    // A child whose line bound alone exceeds the moves left after it is
    // cut before the table is asked (the table's distance is never below
    // the line bound, so the answer could not keep it): at the deep levels,
    // where the moves left are few, that is most children that bring no
    // tile in. Its f is then recorded from the line bound, a lower value
    // than the table might give, which only `next` (a record) sees.
    const int left = s_.limit - g - 1;
    Child kids[kLabels];
    const Position* ptr[kLabels];
    int dist[kLabels], line[kLabels];
    int n = 0;
    for (Move m : moves) {
      if (!allowedAfter(code, m) || m.label == undo) continue;
      kids[n].pos = pos;
      kids[n].pos.apply(m);
      const int lb = heur::lineBound(kids[n].pos);
      if (lb > left) {
        exceeded(g + 1 + lb);
        continue;
      }
      kids[n].move = m;
      ptr[n] = &kids[n].pos;
      line[n] = lb;
      ++n;
    }
    s_.table.distances(ptr, n, dist);
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      Child& k = kids[i];
      k.h = dist[i] >= 0 ? dist[i] : std::max(line[i], depth_ + 1);
      const int f = g + 1 + k.h;
      if (f > s_.limit) {
        exceeded(f);
        continue;
      }
      if (dist[i] >= 0) {  // the table finishes it within the limit
        // Only once the finish replays: a key can match an entry of
        // another layout (61-bit keys; ~1e-10 a lookup at depth 7). Such a
        // match can only lower a bound, never raise it, so the bounds and
        // the proof stay sound; a "solution" from one is never reported.
        const auto finish = s_.table.finishes(k.pos, 1);
        Position end = k.pos;
        if (!finish.empty() && playMoves(end, finish.front()) && end.solved()) {
          std::vector<Move> moves = path_;
          moves.push_back(k.move);
          moves.insert(moves.end(), finish.front().begin(), finish.front().end());
          s_.addSolution(std::move(moves));
          return -1;
        }
        k.h = std::max(line[i], depth_ + 1);
        if (g + 1 + k.h > s_.limit) {
          exceeded(g + 1 + k.h);
          continue;
        }
      }
      out[kept++] = k;
    }
    for (int i = 0; i < kept; ++i) {
      out[i].hash = out[i].pos.shownHash();
      if (g + 1 <= s_.limit - 2) s_.tt.prefetch(out[i].hash);
    }
    // Most promising first: in the last iteration a solution comes sooner.
    std::stable_sort(out, out + kept, [](const Child& a, const Child& b) { return a.h < b.h; });
    return kept;
  }

 private:
  void exceeded(int f) {
    minExceeded_ = std::min(minExceeded_, f);
    s_.exceeded(f);
  }
  void dfs(const Position& pos, uint64_t hash, uint8_t code) {
    if (++local_ >= 1024) flush();
    if (s_.stop.load(std::memory_order_relaxed) || s_.found.load(std::memory_order_relaxed)) return;
    const int budget = s_.limit - static_cast<int>(path_.size());
    if (budget <= 0) return;
    if (budget >= 2 && s_.tt.seenOrRecord(hash, budget, code)) return;
    Child kids[kLabels];
    const int n = children(pos, code, kids);
    if (n < 0) return;
    for (int i = 0; i < n; ++i) {
      path_.push_back(kids[i].move);
      dfs(kids[i].pos, kids[i].hash, restrictionAfter(kids[i].move));
      path_.pop_back();
      if (s_.found.load(std::memory_order_relaxed)) return;
    }
  }
  void flush() {
    const uint64_t total = s_.nodes.fetch_add(local_, std::memory_order_relaxed) + local_;
    local_ = 0;
    const ProveOptions& o = s_.options;
    if ((o.nodeLimit && total >= o.nodeLimit) || (o.seconds > 0 && s_.elapsed() >= o.seconds) ||
        (o.stop && o.stop->load(std::memory_order_relaxed)))
      s_.stop.store(true, std::memory_order_relaxed);
    // A line every 10 s within a long iteration, from whichever worker passes first.
    if (o.progress) {
      const auto ms = static_cast<int64_t>(s_.elapsed() * 1000);
      int64_t last = s_.lastReportMs.load(std::memory_order_relaxed);
      if (ms - last >= 10'000 && s_.lastReportMs.compare_exchange_strong(last, ms)) {
        char line[160];
        std::snprintf(line, sizeof line, "%s %d: searching, %.1f M nodes so far, %.1f M nodes/s, %.0f s",
                      "bound", s_.limit, static_cast<double>(total) / 1e6,
                      static_cast<double>(total) / 1e3 / std::max<int64_t>(ms - s_.startMs, 1), ms / 1000.0);
        o.progress(line);
      }
    }
  }

  Shared& s_;
  const int depth_;
  std::vector<Move> path_;
  uint64_t local_ = 0;
  int minExceeded_ = kNoLimit;
};

// Subtree i finished: recorded, and the state told when it is due.
void finished(Shared& s, size_t i, int minExceeded) {
  std::lock_guard lock(s.stateMutex);
  auto& done = s.state.done;
  done.insert(std::upper_bound(done.begin(), done.end(), static_cast<uint32_t>(i)), static_cast<uint32_t>(i));
  s.state.next = std::min(s.state.next, minExceeded);
  const double now = s.elapsed();
  if (s.options.onState && now - s.lastState >= s.options.stateSeconds) {
    s.lastState = now;
    s.options.onState(s.state);
  }
}

// The frontier's subtrees this search still has to do: its share (part),
// less those a checkpoint of this bound marks done.
std::vector<size_t> todo(Shared& s, size_t frontier) {
  const ProveOptions& o = s.options;
  if (const ProveState* r = o.resume; r && r->bound == s.limit) {
    if (r->frontier != 0 && r->frontier != frontier)
      throw std::runtime_error("the checkpoint's bound " + std::to_string(r->bound) + " has " +
                               std::to_string(r->frontier) + " subtrees, this search " + std::to_string(frontier) +
                               ": another position or other settings");
    s.exceeded(r->next);  // the skipped subtrees' least f, for the state's record
  }
  s.state.frontier = frontier;
  std::vector<size_t> out;
  for (size_t i = static_cast<size_t>(o.part); i < frontier; i += static_cast<size_t>(std::max(o.parts, 1)))
    if (!std::binary_search(s.state.done.begin(), s.state.done.end(), static_cast<uint32_t>(i))) out.push_back(i);
  return out;
}

// One search to s.limit: the frontier at the split depth built serially,
// then each frontier node's subtree (those of this share not done yet) in
// parallel, one worker per task; in order on this thread when serial.
void runSearch(Shared& s, const Position& start) {
  std::vector<Frontier> level{Frontier{start, {}, 0}};
  for (int d = 0; d < s.options.splitDepth && !level.empty() && !s.found; ++d) {
    std::vector<Frontier> next;
    Worker w(s);
    for (const Frontier& f : level) {
      if (!w.expand(f, next)) break;
    }
    level = std::move(next);
  }
  if (s.found || s.stop) return;
  const std::vector<size_t> mine = todo(s, level.size());
  const auto one = [&](size_t k) {
    Worker w(s);
    if (w.search(level[mine[k]])) finished(s, mine[k], w.minExceeded());
  };
  if (s.options.serial) {
    for (size_t k = 0; k < mine.size() && !s.stop && !s.found; ++k) one(k);
  } else {
    search::parallelFor(size_t{0}, mine.size(), one);
  }
}

}  // namespace

ProveResult prove(const Position& pos, const EndgameTable& table, const ProveOptions& options,
                  const std::vector<Move>* known) {
  ProveResult r;
  const auto t0 = std::chrono::steady_clock::now();
  if (pos.solved()) {
    r.proven = true;
    r.lowerBound = r.upperBound = 0;
    return r;
  }
  if (known) {
    r.upperBound = static_cast<int>(known->size());
    r.moves = *known;
  }
  Transpositions tt(options.ttBytes);
  int limit = exactBound(pos, table);
  if (options.resume) limit = std::max(limit, options.resume->bound);
  while (limit <= std::min(99, options.maxBound) && (r.upperBound < 0 || limit < r.upperBound)) {
    r.lowerBound = limit;
    Shared s{table, options, tt, t0};
    s.limit = limit;
    s.startMs = static_cast<int64_t>(s.elapsed() * 1000);
    s.lastReportMs = s.startMs;
    // A checkpoint of this bound: its done subtrees are kept even when the
    // search stops before it gets to them.
    s.state = options.resume && options.resume->bound == limit ? *options.resume : ProveState{limit, kNoLimit, 0, {}};
    s.lastState = s.elapsed();
    const uint64_t before = r.nodes;
    runSearch(s, pos);
    r.nodes += s.nodes.load();
    r.seconds = s.elapsed();
    if (options.onState && (s.found || s.stop)) {
      s.state.bound = limit;
      options.onState(s.state);
    }
    if (s.found) {
      r.upperBound = static_cast<int>(s.solution.size());
      r.moves = std::move(s.solution);
      break;
    }
    if (s.stop) {
      r.stopped = true;
      break;
    }
    // The transposition table is kept from bound to bound: an entry of a
    // finished search is a fact about its position (no solution within
    // its budget, under its forbidden lines), whatever the bound. But a
    // subtree it cuts short reports no f above the bound, so the least such
    // f (nextLimit) may be too high: the next bound is this one + 1.
    const int next = limit + 1;
    if (options.progress) {
      char line[160];
      const double sec = r.seconds;
      const double took = sec - static_cast<double>(s.startMs) / 1000;
      std::snprintf(line, sizeof line, "bound %d: no solution (%.1f M nodes, %.1f M nodes/s, %.1f s in all)", limit,
                    static_cast<double>(r.nodes - before) / 1e6,
                    took > 0 ? static_cast<double>(r.nodes - before) / took / 1e6 : 0.0, sec);
      options.progress(line);
    }
    limit = next;
    if (options.onState) options.onState(ProveState{limit, kNoLimit, 0, {}});
  }
  if (!r.stopped) r.lowerBound = std::min(limit, r.upperBound >= 0 ? r.upperBound : limit);
  if (r.upperBound >= 0 && r.lowerBound >= r.upperBound) {
    r.lowerBound = r.upperBound;
    r.proven = true;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

namespace {

// Whether a solved layout is within a budget of moves, on the shown face
// alone: the hidden face changes neither which moves are legal nor where
// they take the shown face, so one answer serves every hidden face.
// Memoised in two lossy tables shared by every thread: failures with the
// budget they failed at (a failure at budget b is one at any smaller
// budget), successes with the budget they succeeded within. Each is
// recorded only once the search below it is over, so every entry is a fact
// about its position alone, whatever was on the stack or on another thread:
// an answer never depends on the memo's contents, only its cost does. So
// several questions can be asked at once (the layers of solvedEnds, one
// parallel loop) and every answer is the one a serial search gives. Stops
// at the first child that succeeds.
class Reach {
 public:
  Reach(const EndgameTable& table, const ProveOptions& options, std::chrono::steady_clock::time_point t0)
      : table_(table), options_(options), t0_(t0), fails_(options.ttBytes), wins_(options.ttBytes / 8),
        depth_(table.depth()) {}

  // Safe to call from several threads at once.
  bool operator()(const Position& pos, int budget) {
    const int d = table_.distance(pos);
    if (d >= 0) return d <= budget;
    uint64_t nodes = 0;
    const bool found = search(pos, budget, nodes);
    nodes_.fetch_add(nodes, std::memory_order_relaxed);
    return found;
  }
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  bool stopped() const { return stopped_.load(std::memory_order_relaxed); }

 private:
  // pos is not in the table (more than depth_ moves from solved).
  bool search(const Position& pos, int budget, uint64_t& nodes) {
    if (std::max(heur::lineBound(pos), depth_ + 1) > budget) return false;
    const uint64_t hash = pos.shownHash();
    if (const int won = wins_.budgetOf(hash); won >= 0 && won <= budget) return true;
    if (stopped() || fails_.budgetOf(hash) >= budget) return false;
    if ((++nodes & 1023) == 0) checkStop(nodes);
    const MoveList moves = pos.legalMoves();
    Position kids[kLabels];
    const Position* ptr[kLabels];
    int dist[kLabels];
    for (int i = 0; i < moves.size; ++i) {
      kids[i] = pos;
      kids[i].apply(moves[i]);
      ptr[i] = &kids[i];
    }
    table_.distances(ptr, moves.size, dist);
    bool found = false;
    for (int i = 0; i < moves.size && !found; ++i) found = dist[i] >= 0 && dist[i] <= budget - 1;
    for (int i = 0; i < moves.size && !found && !stopped(); ++i)
      if (dist[i] < 0) found = search(kids[i], budget - 1, nodes);
    if (found)
      wins_.record(hash, budget);
    else if (!stopped())
      fails_.record(hash, budget);
    return found;
  }
  // The budget is checked against all threads' nodes so far and this
  // search's own: a node limit then holds within a few thousand nodes.
  void checkStop(uint64_t local) {
    const ProveOptions& o = options_;
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    if ((o.nodeLimit && nodes() + local >= o.nodeLimit) || (o.seconds > 0 && sec >= o.seconds) ||
        (o.stop && o.stop->load(std::memory_order_relaxed)))
      stopped_.store(true, std::memory_order_relaxed);
  }

  const EndgameTable& table_;
  const ProveOptions& options_;
  std::chrono::steady_clock::time_point t0_;
  Transpositions fails_;
  Transpositions wins_;  // successes are few: the positions on short paths
  const int depth_;
  std::atomic<uint64_t> nodes_{0};
  std::atomic<bool> stopped_{false};
};

}  // namespace

// Breadth first over whole positions (both faces), following only moves
// after which a solved layout is still within reach (Reach, on the shown
// face), each position kept once, at the first (shortest, then least in
// label order) path that meets it: the layers hold exactly the positions on
// paths of at most `limit` moves to a solved layout, and the solved ones
// among them are the ends. Each layer's questions run in parallel; the
// layers and the move lists are those of a serial walk.
EndsResult solvedEnds(const Position& pos, const EndgameTable& table, int limit, const ProveOptions& options) {
  EndsResult r;
  const auto t0 = std::chrono::steady_clock::now();
  Reach reach(table, options, t0);
  struct Item {
    Position pos;
    std::vector<Move> path;
  };
  std::vector<Item> layer;
  if (reach(pos, limit)) layer.push_back({pos, {}});
  std::unordered_set<uint64_t> seen{pos.hash()}, endKeys;
  for (int g = 0; !layer.empty() && !reach.stopped(); ++g) {
    // The layer's children, each position once, at its first path in
    // label order; their questions asked together (Reach's answers do not
    // depend on the order), then kept in that order: the same layers as a
    // serial walk, for any thread count.
    struct Child {
      size_t item;
      Move move;
      Position pos;
      uint64_t hash;
    };
    std::vector<Child> children;
    std::unordered_set<uint64_t> asked;
    for (size_t i = 0; i < layer.size(); ++i) {
      const Item& item = layer[i];
      if (item.pos.solved() && endKeys.insert(symmetricHash(item.pos)).second) r.ends.push_back({item.pos, item.path});
      if (g == limit) continue;
      for (Move m : item.pos.legalMoves()) {
        Position c = item.pos;
        c.apply(m);
        const uint64_t h = c.hash();
        if (seen.count(h) || !asked.insert(h).second) continue;
        children.push_back({i, m, c, h});
      }
    }
    std::vector<char> within(children.size(), 0);
    search::parallelFor(size_t{0}, children.size(),
                        [&](size_t k) { within[k] = reach(children[k].pos, limit - g - 1) ? 1 : 0; });
    std::vector<Item> next;
    for (size_t k = 0; k < children.size() && !reach.stopped(); ++k) {
      if (!within[k]) continue;
      seen.insert(children[k].hash);
      next.push_back({children[k].pos, layer[children[k].item].path});
      next.back().path.push_back(children[k].move);
    }
    if (options.progress && !reach.stopped() && g >= 2) {
      char line[160];
      std::snprintf(line, sizeof line, "ends within %d: %zu positions %d moves in, %zu ends so far, %.1f M nodes, %.1f s",
                    limit, next.size(), g + 1, r.ends.size(), static_cast<double>(reach.nodes()) / 1e6,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      options.progress(line);
    }
    layer = std::move(next);
  }
  r.nodes = reach.nodes();
  r.complete = !reach.stopped();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace nugget::solve
