// 5RINGS position evaluation: who is likely to end up owning which squares.
//
// The game is a five-way race for room (each move burns a square, a player
// with nowhere to jump is out, and the last one in collects every empty
// square), so the evaluation measures room in the jump graph:
//   * mobility  - jumps the player could make right now;
//   * reach     - empty squares the player's ring could reach by a chain of
//                 jumps if nobody else moved (flood fill; other rings block
//                 jumps over them, trails do not);
//   * territory - empty squares the player reaches in strictly fewer jumps
//                 than anyone else (a Voronoi split of the board in jump
//                 distance, the classic light-cycle evaluation).
// estimate() turns these into an expected final score: squares already held,
// plus territory, plus (for the one player who can still reach anything, or
// the one already left) every empty square. An eliminated player's score is
// already final.
#pragma once
#include <array>

#include "rings/state.h"

namespace rings {

struct Features {
  std::array<int, kPlayers> held{};       // trails + ring square
  std::array<int, kPlayers> mobility{};
  std::array<int, kPlayers> reach{};
  std::array<int, kPlayers> territory{};
};

// All features of every player in one pass. During placement only the rings
// already down count (so a placement is judged by the room it claims).
Features analyse(const State& state);

// Expected final scores, each in [0, 1] like State::returns(); exact when
// the state is terminal.
std::array<double, kPlayers> estimate(const State& state);

// The paranoid search's evaluation: `player`'s expected final share.
double evaluate(const State& state, int player);
// The same as the function object the paranoid search takes
// (solver/game/paranoid.h), defined once for every front end.
struct Eval {
  double operator()(const State& state, int player) const { return evaluate(state, player); }
};

// Squares `player`'s ring can reach by chains of jumps (excludes its square).
Bits reachable(const State& state, int player);

}  // namespace rings
