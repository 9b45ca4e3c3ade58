// Exact cycle search: the graph of board starts reachable from a start when
// every board is solved in its proven fewest moves (or up to `slack` more),
// explored breadth first, and its cheapest cycle.
//
// Why: a board's cost is fixed by its start, and its start by which solved
// layout the board before ended in. The beam sees one or a few ends of
// each board; prove.h lists every end within optimum + slack (up to the 8
// symmetries, which cost the same for the rest of a chain). Each end is a
// possible next board; the arcs go into the transition graph
// (transitions.h) and its minimum mean cycle is the cheapest way to play
// for ever among the starts explored. Each start costs one proof and one
// ends listing (seconds to minutes at depth 6), so the search is bounded by
// starts, by a budget, and by the number of ends followed from each.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nugget/cycles/cycle.h"
#include "nugget/tables/endgame.h"
#include "nugget/tables/prove.h"
#include "nugget/cycles/transitions.h"

namespace nugget::solve {

struct ExactCycleOptions {
  int slack = 0;              // ends within optimum + slack
  int maxStarts = 50;         // starts proved and expanded
  double seconds = 0;         // whole search budget, 0 = none
  double proveSeconds = 120;  // a start not proved within this is left unexpanded (0: no limit)
  int maxEnds = 40;           // ends followed from one start (the cheapest, in listing order)
  // A start that needs more moves than this is not expanded (0: the known
  // cycle's mean rounded down, plus 1): a cycle cheaper than the known one
  // seldom passes through a board much dearer than it, and ruling a dear
  // start out costs only the iterations up to maxCost, not its proof.
  int maxCost = 0;
  // Each start's upper bound for its proof (prove.h), so that the proof
  // only has to rule out shorter solutions: some solution's moves from
  // `start`, or none. A function given, not one called by name: the bound
  // `nugget cycle-search` uses is one beam of the chain's board search
  // (beamBound, chain/solve_budget.h, at its --beam-width), a layer above
  // the cycles (scripts/check-layers.sh). Empty: no bound.
  std::function<std::optional<std::vector<Move>>(const Board& start)> upperBound;
  ProveOptions prove;         // transposition table size, stop flag
  std::function<void(const std::string&)> progress;
};

struct ExactCycleResult {
  std::optional<CycleBoards> best;  // the cheapest cycle found below `below`, lead from the first start
  int expanded = 0;                 // starts proved and their ends listed
  int unproved = 0;                 // starts whose proof ran out of time
  int tooDear = 0;                  // starts proved to need more than maxCost moves
  size_t nodes = 0, arcs = 0;       // of the transition graph
  double seconds = 0;
  bool stopped = false;             // the budget or the stop flag ended it
};

// Explores from `from` (a board start, its face shown). `below`: only a
// cycle cheaper than this mean is reported (the best known cycle's mean).
// The starts, ends, costs and move lists do not depend on the thread count
// when no budget cuts the search short. Every move list is replayed, never
// trusted.
ExactCycleResult exactCycleSearch(const Board& from, const EndgameTable& table, const ExactCycleOptions& options,
                                  double below);

// The entry a cycle found from board `firstBoard` (1-based) of `entry` makes
// (`nugget cycle-search --out`): the entry's boards before that one, then
// the cycle's lead, then its turn round and round to the entry's length.
// Every board is replayed (std::logic_error if one does not replay to a
// solved board: it cannot, for a cycle this search found from that start).
jcgn::Entry entryThroughCycle(const jcgn::Entry& entry, int firstBoard, const CycleBoards& cycle);

}  // namespace nugget::solve
