// Post-optimisation: shortens a board's solution without changing where it
// ends. Every window of the move list (from state S_i to S_j) is replaced by
// a strictly shorter sequence that reaches exactly S_j (both faces), found by
// a meet-in-the-middle search: all states within a moves forward of S_i
// against all states within b moves backward of S_j. The end state, and so
// the next board, stays exactly the same; the result only ever gets shorter.
#pragma once
#include <vector>

#include "nugget/board.h"

namespace nugget::solve {

struct ShortenOptions {
  int maxWindow = 6;  // longest window tried (the search is 28^(w/2) states a side)
};

// Returns the shortened list; `start` is the position before moves[0].
std::vector<Move> shorten(const Position& start, std::vector<Move> moves, const ShortenOptions& opt = {});

}  // namespace nugget::solve
