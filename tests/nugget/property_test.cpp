// Property tests over thousands of random legal move sequences (fixed seed):
// the bitboard engine against a plain array model written from the rule
// text, undo, face consistency, hashing and move generation.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <unordered_map>

#include "nugget/board.h"

using namespace nugget;

namespace {

// ------------------------------------------------------------ array model
// Written from RULES.md alone: 49 tile numbers, the face shown, and the move
// done literally (take the farthest white off, shift, put it at position 1).
struct Model {
  std::array<int, 49> tile{};  // cell r*7+c -> tile number
  Face face = Face::A;

  bool white(int cell) const { return tileColour(tile[cell], face) == White; }

  // Cells of the force point's line, position 1 first.
  static std::array<int, 7> line(char label) {
    std::array<int, 7> cells{};
    for (int i = 0; i < 7; ++i) {
      int r, c;
      if (label >= '1' && label <= '7') {  // top: pushes column label-1 down
        c = label - '1';
        r = i;
      } else if (label >= 'A' && label <= 'G') {  // right: pushes row label-A left
        r = label - 'A';
        c = 6 - i;
      } else if (label >= 'H' && label <= 'N') {  // bottom: N column 0 ... H column 6, up
        c = 'N' - label;
        r = 6 - i;
      } else {  // left: U row 0 ... O row 6, right
        r = 'U' - label;
        c = i;
      }
      cells[i] = r * 7 + c;
    }
    return cells;
  }

  // p, or 0 when illegal.
  int farthestWhite(char label) const {
    const auto cells = line(label);
    int p = 0;
    for (int k = 1; k <= 7; ++k)
      if (white(cells[k - 1])) p = k;
    if (p == 0) return 0;  // no white tile
    bool colouredMoves = false;
    for (int k = 1; k < p; ++k) colouredMoves |= !white(cells[k - 1]);
    return colouredMoves ? p : 0;  // p = 1 or 1..p-1 all white: illegal
  }

  void move(char label) {
    const auto cells = line(label);
    const int p = farthestWhite(label);
    const int removed = tile[cells[p - 1]];                                    // 1. take it off
    for (int k = p; k >= 2; --k) tile[cells[k - 1]] = tile[cells[k - 2]];      // 2. shift 1..p-1
    tile[cells[0]] = removed;                                                  // 3. put it at 1
  }
};

const std::string kLabelOrder = "1234567ABCDEFGHIJKLMNOPQRSTU";

Tiles toTiles(const Model& m) {
  Tiles t{};
  for (int i = 0; i < 49; ++i) t[i] = static_cast<uint8_t>(m.tile[i]);
  return t;
}

// A random start: board 1, or a random permutation on a random face.
Model randomStart(std::mt19937_64& rng) {
  Model m;
  for (int i = 0; i < 49; ++i) m.tile[i] = i + 1;
  if (rng() % 4 != 0) std::shuffle(m.tile.begin(), m.tile.end(), rng);
  m.face = rng() % 2 ? Face::A : Face::B;
  return m;
}

void expectSameLegalMoves(const Board& b, const Model& m) {
  const MoveList list = b.pos.legalMoves();
  std::vector<std::pair<char, int>> engine, model;
  for (Move mv : list) engine.emplace_back(labelChar(mv.label), mv.p);
  for (char ch : kLabelOrder)
    if (int p = m.farthestWhite(ch)) model.emplace_back(ch, p);
  ASSERT_EQ(engine, model);  // same labels, same p, label order
  for (int label = 0; label < kLabels; ++label)
    ASSERT_EQ(b.pos.farthestWhite(label), m.farthestWhite(labelChar(label)));
}

constexpr int kSequences = 3000;
constexpr int kMaxLength = 60;

}  // namespace

TEST(Property, EngineAgreesWithArrayModel) {
  std::mt19937_64 rng(20240611);
  long moves = 0;
  for (int s = 0; s < kSequences; ++s) {
    Model m = randomStart(rng);
    Board b = Board::fromTiles(toTiles(m), m.face);
    const int length = 1 + static_cast<int>(rng() % kMaxLength);
    for (int i = 0; i < length; ++i) {
      expectSameLegalMoves(b, m);
      if (::testing::Test::HasFatalFailure()) return;
      const MoveList list = b.pos.legalMoves();
      if (list.size == 0) break;
      if (rng() % 16 == 0) {  // now and then turn the tiles over, as between boards
        b.flip();
        m.face = other(m.face);
        continue;
      }
      const Move mv = list[static_cast<int>(rng() % list.size)];
      m.move(labelChar(mv.label));
      b.apply(mv);
      ++moves;
      ASSERT_EQ(b.tiles, toTiles(m)) << "sequence " << s << " move " << i << " " << mv.full();
      // Both faces of the bitboards follow the tile table.
      ASSERT_EQ(b.pos, Position::fromTiles(b.tiles, b.face));
      ASSERT_EQ(b.pos.solved(), Board::fromTiles(b.tiles, b.face).pos.solved());
    }
  }
  EXPECT_GT(moves, 50000);
}

TEST(Property, UndoRestoresTheState) {
  std::mt19937_64 rng(7);
  for (int s = 0; s < kSequences; ++s) {
    Model m = randomStart(rng);
    Board b = Board::fromTiles(toTiles(m), m.face);
    const Board start = b;
    std::vector<Move> played;
    const int length = 1 + static_cast<int>(rng() % kMaxLength);
    for (int i = 0; i < length; ++i) {
      const MoveList list = b.pos.legalMoves();
      if (list.size == 0) break;
      // Every legal move from here is undone exactly.
      for (Move mv : list) {
        Board c = b;
        c.apply(mv);
        c.undo(mv);
        ASSERT_EQ(c.tiles, b.tiles) << mv.full();
        ASSERT_EQ(c.pos, b.pos) << mv.full();
        Position p = b.pos;
        p.apply(mv);
        ASSERT_NE(p, b.pos) << "a legal move changes the colours: " << mv.full();
        p.undo(mv);
        ASSERT_EQ(p, b.pos) << mv.full();
      }
      const Move mv = list[static_cast<int>(rng() % list.size)];
      b.apply(mv);
      played.push_back(mv);
    }
    // The whole sequence undone in reverse order gives the start back.
    for (auto it = played.rbegin(); it != played.rend(); ++it) b.undo(*it);
    ASSERT_EQ(b.tiles, start.tiles);
    ASSERT_EQ(b.pos, start.pos);
  }
}

TEST(Property, HashEqualForEqualPositions) {
  std::mt19937_64 rng(99);
  std::unordered_map<uint64_t, Position> seen;
  long equalPairs = 0;
  for (int s = 0; s < 1000; ++s) {
    Model m = randomStart(rng);
    Board b = Board::fromTiles(toTiles(m), m.face);
    for (int i = 0; i < 30; ++i) {
      const MoveList list = b.pos.legalMoves();
      if (list.size == 0) break;
      b.apply(list[static_cast<int>(rng() % list.size)]);
      // The same colours built another way hash the same.
      const Position rebuilt = Position::fromTiles(b.tiles, b.face);
      ASSERT_EQ(rebuilt.hash(), b.pos.hash());
      // Swapping two tiles with equal colour pairs changes nothing.
      Tiles t = b.tiles;
      for (int x = 0; x < kCells; ++x)
        for (int y = x + 1; y < kCells; ++y)
          if (tileColour(t[x], Face::A) == tileColour(t[y], Face::A) &&
              tileColour(t[x], Face::B) == tileColour(t[y], Face::B) && t[x] != t[y]) {
            std::swap(t[x], t[y]);
            x = y = kCells;
          }
      ASSERT_EQ(Position::fromTiles(t, b.face).hash(), b.pos.hash());
      auto [it, fresh] = seen.emplace(b.pos.hash(), b.pos);
      if (!fresh) {
        ASSERT_EQ(it->second, b.pos) << "hash collision between different positions";
        ++equalPairs;
      }
    }
  }
  // Different positions hash differently in this sample, and the flip matters.
  Position p = Board::start().pos, q = p;
  q.flip();
  EXPECT_NE(p.hash(), q.hash());
  EXPECT_NE(p.shownHash(), q.shownHash());
  (void)equalPairs;
}

TEST(Property, ShownHashIgnoresTheHiddenFaceOnly) {
  // Swapping two tiles with the same shown colour but different hidden ones
  // changes hash() but not shownHash(); changing a shown colour changes both.
  const Board start = Board::start();
  // Tiles 2 and 4 are both white on face A; on face B, 2 is white, 4 yellow.
  Tiles t = startTiles();
  std::swap(t[1], t[3]);
  const Position swapped = Position::fromTiles(t, Face::A);
  EXPECT_NE(swapped.hash(), start.pos.hash());
  EXPECT_EQ(swapped.shownHash(), start.pos.shownHash());
  Tiles u = startTiles();
  std::swap(u[0], u[1]);  // tile 1 is yellow on A, tile 2 white
  EXPECT_NE(Position::fromTiles(u, Face::A).shownHash(), start.pos.shownHash());
}

TEST(Property, LegalMovesAlwaysMoveAColouredTile) {
  // From random states: every listed move shifts at least one coloured tile
  // and its p is the position of the farthest white.
  std::mt19937_64 rng(3);
  for (int s = 0; s < 2000; ++s) {
    Model m = randomStart(rng);
    const Board b = Board::fromTiles(toTiles(m), m.face);
    for (Move mv : b.pos.legalMoves()) {
      ASSERT_GE(mv.p, 2);
      ASSERT_EQ(b.pos.colourAt(lineCell(mv.label, mv.p)), White);
      for (int k = mv.p + 1; k <= 7; ++k) ASSERT_NE(b.pos.colourAt(lineCell(mv.label, k)), White);
      bool coloured = false;
      for (int k = 1; k < mv.p; ++k) coloured |= b.pos.colourAt(lineCell(mv.label, k)) != White;
      ASSERT_TRUE(coloured);
    }
  }
}
