// Scoring a match between two players: wins, draws and losses of player A,
// its score, and the Elo difference A - B with a 95% confidence interval.
#pragma once
#include <cmath>
#include <limits>

namespace game {

struct EloEstimate {
  double elo = 0;   // A's rating minus B's; +-infinity after a clean sweep
  double low = 0;   // 95% interval (normal approximation of the mean score)
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

  EloEstimate elo() const {
    const int n = games();
    if (n == 0) return {};
    const double p = score();
    // The per-game variance of the score, counting draws as the half points
    // they are (narrower than treating the result as a coin).
    const double var = (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
    const double half = 1.96 * std::sqrt(var / n);
    return {eloOf(p), eloOf(p - half), eloOf(p + half)};
  }
};

}  // namespace game
