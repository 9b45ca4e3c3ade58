// A registry of games: what a front end needs to offer a game before it
// knows the game's type (its key for --game, title, number of players,
// board sizes, computer players), and the one place that turns a key into
// the type. Nothing here names a game: the project's list is
// solver/registry/games.h.
//
// A game's descriptor D is a type with
//   using State = ...;                          // game::Notation
//   static constexpr GameInfo kInfo = {...};
//   static std::unique_ptr<Player<State>> makePlayer(std::string_view kind, uint64_t seed);
//                                               // nullptr when D has no such kind
// and a Registry<D1, D2, ...> visits the descriptor a key names:
//   Games::visit("shock", [&]<class D>() { ... D::State ... });
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "game/player.h"

namespace game {

// A level a person can pick (`games play --level N`): a computer player
// kind and its time per move, named by its strength as measured by the
// ladder (results/games.md).
struct Level {
  std::string_view kind;
  int64_t timeMs = 0;
  std::string_view strength;  // "beats random 40-0; ..." : what the ladder measured
};

struct GameInfo {
  std::string_view key;    // the CLI's --game and the browser's name: "shock"
  std::string_view title;  // for people and records: "JC Shock"
  int players = 2;
  int minSize = 0, maxSize = 0, defaultSize = 0;  // N x N boards offered (one size: all equal)
  std::span<const std::string_view> playerKinds;  // computer players by name, the default first
};

// "a, b, c" (with `sep`): a game's player kinds or the registry's keys, for help and errors.
inline std::string joined(std::span<const std::string_view> words, std::string_view sep = ", ") {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += sep;
    out += w;
  }
  return out;
}

template <class... Games>
struct Registry {
  static constexpr std::string_view kKeys[] = {Games::kInfo.key...};

  // Calls f.template operator()<D>() for the game D whose key is `key` and
  // returns true; false when no game has that key.
  template <class F>
  static bool visit(std::string_view key, F&& f) {
    return ((Games::kInfo.key == key ? (f.template operator()<Games>(), true) : false) || ...);
  }
  // Calls f.template operator()<D>() for every game, in the registry's order.
  template <class F>
  static void forEach(F&& f) {
    (f.template operator()<Games>(), ...);
  }
};

}  // namespace game
