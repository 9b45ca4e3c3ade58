// solver/nugget/cycles/floor_board.h and good_set.h: the boards of 12 moves
// (the floor) found forward and backward, and the good set built from the
// 12-move cycles level by level. Every board is replayed by the engine
// here, apart from the searches' own replays.
#include "nugget/cycles/good_set.h"

#include <gtest/gtest.h>

#include <sstream>

#include "nugget/cycles/floor_board.h"
#include "nugget/cycles/later_board.h"
#include "nugget/symmetry.h"
#include "search/parallel.h"

namespace nugget::solve {
namespace {

const std::vector<LaterBoard>& laterBoardsFound() {
  static const std::vector<LaterBoard> found = [] {
    LaterBoardOptions o;
    o.count = 12;
    return laterBoards(o).found;
  }();
  return found;
}

const std::vector<CycleBoards>& fourCycles() {
  static const std::vector<CycleBoards> cycles = [] {
    LaterBoardOptions o;
    o.nodes = 50'000'000;
    return floorCycles(o, 4);
  }();
  return cycles;
}

// Each solution replayed: 12 moves, each legal with its p, the end solved.
void expectFloorBoard(const Position& start, std::span<const Move> moves, const Position& end) {
  ASSERT_EQ(moves.size(), 12u);
  Position p = start;
  ASSERT_TRUE(playMoves(p, std::vector<Move>(moves.begin(), moves.end())));
  EXPECT_EQ(p, end);
  EXPECT_TRUE(end.solved());
}

TEST(FloorBoards, ForwardAndBackwardFindTheLaterBoards) {
  // A later board found backward from a solved layout (later_board.h) is a
  // 12-move solution of its start forward, and its start a predecessor of
  // its end backward: three searches, one answer.
  ASSERT_EQ(laterBoardsFound().size(), 12u);
  for (const LaterBoard& lb : laterBoardsFound()) {
    Position end = lb.start.pos;
    ASSERT_TRUE(playMoves(end, lb.moves));
    bool forward = false, backward = false;
    floorSolutions(lb.start.pos, [&](const Position& e, std::span<const Move> moves) {
      expectFloorBoard(lb.start.pos, moves, e);
      forward |= e == end;
      return true;
    });
    floorPredecessors(end, [&](const Position& s, std::span<const Move> moves) {
      expectFloorBoard(s, moves, end);
      Position solvedFace = s;
      solvedFace.flip();
      EXPECT_TRUE(solvedFace.solved());
      backward |= s == lb.start.pos;
      return true;
    });
    EXPECT_TRUE(forward);
    EXPECT_TRUE(backward);
    EXPECT_TRUE(hasFloorSolution(lb.start.pos));
  }
}

TEST(FloorBoards, NoneWhereTheRulesForbidIt) {
  // Board 1 needs at least 19 moves (results/optimality.md), though it has
  // 12 coloured tiles on its border: the search must find no 12.
  EXPECT_FALSE(hasFloorSolution(Board::start().pos));
  // A coloured tile in a corner never comes in: a later board's start with
  // a corner swapped for a coloured border tile has none.
  const LaterBoard& lb = laterBoardsFound()[0];
  Board b = lb.start;
  int coloured = -1;
  for (int c = 1; c < 6; ++c)
    if (b.pos.colourAt(c) != White) coloured = c;
  ASSERT_GE(coloured, 0);
  std::swap(b.tiles[0], b.tiles[static_cast<size_t>(coloured)]);
  EXPECT_FALSE(hasFloorSolution(Board::fromTiles(b.tiles, b.face).pos));
}

// Every member's board replays to the member it names, one level down (or
// along its cycle at level 0), the faces alternating; every image of a
// member is found as that member and image.
void expectConsistent(const GoodSet& set) {
  const auto& m = set.members();
  for (size_t i = 0; i < m.size(); ++i) {
    const GoodMember& x = m[i];
    ASSERT_GE(x.next, 0);
    const GoodMember& y = m[static_cast<size_t>(x.next)];
    EXPECT_EQ(y.level, x.level == 0 ? 0 : x.level - 1);
    EXPECT_NE(y.face, x.face);
    Position p = x.end;
    p.flip();
    ASSERT_TRUE(playMoves(p, x.moves));
    EXPECT_EQ(p, y.end);
    EXPECT_EQ(x.moves.size(), 12u);
    const int g = static_cast<int>(i % kSymmetries);
    const auto found = set.find(mapPosition(g, x.end));
    ASSERT_TRUE(found);
    EXPECT_EQ(found->member, static_cast<int32_t>(i));
    EXPECT_EQ(mapPosition(found->symmetry, x.end), mapPosition(g, x.end));
  }
}

TEST(GoodSet, LevelsReplayDownToTheCycles) {
  ASSERT_EQ(fourCycles().size(), 4u);
  GoodSet set = GoodSet::fromCycles(fourCycles());
  EXPECT_EQ(set.size(), 8u);
  EXPECT_FALSE(set.addCycle(fourCycles()[1]));  // the same cycle again
  GoodSetOptions o;
  o.levels = 3;
  std::vector<size_t> added;
  o.progress = [&](int, size_t n, size_t, uint64_t) { added.push_back(n); };
  EXPECT_GE(set.grow(o), 1);
  EXPECT_GT(set.size(), 8u);
  EXPECT_EQ(set.levelSize(0), 8u);
  EXPECT_EQ(set.levelSize(1), added.at(0));
  expectConsistent(set);
}

TEST(GoodSet, TheSameSetForOneAndTwoThreads) {
  auto build = [](int threads) {
    search::ThreadLimit limit(threads);
    GoodSet set = GoodSet::fromCycles(fourCycles());
    GoodSetOptions o;
    o.levels = 3;
    set.grow(o);
    return set;
  };
  const GoodSet one = build(1), two = build(2);
  ASSERT_EQ(one.size(), two.size());
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one.members()[i].end, two.members()[i].end);
    EXPECT_EQ(one.members()[i].moves, two.members()[i].moves);
  }
}

// Tiles for a position (shown face `face`): for every cell the lowest
// unused tile of its colour pair.
Tiles tilesOf(const Position& pos, Face face) {
  Tiles t{};
  std::array<bool, kTiles + 1> used{};
  for (int c = 0; c < kCells; ++c)
    for (int tile = 1; tile <= kTiles; ++tile)
      if (!used[static_cast<size_t>(tile)] && tileColour(tile, face) == pos.colourAt(c, 0) &&
          tileColour(tile, other(face)) == pos.colourAt(c, 1)) {
        used[static_cast<size_t>(tile)] = true;
        t[static_cast<size_t>(c)] = static_cast<uint8_t>(tile);
        break;
      }
  return t;
}

TEST(GoodSet, AChainFromTheDeepestMemberIsTwelvesIntoItsCycle) {
  // A chain standing at an image of a member of the highest level (board 1
  // given no moves: it starts there): every board after it replays (chain()
  // checks) in 12 moves, and the boards from level 0 on repeat every 2.
  GoodSet set = GoodSet::fromCycles(fourCycles());
  GoodSetOptions o;
  o.levels = 3;
  set.grow(o);
  int32_t deep = -1;
  for (size_t i = 0; i < set.size(); ++i)
    if (set.members()[i].face == Face::A &&
        (deep < 0 || set.members()[i].level > set.members()[static_cast<size_t>(deep)].level))
      deep = static_cast<int32_t>(i);
  ASSERT_GE(deep, 0);
  const int level = set.members()[static_cast<size_t>(deep)].level;
  ASSERT_GE(level, 1);
  const int g = 5;
  const Position at = mapPosition(g, set.members()[static_cast<size_t>(deep)].end);
  const Board start = Board::fromTiles(tilesOf(at, Face::A), Face::A);
  ASSERT_EQ(start.pos, at);
  const jcgn::Entry e = set.chain(start, {}, deep, g, 20);
  ASSERT_EQ(e.boards.size(), 20u);
  for (size_t k = 1; k < 20; ++k) EXPECT_EQ(e.boards[k].moves.size(), 12u);
  for (size_t k = static_cast<size_t>(level) + 1; k + 2 < 20; ++k) EXPECT_EQ(e.boards[k].moves, e.boards[k + 2].moves);
  // Board 1 that does not end at the member's image is refused.
  EXPECT_THROW(set.chain(Board::start(), {}, deep, g, 20), std::logic_error);
}

}  // namespace
}  // namespace nugget::solve
