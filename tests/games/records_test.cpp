// The game record (engine/records/game_record.h): round trips for the three
// games, and every class of error naming its line.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "game/analysis_text.h"  // solver/game: the printer the games CLI uses
#include "game/rng.h"
#include "placement/attract.h"
#include "placement/shock.h"
#include "records/game_record.h"
#include "rings/state.h"

namespace {

using records::Game;
using records::Record;
namespace analysis = game::analysis;

// A random game of S from the record's start, its moves written into r.
template <class S>
void randomPlacementGame(Record& r, uint64_t seed, int maxPlies = 1000) {
  S s(r.size);
  game::Rng rng(seed);
  typename S::Move moves[S::kMaxMoves];
  for (int ply = 0; ply < maxPlies && !s.isTerminal(); ++ply) {
    const int n = s.legalMoves(moves);
    const auto m = moves[rng.below(uint32_t(n))];
    r.moves.push_back(placement::squareName(m));
    s.apply(m);
  }
}

void randomRingsGame(Record& r, uint64_t seed, int maxPlies = 1000) {
  rings::State s(r.order);
  game::Rng rng(seed);
  rings::Move moves[rings::State::kMaxMoves];
  for (int ply = 0; ply < maxPlies && !s.isTerminal(); ++ply) {
    const int n = s.legalMoves(moves);
    const auto m = moves[rng.below(uint32_t(n))];
    r.moves.push_back(rings::squareName(m.to));
    s.apply(m);
  }
}

void expectRoundTrip(Record r) {
  records::settleResult(r);
  const std::string text = records::formatRecord(r);
  const Record back = records::parseRecord(text);
  EXPECT_EQ(back, r) << text;
  EXPECT_EQ(records::formatRecord(back), text);
}

TEST(GameRecord, ShockRoundTrips) {
  for (int size : {8, 9, 12}) {
    Record r;
    r.game = Game::Shock;
    r.size = size;
    r.seed = 5;
    r.players = "white=random black=random";
    r.date = "2026.12.01";
    randomPlacementGame<placement::ShockState>(r, uint64_t(size));
    expectRoundTrip(r);
  }
}

TEST(GameRecord, AttractRoundTripsFinishedAndUnfinished) {
  Record r;
  r.game = Game::Attract;
  r.size = 10;
  r.extra = {{"Event", "a \"quoted\" name \\ # not a comment"}};
  randomPlacementGame<placement::AttractState>(r, 3);
  expectRoundTrip(r);
  Record part;
  part.game = Game::Attract;
  randomPlacementGame<placement::AttractState>(part, 4, 5);
  records::settleResult(part);
  EXPECT_EQ(part.result, "ongoing");
  expectRoundTrip(part);
}

TEST(GameRecord, RingsRoundTripsAndDrawsOrderFromSeed) {
  for (uint64_t seed : {1u, 7u}) {
    Record r;
    r.game = Game::Rings;
    r.seed = seed;
    r.order = rings::State::newGame(seed).order();
    randomRingsGame(r, seed);
    records::settleResult(r);
    EXPECT_NE(r.result.find(" wins"), std::string::npos);
    EXPECT_FALSE(r.scores.empty());
    expectRoundTrip(r);
    // The Seed alone is enough: the order is drawn from it.
    std::string text = records::formatRecord(r);
    text.erase(text.find("[Order"), text.find('\n', text.find("[Order")) + 1 - text.find("[Order"));
    EXPECT_EQ(records::parseRecord(text).order, r.order);
  }
}

TEST(GameRecord, ReadsCommentsNumbersAndLowerCase) {
  const Record r = records::parseRecord(
      "# a comment line\n[Game \"attract\"]  # the game\n[Size \"8\"]\n\n1. d4 e5 # two moves\n2. C3\n");
  EXPECT_EQ(r.game, Game::Attract);
  EXPECT_EQ(r.moves, (std::vector<std::string>{"D4", "E5", "C3"}));
  EXPECT_EQ(r.result, "ongoing");
}

// The error's line and a piece of its reason.
void expectError(const std::string& text, int line, const std::string& piece) {
  try {
    records::parseRecord(text);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const records::RecordError& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(std::string(e.what()).find(piece), std::string::npos) << e.what();
  }
}

TEST(GameRecord, ErrorsNameTheLine) {
  const std::string head = "[Game \"JC Shock\"]\n[Size \"8\"]\n";
  expectError(head + "1. D4 E5\n2. D4\n", 4, "move 3 (D4): the square is occupied");
  expectError(head + "1. D4 Z9\n", 3, "move 2 (Z9): not a square of the 8x8 board");
  expectError(head + "1. D4 E5\n3. C3\n", 4, "move number 3.");
  expectError(head + "[Result \"white wins\"]\n1. D4\n", 3, "Result \"white wins\" but the moves end in \"ongoing\"");
  expectError(head + "1. D4\n[Date \"x\"]\n", 4, "tag line after the moves");
  expectError("[Game \"Chess\"]\n", 1, "unknown game 'Chess'");
  expectError("[Game \"JC Attract\"]\n[Size \"9\"]\n", 2, "no 9x9 board");
  expectError("[Game \"JC Attract\"]\n[Size \"8\"\n", 2, "expected ']'");
  expectError("[Game \"JC Attract\"]\n[Size \"8\"]\n[Size \"8\"]\n", 3, "second Size tag");
  expectError("1. D4\n", 1, "expected the [Game");
  expectError("[Game \"5RINGS\"]\n1. A1\n", 2, "needs an [Order");
  expectError("[Game \"5RINGS\"]\n[Order \"B K R Y Q\"]\n", 2, "'Q' is not a colour");
  expectError("[Game \"5RINGS\"]\n[Seed \"1\"]\n[Order \"" + std::string("B K R Y G") + "\"]\n", 3,
              "is not the order Seed 1");
  expectError("[Game \"5RINGS\"]\n[Order \"B K R Y G\"]\n1. A1 A1\n", 3, "move 2 (A1): not legal for black");
}

TEST(GameRecord, MoveAfterTheEndIsAnError) {
  Record r;
  r.game = Game::Attract;
  randomPlacementGame<placement::AttractState>(r, 9);
  records::settleResult(r);
  ASSERT_NE(r.result, "ongoing");
  std::string text = records::formatRecord(r);
  // Any empty square after the end: find one by trying all.
  for (char f = 'A'; f <= 'H'; ++f)
    for (char k = '1'; k <= '8'; ++k) {
      const std::string sq = std::string(1, f) + k;
      if (std::find(r.moves.begin(), r.moves.end(), sq) != r.moves.end()) continue;
      const std::string more = text + sq + "\n";
      try {
        records::parseRecord(more);
        ADD_FAILURE() << "a move after the end was accepted";
      } catch (const records::RecordError& e) {
        EXPECT_NE(std::string(e.what()).find("the game is already over"), std::string::npos) << e.what();
      }
      return;
    }
}

}  // namespace

// The analysis printer (solver/game/analysis_text.h): a score that rounds to zero
// has no sign ("-0.0" read as a loss by a person).
TEST(AnalysisNumber, ZeroHasNoSign) {
  EXPECT_EQ(analysis::number(-0.0001, 1), "0.0");
  EXPECT_EQ(analysis::number(-0.0, 0), "0");
  EXPECT_EQ(analysis::number(-0.04, 1), "0.0");
  EXPECT_EQ(analysis::number(-0.05001, 1), "-0.1");
  EXPECT_EQ(analysis::number(-12, 0), "-12");
  EXPECT_EQ(analysis::number(3.14159, 2), "3.14");
}
