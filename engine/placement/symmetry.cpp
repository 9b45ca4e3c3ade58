#include "placement/symmetry.h"

#include <algorithm>
#include <bit>

namespace placement {

int transformCell(int cell, int n, int t) {
  int r = rowOf(cell), c = colOf(cell);
  if (t & 1) std::swap(r, c);
  if (t & 2) r = n - 1 - r;
  if (t & 4) c = n - 1 - c;
  return cellOf(r, c);
}

Board transformed(const Board& b, int t) {
  Board out(b.size());
  for (const Colour c : {Colour::White, Colour::Black})
    b.pieces(c).forEach([&](int cell) { out.put(transformCell(cell, b.size(), t), c); });
  return out;
}

static uint64_t mix64(uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

uint64_t symmetricKey(const Board& b, Colour toMove) {
  const int n = b.size();
  const uint64_t side = toMove == Colour::Black ? 0x5BD1E9955BD1E995ull : 0;
  if (n > 8) return b.hash() ^ side;
  // Each colour's cells as bits r*n+c, under each of the eight symmetries;
  // the image with the smallest (white, black) pair names the class, so the
  // key is a function of the class alone.
  uint64_t set[8][2] = {};
  for (int k = 0; k < 2; ++k)
    b.pieces(Colour(k)).forEach([&](int cell) {
      const int r = rowOf(cell), c = colOf(cell), m = n - 1;
      const int image[8][2] = {{r, c}, {c, r}, {m - r, c}, {m - c, r}, {r, m - c}, {c, m - r}, {m - r, m - c}, {m - c, m - r}};
      for (int t = 0; t < 8; ++t) set[t][k] |= uint64_t{1} << (image[t][0] * n + image[t][1]);
    });
  int least = 0;
  for (int t = 1; t < 8; ++t)
    if (set[t][0] < set[least][0] || (set[t][0] == set[least][0] && set[t][1] < set[least][1])) least = t;
  return mix64(mix64(set[least][0] ^ uint64_t(n)) ^ set[least][1]) ^ side;
}

}  // namespace placement
