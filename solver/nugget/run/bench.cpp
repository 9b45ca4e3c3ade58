#include "nugget/run/bench.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "nugget/aims/cycle_aims.h"
#include "nugget/cycles/good_set.h"
#include "nugget/cycles/later_board.h"
#include "nugget/run/pipeline.h"

namespace nugget::solve::bench {

namespace {

class Clock {
 public:
  // Milliseconds since the last call (or since made).
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - last_).count();
    last_ = now;
    return ms;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

std::string plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

uint64_t Result::signature() const {
  uint64_t sum = 0;
  for (const Step& s : steps) sum += s.work;
  return sum;
}

Result run(const Options& o) {
  // `nugget solve`'s defaults (its option table binds these fields), so the
  // bench follows the route as the main job runs it but for the aims' sizes.
  const PipelineOptions d;
  Result r;
  Clock clock;
  // Step 1. The cycles of 12 + 12 moves (CycleRoute::readyCycles).
  LaterBoardOptions lo;
  lo.moves = 12;
  lo.nodes = d.cycles.nodes;
  uint64_t nodes = 0;
  const std::vector<CycleBoards> cycles = floorCycles(lo, d.cycles.later, &nodes);
  r.steps.push_back({"cycles", plural(cycles.size(), "cycle", "cycles") + " of 12 + 12 moves", "nodes", nodes,
                     clock.lap()});
  if (cycles.empty()) throw std::logic_error("no cycle of 12 + 12 moves within the node bound");
  // Step 2. The good set around them (CycleRoute::goodSet).
  GoodSet set = GoodSet::fromCycles(cycles);
  GoodSetOptions go;
  go.levels = d.cycles.levels;
  uint64_t setNodes = 0;
  go.progress = [&](int, size_t, size_t, uint64_t n) { setNodes += n; };
  set.grow(go);
  const auto targets = std::count_if(set.members().begin(), set.members().end(),
                                     [](const GoodMember& m) { return m.face == Face::A; });
  r.steps.push_back({"good set", plural(set.size(), "state", "states") + ", " + std::to_string(targets) +
                                     " with face A solved",
                     "nodes", setNodes, clock.lap()});
  // Step 3. Board 1 aimed at the nearest images (CycleRoute::aimOptions).
  CycleAimOptions ao;
  ao.target.width = o.width;
  ao.target.frontierDepth = d.cycles.frontier;
  uint64_t children = 0;
  ao.target.children = &children;
  ao.widen = 1;
  ao.count = o.aims;
  ao.batch = d.cycles.batch;
  ao.polishSlack = d.cycles.polishSlack;
  ao.polishWidth = o.polishWidth;
  CycleAims aims(Board::start(), set, ao);
  AimsDone done;
  int reached = 0, shortest = 0;
  aims.run(done, {}, [&](const AimReport& a) {
    if (a.moves < 0) return;
    ++reached;
    shortest = shortest ? std::min(shortest, a.moves) : a.moves;
  }, {});
  r.steps.push_back({"aims", plural(aims.aims(), "aim", "aims") + " at width " + std::to_string(o.width) + ", " +
                                 std::to_string(reached) + " reaching the set" +
                                 (reached ? ", the shortest in " + std::to_string(shortest) + " moves" : ""),
                     "children", children, clock.lap()});
  // Step 4. The shortest polished, and its chain replayed (best, chain).
  const uint64_t aimed = children;
  const std::optional<CycleEntry> best = aims.best(done, {});
  if (best) {
    r.moves = static_cast<int>(best->moves.size());
    aims.chain(*best, jcgn::kMinBoards);  // throws std::logic_error when a board does not replay
  }
  r.steps.push_back({"polish", best ? std::to_string(best->before) + " -> " + std::to_string(r.moves) + " moves"
                                    : "no aim to polish",
                     "children", children - aimed, clock.lap()});
  return r;
}

}  // namespace nugget::solve::bench
