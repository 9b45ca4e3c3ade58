#include "nugget/exact_cycle.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <unordered_set>

#include "nugget/chain.h"
#include "nugget/solve_budget.h"
#include "nugget/symmetry.h"

namespace nugget::solve {

namespace {
uint64_t startKey(const Board& b) { return symmetricHash(b.pos) ^ (b.face == Face::A ? 0 : 0x9e3779b97f4a7c15ull); }
}  // namespace

ExactCycleResult exactCycleSearch(const Board& from, const EndgameTable& table, const ExactCycleOptions& opt,
                                  double below) {
  ExactCycleResult r;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  auto say = [&](const std::string& line) {
    if (opt.progress) opt.progress(line);
  };
  TransitionGraph graph;
  std::deque<std::pair<Board, int>> queue{{from, 0}};  // start, boards from `from`
  std::unordered_set<uint64_t> queued{startKey(from)};
  double best = below;
  const int maxCost = opt.maxCost > 0 ? opt.maxCost : below < 99 ? static_cast<int>(below) + 1 : 99;
  while (!queue.empty() && r.expanded < opt.maxStarts) {
    if ((opt.seconds > 0 && elapsed() >= opt.seconds) || (opt.prove.stop && opt.prove.stop->load())) {
      r.stopped = true;
      break;
    }
    const auto [start, depth] = queue.front();
    queue.pop_front();

    // The table outlives the search: a non-owning pointer for the beam.
    const std::optional<std::vector<Move>> known =
        beamBound(start, std::shared_ptr<const EndgameTable>(&table, [](const EndgameTable*) {}), opt.beamWidth);
    ProveOptions po = opt.prove;
    po.progress = {};
    po.seconds = opt.proveSeconds;
    po.maxBound = maxCost;
    if (opt.seconds > 0) {
      const double left = std::max(0.001, opt.seconds - elapsed());
      po.seconds = po.seconds > 0 ? std::min(po.seconds, left) : left;
    }
    const ProveResult proof = prove(start.pos, table, po, known ? &*known : nullptr);
    ++r.expanded;
    if (!proof.proven && !proof.stopped && proof.lowerBound > maxCost) {
      ++r.tooDear;
      char line[160];
      std::snprintf(line, sizeof line, "start %d (depth %d): needs more than %d moves (%.1f s); not expanded",
                    r.expanded, depth, maxCost, proof.seconds);
      say(line);
      continue;
    }
    if (!proof.proven) {
      ++r.unproved;
      // Its best solution known is still a way through this start.
      if (proof.upperBound >= 0) {
        Board end = start;
        if (playMoves(end, proof.moves) && end.pos.solved()) graph.add(start.pos, start.face, proof.moves, end.pos);
      }
      char line[160];
      std::snprintf(line, sizeof line, "start %d (depth %d): not proved in %.0f s (%d..%d moves)", r.expanded, depth,
                    proof.seconds, proof.lowerBound, proof.upperBound);
      say(line);
      continue;
    }
    ProveOptions eo = po;
    eo.seconds = opt.seconds > 0 ? std::max(0.001, opt.seconds - elapsed()) : 0;
    const EndsResult ends = solvedEnds(start.pos, table, proof.upperBound + opt.slack, eo);
    int followed = 0, fresh = 0;
    for (const End& e : ends.ends) {
      if (followed >= opt.maxEnds) break;
      Board end = start;
      if (!playMoves(end, e.moves) || !end.pos.solved()) continue;  // cannot happen: replayed to be sure
      ++followed;
      graph.add(start.pos, start.face, e.moves, end.pos);
      Board next = end;
      next.flip();
      if (queued.insert(startKey(next)).second) {
        queue.emplace_back(next, depth + 1);
        ++fresh;
      }
    }
    if (auto c = graph.cheapestCycle(from, best)) {
      best = c->mean();
      r.best = std::move(c);
    }
    char line[240];
    std::snprintf(line, sizeof line,
                  "start %d (depth %d): optimum %d (%.1f s), %zu end%s within %d%s, %d new start%s; graph %zu starts, "
                  "%zu arcs; best cycle %s",
                  r.expanded, depth, proof.upperBound, proof.seconds + ends.seconds, ends.ends.size(),
                  ends.ends.size() == 1 ? "" : "s", proof.upperBound + opt.slack, ends.complete ? "" : " (cut short)",
                  fresh, fresh == 1 ? "" : "s", graph.nodes(), graph.arcs(),
                  r.best ? (std::to_string(r.best->mean()).substr(0, 6) + " over " +
                            std::to_string(r.best->boards.size()) + " boards")
                               .c_str()
                         : "none below the known");
    say(line);
  }
  r.nodes = graph.nodes();
  r.arcs = graph.arcs();
  r.seconds = elapsed();
  return r;
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
