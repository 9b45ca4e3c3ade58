#include "nugget/cycles/exact_cycle.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <unordered_set>

#include "nugget/symmetry.h"

namespace nugget::solve {

namespace {

uint64_t startKey(const Board& b) { return symmetricHash(b.pos) ^ (b.face == Face::A ? 0 : 0x9e3779b97f4a7c15ull); }

// The search, breadth first over board starts: each start is proved
// (its optimum), its optimal and near-optimal ends go into the transition
// graph, and the starts after them into the queue.
class ExactSearch {
 public:
  ExactSearch(const Board& from, const EndgameTable& table, const ExactCycleOptions& opt, double below)
      : from_(from), table_(table), opt_(opt), best_(below),
        maxCost_(opt.maxCost > 0 ? opt.maxCost : below < 99 ? static_cast<int>(below) + 1 : 99),
        queue_{{from, 0}}, queued_{startKey(from)} {}

  ExactCycleResult run() {
    while (!queue_.empty() && r_.expanded < opt_.maxStarts) {
      if ((opt_.seconds > 0 && elapsed() >= opt_.seconds) || (opt_.prove.stop && opt_.prove.stop->load())) {
        r_.stopped = true;
        break;
      }
      const auto [start, depth] = queue_.front();
      queue_.pop_front();
      const Proof proof = proveStart(start);
      ++r_.expanded;
      if (setAside(start, depth, proof.result)) continue;
      expand(start, depth, proof);
    }
    r_.nodes = graph_.nodes();
    r_.arcs = graph_.arcs();
    r_.seconds = elapsed();
    return std::move(r_);
  }

 private:
  struct Proof {
    ProveResult result;
    ProveOptions options;  // those it ran with
  };

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }
  void say(const std::string& line) const {
    if (opt_.progress) opt_.progress(line);
  }

  // The start's optimum, up to maxCost, within what is left of the budget;
  // a known solution (upperBound: a beam's) gives the proof its upper bound.
  Proof proveStart(const Board& start) const {
    const std::optional<std::vector<Move>> known = opt_.upperBound ? opt_.upperBound(start) : std::nullopt;
    ProveOptions po = opt_.prove;
    po.progress = {};
    po.seconds = opt_.proveSeconds;
    po.maxBound = maxCost_;
    if (opt_.seconds > 0) {
      const double left = std::max(0.001, opt_.seconds - elapsed());
      po.seconds = po.seconds > 0 ? std::min(po.seconds, left) : left;
    }
    ProveResult proof = prove(start.pos, table_, po, known ? &*known : nullptr);
    return {std::move(proof), po};
  }

  // A start not expanded: proved too dear, or not proved in time (its best
  // solution known is still a way through it). Says so.
  bool setAside(const Board& start, int depth, const ProveResult& proof) {
    char line[160];
    if (!proof.proven && !proof.stopped && proof.lowerBound > maxCost_) {
      ++r_.tooDear;
      std::snprintf(line, sizeof line, "start %d (depth %d): needs more than %d moves (%.1f s); not expanded",
                    r_.expanded, depth, maxCost_, proof.seconds);
    } else if (!proof.proven) {
      ++r_.unproved;
      if (proof.upperBound >= 0) {
        Board end = start;
        if (playMoves(end, proof.moves) && end.pos.solved()) graph_.add(start.pos, start.face, proof.moves, end.pos);
      }
      std::snprintf(line, sizeof line, "start %d (depth %d): not proved in %.0f s (%d..%d moves)", r_.expanded, depth,
                    proof.seconds, proof.lowerBound, proof.upperBound);
    } else {
      return false;
    }
    say(line);
    return true;
  }

  // A proved start: its ends within optimum + slack (the first maxEnds)
  // into the graph, the starts after them queued once; then the graph's
  // cheapest cycle below the best so far.
  void expand(const Board& start, int depth, const Proof& proof) {
    ProveOptions eo = proof.options;
    eo.seconds = opt_.seconds > 0 ? std::max(0.001, opt_.seconds - elapsed()) : 0;
    const int optimum = proof.result.upperBound;
    const EndsResult ends = solvedEnds(start.pos, table_, optimum + opt_.slack, eo);
    int followed = 0, fresh = 0;
    for (const End& e : ends.ends) {
      if (followed >= opt_.maxEnds) break;
      Board end = start;
      if (!playMoves(end, e.moves) || !end.pos.solved()) continue;  // cannot happen: replayed to be sure
      ++followed;
      graph_.add(start.pos, start.face, e.moves, end.pos);
      Board next = end;
      next.flip();
      if (queued_.insert(startKey(next)).second) {
        queue_.emplace_back(next, depth + 1);
        ++fresh;
      }
    }
    if (auto c = graph_.cheapestCycle(from_, best_)) {
      best_ = c->mean();
      r_.best = std::move(c);
    }
    char line[240];
    std::snprintf(line, sizeof line,
                  "start %d (depth %d): optimum %d (%.1f s), %zu end%s within %d%s, %d new start%s; graph %zu starts, "
                  "%zu arcs; best cycle %s",
                  r_.expanded, depth, optimum, proof.result.seconds + ends.seconds, ends.ends.size(),
                  ends.ends.size() == 1 ? "" : "s", optimum + opt_.slack, ends.complete ? "" : " (cut short)", fresh,
                  fresh == 1 ? "" : "s", graph_.nodes(), graph_.arcs(),
                  r_.best ? (std::to_string(r_.best->mean()).substr(0, 6) + " over " +
                             std::to_string(r_.best->boards.size()) + " boards")
                                .c_str()
                          : "none below the known");
    say(line);
  }

  const Board from_;
  const EndgameTable& table_;
  const ExactCycleOptions& opt_;
  double best_;  // the mean a cycle must be cheaper than
  const int maxCost_;
  const std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
  ExactCycleResult r_;
  TransitionGraph graph_;
  std::deque<std::pair<Board, int>> queue_;  // start, boards from `from`
  std::unordered_set<uint64_t> queued_;
};

}  // namespace

ExactCycleResult exactCycleSearch(const Board& from, const EndgameTable& table, const ExactCycleOptions& opt,
                                  double below) {
  return ExactSearch(from, table, opt, below).run();
}

jcgn::Entry entryThroughCycle(const jcgn::Entry& entry, int firstBoard, const CycleBoards& cycle) {
  jcgn::Entry out;
  out.boards.assign(entry.boards.begin(), entry.boards.begin() + (firstBoard - 1));
  const size_t count = entry.boards.size();
  auto append = [&](const std::vector<Move>& moves) {
    Board b = jcgn::nextStart(out);
    if (!playMoves(b, moves) || !b.pos.solved()) throw std::logic_error("a board of the cycle does not replay");
    out.boards.push_back({moves, b.tiles});
  };
  for (const auto& m : cycle.lead)
    if (out.boards.size() < count) append(m);
  // Each turn may end at an image of the start: map the next turn by where
  // the board really is (replayCycle gives turns that close exactly).
  for (size_t k = 0; out.boards.size() < count; k = (k + 1) % cycle.boards.size()) append(cycle.boards[k]);
  return out;
}

}  // namespace nugget::solve
