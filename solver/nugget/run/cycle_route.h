// The cycle route of the solve (pipeline.h; PipelineOptions::route Cycle,
// the default): 2-board cycles of 12 moves a board through later boards
// (good_set.h, floorCycles), or reversible ones of 14 (reversible.h) when
// none is found, built or read from a list; the good set around them; board
// 1 aimed at it (cycle_aims.h), polished; then the member's boards of 12
// into its cycle and the cycle round and round to the last board. No
// endgame table, no chain.
//
// An object of its own, so that the route reads nothing of the chain
// route's options and keeps its state (the cycles) to itself: it is given
// its options, its events and what the run around it lends it (Run: the
// team, the clock and the budget, the stop decision, the checkpoint writer).
// The pipeline takes the entry it makes, or runs the chain route when it
// makes none.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nugget/aims/cycle_aims.h"
#include "nugget/cycles/cycle.h"
#include "nugget/cycles/good_set.h"
#include "nugget/jcgn.h"
#include "nugget/run/checkpoint.h"
#include "nugget/team/team.h"

namespace nugget::solve {

// The cycle route's options: the cycles built (later, build, nodes, seed)
// or given, the good set's levels, board 1's aims (cycle_aims.h: the ranks
// from..from+count in batches of `batch`, each at `width`, then again at
// `widen` times it) and their polish (the aims within polishSlack of the
// shortest). Deterministic (node bounds): the cycles and the set are built
// again on resume (seconds), the aims resumed after each. Nothing here is
// the chain route's (ChainRouteOptions): the routes share only
// the board count.
struct CycleRouteOptions {
  // 12-move cycles built first (floorCycles, good_set.h: later boards
  // and the floor board back from each one's end; no time bound, the same
  // cycles on every machine; a few seconds for the default 4).
  int later = 4;
  int levels = 3;                   // the good set's levels above the cycles (good_set.h)
  int build = 16;                   // reversible ones built when no later one is (0: none; no cycle: the chain route)
  uint64_t nodes = 100'000'000;     // the building search's bound (~2 M nodes a second, one thread)
  uint64_t seed = 0;                // the reversible cycles' tie-break (ReversibleOptions::seed)
  std::vector<CycleBoards> given;   // a cycle list (cycle_list.h) used instead of building
  std::string givenSum;             // its checksum (a setting: a resume must read the same list)
  // The aims (CycleAimOptions): board 1's beam, a first pass at `width`,
  // then a second at widen x width (target.h, widerWidth).
  int width = TargetOptions{}.width;
  int widen = 4;
  int from = 0;                     // image ranks skipped
  int count = 0;                    // ranks aimed at (0: all)
  int batch = 16;                   // ranks a batch, each at the aims' width, then wider (0: one batch)
  int frontier = 4;                 // states this close to an aim's target are goals too (target.h)
  int polishSlack = 0;              // aims within this many moves of the shortest polished too
  int polishWidth = 2000;           // the polish's beam (tests use less)
};

// The cycle route's events: the cycles ready, the good set, each aim, and
// board 1's way into a cycle. Each is called on the thread that called
// Pipeline::run(); any may be left empty.
struct CycleRouteEvents {
  // The cycles the route aims at: how many, the building search's nodes (0:
  // read from a list), their moves a board (the cheapest) and the time.
  std::function<void(size_t cycles, uint64_t nodes, double mean, double seconds)> ready;
  std::function<void(const GoodSet&, double seconds)> goodSet;
  std::function<void(int done, int aims)> resumed;  // aims read from the checkpoint
  std::function<void(const AimReport&, double seconds)> aimed;
  // Board 1's way into a cycle, polished; none: no aim reached one, and the
  // chain route runs (not called when a stop came before any aim did).
  std::function<void(const std::optional<CycleEntry>&, double seconds)> entered;
};

// Why a run returned (Pipeline::run; the cycle route sets it too).
enum class Stop {
  None,       // finished
  TimeLimit,  // PipelineOptions::timeLimit passed
  Requested,  // requestStop()
};

class CycleRoute {
 public:
  // What the run around the route (Pipeline) lends it.
  struct Run {
    Team& team;
    const std::atomic<bool>& stopRequested;  // a signal's request, read within the searches
    Stop& stop;                               // the run's stop state: rank 0's decision, shared by the team
    std::function<bool()> shouldStop;         // the run's decision at a safe point (sets `stop`)
    std::function<double()> elapsed;          // seconds since the run began
    std::function<void(Checkpoint)> save;     // a checkpoint of the state reached (rank 0 writes it)
    double timeLimit = 0;                     // seconds, a budget (0: none)
    int boards = 0;                           // the entry's
  };
  CycleRoute(CycleRouteOptions opt, CycleRouteEvents events, Run run);

  // Board 1 in a cycle: the entry (board 1, the member's boards into the
  // cycle, the cycle round and round to the last board), its boards up to
  // the one that closed the cycle, and the cycle.
  struct Entered {
    jcgn::Entry entry;
    std::vector<jcgn::BoardRecord> found;
    Cycle cycle;
  };
  // The route, from the checkpoint's aims (`resumed`; none: afresh): a
  // checkpoint after every round of aims. None: no cycle built, no aim
  // reaching one (the chain route's turn), or a stop before any aim did.
  // A stop request within a search throws search::Stopped (the last
  // checkpoint resumes).
  std::optional<Entered> run(const std::optional<AimsDone>& resumed);

  // The route's part of the run's settings (checkpoint, entry); chainSeed:
  // the chain's tie-break, which the run's settings name already.
  static std::string settings(const CycleRouteOptions& opt, uint64_t chainSeed);

  const std::vector<CycleBoards>& cycles() const { return built_; }  // built or given

 private:
  void readyCycles();                  // built_: built or given (on resume too: deterministic)
  GoodSet goodSet();                   // the good set from built_ (good_set.h)
  CycleAimOptions aimOptions() const;  // board 1's aims (cycle_aims.h)
  // The aims from `done` on, until all are done, the budget's or a stop
  // (one within an aim sets the run's stop).
  void aim(CycleAims& aims, AimsDone& done);
  // The kept aims polished, the shortest chosen; the run's stop decided.
  std::optional<CycleEntry> polished(CycleAims& aims, const AimsDone& done);
  bool stopAsked() const { return run_.stopRequested.load(std::memory_order_relaxed); }

  CycleRouteOptions opt_;
  CycleRouteEvents ev_;
  Run run_;
  std::vector<CycleBoards> built_;
};

}  // namespace nugget::solve
