// The board and the shared move of the placement games (RULES.md section 2):
// JC Shock and JC Attract differ only in how many pieces a side has and in how
// a game ends, so both are built on this one Board and its one `place`.
//
// Layout. A board is N x N with 8 <= N <= 16 (smaller sizes work too; the
// games reject them). Cell index = row * 16 + column, row 0 being rank "1"
// (the bottom, as in A1) and column 0 file "A". With that fixed stride of 16
// every row is one 16-bit slice of a 256-bit set held as four 64-bit words,
// so a row is read or written with one shift and mask whatever N is.
//
// Each colour is kept twice: row-major (bit r*16+c) and transposed (bit
// c*16+r). The attraction along a row is then a few 16-bit operations on the
// row slice, and along a column the same operations on the transposed slice;
// the handful of cells that changed are mirrored into the other copy.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace placement {

constexpr int kMaxSize = 16;
constexpr int kStride = 16;
constexpr int kMaxCells = kStride * kMaxSize;

enum class Colour : uint8_t { White = 0, Black = 1 };  // white `o` moves first
constexpr Colour opponent(Colour c) { return Colour(uint8_t(c) ^ 1u); }
constexpr int index(Colour c) { return int(c); }
constexpr char pieceChar(Colour c) { return c == Colour::White ? 'o' : 'x'; }

constexpr int cellOf(int row, int col) { return row * kStride + col; }
constexpr int rowOf(int cell) { return cell / kStride; }
constexpr int colOf(int cell) { return cell % kStride; }

// A set of up to 256 cells as four 64-bit words.
struct Bits256 {
  std::array<uint64_t, 4> w{};

  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1u; }
  void set(int i) { w[i >> 6] |= uint64_t{1} << (i & 63); }
  void clear(int i) { w[i >> 6] &= ~(uint64_t{1} << (i & 63)); }
  void flip(int i) { w[i >> 6] ^= uint64_t{1} << (i & 63); }
  int count() const {
    return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]) + std::popcount(w[3]);
  }
  // Line k (a row in the row-major copy, a column in the transposed one).
  uint32_t line(int k) const { return uint32_t(w[k >> 2] >> ((k & 3) * 16)) & 0xFFFFu; }
  void setLine(int k, uint32_t bits) {
    const int shift = (k & 3) * 16;
    w[k >> 2] = (w[k >> 2] & ~(uint64_t{0xFFFF} << shift)) | (uint64_t(bits & 0xFFFFu) << shift);
  }
  friend Bits256 operator|(Bits256 a, const Bits256& b) {
    for (int i = 0; i < 4; ++i) a.w[i] |= b.w[i];
    return a;
  }
  friend Bits256 operator&(Bits256 a, const Bits256& b) {
    for (int i = 0; i < 4; ++i) a.w[i] &= b.w[i];
    return a;
  }
  friend Bits256 operator~(Bits256 a) {
    for (auto& x : a.w) x = ~x;
    return a;
  }
  friend bool operator==(const Bits256&, const Bits256&) = default;
  // Calls f(cell) for every member in increasing order.
  template <class F>
  void forEach(F&& f) const {
    for (int k = 0; k < 4; ++k)
      for (uint64_t x = w[k]; x; x &= x - 1) f(k * 64 + std::countr_zero(x));
  }
};

// The shared move on one line. `own`/`other` are the two colours' bits of the
// line (bit i = position i along it), `n` its length, `p` where the new piece
// stands. Walking outward from p, the pieces up to the first empty square are
// packed against the new piece and stay; every piece beyond that gap moves one
// square inward (the nearest moves first and frees the square for the next).
// So each half of the line is one masked shift.
constexpr void attractLine(uint32_t& a, uint32_t& b, int n, int p) {
  const uint32_t lineMask = (n >= 32) ? ~0u : ((1u << n) - 1);
  const uint32_t empty = ~(a | b) & lineMask;
  if (const uint32_t above = empty & ~((2u << p) - 1)) {
    const int gap = std::countr_zero(above);
    const uint32_t beyond = lineMask & ~((2u << gap) - 1);
    a = (a & ~beyond) | ((a & beyond) >> 1);
    b = (b & ~beyond) | ((b & beyond) >> 1);
  }
  if (const uint32_t below = empty & ((1u << p) - 1)) {
    const int gap = 31 - std::countl_zero(below);
    const uint32_t beyond = (1u << gap) - 1;
    a = (a & ~beyond) | ((a & beyond) << 1);
    b = (b & ~beyond) | ((b & beyond) << 1);
  }
}

class Board {
 public:
  explicit Board(int n = 8);

  int size() const { return n_; }
  int cells() const { return n_ * n_; }
  bool onBoard(int row, int col) const { return row >= 0 && col >= 0 && row < n_ && col < n_; }
  std::optional<Colour> at(int cell) const {
    if (rows_[0].test(cell)) return Colour::White;
    if (rows_[1].test(cell)) return Colour::Black;
    return std::nullopt;
  }
  bool isEmpty(int cell) const { return !rows_[0].test(cell) && !rows_[1].test(cell); }
  const Bits256& pieces(Colour c) const { return rows_[index(c)]; }
  // Row `r` (bit c = column c) or column `c` (bit r = row r) of one colour.
  uint32_t rowBits(Colour c, int r) const { return rows_[index(c)].line(r); }
  uint32_t colBits(Colour c, int col) const { return cols_[index(c)].line(col); }
  int count(Colour c) const { return rows_[index(c)].count(); }
  int occupied() const { return count(Colour::White) + count(Colour::Black); }
  bool full() const { return occupied() == cells(); }

  // Writes the empty cells in increasing order; returns how many.
  int emptyCells(uint8_t* out) const;

  // The shared move: puts a `c` piece on the empty `cell`, then attracts the
  // row and the column. Precondition: the cell is on the board and empty.
  void place(Colour c, int cell);

  // Sets or clears one cell without moving anything (for setting up
  // positions, e.g. from a file).
  void put(int cell, std::optional<Colour> c);

  uint64_t hash() const;
  friend bool operator==(const Board& a, const Board& b) { return a.n_ == b.n_ && a.rows_ == b.rows_; }

 private:
  void mirror(int cellRowMajorLine, uint32_t changedA, uint32_t changedB, bool fromRows);

  int n_;
  std::array<Bits256, 2> rows_{};  // by colour, bit r*16+c
  std::array<Bits256, 2> cols_{};  // by colour, bit c*16+r
};

// Square names: columns A.., rows 1.. from the bottom ("A1" = cell 0).
std::string squareName(int cell);
// Parses "c5"/"C5"; nullopt when malformed or off an n x n board.
std::optional<int> parseSquare(std::string_view s, int n);

}  // namespace placement
