#include "placement/eval.h"

#include <algorithm>
#include <bit>

namespace placement {

int shockCredit(const Board& b, Colour c) {
  const RunCounts runs = runsOf(b, opponent(c));
  int score = 0;
  for (int len = 2; len <= b.size(); ++len) score += runs[len] * kShockUntuned.run[std::min(len - 2, 7)];
  return score;
}

// Until a fit passes its SPRT, the tuned weights are the untuned ones
// (the fits tried and their matches: results/games.md).
const ShockWeights kShockTuned = kShockUntuned;
const AttractWeights kAttractTuned = kAttractUntuned;

ShockFeatures shockFeatures(const Board& b, Colour toMove) {
  const RunCounts mine = runsOf(b, toMove), theirs = runsOf(b, opponent(toMove));
  ShockFeatures f{};
  for (int len = 2; len <= b.size(); ++len) f[std::min(len - 2, 7)] += theirs[len] - mine[len];
  return f;
}

int ShockEval::operator()(const ShockState& s) const {
  const ShockFeatures f = shockFeatures(s.board(), s.toMove());
  int score = 0;
  for (std::size_t i = 0; i < f.size(); ++i) score += w.run[i] * f[i];
  return score;
}

namespace {
// The player's pieces with at least 1, 2, 3 of their four diagonal
// neighbours held by the opponent.
std::array<int, 3> diagonalCounts(const Board& b, Colour c) {
  const Colour o = opponent(c);
  std::array<int, 3> n{};
  for (int r = 1; r + 1 < b.size(); ++r) {
    const uint32_t up = b.rowBits(o, r + 1), down = b.rowBits(o, r - 1);
    const uint32_t d1 = up << 1, d2 = up >> 1, d3 = down << 1, d4 = down >> 1;
    // Bit-sliced "how many of the four diagonals": at least 1, 2, 3.
    const uint32_t ge1 = d1 | d2 | d3 | d4;
    const uint32_t ge2 = (d1 & d2) | (d1 & d3) | (d1 & d4) | (d2 & d3) | (d2 & d4) | (d3 & d4);
    const uint32_t ge3 = (d1 & d2 & d3) | (d1 & d2 & d4) | (d1 & d3 & d4) | (d2 & d3 & d4);
    const uint32_t own = b.rowBits(c, r);
    n[0] += std::popcount(own & ge1), n[1] += std::popcount(own & ge2), n[2] += std::popcount(own & ge3);
  }
  return n;
}
}  // namespace

int attractPotential(const Board& b, Colour c) {
  const std::array<int, 3> n = diagonalCounts(b, c);
  return kAttractUntuned.atLeast[0] * n[0] + kAttractUntuned.atLeast[1] * n[1] + kAttractUntuned.atLeast[2] * n[2];
}

AttractFeatures attractFeatures(const Board& b, Colour toMove) {
  const std::array<int, 3> mine = diagonalCounts(b, toMove), theirs = diagonalCounts(b, opponent(toMove));
  return {mine[0] - theirs[0], mine[1] - theirs[1], mine[2] - theirs[2]};
}

int AttractEval::operator()(const AttractState& s) const {
  const AttractFeatures f = attractFeatures(s.board(), s.toMove());
  return w.atLeast[0] * f[0] + w.atLeast[1] * f[1] + w.atLeast[2] * f[2];
}

}  // namespace placement
