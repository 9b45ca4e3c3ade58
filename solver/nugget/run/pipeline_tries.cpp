// The chain route's cycle phase (pipeline.h): the cycle closed by the chain
// played again, cheaper cycles searched near it (or, with none, past the
// chain's end), and the early boards aimed at the path's cycles.
#include <algorithm>
#include <optional>

#include "nugget/run/pipeline.h"

namespace nugget::solve {

// ------------------------------------------------------------ cycles
bool Pipeline::searchFromEnd() {
  // The chain beam falls into a cycle by itself most of the time, but not
  // always within the chain (some runs close none in 200 boards). The chain
  // then goes on past its last board, as far as the cycle search may, until
  // it closes one; that cycle is reached by the aims (the chain as found
  // stays the fallback).
  if (!opt_.chain.repeat || opt_.chain.searchBoards == 0 || stop_ != Stop::None) return false;
  if (static_cast<int>(entry_.boards.size()) < opt_.chain.solver.boards) return false;
  found_ = entry_.boards;
  const Board origin = jcgn::nextStart(entry_);
  const Checkpoint::SearchPast* saved = resume_ && resume_->search ? &*resume_->search : nullptr;
  if (saved && saved->found) {
    auto c = replayCycle(origin, saved->found->lead, saved->found->turn);
    if (!c) throw CheckpointError(0, "the cycle found past the chain does not replay");
    path_ = {std::move(*c)};
    chain_.searchPast = *saved;
    return true;
  }
  // Three chain beams in turn, each with another tie-break seed and a third
  // of the boards, each from the chain's end: chains that close no cycle for
  // a long time tend to stay in such a regime, and another seed leaves it at
  // once. Each runs in stretches of --cycle-boards boards (the length of a
  // cycle try), a checkpoint after each: the next stretch goes on from the
  // best chain of the last.
  const int perSeed = std::max(opt_.chain.searchBoards / 3, 2);
  const int stretch = std::clamp(opt_.chain.cycleBoards, 2, perSeed);
  const int stretches = (perSeed + stretch - 1) / stretch;  // a seed
  int done = 0;
  std::vector<jcgn::BoardRecord> boards;
  if (saved) {
    done = saved->stretchesDone;
    for (const auto& moves : saved->boards) {
      Board b = boards.empty() ? origin : Board::fromTiles(boards.back().final, boards.size() % 2 ? other(origin.face) : origin.face);
      if (!playMoves(b, moves) || !b.pos.solved())
        throw CheckpointError(0, "the boards of its search past the chain do not replay");
      boards.push_back({moves, b.tiles});
    }
  }
  if (ev_.chain.searching) ev_.chain.searching(opt_.chain.searchBoards, elapsed());
  auto enough = [&] { return shouldStop(false) || !budgetLeft(); };
  std::optional<CycleBoards> found;
  while (done < 3 * stretches && !found) {
    const int seed = done / stretches, k = done % stretches;
    Options o = chain_.solver->options();
    o.seed += 104729ull * static_cast<uint64_t>(seed);
    const ChainSolver variant(o, chain_.solver->sharedTable());
    Stretch s = searchStretch(variant, origin, boards, std::min(stretch, perSeed - k * stretch), enough);
    if (s.cut) return false;
    done = s.failed ? (seed + 1) * stretches : done + 1;
    found = std::move(s.found);
    if (found) break;
    if (done % stretches == 0) boards.clear();  // the next seed starts from the chain's end
    saveSearch(done, boards);
  }
  if (!found) return false;
  path_ = {std::move(*found)};
  chain_.searchPast = Checkpoint::SearchPast{done, {}, Checkpoint::SavedCycle{path_[0].lead, path_[0].boards, 0}};
  if (ev_.chain.searched) ev_.chain.searched(path_[0], elapsed());
  return true;
}

void Pipeline::cyclePhase() {
  if (cycle_) {
    // The chain as found, up to the board that closed the cycle; then the
    // cycle played again to the last board.
    found_ = entry_.boards;
    repeatCycle(entry_, *cycle_, opt_.chain.solver.boards);
    if (ev_.chain.cycleClosed) ev_.chain.cycleClosed({static_cast<int>(found_.size()) + 1, *cycle_, opt_.chain.solver.boards});
    path_ = {cycleBoards(Board::start(), found_, *cycle_)};
  } else if (!searchFromEnd()) {
    return;  // no cycle on the chain, none found past it
  }
  // Cheaper cycles near it: each one found is kept with the boards leading
  // to it, a path of cycles.
  chain_.triesDone = 0;
  const bool resumedPath =
      resume_ && resume_->cycles && (chain_.resumedInCycle || (resume_->search && chain_.searchPast));
  if (resumedPath) {
    appendCycles(resume_->cycles->cycles, 0, "its cycle path does not replay, or a cycle does not come back to its start");
    restoreParked(*resume_->cycles);
    chain_.triesDone = resume_->cycles->triesDone;
    if (ev_.chain.resumedTries) ev_.chain.resumedTries(chain_.triesDone, path_.size() - 1);
    // Written once the tries were over: the aims go on from their checkpoint.
    if (resume_->aims) return;
  }
  savePath(chain_.triesDone);
  // Only a stop request is checked before the first try: a time limit
  // always lets one try run (checkpoints name the tries done).
  if (shouldStop(false)) return;
  runTries();
}

void Pipeline::runTries() {
  // A try is cut short by the time budget, and alone (a team of one: no
  // other process to disagree) by a stop request. A try cut by a stop is
  // not checkpointed: the last checkpoint, before it, resumes exactly.
  auto stopAsked = [&] { return team_.size() == 1 && stopRequested_.load(std::memory_order_relaxed); };
  auto afterRound = [&](const std::vector<CycleTry>& round) {
    for (const CycleTry& t : round)
      if (ev_.chain.cycleTry) ev_.chain.cycleTry(t, elapsed());
    if (round.back().cut && stopAsked()) return !shouldStop(false);
    chain_.triesDone = round.back().index;
    savePath(chain_.triesDone);
    // The checkpoint says which try comes next (a resume starts the next
    // round there). A time limit is a budget here: the tries end early
    // enough for the aims, which then run.
    if (chain_.triesDone >= opt_.chain.cycleTries || shouldStop(false)) return false;
    return budgetLeft();
  };
  searchCycles(*chain_.solver, path_, chain_.triesDone + 1, opt_.chain.cycleTries, opt_.chain.cycleBoards, afterRound, team_,
               [&] { return pastBudget() || stopAsked(); }, &chain_.parked);
}

void Pipeline::restoreParked(const Checkpoint::CyclePath& saved) {
  chain_.parked.reset();
  if (!saved.parkedFrom) return;
  const auto from = static_cast<size_t>(*saved.parkedFrom);
  // Checked by the reader: the explored cycle follows path_[from].
  if (from + 1 >= path_.size()) throw CheckpointError(0, "its parked cycles follow no cycle of its path");
  Parked p{from, {}};
  Board at = path_[from].start;
  for (const SavedCycle& c : saved.parked) {
    auto replayed = replayCycle(at, c.lead, c.turn);
    if (!replayed) throw CheckpointError(0, "its parked cycles do not replay");
    replayed->foundBy = c.foundBy;
    at = replayed->start;
    p.cycles.push_back(std::move(*replayed));
  }
  chain_.parked = std::move(p);
}

void Pipeline::settlePath() { settle(path_, chain_.parked); }

void Pipeline::appendCycles(const std::vector<SavedCycle>& saved, size_t from, const char* problem) {
  // Replayed: each lead from the previous cycle's start, each turn back to its own start.
  for (size_t t = from; t < saved.size(); ++t) {
    auto c = replayCycle(path_.back().start, saved[t].lead, saved[t].turn);
    if (!c) throw CheckpointError(0, problem);
    c->foundBy = saved[t].foundBy;
    path_.push_back(std::move(*c));
  }
}

double Pipeline::enterReserve() const {
  if (opt_.chain.enter.boards == 0) return 0;
  return std::clamp(0.15 * opt_.timeLimit, 10.0, 120.0);
}

void Pipeline::enterPhase() {
  settlePath();
  if (path_.empty() || stop_ != Stop::None) return;
  const long asFound = entry_.totalMoves();
  auto entering = [&](size_t i, int width) {
    if (ev_.chain.entering) ev_.chain.entering(i, path_[i].mean(), width);
  };
  auto report = [&](int j, int k, int moves) {
    if (ev_.chain.aimed) ev_.chain.aimed(j, k, moves, elapsed());
  };
  // Past the time limit, but for the polish's reserve, no new aim starts;
  // the cheapest chain so far stays, its aim polished until the limit. A
  // stop request ends the aims too, but their chain is dropped.
  const double polishReserve = std::min(15.0, 0.15 * enterReserve());
  auto enough = [&] {
    return shouldStop(false) || (opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - polishReserve);
  };
  // Rank 0 alone polishes: its own signal and clock, no team call.
  auto polishEnough = [&] {
    return stopRequested_.load(std::memory_order_relaxed) || (opt_.timeLimit > 0 && elapsed() > opt_.timeLimit);
  };
  // After each round of aims a checkpoint: a resume goes on with the next.
  AimProgress progress;
  if (resume_ && resume_->aims && !path_.empty())
    progress = {resume_->aims->done, resume_->aims->best, resume_->aims->bestMoves};
  std::vector<jcgn::BoardRecord> chain;
  try {
    chain = cheapestChain(Board::start(), found_, path_, opt_.chain.solver.boards, opt_.chain.enter, entering, report, enough,
                          team_, &progress, [&](const AimProgress& p) { savePath(chain_.triesDone, &p); });
  } catch (const std::invalid_argument& e) {
    throw CheckpointError(0, std::string("its aims do not replay (") + e.what() + ")");
  }
  if (stop_ == Stop::Requested) return;  // the chain played round the first cycle stays; a resume aims on
  if (progress.best >= 0) {
    const Polished p = polishAimed(Board::start(), chain, progress.bestMoves, opt_.chain.enter.boards, team_, polishEnough);
    if (p.board > 0 && ev_.chain.polished) ev_.chain.polished(p.board, p.before, p.after, elapsed());
  }
  if (shouldStop(false)) return;  // a stop request during the polish: as above, a resume polishes again
  entry_.boards = std::move(chain);
  if (ev_.chain.cheaper && entry_.totalMoves() < asFound)
    ev_.chain.cheaper(asFound, entry_.totalMoves(), double(entry_.totalMoves()) / double(entry_.boards.size()));
}

}  // namespace nugget::solve
