#include "nugget/pipeline.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "nugget/endgame.h"
#include "nugget/endgame_store.h"
#include "nugget/memory_guard.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"
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

// Committed boards from their moves alone, each replayed from the previous
// one's final (nullopt when one does not replay to a solved board).
std::optional<jcgn::Entry> replayBoards(const std::vector<std::vector<Move>>& boards) {
  jcgn::Entry e;
  for (const auto& moves : boards) {
    Board b = jcgn::nextStart(e);
    if (!playMoves(b, moves) || !b.pos.solved()) return std::nullopt;
    e.boards.push_back({moves, b.tiles});
  }
  return e;
}

[[noreturn]] void badMessage(const std::string& what) {
  throw std::runtime_error("internal error: a team message that is not " + what +
                           " (every process must run the same build)");
}

// The endgame table's source as the options name it (no progress hooks).
TableSource tableSource(const PipelineOptions& opt) {
  TableSource source;
  source.dir = opt.tableDir;
  source.useCache = opt.tableCache;
  source.hugePages = opt.tableHugePages;
  return source;
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

MemoryNeed memoryNeed(const PipelineOptions& opt, int threads, int cores, int processesHere) {
  MemoryNeed need;
  need.processes = std::max(processesHere, 1);
  if (opt.cycleRoute()) {
    // No table: one aim at a time a process, at most at the wider width.
    // Reaching the chain route, the pipeline picks a table that fits then
    // (Pipeline::buildTable).
    need.tableBuilt = false;
    need.beamsPerProcess = double(widerWidth(opt.enter)) * 1300;
    return need;
  }
  const double bytes = double(endgameTableBytes(opt.chain.endgameDepth));
  need.tableBuilt = !endgameTableCached(opt.chain.endgameDepth, tableSource(opt));
  if (!need.tableBuilt)
    need.table = bytes;  // read once (one process) or mapped and shared (several)
  else
    need.table = bytes * 2.0 * (opt.tableCache ? 1 : need.processes);
  const int running = std::max(std::min(opt.chain.chainBeam, threads ? threads : cores), 1);
  need.beamsPerProcess = double(std::max(opt.chain.beamWidth * 4, widerWidth(opt.enter))) * 1300 * running;
  return need;
}

Pipeline::Pipeline(PipelineOptions opt, PipelineEvents events, Team& team)
    : opt_(std::move(opt)), ev_(std::move(events)), team_(team), t0_(std::chrono::steady_clock::now()) {
  // Alone, a stop request also ends the beam search under way within a
  // level (search::Stopped, caught in run()): the board, try or aim it was
  // in is dropped and done again on resume, so Ctrl-C acts within a
  // fraction of a second. A team stops together at safe points only (every
  // rank must agree on where).
  if (team_.size() == 1) {
    opt_.chain.stop = &stopRequested_;
    opt_.enter.target.stop = &stopRequested_;
  }
}

Pipeline::~Pipeline() = default;

double Pipeline::elapsed() const {
  if (opt_.clock) return opt_.clock();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
}

std::string Pipeline::settings() const {
  // A team's cycle tries run in other rounds than one process's: K is a setting.
  std::string s = opt_.chain.signature();
  if (team_.size() > 1) s.append(" processes=").append(std::to_string(team_.size()));
  if (opt_.cycleRoute()) s.append(cycleSettings());
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
  if (cp.cycles && cp.cycles->cycleBoards != opt_.cycleBoards)
    throw CheckpointError(0, "made with --cycle-boards " + std::to_string(cp.cycles->cycleBoards) + "; now: " +
                                 std::to_string(opt_.cycleBoards));
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
        badMessage("a rank's chain");
      }
    }
  }
  save(std::move(cp));
}

void Pipeline::savePath(int triesDone, const AimProgress* aims) {
  Checkpoint cp;
  cp.entry.boards = found_;
  cp.search = search_;
  Checkpoint::CyclePath saved{triesDone, opt_.cycleBoards, {}, std::nullopt, {}};
  for (size_t t = 1; t < path_.size(); ++t) saved.cycles.push_back({path_[t].lead, path_[t].boards, path_[t].foundBy});
  if (parked_) {
    saved.parkedFrom = static_cast<int>(parked_->from);
    for (const CycleBoards& c : parked_->cycles) saved.parked.push_back({c.lead, c.boards, c.foundBy});
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

namespace {
// A first build's seconds on 2 cores (AMD EPYC Zen 5, results/README.md):
// depth 7 ~3 min, 6 ~10 s, 5 ~1 s (6 and 5 counted as 15 s and 2 s).
double buildSeconds(int depth) { return depth >= 7 ? 180 : depth == 6 ? 15 : depth == 5 ? 2 : 1; }
}  // namespace

int Pipeline::affordableDepth() const {
  // The table the run can afford: within a time limit, a build that would
  // take more than half the time left is not started (a shallower table,
  // or a cached one, instead), so the entry has every board within the
  // budget whatever the cache holds. The cycle route's memory check counted
  // no table: reaching the chain route, the table must also fit the machine.
  const TableSource source = tableSource(opt_);
  const double have = physicalMemory();
  int depth = opt_.chain.endgameDepth;
  for (; depth > 4; --depth) {
    const bool cached = endgameTableCached(depth, source);
    const double bytes = double(endgameTableBytes(depth)) * (cached ? 1.0 : 2.0);
    const bool fits = !opt_.cycleRoute() || have <= 0 || bytes < 0.9 * have;
    const bool inTime = cached || opt_.timeLimit <= 0 || buildSeconds(depth) < 0.5 * (opt_.timeLimit - elapsed());
    if (fits && inTime) break;
  }
  return depth;
}

void Pipeline::buildTable() {
  if (solver_ || stop_ != Stop::None) return;
  if (team_.leader()) {
    const int depth = affordableDepth();
    if (depth != opt_.chain.endgameDepth && ev_.tableShallower) ev_.tableShallower(opt_.chain.endgameDepth, depth);
    opt_.chain.endgameDepth = depth;
  }
  if (team_.size() > 1) opt_.chain.endgameDepth = std::stoi(team_.broadcast(std::to_string(opt_.chain.endgameDepth)));
  if (ev_.tableBuilding) ev_.tableBuilding(opt_.chain.endgameDepth);
  TableSource source = tableSource(opt_);
  source.progress = ev_.tableProgress;
  // Alone, a stop request abandons a build (depth 7: minutes) within a
  // fraction of a second; nothing is written, nothing solved, so there is
  // nothing to resume. A team's build runs to its end (the other ranks wait
  // for the file at the barrier; the stop is honoured right after).
  if (team_.size() == 1) source.stop = [this] { return stopRequested_.load(std::memory_order_relaxed); };
  // Rank 0 builds the table (or maps the cached one) first; the others then
  // map the file it left in the cache (one build, not K).
  if (!team_.leader()) team_.barrier();
  try {
    solver_ = std::make_unique<ChainSolver>(opt_.chain, openEndgameTable(opt_.chain.endgameDepth, source));
  } catch (const TableBuildStopped&) {
    stop_ = Stop::Requested;
    return;
  }
  if (team_.leader()) team_.barrier();
  if (ev_.tableBuilt) ev_.tableBuilt(solver_->table().size(), elapsed());
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

// ------------------------------------------------------------ the chain
void Pipeline::chainPhase() {
  buildTable();
  // A stop asked for while the table was built (or the build abandoned for
  // it): nothing solved yet.
  if (!solver_ || shouldStop(false)) return;
  // A checkpoint written once the cycle had closed: no more chain.
  resumedInCycle_ = resumedAt_ > 0 && cycleClosed();
  if (resumedInCycle_) {
    if (ev_.resumedInCycle) ev_.resumedInCycle();
  } else {
    resumeRank();
    measureFastBoard();
    if (opt_.chain.chainBeam <= 1)
      greedyChain();
    else
      beamChain();
    portfolioBest();
  }
  if (ev_.chainDone) ev_.chainDone();
}

// ------------------------------------------------------------ the portfolio of seeds
const ChainSolver& Pipeline::chainSolver() {
  if (team_.rank() == 0) return *solver_;
  if (!rankSolver_) {
    Options o = solver_->options();
    o.seed += kPortfolioSeedStep * static_cast<uint64_t>(team_.rank());
    rankSolver_ = std::make_unique<ChainSolver>(o, solver_->sharedTable());
  }
  return *rankSolver_;
}

void Pipeline::resumeRank() {
  // Checked in resume(): one chain a rank but 0, all in step with rank 0's.
  if (team_.rank() == 0 || !resume_ || resume_->ranks.empty()) return;
  const RankChain& mine = resume_->ranks[static_cast<size_t>(team_.rank() - 1)];
  auto replayed = replayBoards(mine.boards);
  if (!replayed) throw CheckpointError(0, "the chain of rank " + std::to_string(team_.rank()) + " does not replay");
  entry_ = std::move(*replayed);
  resumedAt_ = static_cast<int>(entry_.boards.size());
  resume_->pending = mine.pending;
  resume_->live = mine.live;
}

bool Pipeline::portfolioClosed(bool closedHere) {
  if (team_.size() == 1) return closedHere;
  // The cost of each rank's cycle, in rank order: the cheapest mean wins,
  // the lowest rank among equals.
  const std::vector<std::string> all =
      team_.allGather(closedHere ? "closed " + std::to_string(cycle_->moves) + " " + std::to_string(cycle_->period)
                                 : "open");
  std::vector<std::optional<Cycle>> closed(all.size());
  for (size_t r = 0; r < all.size(); ++r) {
    const auto w = jcgn::fields(all[r]);
    if (w.size() == 1 && w[0] == "open") continue;
    if (w.size() != 3 || w[0] != "closed") badMessage("a rank's cycle");
    const auto moves = jcgn::parseInt(w[1], 1, 1'000'000'000), period = jcgn::parseInt(w[2], 1, 1'000'000);
    if (!moves || !period) badMessage("a rank's cycle");
    closed[r] = Cycle{0, *period, *moves, *period, 0};
  }
  const int best = portfolioWinner(closed);
  if (best < 0) return false;
  adopt(best);
  cycle_.reset();
  if (!cycleClosed()) badMessage("a chain that closes a cycle");
  return true;
}

void Pipeline::portfolioBest() {
  if (team_.size() == 1 || cycle_) return;
  const std::vector<std::string> all = team_.allGather(std::to_string(entry_.totalMoves()));
  int best = 0;
  for (int r = 1; r < team_.size(); ++r)
    if (std::stol(all[static_cast<size_t>(r)]) < std::stol(all[static_cast<size_t>(best)])) best = r;
  adopt(best);
}

void Pipeline::adopt(int rank) {
  RankChain mine;
  if (team_.rank() == rank)
    for (const auto& b : entry_.boards) mine.boards.push_back(b.moves);
  const std::string text = team_.allGather(team_.rank() == rank ? formatRankChain(mine) : "")[static_cast<size_t>(rank)];
  if (team_.rank() == rank) return;
  std::optional<jcgn::Entry> replayed;
  try {
    replayed = replayBoards(parseRankChain(text).boards);
  } catch (const CheckpointError&) {
  }
  if (!replayed) badMessage("a chain that replays");
  entry_ = std::move(*replayed);
}

void Pipeline::greedyChain() {
  const int boards = opt_.chain.boards;
  for (int k = resumedAt_ + 1; k <= boards; ++k) {
    Board board = jcgn::nextStart(entry_);
    const BoardReport rep = chainSolver().solveBoard(board, k);
    for (Move m : rep.moves) board.apply(m);
    entry_.boards.push_back({rep.moves, board.tiles});
    generated_ += rep.generated;
    if (portfolioClosed(cycleClosed())) break;
    saveChain(nullptr);
    if (ev_.board)
      ev_.board({k, boards, static_cast<int>(rep.moves.size()),
                 double(entry_.totalMoves()) / double(entry_.boards.size()), generated_, k - resumedAt_, elapsed()});
    if (k < boards && shouldStop(true, boards - k)) break;
  }
}

void Pipeline::beamChain() {
  // Beam over chains: boards are committed once every live chain shares
  // them; the checkpoint keeps the pending ones too.
  const int boards = opt_.chain.boards;
  ChainBeam beam(chainSolver(), opt_.chain.chainBeam, jcgn::nextStart(entry_), resumedAt_ + 1);
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
    bool closed = false;
    if (opt_.repeat && beam.solvedBoards() < boards) {
      const int r = beam.closingChain(committedStarts());
      closed = r >= 0 && commit(beam.takeChain(r));
    }
    if (!closed) closed = commit(beam.takeShared());
    if (portfolioClosed(closed)) break;
    generated_ = beam.generated();
    const int k = beam.solvedBoards();
    if (k < boards) saveChain(&beam);
    if (ev_.board)
      ev_.board({k, boards, beam.lastMoves(), double(entry_.totalMoves() + beam.bestPendingMoves()) / double(k),
                 generated_, k - startedAt, elapsed()});
    if (k < boards && shouldStop(true, boards - k)) break;
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
  const Board origin = jcgn::nextStart(entry_);
  const Checkpoint::SearchPast* saved = resume_ && resume_->search ? &*resume_->search : nullptr;
  if (saved && saved->found) {
    auto c = replayCycle(origin, saved->found->lead, saved->found->turn);
    if (!c) throw CheckpointError(0, "the cycle found past the chain does not replay");
    path_ = {std::move(*c)};
    search_ = *saved;
    return true;
  }
  // Three chain beams in turn, each with another tie-break seed and a third
  // of the boards, each from the chain's end: chains that close no cycle for
  // a long time tend to stay in such a regime, and another seed leaves it at
  // once. Each runs in stretches of --cycle-boards boards (the length of a
  // cycle try), a checkpoint after each: the next stretch goes on from the
  // best chain of the last.
  const int perSeed = std::max(opt_.searchBoards / 3, 2);
  const int stretch = std::clamp(opt_.cycleBoards, 2, perSeed);
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
  if (ev_.searching) ev_.searching(opt_.searchBoards, elapsed());
  auto enough = [&] { return shouldStop(false) || !budgetLeft(); };
  std::optional<CycleBoards> found;
  while (done < 3 * stretches && !found) {
    const int seed = done / stretches, k = done % stretches;
    Options o = solver_->options();
    o.seed += 104729ull * static_cast<uint64_t>(seed);
    const ChainSolver variant(o, solver_->sharedTable());
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
  search_ = Checkpoint::SearchPast{done, {}, Checkpoint::SavedCycle{path_[0].lead, path_[0].boards, 0}};
  if (ev_.searched) ev_.searched(path_[0], elapsed());
  return true;
}

void Pipeline::cyclePhase() {
  if (cycle_) {
    // The chain as found, up to the board that closed the cycle; then the
    // cycle played again to the last board.
    found_ = entry_.boards;
    repeatCycle(entry_, *cycle_, opt_.chain.boards);
    if (ev_.cycleClosed) ev_.cycleClosed({static_cast<int>(found_.size()) + 1, *cycle_, opt_.chain.boards});
    path_ = {cycleBoards(Board::start(), found_, *cycle_)};
  } else if (!searchFromEnd()) {
    return;  // no cycle on the chain, none found past it
  }
  // Cheaper cycles near it: each one found is kept with the boards leading
  // to it, a path of cycles.
  triesDone_ = 0;
  const bool resumedPath = resume_ && resume_->cycles && (resumedInCycle_ || (resume_->search && search_));
  if (resumedPath) {
    appendCycles(resume_->cycles->cycles, 0, "its cycle path does not replay, or a cycle does not come back to its start");
    restoreParked(*resume_->cycles);
    triesDone_ = resume_->cycles->triesDone;
    if (ev_.resumedTries) ev_.resumedTries(triesDone_, path_.size() - 1);
    // Written once the tries were over: the aims go on from their checkpoint.
    if (resume_->aims) return;
  }
  savePath(triesDone_);
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
  searchCycles(*solver_, path_, triesDone_ + 1, opt_.cycleTries, opt_.cycleBoards, [&](const std::vector<CycleTry>& round) {
    for (const CycleTry& t : round)
      if (ev_.cycleTry) ev_.cycleTry(t, elapsed());
    if (round.back().cut && stopAsked()) return !shouldStop(false);
    triesDone_ = round.back().index;
    savePath(triesDone_);
    // The checkpoint says which try comes next (a resume starts the next
    // round there). A time limit is a budget here: the tries end early
    // enough for the aims, which then run.
    if (triesDone_ >= opt_.cycleTries || shouldStop(false)) return false;
    return budgetLeft();
  }, team_, [&] { return pastBudget() || stopAsked(); }, &parked_);
}

void Pipeline::restoreParked(const Checkpoint::CyclePath& saved) {
  parked_.reset();
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
  parked_ = std::move(p);
}

void Pipeline::settlePath() { settle(path_, parked_); }

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
  if (opt_.enter.boards == 0) return 0;
  return std::clamp(0.15 * opt_.timeLimit, 10.0, 120.0);
}

void Pipeline::enterPhase() {
  settlePath();
  if (path_.empty() || stop_ != Stop::None) return;
  const long asFound = entry_.totalMoves();
  auto entering = [&](size_t i, int width) {
    if (ev_.entering) ev_.entering(i, path_[i].mean(), width);
  };
  auto report = [&](int j, int k, int moves) {
    if (ev_.aimed) ev_.aimed(j, k, moves, elapsed());
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
    chain = cheapestChain(Board::start(), found_, path_, opt_.chain.boards, opt_.enter, entering, report, enough,
                          team_, &progress, [&](const AimProgress& p) { savePath(triesDone_, &p); });
  } catch (const std::invalid_argument& e) {
    throw CheckpointError(0, std::string("its aims do not replay (") + e.what() + ")");
  }
  if (stop_ == Stop::Requested) return;  // the chain played round the first cycle stays; a resume aims on
  if (progress.best >= 0) {
    const Polished p = polishAimed(Board::start(), chain, progress.bestMoves, opt_.enter.boards, team_, polishEnough);
    if (p.board > 0 && ev_.polished) ev_.polished(p.board, p.before, p.after, elapsed());
  }
  if (shouldStop(false)) return;  // a stop request during the polish: as above, a resume polishes again
  entry_.boards = std::move(chain);
  if (ev_.cheaper && entry_.totalMoves() < asFound)
    ev_.cheaper(asFound, entry_.totalMoves(), double(entry_.totalMoves()) / double(entry_.boards.size()));
}

// ------------------------------------------------------------ the budget's fast finish
namespace {
// One chain, no look-ahead, no post-optimisation, the run's width: about a
// tenth of the time of a board of the default beam over 24 chains, at ~31
// moves a board against ~23 (40 boards, results/README.md).
Options fastOptions(Options o) {
  o.chainBeam = 1;
  o.lookahead = 0;
  o.shortenWindow = 0;
  return o;
}
}  // namespace

const ChainSolver& Pipeline::fastSolver() {
  if (!fast_) fast_ = std::make_unique<ChainSolver>(fastOptions(solver_->options()), solver_->sharedTable());
  return *fast_;
}

void Pipeline::measureFastBoard() {
  // Rank 0's clock decides the stop, so only it needs the figure. The board
  // measured is the chain's next one (the result is dropped): board 1 is
  // dearer than most, which errs on the safe side.
  if (opt_.timeLimit <= 0 || !team_.leader() || static_cast<int>(entry_.boards.size()) >= opt_.chain.boards) return;
  const ChainSolver& fast = fastSolver();
  const double t = elapsed();
  try {
    fast.solveBoard(jcgn::nextStart(entry_), static_cast<int>(entry_.boards.size()) + 1);
  } catch (const NoSolution&) {
  }
  fastBoardSeconds_ = elapsed() - t;
}

double Pipeline::fastReserve(int boardsLeft) const {
  // Half as much again as measured (boards vary, the machine may be shared), plus a second.
  return fastBoardSeconds_ > 0 && boardsLeft > 0 ? 1.5 * fastBoardSeconds_ * boardsLeft + 1.0 : 0.0;
}

void Pipeline::finishFast() {
  const int boards = opt_.chain.boards;
  if (stop_ != Stop::TimeLimit || cycle_ || static_cast<int>(entry_.boards.size()) >= boards) return;
  // Stopped with the reserve still ahead (rank 0's clock): a budget too
  // short even for the fast boards keeps the chain as it is.
  if (!team_.agree(fastBoardSeconds_ > 0 && elapsed() < opt_.timeLimit)) return;
  const ChainSolver& fast = fastSolver();
  fastFrom_ = static_cast<int>(entry_.boards.size()) + 1;
  if (ev_.finishingFast) ev_.finishingFast({fastFrom_, boards, fastBoardSeconds_, elapsed()});
  for (int k = fastFrom_; k <= boards; ++k) {
    Board board = jcgn::nextStart(entry_);
    const BoardReport rep = fast.solveBoard(board, k);
    for (Move m : rep.moves) board.apply(m);
    entry_.boards.push_back({rep.moves, board.tiles});
    if (cycleClosed()) {
      repeatCycle(entry_, *cycle_, boards);
      break;
    }
  }
}

// ------------------------------------------------------------ the entry
Outcome Pipeline::finish() {
  settlePath();  // the path the outcome reports (a stop's checkpoint keeps the exploration)
  Outcome out;
  out.stop = stop_;
  out.fastFrom = fastFrom_;
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
          << "settings: " << settings();
  out.text = jcgn::toString(written, comment.str());
  std::istringstream check(out.text);
  out.verdict = jcgn::verify(check);
  if (!out.verdict.ok) throw std::logic_error("internal error, entry failed verification: " + out.verdict.message("entry"));
  return out;
}

}  // namespace nugget::solve
