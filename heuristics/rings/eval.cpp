#include "rings/eval.h"

namespace rings {

namespace {

// One direction of jump as whole-board shifts: the target is `delta` cells
// away, the jumped squares `over[0]` (and `over[1]` for orthogonal jumps).
struct Shift {
  int delta;
  int over[2];
  int overs;
  Bits from;  // squares whose target in this direction is on the board
};

constexpr Bits shifted(Bits b, int k) { return k >= 0 ? (b << k) & kAll : b >> -k; }

const std::array<Shift, kDirections>& shifts() {
  // Same directions, same order as rings::jumpTable(); the table supplies
  // the edge masks so the two can never disagree.
  static const auto table = [] {
    std::array<Shift, kDirections> s = {{{30, {10, 20}, 2, 0},
                                         {-30, {-10, -20}, 2, 0},
                                         {3, {1, 2}, 2, 0},
                                         {-3, {-1, -2}, 2, 0},
                                         {22, {11, 0}, 1, 0},
                                         {18, {9, 0}, 1, 0},
                                         {-18, {-9, 0}, 1, 0},
                                         {-22, {-11, 0}, 1, 0}}};
    for (int cell = 0; cell < kCells; ++cell)
      for (int d = 0; d < kDirections; ++d)
        if (jumpTable()[cell][d].target != kNoCell) s[d].from |= cellBit(cell);
    return s;
  }();
  return table;
}

// Every square one jump away from a square in `from`, landing in `free`,
// never over a square in `blockers`. Eight shifts per call whatever the size
// of `from`: the evaluation's flood fills run this in their inner loop.
Bits step(Bits from, Bits free, Bits blockers) {
  Bits out = 0;
  for (const Shift& s : shifts()) {
    Bits src = from & s.from;
    for (int k = 0; k < s.overs; ++k) src &= ~shifted(blockers, -s.over[k]);
    out |= shifted(src, s.delta);
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
