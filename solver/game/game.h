// The interface every two-or-more-player game engine offers the players in
// solver/game (alpha-beta, paranoid, MCTS, random). In the spirit of
// OpenSpiel's Game/State split, but a State is a value type: players copy it
// freely, and nothing in the hot loop allocates or calls through a vtable.
//
//   struct MyState {
//     using Move = ...;                        // small, trivially copyable, ==
//     static constexpr int kMaxMoves = ...;    // bound on legal moves anywhere
//     static constexpr int kPlayers = ...;     // 2 for placement games, 5 for rings
//     int currentPlayer() const;               // 0..kPlayers-1; undefined when terminal
//     int legalMoves(Move* out) const;         // fills out[0..n), returns n
//     void apply(Move m);
//     bool isTerminal() const;
//     std::array<double, kPlayers> returns() const;  // final scores, each in [0, 1]
//     uint64_t hash() const;                   // equal states hash equal
//   };
//
// The players built on it, all header-only (target game_players):
//   alphabeta.h  negamax with iterative deepening and a transposition table (2 players)
//   mcts.h       UCT with max^n backup for any number of players, root-parallel
//   player.h     the common Player interface, RandomPlayer and wrappers
//   search.h     SearchLimits, SearchStats, SearchResult shared by all
//   match.h      wins/draws/losses and an Elo estimate
//   exact.h      the exact win/draw/loss value by a complete search (2 players),
//                and plain minimax as its reference
//   endgame_study.h  endgames sampled from games of a player, solved, its moves judged
// Players find a remembered move among legalMoves() by ==, hence the
// equality requirement on Move.
//
// Front ends (the `games` CLI, the browser) need words too: the Notation
// concept below (OpenSpiel's ActionToString / StringToAction / the
// returns' text). The searches never call it.
//
//     std::string playerName(int player) const;    // "white", "blue"
//     std::string moveName(Move m) const;          // "D4"
//     std::optional<Move> parseMove(std::string_view text) const;  // nullopt: names no move
//     std::string whyIllegal(Move m) const;        // "" when legal now, else the reason in words
//     std::string resultText() const;              // "white wins ...", "ongoing"
//
// session.h keeps a game's history on top of it; match.h and analysis.h
// play and analyse with the players.
#pragma once
#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace game {

template <class S>
concept GameState = std::copyable<S> && std::equality_comparable<typename S::Move> && requires(S s, const S cs, typename S::Move m, typename S::Move* out) {
  { S::kMaxMoves } -> std::convertible_to<int>;
  { S::kPlayers } -> std::convertible_to<int>;
  { cs.currentPlayer() } -> std::convertible_to<int>;
  { cs.legalMoves(out) } -> std::convertible_to<int>;
  s.apply(m);
  { cs.isTerminal() } -> std::convertible_to<bool>;
  { cs.returns() } -> std::convertible_to<std::array<double, S::kPlayers>>;
  { cs.hash() } -> std::convertible_to<uint64_t>;
};

// A game that front ends can show and read (see the header comment).
template <class S>
concept Notation = GameState<S> && requires(const S cs, typename S::Move m, std::string_view text) {
  { cs.playerName(0) } -> std::convertible_to<std::string>;
  { cs.moveName(m) } -> std::convertible_to<std::string>;
  { cs.parseMove(text) } -> std::same_as<std::optional<typename S::Move>>;
  { cs.whyIllegal(m) } -> std::convertible_to<std::string>;
  { cs.resultText() } -> std::convertible_to<std::string>;
};

}  // namespace game
