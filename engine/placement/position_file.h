// The position file shared by the CLI and the tests -- the one reader and
// writer for both placement games:
//
//   # `#` starts a comment (whole line or inline); blank lines are ignored
//   ........      N lines of N characters, TOP row (rank N) first:
//   ...o....      `o` white, `x` black, `.` empty
//   ...
//   to_move o     whose turn: `o` or `x`
//   result: ongoing   optional (what `games apply` prints): checked by stateOf
//
// A row may also be written as `games play` draws it, ` 8  . . . o . . . .`:
// a rank number (which must be the row's), squares separated by blanks, `O`
// and `X` (the last move's mark) read as `o` and `x`; the file letter line
// under such a board and ANSI colour codes are skipped. Anything else is an
// error naming the line. The reader checks the format
// only; whether a board exists in a game and whether the piece counts fit is
// checked by PlacementState::fromBoard.
#pragma once
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>

#include "placement/board.h"
#include "placement/state.h"

namespace placement {

struct PositionFile {
  Board board;
  Colour toMove = Colour::White;
  std::string result;  // the `result:` line's text, "" when absent
};

class PositionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `source` names the input in messages ("pos.txt: line 4: ..."). Throws
// PositionError.
PositionFile readPosition(std::istream& in, const std::string& source = "position");
PositionFile readPositionFile(const std::string& path);
PositionFile parsePosition(const std::string& text, const std::string& source = "position");

// The game's state in a position file (S a PlacementState): the board and
// turn as S::fromBoard takes them, and the `result:` line, when there is
// one, the position's own. Throws PositionError "SOURCE: reason" otherwise.
template <class S>
S stateOf(const PositionFile& f, const std::string& source = "position") {
  S s;
  try {
    s = S::fromBoard(f.board, f.toMove);
  } catch (const std::invalid_argument& e) {
    throw PositionError(source + ": " + e.what());
  }
  const std::string result(outcomeText(s.outcome()));
  if (!f.result.empty() && f.result != result)
    throw PositionError(source + ": 'result: " + f.result + "' but the position's result is '" + result + "'");
  return s;
}

void writePosition(std::ostream& out, const Board& b, Colour toMove);
std::string formatPosition(const Board& b, Colour toMove);

// What drawBoard puts around each part of the board (a front end's colours,
// e.g. ANSI codes; empty strings draw plain text): before a piece of each
// colour, before the last move's piece (after its colour), before an empty
// square's dot and before the rank and file labels; `reset` after each.
struct Palette {
  std::string piece[2], last, empty, label, reset;
};

// The board as `games play` draws it, for people (the reader above reads it
// back): rank numbers on the left, squares apart, file letters below; the
// piece on cell `last` (-1: none) in upper case, the last move's mark.
std::string drawBoard(const Board& b, int last = -1, const Palette& palette = {});

}  // namespace placement
