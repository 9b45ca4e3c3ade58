// A beam over chains: instead of committing to one end state per board
// (solveBoard's greedy choice, helped by a one-board look-ahead), keep the
// `width` best partial chains and solve the next board from each of them.
// The candidates of all chains are ranked together by
//   (moves since the last committed board) * kScale + nextWeight * next
// so an end state that costs a move more but leaves a much easier next board
// survives until the next board proves it. A board is committed (and only
// then shortened by the post-optimiser) once every live chain shares it.
//
// Everything depends only on the committed start and the pending nodes, so
// a checkpoint that stores both (pending() / restore()) resumes to exactly
// the result of an uninterrupted run.
#pragma once
#include <functional>
#include <vector>

#include "nugget/chain/chain.h"

namespace nugget::solve {

class ChainBeam {
 public:
  // A board solved on one chain, not committed yet.
  struct Node {
    int parent = -1;          // index into nodes(); -1: the committed start
    std::vector<Move> moves;  // as found (shortened only when committed)
    Board end;                // tiles after the moves, this board's face shown
    int total = 0;            // moves since the committed start, this board included
  };
  // A committed board: its (shortened) moves and the tiles it ends with.
  struct Committed {
    std::vector<Move> moves;
    Tiles final{};
  };

  // `start`: the position of board `board` (face shown), nothing pending.
  ChainBeam(const ChainSolver& solver, int width, const Board& start, int board);

  // Solves the next board from every live chain and keeps the best `width`
  // distinct end states. Throws NoSolution only when every chain fails.
  void advance();
  // Called by advance() for every way of solving a board it found, kept or
  // not (each chain's start, then its candidates), in an order that depends
  // on nothing but the candidates: what a transition graph records.
  using Observer = std::function<void(const Board& start, const EndState& found)>;
  void observe(Observer observer) { observer_ = std::move(observer); }
  // Boards every live chain now shares, in order, shortened; they leave the
  // beam (the committed start moves past them).
  std::vector<Committed> takeShared();
  // Commits the best live chain whole (at the end, or when stopping early).
  std::vector<Committed> takeBest();
  // Commits live chain `rank` (0 = best) whole.
  std::vector<Committed> takeChain(int rank);
  // The first live chain, best first, whose next board would start as an
  // earlier board of that chain did (same face), or as an image of it under
  // a symmetry (symmetry.h): that chain has closed a cycle. Any of the live
  // chains may close one; the committed chain alone closes one much later,
  // if ever. `committed[b-1]` is symmetricHash of the start of committed
  // board b (1 .. nextBoard()-1); the pending boards' starts are the beam's.
  // -1 when none has. Equal symmetric hashes only: the caller confirms.
  int closingChain(const std::vector<uint64_t>& committed) const;

  int nextBoard() const { return nextBoard_; }         // board the committed start belongs to
  int solvedBoards() const { return solvedBoards_; }   // boards solved on the live chains
  int bestPendingMoves() const;                        // moves of the best chain since the committed start
  uint64_t generated() const { return generated_; }    // beam children evaluated so far
  int lastMoves() const;                               // moves of the best chain's last board

  // Checkpoint form: pending nodes (parents before children) and the live
  // chains, best first, as indices into the nodes.
  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<int>& live() const { return live_; }
  // Rebuilds the pending nodes from (parent, moves) pairs by replaying them.
  // Returns false (and leaves the beam untouched) if they do not replay.
  bool restore(const std::vector<std::pair<int, std::vector<Move>>>& nodes, const std::vector<int>& live,
               int solvedBoards);

 private:
  Board startOf(int node) const;  // position of the board after `node`
  Board endOf(int parent, const std::vector<Move>& moves) const;  // moves played from startOf(parent)
  Committed commit(int node);     // node's parent must be the committed start
  void compact();                 // drop nodes that no live chain goes through
  void replay();                  // recompute every pending end from the committed start

  const ChainSolver& solver_;
  int width_;
  Board start_;  // the committed start
  int nextBoard_;
  int solvedBoards_;
  std::vector<Node> nodes_;
  std::vector<int> live_;
  uint64_t generated_ = 0;
  Observer observer_;
};

}  // namespace nugget::solve
