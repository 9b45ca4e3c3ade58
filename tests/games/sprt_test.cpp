// The SPRT of `games match` (solver/game/sprt.h): Wald's bounds, the GSPRT's
// log-likelihood ratio against values computed independently (a separate
// Python bisection of the same constrained maximum likelihood, fishtest's
// regularisation of empty counts included), its agreement with the normal
// approximation on a large sample, and a running test that stops.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

#include "game/sprt.h"

namespace {

namespace sprt = game::sprt;

TEST(Sprt, WaldBounds) {
  const auto b = sprt::bounds(0.05, 0.05);
  EXPECT_NEAR(b.lower, -2.944439, 1e-6);
  EXPECT_NEAR(b.upper, 2.944439, 1e-6);
  const auto c = sprt::bounds(0.05, 0.10);
  EXPECT_NEAR(c.lower, std::log(0.10 / 0.95), 1e-12);
  EXPECT_NEAR(c.upper, std::log(0.90 / 0.05), 1e-12);
}

TEST(Sprt, ScoreOfEloIsTheLogisticCurve) {
  EXPECT_DOUBLE_EQ(sprt::scoreOfElo(0), 0.5);
  EXPECT_NEAR(sprt::scoreOfElo(400), 10.0 / 11.0, 1e-12);
  EXPECT_NEAR(sprt::scoreOfElo(-400), 1.0 / 11.0, 1e-12);
}

// Losses, draws, wins; Elo bounds; the LLR computed independently.
TEST(Sprt, TrinomialLlrKnownValues) {
  EXPECT_NEAR(sprt::trinomialLlr(4063, 8620, 4307, 0, 3), 2.991289, 1e-5);
  EXPECT_NEAR(sprt::trinomialLlr(30, 10, 60, 0, 50), 3.659142, 1e-5);
  EXPECT_NEAR(sprt::trinomialLlr(60, 10, 30, 0, 50), -5.927049, 1e-5);
  EXPECT_NEAR(sprt::trinomialLlr(0, 0, 20, 0, 100), 4.939151, 1e-5);  // a sweep: finite
  EXPECT_DOUBLE_EQ(sprt::trinomialLlr(0, 0, 0, 0, 10), 0.0);
}

TEST(Sprt, PentanomialLlrKnownValues) {
  EXPECT_NEAR(sprt::pentanomialLlr({10, 20, 40, 25, 5}, 0, 10), -0.437486, 1e-5);
  EXPECT_NEAR(sprt::pentanomialLlr({2, 3, 10, 30, 15}, -10, 40), 7.073410, 1e-5);
  EXPECT_NEAR(sprt::pentanomialLlr({0, 0, 0, 0, 3}, 0, 200), 1.255651, 1e-5);
}

TEST(Sprt, ExactAndNormalApproximationAgreeOnALargeSample) {
  const std::array<double, 3> counts = {4063, 8620, 4307}, scores = {0, 0.5, 1};
  const double s0 = sprt::scoreOfElo(0), s1 = sprt::scoreOfElo(3);
  EXPECT_NEAR(sprt::approxLlr(counts, scores, s0, s1), 2.992213, 1e-5);
  EXPECT_NEAR(sprt::llr(counts, scores, s0, s1), sprt::approxLlr(counts, scores, s0, s1), 0.01);
}

TEST(Sprt, LlrIsZeroHalfWayAndAntisymmetric) {
  // An observed mean exactly between s0 and s1 favours neither.
  EXPECT_NEAR(sprt::trinomialLlr(50, 0, 50, -20, 20), 0.0, 1e-9);
  EXPECT_NEAR(sprt::trinomialLlr(30, 10, 60, 0, 50), -sprt::trinomialLlr(60, 10, 30, -50, 0), 1e-9);
}

TEST(Sprt, OptionsRefuseBadValues) {
  EXPECT_EQ(sprt::Options{}.check(), "");
  EXPECT_NE((sprt::Options{.elo0 = 10, .elo1 = 10}.check()), "");
  EXPECT_NE((sprt::Options{.elo0 = 10, .elo1 = 0}.check()), "");
  EXPECT_NE(sprt::Options{.alpha = 0}.check(), "");
  EXPECT_NE(sprt::Options{.beta = 0.5}.check(), "");
  EXPECT_NE(sprt::Options{.elo1 = std::numeric_limits<double>::quiet_NaN()}.check(), "");
  EXPECT_NE(sprt::Options{.elo1 = 5000}.check(), "");
  EXPECT_THROW(sprt::Test(sprt::Options{.alpha = 1}), std::invalid_argument);
}

// A player that wins every game is shown better within a few pairs (not
// after one game: a pair must complete); one that loses every game is shown
// not better; even play against a large elo1 ends in H0.
TEST(Sprt, RunningTestStopsWithAVerdict) {
  sprt::Test wins(sprt::Options{.elo0 = 0, .elo1 = 100});
  wins.add(1);
  EXPECT_EQ(wins.verdict(), sprt::Verdict::Continue);
  EXPECT_EQ(wins.llr(), 0.0);
  int games = 1;
  while (wins.verdict() == sprt::Verdict::Continue && games < 1000) wins.add(1), ++games;
  EXPECT_EQ(wins.verdict(), sprt::Verdict::H1);
  EXPECT_GE(wins.llr(), wins.limits().upper);
  EXPECT_LT(games, 40);
  EXPECT_EQ(games % 2, 0);

  sprt::Test losses(sprt::Options{.elo0 = 0, .elo1 = 100});
  for (games = 0; losses.verdict() == sprt::Verdict::Continue && games < 1000; ++games) losses.add(0);
  EXPECT_EQ(losses.verdict(), sprt::Verdict::H0);
  EXPECT_LT(games, 40);

  sprt::Test even(sprt::Options{.elo0 = 0, .elo1 = 50});
  for (games = 0; even.verdict() == sprt::Verdict::Continue && games < 10000; ++games) even.add(games % 4 < 2 ? 1 : 0);
  EXPECT_EQ(even.verdict(), sprt::Verdict::H0);
  EXPECT_GT(even.pairs()[0] + even.pairs()[4], 0);  // (1,1) and (0,0) pairs were counted as such
}

// The five-seat field: equal players win 1/K each; the share and the Elo
// are each other's inverse; a candidate twice as likely to win as a copy
// (r = 2) is 400 log10 2 = 120.4 Elo stronger.
TEST(SprtField, WinShareOfTheField) {
  EXPECT_DOUBLE_EQ(sprt::fieldWinShare(0, 5), 0.2);
  EXPECT_DOUBLE_EQ(sprt::fieldWinShare(0, 2), sprt::scoreOfElo(0));
  EXPECT_NEAR(sprt::fieldWinShare(50, 2), sprt::scoreOfElo(50), 1e-12);  // two seats: the duel's curve
  EXPECT_NEAR(sprt::fieldWinShare(400 * std::log10(2.0), 5), 2.0 / 6.0, 1e-12);
  for (double elo : {-300.0, -20.0, 0.0, 35.0, 250.0}) EXPECT_NEAR(sprt::fieldEloOf(sprt::fieldWinShare(elo, 5), 5), elo, 1e-9);
  EXPECT_EQ(sprt::fieldEloOf(0, 5), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(sprt::fieldEloOf(1, 5), std::numeric_limits<double>::infinity());
}

// The field's LLR is the Bernoulli one: W ln(s1/s0) + L ln((1-s1)/(1-s0)).
TEST(SprtField, LlrIsTheBernoulliOne) {
  sprt::FieldTest t(sprt::Options{.elo0 = 0, .elo1 = 50}, 5);
  const int wins = 23, losses = 77;
  for (int g = 0; g < wins + losses; ++g) t.add(g < wins);
  const double s0 = 0.2, s1 = sprt::fieldWinShare(50, 5);
  EXPECT_NEAR(t.llr(), wins * std::log(s1 / s0) + losses * std::log((1 - s1) / (1 - s0)), 1e-6);
  EXPECT_EQ(t.games(), 100);
  EXPECT_EQ(t.wins(), 23);
}

// A candidate that wins 2 games in 5 (r = 8/3 against four copies) is
// shown better than elo1 50; one that wins 1 in 5 (equal) is shown not
// better; one that wins nothing fast. The verdict stays once reached.
TEST(SprtField, RunningTestStopsWithAVerdict) {
  sprt::FieldTest strong(sprt::Options{.elo0 = 0, .elo1 = 50}, 5);
  int games = 0;
  for (; strong.verdict() == sprt::Verdict::Continue && games < 5000; ++games) strong.add(games % 5 < 2);
  EXPECT_EQ(strong.verdict(), sprt::Verdict::H1);
  EXPECT_LT(games, 200);
  sprt::FieldTest equal(sprt::Options{.elo0 = 0, .elo1 = 50}, 5);
  for (games = 0; equal.verdict() == sprt::Verdict::Continue && games < 5000; ++games) equal.add(games % 5 == 0);
  EXPECT_EQ(equal.verdict(), sprt::Verdict::H0);
  EXPECT_GT(games, 100);
  sprt::FieldTest none(sprt::Options{.elo0 = 0, .elo1 = 50}, 5);
  for (games = 0; none.verdict() == sprt::Verdict::Continue && games < 5000; ++games) none.add(false);
  EXPECT_EQ(none.verdict(), sprt::Verdict::H0);
  EXPECT_LT(games, 80);
  none.add(true);
  EXPECT_EQ(none.verdict(), sprt::Verdict::H0);
  EXPECT_THROW(sprt::FieldTest(sprt::Options{}, 1), std::invalid_argument);
}

}  // namespace
