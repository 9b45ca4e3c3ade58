#include "placement/board.h"

#include <cassert>

namespace placement {

Board::Board(int n) : n_(n) { assert(n >= 1 && n <= kMaxSize); }

int Board::emptyCells(uint8_t* out) const {
  int k = 0;
  const uint32_t full = (1u << n_) - 1;
  for (int r = 0; r < n_; ++r)
    for (uint32_t e = ~(rows_[0].line(r) | rows_[1].line(r)) & full; e; e &= e - 1)
      out[k++] = uint8_t(cellOf(r, std::countr_zero(e)));
  return k;
}

// After line `line` of one copy changed by the given bit differences, flips
// the same cells in the other copy (row r, column c <-> column c, row r).
void Board::mirror(int line, uint32_t changedA, uint32_t changedB, bool fromRows) {
  auto& other = fromRows ? cols_ : rows_;
  for (uint32_t d = changedA; d; d &= d - 1) other[0].flip(std::countr_zero(d) * kStride + line);
  for (uint32_t d = changedB; d; d &= d - 1) other[1].flip(std::countr_zero(d) * kStride + line);
}

void Board::place(Colour c, int cell) {
  assert(isEmpty(cell) && onBoard(rowOf(cell), colOf(cell)));
  const int r = rowOf(cell), col = colOf(cell);
  rows_[index(c)].set(cell);
  cols_[index(c)].set(cellOf(col, r));
  // The row and the column share only the new piece, so the two attractions
  // are independent and their order does not matter.
  auto attract = [&](auto& planes, int line, int at, bool isRow) {
    uint32_t a = planes[0].line(line), b = planes[1].line(line);
    const uint32_t a0 = a, b0 = b;
    attractLine(a, b, n_, at);
    planes[0].setLine(line, a);
    planes[1].setLine(line, b);
    mirror(line, a ^ a0, b ^ b0, isRow);
  };
  attract(rows_, r, col, true);
  attract(cols_, col, r, false);
}

void Board::put(int cell, std::optional<Colour> c) {
  const int t = cellOf(colOf(cell), rowOf(cell));
  for (int k = 0; k < 2; ++k) {
    rows_[k].clear(cell);
    cols_[k].clear(t);
  }
  if (c) {
    rows_[index(*c)].set(cell);
    cols_[index(*c)].set(t);
  }
}

static uint64_t mix64(uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

uint64_t Board::hash() const {
  // The position is the two row-major sets; chaining a strong mixer over the
  // eight words is cheaper to keep right than Zobrist keys updated for every
  // attracted piece.
  uint64_t h = uint64_t(n_);
  for (const auto& bits : rows_)
    for (uint64_t w : bits.w) h = mix64(h ^ w);
  return h;
}

std::string squareName(int cell) {
  std::string name(1, char('A' + colOf(cell)));
  name += std::to_string(rowOf(cell) + 1);
  return name;
}

std::optional<int> parseSquare(std::string_view s, int n) {
  if (s.size() < 2 || s.size() > 3) return std::nullopt;
  char letter = s[0];
  if (letter >= 'a' && letter <= 'z') letter = char(letter - 'a' + 'A');
  if (letter < 'A' || letter >= 'A' + n) return std::nullopt;
  int row = 0;
  for (char ch : s.substr(1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    row = row * 10 + (ch - '0');
  }
  if (s[1] == '0' || row < 1 || row > n) return std::nullopt;
  return cellOf(row - 1, letter - 'A');
}

}  // namespace placement
