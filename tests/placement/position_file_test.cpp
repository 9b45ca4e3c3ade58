#include <gtest/gtest.h>

#include "placement/position_file.h"
#include "placement/shock.h"

using namespace placement;

namespace {
std::string errorOf(const std::string& text) {
  try {
    parsePosition(text);
  } catch (const PositionError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(PositionFile, ReadsTopRowFirstAndRoundTrips) {
  const std::string text =
      "# a comment\n"
      "o.......\n"
      "........\n"
      "\n"
      "........\n"
      "........\n"
      "........\n"
      "........\n"
      "........\n"
      ".......x\n"
      "to_move o\n";
  const auto pos = parsePosition(text);
  EXPECT_EQ(pos.board.size(), 8);
  EXPECT_EQ(pos.board.at(*parseSquare("A8", 8)), Colour::White);
  EXPECT_EQ(pos.board.at(*parseSquare("H1", 8)), Colour::Black);
  EXPECT_EQ(pos.toMove, Colour::White);
  const std::string written = formatPosition(pos.board, pos.toMove);
  const auto again = parsePosition(written);
  EXPECT_EQ(again.board, pos.board);
  EXPECT_EQ(formatPosition(again.board, again.toMove), written);
}

TEST(PositionFile, ErrorsNameTheLine) {
  const std::string rows7 = std::string(7, '.') + "\n";
  std::string bad;
  for (int i = 0; i < 8; ++i) bad += "........\n";
  EXPECT_NE(errorOf("........\n.......\n").find("line 2"), std::string::npos);
  EXPECT_NE(errorOf(bad + "to_move z\n").find("line 9"), std::string::npos);
  EXPECT_NE(errorOf("........\nhello\n").find("line 2"), std::string::npos);
  EXPECT_NE(errorOf(bad).find("missing `to_move"), std::string::npos);
  EXPECT_NE(errorOf("........\n........\nto_move o\n").find("square"), std::string::npos);
  EXPECT_NE(errorOf(bad + "to_move o\n........\n").find("line 10"), std::string::npos);
  EXPECT_NE(errorOf("to_move o\n").find("line 1"), std::string::npos);
  EXPECT_NE(errorOf("").find("no board"), std::string::npos);
  EXPECT_NE(errorOf(bad + "to_move o\nto_move x\n").find("line 10"), std::string::npos);
  EXPECT_THROW(readPositionFile("/nonexistent/position.txt"), PositionError);
}

TEST(PositionFile, GameChecksSize) {
  std::string seven;
  for (int i = 0; i < 7; ++i) seven += ".......\n";
  const auto pos = parsePosition(seven + "to_move o\n");
  EXPECT_THROW(ShockState::fromBoard(pos.board, pos.toMove), std::invalid_argument);
}

// stateOf: the game's own checks and the result line, named by the source.
TEST(PositionFile, StateOfChecksTheGameAndTheResultLine) {
  std::string empty;
  for (int i = 0; i < 8; ++i) empty += "........\n";
  EXPECT_EQ(stateOf<ShockState>(parsePosition(empty + "to_move o\nresult: ongoing\n")), ShockState(8));
  try {
    stateOf<ShockState>(parsePosition(empty + "to_move o\nresult: white wins\n"), "p.txt");
    ADD_FAILURE() << "a wrong result line was accepted";
  } catch (const PositionError& e) {
    EXPECT_STREQ(e.what(), "p.txt: 'result: white wins' but the position's result is 'ongoing'");
  }
  EXPECT_THROW(stateOf<ShockState>(parsePosition(empty + "to_move x\n")), PositionError);  // white moves first
}

// What `games apply` prints and the board as `games play` draws it (rank
// numbers, blanks between squares, O/X marking the last move, letters under
// it, colour codes), with inline comments, read back as positions.
TEST(PositionFile, ReadsApplyOutputAndDrawnBoardsWithComments) {
  Board b(8);
  b.put(*parseSquare("D4", 8), Colour::White);
  b.put(*parseSquare("E5", 8), Colour::Black);
  b.put(*parseSquare("A8", 8), Colour::White);
  const std::string apply = formatPosition(b, Colour::Black) + "result: ongoing\n";
  const auto fromApply = parsePosition(apply);
  EXPECT_EQ(fromApply.board, b);
  EXPECT_EQ(fromApply.result, "ongoing");
  std::string drawn = drawBoard(b) + "to_move x   # black to move\n";
  drawn.replace(drawn.find("x"), 1, "\033[1;7mX\033[0m");  // the last move, coloured
  const auto fromDrawn = parsePosition("# pasted from `games play`\n" + drawn);
  EXPECT_EQ(fromDrawn.board, b);
  EXPECT_EQ(fromDrawn.toMove, Colour::Black);
  EXPECT_TRUE(fromDrawn.result.empty());
  std::string wrongRank = drawBoard(b);
  wrongRank.replace(wrongRank.find(" 7 "), 3, " 6 ");
  EXPECT_NE(errorOf(wrongRank + "to_move x\n").find("line 2: row labelled 6 where rank 7 belongs"), std::string::npos)
      << errorOf(wrongRank + "to_move x\n");
  EXPECT_NE(errorOf(apply + "result: draw\n").find("second result"), std::string::npos);
}
