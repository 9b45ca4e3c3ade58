// JC Shock (RULES.md section 3): N x N, N >= 8 (here up to 16), each side
// places floor((N*N-1)/2) pieces; when all are placed, each player is credited
// with the maximal horizontal and vertical runs (length >= 3) of the
// OPPONENT's pieces. Counts are compared from length N down to 3; the first
// length where they differ decides, more runs winning; equal everywhere is a
// draw.
#pragma once
#include <array>
#include <string>

#include "placement/state.h"

namespace placement {

// runs[L] = number of maximal runs of exactly L pieces (L = 1..16).
using RunCounts = std::array<int, kMaxSize + 1>;

// The maximal row and column runs of colour `c`'s pieces, by length.
RunCounts runsOf(const Board& b, Colour c);

// Compares the credits of white (runs of black) and black (runs of white)
// from length N down to 3: > 0 white ahead, < 0 black ahead, 0 equal.
int compareCredits(const RunCounts& blackRuns, const RunCounts& whiteRuns, int n);

struct ShockRules {
  static constexpr const char* kName = "shock";
  static bool validSize(int n) { return n >= 8 && n <= kMaxSize; }
  // The analysis variant (state.h): also 3x3 to 7x7, the same formula for
  // the pieces (4, 7, 12, 17, 24 each) and the same result, runs compared
  // from length N down to 3 (3x3: runs of 3 only).
  static bool analysisSize(int n) { return n >= 3 && n <= kMaxSize; }
  static int piecesPerPlayer(int n) { return (n * n - 1) / 2; }
  static Outcome outcome(const Board& b);
  // Why the game ended as it did: the length whose credited runs decided
  // ("white wins on runs of 4: white is credited with 3 (black's runs), black
  // with 2 (white's); equal at every longer length"), or why it is a draw.
  static std::string explain(const Board& b);
};

using ShockState = PlacementState<ShockRules>;

}  // namespace placement
