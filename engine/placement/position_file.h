// The position file shared by the CLI and the tests -- the one reader and
// writer for both placement games:
//
//   # `#` starts a comment (whole line or inline); blank lines are ignored
//   ........      N lines of N characters, TOP row (rank N) first:
//   ...o....      `o` white, `x` black, `.` empty
//   ...
//   to_move o     whose turn: `o` or `x`
//   result: ongoing   optional (what `games apply` prints): checked by the CLI
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

void writePosition(std::ostream& out, const Board& b, Colour toMove);
std::string formatPosition(const Board& b, Colour toMove);

// The board with rank numbers on the left and file letters below, for people.
std::string drawBoard(const Board& b);

}  // namespace placement
