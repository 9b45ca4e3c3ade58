#include "nugget/cycles/stripe_fit.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace nugget::solve {

namespace {

bool inner(int cell) { return (kInner & cellBit(cell)) != 0; }
int stripeOf(int cell, int vertical) { return (vertical == 0 ? cell / kSide : cell % kSide) - 1; }

// The tiles by colour class, colour a on the start's solved face and b on
// the other: both coloured, one, none; and the pattern's columns.
struct TileSet {
  std::array<int, kColours> columnMask{};  // bit a of [b]: a two-faced tile of colours a+1 and b+1
  std::array<std::array<std::vector<int>, kColours>, kColours> both;
  std::array<std::vector<int>, kColours> startOnly, endOnly;
  std::vector<int> white;
  explicit TileSet(Face solved) {
    for (int t = kTiles; t >= 1; --t) {  // high to low: pop_back hands out the lowest first
      const int a = tileColour(t, solved), b = tileColour(t, other(solved));
      if (a && b) {
        columnMask[b - 1] |= 1 << (a - 1);
        both[a - 1][b - 1].push_back(t);
      } else if (a) {
        startOnly[a - 1].push_back(t);
      } else if (b) {
        endOnly[b - 1].push_back(t);
      } else {
        white.push_back(t);
      }
    }
  }
};

const TileSet& tileSet(Face solved) {
  static const TileSet a(Face::A), b(Face::B);
  return solved == Face::A ? a : b;
}

}  // namespace

std::optional<StripeFit> fitStripes(const std::array<int, kCells>& endOf, Face solved) {
  const TileSet& tiles = tileSet(solved);
  std::array<std::array<int, 2>, 13> stay;
  int n = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (!inner(cell) || !inner(endOf[cell])) continue;
    if (n == 13) return std::nullopt;
    stay[n++] = {cell, endOf[cell]};
  }
  if (n != 13) return std::nullopt;
  for (int oa = 0; oa < 2; ++oa)
    for (int ob = 0; ob < 2; ++ob) {
      std::array<int, kColours> met{};  // met[i]: end stripes met by start stripe i
      bool twice = false;
      for (auto [x, z] : stay) {
        const int i = stripeOf(x, oa), j = stripeOf(z, ob);
        twice |= (met[i] >> j & 1) != 0;
        met[i] |= 1 << j;
      }
      if (twice) continue;
      StripeFit f{oa, ob, {0, 1, 2, 3, 4}, {}};
      do {
        // Each end stripe's start colours under sigma name its end colour
        // (the pattern's five columns differ).
        int used = 0;
        bool ok = true;
        for (int j = 0; j < kColours && ok; ++j) {
          int mask = 0;
          for (int i = 0; i < kColours; ++i)
            if (met[i] >> j & 1) mask |= 1 << f.sigma[i];
          const auto b = std::find(tiles.columnMask.begin(), tiles.columnMask.end(), mask);
          ok = b != tiles.columnMask.end() && !(used >> (b - tiles.columnMask.begin()) & 1);
          if (ok) {
            f.tau[j] = static_cast<int>(b - tiles.columnMask.begin());
            used |= 1 << f.tau[j];
          }
        }
        if (ok) return f;
      } while (std::next_permutation(f.sigma.begin(), f.sigma.end()));
    }
  return std::nullopt;
}

Tiles placeTiles(const std::array<int, kCells>& endOf, const StripeFit& f, Face solved) {
  TileSet pools = tileSet(solved);
  Tiles x{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int z = endOf[cell];
    const int i = stripeOf(cell, f.oa), j = stripeOf(z, f.ob);
    std::vector<int>& pool = inner(cell) && inner(z) ? pools.both[f.sigma[i]][f.tau[j]]
                             : inner(cell)           ? pools.startOnly[f.sigma[i]]
                             : inner(z)              ? pools.endOnly[f.tau[j]]
                                                     : pools.white;
    if (pool.empty()) throw std::logic_error("a stripe fit that the tiles do not fill");
    x[cell] = static_cast<uint8_t>(pool.back());
    pool.pop_back();
  }
  return x;
}

}  // namespace nugget::solve
