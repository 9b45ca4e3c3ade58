#include "nugget/board_text.h"

#include <bit>
#include <cstdio>
#include <sstream>

namespace nugget {

namespace {

// ANSI SGR for a tile of colour c: foreground;background.
const char* ansiFor(Colour c) {
  switch (c) {
    case White: return "\x1b[30;107m";
    case Yellow: return "\x1b[1;30;103m";
    case Blue: return "\x1b[1;97;44m";
    case Pink: return "\x1b[1;30;105m";
    case Red: return "\x1b[1;97;41m";
    case Green: return "\x1b[1;30;42m";
  }
  return "";
}
constexpr const char* kReset = "\x1b[0m";

}  // namespace

std::string renderText(const Board& board, bool colour) {
  // Every cell is 4 characters wide: " 12 " on its colour, or "12Y " plain.
  std::ostringstream s;
  auto labelRow = [&](char (*label)(int)) {
    s << "    ";
    for (int c = 0; c < kSide; ++c) s << (c ? "   " : "  ") << label(c);
    s << '\n';
  };
  labelRow(topLabel);
  for (int r = 0; r < kSide; ++r) {
    s << "  " << leftLabel(r) << ' ';
    for (int c = 0; c < kSide; ++c) {
      const int cell = r * kSide + c;
      const Colour col = board.pos.colourAt(cell);
      char buf[8];
      if (colour) {
        std::snprintf(buf, sizeof buf, " %2d ", board.tiles[cell]);
        s << ansiFor(col) << buf << kReset;
      } else {
        std::snprintf(buf, sizeof buf, "%2d%c ", board.tiles[cell], col == White ? '.' : colourChar(col));
        s << buf;
      }
    }
    s << ' ' << rightLabel(r) << '\n';
  }
  labelRow(bottomLabel);
  return s.str();
}

std::string describe(const Board& board) {
  const int border = std::popcount(board.pos.coloured() & kBorder);
  std::string s = "face ";
  s += faceChar(board.face);
  s += ", " + std::to_string(border) + " coloured tile" + (border == 1 ? "" : "s") + " on the border, ";
  if (board.pos.solvedHorizontal()) s += "solved (horizontal stripes)";
  else if (board.pos.solvedVertical()) s += "solved (vertical stripes)";
  else s += "not solved";
  return s;
}

}  // namespace nugget
