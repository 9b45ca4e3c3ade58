// A chain that reaches the image of an earlier start under a board symmetry
// has closed a cycle (cycle.h, symmetry.h): it is detected, its whole turn
// is the base boards and their images, and the chain played on verifies.
#include <gtest/gtest.h>

#include <sstream>

#include "nugget/chain/enter_path.h"
#include "nugget/cycles/cycle.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/aims/target.h"
#include "cycle_fixture.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

Board startAfter(const std::vector<jcgn::BoardRecord>& boards) {
  return Board::fromTiles(boards.back().final, faceOfBoard(static_cast<int>(boards.size()) + 1));
}

}  // namespace

TEST(SymmetryCycle, ImageOfAnEarlierStartClosesACycleThatPlaysOnAndVerifies) {
  const auto v = jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  ASSERT_TRUE(v.ok);
  // An up-down mirror (order 2) and a quarter turn (order 4); the aims at the
  // other images from this start need wider beams than a test should.
  for (int g : {2, 6}) {  // a mirror (order 2) and a quarter turn (order 4)
    // Boards 1 and 2 as in the file; board 3 aimed to end at the image of
    // board 1's end, so board 4 starts as the image of board 2's start.
    std::vector<jcgn::BoardRecord> boards(v.entry.boards.begin(), v.entry.boards.begin() + 2);
    Board b1 = Board::start();
    ASSERT_TRUE(playMoves(b1, boards[0].moves));
    const Board s3 = startAfter(boards);
    TargetOptions opt;
    opt.width = 3000;
    const auto moves = solveToState(s3.pos, mapPosition(g, b1.pos), opt);
    ASSERT_TRUE(moves) << "symmetry " << g;
    Board b3 = s3;
    ASSERT_TRUE(playMoves(b3, *moves));
    boards.push_back({*moves, b3.tiles});
    ASSERT_EQ(startAfter(boards).pos, mapPosition(g, startAfter({boards[0]}).pos));

    const auto c = closedCycle(Board::start(), boards);
    ASSERT_TRUE(c) << "symmetry " << g;
    EXPECT_EQ(c->first, 2);
    EXPECT_EQ(c->base, 2);
    EXPECT_EQ(c->symmetry, g);
    EXPECT_EQ(c->period, 2 * order(g));
    EXPECT_EQ(c->moves, order(g) * static_cast<long>(boards[1].moves.size() + boards[2].moves.size()));

    // The whole turn comes back to its own start exactly (both faces).
    const CycleBoards turn = cycleBoards(Board::start(), boards, *c);
    ASSERT_EQ(static_cast<int>(turn.boards.size()), c->period);
    Board at = turn.start;
    for (const auto& m : turn.boards) {
      ASSERT_TRUE(playMoves(at, m));
      ASSERT_TRUE(at.pos.solved());
      at.flip();
    }
    EXPECT_EQ(at.pos, turn.start.pos);

    // Played on to 24 boards: the later boards are the images, and the file verifies.
    jcgn::Entry e;
    e.boards = boards;
    repeatCycle(e, *c, 24);
    ASSERT_EQ(e.boards.size(), 24u);
    EXPECT_EQ(e.boards[3].moves, mapMoves(g, boards[1].moves));
    EXPECT_EQ(e.boards[4].moves, mapMoves(g, boards[2].moves));
    std::istringstream in(jcgn::toString(e));
    const auto verdict = jcgn::verify(in);
    EXPECT_TRUE(verdict.ok) << verdict.message("entry");
  }
}

// Entering a cycle at the nearest images of its boards' ends: the image aims
// are made, the chain after an image aim plays the mapped cycle, and the
// result verifies and is never dearer than aiming at the ends alone.
TEST(SymmetryCycle, EnteringAimsAtImagesAndPlaysTheMappedCycle) {
  std::vector<jcgn::BoardRecord> boards;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards));
  const auto c = closedCycle(Board::start(), boards);
  ASSERT_TRUE(c);
  const std::vector<CycleBoards> path{cycleBoards(Board::start(), boards, *c)};
  const std::vector<jcgn::BoardRecord> prefix(boards.begin(), boards.begin() + 2);
  TargetOptions opt;
  opt.width = 2000;
  int aims = 0;
  const auto one = enterPath(Board::start(), prefix, path, 0, 14, opt, {}, 1);
  const auto two = enterPath(Board::start(), prefix, path, 0, 14, opt, [&](int, int, int) { ++aims; }, 3);
  EXPECT_EQ(aims, 3);  // one board of the turn shows face A, three images of its end
  ASSERT_TRUE(two);
  jcgn::Entry e;
  e.boards = *two;
  std::istringstream in(jcgn::toString(e));
  EXPECT_TRUE(jcgn::verify(in, true).ok);
  if (one) {
    jcgn::Entry f;
    f.boards = *one;
    EXPECT_LE(e.totalMoves(), f.totalMoves());
  }
  // Every board after the aimed one is an image of a cycle board, all by one symmetry.
  int g = -1;
  for (int h = 0; h < kSymmetries && g < 0; ++h)
    if ((*two)[3].moves == mapMoves(h, path[0].boards[0])) g = h;
  ASSERT_GE(g, 0);
  for (size_t n = 3; n < two->size(); ++n) EXPECT_EQ((*two)[n].moves, mapMoves(g, path[0].boards[(n - 3) % 2]));
}

TEST(SymmetryCycle, ACycleAndItsImageAreOneCycle) {
  std::vector<jcgn::BoardRecord> boards;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards));
  const CycleBoards cycle = cycleBoards(Board::start(), boards, *closedCycle(Board::start(), boards));
  for (int g = 0; g < kSymmetries; ++g) {
    const CycleBoards image = mapCycle(g, cycle);
    EXPECT_TRUE(sameCycle(cycle, image)) << g;
    EXPECT_EQ(image.moves(), cycle.moves());
    Board at = image.start;  // the image is a cycle of its own
    for (const auto& m : image.boards) {
      ASSERT_TRUE(playMoves(at, m));
      ASSERT_TRUE(at.pos.solved());
      at.flip();
    }
    EXPECT_EQ(at.pos, image.start.pos);
  }
}
