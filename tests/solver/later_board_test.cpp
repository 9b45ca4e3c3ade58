// solver/nugget/cycles/later_board.h: later boards of 12 moves (the floor),
// found backward from solved layouts, and the 2-board cycles through them.
// Every board is checked here again by the engine, apart from the search's
// own replay: its other face solved, 12 coloured tiles on its border (so
// no fewer than 12 moves can solve it), and its moves solving it.
#include <gtest/gtest.h>

#include <bit>

#include "nugget/cycles/cycle_list.h"
#include "nugget/cycles/good_set.h"
#include "nugget/cycles/later_board.h"
#include "nugget/tables/endgame.h"
#include "nugget/tables/prove.h"

namespace nugget::solve {
namespace {

void expectLaterBoard(const LaterBoard& b, int moves) {
  Board solvedFace = b.start;
  solvedFace.flip();
  EXPECT_TRUE(solvedFace.pos.solved()) << "the other face is not solved";
  EXPECT_EQ(std::popcount(b.start.pos.coloured() & kBorder), 12);
  EXPECT_EQ(static_cast<int>(b.moves.size()), moves);
  Board end = b.start;
  ASSERT_TRUE(playMoves(end, b.moves));
  EXPECT_TRUE(end.pos.solved());
}

TEST(LaterBoards, BelowTwelveThereIsNone) {
  // The floor: the search knows it at its root, and says the tree is done.
  LaterBoardOptions o;
  o.moves = 11;
  o.count = 0;
  const LaterBoardResult r = laterBoards(o);
  EXPECT_TRUE(r.found.empty());
  EXPECT_TRUE(r.complete);
}

TEST(LaterBoards, TwelveMovesOnBothFaces) {
  // Both questions of issue 46: face A solved and B to solve, and the faces
  // exchanged, each answered by a board of 12 moves.
  LaterBoardOptions o;
  o.moves = 12;
  o.count = 4;
  o.nodes = 50'000'000;
  const LaterBoardResult r = laterBoards(o);
  ASSERT_EQ(r.found.size(), 4u);
  EXPECT_FALSE(r.complete);
  bool a = false, b = false;
  for (const LaterBoard& l : r.found) {
    expectLaterBoard(l, 12);
    (l.start.face == Face::A ? a : b) = true;
  }
  EXPECT_TRUE(a);
  EXPECT_TRUE(b);
  EXPECT_GE(r.patterns, 2u);
  EXPECT_GE(r.leaves, r.patterns);
}

TEST(LaterBoards, TheProverAgrees) {
  // A second method: the exact search forward from the start (prove.h,
  // IDA* on an endgame table), told nothing, finds no solution below 12 and
  // one of 12.
  LaterBoardOptions o;
  o.count = 1;
  const LaterBoardResult r = laterBoards(o);
  ASSERT_FALSE(r.found.empty());
  TableSource s;
  s.useCache = false;
  const auto table = openEndgameTable(4, s);
  const ProveResult p = prove(r.found[0].start.pos, *table, ProveOptions{});
  ASSERT_TRUE(p.proven);
  EXPECT_EQ(p.upperBound, 12);
}

TEST(LaterBoards, TheNodeBoundAndTheCountHold) {
  LaterBoardOptions o;
  o.moves = 12;
  o.count = 0;
  o.nodes = 10'000;
  const LaterBoardResult r = laterBoards(o);
  EXPECT_EQ(r.nodes, 10'000u);
  EXPECT_FALSE(r.complete);
}

TEST(LaterCycles, ACycleOfTwelveMovesABoard) {
  // From the first later boards' ends the floor boards back (floorCycles,
  // good_set.h) find 2-board cycles of 12 + 12 moves; the cycle list writes
  // one (with its A board, not the B board backwards) and reads it back,
  // replaying it; the prover agrees that its boards take 12.
  LaterBoardOptions o;
  o.moves = 12;
  o.nodes = 50'000'000;
  const std::vector<CycleBoards> cycles = floorCycles(o, 2);
  ASSERT_EQ(cycles.size(), 2u);
  const CycleBoards& c = cycles[0];
  ASSERT_EQ(c.boards.size(), 2u);
  EXPECT_EQ(c.start.face, Face::B);
  EXPECT_EQ(c.moves(), 24);
  EXPECT_FALSE(sameCycle(cycles[0], cycles[1]));
  const std::string text = formatCycleList(cycles);
  EXPECT_EQ(std::count(text.begin(), text.end(), '|'), 4) << text;
  const std::vector<CycleBoards> back = parseCycleList(text);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].boards, c.boards);
  EXPECT_EQ(back[0].start.pos, c.start.pos);
  TableSource s;
  s.useCache = false;
  const auto table = openEndgameTable(4, s);
  Board b = c.start;
  ASSERT_TRUE(playMoves(b, c.boards[0]));
  b.flip();
  const ProveResult p = prove(b.pos, *table, ProveOptions{});
  ASSERT_TRUE(p.proven);
  EXPECT_EQ(p.upperBound, 12);
}

TEST(CycleListGeneral, AnABoardThatDoesNotComeBackIsRefused) {
  const std::string x =
      "X 2 16 26 12 36 6 10 14 35 11 15 47 13 18 34 29 31 49 5 23 20 22 1 37 19 33 43 42 28 17 7 3 9 21 38 30 27 "
      "45 41 39 25 46 32 40 44 8 4 24 48 | 46 J6 F7 S7 T7 K7 E7 I7 D7 27 37 57 | ";
  EXPECT_EQ(parseCycleList(x + "J6 L7 M7 R7 67 P7 Q7 45 B7 C7 57 K7\n").size(), 1u);
  try {
    parseCycleList(x + "J6 L7 M7 R7 67 P7 Q7 45 B7 C7 57\n");
    FAIL() << "an A board one move short was read";
  } catch (const CycleListError& e) {
    EXPECT_NE(std::string(e.what()).find("line 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace nugget::solve
