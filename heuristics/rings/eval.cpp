#include "rings/eval.h"

namespace rings {

namespace {

// Every square one jump away from a square in `from`, landing in `free`,
// never over a square in `blockers`.
Bits step(Bits from, Bits free, Bits blockers) {
  const auto& table = jumpTable();
  Bits out = 0;
  for (; from; from &= from - 1) {
    for (const Jump& j : table[lowest(from)])
      if (j.target != kNoCell && !(blockers & j.over)) out |= cellBit(j.target);
  }
  return out & free;
}

}  // namespace

Bits reachable(const State& state, int player) {
  if (state.ringCell(player) == kNoCell) return 0;
  const Bits blockers = state.rings() & ~cellBit(state.ringCell(player));
  const Bits free = state.empty();
  Bits seen = 0, frontier = cellBit(state.ringCell(player));
  while (frontier) {
    frontier = step(frontier, free & ~seen, blockers);
    seen |= frontier;
  }
  return seen;
}

Features analyse(const State& state) {
  Features f;
  for (int p = 0; p < kPlayers; ++p) f.held[p] = count(state.trails(p)) + (state.ringCell(p) != kNoCell ? 1 : 0);
  const Bits free = state.empty();
  std::array<Bits, kPlayers> frontier{}, blockers{};
  std::array<bool, kPlayers> in{};
  for (int p = 0; p < kPlayers; ++p) {
    in[p] = state.ringCell(p) != kNoCell && !state.eliminated(p) && !state.isTerminal();
    if (!in[p]) continue;
    blockers[p] = state.rings() & ~cellBit(state.ringCell(p));
    frontier[p] = cellBit(state.ringCell(p));
    f.reach[p] = count(reachable(state, p));
  }
  // Breadth-first in lock step: a square goes to whoever reaches it first;
  // reached by two or more in the same round, it goes to nobody.
  Bits claimed = 0;
  for (bool first = true;; first = false) {
    std::array<Bits, kPlayers> next{};
    Bits once = 0, twice = 0;
    bool any = false;
    for (int p = 0; p < kPlayers; ++p) {
      if (!in[p] || !frontier[p]) continue;
      next[p] = step(frontier[p], free & ~claimed, blockers[p]);
      if (first) f.mobility[p] = count(next[p]);
      twice |= once & next[p];
      once |= next[p];
      any = any || next[p];
    }
    if (!any) break;
    for (int p = 0; p < kPlayers; ++p) {
      frontier[p] = next[p] & ~twice;
      f.territory[p] += count(frontier[p]);
    }
    claimed |= once;
  }
  return f;
}

std::array<double, kPlayers> estimate(const State& state) {
  std::array<double, kPlayers> out{};
  if (state.isTerminal()) return state.returns();
  const Features f = analyse(state);
  const int empties = count(state.empty());
  // Who can still do anything: the last of them will collect the empties.
  int movers = 0, lastMover = -1;
  for (int p = 0; p < kPlayers; ++p)
    if (!state.eliminated(p) && f.reach[p] > 0) ++movers, lastMover = p;
  for (int p = 0; p < kPlayers; ++p) {
    double score = f.held[p];
    if (!state.eliminated(p)) {
      // A ring with no jump now is out at its next turn: it keeps what it holds.
      if (f.mobility[p] > 0) score += f.territory[p];
      if (!state.placementPhase() && movers == 1 && p == lastMover) score = f.held[p] + empties;
    }
    out[p] = score / kCells;
  }
  return out;
}

double evaluate(const State& state, int player) { return estimate(state)[player]; }

}  // namespace rings
