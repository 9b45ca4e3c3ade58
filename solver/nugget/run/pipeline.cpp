// The pipeline (pipeline.h): its two routes, the state a checkpoint holds,
// resume and the entry. The steps of each route live beside it:
// cycle_route.cpp (the cycle route, an object of its own), pipeline_chain.cpp
// (the chain route's table, chain, portfolio of seeds and fast finish),
// pipeline_tries.cpp (its cycle phase: the tries, the search past the chain,
// the aims).
#include "nugget/run/pipeline.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "search/beam.h"

namespace nugget::solve {

namespace {

// Boards the best live chain has past the committed ones (parents come
// before children: checked by the checkpoint reader).
int pendingDepth(const std::vector<std::pair<int, std::vector<Move>>>& pending, const std::vector<int>& live) {
  int depth = 0;
  if (!live.empty())
    for (int n = live.front(); n >= 0 && n < static_cast<int>(pending.size()); n = pending[n].first) ++depth;
  return depth;
}

}  // namespace

int portfolioWinner(const std::vector<std::optional<Cycle>>& closed) {
  int best = -1;
  for (size_t r = 0; r < closed.size(); ++r) {
    if (!closed[r]) continue;
    const Cycle* b = best < 0 ? nullptr : &*closed[static_cast<size_t>(best)];
    if (!b || closed[r]->moves * long(b->period) < b->moves * long(closed[r]->period)) best = static_cast<int>(r);
  }
  return best;
}

Pipeline::Pipeline(PipelineOptions opt, PipelineEvents events, Team& team)
    : opt_(std::move(opt)), ev_(std::move(events)), team_(team), t0_(std::chrono::steady_clock::now()) {
  // Alone, a stop request also ends the beam search under way within a
  // level (search::Stopped, caught in run()): the board, try or aim it was
  // in is dropped and done again on resume, so Ctrl-C acts within a
  // fraction of a second. A team stops together at safe points only (every
  // rank must agree on where).
  if (team_.size() == 1) {
    opt_.chain.solver.stop = &stopRequested_;
    opt_.chain.enter.target.stop = &stopRequested_;
  }
}

Pipeline::~Pipeline() = default;

double Pipeline::elapsed() const {
  if (opt_.clock) return opt_.clock();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
}

std::string Pipeline::settings() const {
  // A team's cycle tries run in other rounds than one process's: K is a setting.
  std::string s = opt_.chain.solver.signature();
  if (team_.size() > 1) s.append(" processes=").append(std::to_string(team_.size()));
  // The chain's settings on the cycle route too: it may fall back to the chain route.
  if (opt_.route == Route::Cycle) s.append(CycleRoute::settings(opt_.cycles, opt_.chain.solver.seed));
  return s;
}

void Pipeline::resume(Checkpoint cp) {
  // Other settings would give another result than a fresh run.
  if (cp.settings != settings()) {
    auto processes = [](const std::string& s) {
      const size_t at = s.find(" processes=");
      return at == std::string::npos ? std::string("1") : s.substr(at + 11);
    };
    if (processes(cp.settings) != processes(settings()))
      throw CheckpointError(0, "made by " + processes(cp.settings) + " processes (mpirun -np " +
                                   processes(cp.settings) + "); now " + processes(settings()) +
                                   ": resume it with the same number");
    throw CheckpointError(0, "made with other settings (" + cp.settings + "); now: " + settings());
  }
  if (cp.cycles && cp.cycles->cycleBoards != opt_.chain.cycleBoards)
    throw CheckpointError(0, "made with --cycle-boards " + std::to_string(cp.cycles->cycleBoards) + "; now: " +
                                 std::to_string(opt_.chain.cycleBoards));
  // The portfolio's chains: one a rank but 0, all as far along as rank 0's
  // (the ranks go on in lockstep from there).
  if (!cp.ranks.empty()) {
    if (static_cast<int>(cp.ranks.size()) != team_.size() - 1)
      throw CheckpointError(0, "holds the chains of " + std::to_string(cp.ranks.size() + 1) + " processes; now " +
                                   std::to_string(team_.size()));
    const size_t solved = cp.entry.boards.size() + static_cast<size_t>(cp.pendingDepth());
    for (const RankChain& r : cp.ranks)
      if (r.boards.size() + static_cast<size_t>(pendingDepth(r.pending, r.live)) != solved)
        throw CheckpointError(0, "its ranks' chains are not as far along as rank 0's");
  }
  // More boards than asked for: the board count, not the boards, is wrong.
  const int held = static_cast<int>(cp.entry.boards.size()) + cp.pendingDepth();
  if (held > opt_.chain.solver.boards && !cp.cycles && !cp.search)
    throw CheckpointError(0, "holds " + std::to_string(held) + " boards, more than --boards " +
                                 std::to_string(opt_.chain.solver.boards) + ": resume with --boards " +
                                 std::to_string(held) + " or more");
  entry_ = cp.entry;
  if (static_cast<int>(entry_.boards.size()) > opt_.chain.solver.boards) entry_.boards.resize(opt_.chain.solver.boards);
  resumedAt_ = static_cast<int>(entry_.boards.size());
  checkpointed_ = true;  // the checkpoint stays the one to resume from until a newer one is written
  resume_ = std::move(cp);
  if (ev_.resumed) ev_.resumed(resumedAt_);
}

bool Pipeline::cycleClosed() {
  if (opt_.chain.repeat && !cycle_) cycle_ = closedCycle(entry_);
  return cycle_.has_value();
}

bool Pipeline::shouldStop(bool timeToo, int boardsLeft) {
  // Rank 0 decides (its signal, its clock), every process follows.
  Stop stop = stop_;
  if (team_.leader() && stop == Stop::None) {
    if (stopRequested_.load(std::memory_order_relaxed)) {
      stop = Stop::Requested;
    } else if (timeToo && opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - fastReserve(boardsLeft)) {
      stop = Stop::TimeLimit;
    }
  }
  if (team_.size() > 1) stop = static_cast<Stop>(std::stoi(team_.broadcast(std::to_string(static_cast<int>(stop)))));
  stop_ = stop;
  return stop_ != Stop::None;
}

bool Pipeline::pastBudget() const { return opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - enterReserve(); }

bool Pipeline::budgetLeft() { return !team_.agree(pastBudget()); }

void Pipeline::save(Checkpoint cp) {
  if (!ev_.checkpoint) return;
  cp.settings = settings();
  if (team_.leader()) ev_.checkpoint(cp);  // one writer
  checkpointed_ = true;
}

void Pipeline::saveChain(const ChainBeam* beam) {
  Checkpoint cp;
  cp.entry = entry_;
  if (beam) {
    for (const auto& n : beam->nodes()) cp.pending.emplace_back(n.parent, n.moves);
    cp.live = beam->live();
  }
  if (team_.size() > 1) {
    // Every rank's chain, gathered to the writer (collective: every rank
    // saves after every board).
    RankChain mine;
    for (const auto& b : entry_.boards) mine.boards.push_back(b.moves);
    mine.pending = cp.pending;
    mine.live = cp.live;
    const std::vector<std::string> all = team_.gather(formatRankChain(mine));
    for (size_t r = 1; r < all.size(); ++r) {
      try {
        cp.ranks.push_back(parseRankChain(all[r]));
      } catch (const CheckpointError&) {
        badTeamMessage("a rank's chain");
      }
    }
  }
  save(std::move(cp));
}

void Pipeline::savePath(int triesDone, const AimProgress* aims) {
  Checkpoint cp;
  cp.entry.boards = found_;
  cp.search = chain_.searchPast;
  Checkpoint::CyclePath saved{triesDone, opt_.chain.cycleBoards, {}, std::nullopt, {}};
  for (size_t t = 1; t < path_.size(); ++t) saved.cycles.push_back({path_[t].lead, path_[t].boards, path_[t].foundBy});
  if (chain_.parked) {
    saved.parkedFrom = static_cast<int>(chain_.parked->from);
    for (const CycleBoards& c : chain_.parked->cycles) saved.parked.push_back({c.lead, c.boards, c.foundBy});
  }
  cp.cycles = std::move(saved);
  if (aims) cp.aims = Checkpoint::Aims{aims->done, aims->best, aims->bestMoves};
  save(std::move(cp));
}

void Pipeline::saveSearch(int stretchesDone, const std::vector<jcgn::BoardRecord>& boards) {
  Checkpoint cp;
  cp.entry.boards = found_;
  Checkpoint::SearchPast search{stretchesDone, {}, {}};
  for (const auto& b : boards) search.boards.push_back(b.moves);
  cp.search = std::move(search);
  save(std::move(cp));
}

Outcome Pipeline::run() {
  try {
    if (!runCycleRoute()) runChainRoute();
  } catch (const search::Stopped&) {
    // Mid-search: the state is the last safe point's (boards are appended,
    // cycles kept and checkpoints written only once whole).
    stop_ = Stop::Requested;
  }
  return finish();
}

bool Pipeline::runCycleRoute() {
  // A checkpoint of the chain route: the cycle route reached no cycle then
  // (it is deterministic), so it is not run again.
  if (opt_.route != Route::Cycle || (resume_ && !resume_->cycleAims)) return false;
  CycleRoute::Run run{team_,
                      stopRequested_,
                      stop_,
                      [this] { return shouldStop(false); },
                      [this] { return elapsed(); },
                      [this](Checkpoint cp) { save(std::move(cp)); },
                      opt_.timeLimit,
                      opt_.boards()};
  cycleRoute_ = std::make_unique<CycleRoute>(opt_.cycles, ev_.cycle, std::move(run));
  std::optional<CycleRoute::Entered> in =
      cycleRoute_->run(resume_ ? resume_->cycleAims : std::optional<AimsDone>());
  if (!in) return stop_ == Stop::Requested;  // stopped: the chain route is not started either
  entry_ = std::move(in->entry);
  found_ = std::move(in->found);
  cycle_ = in->cycle;
  path_ = {cycleBoards(Board::start(), found_, *cycle_)};
  return true;
}

void Pipeline::runChainRoute() {
  // Step 1. The endgame table (opened or built; a stop abandons a build).
  buildTable();
  // Step 2. The chain, board by board, until its boards close a cycle.
  chainPhase();
  // Step 3. The cycle played again to the last board, and cheaper cycles
  // searched near it (or, with no cycle, past the chain's end).
  cyclePhase();
  // Step 4. The early boards aimed at the path's cycles; the cheapest chain wins.
  enterPhase();
  // Step 5. A chain stopped by the budget short of a cycle: its last boards solved fast.
  finishFast();
}

// ------------------------------------------------------------ the entry
Outcome Pipeline::finish() {
  settlePath();  // the path the outcome reports (a stop's checkpoint keeps the exploration)
  Outcome out;
  out.stop = stop_;
  out.fastFrom = chain_.fastFrom;
  out.chain = entry_;
  out.checkpointed = checkpointed_;
  int keep = static_cast<int>(entry_.boards.size());
  if (keep < jcgn::kMinBoards) return out;
  if (opt_.trim) keep = bestPrefix(entry_.movesPerBoard());
  jcgn::Entry written = entry_;
  written.boards.resize(keep);
  out.trimmed = keep < static_cast<int>(entry_.boards.size());
  std::ostringstream comment;
  comment << "nugget solve --boards " << opt_.chain.solver.boards << (opt_.trim ? " --trim" : "") << "\n"
          << "settings: " << settings();
  out.text = jcgn::toString(written, comment.str());
  std::istringstream check(out.text);
  out.verdict = jcgn::verify(check);
  if (!out.verdict.ok) throw std::logic_error("internal error, entry failed verification: " + out.verdict.message("entry"));
  return out;
}

}  // namespace nugget::solve
