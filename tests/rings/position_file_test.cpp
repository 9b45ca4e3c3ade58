// The position file reader: every malformed file is rejected with the line.
#include <gtest/gtest.h>

#include <string>

#include "rings/position_file.h"

namespace rings {
namespace {

const std::string kBoard =
    "K.R.Y.G...\n..........\n..........\n..........\n..........\n"
    "....B.....\n..........\n..........\n..........\n..........\n";
const std::string kTail = "order B K R Y G\nto_move B\n";

// The line the reader blames, or -1 when it accepts the text.
int errorLine(const std::string& text) {
  try {
    parsePosition(text);
    return -1;
  } catch (const PositionError& e) {
    EXPECT_FALSE(e.reason().empty());
    return e.line();
  }
}

TEST(RingsFile, ReadsAndWritesTheSameText) {
  const std::string text = kBoard + kTail;
  const State s = parsePosition(text);
  EXPECT_EQ(formatPosition(s), text);
  EXPECT_EQ(s.ringCell(0), parseSquare("E5"));
  EXPECT_EQ(s.ringCell(1), parseSquare("A10"));
  EXPECT_FALSE(s.placementPhase());
  // Trailing blank lines and CRLF are harmless.
  EXPECT_EQ(parsePosition(text + "\n\n"), s);
  std::string crlf;
  for (char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  EXPECT_EQ(parsePosition(crlf), s);
}

TEST(RingsFile, PlacementPhaseWhenFewerThanFiveRings) {
  const std::string board = "..........\n..........\n..........\n..........\n..........\n"
                            "....R.....\n..........\n..........\n.B........\n..........\n";
  const State s = parsePosition(board + "order R B K Y G\nto_move K\n");
  EXPECT_TRUE(s.placementPhase());
  EXPECT_EQ(s.currentPlayer(), 1);  // black (K) places third
}

TEST(RingsFile, Errors) {
  EXPECT_EQ(errorLine(""), 1);
  EXPECT_EQ(errorLine("..........\n"), 2);
  std::string shortRow = kBoard;
  shortRow.replace(11, 10, ".........");  // line 2 has 9 characters
  EXPECT_EQ(errorLine(shortRow + kTail), 2);
  std::string badChar = kBoard;
  badChar[3 * 11 + 4] = 'x';
  EXPECT_EQ(errorLine(badChar + kTail), 4);
  std::string twoBlue = kBoard;
  twoBlue[8 * 11 + 1] = 'B';
  EXPECT_EQ(errorLine(twoBlue + kTail), 9);
  EXPECT_EQ(errorLine(kBoard + "to_move B\n"), 12);                     // no order
  EXPECT_EQ(errorLine(kBoard + "order B K R Y G\n"), 12);               // no to_move
  EXPECT_EQ(errorLine(kBoard + "order B K R Y\nto_move B\n"), 11);      // four colours
  EXPECT_EQ(errorLine(kBoard + "order B K R Y B\nto_move B\n"), 11);    // repeated
  EXPECT_EQ(errorLine(kBoard + "order B K R Y X\nto_move B\n"), 11);    // not a colour
  EXPECT_EQ(errorLine(kBoard + "order B K R Y G\nto_move\n"), 12);
  EXPECT_EQ(errorLine(kBoard + "order B K R Y G\nto_move b\n"), 12);    // lower case
  EXPECT_EQ(errorLine(kBoard + kTail + "order B K R Y G\n"), 13);       // twice
  EXPECT_EQ(errorLine(kBoard + kTail + "hello\n"), 13);
  EXPECT_EQ(errorLine(kBoard + "order B K R Y G\n\nto_move B\n"), -1);  // blank lines are skipped
  EXPECT_EQ(errorLine(kBoard + kTail + "result: red wins\n"), 13);      // not the position's result
  EXPECT_EQ(errorLine(kBoard + kTail + "eliminated B\n"), 13);          // eliminated is to move
  EXPECT_EQ(errorLine(kBoard + kTail + "eliminated K K\n"), 13);
  EXPECT_EQ(errorLine(kBoard + "order B K R Y G\nto_move B\neliminated B K R Y G\n"), 13);
  EXPECT_EQ(errorLine(kBoard + "order K B R Y G\nto_move B\n"), -1);  // any to_move is fine after placement
}

TEST(RingsFile, PlacementErrors) {
  const std::string board = "..........\n..........\n..........\n..........\n..........\n"
                            "....R.....\n..........\n..........\n.B........\n..........\n";
  // Black places second but has no ring while blue, third, has one: the
  // order line is blamed.
  EXPECT_EQ(errorLine(board + "order R K B Y G\nto_move K\n"), 11);
  EXPECT_EQ(errorLine(board + "order R Y K B G\nto_move Y\n"), 11);
  // Wrong player to place next.
  EXPECT_EQ(errorLine(board + "order R B K Y G\nto_move Y\n"), 12);
  // Trails before placement is over.
  std::string trail = board;
  trail[0] = 'b';
  EXPECT_EQ(errorLine(trail + "order R B K Y G\nto_move K\n"), 13);
  EXPECT_EQ(errorLine(board + "order R B K Y G\nto_move K\neliminated Y\n"), 13);
}

// What `games apply` prints (the position, then `result:`) and the board as
// `games play --no-color` draws it, with comments, read back as positions.
TEST(RingsFile, ReadsApplyOutputAndDrawnBoardsWithComments) {
  const State s = parsePosition(kBoard + kTail);
  EXPECT_EQ(parsePosition(formatPosition(s) + "result: " + resultText(s) + "\n"), s);
  std::string drawn = "\n     A  B  C  D  E  F  G  H  I  J   # file letters\n";
  const std::string rows = formatPosition(s);
  for (int r = 0; r < kSide; ++r) {
    const int rank = kSide - r;
    drawn += (rank < 10 ? "  " : " ") + std::to_string(rank) + " ";
    for (int c = 0; c < kSide; ++c) {
      const char ch = rows[r * (kSide + 1) + c];
      drawn += ch >= 'A' && ch <= 'Z' && c == 4 ? std::string("[") + ch + "]" : std::string(" ") + ch + " ";
    }
    drawn += "\033[0m " + std::to_string(rank) + "\n";
  }
  drawn += "     A  B  C  D  E  F  G  H  I  J\n";
  EXPECT_EQ(parsePosition(drawn + kTail + "# the end\n"), s) << drawn;
  EXPECT_EQ(errorLine(kBoard.substr(0, 10) + "  # ten squares\n" + kBoard.substr(11) + kTail), -1);
  std::string wrongRank = drawn;
  wrongRank.replace(wrongRank.find(" 10 "), 4, "  9 ");
  EXPECT_EQ(errorLine(wrongRank + kTail), 3);
}

TEST(RingsFile, MissingFileIsAnError) {
  EXPECT_THROW(readPositionFile("/nonexistent/rings.txt"), PositionError);
}

}  // namespace
}  // namespace rings
