// Scoring a match between two players: wins, draws and losses of player A,
// its score, and the Elo difference A - B with a 95% confidence interval.
#pragma once
#include <cmath>
#include <limits>

namespace game {

struct EloEstimate {
  double elo = 0;   // A's rating minus B's; +-infinity after a clean sweep
  double low = 0;   // 95% interval
  double high = 0;
};

struct MatchScore {
  int wins = 0, draws = 0, losses = 0;  // of player A

  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }

  // The logistic Elo model: expected score p <=> difference -400 log10(1/p - 1).
  static double eloOf(double p) {
    if (p <= 0) return -std::numeric_limits<double>::infinity();
    if (p >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / p - 1.0);
  }

  // The interval is the Wilson score interval of the mean score (draws as
  // half points), mapped through the Elo curve: unlike the plain normal
  // approximation it stays informative after a clean sweep (200 wins out of
  // 200 still bound the difference from below).
  EloEstimate elo() const {
    const int n = games();
    if (n == 0) return {};
    const double p = score(), z = 1.96, z2 = z * z;
    const double centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    const double half = z / (1.0 + z2 / n) * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
    return {eloOf(p), eloOf(centre - half), eloOf(centre + half)};
  }
};

}  // namespace game
