// One board within a budget. Its shortest solution found: the chain
// solver's board search (ChainSolver::solveBoard, chain.h) with beams of
// width W, 2W, 4W, ... while the next width is expected to end within the
// budget; the fewest moves of all widths win (`nugget solve-board
// --budget`). Its proven optimum and every end within reach (`nugget
// prove`): a beam's bound, the proof, then the ends in what is left.
//
// Why doubling: a beam's cost is about linear in its width, so the next
// width costs about twice the last one; a width starts only when the time
// so far plus 2.2 times the last width's time fits the budget (10% over 2x
// for the noise of a shared machine). The first width always runs, so a
// budget too short for it still gives its answer. No width above
// `maxWidth` runs: kMaxBudgetWidth (beyond it one beam needs tens of GB),
// or less when the caller's memory guard says this machine cannot hold it
// (solve-board passes the widest width its guard lets through).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "nugget/chain/chain.h"
#include "nugget/tables/prove.h"

namespace nugget::solve {

constexpr int kMaxBudgetWidth = 5'000'000;

// `opt` for one board and its fewest moves: one board, no look-ahead, the
// next board's heuristic unused, one chain (solve-board, prove's first beam).
Options singleBoard(Options opt);

// An upper bound for a proof (prove.h), so it only has to rule out shorter
// solutions: the moves of one beam of `width` (singleBoard of the default
// options, usually optimal or one above) on the table's depth, or none when
// the beam finds no solution or width is 0 (`nugget prove`, and each start
// of the exact cycle search).
std::optional<std::vector<Move>> beamBound(const Board& start, std::shared_ptr<const EndgameTable> table, int width);

// What one width gave: the moves of its solution (none: no solution within
// 99 moves), the beam's children evaluated and its seconds.
struct WidthTried {
  int width = 0;
  std::optional<size_t> moves;
  uint64_t nodes = 0;
  double seconds = 0;
};

struct BudgetResult {
  std::optional<BoardReport> best;  // the fewest moves of every width (none: no width found one)
  int bestWidth = 0;                // the width that found it (the first of equals)
  int widths = 0;                   // widths tried
  uint64_t nodes = 0;               // children evaluated by all of them
  int cappedAt = 0;                 // a width the budget allowed but maxWidth did not (0: none)
  bool stopped = false;             // opt.stop cut a width short (not counted in widths)
};

// Solves `start` with `opt` (opt.beamWidth the first width) and `table` (of
// depth opt.endgameDepth). `budget` seconds (0: one width only) are measured
// by `elapsed`, seconds since the budget began (the CLI's clock includes
// opening the table). `tried`, if given, hears each width as it ends.
// opt.stop, once true, ends the width under way within a beam level's chunk:
// the widths finished before it are the result (`stopped` set).
BudgetResult solveWithinBudget(const Board& start, const Options& opt, std::shared_ptr<const EndgameTable> table,
                               double budget, const std::function<double()>& elapsed,
                               const std::function<void(const WidthTried&)>& tried = {},
                               int maxWidth = kMaxBudgetWidth);

// `nugget prove` on one position within one budget (options' seconds,
// nodeLimit and stop): beamBound's solution of `beamWidth` first when the
// position is not solved already (its length, or that it found none, told
// to options.progress), then the proof; then, with listEnds, once the
// optimum is proven and nothing stopped the search, every end within
// optimum + slack (solvedEnds) in what is left of the budget (at least 1 ms
// and 1 node: a limit stays a limit).
struct PositionProof {
  ProveResult proof;
  EndsResult ends;
  bool listed = false;  // the ends were searched
};
PositionProof proveWithEnds(const Board& start, std::shared_ptr<const EndgameTable> table,
                            const ProveOptions& options, int beamWidth, bool listEnds, int slack);

}  // namespace nugget::solve
