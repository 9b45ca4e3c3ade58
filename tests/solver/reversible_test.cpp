// Reversible 2-board cycles (reversible.h): every cycle built is checked here
// move by move against the rules, independently of the search that built it.
#include "nugget/cycles/reversible.h"

#include <gtest/gtest.h>

#include "nugget/aims/cycle_aims.h"
#include "nugget/cycles/cycle_list.h"
#include "nugget/symmetry.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

ReversibleOptions small(uint64_t seed, int cycles) {
  ReversibleOptions o;
  o.cycles = cycles;
  o.seed = seed;
  o.nodes = 60'000'000;
  return o;
}

}  // namespace

TEST(Reversible, EveryCycleReplaysBothWaysAtFourteenPushes) {
  const ReversibleResult r = reversibleCycles(small(6, 4));
  ASSERT_EQ(r.cycles.size(), 4u) << "nodes " << r.nodes;
  for (const CycleBoards& c : r.cycles) {
    ASSERT_EQ(c.boards.size(), 2u);
    EXPECT_TRUE(c.lead.empty());
    // X: solved on face A, shown on face B as the B board's start.
    EXPECT_EQ(c.start.face, Face::B);
    Board x = c.start;
    x.flip();
    EXPECT_TRUE(x.pos.solved());
    Board b = c.start;
    for (const auto& moves : c.boards) {
      EXPECT_EQ(moves.size(), 14u);
      for (Move m : moves) {
        ASSERT_EQ(b.pos.farthestWhite(m.label), 7) << "a push that is not a whole-line rotation";
        b.apply(m);
      }
      EXPECT_TRUE(b.pos.solved());
      b.flip();
    }
    // Two boards later the B board starts again exactly where it did.
    EXPECT_EQ(b.tiles, c.start.tiles);
    EXPECT_EQ(b.face, Face::B);
    // The A board is the B board backwards, each push from the other end.
    for (size_t i = 0; i < c.boards[0].size(); ++i) {
      const Move f = c.boards[0][i], r2 = c.boards[1][c.boards[1].size() - 1 - i];
      EXPECT_EQ(isRowLabel(f.label), isRowLabel(r2.label));
      EXPECT_EQ(lineIndex(f.label), lineIndex(r2.label));
      EXPECT_NE(f.label, r2.label);
    }
    EXPECT_DOUBLE_EQ(c.mean(), 14.0);
  }
  // Distinct up to the 8 symmetries.
  for (size_t i = 0; i < r.cycles.size(); ++i)
    for (size_t j = i + 1; j < r.cycles.size(); ++j)
      EXPECT_NE(symmetricHash(r.cycles[i].start.pos), symmetricHash(r.cycles[j].start.pos));
}

TEST(Reversible, DeterministicForASeed) {
  const ReversibleResult a = reversibleCycles(small(7, 2)), b = reversibleCycles(small(7, 2));
  ASSERT_EQ(a.cycles.size(), b.cycles.size());
  EXPECT_EQ(a.nodes, b.nodes);
  for (size_t i = 0; i < a.cycles.size(); ++i) {
    EXPECT_EQ(a.cycles[i].start.tiles, b.cycles[i].start.tiles);
    EXPECT_EQ(a.cycles[i].boards, b.cycles[i].boards);
  }
}

TEST(Reversible, TwelvePushesCannotBringTwelveTilesIn) {
  // A push along an inner line can bring a tile in once; ten inner lines.
  ReversibleOptions o = small(1, 1);
  o.moves = 12;
  const ReversibleResult r = reversibleCycles(o);
  EXPECT_TRUE(r.cycles.empty());
}

TEST(Reversible, TheNodeLimitAndTheStopFlagEndIt) {
  ReversibleOptions o = small(1, 100);
  o.nodes = 1000;
  EXPECT_LE(reversibleCycles(o).nodes, 1001u);
  std::atomic<bool> stop{true};
  o.nodes = 60'000'000;
  o.stop = &stop;
  EXPECT_TRUE(reversibleCycles(o).cycles.empty());
}

// The exhaustive mode (reversible.h, strictBorderPushes), on a reduced
// bound: the subtrees of 12 pushes under two first pushes are searched whole
// and hold no cycle. The whole proofs (12: ~1 minute; 13: 512 M nodes, ~7
// minutes) are `nugget cycles --prove-none --moves 12|13` (results/README.md).
TEST(Reversible, TwelvePushesHoldNoCycleUnderTwoFirstPushes) {
  for (const std::vector<int>& first : {std::vector<int>{1, 2}, std::vector<int>{1, 9}, std::vector<int>{9, 3}}) {
    ReversibleOptions o;
    o.moves = 12;
    o.strictBorderPushes = 0;
    o.nodes = 0;
    o.prefix = first;
    const ReversibleResult r = reversibleCycles(o);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.fits, 0u);
    EXPECT_GT(r.nodes, 100u) << "the subtree under " << first[0] << " " << first[1] << " was not searched";
  }
  EXPECT_THROW(provedNone(14), std::invalid_argument);
}

// The same mode does not prune real cycles: led by the first 8 pushes of a
// cycle of 14 with 2 border pushes (one the mode found in session 22,
// results/logs/s22-revcycle-14-strict2.txt), it finds that cycle again
// (the same X up to the symmetries; its pushes may come in another order
// where two of them commute).
TEST(Reversible, TheExhaustiveModeFindsAKnownCycleAgain) {
  const auto known = parseCycleList(
      "X 48 36 44 24 26 16 40 8 27 47 7 41 25 32 30 17 5 31 19 21 46 4 29 33 37 15 23 38 28 35 39 45 49 43 22 42 1 "
      "9 11 3 13 20 14 18 34 10 12 6 2 | C7 47 T7 N7 L7 G7 27 P7 57 67 S7 D7 K7 Q7\n");
  ASSERT_EQ(known.size(), 1u);
  ReversibleOptions o;
  o.moves = 14;
  o.strictBorderPushes = 2;
  o.nodes = 0;
  o.cycles = 1000;
  for (size_t i = 0; i < 8; ++i) o.prefix.push_back(known[0].boards[0][i].label);
  const ReversibleResult r = reversibleCycles(o);
  EXPECT_TRUE(r.complete);
  EXPECT_GT(r.fits, 0u);
  bool again = false;
  for (const CycleBoards& c : r.cycles)
    again |= symmetricHash(cycleEntry(c).pos) == symmetricHash(cycleEntry(known[0]).pos);
  EXPECT_TRUE(again) << r.cycles.size() << " cycles, none with the known layout X";
}
