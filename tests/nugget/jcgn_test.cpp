// The jcgn-1 verifier (every class of fault, with its line number and
// message, generated from the valid example), what replays of a faulty
// entry, and the ranking rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>

#include "nugget/jcgn.h"
#include "test_util.h"

using namespace nugget;
using namespace nugget::testing;

namespace {

jcgn::Verdict check(const std::string& text) {
  std::istringstream in(text);
  return jcgn::verify(in);
}

// The example file, as lines. Line n (1-based) is lines[n-1]; board k is on
// line 2k and its final on line 2k+1.
class Verifier : public ::testing::Test {
 protected:
  void SetUp() override {
    text = readFile(examplePath());
    lines = splitLines(text);
    ASSERT_GE(lines.size(), 41u);
    ASSERT_EQ(lines[1].rfind("board 1 A ", 0), 0u);
    ASSERT_EQ(lines[2].rfind("final ", 0), 0u);
  }
  std::string& line(int n) { return lines[n - 1]; }
  // Token i (0-based) of line n, replaced.
  void setWord(int n, size_t i, const std::string& w) {
    auto ws = words(line(n));
    ASSERT_LT(i, ws.size());
    ws[i] = w;
    line(n) = unwords(ws);
  }
  jcgn::Verdict run() const { return check(joinLines(lines)); }
  void expectFault(int lineNo, const std::string& reason) const {
    const auto v = run();
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.line, lineNo);
    EXPECT_EQ(v.reason, reason);
  }
  std::string text;
  std::vector<std::string> lines;
};

}  // namespace

TEST_F(Verifier, AcceptsTheExample) {
  const auto v = jcgn::verifyFile(examplePath());
  ASSERT_TRUE(v.ok) << v.reason;
  EXPECT_EQ(v.boards(), 20);
  EXPECT_EQ(v.entry.totalMoves(), 543);
  EXPECT_NEAR(v.mean(), 27.15, 1e-12);
  EXPECT_EQ(v.message("x"), "valid: 20 boards, 543 moves, mean 27.1500");
  EXPECT_EQ(v.entry.movesPerBoard()[0], 36);
}

TEST_F(Verifier, WriterRoundTrip) {
  const auto v = check(text);
  ASSERT_TRUE(v.ok);
  const std::string written = jcgn::toString(v.entry, "a comment\nover two lines");
  const auto again = check(written);
  ASSERT_TRUE(again.ok) << again.reason;
  EXPECT_EQ(again.entry.movesPerBoard(), v.entry.movesPerBoard());
  EXPECT_EQ(jcgn::toString(again.entry), jcgn::toString(v.entry));
  // The board and final lines are written exactly as in the example.
  const auto out = splitLines(jcgn::toString(v.entry));
  for (int n = 2; n <= 41; ++n) EXPECT_EQ(out[n - 1], line(n)) << "line " << n;
}

TEST_F(Verifier, ToleratesCommentsBlankLinesCrlfBomAndTabs) {
  std::string t = "\xEF\xBB\xBF# jcgn-1\n\n   \n";
  for (const auto& l : lines) t += "\t" + l + "  \r\n# note\n";
  const auto v = check(t);
  EXPECT_TRUE(v.ok) << v.line << ": " << v.reason;
}

TEST_F(Verifier, WrongP) {
  setWord(2, 4, "H5");  // first move of board 1 is H6
  expectFault(2, "move 1 \"H5\": farthest white is at 6");
}

TEST_F(Verifier, WrongPLaterOnALaterBoard) {
  auto ws = words(line(6));  // board 3, move 2
  std::string m = ws[5];
  m[1] = m[1] == '7' ? '2' : '7';
  ws[5] = m;
  line(6) = unwords(ws);
  const auto v = run();
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.line, 6);
  EXPECT_EQ(v.reason.rfind("move 2 \"" + m + "\": ", 0), 0u) << v.reason;
  EXPECT_EQ(v.boards(), 2);  // boards read before the fault are kept
}

// What a reader can still show of a faulty entry: the boards accepted, then
// the board it fails in up to its first bad move.
TEST_F(Verifier, ReplayedBoardsStopAtTheFirstBadMove) {
  const size_t total = words(line(6)).size() - 4;  // board 3
  setWord(6, 5, "X5");                              // its move 2
  const auto v = run();
  ASSERT_FALSE(v.ok);
  const auto boards = jcgn::replayedBoards(v, line(6));
  ASSERT_EQ(boards.size(), 3u);
  EXPECT_EQ(boards[1].moves, v.entry.boards[1].moves);
  EXPECT_EQ(boards[2].start.tiles, jcgn::nextStart(v.entry).tiles);
  EXPECT_EQ(boards[2].moves.size(), 1u);
  EXPECT_EQ(boards[2].total, static_cast<int>(total));
  EXPECT_EQ(jcgn::replayedBoards(v, "").size(), 2u);  // the line unknown: the boards accepted
}

TEST_F(Verifier, ShortNotation) {
  setWord(2, 4, "H");
  expectFault(2, "move 1 \"H\": full notation needed (label and p)");
}

TEST_F(Verifier, UnknownMove) {
  setWord(2, 5, "X5");
  expectFault(2, "move 2 \"X5\": not a move");
  setWord(2, 5, "P0");
  expectFault(2, "move 2 \"P0\": not a move");
  setWord(2, 5, "P55");
  expectFault(2, "move 2 \"P55\": not a move");
}

TEST_F(Verifier, IllegalMove) {
  // Replay board 1 and put, at the first state that has an illegal label,
  // that label in place of the next move.
  auto ws = words(line(2));
  Board b = Board::start();
  for (size_t i = 4; i < ws.size(); ++i) {
    for (int label = 0; label < kLabels; ++label) {
      if (b.pos.farthestWhite(label) != 0) continue;
      const std::string bad = std::string(1, labelChar(label)) + "7";
      Board probe = b;
      const std::string why = *probe.play(*parseMove(bad));
      setWord(2, i, bad);
      expectFault(2, "move " + std::to_string(i - 3) + " \"" + bad + "\": " + why);
      EXPECT_TRUE(why == "the line has no white tile" || why == "it would move no coloured tile") << why;
      return;
    }
    ASSERT_FALSE(b.play(*parseMove(ws[i])).has_value());
  }
  FAIL() << "board 1 never reached a state with an illegal move";
}

TEST_F(Verifier, HandMadeBoardLines) {
  auto v = check("board 1 A 1 P6\n");
  EXPECT_EQ(v.line, 1);
  EXPECT_EQ(v.reason, "move 1 \"P6\": farthest white is at 7");
  v = check("\n# c\nboard 1 A 0\n");
  EXPECT_EQ(v.line, 3);
  EXPECT_EQ(v.reason, "board 1 not solved");
}

TEST_F(Verifier, BoardNotSolved) {
  auto ws = words(line(2));
  ws.pop_back();
  ws[3] = std::to_string(ws.size() - 4);
  line(2) = unwords(ws);
  expectFault(2, "board 1 not solved");
}

TEST_F(Verifier, FinalMismatch) {
  auto ws = words(line(5));  // final of board 2
  std::swap(ws[1], ws[2]);
  line(5) = unwords(ws);
  expectFault(5, "final does not match");
}

TEST_F(Verifier, FinalNotAPermutation) {
  auto ws = words(line(3));
  ws[2] = ws[1];
  line(3) = unwords(ws);
  expectFault(3, "final: tile numbers repeat (not a permutation of 1..49)");
}

TEST_F(Verifier, MissingFinal) {
  lines.erase(lines.begin() + 4);  // final of board 2 (line 5); board 3 is now on line 5
  expectFault(5, "board 2 has no final line");
}

TEST_F(Verifier, MissingFinalAtTheEnd) {
  lines.resize(40);  // board 20's line is the last: line 40
  expectFault(40, "board 20 has no final line");
}

TEST_F(Verifier, FinalWithoutBoard) {
  lines.insert(lines.begin() + 3, line(3));  // final of board 1 twice
  expectFault(4, "final line without a board line");
}

TEST_F(Verifier, BoardsOutOfOrder) {
  std::swap(lines[3], lines[5]);  // board 3 where board 2 belongs
  std::swap(lines[4], lines[6]);
  expectFault(4, "board 2 expected, got \"3\"");
}

TEST_F(Verifier, BoardNumberRepeated) {
  setWord(4, 1, "1");
  expectFault(4, "board 2 expected, got \"1\"");
}

TEST_F(Verifier, WrongFace) {
  setWord(4, 2, "A");
  expectFault(4, "board 2 shows face B, got \"A\"");
  setWord(4, 2, "B");
  setWord(6, 2, "b");
  expectFault(6, "board 3 shows face A, got \"b\"");
}

TEST_F(Verifier, WrongMoveCount) {
  setWord(2, 3, "35");
  expectFault(2, "move count says 35, line has 36");
  setWord(2, 3, "37");
  expectFault(2, "move count says 37, line has 36");
  setWord(2, 3, "-1");
  expectFault(2, "bad move count \"-1\"");
  setWord(2, 3, "x");
  expectFault(2, "bad move count \"x\"");
}

TEST_F(Verifier, MoreThan99Moves) {
  // 100 real tokens: the count rule is checked before any move is played.
  auto ws = words(line(2));
  while (ws.size() < 104) ws.push_back(ws[4]);
  ws[3] = "100";
  line(2) = unwords(ws);
  expectFault(2, "board 1 uses 100 moves, at most 99 allowed");
}

TEST_F(Verifier, NinetyNineMovesAreNotRefusedForTheirNumber) {
  // 99 moves pass the count rule (this one then fails on its first wrong p).
  auto ws = words(line(2));
  ws.resize(4);
  for (int i = 0; i < 99; ++i) ws.push_back("P1");
  ws[3] = "99";
  line(2) = unwords(ws);
  expectFault(2, "move 1 \"P1\": farthest white is at 7");
}

TEST_F(Verifier, FewerThan20Boards) {
  lines.resize(39);  // boards 1..19
  expectFault(39, "20 boards needed, got 19");
  lines.push_back("# a trailing comment does not move the line");
  expectFault(39, "20 boards needed, got 19");
  // Checkpoints may be partial.
  std::istringstream in(joinLines(lines));
  EXPECT_TRUE(jcgn::verify(in, true).ok);
}

TEST_F(Verifier, MoreThan200Boards) {
  // Needs 200 valid boards: a fixture written once by `nugget solve --boards 200
  // --beam-width 100 --endgame-depth 1 --threads 1` (mean 59.56, not a good entry).
  const std::string path = std::string(NUGGET_TEST_DATA) + "/long-200.jcgn";
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  auto long200 = splitLines(readFile(path));
  const auto v = check(joinLines(long200));
  ASSERT_TRUE(v.ok) << v.line << ": " << v.reason;
  ASSERT_EQ(v.boards(), 200);
  long200.push_back(line(2));  // any board line after 200 boards
  const auto w = check(joinLines(long200));
  EXPECT_FALSE(w.ok);
  EXPECT_EQ(w.line, static_cast<int>(long200.size()));
  EXPECT_EQ(w.reason, "more than 200 boards");
  EXPECT_EQ(w.boards(), 200);
  // Ranking across files of different lengths: the 20-board example (mean
  // 27.15) beats the 200-board fixture on the mean.
  std::string why;
  EXPECT_LT(jcgn::compare(check(text).entry.movesPerBoard(), v.entry.movesPerBoard(), &why), 0);
  EXPECT_EQ(why, "mean moves per board");
}

TEST_F(Verifier, BinaryJunk) {
  std::string junk;
  for (int i = 0; i < 3000; ++i) junk += static_cast<char>((i * 7919 + 13) % 256);
  const auto v = check(junk);
  EXPECT_FALSE(v.ok);
  EXPECT_GE(v.line, 1);
  EXPECT_FALSE(v.reason.empty());
  // Junk after valid lines is reported on its own line.
  lines.insert(lines.begin() + 3, "\x01\x02\xff\xfe board");
  expectFault(4, "unknown record \"????\"");
  // NUL bytes inside a move.
  setWord(2, 4, std::string("H\0", 2));
  const auto n = run();
  EXPECT_EQ(n.line, 2);
  EXPECT_EQ(n.reason, "move 1 \"H?\": not a move");
}

TEST_F(Verifier, HugeNumbers) {
  setWord(2, 1, "99999999999999999999999999");
  expectFault(2, "board 1 expected, got \"999999999999999999999999...\"");
  setWord(2, 1, "1");
  setWord(2, 3, "18446744073709551617");
  expectFault(2, "bad move count \"18446744073709551617\"");
  setWord(2, 3, "36");
  setWord(3, 5, "4294967297");
  expectFault(3, "final: bad tile number \"4294967297\"");
}

TEST_F(Verifier, OverlongLine) {
  line(2) += std::string(5000, ' ') + "x";
  expectFault(2, "line longer than 4096 characters");
}

TEST_F(Verifier, TruncatedLines) {
  const std::string board1 = line(2);
  line(2) = board1.substr(0, board1.size() / 2);  // cut in the middle of the move list
  auto v = run();
  EXPECT_EQ(v.line, 2);
  EXPECT_EQ(v.reason.rfind("move count says 36, line has ", 0), 0u) << v.reason;
  line(2) = "board 1 A";
  expectFault(2, "board line needs: board K FACE M moves...");
  line(2) = board1;
  line(3) = line(3).substr(0, line(3).rfind(' '));  // final with 48 numbers
  expectFault(3, "final: 49 tile numbers needed, got 48");
  line(3) = "final";
  expectFault(3, "final: 49 tile numbers needed, got 0");
  // The file cut off in the middle of the last line, without a newline.
  lines = splitLines(text);
  lines.resize(41);
  std::string t = joinLines(lines);
  t.resize(t.size() - 10);
  v = check(t);
  EXPECT_EQ(v.line, 41);
  EXPECT_EQ(v.reason.rfind("final: ", 0), 0u) << v.reason;
}

TEST_F(Verifier, EmptyFiles) {
  auto v = check("");
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.line, 1);
  EXPECT_EQ(v.reason, "20 boards needed, got 0");
  v = check("# only a comment\n\n");
  EXPECT_EQ(v.line, 1);
  EXPECT_EQ(v.reason, "20 boards needed, got 0");
}

TEST_F(Verifier, UnknownRecord) {
  lines.insert(lines.begin() + 1, "boards 1 A 0");
  expectFault(2, "unknown record \"boards\"");
}

TEST(VerifyFile, MissingFile) {
  const auto v = jcgn::verifyFile("/nonexistent/file.jcgn");
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.line, 0);
  EXPECT_EQ(v.reason, "cannot open: No such file or directory");
}

TEST(VerifyFile, Directory) {
  const auto v = jcgn::verifyFile(std::filesystem::temp_directory_path().string());
  EXPECT_FALSE(v.ok);
}

// ------------------------------------------------------------ ranking
TEST(Ranking, LowerMeanFirst) {
  std::string why;
  EXPECT_LT(jcgn::compare({20, 20}, {21, 21}, &why), 0);
  EXPECT_EQ(why, "mean moves per board");
  // A lower mean wins even with fewer boards.
  EXPECT_GT(jcgn::compare(std::vector<int>(40, 30), std::vector<int>(20, 29), &why), 0);
  EXPECT_EQ(why, "mean moves per board");
}

TEST(Ranking, MeansComparedExactly) {
  // 10/3 against 20/6: equal means (no rounding), so more boards wins.
  std::string why;
  EXPECT_GT(jcgn::compare({3, 3, 4}, {3, 3, 4, 3, 3, 4}, &why), 0);
  EXPECT_EQ(why, "number of boards solved");
  // 27.15 stored as a double is not exact, the comparison is: 543/20 vs 1086/40.
  std::vector<int> a(20, 27), b(40, 27);
  for (int i = 0; i < 3; ++i) a[i] = 28;
  for (int i = 0; i < 6; ++i) b[i] = 28;
  EXPECT_GT(jcgn::compare(a, b, &why), 0);
  EXPECT_EQ(why, "number of boards solved");
  // One move less in 200 boards still decides on the mean.
  std::vector<int> c(200, 30), d(200, 30);
  d[0] = 29;
  EXPECT_GT(jcgn::compare(c, d, &why), 0);
  EXPECT_EQ(why, "mean moves per board");
}

TEST(Ranking, MoreBoardsThenLastBoardThenTheOneBefore) {
  std::string why;
  EXPECT_LT(jcgn::compare(std::vector<int>(30, 20), std::vector<int>(20, 20), &why), 0);
  EXPECT_EQ(why, "number of boards solved");
  EXPECT_GT(jcgn::compare({10, 20}, {15, 15}, &why), 0);
  EXPECT_EQ(why, "moves on board 2 (the last)");
  EXPECT_LT(jcgn::compare({10, 30, 20, 15}, {10, 20, 30, 15}, &why), 0);
  EXPECT_EQ(why, "moves on board 3");
  EXPECT_LT(jcgn::compare({30, 10, 20, 15}, {20, 20, 20, 15}, &why), 0);
  EXPECT_EQ(why, "moves on board 2");
  EXPECT_LT(jcgn::compare({20, 10, 20, 15}, {10, 20, 20, 15}, &why), 0);
  EXPECT_EQ(why, "moves on board 2");
  EXPECT_GT(jcgn::compare({19, 11, 20}, {20, 10, 20}, &why), 0);
  EXPECT_EQ(why, "moves on board 2");
  EXPECT_LT(jcgn::compare({21, 10, 20}, {20, 11, 20}, &why), 0);
  EXPECT_EQ(why, "moves on board 2");
}

TEST(Ranking, FullTieAndSymmetry) {
  std::string why;
  EXPECT_EQ(jcgn::compare({12, 13, 14}, {12, 13, 14}, &why), 0);
  EXPECT_EQ(why, "full tie");
  const std::vector<std::vector<int>> entries = {
      {20, 20}, {21, 19}, {19, 21}, {20, 20, 20}, {15, 25, 20}, {40}, {10, 30}, {30, 10}, {20, 21}};
  for (const auto& a : entries)
    for (const auto& b : entries) {
      EXPECT_EQ(jcgn::compare(a, b), -jcgn::compare(b, a));
      for (const auto& c : entries) {  // transitive
        if (jcgn::compare(a, b) < 0 && jcgn::compare(b, c) < 0) {
          EXPECT_LT(jcgn::compare(a, c), 0);
        }
      }
    }
}

TEST_F(Verifier, RandomCorruptionsNeverCrashAndNameALine) {
  // Byte flips, deletions, insertions and cut-offs of the valid file: the
  // verifier must neither crash nor accept a changed entry without reason.
  std::mt19937_64 rng(4242);
  const std::string chars = "0123456789 ABCDEFGHIJKLMNOPQRSTU\n\t#-\r\x01\xff";
  int rejected = 0;
  for (int round = 0; round < 1500; ++round) {
    std::string t = text;
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !t.empty(); ++e) {
      const size_t at = rng() % t.size();
      switch (rng() % 4) {
        case 0: t[at] = chars[rng() % chars.size()]; break;
        case 1: t.erase(at, 1 + rng() % 8); break;
        case 2: t.insert(at, 1, chars[rng() % chars.size()]); break;
        case 3: t.resize(at); break;
      }
    }
    const auto v = check(t);
    if (v.ok) {
      // Only harmless edits may pass (comments, spacing): same moves as before.
      EXPECT_EQ(v.entry.movesPerBoard(), check(text).entry.movesPerBoard());
    } else {
      ++rejected;
      EXPECT_GE(v.line, 1);
      EXPECT_LE(v.line, static_cast<int>(std::count(t.begin(), t.end(), '\n')) + 1);
      EXPECT_FALSE(v.reason.empty());
    }
  }
  EXPECT_GT(rejected, 1000);
}
