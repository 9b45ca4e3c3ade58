// The evaluations of JC Shock and JC Attract tuned by Texel's method
// (game/texel.h): what `games tune` runs. Game-specific here: the
// self-play player (the game's `mcts` at a playout budget, seeded: the
// same games on every machine), the features and the untuned weights
// (heuristics/placement/eval.h).
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/texel.h"
#include "registry/games.h"

namespace games::tune {

struct Options {
  int games = 200;
  int size = 8;
  std::string player = "mcts";  // the self-play player's kind (registry/games.h)
  uint64_t playouts = 400;  // its budget a move: MCTS playouts,
  uint64_t nodes = 0;       // or alpha-beta nodes
  game::texel::SelfPlay selfPlay;  // its games, opening, skip and seed (limits set from playouts)
};

struct Report {
  std::size_t samples = 0;
  double k = 0, errorBefore = 0, errorAfter = 0;
  std::vector<int> before, after;  // the untuned weights and the fitted ones
};

namespace detail {
template <class D, std::size_t N, class Features>
Report run(const Options& o, const std::array<int, N>& untuned, Features features) {
  using S = typename D::State;
  game::texel::SelfPlay sp = o.selfPlay;
  sp.games = o.games;
  sp.limits = {};
  sp.limits.playouts = o.playouts;
  sp.limits.nodes = o.nodes;
  const auto samples = game::texel::selfPlaySamples<S, N>(
      [&](uint64_t) { return S(o.size); }, [&](uint64_t seed) {
        auto p = D::makePlayer(o.player, seed);
        if (!p) throw std::invalid_argument("no player '" + o.player + "'");
        return p;
      },
      [&](const S& s) { return features(s.board(), s.toMove()); }, sp);
  const auto t = game::texel::tune<N>(samples, untuned);
  return {samples.size(), t.k, t.errorBefore, t.errorAfter, {untuned.begin(), untuned.end()},
          {t.weights.begin(), t.weights.end()}};
}
}  // namespace detail

// game: "shock" or "attract" (std::invalid_argument otherwise).
inline Report tuneEvaluation(const std::string& game, const Options& o) {
  if (game == "shock") return detail::run<Shock, placement::kShockRunFeatures + 1>(o, placement::kShockUntuned.run, placement::shockFeatures);
  if (game == "attract") return detail::run<Attract, 4>(o, placement::kAttractUntuned.atLeast, placement::attractFeatures);
  throw std::invalid_argument("no evaluation to tune for '" + game + "'");
}

}  // namespace games::tune
