#include "nugget/prove.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>

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

// The label pushing the same line from the other end.
constexpr int oppositeLabel(int label) { return label < 7 || (label >= 14 && label < 21) ? 20 - label : 34 - label; }

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
class Transpositions {
 public:
  explicit Transpositions(size_t bytes) {
    size_t n = 1;
    while (n * 2 * sizeof(uint64_t) <= bytes) n *= 2;
    slots_ = std::make_unique<std::atomic<uint64_t>[]>(n);
    for (size_t i = 0; i < n; ++i) slots_[i].store(0, std::memory_order_relaxed);
    mask_ = n - 1;
  }
  void clear() {
    for (size_t i = 0; i <= mask_; ++i) slots_[i].store(0, std::memory_order_relaxed);
  }
  // True when a visit with at least this budget and no more forbidden lines
  // is recorded; otherwise records this one.
  // The slot's cache line, fetched ahead: a probe is a random read in
  // hundreds of MB, and a node's children are probed one after another.
  void prefetch(uint64_t hash) const { __builtin_prefetch(&slots_[hash & mask_]); }
  bool seenOrRecord(uint64_t hash, int budget, uint8_t code) {
    std::atomic<uint64_t>& slot = slots_[hash & mask_];
    const uint64_t e = slot.load(std::memory_order_relaxed);
    const uint64_t key = hash & ~uint64_t{0xFFF};
    if (e != 0 && (e & ~uint64_t{0xFFF}) == key && static_cast<int>((e >> 4) & 127) >= budget &&
        forbidsLess(static_cast<uint8_t>(e & 15), code))
      return true;
    slot.store(key | static_cast<uint64_t>(budget) << 4 | code | (key == 0 ? 0x800 : 0), std::memory_order_relaxed);
    return false;
  }

 private:
  std::unique_ptr<std::atomic<uint64_t>[]> slots_;
  size_t mask_ = 0;
};

// A node where the parallel part starts.
struct Frontier {
  Position pos;
  std::vector<Move> path;
  uint8_t code = 0;
};

// The shared state of one search (one IDA* iteration, or an ends listing).
struct Shared {
  Shared(const EndgameTable& t, const ProveOptions& o, Transpositions& tr, std::chrono::steady_clock::time_point start)
      : table(t), options(o), tt(tr), t0(start) {}
  const EndgameTable& table;
  const ProveOptions& options;
  Transpositions& tt;
  std::chrono::steady_clock::time_point t0;
  bool ends = false;  // list every solved layout within the limit, else stop at the first solution
  int limit = 0;
  std::atomic<uint64_t> nodes{0};
  std::atomic<bool> stop{false};   // budget, node limit or outside stop
  std::atomic<bool> found{false};  // decision: a solution is known
  std::atomic<int> nextLimit{kNoLimit};
  std::atomic<int64_t> lastReportMs{0};
  int64_t startMs = 0;  // when this search began
  std::mutex mutex;
  std::vector<Move> solution;
  std::map<uint64_t, End> endsBySymmetry;

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
  void addEnd(const Position& pos, const std::vector<Move>& moves) {
    const uint64_t key = symmetricHash(pos);
    std::lock_guard lock(mutex);
    auto [it, fresh] = endsBySymmetry.try_emplace(key, End{pos, moves});
    if (fresh) return;
    auto less = [](const std::vector<Move>& a, const std::vector<Move>& b) {
      if (a.size() != b.size()) return a.size() < b.size();
      return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [](Move x, Move y) {
        return x.label != y.label ? x.label < y.label : x.p < y.p;
      });
    };
    if (less(moves, it->second.moves)) it->second = End{pos, moves};
  }
};

class Worker {
 public:
  explicit Worker(Shared& s) : s_(s), depth_(s.table.depth()) {}
  ~Worker() { flush(); }

  // Searches below a node at depth path.size().
  void search(const Frontier& f) {
    path_ = f.path;
    dfs(f.pos, s_.ends ? f.pos.hash() : f.pos.shownHash(), f.code);
  }

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
  // their bounds, in the order to try them. Records goals met (ends) or a
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
    Child kids[kLabels];
    const Position* ptr[kLabels];
    int dist[kLabels];
    int n = 0;
    for (Move m : moves) {
      if (!allowedAfter(code, m) || m.label == undo) continue;
      kids[n].pos = pos;
      kids[n].pos.apply(m);
      kids[n].move = m;
      ptr[n] = &kids[n].pos;
      ++n;
    }
    s_.table.distances(ptr, n, dist);
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      Child& k = kids[i];
      k.h = dist[i] >= 0 ? dist[i] : std::max(heur::lineBound(k.pos), depth_ + 1);
      const int f = g + 1 + k.h;
      if (f > s_.limit) {
        s_.exceeded(f);
        continue;
      }
      if (!s_.ends && dist[i] >= 0) {  // the table finishes it within the limit
        std::vector<Move> moves = path_;
        moves.push_back(k.move);
        const auto finish = s_.table.finishes(k.pos, 1);
        moves.insert(moves.end(), finish.front().begin(), finish.front().end());
        s_.addSolution(std::move(moves));
        return -1;
      }
      if (s_.ends && dist[i] == 0) {
        path_.push_back(k.move);
        s_.addEnd(k.pos, path_);
        path_.pop_back();
      }
      out[kept++] = k;
    }
    for (int i = 0; i < kept; ++i) {
      out[i].hash = s_.ends ? out[i].pos.hash() : out[i].pos.shownHash();
      if (g + 1 <= s_.limit - 2) s_.tt.prefetch(out[i].hash);
    }
    // Most promising first: in the last iteration a solution comes sooner.
    std::stable_sort(out, out + kept, [](const Child& a, const Child& b) { return a.h < b.h; });
    return kept;
  }

 private:
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
                      s_.ends ? "ends within" : "bound", s_.limit, static_cast<double>(total) / 1e6,
                      static_cast<double>(total) / 1e3 / std::max<int64_t>(ms - s_.startMs, 1), ms / 1000.0);
        o.progress(line);
      }
    }
  }

  Shared& s_;
  const int depth_;
  std::vector<Move> path_;
  uint64_t local_ = 0;
};

// One search to s.limit: the frontier at the split depth built serially,
// then each frontier node's subtree in parallel, one worker per task.
void runSearch(Shared& s, const Position& start) {
  std::vector<Frontier> level{Frontier{start, {}, 0}};
  if (s.ends && start.solved()) s.addEnd(start, {});
  for (int d = 0; d < s.options.splitDepth && !level.empty() && !s.found; ++d) {
    std::vector<Frontier> next;
    Worker w(s);
    for (const Frontier& f : level) {
      if (!w.expand(f, next)) break;
    }
    level = std::move(next);
  }
  if (s.found) return;
  search::parallelFor(size_t{0}, level.size(), [&](size_t i) {
    Worker w(s);
    w.search(level[i]);
  });
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
  while (limit <= std::min(99, options.maxBound) && (r.upperBound < 0 || limit < r.upperBound)) {
    r.lowerBound = limit;
    Shared s{table, options, tt, t0};
    s.limit = limit;
    s.startMs = static_cast<int64_t>(s.elapsed() * 1000);
    s.lastReportMs = s.startMs;
    const uint64_t before = r.nodes;
    runSearch(s, pos);
    r.nodes += s.nodes.load();
    r.seconds = s.elapsed();
    if (s.found) {
      r.upperBound = static_cast<int>(s.solution.size());
      r.moves = std::move(s.solution);
      break;
    }
    if (s.stop) {
      r.stopped = true;
      break;
    }
    const int next = std::max(limit + 1, s.nextLimit.load());
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
    tt.clear();
  }
  if (!r.stopped) r.lowerBound = std::min(limit, r.upperBound >= 0 ? r.upperBound : limit);
  if (r.upperBound >= 0 && r.lowerBound >= r.upperBound) {
    r.lowerBound = r.upperBound;
    r.proven = true;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

EndsResult solvedEnds(const Position& pos, const EndgameTable& table, int limit, const ProveOptions& options) {
  EndsResult r;
  const auto t0 = std::chrono::steady_clock::now();
  Transpositions tt(options.ttBytes);
  Shared s{table, options, tt, t0};
  s.ends = true;
  s.limit = limit;
  if (exactBound(pos, table) <= limit) runSearch(s, pos);
  r.nodes = s.nodes.load();
  r.complete = !s.stop;
  for (auto& [key, end] : s.endsBySymmetry) r.ends.push_back(std::move(end));
  std::sort(r.ends.begin(), r.ends.end(), [](const End& a, const End& b) {
    if (a.moves.size() != b.moves.size()) return a.moves.size() < b.moves.size();
    return std::lexicographical_compare(a.moves.begin(), a.moves.end(), b.moves.begin(), b.moves.end(),
                                        [](Move x, Move y) { return x.label != y.label ? x.label < y.label : x.p < y.p; });
  });
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace nugget::solve
