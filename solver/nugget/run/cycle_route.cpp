// The cycle route (cycle_route.h): the cycles, the good set, board 1's aims
// and their polish, the entry.
#include "nugget/run/cycle_route.h"

#include <algorithm>
#include <stdexcept>

#include "nugget/cycles/later_board.h"
#include "nugget/cycles/reversible.h"
#include "search/beam.h"

namespace nugget::solve {

CycleRoute::CycleRoute(CycleRouteOptions opt, CycleRouteEvents events, Run run)
    : opt_(std::move(opt)), ev_(std::move(events)), run_(std::move(run)) {}

std::string CycleRoute::settings(const CycleRouteOptions& c, uint64_t chainSeed) {
  std::string s = c.given.empty() ? " cycles=" + std::to_string(c.build) + "x" + std::to_string(c.nodes)
                                  : " cycles=list:" + c.givenSum;
  if (c.given.empty() && c.later > 0) s += " later-cycles=" + std::to_string(c.later);
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
  if (c.given.empty() && c.seed != chainSeed) s += " cycle-seed=" + std::to_string(c.seed);
  return s;
}

namespace {

double cheapest(const std::vector<CycleBoards>& cycles) {
  double m = 0;
  for (const CycleBoards& c : cycles) m = m == 0 ? c.mean() : std::min(m, c.mean());
  return m;
}

}  // namespace

void CycleRoute::readyCycles() {
  if (!built_.empty()) return;
  if (!opt_.given.empty()) {
    built_ = opt_.given;
    if (ev_.ready) ev_.ready(built_.size(), 0, cheapest(built_), run_.elapsed());
    return;
  }
  if (opt_.later > 0) {
    // 12-move cycles: later boards bounded by the node bound, each one's end
    // searched for a floor board back (good_set.h): no table, no time bound,
    // the same cycles on every machine.
    LaterBoardOptions lo;
    lo.moves = 12;
    lo.nodes = opt_.nodes;
    lo.stop = &run_.stopRequested;
    uint64_t nodes = 0;
    built_ = floorCycles(lo, opt_.later, &nodes);
    if (stopAsked()) throw search::Stopped();  // a resume builds them again
    if (!built_.empty()) {
      if (ev_.ready) ev_.ready(built_.size(), nodes, cheapest(built_), run_.elapsed());
      return;
    }
  }
  if (opt_.build <= 0) return;
  ReversibleOptions ro;
  ro.cycles = opt_.build;
  ro.nodes = opt_.nodes;
  ro.seed = opt_.seed;
  ro.stop = &run_.stopRequested;
  ReversibleResult r = reversibleCycles(ro);
  if (stopAsked()) throw search::Stopped();  // a resume builds them again
  built_ = std::move(r.cycles);
  if (ev_.ready) ev_.ready(built_.size(), r.nodes, cheapest(built_), run_.elapsed());
}

GoodSet CycleRoute::goodSet() {
  GoodSet set = GoodSet::fromCycles(built_);
  GoodSetOptions go;
  go.levels = opt_.levels;
  go.stop = &run_.stopRequested;
  set.grow(go);
  if (stopAsked()) throw search::Stopped();  // a resume builds it again
  if (ev_.goodSet) ev_.goodSet(set, run_.elapsed());
  return set;
}

CycleAimOptions CycleRoute::aimOptions() const {
  CycleAimOptions ao;
  ao.target.width = opt_.width;
  ao.target.frontierDepth = opt_.frontier;
  // Alone, a stop request ends the beam under way within a level (a team
  // stops together at safe points only: every rank must agree on where).
  ao.target.stop = run_.team.size() == 1 ? &run_.stopRequested : nullptr;
  ao.widen = opt_.widen;
  ao.from = opt_.from;
  ao.count = opt_.count;
  ao.batch = opt_.batch;
  ao.polishSlack = opt_.polishSlack;
  ao.polishWidth = opt_.polishWidth;
  return ao;
}

void CycleRoute::aim(CycleAims& aims, AimsDone& done) {
  // Past the time limit, but for the polish's reserve, no aim starts; a
  // stop request ends the aims at once (the aim under way is dropped: the
  // checkpoint before it resumes). The polish's share of a budget: a
  // tenth, at most a minute (the committed entry's took 39 s for 64 -> 62
  // moves; 15 s left the main job's board 1 unpolished, results/README.md).
  const double limit = run_.timeLimit;
  const double polishReserve = limit > 0 ? std::clamp(0.1 * limit, 1.0, 60.0) : 0.0;
  auto enough = [&] { return run_.shouldStop() || (limit > 0 && run_.elapsed() > limit - polishReserve); };
  auto report = [&](const AimReport& r) {
    if (ev_.aimed) ev_.aimed(r, run_.elapsed());
  };
  auto saved = [&](const AimsDone& d) {
    Checkpoint cp;
    cp.cycleAims = d;
    run_.save(std::move(cp));
  };
  try {
    aims.run(done, enough, report, saved);
  } catch (const search::Stopped&) {
    run_.stop = Stop::Requested;  // the entry from the aims so far, not polished
  } catch (const std::invalid_argument& e) {
    throw CheckpointError(0, std::string("its cycle aims do not replay (") + e.what() + ")");
  }
}

std::optional<CycleEntry> CycleRoute::polished(CycleAims& aims, const AimsDone& done) {
  // A polish cut by a signal or the time limit is not finished: the run
  // says so and keeps its checkpoint, and --resume polishes again from the
  // same aims (the same entry as a run never stopped).
  Stop cut = Stop::None;
  auto enough = [&] {
    if (run_.stop == Stop::Requested || stopAsked())
      cut = Stop::Requested;
    else if (run_.timeLimit > 0 && run_.elapsed() > run_.timeLimit)
      cut = Stop::TimeLimit;
    return cut != Stop::None;
  };
  std::optional<CycleEntry> best = aims.best(done, enough);
  Team& team = run_.team;
  if (run_.stop == Stop::None && team.leader()) run_.stop = cut;
  if (team.size() > 1)
    run_.stop = static_cast<Stop>(std::stoi(team.broadcast(std::to_string(static_cast<int>(run_.stop)))));
  return best;
}

std::optional<CycleRoute::Entered> CycleRoute::run(const std::optional<AimsDone>& resumed) {
  // Step 1. The cycles: read from a list, or built from the rules.
  readyCycles();
  if (built_.empty()) return std::nullopt;
  // Step 2. The good set: the cycles' states, and level by level every
  // state one board of 12 before a member (deterministic, seconds).
  const GoodSet set = goodSet();
  // Step 3. Board 1 aimed at the images of its members with face A solved,
  // nearest first, a checkpoint after every round of aims.
  CycleAims aims(Board::start(), set, aimOptions(), run_.team);
  AimsDone done;
  if (resumed) {
    done = *resumed;
    if (ev_.resumed) ev_.resumed(done.done, aims.aims());
  }
  aim(aims, done);
  // Step 4. The kept aims polished (rank 0), the shortest chosen.
  const std::optional<CycleEntry> best = polished(aims, done);
  Stop& stop = run_.stop;
  // Stopped before any aim reached the set: no "the chain route" line (it is not started).
  if (ev_.entered && (best || stop != Stop::Requested)) ev_.entered(best, run_.elapsed());
  if (!best) return std::nullopt;  // no aim reached a cycle (a stop: the chain route is not started)
  // Aims left undone by the time limit: the entry is written, and --resume
  // goes on with them from the checkpoint.
  if (stop == Stop::None && done.done < aims.aims()) stop = Stop::TimeLimit;
  // Step 5. The entry: board 1, then its member's boards into the cycle,
  // and the cycle round and round.
  Entered in;
  in.entry = aims.chain(*best, std::min(run_.boards, set.members()[best->image.member].level + 3));
  in.found = in.entry.boards;
  const std::optional<Cycle> cycle = closedCycle(in.entry);
  if (!cycle) throw std::logic_error("a cycle of the cycle route does not close");
  in.cycle = *cycle;
  repeatCycle(in.entry, in.cycle, run_.boards);
  return in;
}

}  // namespace nugget::solve
