// 5RINGS rules engine (RULES.md section 5): five players, one ring each, on a
// 10 x 10 board.
//
// Squares. Cell index = row * 10 + column, row 0 is the bottom row (named 1),
// column 0 the left column (named A): A1 = 0, J1 = 9, A10 = 90, J10 = 99.
// A move is named by its target square, in both phases.
//
// Players. Player numbers ARE colours: 0..4 = B K R Y G (blue, black, red,
// yellow, green). currentPlayer() and returns() use these numbers, so a
// player's identity never depends on the drawn playing order.
//
// Phases. First each player, in the drawn order, places their ring on any
// empty square (a placement is a move, so search sees it like any other);
// then, in the same order, players move. The phase is implied by how many
// rings are on the board (fewer than five = placement).
//
// Elimination, and how it meets the game interface (solver/game/game.h).
// The rules eliminate a player when their own turn comes and they have no
// legal move. apply() does that as it passes the turn on: it advances to the
// next player in the order who is still in, and if that player has no move it
// eliminates them (their ring stays and keeps blocking) and advances again,
// until it reaches a player who can move or only one player is left. So:
//   * currentPlayer() always names a player who is still in;
//   * legalMoves() returns at least one move in every non-terminal state;
//   * isTerminal() is "exactly one player left", and that player is the
//     winner (they made the last move or still have one).
// States built from a position file go through the same settling step, so a
// file naming a stuck player as `to_move` loads with that player eliminated.
//
// Notation (game::Notation, solver/game/game.h), the one every front end
// prints and reads: a move is named by its target square, players by their
// colour names; whyIllegal puts the rules' reason into words (occupied,
// blocked by a ring, not a jump) and resultText is "red wins, scores B=..".
//
// Score: one point per square a player occupies (trails plus the ring's own
// square); the winner also gets every empty square. The five scores always sum
// to 100. returns() is score / 100.
#pragma once
#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rings {

// One bit per cell; GCC/Clang's 128-bit integer keeps every set operation a
// couple of instructions. (__extension__ keeps -Wpedantic quiet.)
__extension__ typedef unsigned __int128 Bits;

constexpr int kSide = 10;
constexpr int kCells = 100;
constexpr int kPlayers = 5;
constexpr uint8_t kNoCell = 0xFF;

constexpr Bits cellBit(int cell) { return Bits{1} << cell; }
constexpr Bits kAll = (Bits{1} << kCells) - 1;
inline int count(Bits b) {
  return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}
// Index of the lowest set bit; b must be non-zero.
inline int lowest(Bits b) {
  const auto lo = static_cast<uint64_t>(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}

// ------------------------------------------------------------ colours, squares
constexpr std::string_view kColourChars = "BKRYG";  // rings; trails are lower case
constexpr std::array<std::string_view, kPlayers> kColourNames = {"blue", "black", "red", "yellow", "green"};
// Colour number for 'B','K','R','Y','G' (either case), -1 otherwise.
int colourFromChar(char ch);
// Colour number for a letter or a full name ("red", "R", "r"), -1 otherwise.
int colourFromName(std::string_view name);

std::string squareName(int cell);  // "A1" .. "J10"
// Cell for "A1".."J10" (letter in either case); -1 when not a square.
int parseSquare(std::string_view name);

// ------------------------------------------------------------ jump geometry
// The eight jumps: four orthogonal (three squares, two jumped over) and four
// diagonal (two squares, one jumped over). For each cell and direction the
// table holds the target (kNoCell when off the board) and the jumped-over
// squares; a jump is legal when the target is empty and no ring (other than
// the mover's, which is never on its own path) is among the jumped squares.
constexpr int kDirections = 8;
struct Jump {
  uint8_t target = kNoCell;
  Bits over = 0;
};
const std::array<std::array<Jump, kDirections>, kCells>& jumpTable();

// ------------------------------------------------------------ the state
struct Move {
  uint8_t to = 0;  // target square (placement or jump)
  friend auto operator<=>(Move, Move) = default;  // by square: the order front ends list moves in
};

class State {
 public:
  using Move = rings::Move;
  static constexpr int kPlayers = rings::kPlayers;
  // Placement can offer every empty square; a jump offers at most 8.
  static constexpr int kMaxMoves = kCells;

  // The empty board, players to place in `order` (a permutation of 0..4).
  explicit State(const std::array<uint8_t, kPlayers>& order = {0, 1, 2, 3, 4});
  // A new game with the playing order drawn from `seed` (same seed, same order).
  static State newGame(uint64_t seed);

  // ---- the game interface (solver/game/game.h)
  int currentPlayer() const { return order_[turn_]; }
  int legalMoves(Move* out) const;
  void apply(Move m);
  bool isTerminal() const { return alive_ == 1; }
  std::array<double, kPlayers> returns() const;
  uint64_t hash() const;

  // ---- rules queries
  bool placementPhase() const { return placed_ < kPlayers; }
  // Jumps `player` could make now (their ring must be on the board).
  int jumpsOf(int player, Move* out) const;
  bool hasJump(int player) const;
  bool isLegal(Move m) const;
  // Points as the rules count them; the winner's empties only once terminal.
  std::array<int, kPlayers> scores() const;
  int winner() const;  // the last player left; -1 while the game goes on

  // ---- notation (game::Notation)
  std::string playerName(int player) const { return std::string(kColourNames[player]); }
  std::string moveName(Move m) const { return squareName(m.to); }
  // The move to the square named by `text` (A1 .. J10), or nullopt.
  std::optional<Move> parseMove(std::string_view text) const;
  // "" when `m` is legal now, else why not: the game is over, the square is
  // occupied (by whose ring or trail), a ring is in the way, or it is no jump.
  std::string whyIllegal(Move m) const;
  // "red wins, scores B=94 K=1 R=3 Y=1 G=1" or "ongoing".
  std::string resultText() const;

  // ---- read access (for evaluation, drawing, files)
  const std::array<uint8_t, kPlayers>& order() const { return order_; }
  int turnIndex() const { return turn_; }      // position of currentPlayer() in order()
  int ringCell(int player) const { return ring_[player]; }  // kNoCell before placement
  Bits trails(int player) const { return trail_[player]; }
  Bits rings() const { return rings_; }
  Bits occupied() const { return occupied_; }  // rings and trails
  Bits empty() const { return kAll & ~occupied_; }
  bool eliminated(int player) const { return (eliminated_ >> player) & 1; }
  // Whose ring or trail is on `cell` (-1: nobody); *ring says which.
  int ownerOf(int cell, bool* ring) const;
  int playersLeft() const { return alive_; }
  int ringsPlaced() const { return placed_; }

  // ---- building states by hand (the position file reader, tests). These
  // bypass the move rules; call settle() afterwards.
  void setRing(int player, int cell);
  void addTrail(int player, int cell);
  void setEliminated(int player);
  // Turn to `player`, who must not be eliminated.
  void setToMove(int player);
  // Applies the elimination rule from the current turn on (see the header
  // comment): afterwards the state is terminal or its player can move.
  void settle();

  friend bool operator==(const State&, const State&) = default;

 private:
  void advance();  // next player still in, eliminating stuck ones on the way

  std::array<Bits, kPlayers> trail_{};
  Bits rings_ = 0;
  Bits occupied_ = 0;
  std::array<uint8_t, kPlayers> ring_{kNoCell, kNoCell, kNoCell, kNoCell, kNoCell};
  std::array<uint8_t, kPlayers> order_{};
  uint8_t turn_ = 0;        // index into order_
  uint8_t placed_ = 0;      // rings on the board
  uint8_t eliminated_ = 0;  // bit per colour
  uint8_t alive_ = kPlayers;
};

}  // namespace rings
