#include "nugget/cycles/good_set.h"

#include <algorithm>
#include <stdexcept>

#include "nugget/cycles/floor_board.h"
#include "nugget/cycles/later_board.h"
#include "nugget/symmetry.h"
#include "search/parallel.h"

namespace nugget::solve {

namespace {

// The end of `moves` played on `end` turned over, or none when they do not
// replay to a solved board.
std::optional<Position> boardAfter(const Position& end, const std::vector<Move>& moves) {
  Position p = end;
  p.flip();
  if (!playMoves(p, moves) || !p.solved()) return std::nullopt;
  return p;
}

}  // namespace

bool GoodSet::add(GoodMember member) {
  if (find(member.end)) return false;
  index_.emplace(symmetricHash(member.end), static_cast<int32_t>(members_.size()));
  members_.push_back(member);
  return true;
}

std::optional<GoodSet::Found> GoodSet::find(const Position& state) const {
  const auto [lo, hi] = index_.equal_range(symmetricHash(state));
  for (auto it = lo; it != hi; ++it)
    for (int g = 0; g < kSymmetries; ++g)
      if (mapPosition(g, members_[static_cast<size_t>(it->second)].end) == state) return Found{it->second, g};
  return std::nullopt;
}

GoodSet GoodSet::fromCycles(const std::vector<CycleBoards>& cycles) {
  GoodSet s;
  for (const CycleBoards& c : cycles) s.addCycle(c);
  return s;
}

bool GoodSet::addCycle(const CycleBoards& c) {
  if (c.boards.size() != 2) throw std::invalid_argument("the good set starts from 2-board cycles");
  Position x = c.start.pos;  // X shown on B: the A board ended here
  x.flip();
  const auto y = boardAfter(x, c.boards[0]);
  const auto back = y ? boardAfter(*y, c.boards[1]) : std::nullopt;
  if (!back || *back != x) throw std::invalid_argument("a cycle of the good set that does not replay");
  if (find(x) || find(*y)) return false;  // the same cycle again (or an image)
  const auto first = static_cast<int32_t>(members_.size());
  const Face xFace = other(c.start.face);
  add({x, xFace, 0, first + 1, c.boards[0]});
  add({*y, other(xFace), 0, first, c.boards[1]});
  return true;
}

size_t GoodSet::levelSize(int level) const {
  return static_cast<size_t>(
      std::count_if(members_.begin(), members_.end(), [&](const GoodMember& m) { return m.level == level; }));
}

int GoodSet::grow(const GoodSetOptions& options) {
  auto stopped = [&] { return options.stop && options.stop->load(std::memory_order_relaxed); };
  size_t lo = 0;
  for (int level = 1; level <= options.levels; ++level) {
    const size_t hi = members_.size();
    if (hi >= options.maxMembers || stopped()) break;
    // Step 1. Every member of the level below searched backward, in parallel,
    // each into its own slot.
    std::vector<size_t> from;
    for (size_t i = lo; i < hi; ++i)
      if (members_[i].level == level - 1) from.push_back(i);
    std::vector<std::vector<GoodMember>> found(from.size());
    std::vector<uint64_t> nodes(from.size());
    search::parallelFor(size_t{0}, from.size(), [&](size_t k) {
      if (stopped()) return;
      const auto m = static_cast<int32_t>(from[k]);
      const FloorVisit visit = [&](const Position& start, std::span<const Move> moves) {
        Position end = start;  // as the board before it ends: its solved face shown
        end.flip();
        found[k].push_back({end, other(members_[from[k]].face), level, m, {moves.begin(), moves.end()}});
        return !stopped();
      };
      nodes[k] = floorPredecessors(members_[from[k]].end, visit).nodes;
    });
    if (stopped()) break;  // the level cut short is dropped
    // Step 2. Merged in member order, the first copy of each state kept.
    size_t added = 0;
    uint64_t total = 0;
    for (size_t k = 0; k < from.size(); ++k) {
      total += nodes[k];
      for (GoodMember& g : found[k]) added += add(std::move(g)) ? 1 : 0;
    }
    levels_ = level;
    lo = hi;
    if (options.progress) options.progress(level, added, members_.size(), total);
    if (added == 0) break;
  }
  return levels_;
}

jcgn::Entry GoodSet::chain(const Board& start, const std::vector<Move>& moves, int32_t m, int g, int count) const {
  jcgn::Entry e;
  Board b = start;
  if (!playMoves(b, moves) || !b.pos.solved() || b.pos != mapPosition(g, members_.at(static_cast<size_t>(m)).end))
    throw std::logic_error("board 1 does not end at its member of the good set");
  e.boards.push_back({moves, b.tiles});
  for (int k = 1; k < count; ++k) {
    const GoodMember& at = members_[static_cast<size_t>(m)];
    std::vector<Move> next = mapMoves(g, at.moves);
    Board n = jcgn::nextStart(e);
    if (!playMoves(n, next) || !n.pos.solved()) throw std::logic_error("a board of the good set does not replay");
    e.boards.push_back({std::move(next), n.tiles});
    m = at.next;
  }
  return e;
}

std::vector<CycleBoards> floorCycles(const LaterBoardOptions& options, int cycles, uint64_t* nodes) {
  LaterBoardOptions o = options;
  o.count = 0;
  std::vector<CycleBoards> out;
  GoodSet seen;  // the cycles' X so far, for their images
  // The later boards are found in batches (their search cannot be resumed),
  // each batch's new ones tested, until enough cycles or none left.
  size_t tested = 0;
  for (int batch = 64;; batch *= 2) {
    o.count = batch;
    const LaterBoardResult r = laterBoards(o);
    if (nodes) *nodes = r.nodes;
    for (; tested < r.found.size(); ++tested) {
      const LaterBoard& lb = r.found[tested];
      if (lb.start.face != Face::B) continue;  // X shown on B (A solved), as a cycle list holds it
      Position x = lb.start.pos;
      x.flip();
      if (seen.find(x)) continue;  // quick: an image of a cycle's X already taken
      Position e = lb.start.pos;
      if (!playMoves(e, lb.moves)) continue;
      e.flip();
      std::optional<std::vector<Move>> back;
      const FloorVisit visit = [&](const Position& end, std::span<const Move> moves) {
        if (end != x) return true;
        back = std::vector<Move>(moves.begin(), moves.end());
        return false;
      };
      floorSolutions(e, visit);
      if (!back) continue;
      CycleBoards c;
      c.start = lb.start;
      c.boards = {lb.moves, *back};
      if (!seen.addCycle(c)) continue;
      out.push_back(std::move(c));
      if (static_cast<int>(out.size()) >= cycles) return out;
    }
    if (r.complete || r.found.size() < static_cast<size_t>(batch) ||
        (options.stop && options.stop->load(std::memory_order_relaxed)))
      break;
  }
  return out;
}

}  // namespace nugget::solve
