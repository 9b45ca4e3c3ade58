// Matches between computer players, for any game::GameState: one game
// played out (playOut), the schedule of a two-player match (colours
// alternate, each game its own seed) with A's wins, draws and losses and
// the Elo difference A - B with a 95% confidence interval (MatchScore), and
// the seat rotation of a match of more players with each entry's wins and
// scores (SeatTable). Front ends print; nothing here names a game.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/player.h"
#include "game/search.h"

namespace game {

struct EloEstimate {
  double elo = 0;   // A's rating minus B's; +-infinity after a clean sweep
  double low = 0;   // 95% interval
  double high = 0;
};

// The Wilson score interval (95%) of a mean score p over n games: unlike
// the plain normal approximation it stays informative after a clean sweep
// (200 wins out of 200 still bound the rate from below).
inline std::array<double, 2> wilson95(double p, int n) {
  const double z = 1.96, z2 = z * z;
  const double centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
  const double half = z / (1.0 + z2 / n) * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
  return {centre - half, centre + half};
}

struct MatchScore {
  int wins = 0, draws = 0, losses = 0;  // of player A

  int games() const { return wins + draws + losses; }
  // Counts one game by A's return (1 win, 0 loss, anything between a draw).
  void add(double returnA) {
    if (returnA >= 1.0)
      ++wins;
    else if (returnA <= 0.0)
      ++losses;
    else
      ++draws;
  }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }

  // The logistic Elo model: expected score p <=> difference -400 log10(1/p - 1).
  static double eloOf(double p) {
    if (p <= 0) return -std::numeric_limits<double>::infinity();
    if (p >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / p - 1.0);
  }

  // The interval is the Wilson interval of the mean score (draws as half
  // points), mapped through the Elo curve.
  EloEstimate elo() const {
    const int n = games();
    if (n == 0) return {};
    const auto [low, high] = wilson95(score(), n);
    return {eloOf(score()), eloOf(low), eloOf(high)};
  }
};

// One candidate against K - 1 copies of a baseline (sprt.h, FieldTest):
// its wins, its win rate with the Wilson interval, and the Elo difference
// against each copy that rate means under the field's model
// (sprt::fieldEloOf; 0 at a rate of 1/K).
struct FieldScore {
  int wins = 0, games = 0, players = 5;
  double rate() const { return games ? double(wins) / games : 1.0 / players; }
  std::array<double, 2> rateInterval() const { return games ? wilson95(rate(), games) : std::array<double, 2>{0, 1}; }
};

// Plays `s` to the end: the player to move is playerOf(currentPlayer())
// and chooses within `limits`; onMove(state before the move, move) sees every
// move (a record, a line on the screen). Returns the final state. A player
// that finds no move in a live position is a bug: std::logic_error.
template <GameState S, class PlayerOf, class OnMove>
S playOut(S s, PlayerOf playerOf, const SearchLimits& limits, OnMove&& onMove) {
  while (!s.isTerminal()) {
    const auto r = playerOf(s.currentPlayer())->choose(s, limits);
    if (!r.hasMove) throw std::logic_error("a player found no move in a live position");
    onMove(static_cast<const S&>(s), r.move);
    s.apply(r.move);
  }
  return s;
}

// The schedule of a two-player match: A moves first in even games (from 0),
// and game g searches with its own seed, derived from the match's, so that
// games differ yet the match is reproducible.
struct PairSchedule {
  uint64_t seed = 1;
  static bool aFirst(int game) { return game % 2 == 0; }
  uint64_t seedOf(int game) const { return seed * 1000003 + uint64_t(game); }
};

// A match of K entries in K seats, rotated every game: in game g (from 0)
// seat c is played by entry (c + g) mod K, so every entry plays every seat
// as often as the number of games allows. Tallies each entry's wins and
// points.
template <int K>
class SeatTable {
 public:
  static int entryOf(int seat, int game) { return (seat + game) % K; }

  // Game `game` ended with `winner` (a seat) and these points per seat.
  void add(int game, int winner, const std::array<int, K>& points) {
    ++games_;
    ++wins_[entryOf(winner, game)];
    for (int c = 0; c < K; ++c) points_[entryOf(c, game)] += points[c];
  }
  int games() const { return games_; }
  int wins(int entry) const { return wins_[entry]; }
  double meanPoints(int entry) const { return games_ ? points_[entry] / games_ : 0; }

  // The same kind of player in several entries: per kind, its entries
  // summed (wins, points) and counted, in the kinds' alphabetical order.
  struct Kind {
    int entries = 0, wins = 0;
    double points = 0;
  };
  std::map<std::string, Kind> byKind(const std::vector<std::string>& kindOfEntry) const {
    std::map<std::string, Kind> out;
    for (int i = 0; i < K; ++i) {
      Kind& k = out[kindOfEntry[i]];
      ++k.entries;
      k.wins += wins_[i];
      k.points += points_[i];
    }
    return out;
  }

 private:
  int games_ = 0;
  std::array<int, K> wins_{};
  std::array<double, K> points_{};
};

}  // namespace game
