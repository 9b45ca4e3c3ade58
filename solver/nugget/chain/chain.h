// The Golden Nugget chain solver: boards one after another, each solved by
// a beam search that ends in the endgame table, the end state chosen with
// the NEXT board in mind (its colours are known at every node: the hidden
// face travels with the tiles).
//
// Each board's result depends only on the board's start and the options, so
// a run resumed from a checkpoint ends exactly as an uninterrupted one.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "nugget/board.h"
#include "nugget/tables/endgame.h"
#include "nugget/heuristics.h"
#include "nugget/jcgn.h"

namespace nugget::solve {

struct Options {
  int boards = 200;
  int beamWidth = 350;
  std::string heuristic = "chain";
  int endgameDepth = 6;      // table of layouts within this many moves of solved
  uint64_t seed = 0;         // 0: ties broken by hash alone
  int candidates = 64;       // solved end states compared for the next board
  int slack = 1;             // end states up to this many moves longer may be chosen
  double nextWeight = 0.5;   // moves of this board traded per heuristic move of the next
  int shortenWindow = 5;     // post-optimisation window (0 = off), see shorten.h
  int lookahead = 8;         // best end states whose next board is test-solved (0 = heuristic only)
  int lookaheadWidth = 200;  // beam width of those test solves
  bool fallback = true;      // when the beam fails: wider beams and other heuristics
  int chainBeam = 24;        // partial chains kept (chain_beam.h); 1: one greedy choice a board
  // Settings that change the result, for checkpoints ("width=..., ...").
  // Not a setting (no part of signature()): when set, every beam search of
  // the solver stops within a level once it is true (search::Stopped
  // thrown through solveBoard, endStates, ChainBeam::advance): the pipeline's
  // Ctrl-C, honoured within a fraction of a second instead of after a board.
  const std::atomic<bool>* stop = nullptr;
  std::string signature() const;
};

struct BoardReport {
  int index = 0;             // 1-based board number
  std::vector<Move> moves;
  uint64_t generated = 0;    // beam children evaluated
  int shortenedBy = 0;       // moves the post-optimiser removed
  int attempt = 0;           // 0: found by the chosen heuristic and width; more: a fallback
  double seconds = 0;
  int nextEstimate = 0;      // heuristic value of the next board's start (kScale units)
};

struct NoSolution : std::runtime_error {
  NoSolution(const std::string& what, uint64_t generated) : std::runtime_error(what), generated(generated) {}
  uint64_t generated;  // children evaluated before giving up
};

// One way to solve a board: its moves, where it leaves the tiles (both
// faces) and the heuristic value of the next board's start (kScale units).
struct EndState {
  std::vector<Move> moves;
  Position end;
  int next = 0;
};

class ChainSolver {
 public:
  explicit ChainSolver(const Options& opt);
  // Shares a table already built (several settings, one table: a depth-7
  // table takes minutes and 1.0 GB); its depth must be opt.endgameDepth.
  ChainSolver(const Options& opt, std::shared_ptr<const EndgameTable> table);
  // Solves the board starting at `start` (face shown = start.face).
  // Throws NoSolution when no solution is found within 99 moves.
  BoardReport solveBoard(const Board& start, int index) const;
  // The ways to solve it the beam found (no look-ahead, no shortening), best
  // first by moves plus nextWeight times the next board's heuristic. Never
  // empty; throws NoSolution like solveBoard.
  std::vector<EndState> endStates(const Board& start, int index, uint64_t* generated = nullptr,
                                  int* attempt = nullptr) const;
  // Moves of the first solution a look-ahead-width beam finds from `start`
  // (99 when it finds none): the look-ahead's estimate of a board.
  int firstSolutionLength(const Position& start, uint64_t* generated = nullptr) const;
  const Options& options() const { return opt_; }
  const EndgameTable& table() const { return *table_; }
  std::shared_ptr<const EndgameTable> sharedTable() const { return table_; }

 private:
  Options opt_;
  const heur::Heuristic* heuristic_;
  std::shared_ptr<const EndgameTable> table_;
};

// Best-ranked prefix (at least 20 boards) of a chain's move counts, by the
// ranking rules: the number of boards to keep.
int bestPrefix(const std::vector<int>& movesPerBoard);

}  // namespace nugget::solve
