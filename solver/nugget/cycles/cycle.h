// Cycles in a chain of boards.
//
// What a board costs depends only on where it starts: the colours both faces
// show on every cell (tiles with the same two colours are interchangeable).
// So when board k+P starts exactly as board k did (P even: the same face is
// shown), boards k..k+P-1 can be played again, and again, to the last board.
// The chain beam falls into such cycles by itself (a 200-board run spent its
// last 170 boards alternating 21 and 22 moves); noticing one ends the search
// early at the cycle's mean. This is the cycle model both routes share; the
// chain route's search for cheaper cycles and its aims into them are under
// chain/ (cycle_tries.h, enter_path.h).
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "nugget/board.h"
#include "nugget/jcgn.h"

namespace nugget::solve {

// A cycle may close through a symmetry (symmetry.h): board first+base
// starts as the image g(S) of board first's start S. The base boards mapped
// by g then lead on from g(S) to g(g(S)), and so on: one whole turn back to S
// is base * order(g) boards, the later ones the images of the base ones.
struct Cycle {
  int first = 0;     // 1-based board where the cycle begins
  int period = 0;    // boards in one whole turn (even): base * order(symmetry)
  long moves = 0;    // moves in one whole turn
  int base = 0;      // boards until the image of the first start (= period when symmetry is 0)
  int symmetry = 0;  // g (symmetry.h); 0: the start itself comes back
  double mean() const { return period ? double(moves) / period : 0.0; }
};

// The shortest cycle closed by the last of `boards`, played from `start`
// (each next board starts from the previous final, flipped): the start
// after it equals the start of board `first` (same face), or its image
// under a symmetry. None when it equals no earlier start or image.
std::optional<Cycle> closedCycle(const Board& start, const std::vector<jcgn::BoardRecord>& boards);
// The same for an entry (which starts at Board::start()).
std::optional<Cycle> closedCycle(const jcgn::Entry& entry);

// Appends boards by playing the cycle's boards again until there are
// `count` boards (finals by replay): board n plays the moves of board
// n - base mapped by the cycle's symmetry. Throws std::logic_error if a repeated
// board does not replay to a solved board (it cannot, when `cycle` came from
// closedCycle on these boards).
void repeatCycle(const Board& start, std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle, int count);
void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count);

// A cycle on its own: where its first board starts and each board's moves,
// and the boards that lead to that start from the previous cycle's start
// (empty for the first cycle of a path).
struct CycleBoards {
  Board start;                            // the first board's start (its face shown)
  std::vector<std::vector<Move>> boards;  // one turn, in order
  std::vector<std::vector<Move>> lead;    // from the previous cycle's start to `start`
  int foundBy = 0;                        // the cycle try that found it (0: the chain, or the search past it)
  long moves() const;
  double mean() const { return boards.empty() ? 0.0 : double(moves()) / double(boards.size()); }
};
// One whole turn of `cycle` (its later boards played by repeatCycle when
// `boards` ends before the turn does).
CycleBoards cycleBoards(const Board& start, const std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle);
// Whether two cycles are one (some board of one starts as some board of the
// other, or as its image under a symmetry: the images cost the same).
bool sameCycle(const CycleBoards& a, const CycleBoards& b);
// The image of a cycle under symmetry g: its start, boards and lead mapped.
CycleBoards mapCycle(int g, const CycleBoards& c);

// The same cycle started at its board k (0-based): the start is where board
// k starts, the turn begins with board k, and the lead is extended by the
// boards 0..k-1 (so it still goes from the previous cycle's start).
CycleBoards rotated(const CycleBoards& cycle, int k);

// A cycle from its boards' moves: `lead` played from `from` (each board
// ending solved, the next starting flipped) reaches the start, and `turn`
// from there comes back to it. None when either does not replay. (A
// checkpoint's cycles and the team's messages hold only the moves.)
std::optional<CycleBoards> replayCycle(const Board& from, std::vector<std::vector<Move>> lead,
                                       std::vector<std::vector<Move>> turn);

// Boards played one after another from `start` (each next board starts from
// the previous final, flipped), as the cycle model and the chain route's
// tries and aims replay them:
// where board n + 1 starts (`start` itself for n = 0);
Board startAfter(const Board& start, const std::vector<jcgn::BoardRecord>& boards, size_t n);
// `moves` played as the next board (checked move by move) and appended
// (std::logic_error if they do not replay to a solved board);
void appendBoard(const Board& start, std::vector<jcgn::BoardRecord>& boards, const std::vector<Move>& moves);
// where each board of a cycle's turn starts, and (last) where the turn ends
// up: period + 1 boards, the first and the last alike.
std::vector<Board> turnStarts(const CycleBoards& c);

}  // namespace nugget::solve
