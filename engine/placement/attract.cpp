#include "placement/attract.h"

#include <bit>

namespace placement {

uint32_t winningInRow(const Board& b, Colour c, int r) {
  const Colour o = opponent(c);
  const uint32_t up = b.rowBits(o, r + 1), down = b.rowBits(o, r - 1);
  // Opponent on both diagonals of column j in the row above: bits j-1 and j+1.
  const uint32_t diagonals = (up << 1) & (up >> 1) & (down << 1) & (down >> 1);
  return b.rowBits(c, r) & diagonals;
}

int winningPieces(const Board& b, Colour c) {
  int total = 0;
  for (int r = 1; r + 1 < b.size(); ++r) total += std::popcount(winningInRow(b, c, r));
  return total;
}

Outcome AttractRules::outcome(const Board& b) {
  const int w = winningPieces(b, Colour::White), k = winningPieces(b, Colour::Black);
  if (w != k) return w > k ? Outcome::WhiteWins : Outcome::BlackWins;
  return b.full() ? Outcome::Draw : Outcome::Ongoing;
}

}  // namespace placement
