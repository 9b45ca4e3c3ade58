// Golden Nugget as a search problem for solver/search (the beam search and
// IDA* templates know nothing of the game; this adapter is all they see).
#pragma once
#include <algorithm>

#include "nugget/board.h"
#include "nugget/heuristics.h"

namespace nugget::solve {

// A search node: the position, the heuristic's summary of it (zero when
// the heuristic has no incremental form), so a child's score costs an
// update, not a full evaluation, and its score.
struct BoardState {
  Position pos;
  heur::Summary summary = 0;
  int32_t score = 0;
};

struct BoardProblem {
  using State = BoardState;
  using Move = nugget::Move;
  static constexpr int kMaxMoves = kLabels;

  const heur::Heuristic* heuristic = &heur::defaultHeuristic();

  // The search state of a position (the start of a search).
  BoardState state(const Position& p) const {
    BoardState s{p};
    if (heuristic->incremental) s.summary = heuristic->incremental.summarise(p);
    s.score = value(s);
    return s;
  }
  int moves(const BoardState& s, Move* out) const {
    const MoveList list = s.pos.legalMoves();
    std::copy(list.begin(), list.end(), out);
    return list.size;
  }
  BoardState apply(const BoardState& s, Move m) const {
    BoardState child = s;
    child.pos.apply(m);
    if (heuristic->incremental) child.summary = heuristic->incremental.update(child.pos, s.summary, m);
    child.score = value(child);
    return child;
  }
  // The beam's expansion in two steps (search::TwoStepChildren): the
  // children's positions, enough for the hash and the goal test; then, for
  // the children not seen before, the heuristic's values, all in one call
  // so that the parent's share is computed once. Such a child's summary is
  // not computed (the beam never expands it: it rebuilds the children it
  // keeps with apply()).
  void expand(const BoardState& s, const Move* moves, int n, BoardState* out) const {
    for (int i = 0; i < n; ++i) {
      out[i] = s;
      out[i].pos.apply(moves[i]);
    }
  }
  void finish(const BoardState& s, const Move* moves, BoardState* const* kids, int n) const {
    const heur::Incremental& inc = heuristic->incremental;
    if (!inc || !inc.childValues) {
      for (int i = 0; i < n; ++i) {
        if (inc) kids[i]->summary = inc.update(kids[i]->pos, s.summary, moves[i]);
        kids[i]->score = value(*kids[i]);
      }
      return;
    }
    const Position* pos[kMaxMoves];
    int32_t score[kMaxMoves];
    for (int i = 0; i < n; ++i) pos[i] = &kids[i]->pos;
    inc.childValues(s.pos, s.summary, moves, pos, n, score);
    for (int i = 0; i < n; ++i) kids[i]->score = score[i];
  }
  // Only the shown face decides this board's moves, so states equal on it
  // are one state to the search: of those the beam keeps the best-scored
  // (the heuristic sees the hidden face). Hashing both faces filled the beam
  // with copies that differ only in hidden colours (measured: 100-board
  // chain 30.83 -> 29.97 moves a board, results/README.md).
  uint64_t hash(const BoardState& s) const { return s.pos.shownHash(); }
  bool isGoal(const BoardState& s) const { return s.pos.solved(); }
  int32_t score(const BoardState& s) const { return s.score; }
  // The heuristic's value of a state whose summary is up to date.
  int32_t value(const BoardState& s) const {
    return heuristic->incremental ? heuristic->incremental.value(s.pos, s.summary) : heuristic->value(s.pos);
  }
  // For IDA*: the heuristic in whole moves (admissible heuristics only).
  int bound(const BoardState& s) const { return score(s) / heur::kScale; }
  // Pushes on two different rows (or two different columns) touch disjoint
  // cells, so they commute: only the order with the lower line first is kept.
  bool canonical(Move previous, Move next) const {
    if (isRowLabel(previous.label) != isRowLabel(next.label)) return true;
    return lineIndex(next.label) >= lineIndex(previous.label);
  }
};

}  // namespace nugget::solve
