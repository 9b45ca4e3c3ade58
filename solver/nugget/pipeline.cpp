#include "nugget/pipeline.h"

#include <sstream>

#include "nugget/endgame_store.h"
#include "nugget/symmetry.h"

namespace nugget::solve {

namespace {
// Thrown from the aim callbacks when a stop is requested: cheapestChain has
// no stop of its own, and its callbacks run between two aims (serially).
struct StopAims {};
}  // namespace

Pipeline::Pipeline(PipelineOptions opt, PipelineEvents events)
    : opt_(std::move(opt)), ev_(std::move(events)), t0_(std::chrono::steady_clock::now()) {}

Pipeline::~Pipeline() = default;

double Pipeline::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
}

void Pipeline::resume(Checkpoint cp) {
  // Other settings would give another result than a fresh run.
  if (cp.settings != opt_.chain.signature())
    throw CheckpointError(0, "made with other settings (" + cp.settings + "); now: " + opt_.chain.signature());
  if (cp.cycles && cp.cycles->cycleBoards != opt_.cycleBoards)
    throw CheckpointError(0, "made with --cycle-boards " + std::to_string(cp.cycles->cycleBoards) + "; now: " +
                                 std::to_string(opt_.cycleBoards));
  entry_ = cp.entry;
  if (static_cast<int>(entry_.boards.size()) > opt_.chain.boards) entry_.boards.resize(opt_.chain.boards);
  resumedAt_ = static_cast<int>(entry_.boards.size());
  checkpointed_ = true;  // the checkpoint stays the one to resume from until a newer one is written
  resume_ = std::move(cp);
  if (ev_.resumed) ev_.resumed(resumedAt_);
}

bool Pipeline::cycleClosed() {
  if (opt_.repeat && !cycle_) cycle_ = closedCycle(entry_);
  return cycle_.has_value();
}

bool Pipeline::shouldStop(bool timeToo) {
  if (stopRequested_.load(std::memory_order_relaxed)) {
    stop_ = Stop::Requested;
  } else if (timeToo && opt_.timeLimit > 0 && elapsed() > opt_.timeLimit) {
    stop_ = Stop::TimeLimit;
  }
  return stop_ != Stop::None;
}

void Pipeline::save(Checkpoint cp) {
  if (!ev_.checkpoint) return;
  cp.settings = opt_.chain.signature();
  ev_.checkpoint(cp);
  checkpointed_ = true;
}

void Pipeline::saveChain(const ChainBeam* beam) {
  Checkpoint cp;
  cp.entry = entry_;
  if (beam) {
    for (const auto& n : beam->nodes()) cp.pending.emplace_back(n.parent, n.moves);
    cp.live = beam->live();
  }
  save(std::move(cp));
}

void Pipeline::savePath(int triesDone) {
  Checkpoint cp;
  cp.entry.boards = found_;
  Checkpoint::CyclePath saved{triesDone, opt_.cycleBoards, {}};
  for (size_t t = 1; t < path_.size(); ++t) saved.cycles.push_back({path_[t].lead, path_[t].boards});
  cp.cycles = std::move(saved);
  save(std::move(cp));
}

void Pipeline::buildTable() {
  if (solver_) return;
  if (ev_.tableBuilding) ev_.tableBuilding(opt_.chain.endgameDepth);
  TableSource source;
  source.dir = opt_.tableDir;
  source.useCache = opt_.tableCache;
  source.progress = ev_.tableProgress;
  solver_ = std::make_unique<ChainSolver>(opt_.chain, openEndgameTable(opt_.chain.endgameDepth, source));
  if (ev_.tableBuilt) ev_.tableBuilt(solver_->table().size(), elapsed());
}

Outcome Pipeline::run() {
  buildTable();
  chainPhase();
  cyclePhase();
  enterPhase();
  return finish();
}

// ------------------------------------------------------------ the chain
void Pipeline::chainPhase() {
  buildTable();
  // A stop asked for while the table was built: nothing solved yet.
  if (shouldStop(false)) return;
  // A checkpoint written once the cycle had closed: no more chain.
  resumedInCycle_ = resumedAt_ > 0 && cycleClosed();
  if (resumedInCycle_) {
    if (ev_.resumedInCycle) ev_.resumedInCycle();
  } else if (opt_.chain.chainBeam <= 1) {
    greedyChain();
  } else {
    beamChain();
  }
  if (ev_.chainDone) ev_.chainDone();
}

void Pipeline::greedyChain() {
  const int boards = opt_.chain.boards;
  for (int k = resumedAt_ + 1; k <= boards; ++k) {
    Board board = jcgn::nextStart(entry_);
    const BoardReport rep = solver_->solveBoard(board, k);
    for (Move m : rep.moves) board.apply(m);
    entry_.boards.push_back({rep.moves, board.tiles});
    generated_ += rep.generated;
    if (cycleClosed()) break;
    saveChain(nullptr);
    if (ev_.board)
      ev_.board({k, boards, static_cast<int>(rep.moves.size()),
                 double(entry_.totalMoves()) / double(entry_.boards.size()), generated_, k - resumedAt_, elapsed()});
    if (k < boards && shouldStop(true)) break;
  }
}

void Pipeline::beamChain() {
  // Beam over chains: boards are committed once every live chain shares
  // them; the checkpoint keeps the pending ones too.
  const int boards = opt_.chain.boards;
  ChainBeam beam(*solver_, opt_.chain.chainBeam, jcgn::nextStart(entry_), resumedAt_ + 1);
  if (resume_ && !resume_->pending.empty() &&
      !beam.restore(resume_->pending, resume_->live, resumedAt_ + resume_->pendingDepth()))
    throw CheckpointError(0, "its pending boards do not replay");
  const int startedAt = beam.solvedBoards();
  // Boards after the one that closes a cycle are dropped: the cycle is
  // played again instead.
  auto commit = [&](const std::vector<ChainBeam::Committed>& done) {
    for (const auto& c : done) {
      if (static_cast<int>(entry_.boards.size()) >= boards) break;
      entry_.boards.push_back({c.moves, c.final});
      if (cycleClosed()) return true;
    }
    return false;
  };
  // Symmetric hashes of the committed boards' starts, for closingChain.
  std::vector<uint64_t> starts;
  auto committedStarts = [&]() -> const std::vector<uint64_t>& {
    for (size_t b = starts.size(); b < entry_.boards.size(); ++b)
      starts.push_back(symmetricHash(
          b == 0 ? Board::start().pos : Board::fromTiles(entry_.boards[b - 1].final, faceOfBoard(int(b) + 1)).pos));
    return starts;
  };
  while (beam.solvedBoards() < boards && !cycle_) {
    beam.advance();
    // Any live chain that closes a cycle is taken whole: the cycle is
    // reachable along it, and closing it now beats waiting for every live
    // chain to agree on one (they rarely do).
    if (opt_.repeat && beam.solvedBoards() < boards) {
      const int r = beam.closingChain(committedStarts());
      if (r >= 0 && commit(beam.takeChain(r))) break;
    }
    if (commit(beam.takeShared())) break;
    generated_ = beam.generated();
    const int k = beam.solvedBoards();
    if (k < boards) saveChain(&beam);
    if (ev_.board)
      ev_.board({k, boards, beam.lastMoves(), double(entry_.totalMoves() + beam.bestPendingMoves()) / double(k),
                 generated_, k - startedAt, elapsed()});
    if (k < boards && shouldStop(true)) break;
  }
  // The best chain goes into the entry; the checkpoint written above keeps
  // the pending boards, so a run stopped early resumes exactly where it was.
  if (!cycle_) commit(beam.takeBest());
}

// ------------------------------------------------------------ cycles
bool Pipeline::searchFromEnd() {
  // The chain beam falls into a cycle by itself most of the time, but not
  // always within the chain (some runs close none in 200 boards). The chain
  // then goes on past its last board, as far as the cycle search may, until
  // it closes one; that cycle is reached by the aims (the chain as found
  // stays the fallback).
  if (!opt_.repeat || opt_.searchBoards == 0 || stop_ != Stop::None) return false;
  if (static_cast<int>(entry_.boards.size()) < opt_.chain.boards) return false;
  found_ = entry_.boards;
  if (ev_.searching) ev_.searching(opt_.searchBoards, elapsed());
  auto enough = [&] {
    return shouldStop(false) || (opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - enterReserve());
  };
  // Three chain beams in turn, each with another tie-break seed and a third
  // of the boards: chains that close no cycle for a long time tend to stay
  // in such a regime, and another seed leaves it at once.
  std::optional<CycleBoards> found;
  for (int i = 0; i < 3 && !found && !enough(); ++i) {
    Options o = solver_->options();
    o.seed += 104729ull * static_cast<uint64_t>(i);
    const ChainSolver variant(o, solver_->sharedTable());
    found = cycleFrom(variant, {jcgn::nextStart(entry_), {}, {}}, std::max(opt_.searchBoards / 3, 2), enough);
  }
  if (!found) return false;
  path_ = {std::move(*found)};
  if (ev_.searched) ev_.searched(path_[0], elapsed());
  return true;
}

void Pipeline::cyclePhase() {
  if (!cycle_) {
    // No cycle on the chain: one searched past its end, then the tries
    // (resumes search again: the checkpoint keeps the chain only).
    if (!searchFromEnd()) return;
    triesDone_ = 0;
    searchCycles(*solver_, path_, 1, opt_.cycleTries, opt_.cycleBoards, [&](const CycleTry& t) {
      if (ev_.cycleTry) ev_.cycleTry(t, elapsed());
      if (t.index >= opt_.cycleTries || shouldStop(false)) return false;
      return !(opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - enterReserve());
    });
    return;
  }
  // The chain as found, up to the board that closed the cycle; then the
  // cycle played again to the last board.
  found_ = entry_.boards;
  repeatCycle(entry_, *cycle_, opt_.chain.boards);
  if (ev_.cycleClosed) ev_.cycleClosed({static_cast<int>(found_.size()) + 1, *cycle_, opt_.chain.boards});
  // Cheaper cycles near it: each one found is kept with the boards leading
  // to it, a path of cycles.
  path_ = {cycleBoards(Board::start(), found_, *cycle_)};
  triesDone_ = 0;
  if (resumedInCycle_ && resume_ && resume_->cycles) {
    // Replayed: each lead from the previous cycle's start, each turn back to its own start.
    auto play = [&](Board& b, const std::vector<Move>& moves) {
      if (!playMoves(b, moves) || !b.pos.solved()) throw CheckpointError(0, "its cycle path does not replay");
      b.flip();
    };
    for (const auto& saved : resume_->cycles->cycles) {
      CycleBoards c;
      Board b = path_.back().start;
      for (const auto& moves : saved.lead) play(b, moves);
      c.start = b;
      for (const auto& moves : saved.turn) play(b, moves);
      if (b.pos.plane != c.start.pos.plane)
        throw CheckpointError(0, "a cycle of its path does not come back to its start");
      c.lead = saved.lead;
      c.boards = saved.turn;
      path_.push_back(std::move(c));
    }
    triesDone_ = resume_->cycles->triesDone;
    if (ev_.resumedTries) ev_.resumedTries(triesDone_, path_.size() - 1);
  }
  savePath(triesDone_);
  // Only a stop request is checked before the first try: a time limit
  // always lets one try run (checkpoints name the tries done).
  if (shouldStop(false)) return;
  searchCycles(*solver_, path_, triesDone_ + 1, opt_.cycleTries, opt_.cycleBoards, [&](const CycleTry& t) {
    if (ev_.cycleTry) ev_.cycleTry(t, elapsed());
    triesDone_ = t.index;
    savePath(t.index);
    // The checkpoint says which try comes next. A time limit is a budget
    // here: the tries end early enough for the aims, which then run.
    if (t.index >= opt_.cycleTries || shouldStop(false)) return false;
    return !(opt_.timeLimit > 0 && elapsed() > opt_.timeLimit - enterReserve());
  });
}

double Pipeline::enterReserve() const {
  if (opt_.enter.boards == 0) return 0;
  return std::clamp(0.15 * opt_.timeLimit, 10.0, 120.0);
}

void Pipeline::enterPhase() {
  if (path_.empty() || stop_ != Stop::None) return;
  const long asFound = entry_.totalMoves();
  auto stopHere = [&] {
    if (shouldStop(false)) throw StopAims{};
  };
  auto entering = [&](size_t i) {
    stopHere();
    if (ev_.entering) ev_.entering(i, path_[i].mean(), opt_.enter.target.width);
  };
  auto report = [&](int j, int k, int moves) {
    if (ev_.aimed) ev_.aimed(j, k, moves, elapsed());
    stopHere();
  };
  // Past the time limit no new aim starts; the cheapest chain so far stays.
  auto budgetSpent = [&] { return opt_.timeLimit > 0 && elapsed() > opt_.timeLimit; };
  try {
    entry_.boards =
        cheapestChain(Board::start(), found_, path_, opt_.chain.boards, opt_.enter, entering, report, budgetSpent);
  } catch (const StopAims&) {
    return;  // the chain played round the first cycle stays; a resume aims again
  }
  if (ev_.cheaper && entry_.totalMoves() < asFound)
    ev_.cheaper(asFound, entry_.totalMoves(), double(entry_.totalMoves()) / double(entry_.boards.size()));
}

// ------------------------------------------------------------ the entry
Outcome Pipeline::finish() {
  Outcome out;
  out.stop = stop_;
  out.chain = entry_;
  out.checkpointed = checkpointed_;
  int keep = static_cast<int>(entry_.boards.size());
  if (keep < jcgn::kMinBoards) return out;
  if (opt_.trim) keep = bestPrefix(entry_.movesPerBoard());
  jcgn::Entry written = entry_;
  written.boards.resize(keep);
  out.trimmed = keep < static_cast<int>(entry_.boards.size());
  std::ostringstream comment;
  comment << "nugget solve --boards " << opt_.chain.boards << (opt_.trim ? " --trim" : "") << "\n"
          << "settings: " << opt_.chain.signature();
  out.text = jcgn::toString(written, comment.str());
  std::istringstream check(out.text);
  out.verdict = jcgn::verify(check);
  if (!out.verdict.ok) throw std::logic_error("internal error, entry failed verification: " + out.verdict.message("entry"));
  return out;
}

}  // namespace nugget::solve
