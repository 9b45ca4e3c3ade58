#include "nugget/pipeline.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "nugget/endgame.h"
#include "nugget/endgame_store.h"
#include "nugget/exact_cycle.h"
#include "nugget/reversible.h"
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

bool betterMember(const Checkpoint::Portfolio::Best& a, const Checkpoint::Portfolio::Best& b) {
  if (a.cycles.empty() != b.cycles.empty()) return !a.cycles.empty();
  auto moves = [](const std::vector<std::vector<Move>>& boards) {
    long n = 0;
    for (const auto& m : boards) n += static_cast<long>(m.size());
    return n;
  };
  if (a.cycles.empty()) return moves(a.boards) < moves(b.boards);
  // Means compared exactly: moves_a / n_a < moves_b / n_b.
  const auto& ta = a.cycles.back().turn;
  const auto& tb = b.cycles.back().turn;
  return moves(ta) * static_cast<long>(tb.size()) < moves(tb) * static_cast<long>(ta.size());
}

MemoryNeed memoryNeed(const PipelineOptions& opt, int threads, int cores, int processesHere) {
  MemoryNeed need;
  need.processes = std::max(processesHere, 1);
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
  if (opt_.members > 1) s.append(" members=").append(std::to_string(opt_.members));
  if (opt_.construct.cycles > 0)
    s.append(" construct=").append(std::to_string(opt_.construct.cycles)).append("x").append(
        std::to_string(opt_.construct.nodes));
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
  if (cp.portfolio) {
    // Settings equal, so members equal: the member under way and the best before it.
    if (opt_.members <= 1 || cp.portfolio->member > opt_.members)
      throw CheckpointError(0, "its portfolio member " + std::to_string(cp.portfolio->member) + " is not one of " +
                                   std::to_string(opt_.members));
    member_ = cp.portfolio->member;
    best_ = cp.portfolio->best;
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

bool Pipeline::pastBudget() const { return opt_.timeLimit > 0 && elapsed() > memberEnd(member_); }

bool Pipeline::budgetLeft() { return !team_.agree(pastBudget()); }

void Pipeline::save(Checkpoint cp) {
  if (!ev_.checkpoint) return;
  cp.settings = settings();
  // Once the portfolio is over the winner's state is the checkpoint's own.
  if (opt_.members > 1) cp.portfolio = Checkpoint::Portfolio{member_, member_ < opt_.members ? best_ : std::nullopt};
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
  cp.exactDone = exactDone_;
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

void Pipeline::buildTable() {
  if (solver_ || stop_ != Stop::None) return;
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
    if (opt_.construct.cycles <= 0) buildTable();  // else chainPhase, if a built cycle is not reached
    do {
      chainPhase();
      cyclePhase();
    } while (nextMember());
    winnerTries();
    exactPhase();
    enterPhase();
    finishFast();
  } catch (const search::Stopped&) {
    // Mid-search: the state is the last safe point's (boards are appended,
    // cycles kept and checkpoints written only once whole).
    stop_ = Stop::Requested;
  }
  return finish();
}

// ------------------------------------------------------------ the chain
void Pipeline::chainPhase() {
  // Reversible cycles first: they need no endgame table (the aims score
  // tiles, target.h), so the table is opened only for a chain.
  if (opt_.construct.cycles > 0 && opt_.repeat && member_ == 0 && stop_ == Stop::None) {
    construct();
    resumedInCycle_ = resumedAt_ > 0 && cycleClosed();
    if (resumedInCycle_ ? isConstructed() : resumedAt_ == 0 && constructedChain()) {
      constructed_ = true;
      if (resumedInCycle_ && ev_.resumedInCycle) ev_.resumedInCycle();
      if (ev_.chainDone) ev_.chainDone();
      return;
    }
  }
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

// ------------------------------------------------------------ reversible cycles
void Pipeline::construct() {
  if (!built_.empty()) return;
  ReversibleOptions ro;
  ro.cycles = opt_.construct.cycles;
  ro.nodes = opt_.construct.nodes;
  ro.seed = opt_.chain.seed;
  ro.stop = &stopRequested_;
  ReversibleResult r = reversibleCycles(ro);
  if (stopRequested_.load(std::memory_order_relaxed)) throw search::Stopped();  // a resume builds them again
  built_ = std::move(r.cycles);
  if (ev_.constructed) ev_.constructed(built_.size(), r.nodes, elapsed());
}

namespace {
// A built cycle's X (its A board's end, its B board's start, on face A).
Board builtEnd(const CycleBoards& c) {
  Board x = c.start;
  x.flip();
  return x;
}
}  // namespace

bool Pipeline::constructedChain() {
  if (built_.empty() || !entry_.boards.empty() || member_ != 0) return false;
  // Every image of every cycle's X, nearest to board 1 by the aims' score
  // first (ties: the earlier cycle, then the smaller symmetry).
  const Board start = Board::start();
  std::vector<std::tuple<int, size_t, int>> near;
  for (size_t i = 0; i < built_.size(); ++i)
    for (int g = 0; g < kSymmetries; ++g)
      near.emplace_back(TargetDistance(mapPosition(g, builtEnd(built_[i]).pos))(start.pos), i, g);
  std::sort(near.begin(), near.end());
  TargetOptions to = opt_.enter.target;
  to.stop = &stopRequested_;
  // A few of the nearest: the beam finds no way to some targets.
  for (size_t n = 0; n < std::min<size_t>(near.size(), 4); ++n) {
    const auto [score, i, g] = near[n];
    const auto moves = solveToState(start.pos, mapPosition(g, builtEnd(built_[i]).pos), to);
    if (!moves) continue;
    jcgn::Entry e;
    for (const auto& m : {*moves, mapMoves(g, built_[i].boards[0]), mapMoves(g, built_[i].boards[1])}) {
      Board b = jcgn::nextStart(e);
      if (!playMoves(b, m) || !b.pos.solved()) throw std::logic_error("a built cycle does not replay");
      e.boards.push_back({m, b.tiles});
    }
    entry_ = std::move(e);
    if (!cycleClosed()) throw std::logic_error("a built cycle does not close");
    saveChain(nullptr);
    if (ev_.constructedChain) ev_.constructedChain(static_cast<int>(moves->size()), elapsed());
    return true;
  }
  if (ev_.constructedChain) ev_.constructedChain(-1, elapsed());
  return false;
}

bool Pipeline::isConstructed() const {
  // Board 1, then the two boards of a built cycle under one symmetry.
  if (built_.empty() || entry_.boards.size() != 3 || !cycle_ || cycle_->first != 2 || cycle_->period != 2) return false;
  for (const CycleBoards& c : built_)
    for (int g = 0; g < kSymmetries; ++g)
      if (entry_.boards[1].moves == mapMoves(g, c.boards[0]) && entry_.boards[2].moves == mapMoves(g, c.boards[1]))
        return true;
  return false;
}

// ------------------------------------------------------------ the portfolio of seeds
const ChainSolver& Pipeline::chainSolver() {
  if (team_.rank() == 0) return memberSolver();
  if (!rankSolver_) {
    Options o = memberSolver().options();
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
    if (k < boards && (memberCut() || shouldStop(true, boards - k))) break;
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
    if (k < boards && (memberCut() || shouldStop(true, boards - k))) break;
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
    Options o = memberSolver().options();
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
  } else if (portfolioOver() && !(resume_ && resume_->search && resume_->search->found)) {
    return;  // resumed after the portfolio, whose winner has no cycle: its search past the chain is over
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
    exactDone_ = resume_->exactDone;
    if (ev_.resumedTries) ev_.resumedTries(triesDone_, path_.size() - 1);
    // Written once the tries were over (the portfolio's too): the exact
    // search and the aims go on from their checkpoint.
    if (exactDone_ || resume_->aims || portfolioOver()) return;
  }
  savePath(triesDone_);
  // Only a stop request is checked before the first try: a time limit
  // always lets one try run (checkpoints name the tries done).
  if (shouldStop(false)) return;
  if (constructed_) return;  // a built cycle: no beam has found one as cheap
  runTries();
}

void Pipeline::runTries() {
  // A try is cut short by the time budget, and alone (a team of one: no
  // other process to disagree) by a stop request. A try cut by a stop is
  // not checkpointed: the last checkpoint, before it, resumes exactly.
  auto stopAsked = [&] { return team_.size() == 1 && stopRequested_.load(std::memory_order_relaxed); };
  searchCycles(memberSolver(), path_, triesDone_ + 1, opt_.cycleTries, opt_.cycleBoards, [&](const std::vector<CycleTry>& round) {
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

// ------------------------------------------------------------ the portfolio of members
const ChainSolver& Pipeline::memberSolver() {
  if (member_ == 0 || member_ >= opt_.members) return *solver_;
  if (!memberSolver_) {
    Options o = solver_->options();
    o.seed += kMemberSeedStep * static_cast<uint64_t>(member_);
    memberSolver_ = std::make_unique<ChainSolver>(o, solver_->sharedTable());
  }
  return *memberSolver_;
}

double Pipeline::memberEnd(int member) const {
  const double tries = opt_.timeLimit - enterReserve();
  if (opt_.members <= 1 || member + 1 >= opt_.members) return tries;
  return tries * double(member + 1) / double(opt_.members);
}

bool Pipeline::memberCut() {
  // Only once a member has ended whole: the first one's chain runs on (the
  // run must have an entry), later ones give way to the time they were given.
  if (!best_ || opt_.timeLimit <= 0) return false;
  memberCut_ = team_.agree(pastBudget());
  return memberCut_;
}

Pipeline::Best Pipeline::captureMember() const {
  Best b{member_, triesDone_, {}, {}};
  for (const auto& r : path_.empty() ? entry_.boards : found_) b.boards.push_back(r.moves);
  for (const CycleBoards& c : path_) b.cycles.push_back({c.lead, c.boards, c.foundBy});
  return b;
}

void Pipeline::restoreMember(const Best& b) {
  auto chain = replayBoards(b.boards);
  if (!chain) throw CheckpointError(0, "its best member's chain does not replay");
  entry_ = std::move(*chain);
  found_ = entry_.boards;
  cycle_.reset();
  search_.reset();
  path_.clear();
  parked_.reset();
  triesDone_ = b.triesDone;
  if (b.cycles.empty()) return;  // a whole chain that closed no cycle, none found past it
  // The first cycle: closed by the chain (played again to the last board),
  // or found past its end by the search.
  if (cycleClosed()) {
    repeatCycle(entry_, *cycle_, opt_.chain.boards);
    path_ = {cycleBoards(Board::start(), found_, *cycle_)};
  } else {
    auto c = replayCycle(jcgn::nextStart(entry_), b.cycles[0].lead, b.cycles[0].turn);
    if (!c) throw CheckpointError(0, "its best member's cycle past the chain does not replay");
    path_ = {std::move(*c)};
    search_ = Checkpoint::SearchPast{0, {}, b.cycles[0]};
  }
  appendCycles(b.cycles, 1, "its best member's cycle path does not replay");
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

void Pipeline::resetMember() {
  entry_ = {};
  resumedAt_ = 0;
  resumedInCycle_ = false;
  cycle_.reset();
  found_.clear();
  path_.clear();
  parked_.reset();
  search_.reset();
  triesDone_ = 0;
  exactDone_ = false;
  rankSolver_.reset();
  memberSolver_.reset();
  memberCut_ = false;
  resume_.reset();  // what a resume gave was the member before's
}

void Pipeline::winnerTries() {
  // Only once the portfolio is over with a cycle, not past the checkpoint
  // of the exact search or of the aims (the tries were over then), and
  // never past the budget: the tries' one-try-always rule is for a phase's
  // first try, not for this one.
  if (!portfolioOver() || path_.empty() || stop_ != Stop::None || constructed_) return;
  if (exactDone_ || (resume_ && resume_->aims) || triesDone_ >= opt_.cycleTries) return;
  if (shouldStop(false) || !budgetLeft()) return;
  runTries();
}

bool Pipeline::nextMember() {
  if (opt_.members <= 1 || member_ >= opt_.members || constructed_) return false;
  // Whole: it ran its course (its share of the time included), with a cycle
  // or a chain of every board.
  const bool whole = stop_ == Stop::None && !memberCut_ &&
                     (!path_.empty() || static_cast<int>(entry_.boards.size()) >= opt_.chain.boards);
  if (whole) {
    settlePath();
    Best mine = captureMember();
    if (!best_ || betterMember(mine, *best_)) best_ = std::move(mine);
  }
  // The next member starts with at least half a share of the time left.
  const double share = (opt_.timeLimit - enterReserve()) / opt_.members;
  if (stop_ == Stop::None && member_ + 1 < opt_.members &&
      team_.agree(opt_.timeLimit <= 0 || memberEnd(member_ + 1) - elapsed() >= 0.5 * share)) {
    ++member_;
    resetMember();
    save(Checkpoint{});  // nothing of it solved yet
    if (ev_.memberStarted) ev_.memberStarted(member_, elapsed());
    return true;
  }
  if (!best_) return false;  // the first member stopped short: the usual ending (a fast finish)
  restoreMember(*best_);
  // A stop request: the checkpoint resumes the member under way, the entry
  // is the best one's (not aimed). Else the portfolio is over, and a time
  // limit that stopped a member's chain leaves the aims their reserve.
  if (stop_ == Stop::Requested) return false;
  stop_ = Stop::None;
  member_ = opt_.members;
  savePath(triesDone_);
  if (ev_.portfolioDone) ev_.portfolioDone(best_->member, path_.empty() ? 0.0 : path_.back().mean(), elapsed());
  return false;
}

void Pipeline::exactPhase() {
  settlePath();
  // Alone only: a team's processes would each run it, and a time limit
  // could cut them at different starts (the path must be one for all).
  if (path_.empty() || opt_.exact.starts <= 0 || exactDone_ || stop_ != Stop::None || team_.size() > 1 ||
      constructed_)
    return;
  if (resume_ && resume_->aims) return;  // a checkpoint of the aims: the tries and this are over
  ExactCycleOptions eo;
  eo.slack = opt_.exact.slack;
  eo.maxStarts = opt_.exact.starts;
  eo.maxEnds = opt_.exact.maxEnds;
  eo.maxCost = opt_.exact.maxCost;
  eo.proveSeconds = 0;  // no proof cut by time: the same cycles whatever the threads
  eo.beamWidth = opt_.chain.beamWidth;
  eo.progress = ev_.exactProgress;
  eo.prove.stop = &stopRequested_;
  if (opt_.timeLimit > 0) {
    const double left = opt_.timeLimit - enterReserve() - elapsed();
    if (left <= 0) return;
    eo.seconds = left;
  }
  const CycleBoards& last = path_.back();
  ExactCycleResult r = exactCycleSearch(last.start, solver_->table(), eo, last.mean());
  // Cut by a stop: nothing kept, the last checkpoint (the tries') resumes
  // it. Cut by the time limit: what it found stands.
  if (shouldStop(false)) return;
  if (r.best) {
    r.best->foundBy = triesDone_;
    path_.push_back(*r.best);
  }
  exactDone_ = true;
  savePath(triesDone_);
  if (ev_.exactDone) ev_.exactDone(r.best, r.expanded, elapsed());
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
    // Past the path: the built cycles (cheapestChain's `alone`).
    if (ev_.entering) ev_.entering(i, i < path_.size() ? path_[i].mean() : built_[i - path_.size()].mean(), width);
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
                          team_, &progress, [&](const AimProgress& p) { savePath(triesDone_, &p); },
                          constructed_ ? built_ : std::vector<CycleBoards>{});
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
