// The sequential probability ratio test of a match, as fishtest runs it:
// after every game (trinomial) or every pair of games with colours swapped
// (pentanomial), the log-likelihood ratio (LLR) of H1 "A - B = elo1"
// against H0 "A - B = elo0" is compared with Wald's bounds
//   lower = ln(beta / (1 - alpha)),  upper = ln((1 - beta) / alpha);
// at or above `upper` H1 is accepted (A is better by elo1 rather than
// elo0), at or below `lower` H0 is accepted, in between the match goes on.
// alpha is the chance of accepting H1 when H0 holds, beta of accepting H0
// when H1 holds.
//
// The LLR is the generalised SPRT (GSPRT) of fishtest: the results are a
// discrete distribution over scores x_i (trinomial: 0, 1/2, 1; pentanomial:
// a pair's mean 0, 1/4, 1/2, 3/4, 1) seen n_i times. Under each hypothesis
// the distribution is the maximum-likelihood one among those whose mean
// score is s = 1 / (1 + 10^(-elo/400)) (the logistic Elo model, the one
// MatchScore uses); that distribution is p_i = q_i / (1 + lambda (x_i - s))
// with q_i the observed frequencies and lambda the root of
// sum q_i (x_i - s) / (1 + lambda (x_i - s)) = 0, found by bisection. The
// LLR is sum n_i ln(p1_i / p0_i). Zero counts are replaced by 1e-3 first
// (fishtest's regularisation), so a clean sweep gives a finite, large LLR
// and not a division by zero. For large samples it agrees with the
// normal approximation n (s1 - s0) (2 m - s0 - s1) / (2 var) (`approxLlr`,
// m and var the observed mean and variance per sample).
//
// Nothing here names a game; the `games match` front end feeds it results.
#pragma once
#include <array>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>

namespace game::sprt {

// The expected score of a player `elo` points stronger (logistic model).
inline double scoreOfElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

struct Bounds {
  double lower = 0, upper = 0;
};
inline Bounds bounds(double alpha, double beta) { return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)}; }

// The test's settings; check() says what is wrong ("" when nothing).
struct Options {
  double elo0 = 0, elo1 = 10;
  double alpha = 0.05, beta = 0.05;
  std::string check() const {
    if (!std::isfinite(elo0) || !std::isfinite(elo1) || std::abs(elo0) >= 1000 || std::abs(elo1) >= 1000)
      return "the Elo bounds must be finite numbers above -1000 and below 1000 (-1000 and 1000 excluded)";
    if (!(elo0 < elo1)) return "elo0 must be less than elo1";
    if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) return "alpha and beta must be in (0, 0.5)";
    return "";
  }
};

namespace detail {
// The maximum-likelihood distribution of mean `s` given frequencies q over
// scores x (both of size k, q > 0, min x < s < max x): writes it to p.
inline void constrainedMle(std::span<const double> q, std::span<const double> x, double s, std::span<double> p) {
  double xmin = x[0], xmax = x[0];
  for (double v : x) xmin = std::min(xmin, v), xmax = std::max(xmax, v);
  // 1 + lambda (x_i - s) > 0 for every i bounds lambda on both sides.
  double lo = -1.0 / (xmax - s), hi = 1.0 / (s - xmin);
  for (int it = 0; it < 200; ++it) {
    const double lambda = 0.5 * (lo + hi);
    double f = 0;  // decreasing in lambda
    for (std::size_t i = 0; i < q.size(); ++i) f += q[i] * (x[i] - s) / (1 + lambda * (x[i] - s));
    (f > 0 ? lo : hi) = lambda;
  }
  const double lambda = 0.5 * (lo + hi);
  for (std::size_t i = 0; i < q.size(); ++i) p[i] = q[i] / (1 + lambda * (x[i] - s));
}
}  // namespace detail

// The GSPRT's LLR of H1 (mean score s1) against H0 (s0) for `counts[i]`
// samples of score `scores[i]` (at most 8 kinds; every score in [0, 1]).
// 0 with no samples.
inline double llr(std::span<const double> counts, std::span<const double> scores, double s0, double s1) {
  constexpr std::size_t kMax = 8;
  if (counts.size() != scores.size() || counts.size() < 2 || counts.size() > kMax)
    throw std::invalid_argument("sprt::llr: 2..8 kinds of result, one score each");
  double n = 0;
  for (double c : counts) n += c;
  if (n <= 0) return 0;
  std::array<double, kMax> q{}, p0{}, p1{};
  double total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) total += q[i] = counts[i] > 0 ? counts[i] : 1e-3;
  for (std::size_t i = 0; i < counts.size(); ++i) q[i] /= total;
  const std::size_t k = counts.size();
  detail::constrainedMle({q.data(), k}, scores, s0, {p0.data(), k});
  detail::constrainedMle({q.data(), k}, scores, s1, {p1.data(), k});
  double sum = 0;
  for (std::size_t i = 0; i < k; ++i) sum += q[i] * std::log(p1[i] / p0[i]);
  return total * sum;
}

// The normal approximation of the same LLR (for comparison and tests).
inline double approxLlr(std::span<const double> counts, std::span<const double> scores, double s0, double s1) {
  double n = 0, m = 0, m2 = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) n += counts[i], m += counts[i] * scores[i], m2 += counts[i] * scores[i] * scores[i];
  if (n <= 0) return 0;
  m /= n;
  const double var = m2 / n - m * m;
  if (var <= 0) return 0;
  return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var);
}

// Games scored from A's side: losses, draws, wins.
inline double trinomialLlr(double losses, double draws, double wins, double elo0, double elo1) {
  const std::array<double, 3> counts = {losses, draws, wins}, scores = {0, 0.5, 1};
  return llr(counts, scores, scoreOfElo(elo0), scoreOfElo(elo1));
}

// Pairs of games (A with each colour once) by A's points in the pair:
// pairs[k] is the number of pairs in which A scored k/2 points (0..4 half
// points), the pentanomial of fishtest.
inline double pentanomialLlr(const std::array<double, 5>& pairs, double elo0, double elo1) {
  const std::array<double, 5> scores = {0, 0.25, 0.5, 0.75, 1};
  return llr(pairs, scores, scoreOfElo(elo0), scoreOfElo(elo1));
}

enum class Verdict { Continue, H0, H1 };

// A running test's verdict after a new LLR: the first bound crossed, kept
// once reached.
inline Verdict decide(Verdict v, double llr, const Bounds& b) {
  if (v != Verdict::Continue) return v;
  return llr >= b.upper ? Verdict::H1 : llr <= b.lower ? Verdict::H0 : Verdict::Continue;
}

// A running test on pairs of games: add() each game's return for A (1, 1/2,
// 0) in the order played; games 2k and 2k+1 form a pair (the schedule swaps
// colours between them), and the verdict is updated when a pair completes.
class Test {
 public:
  explicit Test(Options options) : options_(options), bounds_(bounds(options.alpha, options.beta)) {
    if (const std::string why = options.check(); !why.empty()) throw std::invalid_argument("SPRT: " + why);
  }

  void add(double returnA) {
    const int halfPoints = returnA >= 1.0 ? 2 : returnA <= 0.0 ? 0 : 1;
    if (pending_ < 0) {
      pending_ = halfPoints;
      return;
    }
    ++pairs_[pending_ + halfPoints];
    pending_ = -1;
    llr_ = pentanomialLlr(pairs_, options_.elo0, options_.elo1);
    verdict_ = decide(verdict_, llr_, bounds_);
  }

  Verdict verdict() const { return verdict_; }
  double llr() const { return llr_; }
  const Bounds& limits() const { return bounds_; }
  const Options& options() const { return options_; }
  const std::array<double, 5>& pairs() const { return pairs_; }

 private:
  Options options_;
  Bounds bounds_;
  std::array<double, 5> pairs_{};
  int pending_ = -1;  // the first game of an unfinished pair, in half points
  double llr_ = 0;
  Verdict verdict_ = Verdict::Continue;
};

// A field of K players, one candidate against K - 1 copies of a baseline
// (5RINGS: one seat against four), seats rotated so that each entry plays
// every seat. A game has one winner. Under the logistic (Bradley-Terry /
// Plackett-Luce first place) model a candidate `elo` points stronger than
// each copy wins a game with probability r / (r + K - 1), r = 10^(elo/400):
// 1/K when equal. The test is the SPRT on the candidate's wins, a
// Bernoulli count (the GSPRT above with two results, whose constrained
// maximum-likelihood distributions are exactly Bernoulli(s0) and (s1)).
// Only the winner is used, not the places or points: a game's points are
// shared out among the five seats by the game, and their distribution
// under an Elo difference has no model the field agrees on.
inline double fieldWinShare(double elo, int players) {
  const double r = std::pow(10.0, elo / 400.0);
  return r / (r + players - 1);
}
// The inverse: the Elo difference of a candidate that wins `share` of its games.
inline double fieldEloOf(double share, int players) {
  if (share <= 0) return -INFINITY;
  if (share >= 1) return INFINITY;
  return 400.0 * std::log10(share * (players - 1) / (1.0 - share));
}

// The running test: add() each game's result for the candidate in the
// order played; the verdict is updated after every game.
class FieldTest {
 public:
  FieldTest(Options options, int players)
      : options_(options), players_(players), bounds_(bounds(options.alpha, options.beta)) {
    if (const std::string why = options.check(); !why.empty()) throw std::invalid_argument("SPRT: " + why);
    if (players < 2) throw std::invalid_argument("SPRT: a field needs at least two players");
  }

  void add(bool candidateWon) {
    ++(candidateWon ? wins_ : losses_);
    const std::array<double, 2> counts = {double(losses_), double(wins_)}, scores = {0, 1};
    llr_ = sprt::llr(counts, scores, fieldWinShare(options_.elo0, players_), fieldWinShare(options_.elo1, players_));
    verdict_ = decide(verdict_, llr_, bounds_);
  }

  Verdict verdict() const { return verdict_; }
  double llr() const { return llr_; }
  const Bounds& limits() const { return bounds_; }
  const Options& options() const { return options_; }
  int wins() const { return wins_; }
  int games() const { return wins_ + losses_; }
  int players() const { return players_; }

 private:
  Options options_;
  int players_;
  Bounds bounds_;
  int wins_ = 0, losses_ = 0;
  double llr_ = 0;
  Verdict verdict_ = Verdict::Continue;
};

}  // namespace game::sprt
