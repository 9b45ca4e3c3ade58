// The worked examples of RULES.md sections 2-4 and random-game invariants.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "game/game.h"
#include "placement/attract.h"
#include "placement/position_file.h"
#include "placement/shock.h"

using namespace placement;

static_assert(game::GameState<ShockState>);
static_assert(game::GameState<AttractState>);

namespace {

int sq(const char* name, int n = 8) {
  auto cell = parseSquare(name, n);
  EXPECT_TRUE(cell.has_value()) << name;
  return cell.value_or(0);
}

// Board from (square, colour) pairs, no attraction.
Board setUp(int n, std::initializer_list<const char*> white, std::initializer_list<const char*> black) {
  Board b(n);
  for (auto s : white) b.put(sq(s, n), Colour::White);
  for (auto s : black) b.put(sq(s, n), Colour::Black);
  return b;
}

std::set<std::string> squaresOf(const Board& b, Colour c) {
  std::set<std::string> out;
  b.pieces(c).forEach([&](int cell) { out.insert(squareName(cell)); });
  return out;
}

}  // namespace

TEST(Squares, NamesRoundTrip) {
  EXPECT_EQ(squareName(0), "A1");
  EXPECT_EQ(squareName(cellOf(7, 7)), "H8");
  EXPECT_EQ(squareName(cellOf(15, 15)), "P16");
  EXPECT_EQ(parseSquare("b2", 8), cellOf(1, 1));
  EXPECT_EQ(parseSquare("P16", 16), cellOf(15, 15));
  EXPECT_FALSE(parseSquare("I1", 8));
  EXPECT_FALSE(parseSquare("A9", 8));
  EXPECT_FALSE(parseSquare("A0", 8));
  EXPECT_FALSE(parseSquare("A01", 8));
  EXPECT_FALSE(parseSquare("", 8));
  EXPECT_FALSE(parseSquare("1A", 8));
}

TEST(AttractLine, OnlyPiecesBeyondTheFirstGapMove) {
  // new piece at 0; pieces at 2, 3, 5 -> 1, 2, 4
  uint32_t a = 0b101100, b = 0;
  a |= 1;
  attractLine(a, b, 8, 0);
  EXPECT_EQ(a, 0b10111u);
  // packed group touching the new piece stays
  uint32_t c = 0b1110, d = 0b10000;
  attractLine(c, d, 8, 4);
  EXPECT_EQ(c, 0b1110u);
  EXPECT_EQ(d, 0b10000u);
}

// RULES.md section 2: white B1; black B8 (B1 -> B2); white E2 (B2 -> C2);
// black B2 (B8 -> B7, E2 -> D2, C2 stays).
TEST(PlacementMove, WorkedExample8x8) {
  ShockState s(8);
  s.apply(sq("B1"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"B1"}));
  s.apply(sq("B8"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"B2"}));
  EXPECT_EQ(squaresOf(s.board(), Colour::Black), (std::set<std::string>{"B8"}));
  s.apply(sq("E2"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"C2", "E2"}));
  s.apply(sq("B2"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"C2", "D2"}));
  EXPECT_EQ(squaresOf(s.board(), Colour::Black), (std::set<std::string>{"B2", "B7"}));
  // The same sequence in Attract moves the same pieces: one shared move.
  AttractState a(8);
  for (auto m : {"B1", "B8", "E2", "B2"}) a.apply(sq(m));
  EXPECT_EQ(a.board(), s.board());
}

// The same move on a board of the analysis variant (4x4, state.h): white
// A1; black A4 (A1 -> A2); white D2 (A2 -> B2); black A2 (A4 -> A3, D2 ->
// C2, B2 stays: it touches the new piece).
TEST(PlacementMove, SmallBoardOfTheAnalysisVariant) {
  ShockState s(4, AnalysisVariant{});
  s.apply(sq("A1"));
  s.apply(sq("A4"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"A2"}));
  s.apply(sq("D2"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"B2", "D2"}));
  s.apply(sq("A2"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"B2", "C2"}));
  EXPECT_EQ(squaresOf(s.board(), Colour::Black), (std::set<std::string>{"A2", "A3"}));
  EXPECT_FALSE(s.isTerminal());  // 7 pieces each on 4x4: the game goes on
}

TEST(PlacementMove, RowAndColumnCopiesAgree) {
  std::mt19937 rng(7);
  for (int n : {3, 4, 8, 11, 16}) {
    Board b(n);
    for (int i = 0; i < n * n / 2; ++i) {
      uint8_t empties[kMaxCells];
      const int k = b.emptyCells(empties);
      b.place(Colour(i & 1), empties[rng() % k]);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
          for (Colour col : {Colour::White, Colour::Black})
            ASSERT_EQ(bool((b.rowBits(col, r) >> c) & 1), bool((b.colBits(col, c) >> r) & 1));
    }
  }
}

// RULES.md section 3: the final position of the original rules; white wins,
// credited with black's run of five A6-E6.
TEST(Shock, FinalPositionExampleWhiteWins) {
  const auto pos = parsePosition(
      "xoooxxx.\n"
      "ooxooxox\n"
      "xxxxxooo\n"
      "oxooxoox\n"
      "oooxoxoo\n"
      "oxxxooxx\n"
      "ooxoxoxx\n"
      ".xxxxoxo\n"
      "to_move o\n");
  EXPECT_EQ(pos.board.count(Colour::White), 31);
  EXPECT_EQ(pos.board.count(Colour::Black), 31);
  const auto s = ShockState::fromBoard(pos.board, pos.toMove);
  ASSERT_TRUE(s.isTerminal());
  EXPECT_EQ(s.outcome(), Outcome::WhiteWins);
  const RunCounts black = runsOf(s.board(), Colour::Black), white = runsOf(s.board(), Colour::White);
  EXPECT_EQ(black[5], 1);  // A6-E6
  for (int len = 5; len <= 8; ++len) EXPECT_EQ(white[len], 0) << len;
  for (int len = 6; len <= 8; ++len) EXPECT_EQ(black[len], 0) << len;
  EXPECT_EQ(s.returns()[0], 1.0);
  EXPECT_EQ(s.returns()[1], 0.0);
  EXPECT_EQ(ShockRules::explain(s.board()),
            "white wins on runs of 5: white is credited with 1 (black's runs), black with 0 (white's runs); equal at "
            "every longer length");
}

TEST(Shock, RunsAreCountedOnceAtFullLength) {
  Board b = setUp(8, {}, {"A1", "B1", "C1", "D1", "E1"});
  const RunCounts runs = runsOf(b, Colour::Black);
  EXPECT_EQ(runs[5], 1);
  EXPECT_EQ(runs[4], 0);
  EXPECT_EQ(runs[3], 0);
  EXPECT_EQ(runs[1], 5);  // each piece is also a column run of one
}

TEST(Shock, PieceCounts) {
  EXPECT_EQ(ShockState(8).piecesPerPlayer(), 31);
  EXPECT_EQ(ShockState(9).piecesPerPlayer(), 40);
  EXPECT_THROW(ShockState(7), std::invalid_argument);
  EXPECT_THROW(ShockState(17), std::invalid_argument);
}

// RULES.md section 4, first example: white D4 makes C4 a winning piece.
TEST(Attract, WhiteWinsWithC4) {
  const Board b = setUp(8, {"D7", "A6", "B4", "E4"}, {"D6", "B5", "B3", "D2"});
  auto s = AttractState::fromBoard(b, Colour::White);
  ASSERT_FALSE(s.isTerminal());
  s.apply(sq("D4"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"A6", "D6", "C4", "D4", "E4"}));
  EXPECT_EQ(squaresOf(s.board(), Colour::Black), (std::set<std::string>{"B5", "D5", "B3", "D3"}));
  EXPECT_EQ(winningPieces(s.board(), Colour::White), 1);
  EXPECT_EQ(winningPieces(s.board(), Colour::Black), 0);
  EXPECT_EQ(s.outcome(), Outcome::WhiteWins);
  EXPECT_EQ(AttractRules::explain(s.board()),
            "white wins: winning pieces (all four diagonal neighbours the opponent's) white C4, black none");
}

// Second example: black D1 pulls column D down; white C5 and black C6 are
// both winning, one each, so the game goes on.
TEST(Attract, OneWinningPieceEachGoesOn) {
  const Board b = setUp(8, {"D8", "B7", "C7", "D6", "B5", "C5"}, {"D7", "B6", "C6", "D5", "B4"});
  auto s = AttractState::fromBoard(b, Colour::Black);
  s.apply(sq("D1"));
  EXPECT_EQ(squaresOf(s.board(), Colour::White), (std::set<std::string>{"B7", "C7", "D7", "B5", "C5", "D5"}));
  EXPECT_EQ(squaresOf(s.board(), Colour::Black), (std::set<std::string>{"B6", "C6", "D6", "B4", "D4", "D1"}));
  EXPECT_EQ(winningPieces(s.board(), Colour::White), 1);
  EXPECT_EQ(winningPieces(s.board(), Colour::Black), 1);
  EXPECT_EQ(winningInRow(s.board(), Colour::White, 4), 1u << 2);  // C5
  EXPECT_EQ(winningInRow(s.board(), Colour::Black, 5), 1u << 2);  // C6
  EXPECT_FALSE(s.isTerminal());
  EXPECT_EQ(s.currentPlayer(), 0);
}

TEST(Attract, EdgePiecesNeverWin) {
  // White A2 with black on B1 and B3 (its only diagonals on the board).
  const Board b = setUp(8, {"A2"}, {"B1", "B3"});
  EXPECT_EQ(winningPieces(b, Colour::White), 0);
  EXPECT_FALSE(AttractRules::validSize(9));
  EXPECT_EQ(AttractState(12).piecesPerPlayer(), 72);
}

TEST(State, FromBoardChecksCounts) {
  const Board b = setUp(8, {"A1", "B1"}, {});
  EXPECT_THROW(ShockState::fromBoard(b, Colour::White), std::invalid_argument);
  EXPECT_THROW(ShockState::fromBoard(b, Colour::Black), std::invalid_argument);
  const Board c = setUp(8, {"A1"}, {});
  EXPECT_NO_THROW(ShockState::fromBoard(c, Colour::Black));
}

// Random games: counts, termination, hashes.
template <class S>
void randomGames(int n, int games, uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    S s(n);
    int plies = 0;
    typename S::Move moves[S::kMaxMoves];
    while (!s.isTerminal()) {
      const int k = s.legalMoves(moves);
      ASSERT_GT(k, 0);
      ASSERT_EQ(k, n * n - s.board().occupied());
      const auto before = s;
      const auto m = moves[rng() % k];
      ASSERT_TRUE(s.isLegal(m));
      s.apply(m);
      ++plies;
      ASSERT_NE(s.currentPlayer(), before.currentPlayer());
      // Every ply adds exactly one piece, to the mover.
      ASSERT_EQ(s.board().count(before.toMove()), before.board().count(before.toMove()) + 1);
      ASSERT_EQ(s.board().count(opponent(before.toMove())), before.board().count(opponent(before.toMove())));
      ASSERT_NE(s.hash(), before.hash());
      // A state rebuilt from its board is the same state with the same hash.
      const S rebuilt = S::fromBoard(s.board(), s.toMove());
      ASSERT_TRUE(rebuilt == s);
      ASSERT_EQ(rebuilt.hash(), s.hash());
      ASSERT_EQ(rebuilt.outcome(), s.outcome());
      ASSERT_LE(plies, 2 * s.piecesPerPlayer());
    }
    EXPECT_EQ(s.legalMoves(moves), 0);
    const auto r = s.returns();
    EXPECT_DOUBLE_EQ(r[0] + r[1], 1.0);
    if constexpr (std::is_same_v<S, ShockState>) {
      EXPECT_EQ(plies, 2 * s.piecesPerPlayer());
    }
  }
}

TEST(RandomGames, Shock) {
  randomGames<ShockState>(8, 20, 1);
  randomGames<ShockState>(9, 5, 2);
  randomGames<ShockState>(16, 2, 3);
}

TEST(RandomGames, Attract) {
  randomGames<AttractState>(8, 40, 4);
  randomGames<AttractState>(12, 10, 5);
  randomGames<AttractState>(16, 3, 6);
}
