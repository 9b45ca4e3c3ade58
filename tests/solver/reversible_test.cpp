// Reversible 2-board cycles (reversible.h): every cycle built is checked here
// move by move against the rules, independently of the search that built it.
#include "nugget/reversible.h"

#include <gtest/gtest.h>

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
