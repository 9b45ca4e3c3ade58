#include "placement/shock.h"

#include <bit>
#include <string>

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

std::string ShockRules::explain(const Board& b) {
  const Outcome o = outcome(b);
  if (o == Outcome::Ongoing) return "the game goes on: " + std::to_string(2 * piecesPerPlayer(b.size()) - b.occupied()) + " pieces to place";
  const RunCounts creditWhite = runsOf(b, Colour::Black), creditBlack = runsOf(b, Colour::White);
  for (int len = b.size(); len >= 3; --len) {
    if (creditWhite[len] == creditBlack[len]) continue;
    const std::string lengths = len == b.size() ? "" : "; equal at every longer length";
    return std::string(outcomeText(o)) + " on runs of " + std::to_string(len) + ": white is credited with " +
           std::to_string(creditWhite[len]) + " (black's runs), black with " + std::to_string(creditBlack[len]) +
           " (white's runs)" + lengths;
  }
  return "draw: both sides are credited with as many runs at every length from " + std::to_string(b.size()) +
         " down to 3";
}

}  // namespace placement
