// Golden Nugget rules engine (RULES.md section 1).
//
// A Position holds only colours, as bitboards: cell r*7+c is bit r*7+c of a
// 64-bit word. A colour code (0..5) needs three bits, so a face is three
// bit-planes. Both faces are tracked through every move (a move only permutes
// tiles, so the hidden face travels with them): at any search node the colours
// of the NEXT board are known without replaying anything. Tiles that show the
// same colour pair are interchangeable for the rest of the game, so search
// never needs tile numbers; Board adds them for `final` lines and replays.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "nugget/tiles.h"

namespace nugget {

using Bitboard = uint64_t;

constexpr int kSide = 7;
constexpr int kCells = 49;
constexpr Bitboard kFull = (Bitboard{1} << kCells) - 1;
constexpr Bitboard cellBit(int cell) { return Bitboard{1} << cell; }
constexpr Bitboard kInner = [] {
  Bitboard b = 0;
  for (int r = 1; r <= 5; ++r)
    for (int c = 1; c <= 5; ++c) b |= cellBit(r * kSide + c);
  return b;
}();
constexpr Bitboard kBorder = kFull & ~kInner;

// ---------------------------------------------------------------- moves
// The 28 force points, clockwise from the top-left corner: labels '1'..'7'
// (index 0..6, push columns 0..6 down), 'A'..'G' (7..13, push rows 0..6 left),
// 'H'..'N' (14..20, push columns 6..0 up), 'O'..'U' (21..27, push rows 6..0
// right). Letters are consecutive: 'A' + (index - 7).
constexpr int kLabels = 28;
constexpr char labelChar(int label) { return label < 7 ? char('1' + label) : char('A' + label - 7); }
std::optional<int> labelFromChar(char ch);

// The cell at position k (1..7, counted from the force point) of a label's line.
constexpr int lineCell(int label, int k) {
  const int i = k - 1;
  if (label < 7) return i * kSide + label;                      // column, from the top
  if (label < 14) return (label - 7) * kSide + (kSide - 1 - i);  // row, from the right
  if (label < 21) return (kSide - 1 - i) * kSide + (20 - label); // column, from the bottom
  return (27 - label) * kSide + i;                               // row, from the left
}
// The force point at the other end of the same line: its position k is this
// one's 8 - k. A push with p = 7 is undone by the opposite push with p = 7
// when the tile it carried to position 1 is white on the face then shown.
constexpr int oppositeLabel(int label) { return label < 7 || (label >= 14 && label < 21) ? 20 - label : 34 - label; }
constexpr bool isRowLabel(int label) { return (label >= 7 && label < 14) || label >= 21; }
// Which row (for row labels) or column (for column labels) the label pushes.
constexpr int lineIndex(int label) {
  if (label < 7) return label;
  if (label < 14) return label - 7;
  if (label < 21) return 20 - label;
  return 27 - label;
}

// A move in full notation: the label and p, the position of the farthest white
// tile, so the segment 1..p rotates one cell away from the force point.
struct Move {
  uint8_t label = 0;
  uint8_t p = 0;
  friend constexpr bool operator==(Move, Move) = default;
  std::string full() const { return std::string{labelChar(label), char('0' + p)}; }
  std::string shortName() const { return std::string(1, labelChar(label)); }
};

// Parsed notation: the label, and p when the full form was written.
struct MoveText {
  int label;
  std::optional<int> p;
};
// Parses "P" or "P7". Nothing else is accepted (no spaces, p in 1..7).
std::optional<MoveText> parseMove(std::string_view text);

// Up to 28 legal moves, in label order, without allocation.
struct MoveList {
  std::array<Move, kLabels> moves;
  int size = 0;
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  const Move& operator[](int i) const { return moves[i]; }
};

// The cells of each colour (index colour-1: Y B P R G, tiles.h) from the
// three bit-planes of a face: one expression a colour, for the hot paths
// (heuristics, table keys). Any unsigned word: a whole face, or the 7-bit
// slice of one line. Each has a plain term, so no bit outside the planes'.
template <class Word>
constexpr std::array<Word, kColours> colourMasks(Word a, Word b, Word c) {
  return {a & ~b & ~c, ~a & b & ~c, a & b & ~c, ~a & ~b & c, a & ~b & c};
}

// ---------------------------------------------------------------- position
struct Position {
  // plane[0][j]: bit j of the colour code on the face shown; plane[1]: hidden face.
  std::array<std::array<Bitboard, 3>, 2> plane{};

  static Position fromTiles(const Tiles& tiles, Face shown);

  Bitboard coloured(int face = 0) const { return plane[face][0] | plane[face][1] | plane[face][2]; }
  Bitboard white(int face = 0) const { return kFull & ~coloured(face); }
  Bitboard colourMask(Colour c, int face = 0) const;
  std::array<Bitboard, kColours> colourMasks(int face = 0) const {
    return nugget::colourMasks(plane[face][0], plane[face][1], plane[face][2]);
  }
  Colour colourAt(int cell, int face = 0) const;

  // p of the move at this label, or 0 when the move is illegal here.
  int farthestWhite(int label) const;
  MoveList legalMoves() const;
  void apply(Move m);
  void undo(Move m);  // exact inverse of apply(m) for a legal m
  void flip() { std::swap(plane[0], plane[1]); }

  bool solved() const;
  bool solvedHorizontal() const;  // every inner row one colour (and all coloured inside)
  bool solvedVertical() const;

  // 64-bit hash of the colours of both faces; equal positions hash equal.
  uint64_t hash() const;
  // Hash of the shown face alone (what the current board's search needs).
  uint64_t shownHash() const;
  friend bool operator==(const Position&, const Position&) = default;
};

// ---------------------------------------------------------------- board
// A position with tile numbers: what the file format and the CLI need.
struct Board {
  Position pos;
  Tiles tiles{};
  Face face = Face::A;

  static Board start() { return fromTiles(startTiles(), Face::A); }
  static Board fromTiles(const Tiles& tiles, Face face);

  // Applies a move given as parsed text; on an illegal move returns a
  // message (e.g. `farthest white is at 6`) and leaves the board unchanged.
  std::optional<std::string> play(const MoveText& m, Move* played = nullptr);
  void apply(Move m);
  void undo(Move m);
  void flip();
};

// Plays stored moves (on a Position or a Board) as long as each is the move
// really played there: legal, with its farthest white at p. Returns false at
// the first that is not (`at` then holds the moves before it). For moves read
// back from checkpoints and for replays that must not trust their input.
template <class At>
bool playMoves(At& at, const std::vector<Move>& moves) {
  for (Move m : moves) {
    const Position& pos = [&]() -> const Position& {
      if constexpr (std::is_same_v<At, Board>) return at.pos; else return at;
    }();
    if (m.p < 2 || pos.farthestWhite(m.label) != m.p) return false;
    at.apply(m);
  }
  return true;
}

// Checks that tiles is a permutation of 1..49.
bool isPermutation(const Tiles& tiles);
// "t1 t2 ... t49"
std::string tilesToString(const Tiles& tiles);
// Parses exactly 49 whitespace-separated tile numbers forming a permutation.
std::optional<Tiles> parseTiles(std::string_view text, std::string* error = nullptr);

}  // namespace nugget
