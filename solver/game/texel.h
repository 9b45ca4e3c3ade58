// Texel's tuning method (Peter Österlund, 2014) for an evaluation linear in
// a few features: positions from games, each labelled by the result the
// player to move went on to get (1 win, 1/2 draw, 0 loss); the error of a
// weight vector w is the mean of (result - sigmoid(K * w . f))^2 over the
// positions, with sigmoid(x) = 1 / (1 + e^-x). K is fitted once to the
// starting weights (it only sets the scale: the search compares scores and
// does not care for it), then the weights are moved one at a time while
// the error falls.
//
// The moves are multiplicative (w * (1 + s), w / (1 + s), s halved from 1/2
// down to 1/64), because the placement evaluations' weights span six
// orders of magnitude; a weight of 0 is tried at +-1. Integer weights (the
// evaluations return int). Deterministic: the same samples give the same
// weights.
//
// Samples come from self-play (selfPlaySamples): two copies of a player at
// a fixed playout or node budget (the same games on every machine), each
// position after the first `skip` moves, with the features a game's
// evaluation computes. Nothing here names a game.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "game/game.h"
#include "game/player.h"
#include "game/rng.h"
#include "game/search.h"

namespace game::texel {

template <std::size_t N>
struct Sample {
  std::array<int, N> features;
  double result = 0.5;  // of the player to move: 1, 0.5, 0
};

template <std::size_t N>
double meanError(const std::vector<Sample<N>>& samples, const std::array<int, N>& w, double k) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const Sample<N>& s : samples) {
    double score = 0;
    for (std::size_t i = 0; i < N; ++i) score += double(w[i]) * s.features[i];
    const double e = s.result - 1.0 / (1.0 + std::exp(-k * score));
    sum += e * e;
  }
  return sum / double(samples.size());
}

// The K of least error for weights w: a golden-section search of log K
// over 10^-9 .. 10 (the error is unimodal in K for these data).
template <std::size_t N>
double fitScale(const std::vector<Sample<N>>& samples, const std::array<int, N>& w) {
  double lo = std::log(1e-9), hi = std::log(10.0);
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = meanError(samples, w, std::exp(a)), fb = meanError(samples, w, std::exp(b));
  for (int it = 0; it < 100; ++it) {
    if (fa < fb) {
      hi = b, b = a, fb = fa, a = hi - g * (hi - lo), fa = meanError(samples, w, std::exp(a));
    } else {
      lo = a, a = b, fa = fb, b = lo + g * (hi - lo), fb = meanError(samples, w, std::exp(b));
    }
  }
  return std::exp((lo + hi) / 2);
}

template <std::size_t N>
struct Tuned {
  std::array<int, N> weights;
  double k = 0;
  double errorBefore = 0, errorAfter = 0;
  int passes = 0;
};

// Local search from `start` at the scale fitted to `start`, every weight
// within +-maxWeight: an evaluation returns an int, and with data that
// barely constrain a weight (few games, a feature seldom seen) the search
// would otherwise let it grow without end (2^22 times the placement
// games' feature sums stays far below game::kEvalBound).
template <std::size_t N>
Tuned<N> tune(const std::vector<Sample<N>>& samples, const std::array<int, N>& start, int maxPasses = 50,
              int maxWeight = 1 << 22) {
  Tuned<N> t;
  t.weights = start;
  t.k = fitScale(samples, start);
  t.errorBefore = t.errorAfter = meanError(samples, start, t.k);
  for (double step = 0.5; step >= 1.0 / 64; step /= 2) {
    bool better = true;
    for (int pass = 0; better && pass < maxPasses; ++pass, ++t.passes) {
      better = false;
      for (std::size_t i = 0; i < N; ++i) {
        const int w = t.weights[i];
        const int up = w == 0 ? 1 : std::max<int>(w + 1, int(std::lround(w * (1 + step))));
        const int down = w == 0 ? -1 : int(std::lround(w / (1 + step)));
        for (int candidate : {up, down}) {
          if (candidate == w || std::abs(candidate) > maxWeight) continue;
          std::array<int, N> trial = t.weights;
          trial[i] = candidate;
          const double e = meanError(samples, trial, t.k);
          if (e < t.errorAfter) {
            t.errorAfter = e, t.weights = trial, better = true;
            break;
          }
        }
      }
    }
  }
  return t;
}

struct SelfPlay {
  int games = 200;
  int opening = 4;       // the first moves are random (seeded): games that differ from the first move
  int skip = 6;          // and the first moves give no samples
  uint64_t seed = 1;
  SearchLimits limits;   // a playout or node budget, never a time: the same games everywhere
};

// Positions of `games` self-play games (a random opening, then two players
// that `makePlayer` makes, seeded), each labelled by its game's result for the player to
// move there. `features(state)` from the player to move's view.
template <GameState S, std::size_t N>
  requires(S::kPlayers == 2)
std::vector<Sample<N>> selfPlaySamples(const std::function<S(uint64_t game)>& start,
                                       const std::function<std::unique_ptr<Player<S>>(uint64_t seed)>& makePlayer,
                                       const std::function<std::array<int, N>(const S&)>& features,
                                       const SelfPlay& opt) {
  std::vector<Sample<N>> out;
  for (int g = 0; g < opt.games; ++g) {
    const uint64_t seed = opt.seed * 1000003 + uint64_t(g);
    std::array<std::unique_ptr<Player<S>>, 2> players = {makePlayer(2 * seed), makePlayer(2 * seed + 1)};
    S s = start(uint64_t(g));
    Rng rng(seed);
    std::vector<std::pair<std::array<int, N>, int>> seen;  // features, player to move
    SearchLimits limits = opt.limits;
    for (int ply = 0; !s.isTerminal(); ++ply) {
      if (ply >= opt.skip) seen.push_back({features(s), s.currentPlayer()});
      if (ply < opt.opening) {
        typename S::Move moves[S::kMaxMoves];
        const int n = s.legalMoves(moves);
        s.apply(moves[rng.below(uint32_t(n))]);
        continue;
      }
      limits.seed = seed * 7919 + uint64_t(ply);
      const auto r = players[std::size_t(s.currentPlayer())]->choose(s, limits);
      if (!r.hasMove) break;
      s.apply(r.move);
    }
    const auto returns = s.returns();
    for (const auto& [f, player] : seen) out.push_back({f, returns[std::size_t(player)]});
  }
  return out;
}

}  // namespace game::texel
