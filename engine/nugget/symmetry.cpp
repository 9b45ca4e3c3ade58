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

Position mapPosition(int g, const Position& pos) {
  if (g == 0) return pos;
  Position out;
  for (int f = 0; f < 2; ++f)
    for (int j = 0; j < 3; ++j) {
      Bitboard src = pos.plane[f][j], dst = 0;
      while (src) {
        const int x = std::countr_zero(src);
        src &= src - 1;
        dst |= cellBit(kT.cell[g][x]);
      }
      out.plane[f][j] = dst;
    }
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
