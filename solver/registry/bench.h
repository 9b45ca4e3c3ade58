// `games bench`: each game's searches on a fixed set of positions to fixed
// limits (game/bench.h), the nodes per second of each and one signature,
// the total of the nodes (Stockfish's `Bench: N`). A change of an engine, an
// evaluation or a search changes the signature; a change of speed only the
// time. The signature is the same for every thread count (positions are
// split between threads, each searched alone).
//
// The set: JC Shock and JC Attract 8x8, 8 positions each (after 0, 6, 12,
// 20, 28, 36, 44 and 52 random plies where the game lasts; Attract games
// can end earlier and are drawn again), searched by alpha-beta to depth 5
// (a 4 MB table each) and MCTS to 2000 playouts (one thread, seed 1);
// 5RINGS 8 positions (after 5, 9, 13, 17, 21, 25, 29 and 33 plies), paranoid
// to depth 5 and MCTS to 1000 playouts. Position seeds from 49 on.
#pragma once
#include <string>
#include <vector>

#include "game/bench.h"
#include "registry/games.h"

namespace games::bench {

struct Line {
  std::string game, search, limit;
  game::bench::Total total;
};

struct Options {
  int threads = 1;
  int depthPlacement = 5, depthRings = 5;
  uint64_t playoutsPlacement = 2000, playoutsRings = 1000;
};

inline std::vector<Line> run(const Options& o) {
  namespace gb = game::bench;
  std::vector<Line> out;
  const auto placement = [&]<class D>() {
    using S = typename D::State;
    const auto ps = gb::positions(S(8), {0, 6, 12, 20, 28, 36, 44, 52}, 1, 49);
    out.push_back({std::string(D::kInfo.key), "alphabeta", "depth " + std::to_string(o.depthPlacement),
                   gb::run(ps, o.threads, [&](const S& s) {
                     game::AlphaBeta<S, typename D::Eval> ab(typename D::Eval{}, {.ttMegabytes = 4});
                     return ab.search(s, {.depth = o.depthPlacement}).stats;
                   })});
    out.push_back({std::string(D::kInfo.key), "mcts", std::to_string(o.playoutsPlacement) + " playouts",
                   gb::run(ps, o.threads, [&](const S& s) {
                     game::Mcts<S> mcts(D::kMcts);  // the options its `mcts` plays with
                     return mcts.search(s, {.playouts = o.playoutsPlacement, .seed = 1}).stats;
                   })});
  };
  placement.template operator()<Shock>();
  placement.template operator()<Attract>();
  using R = rings::State;
  const auto ps = gb::positions(R(), {5, 9, 13, 17, 21, 25, 29, 33}, 1, 49);
  out.push_back({"rings", "paranoid", "depth " + std::to_string(o.depthRings), gb::run(ps, o.threads, [&](const R& s) {
                   game::ParanoidSearch<R, rings::Eval> p(rings::Eval{});
                   return p.search(s, {.depth = o.depthRings}).stats;
                 })});
  out.push_back({"rings", "mcts", std::to_string(o.playoutsRings) + " playouts", gb::run(ps, o.threads, [&](const R& s) {
                   game::Mcts<R> mcts(Rings::kMcts);
                   return mcts.search(s, {.playouts = o.playoutsRings, .seed = 1}).stats;
                 })});
  return out;
}

// The signature: every line's nodes added up.
inline uint64_t signature(const std::vector<Line>& lines) {
  uint64_t n = 0;
  for (const Line& l : lines) n += l.total.nodes;
  return n;
}

}  // namespace games::bench
