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

// The tuned weights, each kept only after its SPRT against the untuned
// ones at 100 ms a move (results/games.md, 2026-12-08). JC Shock: no
// candidate has passed, so its tuned weights are the untuned ones. JC
// Attract: the live threats weigh 48 (chosen by 10 ms matches among 8,
// 16, 48, 128), H1 after 224 games at 100 ms, +201 Elo.
const ShockWeights kShockTuned = kShockUntuned;
const AttractWeights kAttractTuned{{1, 3, 16, 48}};

namespace {
// Runs in the making of `own` in one line (feature 8 of ShockFeatures): each
// empty square with `own` pieces on both sides, valued as a run one shorter
// than the two groups together.
int gapValue(uint32_t own, uint32_t empty) {
  int v = 0;
  for (uint32_t gaps = empty & (own << 1) & (own >> 1); gaps; gaps &= gaps - 1) {
    const int g = std::countr_zero(gaps);
    const int below = std::countl_one(uint32_t(own << (32 - g)));
    const int above = std::countr_one(own >> (g + 1));
    const int len = below + above - 1;  // one shorter than the two together
    if (len >= 2 && below + above >= 3) v += kShockUntuned.run[std::min(len - 2, kShockRunFeatures - 1)];
  }
  return v;
}

int gapsOf(const Board& b, Colour c) {
  const uint32_t mask = (1u << b.size()) - 1;
  int v = 0;
  for (int k = 0; k < b.size(); ++k) {
    const uint32_t rowOcc = b.rowBits(Colour::White, k) | b.rowBits(Colour::Black, k);
    const uint32_t colOcc = b.colBits(Colour::White, k) | b.colBits(Colour::Black, k);
    v += gapValue(b.rowBits(c, k), ~rowOcc & mask) + gapValue(b.colBits(c, k), ~colOcc & mask);
  }
  return v;
}

ShockFeatures runFeatures(const Board& b, Colour toMove) {
  const RunCounts mine = runsOf(b, toMove), theirs = runsOf(b, opponent(toMove));
  ShockFeatures f{};
  for (int len = 2; len <= b.size(); ++len) f[std::min(len - 2, kShockRunFeatures - 1)] += theirs[len] - mine[len];
  return f;
}
}  // namespace

ShockFeatures shockFeatures(const Board& b, Colour toMove) {
  ShockFeatures f = runFeatures(b, toMove);
  f[kShockRunFeatures] = gapsOf(b, opponent(toMove)) - gapsOf(b, toMove);
  return f;
}

int ShockEval::operator()(const ShockState& s) const {
  // The runs in the making only when they weigh something (the untuned
  // evaluation is as fast as before).
  const ShockFeatures f = w.run[kShockRunFeatures] ? shockFeatures(s.board(), s.toMove()) : runFeatures(s.board(), s.toMove());
  int score = 0;
  for (std::size_t i = 0; i < f.size(); ++i) score += w.run[i] * f[i];
  return score;
}

namespace {
// The player's pieces with at least 1, 2, 3 of their four diagonal
// neighbours held by the opponent, and (n[3]) those with three whose fourth
// diagonal square is empty.
std::array<int, 4> diagonalCounts(const Board& b, Colour c) {
  const Colour o = opponent(c);
  const uint32_t mask = (1u << b.size()) - 1;
  std::array<int, 4> n{};
  for (int r = 1; r + 1 < b.size(); ++r) {
    const uint32_t up = b.rowBits(o, r + 1), down = b.rowBits(o, r - 1);
    const uint32_t d1 = up << 1, d2 = up >> 1, d3 = down << 1, d4 = down >> 1;
    // Bit-sliced "how many of the four diagonals": at least 1, 2, 3.
    const uint32_t ge1 = d1 | d2 | d3 | d4;
    const uint32_t ge2 = (d1 & d2) | (d1 & d3) | (d1 & d4) | (d2 & d3) | (d2 & d4) | (d3 & d4);
    const uint32_t ge3 = (d1 & d2 & d3) | (d1 & d2 & d4) | (d1 & d3 & d4) | (d2 & d3 & d4);
    const uint32_t own = b.rowBits(c, r);
    n[0] += std::popcount(own & ge1), n[1] += std::popcount(own & ge2), n[2] += std::popcount(own & ge3);
    if (own & ge3) {
      const uint32_t eUp = ~(up | b.rowBits(c, r + 1)) & mask, eDown = ~(down | b.rowBits(c, r - 1)) & mask;
      const uint32_t anyEmpty = (eUp << 1) | (eUp >> 1) | (eDown << 1) | (eDown >> 1);
      n[3] += std::popcount(own & ge3 & anyEmpty);
    }
  }
  return n;
}
}  // namespace

int attractPotential(const Board& b, Colour c) {
  const std::array<int, 4> n = diagonalCounts(b, c);
  return kAttractUntuned.atLeast[0] * n[0] + kAttractUntuned.atLeast[1] * n[1] + kAttractUntuned.atLeast[2] * n[2];
}

AttractFeatures attractFeatures(const Board& b, Colour toMove) {
  const std::array<int, 4> mine = diagonalCounts(b, toMove), theirs = diagonalCounts(b, opponent(toMove));
  return {mine[0] - theirs[0], mine[1] - theirs[1], mine[2] - theirs[2], mine[3] - theirs[3]};
}

int AttractEval::operator()(const AttractState& s) const {
  const AttractFeatures f = attractFeatures(s.board(), s.toMove());
  int score = 0;
  for (std::size_t i = 0; i < f.size(); ++i) score += w.atLeast[i] * f[i];
  return score;
}

}  // namespace placement
