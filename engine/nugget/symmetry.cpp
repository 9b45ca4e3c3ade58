#include "nugget/symmetry.h"

#include <algorithm>

namespace nugget {
namespace {

constexpr int image(int g, int cell) {
  int r = cell / kSide, c = cell % kSide;
  if (g & 4) {
    const int t = r;
    r = c;
    c = t;
  }
  if (g & 1) c = kSide - 1 - c;
  if (g & 2) r = kSide - 1 - r;
  return r * kSide + c;
}

struct Tables {
  std::array<std::array<uint8_t, kCells>, kSymmetries> cell{};
  std::array<std::array<uint8_t, kLabels>, kSymmetries> label{};
  std::array<std::array<uint8_t, kSymmetries>, kSymmetries> compose{};
  constexpr Tables() {
    for (int g = 0; g < kSymmetries; ++g) {
      for (int x = 0; x < kCells; ++x) cell[g][x] = static_cast<uint8_t>(image(g, x));
      // The image label is the one whose line, counted from its force
      // point, is the image of this label's line counted from its own.
      for (int l = 0; l < kLabels; ++l)
        for (int m = 0; m < kLabels; ++m) {
          bool same = true;
          for (int k = 1; k <= kSide; ++k) same = same && lineCell(m, k) == image(g, lineCell(l, k));
          if (same) label[g][l] = static_cast<uint8_t>(m);
        }
    }
    for (int g = 0; g < kSymmetries; ++g)
      for (int h = 0; h < kSymmetries; ++h)
        for (int k = 0; k < kSymmetries; ++k) {
          bool same = true;
          for (int x = 0; x < kCells; ++x) same = same && image(k, x) == image(g, image(h, x));
          if (same) compose[g][h] = static_cast<uint8_t>(k);
        }
  }
};
constexpr Tables kT{};

// Cells whose column minus row is k (k = 1..6: above the diagonal), and
// whole columns and rows: the masks of the swaps below.
constexpr Bitboard diagonalAbove(int k) {
  Bitboard b = 0;
  for (int r = 0; r + k < kSide; ++r) b |= cellBit(r * kSide + r + k);
  return b;
}
constexpr Bitboard column(int c) {
  Bitboard b = 0;
  for (int r = 0; r < kSide; ++r) b |= cellBit(r * kSide + c);
  return b;
}
constexpr Bitboard row(int r) { return Bitboard{0x7F} << (r * kSide); }

// Swaps the bits of `mask` with those `shift` places above them.
constexpr Bitboard deltaSwap(Bitboard b, Bitboard mask, int shift) {
  const Bitboard t = ((b >> shift) ^ b) & mask;
  return b ^ t ^ (t << shift);
}

// (r, c) -> (c, r): cell 7r + c moves by 6(c - r), so the cells above the
// diagonal at distance k swap with those below it, 6k places further down.
// The masks as constants (not left to the optimiser to fold).
constexpr Bitboard kD1 = diagonalAbove(1), kD2 = diagonalAbove(2), kD3 = diagonalAbove(3), kD4 = diagonalAbove(4),
                   kD5 = diagonalAbove(5), kD6 = diagonalAbove(6);
constexpr Bitboard kC0 = column(0), kC1 = column(1), kC2 = column(2), kR0 = row(0), kR1 = row(1), kR2 = row(2);

inline Bitboard transpose(Bitboard b) {
  b = deltaSwap(b, kD1, 6);
  b = deltaSwap(b, kD2, 12);
  b = deltaSwap(b, kD3, 18);
  b = deltaSwap(b, kD4, 24);
  b = deltaSwap(b, kD5, 30);
  return deltaSwap(b, kD6, 36);
}
inline Bitboard mirrorColumns(Bitboard b) {  // c -> 6 - c
  b = deltaSwap(b, kC0, 6);
  b = deltaSwap(b, kC1, 4);
  return deltaSwap(b, kC2, 2);
}
inline Bitboard mirrorRows(Bitboard b) {  // r -> 6 - r
  b = deltaSwap(b, kR0, 42);
  b = deltaSwap(b, kR1, 28);
  return deltaSwap(b, kR2, 14);
}

}  // namespace

int mapCell(int g, int cell) { return kT.cell[g][cell]; }
int mapLabel(int g, int label) { return kT.label[g][label]; }
Move mapMove(int g, Move m) { return Move{kT.label[g][m.label], m.p}; }

std::vector<Move> mapMoves(int g, const std::vector<Move>& moves) {
  std::vector<Move> out;
  out.reserve(moves.size());
  for (Move m : moves) out.push_back(mapMove(g, m));
  return out;
}

Bitboard mapBitboard(int g, Bitboard b) {
  if (g & 4) b = transpose(b);
  if (g & 1) b = mirrorColumns(b);
  if (g & 2) b = mirrorRows(b);
  return b;
}

void bitboardImages(Bitboard b, Bitboard out[kSymmetries]) {
  for (int t = 0; t < 2; ++t) {
    const Bitboard x = t ? transpose(b) : b, m = mirrorColumns(x);
    out[4 * t] = x;
    out[4 * t + 1] = m;
    out[4 * t + 2] = mirrorRows(x);
    out[4 * t + 3] = mirrorRows(m);
  }
}

Position mapPosition(int g, const Position& pos) {
  if (g == 0) return pos;
  Position out;
  for (int f = 0; f < 2; ++f)
    for (int j = 0; j < 3; ++j) out.plane[f][j] = mapBitboard(g, pos.plane[f][j]);
  return out;
}

Board mapBoard(int g, const Board& board) {
  Board out = board;
  for (int x = 0; x < kCells; ++x) out.tiles[kT.cell[g][x]] = board.tiles[x];
  out.pos = mapPosition(g, board.pos);
  return out;
}

uint64_t symmetricHash(const Position& pos) {
  uint64_t h = pos.hash();
  for (int g = 1; g < kSymmetries; ++g) h = std::min(h, mapPosition(g, pos).hash());
  return h;
}

int compose(int g, int h) { return kT.compose[g][h]; }

int inverse(int g) {
  for (int h = 0; h < kSymmetries; ++h)
    if (kT.compose[g][h] == 0) return h;
  return 0;
}

int order(int g) {
  int k = 1;
  for (int x = g; x != 0; x = kT.compose[g][x]) ++k;
  return k;
}

}  // namespace nugget
