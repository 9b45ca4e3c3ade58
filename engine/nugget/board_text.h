// A board as text, for a terminal: the 7x7 tiles with the 28 force-point
// labels around them (as in RULES.md), and a one-line description. The
// game's own picture of itself (as a chess engine prints its position), so
// `nugget show` and anything else that prints a board draw it alike; the
// SVG picture (board_svg.h) uses the same labels and description.
#pragma once
#include <string>

#include "nugget/board.h"

namespace nugget {

// Where the labels sit around the board: top 1..7 over columns 0..6, right
// A..G beside rows 0..6, bottom N..H under columns 0..6, left U..O beside
// rows 0..6 (each label's force point faces its line, board.h).
constexpr char topLabel(int column) { return labelChar(column); }
constexpr char rightLabel(int row) { return labelChar(7 + row); }
constexpr char bottomLabel(int column) { return labelChar(20 - column); }
constexpr char leftLabel(int row) { return labelChar(27 - row); }

// The board with its 28 border labels, a line a row. With colour (ANSI SGR
// escapes) each tile number is printed on its colour; without, a colour
// letter follows the number ('.' for white): "12Y ".
std::string renderText(const Board& board, bool colour);

// "face A, 12 coloured tiles on the border, not solved" (or "solved
// (horizontal stripes)", "solved (vertical stripes)").
std::string describe(const Board& board);

}  // namespace nugget
