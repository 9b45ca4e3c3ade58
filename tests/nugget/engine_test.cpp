#include <gtest/gtest.h>

#include "nugget/board.h"

using namespace nugget;

TEST(Engine, WorkedExample) {
  Board b = Board::start();
  std::string played;
  for (const char* m : {"P", "5", "L"}) {
    Move mv;
    ASSERT_FALSE(b.play(*parseMove(m), &mv).has_value()) << m;
    played += mv.full() + " ";
  }
  EXPECT_EQ(played, "P7 54 L6 ");
  EXPECT_EQ(tilesToString(b.tiles),
            "1 2 3 4 26 6 7 8 9 17 11 5 13 14 15 16 24 18 12 20 21 22 23 31 25 19 27 28 "
            "29 30 37 32 33 34 35 42 36 45 38 39 40 41 43 44 10 46 47 48 49");
  EXPECT_EQ(b.pos, Position::fromTiles(b.tiles, Face::A));
}

TEST(PlayMoves, PlaysMovesAsPlayedAndStopsAtTheFirstThatIsNot) {
  // The worked example of RULES.md: P7 54 L6 from the start.
  const std::vector<Move> example{{static_cast<uint8_t>(parseMove("P")->label), 7},
                                  {static_cast<uint8_t>(parseMove("5")->label), 4},
                                  {static_cast<uint8_t>(parseMove("L")->label), 6}};
  Board b = Board::start();
  EXPECT_TRUE(playMoves(b, example));
  Position p = Board::start().pos;
  EXPECT_TRUE(playMoves(p, example));
  EXPECT_EQ(p.plane, b.pos.plane);
  // A wrong p (L5 where the farthest white is at 6) stops there.
  std::vector<Move> wrong = example;
  wrong[2].p = 5;
  Board c = Board::start();
  EXPECT_FALSE(playMoves(c, wrong));
  // p = 0 or 1 is never a move.
  Position q = Board::start().pos;
  EXPECT_FALSE(playMoves(q, {Move{0, 0}}));
  EXPECT_FALSE(playMoves(q, {Move{0, 1}}));
  EXPECT_EQ(q.plane, Board::start().pos.plane);
}

// The hot paths' colour masks (one expression a colour) are colourMask() of
// every colour, on both faces, along a walk that turns the tiles over.
TEST(Position, ColourMasksAreColourMaskOfEachColour) {
  Position p = Board::start().pos;
  for (int i = 0; i < 200; ++i) {
    if (i % 17 == 16) p.flip();
    for (int face = 0; face < 2; ++face) {
      const auto masks = p.colourMasks(face);
      for (int c = 1; c <= kColours; ++c) ASSERT_EQ(masks[c - 1], p.colourMask(static_cast<Colour>(c), face)) << i;
    }
    const MoveList moves = p.legalMoves();
    p.apply(moves[(i * 7) % moves.size]);
  }
}
