#include "placement/eval.h"

#include <algorithm>
#include <bit>

namespace placement {

int shockCredit(const Board& b, Colour c) {
  const RunCounts runs = runsOf(b, opponent(c));
  int score = 0;
  for (int len = 2; len <= b.size(); ++len) score += runs[len] << (3 * std::min(len - 2, 7));
  return score;
}

int ShockEval::operator()(const ShockState& s) const {
  return shockCredit(s.board(), s.toMove()) - shockCredit(s.board(), opponent(s.toMove()));
}

int attractPotential(const Board& b, Colour c) {
  const Colour o = opponent(c);
  int score = 0;
  for (int r = 1; r + 1 < b.size(); ++r) {
    const uint32_t up = b.rowBits(o, r + 1), down = b.rowBits(o, r - 1);
    const uint32_t d1 = up << 1, d2 = up >> 1, d3 = down << 1, d4 = down >> 1;
    // Bit-sliced "how many of the four diagonals": at least 1, 2, 3.
    const uint32_t ge1 = d1 | d2 | d3 | d4;
    const uint32_t ge2 = (d1 & d2) | (d1 & d3) | (d1 & d4) | (d2 & d3) | (d2 & d4) | (d3 & d4);
    const uint32_t ge3 = (d1 & d2 & d3) | (d1 & d2 & d4) | (d1 & d3 & d4) | (d2 & d3 & d4);
    const uint32_t own = b.rowBits(c, r);
    score += std::popcount(own & ge1) + 3 * std::popcount(own & ge2) + 16 * std::popcount(own & ge3);
  }
  return score;
}

int AttractEval::operator()(const AttractState& s) const {
  return attractPotential(s.board(), s.toMove()) - attractPotential(s.board(), opponent(s.toMove()));
}

}  // namespace placement
