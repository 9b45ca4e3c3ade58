// The whole Golden Nugget solve as one object, by one of two routes
// (PipelineOptions::route; `nugget solve --route`):
// - The cycle route (the default; an object of its own, CycleRoute in
//   cycle_route.h, with its options, events and cycles): 2-board cycles of
//   12 moves a board (good_set.h, floorCycles) or read from a list, the
//   good set around them, board 1 aimed at it (cycle_aims.h), then the
//   member's boards of 12 into its cycle and round it. No endgame table; no
//   chain. Its checkpoints hold its aims alone (Checkpoint::cycleAims).
// - The chain route (its options ChainRouteOptions, PipelineOptions::chain;
//   pipeline_chain.cpp, pipeline_tries.cpp): the chain board by board
//   (one choice a board, or the beam over chains), the cycle it falls into
//   played again, cheaper cycles searched near it, and early boards aimed
//   at them (cycle_tries.h, enter_path.h, target.h). The cycle route falls
//   back to it when it builds no cycle or no aim reaches one.
// `nugget solve` parses its options into PipelineOptions (--route chooses),
// calls run() and prints the events; another driver (an MPI one, a test)
// can run the same phases.
//
// Everything the pipeline produces depends only on its options and, after
// resume(), on the checkpoint: a run stopped at a safe point (time limit,
// requestStop()) or killed, then resumed from its last checkpoint, ends with
// exactly the entry of an uninterrupted run, for any thread count.
//
// Safe points, where the pipeline writes a checkpoint (events.checkpoint)
// and may stop: after every aim of the cycle route (a stop during the
// polish is a stop: the polish runs again on resume); after every board of the chain, after every stretch of the
// search for a cycle past the chain's last board (when the chain closed
// none), after every cycle try and after every round of aims. A stop
// request is honoured within a board (a stretch, a try or an aim is cut
// short and done again on resume), and during the first build of the
// endgame table (abandoned: nothing to resume). A checkpoint describes the state
// reached there completely, and it is the only state resume() needs.
//
// The pipeline does no file I/O: checkpoints go to events.checkpoint (the
// CLI writes them atomically), the entry comes back from run().
//
// A team of K processes (team.h) runs one pipeline in each, in lockstep;
// rank 0 writes. The cycle route shares its aims out among the ranks
// (cycle_aims.h). The chain phase is a portfolio of seeds: rank r runs the
// chain (greedy or beam) with the tie-break seed seed + r * 1000003 (rank 0
// with the seed itself, so one process is exactly the run it always was).
// After every board the ranks all-gather whether their chain has closed a
// cycle and what it costs; if any has, the cheapest cycle (by mean, the
// lowest rank among equals) wins: its rank sends its boards (their moves as
// text), every rank replays them, and the job goes on from that chain as
// one process would have from its own. No rank closing one by the last
// board (or a stop): the cheapest chain (fewest moves, the lowest rank
// among equals) is the one every rank continues with. Merged in rank
// order, never by message timing: the same file for a given K.
//
// Resume: each chain-phase checkpoint holds every rank's chain (its
// committed boards, pending boards and live chains; rank 0's in the usual
// lines, the others' in "# rank R" sections, checkpoint.h), gathered to
// rank 0 after each board, so a resume (same K) restores each rank exactly
// where it was. The cycle phase needs no per-rank state: once the winner is
// adopted all ranks hold the same chain and the checkpoint is the one of a
// single process. A checkpoint without rank sections (a hand-made one, or
// one written at the end of the chain) starts every rank from rank 0's
// chain.
#pragma once
#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nugget/chain/chain.h"
#include "nugget/chain/chain_beam.h"
#include "nugget/chain/cycle_tries.h"
#include "nugget/chain/enter_path.h"
#include "nugget/run/checkpoint.h"
#include "nugget/run/cycle_route.h"
#include "nugget/cycles/cycle.h"
#include "nugget/aims/cycle_aims.h"

namespace nugget::solve {

// Which route run() takes (the CLI's --route). The cycle route falls back to
// the chain route when it builds no cycle or no aim reaches one.
enum class Route { Cycle, Chain };

// The chain route's options (route Chain, or the cycle route's fallback):
// its chain solver, its endgame table, the cycles its chain closes and the
// aims into them.
struct ChainRouteOptions {
  Options solver;          // boards, beam width, heuristic, table depth, chain beam, seed, ...
  EnterOptions enter;      // aiming boards 1..enter.boards at the cycle path (0 = off)
  int cycleTries = 2;      // cheaper-cycle tries once a cycle is found (0 = off)
  int cycleBoards = 16;    // boards each try may take (with the transition graph the cycles
                           // found closed within 13; a try that finds none costs 30 boards at 30)
  bool repeat = true;      // play a closed cycle again (false: search every board)
  int searchBoards = 1500;  // no cycle within the chain: boards searched past its end for one, by
                            // three chain beams with other seeds, a third each, in stretches of
                            // cycleBoards boards with a checkpoint after each (0 = off). Seed 8's
                            // chain closed none, nor did 100 boards past it with each of three
                            // seeds (the entry then had no cycle: 23.595); the first seed closed
                            // one 142 boards past it (results/history/golden-nugget.md). A search
                            // that closes one within its first 96 boards (seed 2's: 2 boards past
                            // the chain) runs as it did with 300.
  std::string tableDir;    // endgame table cache folder (endgame_store.h; empty: the default)
  bool tableCache = true;  // false: the table is built in memory, no file read or written
  // The cache file read into huge pages (TableSource::hugePages); false:
  // mapped and shared, as the processes of one machine want it.
  bool tableHugePages = true;
};

struct PipelineOptions {
  Route route = Route::Cycle;
  CycleRouteOptions cycles;  // the cycle route's (route Cycle)
  ChainRouteOptions chain;   // the chain route's (route Chain, or the cycle route's fallback)
  // The entry's boards, both routes': one setting of the run, kept in
  // Options::boards where the chain solver reads it.
  int boards() const { return chain.solver.boards; }
  // Seconds (0 = none), a budget. In the chain phase: the chain stops early
  // enough for the boards it has not reached to be solved by a fast solver
  // (finishFast) within the budget, so the entry has every board; the
  // checkpoint is the chain's (resumable: --resume goes on with the real
  // chain). When the budget is too short even for that, the chain stops
  // after it (no new board starts) and the entry is the chain so far. Once
  // a cycle is found: cycle tries stop early enough to leave the aims their
  // share (15%, 10..120 s), no aim starts after it, and the entry is the
  // cheapest chain so far.
  double timeLimit = 0;
  bool trim = false;       // write the best-ranked prefix of at least 20 boards
  // Seconds since the run began, read wherever the pipeline looks at the
  // time; empty: the steady clock from construction. Tests give a fake one
  // (the time budget's decisions are then deterministic).
  std::function<double()> clock;
};

// What a solve needs in memory on one machine, before any work (the CLI
// refuses settings that would not fit). The endgame table is counted once
// per machine: its size when a valid cache file exists, else 2x its size
// (while it is built: 1.85x at depth 6, 1.77x at depth 7, measured). Rank 0
// opens or builds it, the other processes map the same file (without the
// cache, tableCache false, each builds its own: counted `processes` times).
// A beam slot costs ~1300 bytes (~25 children a node as 16-byte keys, the
// node, 99 levels of parent links); a process runs as many beams at once as
// its threads allow (one a chain), each of the widest width it uses (4x
// --beam-width in the cycle tries, or --enter-width).
struct MemoryNeed {
  double table = 0;             // bytes, this machine
  bool tableBuilt = true;       // no valid cache file: table counts the build's peak
  double beamsPerProcess = 0;   // bytes, each process
  int processes = 1;            // of the job on this machine
  double total() const { return table + beamsPerProcess * processes; }
};
// `threads`: each process's worker threads (0: all `cores`).
MemoryNeed memoryNeed(const PipelineOptions& opt, int threads, int cores, int processesHere);

// ------------------------------------------------------------ events
// Each is called on the thread that called run(); any may be left empty.
// One that throws ends run() with that exception (the last checkpoint
// written stays the one to resume from).
struct BoardDone {
  int board = 0;            // boards solved so far (on the best live chain)
  int boards = 0;           // boards to solve
  int lastMoves = 0;        // moves of the last board solved
  double mean = 0;          // mean moves of the chain so far
  uint64_t generated = 0;   // beam children evaluated by this run
  int solvedHere = 0;       // boards solved by this run (not read from a checkpoint)
  double seconds = 0;       // since run() started
};
// The chain stopped by the time budget before its last board; the rest is
// solved fast (finishFast) to give a whole entry.
struct FinishingFast {
  int firstBoard = 0;         // the first board solved fast
  int boards = 0;             // to the last board
  double secondsPerBoard = 0;  // measured on one board before the chain began
  double seconds = 0;         // since run() started
};
struct CycleClosed {
  int nextBoard = 0;  // the board that would start as board cycle.first did
  Cycle cycle;
  int boards = 0;     // played again to this board
};
// The chain route's events (pipeline_chain.cpp, pipeline_tries.cpp): the
// table, the boards, the cycle found and the tries, the aims into the path.
struct ChainRouteEvents {
  std::function<void(int depth)> tableBuilding;
  // The table's depth lowered (Pipeline::affordableDepth): no time or memory for the one asked for.
  std::function<void(int asked, int depth)> tableShallower;
  std::function<void(const std::string&)> tableProgress;  // while a table is built (not when loaded)
  std::function<void(size_t layouts, double seconds)> tableBuilt;
  std::function<void()> resumedInCycle;     // the checkpoint's last board closes a cycle
  std::function<void(int triesDone, size_t cyclesKept)> resumedTries;
  std::function<void(const BoardDone&)> board;
  std::function<void()> chainDone;  // after the last chain board (progress bars end here)
  std::function<void(const CycleClosed&)> cycleClosed;
  std::function<void(const FinishingFast&)> finishingFast;
  std::function<void(const CycleTry&, double seconds)> cycleTry;
  std::function<void(int boards, double seconds)> searching;           // no cycle in the chain: searching past it
  std::function<void(const CycleBoards&, double seconds)> searched;    // ... and found this one
  std::function<void(size_t cycle, double mean, int width)> entering;  // cycle: 0-based on the path
  std::function<void(int board, int cycleBoard, int moves, double seconds)> aimed;  // moves -1: none found
  // The winning aim's board polished (enter_path.h, polishAimed): its moves before and after (seconds: the run's).
  std::function<void(int board, int before, int after, double seconds)> polished;
  std::function<void(long before, long after, double mean)> cheaper;
};

// Grouped by route: a driver of one route sets that route's events (and
// the chain route's too if it cares for the cycle route's fallback).
struct PipelineEvents {
  std::function<void(int boards)> resumed;  // boards read from the checkpoint (0 on the cycle route)
  // A checkpoint of the state just reached. The CLI writes it (atomically);
  // if that throws, run() ends with the exception.
  std::function<void(const Checkpoint&)> checkpoint;
  CycleRouteEvents cycle;
  ChainRouteEvents chain;
};

struct Outcome {
  Stop stop = Stop::None;
  jcgn::Entry chain;     // the best chain so far (all boards solved)
  // The entry to write, verified by jcgn::verify (trimmed with
  // options.trim); empty when the chain has fewer than 20 boards.
  std::string text;
  jcgn::Verdict verdict;  // of `text`
  bool trimmed = false;   // text holds fewer boards than `chain`
  int fastFrom = 0;       // boards fastFrom.. were solved fast to fill the budget (0: none)
  // Whether a checkpoint was written to resume from (false: stopped
  // before the first safe point, or finished: nothing is left to resume).
  bool resumable() const { return stop != Stop::None && checkpointed; }
  bool checkpointed = false;
};

// Rank r of a team runs the chain phase with seed + r * this (a prime far
// from the cycle tries' 7919 i and the search past the chain's 104729 i).
constexpr uint64_t kPortfolioSeedStep = 1000003;

// The portfolio's rule after a board: of the ranks' closed cycles (by rank;
// none: that rank's chain closed none), the rank of the cheapest by mean,
// the lowest rank among equals; -1 when no rank closed one.
int portfolioWinner(const std::vector<std::optional<Cycle>>& closed);

class Pipeline {
 public:
  // Checks nothing beyond what ChainSolver does: options are the caller's
  // to range-check (the CLI does, before any work).
  // `team`: the processes that run this solve together (team.h); they make
  // every call alike, rank 0 writes (events.checkpoint is called there only)
  // and decides when to stop.
  explicit Pipeline(PipelineOptions opt, PipelineEvents events = {}, Team& team = soloTeam());
  ~Pipeline();

  // Continue from `cp` (parseCheckpoint) instead of board 1: call before
  // run(). Throws CheckpointError when it comes from other settings (the
  // number of processes included) or its ranks' chains are not in step; its
  // pending boards and cycles are replayed when run() reaches them (and
  // throw CheckpointError there if they do not replay).
  void resume(Checkpoint cp);

  // Stops at the next safe point. Only sets a lock-free atomic flag, so a
  // signal handler may call it.
  void requestStop() noexcept { stopRequested_.store(true, std::memory_order_relaxed); }
  static_assert(std::atomic<bool>::is_always_lock_free);

  // The cycle route (PipelineOptions::route, runCycleRoute); when it is
  // not the route or reaches no cycle, the chain route (runChainRoute);
  // then finish.
  Outcome run();

  // ---- the phases, for drivers that run them one by one
  void buildTable();  // the endgame table (depth 6: ~40 s, 2.4 GB)
  // Boards until the last, a stop, or (with repeat) one that closes a cycle.
  void chainPhase();
  // With a cycle closed: it is played to the last board, then the cycle
  // tries (checkpoint after each).
  void cyclePhase();
  // Boards 1..enter.boards aimed at the path's cycles; the cheapest chain wins.
  void enterPhase();
  // The chain stopped by the time budget short of its last board (and of a
  // cycle) while the budget lasts: the boards left, each solved by one
  // greedy chain without look-ahead or post-optimisation at the run's width
  // (about 30 moves a board at a tenth of a chain-beam board's time; a
  // cycle it closes is played again). No checkpoint: the chain's stays.
  void finishFast();
  Outcome finish();

  // ---- state, between and after phases
  const jcgn::Entry& chain() const { return entry_; }
  const std::optional<Cycle>& cycle() const { return cycle_; }
  const std::vector<CycleBoards>& path() const { return path_; }  // [0]: the cycle the chain closed
  Stop stopped() const { return stop_; }
  const PipelineOptions& options() const { return opt_; }

 private:
  double elapsed() const;
  int affordableDepth() const;     // the deepest table the time limit and the machine allow
  double enterReserve() const;     // seconds of a time limit kept for the aims
  bool searchFromEnd();            // a cycle past the chain's last board, into path_
  bool cycleClosed();              // (with repeat) whether the chain's last board closes a cycle; remembers it
  // Sets stop_ (rank 0's decision). timeToo: the time limit too, with the
  // time finishFast needs for `boardsLeft` boards kept in reserve.
  bool shouldStop(bool timeToo, int boardsLeft = 0);
  const ChainSolver& fastSolver();  // finishFast's: one chain, no look-ahead, no post-optimisation
  void measureFastBoard();         // chain_.fastBoardSeconds, with a time limit, before the chain
  double fastReserve(int boardsLeft) const;
  bool budgetLeft();               // cycle tries may go on within a time limit (rank 0's clock)
  bool pastBudget() const;         // ... not by this process's own clock
  std::string settings() const;    // of checkpoints and the entry: signature() and the processes
  void save(Checkpoint cp);        // through events.checkpoint
  void saveChain(const ChainBeam* beam);
  void savePath(int triesDone, const AimProgress* aims = nullptr);
  void saveSearch(int stretchesDone, const std::vector<jcgn::BoardRecord>& boards);
  void greedyChain();
  void beamChain();
  // The two routes (run).
  bool runCycleRoute();  // false: not the route, or no aim reached a cycle (CycleRoute)
  void runChainRoute();
  // The portfolio of seeds (K > 1; with one process each returns at once).
  const ChainSolver& chainSolver();         // this rank's chain solver (its seed)
  void resumeRank();                         // rank r >= 1: its own chain from the checkpoint
  bool portfolioClosed(bool closedHere);     // after a board: did any rank close a cycle (the winner adopted)
  void portfolioBest();                      // the chain phase over with no cycle: the cheapest chain adopted
  void adopt(int rank);                      // rank's committed chain, sent to every rank and replayed
  void runTries();                           // the cycle tries from triesDone + 1 (checkpoint after each round)
  // Saved cycles from index `from` on, each replayed from the path's last start and appended (CheckpointError `problem`).
  void appendCycles(const std::vector<SavedCycle>& saved, size_t from, const char* problem);
  void restoreParked(const Checkpoint::CyclePath& saved);  // chain_.parked from a checkpoint (after appendCycles)
  void settlePath();  // an exploration left by the tries ends (cycle_tries.h, settle) before the path is used

  // The run, both routes'.
  PipelineOptions opt_;
  PipelineEvents ev_;
  Team& team_;
  std::atomic<bool> stopRequested_{false};
  std::chrono::steady_clock::time_point t0_;
  std::optional<Checkpoint> resume_;  // what resume() was given, until used
  int resumedAt_ = 0;                 // boards read from the checkpoint
  Stop stop_ = Stop::None;
  bool checkpointed_ = false;
  // What the run found, whichever route found it (finish(), the outcome).
  jcgn::Entry entry_;                     // the chain so far
  std::optional<Cycle> cycle_;
  std::vector<jcgn::BoardRecord> found_;  // the chain up to the board that closed cycle_
  std::vector<CycleBoards> path_;

  // The cycle route: its own object (its cycles inside), made by runCycleRoute.
  std::unique_ptr<CycleRoute> cycleRoute_;

  // The chain route's state (pipeline_chain.cpp, pipeline_tries.cpp).
  struct ChainState {
    std::unique_ptr<ChainSolver> solver;      // the run's settings (the cycle phase's base on every rank)
    std::unique_ptr<ChainSolver> rankSolver;  // rank r >= 1 in the chain phase: seed + r * kPortfolioSeedStep
    bool resumedInCycle = false;              // the checkpoint's last board closed a cycle
    uint64_t generated = 0;                   // beam children of the chain phase
    std::optional<Parked> parked;             // an exploration of the tries under way (cycle_tries.h)
    std::optional<Checkpoint::SearchPast> searchPast;  // path_[0] came from the search past the chain
    int triesDone = 0;
    std::unique_ptr<ChainSolver> fast;  // finishFast's solver
    double fastBoardSeconds = 0;        // one board by `fast`, measured (0: not measured)
    int fastFrom = 0;                   // the first board finishFast solved (0: none)
  } chain_;
};

}  // namespace nugget::solve
