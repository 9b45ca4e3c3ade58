// game/texel.h: the error, the scale fit and the local search, on data
// made from known weights, and the self-play samples of a real game.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "game/texel.h"
#include "registry/games.h"

namespace {

using game::texel::Sample;

// Positions whose results follow sigmoid(0.01 * (40 a + 10 b)) exactly (as
// expected scores): from start weights (10, 10) the search finds weights
// in the ratio 4 : 1 and an error far below the start's.
std::vector<Sample<2>> known() {
  std::vector<Sample<2>> out;
  for (int a = -6; a <= 6; ++a)
    for (int b = -6; b <= 6; ++b) out.push_back({{a, b}, 1.0 / (1.0 + std::exp(-0.01 * (40 * a + 10 * b)))});
  return out;
}

TEST(Texel, ErrorIsTheMeanSquareOfTheSigmoidsMiss) {
  const std::vector<Sample<1>> s = {{{0}, 1.0}, {{0}, 0.0}};
  EXPECT_DOUBLE_EQ(game::texel::meanError<1>(s, {5}, 1.0), 0.25);  // sigmoid(0) = 1/2 misses each by 1/2
  EXPECT_DOUBLE_EQ(game::texel::meanError<1>({}, {5}, 1.0), 0.0);
}

TEST(Texel, TheSearchRecoversKnownWeightsUpToScale) {
  const auto data = known();
  const auto t = game::texel::tune<2>(data, {10, 10});
  EXPECT_LT(t.errorAfter, t.errorBefore / 20);
  EXPECT_NEAR(double(t.weights[0]) / t.weights[1], 4.0, 0.25);
  // The same data, the same weights (deterministic).
  EXPECT_EQ(game::texel::tune<2>(data, {10, 10}).weights, t.weights);
}

TEST(Texel, ScaleFitFindsTheKOfTheData) {
  const auto data = known();
  // With the true weights (40, 10) the best K is the data's 0.01.
  EXPECT_NEAR(game::texel::fitScale<2>(data, {40, 10}), 0.01, 1e-4);
}

// Self-play of JC Attract at a small budget: the samples are the positions
// after the opening, labelled 1, 1/2 or 0, the same for the same seed.
TEST(Texel, SelfPlaySamplesAreReproducible) {
  using S = games::Attract::State;
  game::texel::SelfPlay sp;
  sp.games = 2;
  sp.limits.playouts = 50;
  auto run = [&] {
    return game::texel::selfPlaySamples<S, 4>([](uint64_t) { return S(8); },
                                              [](uint64_t seed) { return games::Attract::makePlayer("mcts", seed); },
                                              [](const S& s) { return placement::attractFeatures(s.board(), s.toMove()); },
                                              sp);
  };
  const auto a = run(), b = run();
  ASSERT_FALSE(a.empty());
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].features, b[i].features);
    EXPECT_EQ(a[i].result, b[i].result);
    EXPECT_TRUE(a[i].result == 0 || a[i].result == 0.5 || a[i].result == 1);
  }
}

}  // namespace
