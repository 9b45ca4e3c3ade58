#include "placement/attract.h"

#include <bit>
#include <string>

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

std::string AttractRules::explain(const Board& b) {
  const Outcome o = outcome(b);
  if (o == Outcome::Draw) return "draw: the board is full and neither side has a winning piece";
  if (o == Outcome::Ongoing) return "the game goes on: no winning piece yet";
  auto list = [&](Colour c) {
    std::string out;
    for (int r = 1; r + 1 < b.size(); ++r)
      for (uint32_t bits = winningInRow(b, c, r); bits; bits &= bits - 1) {
        out += ' ';
        out += squareName(cellOf(r, std::countr_zero(bits)));
      }
    return out.empty() ? std::string(" none") : out;
  };
  return std::string(outcomeText(o)) + ": winning pieces (all four diagonal neighbours the opponent's) white" +
         list(Colour::White) + ", black" + list(Colour::Black);
}

}  // namespace placement
