// Cycles in a chain of boards.
//
// What a board costs depends only on where it starts: the colours both faces
// show on every cell (tiles with the same two colours are interchangeable).
// So when board k+P starts exactly as board k did (P even: the same face is
// shown), boards k..k+P-1 can be played again, and again, to the last board.
// The chain beam falls into such cycles by itself (a 200-board run spent its
// last 170 boards alternating 21 and 22 moves); noticing one ends the search
// early at the cycle's mean, and makes the cycle something to improve.
#pragma once
#include <optional>

#include "nugget/jcgn.h"

namespace nugget::solve {

struct Cycle {
  int first = 0;   // 1-based board where the cycle begins
  int period = 0;  // boards in one turn (even)
  long moves = 0;  // moves in one turn
  double mean() const { return period ? double(moves) / period : 0.0; }
};

// The shortest cycle closed by the last of `boards`, played from `start`
// (each next board starts from the previous final, flipped): the start
// after it equals the start of board `first` (same face). None when it
// equals no earlier start.
std::optional<Cycle> closedCycle(const Board& start, const std::vector<jcgn::BoardRecord>& boards);
// The same for an entry (which starts at Board::start()).
std::optional<Cycle> closedCycle(const jcgn::Entry& entry);

// Appends boards by playing the cycle's boards again until there are
// `count` boards (finals by replay). Throws std::logic_error if a repeated
// board does not replay to a solved board (it cannot, when `cycle` came from
// closedCycle on these boards).
void repeatCycle(const Board& start, std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle, int count);
void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count);

}  // namespace nugget::solve
