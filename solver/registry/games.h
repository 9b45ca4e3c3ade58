// The project's games with their computer players: the one list every front
// end (the `games` CLI, the browser) offers, so that no front end picks a
// game or a player by comparing strings of its own. Adding a game is a new
// descriptor here (docs/adding-a-game.md).
#pragma once
#include <cstdint>
#include <memory>
#include <string_view>

#include "game/mcts.h"
#include "game/paranoid.h"
#include "game/player.h"
#include "game/registry.h"
#include "placement/attract.h"
#include "placement/eval.h"
#include "placement/shock.h"
#include "records/game_record.h"
#include "rings/eval.h"
#include "rings/state.h"

namespace games {

// JC Shock and JC Attract (engine/placement): alpha-beta with the game's
// evaluation, MCTS with random or win-first playouts, random.
template <class S, class E, records::Game kRecordGame, std::string_view const& kKey, std::string_view const& kTitle>
struct PlacementGame {
  using State = S;
  using Eval = E;
  static constexpr records::Game kRecord = kRecordGame;
  static constexpr std::string_view kKinds[] = {"alphabeta", "mcts", "mcts-light", "random"};
  static constexpr game::GameInfo kInfo = {kKey, kTitle, 2, 8, placement::kMaxSize, 8, kKinds};
  static std::unique_ptr<game::Player<S>> makePlayer(std::string_view kind, uint64_t seed) {
    if (kind == "alphabeta") return std::make_unique<game::AlphaBetaPlayer<S, E>>();
    if (kind == "mcts") return std::make_unique<game::MctsPlayer<S>>();
    if (kind == "mcts-light") return std::make_unique<game::MctsPlayer<S, game::WinFirstPlayout<4>>>();
    if (kind == "random") return std::make_unique<game::RandomPlayer<S>>(seed);
    return nullptr;
  }
};

inline constexpr std::string_view kShockKey = "shock", kShockTitle = "JC Shock";
inline constexpr std::string_view kAttractKey = "attract", kAttractTitle = "JC Attract";
using Shock = PlacementGame<placement::ShockState, placement::ShockEval, records::Game::Shock, kShockKey, kShockTitle>;
using Attract =
    PlacementGame<placement::AttractState, placement::AttractEval, records::Game::Attract, kAttractKey, kAttractTitle>;

// 5RINGS (engine/rings): MCTS, paranoid search with rings::Eval, random.
struct Rings {
  using State = rings::State;
  static constexpr records::Game kRecord = records::Game::Rings;
  static constexpr std::string_view kKinds[] = {"mcts", "paranoid", "random"};
  static constexpr game::GameInfo kInfo = {"rings", "5RINGS", rings::kPlayers, rings::kSide, rings::kSide,
                                           rings::kSide, kKinds};
  static std::unique_ptr<game::Player<State>> makePlayer(std::string_view kind, uint64_t seed) {
    if (kind == "mcts") return std::make_unique<game::MctsPlayer<State>>();
    if (kind == "paranoid") return std::make_unique<game::ParanoidPlayer<State, rings::Eval>>(rings::Eval{});
    if (kind == "random") return std::make_unique<game::RandomPlayer<State>>(seed);
    return nullptr;
  }
};

using Registry = game::Registry<Shock, Attract, Rings>;

}  // namespace games
