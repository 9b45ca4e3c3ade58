// The levels a person picks (`games play --level N`, the browser's level
// picker) and the one parser of a computer player's name that every front
// end shares: a kind of the game ("mcts") or one of its levels ("level:3").
// A level brings its own time a move, so two levels can meet in one match
// (`games match --a level:3 --b level:4`): that is how the levels' order is
// measured rather than assumed (results/games.md, "Levels measured").
// Nothing here names a game: each descriptor's kLevels are in
// solver/registry/games.h.
#pragma once
#include <charconv>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "game/player.h"
#include "game/registry.h"

namespace game {

// A computer player as a command line or a page names it.
struct PlayerChoice {
  std::string kind;    // the descriptor's makePlayer kind: "mcts"
  int level = 0;       // 1.. when named as "level:N", else 0
  int64_t timeMs = 0;  // the level's time a move; 0: the caller's limits decide
  // How a summary, a CSV or a record names it: "mcts", "level:3".
  std::string label() const { return level ? "level:" + std::to_string(level) : kind; }
  // For people: "mcts", "level 3 (mcts, 10 ms a move)".
  std::string describe() const {
    return level ? "level " + std::to_string(level) + " (" + kind + ", " + std::to_string(timeMs) + " ms a move)" : kind;
  }
};

inline constexpr std::string_view kLevelPrefix = "level:";

// Reads `text` as one of `kinds` or as "level:N" with N in 1..levels.size().
// Returns "" and fills `out`, or says why not (for a UsageError): the whole
// name must match, "level:03" or "level:3x" is no level.
inline std::string parsePlayerChoice(std::string_view text, std::span<const std::string_view> kinds,
                                     std::span<const Level> levels, PlayerChoice& out) {
  const std::string range = "1.." + std::to_string(levels.size());
  if (text.substr(0, kLevelPrefix.size()) == kLevelPrefix) {
    if (levels.empty()) return "this game has no levels";
    const std::string_view digits = text.substr(kLevelPrefix.size());
    int n = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (digits.empty() || digits[0] == '0' || ec != std::errc{} || end != digits.data() + digits.size() || n < 1 ||
        n > int(levels.size()))
      return std::string(1, '\'').append(text).append("' is no level: give level:N with N in ").append(range);
    const Level& l = levels[n - 1];
    out = PlayerChoice{std::string(l.kind), n, l.timeMs};
    return "";
  }
  for (std::string_view k : kinds)
    if (k == text) {
      out = PlayerChoice{std::string(k), 0, 0};
      return "";
    }
  // Built by append: GCC 12's -Wrestrict misfires on "..." + std::string&&.
  std::string why = "unknown player '";
  why.append(text).append("' (").append(joined(kinds));
  if (!levels.empty()) why.append(", or level:N, N in ").append(range);
  return why + ")";
}

// A player held to its level's time a move, whatever the match or the game
// gives the others: the limits' time is replaced, and their depth, node and
// playout budgets dropped (a level is its kind and its time, nothing else);
// the seed and threads stay the caller's.
template <GameState S>
class LevelPlayer final : public Player<S> {
 public:
  LevelPlayer(std::unique_ptr<Player<S>> inner, int64_t timeMs) : inner_(std::move(inner)), timeMs_(timeMs) {}
  std::string name() const override { return inner_->name(); }
  SearchResult<typename S::Move> choose(const S& s, const SearchLimits& limits) override {
    SearchLimits l = limits;
    l.timeMs = timeMs_;
    l.depth = 0;
    l.nodes = l.playouts = 0;
    return inner_->choose(s, l);
  }
  void newGame() override { inner_->newGame(); }

 private:
  std::unique_ptr<Player<S>> inner_;
  int64_t timeMs_;
};

// The player `choice` names, from descriptor D (D::makePlayer); a level's
// player is held to its time (LevelPlayer). Null when D has no such kind.
template <class D>
std::unique_ptr<Player<typename D::State>> makeChosenPlayer(const PlayerChoice& choice, uint64_t seed) {
  auto p = D::makePlayer(choice.kind, seed);
  if (!p || !choice.level) return p;
  return std::make_unique<LevelPlayer<typename D::State>>(std::move(p), choice.timeMs);
}

}  // namespace game
