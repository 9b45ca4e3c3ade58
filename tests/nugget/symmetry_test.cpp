// The 8 board symmetries (symmetry.h) against the rules: each is a bijection
// of cells and labels, a group, and commutes with legality, moves, the goal
// and turning the tiles over, on random positions of random walks.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "nugget/board.h"
#include "nugget/symmetry.h"

using namespace nugget;

namespace {

std::vector<Position> randomPositions(uint32_t seed, int count) {
  std::mt19937 rng(seed);
  std::vector<Position> out;
  Position p = Board::start().pos;
  for (int i = 0; i < count; ++i) {
    const MoveList moves = p.legalMoves();
    p.apply(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size))]);
    if (i % 13 == 12) p.flip();
    out.push_back(p);
  }
  return out;
}

}  // namespace

TEST(Symmetry, CellsAndLabelsArePermutedAndTheIdentityIsZero) {
  for (int g = 0; g < kSymmetries; ++g) {
    std::set<int> cells, labels;
    for (int x = 0; x < kCells; ++x) cells.insert(mapCell(g, x));
    for (int l = 0; l < kLabels; ++l) labels.insert(mapLabel(g, l));
    EXPECT_EQ(cells.size(), static_cast<size_t>(kCells)) << g;
    EXPECT_EQ(labels.size(), static_cast<size_t>(kLabels)) << g;
  }
  for (int x = 0; x < kCells; ++x) EXPECT_EQ(mapCell(0, x), x);
  // The inner square and the corners stay where they are as sets.
  for (int g = 0; g < kSymmetries; ++g)
    for (int x = 0; x < kCells; ++x)
      EXPECT_EQ((kInner >> mapCell(g, x)) & 1, (kInner >> x) & 1) << g << " " << x;
}

TEST(Symmetry, FormTheDihedralGroupOfOrderEight) {
  std::set<std::vector<int>> distinct;
  int orders[5] = {};
  for (int g = 0; g < kSymmetries; ++g) {
    std::vector<int> image;
    for (int x = 0; x < kCells; ++x) image.push_back(mapCell(g, x));
    distinct.insert(image);
    EXPECT_EQ(compose(g, inverse(g)), 0);
    ++orders[order(g)];
    for (int h = 0; h < kSymmetries; ++h)
      for (int x = 0; x < kCells; ++x) EXPECT_EQ(mapCell(compose(g, h), x), mapCell(g, mapCell(h, x)));
  }
  EXPECT_EQ(distinct.size(), 8u);
  // D4: the identity, five of order 2 (half turn, four reflections), two quarter turns.
  EXPECT_EQ(orders[1], 1);
  EXPECT_EQ(orders[2], 5);
  EXPECT_EQ(orders[4], 2);
}

TEST(Symmetry, LegalMovesMapToLegalMovesWithTheSameP) {
  for (const Position& p : randomPositions(5, 400))
    for (int g = 0; g < kSymmetries; ++g) {
      const Position q = mapPosition(g, p);
      for (int l = 0; l < kLabels; ++l) ASSERT_EQ(q.farthestWhite(mapLabel(g, l)), p.farthestWhite(l)) << g << " " << l;
      ASSERT_EQ(q.legalMoves().size, p.legalMoves().size);
    }
}

TEST(Symmetry, CommutesWithMovesFlipAndTheGoal) {
  std::mt19937 rng(9);
  for (const Position& p : randomPositions(6, 400))
    for (int g = 0; g < kSymmetries; ++g) {
      const MoveList moves = p.legalMoves();
      const Move m = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size))];
      Position a = p;
      a.apply(m);
      Position b = mapPosition(g, p);
      b.apply(mapMove(g, m));
      ASSERT_EQ(mapPosition(g, a), b);
      Position fa = mapPosition(g, p), fb = p;
      fa.flip();
      fb.flip();
      ASSERT_EQ(fa, mapPosition(g, fb));
      ASSERT_EQ(mapPosition(inverse(g), mapPosition(g, p)), p);
    }
}

TEST(Symmetry, SolvedLayoutsMapToSolvedLayoutsAndStripesTurn) {
  // A solved layout, reached by the rules' own test: stripes of one colour per inner row.
  Position solved;
  for (int r = 1; r <= 5; ++r)
    for (int c = 1; c <= 5; ++c)
      for (int j = 0; j < 3; ++j)
        if (r & (1 << j)) solved.plane[0][j] |= cellBit(r * kSide + c);
  ASSERT_TRUE(solved.solvedHorizontal());
  for (int g = 0; g < kSymmetries; ++g) {
    const Position q = mapPosition(g, solved);
    EXPECT_TRUE(q.solved()) << g;
    EXPECT_EQ(q.solvedVertical(), (g & 4) != 0) << g;  // a transpose turns rows into columns
  }
  // The worked example's moves, mapped, replay on the mapped start.
  Board b = Board::start();
  Position img = mapPosition(3, b.pos);
  for (const char* text : {"P7", "54", "L6"}) {
    const auto mt = parseMove(text);
    Move played;
    ASSERT_FALSE(b.play(*mt, &played).has_value());
    img.apply(mapMove(3, played));
  }
  EXPECT_EQ(mapPosition(3, b.pos), img);
}

TEST(Symmetry, SymmetricHashIsEqualForAllImagesAndOnlyThem) {
  for (const Position& p : randomPositions(8, 100)) {
    const uint64_t h = symmetricHash(p);
    for (int g = 0; g < kSymmetries; ++g) ASSERT_EQ(symmetricHash(mapPosition(g, p)), h);
    Position q = p;
    q.apply(q.legalMoves()[0]);
    bool image = false;
    for (int g = 0; g < kSymmetries; ++g) image = image || mapPosition(g, p) == q;
    if (!image) {
      EXPECT_NE(symmetricHash(q), h);
    }
  }
}

TEST(Symmetry, BitboardImagesMoveEveryCellAsMapCellDoes) {
  // mapBitboard's shifts and masks against the cell tables, bit by bit and
  // on random bitboards; bitboardImages gives the same 8 images.
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    const Bitboard b = i < kCells ? cellBit(i) : rng() & kFull;
    Bitboard all[kSymmetries];
    bitboardImages(b, all);
    for (int g = 0; g < kSymmetries; ++g) {
      Bitboard want = 0;
      for (int x = 0; x < kCells; ++x)
        if (b & cellBit(x)) want |= cellBit(mapCell(g, x));
      ASSERT_EQ(mapBitboard(g, b), want) << g << " " << b;
      ASSERT_EQ(all[g], want) << g << " " << b;
    }
  }
}
