// JC Attract (RULES.md section 4): N x N with N even, 8 <= N <= 16, N*N/2
// pieces each. A piece is WINNING when its four diagonal neighbours are all
// opponent pieces (so never on the edge). After every move the side with more
// winning pieces wins at once; a full board without a winner is a draw.
#pragma once
#include <cstdint>
#include <string>

#include "placement/state.h"

namespace placement {

// For each row r, bit c set when colour c's piece at (r, c) is winning.
// Rows run 1..N-2 only: edge pieces cannot win.
uint32_t winningInRow(const Board& b, Colour c, int r);
int winningPieces(const Board& b, Colour c);

struct AttractRules {
  static constexpr const char* kName = "attract";
  static bool validSize(int n) { return n >= 8 && n <= kMaxSize && n % 2 == 0; }
  // The analysis variant (state.h): also 4x4 and 6x6. Odd N stays out: N*N/2
  // pieces each would leave a square empty and the rules' draw needs a full
  // board, so an odd board would be a different game, not a smaller one.
  static bool analysisSize(int n) { return n >= 4 && n <= kMaxSize && n % 2 == 0; }
  static int piecesPerPlayer(int n) { return n * n / 2; }
  static Outcome outcome(const Board& b);
  // Why the game ended as it did: the winning pieces of each side ("white
  // wins: winning pieces white D4 E6, black none"), or why it is a draw.
  static std::string explain(const Board& b);
};

using AttractState = PlacementState<AttractRules>;

}  // namespace placement
