// Exact search for one Golden Nugget board: the proven minimum number of
// moves to any solved layout, and every solved layout (the possible next
// boards) within a given number of moves.
//
// Method: iterative deepening (IDA*, Korf) on the engine, f = g + h with an
// admissible h, the endgame table as a perfect oracle near the goals, a
// lossy transposition table, and only one order of commuting moves.
//
// The bound h(X), never above the true distance d(X):
// - the endgame table of depth D: d(X) exactly when d(X) <= D; otherwise it
//   proves d(X) >= D + 1 (the table holds every layout within D moves);
// - heur::lineBound: each coloured border tile must come in and one move
//   brings in at most one (a move takes a tile from position 1 to 2 only);
//   a coloured corner tile needs, first, a move along a border line, which
//   brings nothing in (heuristics.h gives the whole argument).
// h = d(X) when the table knows X, else max(lineBound(X), D + 1). Both parts
// are tested against exhaustive search (tests/solver/prove_test.cpp).
//
// Pruning, and why each keeps every position within reach:
// - Commuting moves: pushes on two different rows (or two different
//   columns) touch disjoint cells, so `row i` then `row j` reaches what
//   `row j` then `row i` does at the same cost; after a push on line i of one
//   orientation, lines below i of that orientation are not tried.
// - A push with p = 7 is undone by the opposite push (which then has p = 7):
//   a path through X, Y, X is never shorter than one without the detour.
// - The transposition table remembers, per position, the largest budget
//   (moves left) it was searched with and the lines the commuting rule
//   forbade there; kept from one bound to the next (a finished search's
//   entry is a fact about its position, whatever the bound: board 1 to the
//   bound 17, 41.72 M nodes against 41.99 M when cleared between bounds,
//   results/prove-speed.md), so each bound is the last + 1. A later visit with no more budget and a superset of
//   forbidden lines finds nothing the first did not (the first visit, if
//   still running on another thread, will finish it). Lossy: an entry lost
//   to a collision only costs a repeated search.
//
// Parallel: each iteration's tree is split at a fixed depth into subtrees,
// searched by oneTBB's workers with one shared transposition table. The
// optimum does not depend on the thread count; which optimal move list is
// reported may (the first found).
//
// Every end (solvedEnds) is found in two layers: whether a solved layout is
// still within a budget depends on the shown face alone (the hidden face
// rides along), so that question is answered by a memoised depth-first
// search on shown faces; whole positions (both faces: the next board) are
// then walked breadth first along the moves that keep a solved layout
// within reach. The questions of a layer are asked in parallel (a memo's
// entries are facts, so no answer depends on another thread), and the
// positions kept in label order: the same ends and move lists for any
// thread count. (A first version walked every path on both faces: 349 M
// nodes for the 29 ends of the committed cycle's board 2. Serial, the
// questions took 47-53 s for it; on 2 threads 33 s, AMD EPYC, session 20.)
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nugget/board.h"
#include "nugget/tables/endgame.h"

namespace nugget::solve {

// The admissible bound above (in moves).
int exactBound(const Position& pos, const EndgameTable& table);

// Where one search of a bound stands, for a checkpoint (prove_split.h):
// every bound below `bound` is ruled out (within the share, options.part),
// and of `bound`'s subtrees (the frontier at the split depth, in its fixed
// order) those in `done` are searched to the end without a solution.
// `next` is the least f above `bound` met in the done subtrees, for the
// record: the search goes on to bound + 1 (its transposition table, kept
// from bound to bound, cuts subtrees that would have named a lower f).
struct ProveState {
  int bound = 0;
  int next = 1 << 20;          // none met yet
  size_t frontier = 0;         // subtrees of `bound` in all (every part's); 0: not built yet
  std::vector<uint32_t> done;  // ascending
  bool operator==(const ProveState&) const = default;
};

struct ProveOptions {
  double seconds = 0;          // wall-clock budget, 0 = none
  uint64_t nodeLimit = 0;      // expansions, 0 = none
  // Transposition table: a power of two of 8-byte entries, at most this
  // (solvedEnds: this for its failures and an eighth more for its successes).
  size_t ttBytes = 256u << 20;
  int maxBound = 99;           // give up once no solution of at most this many moves exists
  int splitDepth = 2;          // the tree is cut into parallel subtrees at this depth
  // One line of progress per finished iteration ("bound 14: no solution, 12.3 M nodes, ...").
  std::function<void(const std::string&)> progress;
  // Set from outside (a signal) to stop at once, as a budget does.
  const std::atomic<bool>* stop = nullptr;
  // A share of the search (`nugget prove --part K/N`, a SLURM array): at
  // every bound only the frontier's subtrees i with i % parts == part are
  // searched. The frontier is built alike by every part (serially, in a
  // fixed order), so the N shares cover it exactly once and a bound is
  // ruled out when every share rules it out. Sound per share: the pruning
  // rules drop a path only for an equivalent or shorter one, which lies in
  // some share, and each process's transposition table only knows its own.
  int part = 0, parts = 1;
  // One thread, the subtrees in order: the nodes (and the solution
  // reported) depend on the input alone. The bench counts nodes so; the
  // parallel search's count varies with the threads and their timing.
  bool serial = false;
  // Resume from a checkpoint: start at resume->bound, its done subtrees skipped.
  const ProveState* resume = nullptr;
  // Told where the search stands: after each bound ruled out, as subtrees
  // finish (at most every stateSeconds) and when the search ends. Called
  // from one thread at a time.
  std::function<void(const ProveState&)> onState;
  double stateSeconds = 60;
};

struct ProveResult {
  bool proven = false;     // lowerBound == upperBound
  int lowerBound = 0;      // no solution has fewer moves (proven)
  int upperBound = -1;     // the best solution known has this many moves (-1: none)
  std::vector<Move> moves;  // a solution of upperBound moves
  uint64_t nodes = 0;
  double seconds = 0;
  bool stopped = false;    // the budget, the node limit or `stop` ended the search
};

// The optimum of pos, or bounds on it within the budget. `known`, when
// given, is a solution found by other means (the beam): it sets the upper
// bound, so iterations stop below its length. An already solved position
// has optimum 0.
ProveResult prove(const Position& pos, const EndgameTable& table, const ProveOptions& options,
                  const std::vector<Move>* known = nullptr);

// One solved layout reachable within the limit, with the first of its
// shortest move lists in label order.
struct End {
  Position pos;            // both faces, as after the moves
  std::vector<Move> moves;
};
struct EndsResult {
  std::vector<End> ends;  // distinct up to the 8 symmetries (symmetricHash of both faces)
  bool complete = false;  // false: stopped by the budget, `ends` holds those found
  uint64_t nodes = 0;
  double seconds = 0;
};
// Every solved layout (both faces: the next board) reachable from pos in at
// most `limit` moves, counted once up to the 8 board symmetries (the first
// met is kept: the shortest, then the least in label order). In that order.
// options.progress gets a line a layer; the budget and stop apply.
EndsResult solvedEnds(const Position& pos, const EndgameTable& table, int limit, const ProveOptions& options);

}  // namespace nugget::solve
