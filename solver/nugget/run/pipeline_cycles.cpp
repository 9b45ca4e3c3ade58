// The cycle route of the pipeline (pipeline.h, PipelineOptions::cycles):
// cycles of 12 moves a board through later boards (or reversible ones of
// 14), board 1 aimed into one.
#include <algorithm>

#include "nugget/run/pipeline.h"
#include "nugget/cycles/good_set.h"
#include "nugget/cycles/later_board.h"
#include "nugget/cycles/reversible.h"
#include "search/beam.h"

namespace nugget::solve {

std::string Pipeline::cycleSettings() const {
  const auto& c = opt_.cycles;
  std::string s = c.given.empty() ? " cycles=" + std::to_string(c.build) + "x" + std::to_string(c.nodes)
                                  : " cycles=list:" + c.givenSum;
  if (c.given.empty() && opt_.cycles.later > 0) s += " later-cycles=" + std::to_string(opt_.cycles.later);
  s += " good-levels=" + std::to_string(c.levels) + " aim-frontier=" + std::to_string(c.frontier);
  s += " aim-width=" + std::to_string(c.width) + "x" + std::to_string(c.widen);
  s += " aims=" + std::to_string(c.from) + "+" + std::to_string(c.count) + "/" + std::to_string(c.batch) +
       " polish-slack=" +
       std::to_string(c.polishSlack);
  if (c.polishWidth != 2000) s += " polish-width=" + std::to_string(c.polishWidth);
  // The reversible cycles' tie-break: `nugget solve` gives both routes the
  // one --seed, which the chain's part of the settings names (seed=); only
  // another seed of the route's own is named here (older checkpoints and
  // entries keep their bytes).
  if (c.given.empty() && c.seed != opt_.chain.seed) s += " cycle-seed=" + std::to_string(c.seed);
  return s;
}

namespace {

double cheapest(const std::vector<CycleBoards>& cycles) {
  double m = 0;
  for (const CycleBoards& c : cycles) m = m == 0 ? c.mean() : std::min(m, c.mean());
  return m;
}

}  // namespace

void Pipeline::readyCycles() {
  if (!built_.empty()) return;
  if (!opt_.cycles.given.empty()) {
    built_ = opt_.cycles.given;
    if (ev_.cycle.ready) ev_.cycle.ready(built_.size(), 0, cheapest(built_), elapsed());
    return;
  }
  if (opt_.cycles.later > 0) {
    // 12-move cycles: later boards bounded by the node bound, each one's end
    // searched for a floor board back (good_set.h): no table, no time bound,
    // the same cycles on every machine.
    LaterBoardOptions lo;
    lo.moves = 12;
    lo.nodes = opt_.cycles.nodes;
    lo.stop = &stopRequested_;
    uint64_t nodes = 0;
    built_ = floorCycles(lo, opt_.cycles.later, &nodes);
    if (stopRequested_.load(std::memory_order_relaxed)) throw search::Stopped();  // a resume builds them again
    if (!built_.empty()) {
      if (ev_.cycle.ready) ev_.cycle.ready(built_.size(), nodes, cheapest(built_), elapsed());
      return;
    }
  }
  if (opt_.cycles.build <= 0) return;
  ReversibleOptions ro;
  ro.cycles = opt_.cycles.build;
  ro.nodes = opt_.cycles.nodes;
  ro.seed = opt_.cycles.seed;
  ro.stop = &stopRequested_;
  ReversibleResult r = reversibleCycles(ro);
  if (stopRequested_.load(std::memory_order_relaxed)) throw search::Stopped();  // a resume builds them again
  built_ = std::move(r.cycles);
  if (ev_.cycle.ready) ev_.cycle.ready(built_.size(), r.nodes, cheapest(built_), elapsed());
}

GoodSet Pipeline::goodSet() {
  GoodSet set = GoodSet::fromCycles(built_);
  GoodSetOptions go;
  go.levels = opt_.cycles.levels;
  go.stop = &stopRequested_;
  set.grow(go);
  if (stopRequested_.load(std::memory_order_relaxed)) throw search::Stopped();  // a resume builds it again
  if (ev_.cycle.goodSet) ev_.cycle.goodSet(set, elapsed());
  return set;
}

void Pipeline::saveAims(const AimsDone& done) {
  Checkpoint cp;
  cp.cycleAims = done;
  save(std::move(cp));
}

CycleAimOptions Pipeline::aimOptions() const {
  const CycleRouteOptions& c = opt_.cycles;
  CycleAimOptions ao;
  ao.target.width = c.width;
  ao.target.frontierDepth = c.frontier;
  ao.target.stop = team_.size() == 1 ? &stopRequested_ : nullptr;  // alone: within a level (the constructor)
  ao.widen = c.widen;
  ao.from = c.from;
  ao.count = c.count;
  ao.batch = c.batch;
  ao.polishSlack = c.polishSlack;
  ao.polishWidth = c.polishWidth;
  return ao;
}

bool Pipeline::runCycleRoute() {
  // A checkpoint of the chain route: the cycle route reached no cycle then
  // (it is deterministic), so it is not run again.
  if (opt_.route != Route::Cycle || (resume_ && !resume_->cycleAims)) return false;
  // Step 1. The cycles: read from a list, or built from the rules.
  readyCycles();
  if (built_.empty()) return false;
  // Step 2. The good set: the cycles' states, and level by level every
  // state one board of 12 before a member (deterministic, seconds).
  const GoodSet set = goodSet();
  // Step 3. Board 1 aimed at the images of its members with face A solved, nearest first, a checkpoint after
  // every round of aims. Past the time limit, but for the polish's reserve,
  // no aim starts; a stop request ends the aims at once (the aim under way
  // is dropped: the checkpoint before it resumes).
  CycleAims aims(Board::start(), set, aimOptions(), team_);
  AimsDone done;
  if (resume_ && resume_->cycleAims) {
    done = *resume_->cycleAims;
    if (ev_.cycle.resumed) ev_.cycle.resumed(done.done, aims.aims());
  }
  // The polish's share of a budget: a tenth, at most a minute (the
  // committed entry's took 39 s for 64 -> 62 moves; 15 s left the main job's
  // board 1 unpolished, results/README.md).
  const double polishReserve = opt_.timeLimit > 0 ? std::clamp(0.1 * opt_.timeLimit, 1.0, 60.0) : 0.0;
  auto enough = [&] {
    return shouldStop(false) || (opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - polishReserve);
  };
  auto report = [&](const AimReport& r) {
    if (ev_.cycle.aimed) ev_.cycle.aimed(r, elapsed());
  };
  try {
    aims.run(done, enough, report, [&](const AimsDone& d) { saveAims(d); });
  } catch (const search::Stopped&) {
    stop_ = Stop::Requested;  // the entry from the aims so far, not polished
  } catch (const std::invalid_argument& e) {
    throw CheckpointError(0, std::string("its cycle aims do not replay (") + e.what() + ")");
  }
  // Step 4. The kept aims polished (rank 0), the shortest chosen. A polish
  // cut by a signal or the time limit is not finished: the run says so and
  // keeps its checkpoint, and --resume polishes again from the same aims
  // (the same entry as a run never stopped).
  Stop polishCut = Stop::None;
  auto polishEnough = [&] {
    if (stop_ == Stop::Requested || stopRequested_.load(std::memory_order_relaxed))
      polishCut = Stop::Requested;
    else if (opt_.timeLimit > 0 && elapsed() > opt_.timeLimit)
      polishCut = Stop::TimeLimit;
    return polishCut != Stop::None;
  };
  const std::optional<CycleEntry> best = aims.best(done, polishEnough);
  if (stop_ == Stop::None && team_.leader()) stop_ = polishCut;
  if (team_.size() > 1) stop_ = static_cast<Stop>(std::stoi(team_.broadcast(std::to_string(static_cast<int>(stop_)))));
  // Stopped before any aim reached the set: no "the chain route" line (it is not started).
  if (ev_.cycle.entered && (best || stop_ != Stop::Requested)) ev_.cycle.entered(best, elapsed());
  if (!best) {
    // No aim reached a cycle (a stop: the chain route is not started).
    return stop_ == Stop::Requested;
  }
  // Aims left undone by the time limit: the entry is written, and --resume
  // goes on with them from the checkpoint.
  if (stop_ == Stop::None && done.done < aims.aims()) stop_ = Stop::TimeLimit;
  // Step 5. The entry: board 1, then its member's boards into the cycle,
  // and the cycle round and round.
  entry_ = aims.chain(*best, std::min(opt_.boards(), set.members()[best->image.member].level + 3));
  found_ = entry_.boards;
  cycle_ = closedCycle(entry_);  // (whatever the chain route's `repeat`)
  if (!cycle_) throw std::logic_error("a cycle of the cycle route does not close");
  repeatCycle(entry_, *cycle_, opt_.boards());
  path_ = {cycleBoards(Board::start(), found_, *cycle_)};
  return true;
}

}  // namespace nugget::solve
