// engine/nugget/position_list.h: the position list's reader, parser and
// writer (docs/formats/position-list.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "nugget/position_list.h"

namespace nugget {
namespace {

std::string boardOne() {
  std::string s;
  for (int t = 1; t <= 49; ++t) s += std::to_string(t) + " ";
  return s;
}

std::string errorOf(const std::string& text) {
  try {
    parsePositionList(text, "f.txt");
  } catch (const PositionListError& e) {
    return e.what();
  }
  return "";
}

TEST(PositionList, ReadsPositionsBoardsAndRefs) {
  const std::string text = "# two positions\n\n" + boardOne() + "A  # board 7 ref 40\n" + boardOne() + "B\n";
  const auto list = parsePositionList(text, "f.txt");
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].board, 7);
  EXPECT_EQ(list[0].ref, 40);
  EXPECT_EQ(list[0].start.face, Face::A);
  EXPECT_EQ(list[0].start.tiles, startTiles());
  EXPECT_EQ(list[1].board, 2);  // its rank among the positions
  EXPECT_EQ(list[1].ref, -1);
  EXPECT_EQ(list[1].start.face, Face::B);
}

TEST(PositionList, ErrorsNameTheLine) {
  EXPECT_EQ(errorOf("# nothing\n\n"), "f.txt: no positions");
  EXPECT_EQ(errorOf("\n1 2 3 A\n"), "f.txt:2: expected 49 tiles and a face (A or B), got 4 words");
  EXPECT_EQ(errorOf(boardOne() + "C\n"), "f.txt:1: face must be A or B, got \"C\"");
  std::string twice = boardOne();
  twice.replace(0, 2, "2 ");  // tile 2 twice, tile 1 missing
  EXPECT_NE(errorOf(twice + "A\n").rfind("f.txt:1: ", 0), std::string::npos);
}

TEST(PositionList, WriterReadsBack) {
  PositionLine p;
  p.board = 12;
  p.ref = 33;
  p.start = Board::fromTiles(startTiles(), Face::B);
  const std::string line = formatPositionLine(p);
  EXPECT_EQ(line, boardOne().substr(0, boardOne().size() - 1) + " B  # board 12 ref 33");
  const auto back = parsePositionList(line + "\n", "w");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].board, 12);
  EXPECT_EQ(back[0].ref, 33);
  EXPECT_EQ(back[0].start.tiles, p.start.tiles);
  EXPECT_EQ(back[0].start.face, Face::B);
}

// A file read by the bounded reader, then parsed; one that cannot be read
// is a PositionListError naming it (`nugget evaluate` exits 1 with it).
TEST(PositionList, ReadsAFileAndNamesOneItCannotRead) {
  const std::string path = testing::TempDir() + "position-list-test.txt";
  std::ofstream(path) << boardOne() << "B  # board 3\n";
  const auto list = readPositionList(path);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].board, 3);
  EXPECT_EQ(list[0].start.face, Face::B);
  std::remove(path.c_str());
  try {
    readPositionList(path);
    ADD_FAILURE() << "a missing file was read";
  } catch (const PositionListError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot read the position file " + path + ": cannot open: ", 0), 0u)
        << e.what();
  }
}

}  // namespace
}  // namespace nugget
