#include "nugget/cycles/cycle.h"

#include "nugget/jcgn.h"
#include "nugget/symmetry.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace nugget::solve {

Board startAfter(const Board& start, const std::vector<jcgn::BoardRecord>& boards, size_t n) {
  if (n == 0) return start;
  const Face face = ((n % 2 == 0) == (start.face == Face::A)) ? Face::A : Face::B;
  return Board::fromTiles(boards[n - 1].final, face);
}

void appendBoard(const Board& start, std::vector<jcgn::BoardRecord>& boards, const std::vector<Move>& moves) {
  Board b = startAfter(start, boards, boards.size());
  if (!playMoves(b, moves)) throw std::logic_error("board " + std::to_string(boards.size() + 1) + " does not replay");
  if (!b.pos.solved()) throw std::logic_error("board " + std::to_string(boards.size() + 1) + " does not end solved");
  boards.push_back({moves, b.tiles});
}

std::vector<Board> turnStarts(const CycleBoards& c) {
  std::vector<Board> out{c.start};
  for (const auto& moves : c.boards) {
    Board b = out.back();
    for (Move m : moves) b.apply(m);
    b.flip();
    out.push_back(b);
  }
  return out;
}

std::optional<Cycle> closedCycle(const Board& start, const std::vector<jcgn::BoardRecord>& boards) {
  const size_t n = boards.size();
  if (n < 2) return std::nullopt;
  const Position now = startAfter(start, boards, n).pos;
  for (size_t j = n - 2;; j -= 2) {  // same face: an even distance back
    const Position then = startAfter(start, boards, j).pos;
    // The identity first: a plain cycle is the shorter turn of the two.
    for (int g = 0; g < kSymmetries; ++g) {
      if (mapPosition(g, then).plane != now.plane) continue;
      Cycle c;
      c.first = static_cast<int>(j) + 1;
      c.base = static_cast<int>(n - j);
      c.symmetry = g;
      c.period = c.base * order(g);
      for (size_t i = j; i < n; ++i) c.moves += static_cast<long>(boards[i].moves.size());
      c.moves *= order(g);
      return c;
    }
    if (j < 2) break;
  }
  return std::nullopt;
}

std::optional<Cycle> closedCycle(const jcgn::Entry& entry) { return closedCycle(Board::start(), entry.boards); }

void repeatCycle(const Board& start, std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle, int count) {
  const int base = cycle.base ? cycle.base : cycle.period;
  while (static_cast<int>(boards.size()) < count)
    appendBoard(start, boards, mapMoves(cycle.symmetry, boards[boards.size() - base].moves));
}

void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count) {
  repeatCycle(Board::start(), entry.boards, cycle, count);
}

long CycleBoards::moves() const {
  long t = 0;
  for (const auto& b : boards) t += static_cast<long>(b.size());
  return t;
}

CycleBoards cycleBoards(const Board& start, const std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle) {
  const int end = cycle.first - 1 + cycle.period;
  std::vector<jcgn::BoardRecord> more;
  if (static_cast<int>(boards.size()) < end) {  // the images of the base boards, played
    more = boards;
    repeatCycle(start, more, cycle, end);
  }
  const auto& all = more.empty() ? boards : more;
  CycleBoards c;
  c.start = startAfter(start, all, cycle.first - 1);
  for (int i = 0; i < cycle.period; ++i) c.boards.push_back(all[cycle.first - 1 + i].moves);
  return c;
}

bool sameCycle(const CycleBoards& a, const CycleBoards& b) {
  const auto sa = turnStarts(a), sb = turnStarts(b);
  for (int g = 0; g < kSymmetries; ++g)
    for (size_t i = 0; i + 1 < sa.size(); ++i)
      for (size_t j = 0; j + 1 < sb.size(); ++j)
        if (sa[i].pos.plane == mapPosition(g, sb[j].pos).plane) return true;
  return false;
}

CycleBoards mapCycle(int g, const CycleBoards& c) {
  CycleBoards m;
  m.start = mapBoard(g, c.start);
  for (const auto& b : c.boards) m.boards.push_back(mapMoves(g, b));
  for (const auto& b : c.lead) m.lead.push_back(mapMoves(g, b));
  m.foundBy = c.foundBy;
  return m;
}

CycleBoards rotated(const CycleBoards& cycle, int k) {
  const int period = static_cast<int>(cycle.boards.size());
  k = period ? k % period : 0;
  CycleBoards r;
  r.start = turnStarts(cycle)[k];
  r.lead = cycle.lead;
  r.lead.insert(r.lead.end(), cycle.boards.begin(), cycle.boards.begin() + k);
  for (int i = 0; i < period; ++i) r.boards.push_back(cycle.boards[(k + i) % period]);
  r.foundBy = cycle.foundBy;
  return r;
}

std::optional<CycleBoards> replayCycle(const Board& from, std::vector<std::vector<Move>> lead,
                                       std::vector<std::vector<Move>> turn) {
  auto play = [](Board& b, const std::vector<Move>& moves) {
    if (!playMoves(b, moves) || !b.pos.solved()) return false;
    b.flip();
    return true;
  };
  CycleBoards c;
  Board b = from;
  for (const auto& moves : lead)
    if (!play(b, moves)) return std::nullopt;
  c.start = b;
  for (const auto& moves : turn)
    if (!play(b, moves)) return std::nullopt;
  if (turn.empty() || b.pos.plane != c.start.pos.plane) return std::nullopt;
  c.lead = std::move(lead);
  c.boards = std::move(turn);
  return c;
}

}  // namespace nugget::solve
