#include "nugget/cycle.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace nugget::solve {
namespace {

Board after(const Board& start, const std::vector<jcgn::BoardRecord>& boards, size_t n) {
  if (n == 0) return start;
  const Face face = ((n % 2 == 0) == (start.face == Face::A)) ? Face::A : Face::B;
  return Board::fromTiles(boards[n - 1].final, face);
}

}  // namespace

std::optional<Cycle> closedCycle(const Board& start, const std::vector<jcgn::BoardRecord>& boards) {
  const size_t n = boards.size();
  if (n < 2) return std::nullopt;
  const Position now = after(start, boards, n).pos;
  for (size_t j = n - 2;; j -= 2) {  // same face: an even distance back
    if (after(start, boards, j).pos.plane == now.plane) {
      Cycle c;
      c.first = static_cast<int>(j) + 1;
      c.period = static_cast<int>(n - j);
      for (size_t i = j; i < n; ++i) c.moves += static_cast<long>(boards[i].moves.size());
      return c;
    }
    if (j < 2) break;
  }
  return std::nullopt;
}

std::optional<Cycle> closedCycle(const jcgn::Entry& entry) { return closedCycle(Board::start(), entry.boards); }

void repeatCycle(const Board& start, std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle, int count) {
  while (static_cast<int>(boards.size()) < count) {
    const size_t k = boards.size();  // 0-based index of the board to add
    const std::vector<Move> moves = boards[k - cycle.period].moves;
    Board b = after(start, boards, k);
    for (Move m : moves) {
      if (b.pos.farthestWhite(m.label) != m.p)
        throw std::logic_error("repeated board " + std::to_string(k + 1) + " does not replay");
      b.apply(m);
    }
    if (!b.pos.solved()) throw std::logic_error("repeated board " + std::to_string(k + 1) + " does not end solved");
    boards.push_back({moves, b.tiles});
  }
}

void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count) {
  repeatCycle(Board::start(), entry.boards, cycle, count);
}

}  // namespace nugget::solve
