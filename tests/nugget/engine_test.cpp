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
