// The chain route's table, chain and fast finish (pipeline.h): the endgame
// table the run can afford, the chain one board at a time (greedy or the
// chain beam), the portfolio of seeds of a team, and the boards a budget
// leaves to the fast solver.
#include <algorithm>
#include <optional>

#include "nugget/tables/endgame.h"
#include "nugget/tables/endgame_store.h"
#include "nugget/run/memory_guard.h"
#include "nugget/run/pipeline.h"
#include "nugget/symmetry.h"

namespace nugget::solve {

namespace {

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

// The endgame table's source as the options name it (no progress hooks).
TableSource tableSource(const PipelineOptions& opt) {
  TableSource source;
  source.dir = opt.chain.tableDir;
  source.useCache = opt.chain.tableCache;
  source.hugePages = opt.chain.tableHugePages;
  return source;
}

}  // namespace

MemoryNeed memoryNeed(const PipelineOptions& opt, int threads, int cores, int processesHere) {
  MemoryNeed need;
  need.processes = std::max(processesHere, 1);
  if (opt.route == Route::Cycle) {
    // No table: one aim at a time a process, at most at the wider width.
    // Reaching the chain route, the pipeline picks a table that fits then
    // (Pipeline::buildTable).
    need.tableBuilt = false;
    need.beamsPerProcess = double(widerWidth(opt.cycles.width, opt.cycles.widen)) * 1300;
    return need;
  }
  const double bytes = double(endgameTableBytes(opt.chain.solver.endgameDepth));
  need.tableBuilt = !endgameTableCached(opt.chain.solver.endgameDepth, tableSource(opt));
  if (!need.tableBuilt)
    need.table = bytes;  // read once (one process) or mapped and shared (several)
  else
    need.table = bytes * 2.0 * (opt.chain.tableCache ? 1 : need.processes);
  const int running = std::max(std::min(opt.chain.solver.chainBeam, threads ? threads : cores), 1);
  // The look-ahead's test solves (--chain-beam 1) are beams of their own width.
  const int lookahead = opt.chain.solver.chainBeam <= 1 && opt.chain.solver.lookahead > 0 ? opt.chain.solver.lookaheadWidth : 0;
  need.beamsPerProcess =
      double(std::max({opt.chain.solver.beamWidth * 4, widerWidth(opt.chain.enter), lookahead})) * 1300 * running;
  return need;
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
  int depth = opt_.chain.solver.endgameDepth;
  for (; depth > 4; --depth) {
    const bool cached = endgameTableCached(depth, source);
    const double bytes = double(endgameTableBytes(depth)) * (cached ? 1.0 : 2.0);
    const bool fits = opt_.route != Route::Cycle || have <= 0 || bytes < 0.9 * have;
    const bool inTime = cached || opt_.timeLimit <= 0 || buildSeconds(depth) < 0.5 * (opt_.timeLimit - elapsed());
    if (fits && inTime) break;
  }
  return depth;
}

void Pipeline::buildTable() {
  if (chain_.solver || stop_ != Stop::None) return;
  if (team_.leader()) {
    const int depth = affordableDepth();
    if (depth != opt_.chain.solver.endgameDepth && ev_.chain.tableShallower) ev_.chain.tableShallower(opt_.chain.solver.endgameDepth, depth);
    opt_.chain.solver.endgameDepth = depth;
  }
  if (team_.size() > 1) opt_.chain.solver.endgameDepth = std::stoi(team_.broadcast(std::to_string(opt_.chain.solver.endgameDepth)));
  if (ev_.chain.tableBuilding) ev_.chain.tableBuilding(opt_.chain.solver.endgameDepth);
  TableSource source = tableSource(opt_);
  source.progress = ev_.chain.tableProgress;
  // Alone, a stop request abandons a build (depth 7: minutes) within a
  // fraction of a second; nothing is written, nothing solved, so there is
  // nothing to resume. A team's build runs to its end (the other ranks wait
  // for the file at the barrier; the stop is honoured right after).
  if (team_.size() == 1) source.stop = [this] { return stopRequested_.load(std::memory_order_relaxed); };
  // Rank 0 builds the table (or maps the cached one) first; the others then
  // map the file it left in the cache (one build, not K).
  if (!team_.leader()) team_.barrier();
  try {
    chain_.solver = std::make_unique<ChainSolver>(opt_.chain.solver, openEndgameTable(opt_.chain.solver.endgameDepth, source));
  } catch (const TableBuildStopped&) {
    stop_ = Stop::Requested;
    return;
  }
  if (team_.leader()) team_.barrier();
  if (ev_.chain.tableBuilt) ev_.chain.tableBuilt(chain_.solver->table().size(), elapsed());
}

// ------------------------------------------------------------ the chain
void Pipeline::chainPhase() {
  buildTable();
  // A stop asked for while the table was built (or the build abandoned for
  // it): nothing solved yet.
  if (!chain_.solver || shouldStop(false)) return;
  // A checkpoint written once the cycle had closed: no more chain.
  chain_.resumedInCycle = resumedAt_ > 0 && cycleClosed();
  if (chain_.resumedInCycle) {
    if (ev_.chain.resumedInCycle) ev_.chain.resumedInCycle();
  } else {
    resumeRank();
    measureFastBoard();
    if (opt_.chain.solver.chainBeam <= 1)
      greedyChain();
    else
      beamChain();
    portfolioBest();
  }
  if (ev_.chain.chainDone) ev_.chain.chainDone();
}

// ------------------------------------------------------------ the portfolio of seeds
const ChainSolver& Pipeline::chainSolver() {
  if (team_.rank() == 0) return *chain_.solver;
  if (!chain_.rankSolver) {
    Options o = chain_.solver->options();
    o.seed += kPortfolioSeedStep * static_cast<uint64_t>(team_.rank());
    chain_.rankSolver = std::make_unique<ChainSolver>(o, chain_.solver->sharedTable());
  }
  return *chain_.rankSolver;
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
    if (w.size() != 3 || w[0] != "closed") badTeamMessage("a rank's cycle");
    const auto moves = jcgn::parseInt(w[1], 1, 1'000'000'000), period = jcgn::parseInt(w[2], 1, 1'000'000);
    if (!moves || !period) badTeamMessage("a rank's cycle");
    closed[r] = Cycle{0, *period, *moves, *period, 0};
  }
  const int best = portfolioWinner(closed);
  if (best < 0) return false;
  adopt(best);
  cycle_.reset();
  if (!cycleClosed()) badTeamMessage("a chain that closes a cycle");
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
  if (!replayed) badTeamMessage("a chain that replays");
  entry_ = std::move(*replayed);
}

void Pipeline::greedyChain() {
  const int boards = opt_.chain.solver.boards;
  for (int k = resumedAt_ + 1; k <= boards; ++k) {
    Board board = jcgn::nextStart(entry_);
    const BoardReport rep = chainSolver().solveBoard(board, k);
    for (Move m : rep.moves) board.apply(m);
    entry_.boards.push_back({rep.moves, board.tiles});
    chain_.generated += rep.generated;
    if (portfolioClosed(cycleClosed())) break;
    saveChain(nullptr);
    if (ev_.chain.board)
      ev_.chain.board({k, boards, static_cast<int>(rep.moves.size()),
                 double(entry_.totalMoves()) / double(entry_.boards.size()), chain_.generated, k - resumedAt_,
                 elapsed()});
    if (k < boards && shouldStop(true, boards - k)) break;
  }
}

void Pipeline::beamChain() {
  // Beam over chains: boards are committed once every live chain shares
  // them; the checkpoint keeps the pending ones too.
  const int boards = opt_.chain.solver.boards;
  ChainBeam beam(chainSolver(), opt_.chain.solver.chainBeam, jcgn::nextStart(entry_), resumedAt_ + 1);
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
    if (opt_.chain.repeat && beam.solvedBoards() < boards) {
      const int r = beam.closingChain(committedStarts());
      closed = r >= 0 && commit(beam.takeChain(r));
    }
    if (!closed) closed = commit(beam.takeShared());
    if (portfolioClosed(closed)) break;
    chain_.generated = beam.generated();
    const int k = beam.solvedBoards();
    if (k < boards) saveChain(&beam);
    if (ev_.chain.board)
      ev_.chain.board({k, boards, beam.lastMoves(), double(entry_.totalMoves() + beam.bestPendingMoves()) / double(k),
                 chain_.generated, k - startedAt, elapsed()});
    if (k < boards && shouldStop(true, boards - k)) break;
  }
  // The best chain goes into the entry; the checkpoint written above keeps
  // the pending boards, so a run stopped early resumes exactly where it was.
  if (!cycle_) commit(beam.takeBest());
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
  if (!chain_.fast)
    chain_.fast = std::make_unique<ChainSolver>(fastOptions(chain_.solver->options()), chain_.solver->sharedTable());
  return *chain_.fast;
}

void Pipeline::measureFastBoard() {
  // Rank 0's clock decides the stop, so only it needs the figure. The board
  // measured is the chain's next one (the result is dropped): board 1 is
  // dearer than most, which errs on the safe side.
  if (opt_.timeLimit <= 0 || !team_.leader() || static_cast<int>(entry_.boards.size()) >= opt_.chain.solver.boards) return;
  const ChainSolver& fast = fastSolver();
  const double t = elapsed();
  try {
    fast.solveBoard(jcgn::nextStart(entry_), static_cast<int>(entry_.boards.size()) + 1);
  } catch (const NoSolution&) {
  }
  chain_.fastBoardSeconds = elapsed() - t;
}

double Pipeline::fastReserve(int boardsLeft) const {
  // Half as much again as measured (boards vary, the machine may be shared), plus a second.
  return chain_.fastBoardSeconds > 0 && boardsLeft > 0 ? 1.5 * chain_.fastBoardSeconds * boardsLeft + 1.0 : 0.0;
}

void Pipeline::finishFast() {
  const int boards = opt_.chain.solver.boards;
  if (stop_ != Stop::TimeLimit || cycle_ || static_cast<int>(entry_.boards.size()) >= boards) return;
  // Stopped with the reserve still ahead (rank 0's clock): a budget too
  // short even for the fast boards keeps the chain as it is.
  if (!team_.agree(chain_.fastBoardSeconds > 0 && elapsed() < opt_.timeLimit)) return;
  const ChainSolver& fast = fastSolver();
  chain_.fastFrom = static_cast<int>(entry_.boards.size()) + 1;
  if (ev_.chain.finishingFast) ev_.chain.finishingFast({chain_.fastFrom, boards, chain_.fastBoardSeconds, elapsed()});
  for (int k = chain_.fastFrom; k <= boards; ++k) {
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

}  // namespace nugget::solve
