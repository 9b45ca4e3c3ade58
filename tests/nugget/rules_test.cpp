// Every rule of RULES.md section 1, checked against the engine: the tile
// table, the start, force-point geometry, legality, notation and the goal.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <set>

#include "nugget/board.h"
#include "nugget/jcgn.h"
#include "test_util.h"

using namespace nugget;

namespace {

int borderColoured(const Board& b) { return std::popcount(b.pos.coloured() & kBorder); }
int innerColoured(const Board& b) { return std::popcount(b.pos.coloured() & kInner); }

// A permutation whose line at `label` shows, at positions 1..7 on face A, a
// white ('W') or coloured ('C') tile as `pattern` says.
Tiles arrangeLine(int label, const std::string& pattern) {
  std::vector<int> white, coloured;
  for (int t = 1; t <= kTiles; ++t) (tileColour(t, Face::A) == White ? white : coloured).push_back(t);
  Tiles tiles{};
  std::vector<bool> used(kTiles + 1), placed(kCells);
  for (int k = 1; k <= 7; ++k) {
    auto& pool = pattern[k - 1] == 'W' ? white : coloured;
    const int t = pool.back();
    pool.pop_back();
    tiles[lineCell(label, k)] = static_cast<uint8_t>(t);
    used[t] = true;
    placed[lineCell(label, k)] = true;
  }
  int next = 1;
  for (int cell = 0; cell < kCells; ++cell) {
    if (placed[cell]) continue;
    while (used[next]) ++next;
    tiles[cell] = static_cast<uint8_t>(next);
    used[next] = true;
  }
  return tiles;
}

}  // namespace

// ------------------------------------------------------------ tiles
TEST(Tiles, TableSpotChecks) {
  // A few rows of the table in RULES.md, read by hand.
  EXPECT_EQ(tileColour(1, Face::A), Yellow);
  EXPECT_EQ(tileColour(1, Face::B), White);
  EXPECT_EQ(tileColour(7, Face::A), Red);
  EXPECT_EQ(tileColour(7, Face::B), Yellow);
  EXPECT_EQ(tileColour(21, Face::A), Green);
  EXPECT_EQ(tileColour(21, Face::B), Yellow);
  EXPECT_EQ(tileColour(37, Face::A), Red);
  EXPECT_EQ(tileColour(37, Face::B), Red);
  EXPECT_EQ(tileColour(42, Face::A), White);
  EXPECT_EQ(tileColour(42, Face::B), Pink);
  EXPECT_EQ(tileColour(48, Face::A), White);
  EXPECT_EQ(tileColour(48, Face::B), White);
  EXPECT_EQ(tileColour(49, Face::A), Blue);
  EXPECT_EQ(tileColour(49, Face::B), Blue);
}

TEST(Tiles, BothOnlyANeitherCounts) {
  int both = 0, onlyA = 0, onlyB = 0, neither = 0;
  for (int t = 1; t <= kTiles; ++t) {
    const bool a = tileColour(t, Face::A) != White, b = tileColour(t, Face::B) != White;
    both += a && b;
    onlyA += a && !b;
    onlyB += !a && b;
    neither += !a && !b;
  }
  EXPECT_EQ(both, 13);
  EXPECT_EQ(onlyA, 12);
  EXPECT_EQ(onlyB, 12);
  EXPECT_EQ(neither, 12);
}

TEST(Tiles, FivePerColourOnEachFace) {
  for (Face f : {Face::A, Face::B}) {
    std::array<int, 6> count{};
    for (int t = 1; t <= kTiles; ++t) ++count[tileColour(t, f)];
    EXPECT_EQ(count[White], 24) << faceChar(f);
    for (int c = Yellow; c <= Green; ++c) EXPECT_EQ(count[c], 5) << faceChar(f) << " colour " << c;
  }
}

TEST(Tiles, ColourLetters) {
  for (int c = White; c <= Green; ++c) EXPECT_EQ(colourFromChar(colourChar(Colour(c))), Colour(c));
  EXPECT_FALSE(colourFromChar('X').has_value());
  EXPECT_FALSE(colourFromChar('y').has_value());
}

// ------------------------------------------------------------ start and flips
TEST(Start, RowMajorFaceATwelveOnTheBorder) {
  const Board b = Board::start();
  for (int i = 0; i < kCells; ++i) EXPECT_EQ(b.tiles[i], i + 1);
  EXPECT_EQ(b.face, Face::A);
  EXPECT_EQ(borderColoured(b), 12);
  EXPECT_EQ(innerColoured(b), 13);
  EXPECT_FALSE(b.pos.solved());
}

TEST(Start, EverySolvedBoardFlipsToTwelveOnTheBorder) {
  const auto v = jcgn::verifyFile(nugget::testing::examplePath());
  ASSERT_TRUE(v.ok) << v.reason;
  ASSERT_EQ(v.boards(), 20);
  for (int k = 1; k <= v.boards(); ++k) {
    Board b = Board::fromTiles(v.entry.boards[k - 1].final, faceOfBoard(k));
    ASSERT_TRUE(b.pos.solved()) << "board " << k;
    EXPECT_EQ(borderColoured(b), 0);
    b.flip();
    EXPECT_EQ(borderColoured(b), 12) << "board " << k;
    EXPECT_EQ(innerColoured(b), 13) << "board " << k;
    // Counted directly from the tile table as well.
    int border = 0;
    for (int cell = 0; cell < kCells; ++cell)
      border += (kBorder >> cell & 1) && tileColour(b.tiles[cell], faceOfBoard(k + 1)) != White;
    EXPECT_EQ(border, 12);
  }
}

TEST(Start, NextStartIsTheLastFinalFlipped) {
  const auto v = jcgn::verifyFile(nugget::testing::examplePath());
  ASSERT_TRUE(v.ok);
  const Board b = jcgn::nextStart(v.entry);
  EXPECT_EQ(b.face, Face::A);  // board 21 is odd
  EXPECT_EQ(b.tiles, v.entry.boards.back().final);
  EXPECT_EQ(b.pos, Position::fromTiles(b.tiles, Face::A));
  EXPECT_EQ(jcgn::nextStart(jcgn::Entry{}).tiles, startTiles());
}

// ------------------------------------------------------------ force points
TEST(ForcePoints, LabelsInOrder) {
  const std::string labels = "1234567ABCDEFGHIJKLMNOPQRSTU";
  ASSERT_EQ(labels.size(), size_t(kLabels));
  for (int i = 0; i < kLabels; ++i) {
    EXPECT_EQ(labelChar(i), labels[i]);
    EXPECT_EQ(labelFromChar(labels[i]), i);
  }
  for (char ch : std::string("089VWZabu -\x01")) EXPECT_FALSE(labelFromChar(ch).has_value()) << ch;
}

TEST(ForcePoints, HandCheckedLines) {
  // label -> cells of positions 1..7, read off the picture in RULES.md.
  const std::vector<std::pair<char, std::array<int, 7>>> cases = {
      {'1', {0, 7, 14, 21, 28, 35, 42}},   // top, column 0, down
      {'4', {3, 10, 17, 24, 31, 38, 45}},  // top, column 3, down
      {'7', {6, 13, 20, 27, 34, 41, 48}},  // top, column 6, down
      {'A', {6, 5, 4, 3, 2, 1, 0}},        // right, row 0, left
      {'D', {27, 26, 25, 24, 23, 22, 21}}, // right, row 3, left
      {'G', {48, 47, 46, 45, 44, 43, 42}}, // right, row 6, left
      {'H', {48, 41, 34, 27, 20, 13, 6}},  // bottom, column 6, up
      {'K', {45, 38, 31, 24, 17, 10, 3}},  // bottom, column 3, up
      {'N', {42, 35, 28, 21, 14, 7, 0}},   // bottom, column 0, up
      {'O', {42, 43, 44, 45, 46, 47, 48}}, // left, row 6, right
      {'R', {21, 22, 23, 24, 25, 26, 27}}, // left, row 3, right
      {'U', {0, 1, 2, 3, 4, 5, 6}},        // left, row 0, right
  };
  for (const auto& [ch, cells] : cases) {
    const int label = *labelFromChar(ch);
    for (int k = 1; k <= 7; ++k) EXPECT_EQ(lineCell(label, k), cells[k - 1]) << ch << " position " << k;
  }
}

TEST(ForcePoints, AllTwentyEightFollowThePicture) {
  for (int label = 0; label < kLabels; ++label) {
    const char ch = labelChar(label);
    for (int k = 1; k <= 7; ++k) {
      const int cell = lineCell(label, k), r = cell / 7, c = cell % 7;
      if (ch >= '1' && ch <= '7') {  // top: column ch-1, from row 0 down
        EXPECT_EQ(c, ch - '1');
        EXPECT_EQ(r, k - 1);
      } else if (ch >= 'A' && ch <= 'G') {  // right: row ch-A, from column 6 left
        EXPECT_EQ(r, ch - 'A');
        EXPECT_EQ(c, 7 - k);
      } else if (ch >= 'H' && ch <= 'N') {  // bottom: N is column 0, H column 6, up
        EXPECT_EQ(c, 'N' - ch);
        EXPECT_EQ(r, 7 - k);
      } else {  // left: U is row 0, O row 6, right
        EXPECT_EQ(r, 'U' - ch);
        EXPECT_EQ(c, k - 1);
      }
    }
    EXPECT_EQ(isRowLabel(label), !(ch >= '1' && ch <= '7') && !(ch >= 'H' && ch <= 'N')) << ch;
  }
}

namespace {
// Plays one move from the start and returns its full notation and the tiles
// of its line listed from position 1.
std::pair<std::string, std::vector<int>> fromStart(const char* move) {
  Board b = Board::start();
  Move m;
  EXPECT_FALSE(b.play(*parseMove(move), &m).has_value()) << move;
  std::vector<int> line;
  for (int k = 1; k <= 7; ++k) line.push_back(b.tiles[lineCell(m.label, k)]);
  return {m.full(), line};
}
}  // namespace

TEST(ForcePoints, HandCheckedMovesFromTheStart) {
  // Row 0 from the right is 7R 6W 5P 4W 3B 2W 1Y: the farthest white is 2 at 6.
  EXPECT_EQ(fromStart("A"), (std::pair<std::string, std::vector<int>>{"A6", {2, 7, 6, 5, 4, 3, 1}}));
  // Column 0 from the top is 1Y 8W 15B 22W 29Y 36W 43G: farthest white 36 at 6.
  EXPECT_EQ(fromStart("1"), (std::pair<std::string, std::vector<int>>{"16", {36, 1, 8, 15, 22, 29, 43}}));
  // Column 6 from the bottom is 49B 42W 35Y 28W 21G 14W 7R.
  EXPECT_EQ(fromStart("H"), (std::pair<std::string, std::vector<int>>{"H6", {14, 49, 42, 35, 28, 21, 7}}));
  // Row 6 from the left is 43G 44W 45R 46W 47P 48W 49B.
  EXPECT_EQ(fromStart("O"), (std::pair<std::string, std::vector<int>>{"O6", {48, 43, 44, 45, 46, 47, 49}}));
  // Row 5 from the left ends in white 42: the whole line rotates.
  EXPECT_EQ(fromStart("P"), (std::pair<std::string, std::vector<int>>{"P7", {42, 36, 37, 38, 39, 40, 41}}));
  // Column 1 from the bottom is 44W 37R 30W 23G 16W 9P 2W: farthest white 2 at 7.
  EXPECT_EQ(fromStart("M"), (std::pair<std::string, std::vector<int>>{"M7", {2, 44, 37, 30, 23, 16, 9}}));
}

// ------------------------------------------------------------ legality
TEST(Legality, CasesFromTheRuleText) {
  struct Case {
    const char* pattern;  // positions 1..7, W white, C coloured (face A)
    int p;                // expected p, 0 = illegal
    const char* reason;
  };
  const Case cases[] = {
      {"CCCCCCC", 0, "the line has no white tile"},
      {"WCCCCCC", 0, "it would move no coloured tile"},  // p = 1
      {"WWWCCCC", 0, "it would move no coloured tile"},  // 1..p-1 all white
      {"WWWWWWW", 0, "it would move no coloured tile"},
      {"CWCCCCC", 2, nullptr},
      {"WCWCCCC", 3, nullptr},
      {"WWCWCCW", 7, nullptr},
      {"CCCCCCW", 7, nullptr},
      {"WWWWWCW", 7, nullptr},
  };
  for (int label = 0; label < kLabels; ++label) {
    for (const auto& c : cases) {
      Board b = Board::fromTiles(arrangeLine(label, c.pattern), Face::A);
      const std::string what = std::string(1, labelChar(label)) + " " + c.pattern;
      EXPECT_EQ(b.pos.farthestWhite(label), c.p) << what;
      const MoveList legal = b.pos.legalMoves();
      const bool listed = std::any_of(legal.begin(), legal.end(), [&](Move m) { return m.label == label; });
      EXPECT_EQ(listed, c.p != 0) << what;
      const Board before = b;
      auto err = b.play(MoveText{label, std::nullopt});
      if (c.p == 0) {
        ASSERT_TRUE(err.has_value()) << what;
        EXPECT_EQ(*err, c.reason) << what;
        EXPECT_EQ(b.tiles, before.tiles) << "an illegal move must leave the board unchanged";
        EXPECT_EQ(b.pos, before.pos);
      } else {
        EXPECT_FALSE(err.has_value()) << what;
      }
    }
  }
}

TEST(Legality, WrongPIsRejectedAndNamesTheRightOne) {
  Board b = Board::start();
  auto err = b.play(*parseMove("P5"));
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, "farthest white is at 7");
  EXPECT_EQ(b.tiles, startTiles());
  EXPECT_FALSE(b.play(*parseMove("P7")).has_value());
}

TEST(Legality, RotationOfTheSegmentOnly) {
  // Positions beyond p stay; 1..p rotates by one away from the force point.
  const int label = *labelFromChar('R');
  Board b = Board::fromTiles(arrangeLine(label, "CCWCWCC"), Face::A);
  std::vector<int> before;
  for (int k = 1; k <= 7; ++k) before.push_back(b.tiles[lineCell(label, k)]);
  Move m;
  ASSERT_FALSE(b.play(MoveText{label, std::nullopt}, &m).has_value());
  EXPECT_EQ(m.full(), "R5");
  const std::vector<int> expect = {before[4], before[0], before[1], before[2], before[3], before[5], before[6]};
  for (int k = 1; k <= 7; ++k) EXPECT_EQ(b.tiles[lineCell(label, k)], expect[k - 1]) << k;
}

// ------------------------------------------------------------ notation
TEST(Notation, ShortAndFullParseAndPrint) {
  auto s = parseMove("P");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->label, *labelFromChar('P'));
  EXPECT_FALSE(s->p.has_value());
  auto f = parseMove("54");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->label, 4);
  EXPECT_EQ(f->p, 4);
  const Move m{static_cast<uint8_t>(*labelFromChar('L')), 6};
  EXPECT_EQ(m.full(), "L6");
  EXPECT_EQ(m.shortName(), "L");
}

TEST(Notation, RoundTripAllLabelsAndPositions) {
  for (int label = 0; label < kLabels; ++label)
    for (int p = 1; p <= 7; ++p) {
      const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
      auto back = parseMove(m.full());
      ASSERT_TRUE(back) << m.full();
      EXPECT_EQ(back->label, label);
      EXPECT_EQ(back->p, p);
      auto shortBack = parseMove(m.shortName());
      ASSERT_TRUE(shortBack);
      EXPECT_EQ(shortBack->label, label);
      EXPECT_FALSE(shortBack->p);
    }
}

TEST(Notation, BadNotationRejected) {
  for (const char* bad : {"", "P0", "P8", "P9", "V", "V3", "p", "p7", "0", "8", "PP", "P77", " P", "P ", "P-",
                          "-P", "10", "AA1", "P7 ", "\xff", "P\x01"})
    EXPECT_FALSE(parseMove(bad).has_value()) << '"' << bad << '"';
  EXPECT_FALSE(parseMove(std::string_view("P\0", 2)).has_value());
}

TEST(Notation, TilesParseAndPrint) {
  const Tiles t = startTiles();
  EXPECT_EQ(parseTiles(tilesToString(t)), t);
  std::string err;
  EXPECT_FALSE(parseTiles("1 2 3", &err));
  EXPECT_EQ(err, "49 tile numbers needed, got 3");
  Tiles twice = t;
  twice[0] = 2;  // "2 2 3 ..."
  const std::string dup = tilesToString(twice);
  EXPECT_FALSE(parseTiles(dup, &err));
  EXPECT_EQ(err, "tile numbers repeat (not a permutation of 1..49)");
  EXPECT_FALSE(parseTiles(tilesToString(t) + " 50", &err));
  EXPECT_FALSE(parseTiles("0 " + tilesToString(t).substr(2), &err));
  EXPECT_FALSE(parseTiles("99999999999999999999 " + tilesToString(t).substr(2), &err));
  EXPECT_EQ(err.rfind("bad tile number", 0), 0u) << err;
}

// ------------------------------------------------------------ goal
namespace {

// Tiles showing, on face f, the stripe layout: inner row (or column) i holds
// colour order[i]; white tiles fill the border.
Tiles stripes(const std::array<int, 5>& order, bool horizontal, Face f) {
  std::array<std::vector<int>, 6> byColour;
  for (int t = 1; t <= kTiles; ++t) byColour[tileColour(t, f)].push_back(t);
  Tiles tiles{};
  for (int r = 0; r < 7; ++r)
    for (int c = 0; c < 7; ++c) {
      const bool inner = r >= 1 && r <= 5 && c >= 1 && c <= 5;
      const int colour = inner ? order[(horizontal ? r : c) - 1] : White;
      tiles[r * 7 + c] = static_cast<uint8_t>(byColour[colour].back());
      byColour[colour].pop_back();
    }
  return tiles;
}

}  // namespace

TEST(Goal, All240StripeLayoutsAreSolved) {
  for (Face f : {Face::A, Face::B}) {
    std::set<uint64_t> layouts;
    std::array<int, 5> order = {Yellow, Blue, Pink, Red, Green};
    int n = 0;
    do {
      for (bool horizontal : {true, false}) {
        const Tiles t = stripes(order, horizontal, f);
        ASSERT_TRUE(isPermutation(t));
        const Board b = Board::fromTiles(t, f);
        EXPECT_TRUE(b.pos.solved());
        EXPECT_EQ(b.pos.solvedHorizontal(), horizontal);
        EXPECT_EQ(b.pos.solvedVertical(), !horizontal);
        // Only the shown face's colours: hash that face alone.
        layouts.insert(b.pos.shownHash());
        ++n;
      }
    } while (std::next_permutation(order.begin(), order.end()));
    EXPECT_EQ(n, 240);
    EXPECT_EQ(layouts.size(), 240u) << "the 240 layouts are distinct";
  }
}

TEST(Goal, NearMissesAreNotSolved) {
  std::array<int, 5> order = {Red, Yellow, Green, Blue, Pink};
  for (bool horizontal : {true, false}) {
    const Tiles solved = stripes(order, horizontal, Face::A);
    ASSERT_TRUE(Board::fromTiles(solved, Face::A).pos.solved());
    // A coloured tile swapped with a white border tile: not solved, wherever.
    for (int in : {8, 12, 24, 36, 40})
      for (int out : {0, 3, 6, 21, 27, 42, 45, 48}) {
        Tiles t = solved;
        std::swap(t[in], t[out]);
        EXPECT_FALSE(Board::fromTiles(t, Face::A).pos.solved()) << in << "<->" << out;
      }
    // Two inner tiles of different colours swapped: not solved.
    for (int a = 0; a < kCells; ++a)
      for (int b = a + 1; b < kCells; ++b) {
        if (!(kInner >> a & 1) || !(kInner >> b & 1)) continue;
        Tiles t = solved;
        std::swap(t[a], t[b]);
        const bool sameColour = tileColour(t[a], Face::A) == tileColour(t[b], Face::A);
        EXPECT_EQ(Board::fromTiles(t, Face::A).pos.solved(), sameColour) << a << "<->" << b;
      }
    // The same layout read on the other face is not solved.
    EXPECT_FALSE(Board::fromTiles(solved, Face::B).pos.solved());
  }
}

TEST(Goal, StripesMustBeSingleColourWholeLines) {
  // Vertical stripes with one inner row rotated by one cell: all coloured
  // tiles are still inside, but no line is single-coloured any more.
  const Tiles solved = stripes({Yellow, Blue, Pink, Red, Green}, false, Face::A);
  Tiles t = solved;
  const uint8_t first = t[3 * 7 + 1];
  for (int c = 1; c < 5; ++c) t[3 * 7 + c] = t[3 * 7 + c + 1];
  t[3 * 7 + 5] = first;
  EXPECT_FALSE(Board::fromTiles(t, Face::A).pos.solved());
}

TEST(Moves, OppositeLabelIsTheOtherEndOfTheSameLine) {
  for (int label = 0; label < kLabels; ++label) {
    const int o = oppositeLabel(label);
    EXPECT_NE(o, label);
    EXPECT_EQ(oppositeLabel(o), label);
    for (int k = 1; k <= 7; ++k) EXPECT_EQ(lineCell(o, k), lineCell(label, 8 - k)) << labelChar(label) << " k " << k;
  }
}

// A whole-line push (p = 7) is undone on the other face by the opposite push
// exactly when the tile it carried to the near end is white there too (the
// reversible cycles, solver/nugget/cycles/reversible.h).
TEST(Moves, AWholeLinePushIsUndoneOnTheOtherFaceOnlyByAWhiteWhiteTile) {
  const Board start = Board::start();
  int undone = 0, notUndone = 0;
  for (int label = 0; label < kLabels; ++label) {
    if (start.pos.farthestWhite(label) != 7) continue;
    const int carried = start.tiles[static_cast<size_t>(lineCell(label, 7))];
    Board b = start;
    b.apply(Move{static_cast<uint8_t>(label), 7});
    b.flip();
    const int o = oppositeLabel(label);
    if (tileColour(carried, Face::B) == White) {
      ASSERT_EQ(b.pos.farthestWhite(o), 7) << labelChar(label);
      b.apply(Move{static_cast<uint8_t>(o), 7});
      b.flip();
      EXPECT_EQ(b.tiles, start.tiles) << labelChar(label);
      ++undone;
    } else {
      EXPECT_NE(b.pos.farthestWhite(o), 7) << labelChar(label);
      ++notUndone;
    }
  }
  EXPECT_GT(undone, 0);
  EXPECT_GT(notUndone, 0);
}
