// What every game's Embind module shares (web/wasm/placement.cpp for JC
// Shock and JC Attract, web/wasm/rings.cpp for 5RINGS): a game in progress
// on game::Session (history, undo, the engine's reasons for an illegal
// move), the computer's move from the registry's players
// (solver/registry/games.h) as the same JSON for every game, and the
// factories that hand the page null and the reason (lastError) instead of
// an exception. Each module adds its own view() (what its page draws) and
// record format, and binds the names its page calls.
#pragma once
#include <emscripten/bind.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <stdexcept>
#include <string>

#include "game/level.h"
#include "game/registry.h"
#include "game/session.h"
#include "json.h"

namespace webgame {

// The reason the last factory call returned null.
inline std::string& lastErrorText() {
  static std::string text;
  return text;
}
inline std::string lastError() { return lastErrorText(); }

// make() as a new object for the page, or null with the reason in
// lastError() (Embind would otherwise hand the page a bare pointer).
template <class T, class Make>
T* orNull(Make make) {
  try {
    lastErrorText().clear();
    return new T(make());
  } catch (const std::exception& e) {
    lastErrorText() = e.what();
    return nullptr;
  }
}

// A game D (a registry descriptor) in progress. `notAMove` is what the page
// shows for text that names no move at all.
template <class D>
class Game {
 public:
  using S = typename D::State;
  Game(S start, std::string (*notAMove)(const std::string&)) : session_(std::move(start)), notAMove_(notAMove) {}

  // "" when `name` is a legal move now, else why not, in the engine's words.
  std::string check(const std::string& name) const {
    std::string why;
    session_.check(name, notAMove_(name), &why);
    return why;
  }
  bool undo() { return session_.undo(); }
  int ply() const { return session_.ply(); }
  const game::Session<S>& session() const { return session_; }
  game::Session<S>& session() { return session_; }

 private:
  game::Session<S> session_;
  std::string (*notAMove_)(const std::string&);
};

// The computer's move in the position position() builds (a position file
// read) by the registry's player `kind`: JSON {move, kind, ms, depth,
// playouts, value, proof}; "error: ..." when it cannot (Embind passes text,
// not exceptions).
template <class D, class Position>
std::string think(Position position, const std::string& kind, const game::SearchLimits& limits) {
  try {
    const typename D::State s = position();
    if (s.isTerminal()) throw std::runtime_error("the game is over");
    auto player = D::makePlayer(kind, limits.seed);
    if (!player)
      throw std::runtime_error("unknown player '" + kind + "' (" + game::joined(D::kInfo.playerKinds) + ")");
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = player->choose(s, limits);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return "{\"move\":" + webjson::jsonString(s.moveName(r.move)) + ",\"kind\":" + webjson::jsonString(kind) + ",\"ms\":" + std::to_string(static_cast<long>(ms)) +
           ",\"depth\":" + std::to_string(r.stats.depth) + ",\"playouts\":" + std::to_string(r.stats.playouts) +
           ",\"value\":" + std::to_string(r.value) + ",\"proof\":" +
           webjson::jsonString(game::proofText(r.proof, r.proofPlies)) + "}";
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

// D's levels for the page's picker: the registry's (solver/registry/games.h,
// the CLI's `--level N`), not a copy in the page. JSON [{level, kind,
// timeMs, strength}], level 1 the weakest.
template <class D>
std::string levelsJson() {
  std::string out = "[";
  int n = 0;
  for (const game::Level& l : D::kLevels) {
    if (n) out += ',';
    out += "{\"level\":" + std::to_string(++n) + ",\"kind\":" + webjson::jsonString(std::string(l.kind)) +
           ",\"timeMs\":" + std::to_string(l.timeMs) + ",\"strength\":" + webjson::jsonString(std::string(l.strength)) +
           "}";
  }
  return out + "]";
}

// The computer's move at D's level `level` (1..): the level's player and
// time a move, read by the parser the CLI reads `level:N` with
// (game::parsePlayerChoice); think()'s JSON, or "error: ...".
template <class D, class Position>
std::string thinkLevel(Position position, int level, uint64_t seed) {
  game::PlayerChoice c;
  const std::string why =
      game::parsePlayerChoice("level:" + std::to_string(level), D::kInfo.playerKinds, D::kLevels, c);
  if (!why.empty()) return "error: " + why;
  game::SearchLimits limits;
  limits.timeMs = c.timeMs;
  limits.seed = seed;
  return think<D>(position, c.kind, limits);
}

// Binds what every game class offers the page under the same names: check,
// play, position, record, view, ply.
template <class G>
const emscripten::class_<G>& bindGame(const emscripten::class_<G>& c) {
  return c.function("check", &G::check)
      .function("play", &G::play)
      .function("position", &G::position)
      .function("record", &G::record)
      .function("view", &G::view)
      .function("ply", &G::ply);
}

}  // namespace webgame
