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

// Plays `moves` as the next board (checked move by move) and appends it.
void append(const Board& start, std::vector<jcgn::BoardRecord>& boards, const std::vector<Move>& moves) {
  Board b = after(start, boards, boards.size());
  for (Move m : moves) {
    if (b.pos.farthestWhite(m.label) != m.p)
      throw std::logic_error("board " + std::to_string(boards.size() + 1) + " does not replay");
    b.apply(m);
  }
  if (!b.pos.solved()) throw std::logic_error("board " + std::to_string(boards.size() + 1) + " does not end solved");
  boards.push_back({moves, b.tiles});
}

long totalMoves(const std::vector<jcgn::BoardRecord>& boards) {
  long t = 0;
  for (const auto& b : boards) t += static_cast<long>(b.moves.size());
  return t;
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
    const std::vector<Move> moves = boards[boards.size() - cycle.period].moves;
    append(start, boards, moves);
  }
}

void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count) {
  repeatCycle(Board::start(), entry.boards, cycle, count);
}

std::optional<std::vector<jcgn::BoardRecord>> enterCycleSooner(const Board& start,
                                                               const std::vector<jcgn::BoardRecord>& boards,
                                                               const Cycle& cycle, const EnterOptions& opt,
                                                               const EnterReport& report) {
  const int count = static_cast<int>(boards.size());
  const int end = cycle.first + cycle.period;  // one past the cycle's last board
  if (end - 1 > count) return std::nullopt;
  long bestTotal = totalMoves(boards);
  std::optional<std::vector<jcgn::BoardRecord>> best;
  for (int j = 1; j <= opt.boards && j < cycle.first; ++j) {
    const Board from = after(start, boards, j - 1);
    for (int k = cycle.first; k < end; ++k) {
      if ((k - j) % 2) continue;  // another face
      const Position target = Board::fromTiles(boards[k - 1].final, from.face).pos;
      const auto moves = solveToState(from.pos, target, opt.target);
      if (report) report(j, k, moves ? static_cast<int>(moves->size()) : -1);
      if (!moves) continue;
      std::vector<jcgn::BoardRecord> b(boards.begin(), boards.begin() + (j - 1));
      append(start, b, *moves);
      for (int next = k + 1; static_cast<int>(b.size()) < count; ++next) {
        if (next >= end) next = cycle.first;
        append(start, b, boards[next - 1].moves);
      }
      const long total = totalMoves(b);
      if (total < bestTotal) {
        bestTotal = total;
        best = std::move(b);
      }
    }
  }
  return best;
}

}  // namespace nugget::solve
