// The game record of JC Shock, JC Attract and 5RINGS: the one reader and
// writer (format: docs/formats/game-record.md).
//
//   [Game "JC Attract"]        tag lines first, PGN-like: [Name "value"]
//   [Size "8"]
//   [Players "white=human black=alphabeta"]
//   [Date "2026.12.01"]
//   [Result "white wins"]
//
//   1. D4 E5                   then the moves, in the games' notation (target
//   2. C3 F6                   squares), with optional move numbers
//
// Why one library for the three games and not one reader per game next to
// its position file: the format is one (tags, numbered moves), the browser
// edition binds one pair of functions, and only the replay differs, which
// calls each engine. It depends on the engines and the standard library only
// (no iostreams in the interface): text in, text out.
//
// parseRecord replays every move through the engine; a malformed line, an
// unknown game, a bad size or order, an illegal move, a move after the end or
// a Result tag that the moves do not reach is a RecordError naming the line.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "rings/state.h"

namespace records {

enum class Game : uint8_t { Shock, Attract, Rings };
std::string_view gameName(Game g);  // the Game tag: "JC Shock", "JC Attract", "5RINGS"
std::string_view gameKey(Game g);   // the CLI's --game: "shock", "attract", "rings"
// Either spelling, any letter case; nullopt when no game is called that.
std::optional<Game> gameFromName(std::string_view name);

struct Tag {
  std::string name, value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct Record {
  Game game = Game::Shock;
  int size = 8;                                          // placement games: the board is size x size
  std::optional<uint64_t> seed;                          // Seed tag (5RINGS: draws the order)
  std::array<uint8_t, rings::kPlayers> order{0, 1, 2, 3, 4};  // 5RINGS: the playing order (colours)
  std::string players;                                   // Players tag, e.g. "white=human black=mcts"
  std::string date;                                      // Date tag, "YYYY.MM.DD"
  std::vector<Tag> extra;                                // any other tags, in file order
  std::vector<std::string> moves;                        // target squares, "D4"
  // What the moves lead to: placement "white wins", "black wins", "draw";
  // 5RINGS "red wins"; "ongoing" for an unfinished game. 5RINGS finished
  // games also carry the scores, "B=94 K=1 R=3 Y=1 G=1" (Scores tag).
  std::string result = "ongoing";
  std::string scores;
  friend bool operator==(const Record&, const Record&) = default;
};

class RecordError : public std::runtime_error {
 public:
  // line: 1-based, 0 when not tied to a line.
  RecordError(int line, const std::string& reason);
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }

 private:
  int line_;
  std::string reason_;
};

// Reads and validates (replays) a record; `result` and `scores` are those of
// the replay. Throws RecordError.
Record parseRecord(std::string_view text);

// Writes the record: tags in the order Game, Size | Order, Seed, Players,
// Date, Result, Scores, the extra tags; a blank line; one numbered line per
// move pair (placement) or per round of five moves (5RINGS). Empty optional
// tags are left out. parseRecord(formatRecord(r)) == r for every record that
// parseRecord returns.
std::string formatRecord(const Record& r);

// Replays r.moves and sets r.result and r.scores (for records built by a
// program, e.g. after a game). Throws RecordError (line 0) naming the move.
void settleResult(Record& r);

// Where a record's moves start, for any game's state S: the empty board of
// its Size (placement games; S's constructor throws std::invalid_argument
// for a size the game has not) or 5RINGS's Order; and the other way round,
// what a record of a game from `start` says of it (Size, and Order).
template <class S>
S startOf(const Record& r) {
  if constexpr (std::is_same_v<S, rings::State>) return S(r.order);
  else return S(r.size);
}
template <class S>
void setStart(Record& r, const S& start) {
  if constexpr (std::is_same_v<S, rings::State>) {
    r.size = rings::kSide;
    r.order = start.order();
  } else {
    r.size = start.size();
  }
}

}  // namespace records
