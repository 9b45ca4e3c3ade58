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
#include <functional>
#include <optional>

#include "nugget/jcgn.h"
#include "nugget/target.h"

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

// Entering the cycle sooner: from the start of board j (1 <= j <= `boards`,
// j before the cycle), a beam (target.h) aims at exactly the end of a cycle
// board shown on j's face; after it the chain goes round the cycle. Every
// (j, cycle board) pair is tried; the boards with the lowest total (same
// count as before) are returned when that total is lower than before.
struct EnterOptions {
  TargetOptions target;
  int boards = 2;
};
// report(j, k, moves): board j aimed at cycle board k's end; moves = -1
// when the beam found no way.
using EnterReport = std::function<void(int j, int k, int moves)>;
std::optional<std::vector<jcgn::BoardRecord>> enterCycleSooner(const Board& start,
                                                               const std::vector<jcgn::BoardRecord>& boards,
                                                               const Cycle& cycle, const EnterOptions& opt,
                                                               const EnterReport& report = {});

}  // namespace nugget::solve
