// Golden Nugget as a search problem for solver/search (the beam search and
// IDA* templates know nothing of the game; this adapter is all they see).
#pragma once
#include <algorithm>

#include "nugget/board.h"
#include "nugget/heuristics.h"

namespace nugget::solve {

struct BoardProblem {
  using State = Position;
  using Move = nugget::Move;
  static constexpr int kMaxMoves = kLabels;

  int (*heuristic)(const Position&) = heur::defaultHeuristic().value;

  int moves(const Position& s, Move* out) const {
    const MoveList list = s.legalMoves();
    std::copy(list.begin(), list.end(), out);
    return list.size;
  }
  Position apply(const Position& s, Move m) const {
    Position child = s;
    child.apply(m);
    return child;
  }
  // Only the shown face decides this board's moves, so states equal on it
  // are one state to the search: of those the beam keeps the best-scored
  // (the heuristic sees the hidden face). Hashing both faces filled the beam
  // with copies that differ only in hidden colours (measured: 100-board
  // chain 30.83 -> 29.97 moves a board, results/README.md).
  uint64_t hash(const Position& s) const { return s.shownHash(); }
  bool isGoal(const Position& s) const { return s.solved(); }
  int32_t score(const Position& s) const { return heuristic(s); }
  // For IDA*: the heuristic in whole moves (admissible heuristics only).
  int bound(const Position& s) const { return heuristic(s) / heur::kScale; }
  // Pushes on two different rows (or two different columns) touch disjoint
  // cells, so they commute: only the order with the lower line first is kept.
  bool canonical(Move previous, Move next) const {
    if (isRowLabel(previous.label) != isRowLabel(next.label)) return true;
    return lineIndex(next.label) >= lineIndex(previous.label);
  }
};

}  // namespace nugget::solve
