// The reversible cycle list (cycle_list.h): written and read back, every
// line replayed, and every kind of bad line refused with its line number.
#include "nugget/cycles/cycle_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>

#include "nugget/aims/cycle_aims.h"
#include "nugget/cycles/reversible.h"
#include "nugget/symmetry.h"
#include "search/beam.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

const std::vector<CycleBoards>& two() {
  static const std::vector<CycleBoards> cycles = [] {
    ReversibleOptions o;
    o.cycles = 2;
    o.seed = 7;  // 2 cycles in 0.7 M nodes
    o.nodes = 60'000'000;
    return reversibleCycles(o).cycles;
  }();
  return cycles;
}

std::string errorOf(const std::string& text) {
  try {
    parseCycleList(text);
  } catch (const CycleListError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(CycleList, RoundTrip) {
  ASSERT_EQ(two().size(), 2u);
  const std::string text = formatCycleList(two());
  const auto back = parseCycleList("# a comment\n\n" + text);
  ASSERT_EQ(back.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(back[i].start.tiles, two()[i].start.tiles);
    EXPECT_EQ(back[i].start.face, Face::B);
    EXPECT_EQ(back[i].boards, two()[i].boards);
  }
  EXPECT_EQ(formatCycleList(back), text);
}

TEST(CycleList, BadLinesAreRefusedByLine) {
  const std::string good = formatCycleList({two()[0]});
  const std::string x = good.substr(0, good.find('|'));
  const std::string moves = good.substr(good.find('|') + 1);
  EXPECT_EQ(errorOf("# ok\nY 1 2\n"), "line 2: not a cycle (\"X t1 ... t49 | moves\"), a comment or a blank line");
  EXPECT_NE(errorOf(x + "\n").find("line 1: no '|'"), std::string::npos);
  EXPECT_NE(errorOf("X 1 2 3 |" + moves).find("line 1: the layout X"), std::string::npos);
  // A whole-line push needs p = 7; a short form is not full notation.
  EXPECT_NE(errorOf(x + "| P6\n").find("not a whole-line push"), std::string::npos);
  EXPECT_NE(errorOf(x + "| P\n").find("not a move in full notation"), std::string::npos);
  // One push left out: the B board no longer solves (or the A board does not come back).
  std::string cut = good;
  cut.erase(cut.rfind(' '));
  EXPECT_NE(errorOf(cut + "\n").find("line 1: the"), std::string::npos);
  // Read from a file, a bad line is named FILE:LINE.
  const std::string path = testing::TempDir() + "cycles-bad.txt";
  {
    std::ofstream f(path);
    f << good << "Y\n";
  }
  try {
    readCycleListFile(path);
    ADD_FAILURE() << "a bad line 2 was read";
  } catch (const CycleListError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ":2: not a cycle", 0), 0u) << e.what();
  }
  // X not solved on face A: a corner tile (white on face A where X is
  // solved) swapped with an inner one (coloured there).
  Board b = cycleEntry(two()[0]);
  std::swap(b.tiles[0], b.tiles[8]);
  ASSERT_FALSE(Board::fromTiles(b.tiles, Face::A).pos.solved());
  EXPECT_NE(errorOf("X " + tilesToString(b.tiles) + " |" + moves).find("not solved on face A"), std::string::npos);
}

// The aims' targets: every image of every cycle's X (the good set's level
// 0, its states with face A solved), nearest first by the aims' score; the
// entry they make plays board 1 into the cycle and round it.
TEST(CycleAims, ImagesRankedAndTheEntryIsTheCycle) {
  const GoodSet set = GoodSet::fromCycles(two());
  ASSERT_EQ(set.size(), 4u);
  const auto ranked = rankImages(Board::start().pos, set);
  ASSERT_EQ(ranked.size(), 16u);
  EXPECT_TRUE(std::is_sorted(ranked.begin(), ranked.end()));
  for (const CycleImage& im : ranked)
    EXPECT_EQ(im.score, TargetDistance(mapPosition(im.symmetry, set.members()[im.member].end))(Board::start().pos));
  CycleAimOptions o;
  o.target.width = 2000;
  o.polishWidth = 100;
  o.widen = 1;
  o.count = 2;
  CycleAims aims(Board::start(), set, o);
  EXPECT_EQ(aims.aims(), 2);
  AimsDone done;
  std::vector<AimReport> reports;
  int saves = 0;
  aims.run(done, {}, [&](const AimReport& r) { reports.push_back(r); }, [&](const AimsDone&) { ++saves; });
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(saves, 2);
  EXPECT_EQ(done.done, 2);
  const auto best = aims.best(done, {});
  ASSERT_TRUE(best) << "no aim reached a cycle at width 2000";
  const jcgn::Entry e = aims.chain(*best, 20);
  std::istringstream text(jcgn::toString(e, "test"));
  const jcgn::Verdict v = jcgn::verify(text);
  ASSERT_TRUE(v.ok) << v.reason;
  for (size_t b = 1; b < 20; ++b) EXPECT_EQ(e.boards[b].moves.size(), 14u);
  // Resumed after the first aim: the same kept aims, the same best.
  AimsDone half;
  CycleAims again(Board::start(), set, o);
  again.run(half, [&] { return half.done >= 1; }, {}, {});
  EXPECT_EQ(half.done, 1);
  again.run(half, {}, {}, {});
  EXPECT_EQ(half.kept, done.kept);
}

// Issue 59, item 5: hostile lists. A board of more than 99 moves (no
// jcgn-1 entry holds one) is refused at its line: a B board padded with 50
// pushes each undone by the push from the other end of its line still
// solves, so only the bound refuses it.
TEST(CycleList, ABoardOfMoreThan99MovesIsRefused) {
  CycleBoards c = two()[0];
  std::vector<Move> padded;
  for (int i = 0; i < 50; ++i) {
    const Move m = c.boards[0].front();
    padded.push_back(m);
    padded.push_back(Move{static_cast<uint8_t>(oppositeLabel(m.label)), m.p});
  }
  padded.insert(padded.end(), c.boards[0].begin(), c.boards[0].end());
  c.boards[0] = padded;
  const std::string line = formatCycleList({c});
  ASSERT_EQ(std::count(line.begin(), line.end(), '|'), 2) << "written in the general form";
  const std::string e = errorOf("# long\n" + line);
  EXPECT_NE(e.find("line 2: a board of " + std::to_string(padded.size()) + " moves, more than 99"), std::string::npos)
      << e;
}

// A repeated line is one cycle (1,000 copies made 8,000 identical aims).
TEST(CycleList, RepeatedLinesAreReadOnce) {
  const std::string a = formatCycleList({two()[0]}), b = formatCycleList({two()[1]});
  int duplicates = -1;
  const auto cycles = parseCycleList(a + b + a + "\n" + a + b, &duplicates);
  ASSERT_EQ(cycles.size(), 2u);
  EXPECT_EQ(duplicates, 3);
  EXPECT_EQ(formatCycleList(cycles), a + b);
}

// More than kMaxCycleLines cycle lines: refused at the first line past the
// bound, before any is replayed (a 70,000-line list spent 2.5 min ranking).
TEST(CycleList, ALongListIsRefusedAtTheBound) {
  const std::string a = formatCycleList({two()[0]});
  std::string text = "# many\n";
  for (int i = 0; i <= kMaxCycleLines; ++i) text += a;
  const std::string e = errorOf(text);
  EXPECT_EQ(e.rfind("line " + std::to_string(kMaxCycleLines + 2) + ": more than " + std::to_string(kMaxCycleLines) +
                        " cycles in the list",
                    0),
            0u)
      << e;
  text.erase(text.rfind("\nX ") + 1);
  EXPECT_EQ(parseCycleList(text).size(), 1u);
}

// A byte-order mark, a tab or a space where X should be: the error says which.
TEST(CycleList, ASlipAtTheStartOfALineIsNamed) {
  const std::string a = formatCycleList({two()[0]});
  EXPECT_NE(errorOf("\xEF\xBB\xBF" + a).find("line 1: not a cycle (\"X t1 ... t49 | moves\"), a comment or a blank "
                                             "line; it starts with a byte-order mark (bytes EF BB BF)"),
            std::string::npos);
  EXPECT_NE(errorOf("# x\n\t" + a).find("line 2: not a cycle (\"X t1 ... t49 | moves\"), a comment or a blank "
                                        "line; it starts with a tab"),
            std::string::npos);
  EXPECT_NE(errorOf(" " + a).find("; it starts with a space"), std::string::npos);
  EXPECT_NE(errorOf("X\t" + a.substr(2)).find("; a tab after X"), std::string::npos);
}

// The aims' ranking answers a stop: a long list (its good set) is ranked
// before the first aim (2.5 min for 70,000 lines, Ctrl-C ignored).
TEST(CycleAims, RankingTheImagesAnswersAStop) {
  const GoodSet set = GoodSet::fromCycles(two());
  std::atomic<bool> stop{true};
  CycleAimOptions o;
  o.target.stop = &stop;
  EXPECT_THROW(CycleAims(Board::start(), set, o), search::Stopped);
  stop = false;
  EXPECT_EQ(CycleAims(Board::start(), set, o).ranked().size(), rankImages(Board::start().pos, set).size());
}
