#include "placement/shock.h"

#include <bit>

namespace placement {

static void addRuns(uint32_t line, RunCounts& runs) {
  while (line) {
    line >>= std::countr_zero(line);
    const int len = std::countr_one(line);
    ++runs[len];
    line = len >= 32 ? 0 : line >> len;
  }
}

RunCounts runsOf(const Board& b, Colour c) {
  RunCounts runs{};
  for (int k = 0; k < b.size(); ++k) {
    addRuns(b.rowBits(c, k), runs);
    addRuns(b.colBits(c, k), runs);
  }
  return runs;
}

int compareCredits(const RunCounts& blackRuns, const RunCounts& whiteRuns, int n) {
  for (int len = n; len >= 3; --len)
    if (blackRuns[len] != whiteRuns[len]) return blackRuns[len] > whiteRuns[len] ? 1 : -1;
  return 0;
}

Outcome ShockRules::outcome(const Board& b) {
  if (b.occupied() < 2 * piecesPerPlayer(b.size())) return Outcome::Ongoing;
  const int cmp = compareCredits(runsOf(b, Colour::Black), runsOf(b, Colour::White), b.size());
  return cmp > 0 ? Outcome::WhiteWins : cmp < 0 ? Outcome::BlackWins : Outcome::Draw;
}

}  // namespace placement
