#include "nugget/cycles/floor_board.h"

#include <array>
#include <bit>

namespace nugget::solve {

namespace {

constexpr Bitboard kCorners = cellBit(0) | cellBit(6) | cellBit(42) | cellBit(48);

constexpr Bitboard rowMask(int r) { return Bitboard{0x7F} << (r * kSide); }
constexpr Bitboard columnMask(int c) {
  Bitboard b = 0;
  for (int r = 0; r < kSide; ++r) b |= cellBit(r * kSide + c);
  return b;
}

// The 20 force points of the inner lines, in label order, and the cell
// next to each (position 1).
struct InnerPush {
  int label;
  Bitboard first;
  Bitboard line;
};
constexpr auto kInnerPushes = [] {
  std::array<InnerPush, 20> a{};
  int n = 0;
  for (int label = 0; label < kLabels; ++label) {
    const int line = lineIndex(label);
    if (line < 1 || line > 5) continue;
    a[n++] = {label, cellBit(lineCell(label, 1)), isRowLabel(label) ? rowMask(line) : columnMask(line)};
  }
  return a;
}();

// Every fixed inner cell coloured, and the fixed cells of each inner row
// (or of each inner column) of one colour, on `face`.
bool stripesStillPossible(const Position& pos, Bitboard fixed, int face = 0) {
  fixed &= kInner;
  if ((pos.coloured(face) & fixed) != fixed) return false;
  auto uniform = [&](auto maskOf) {
    for (int i = 1; i <= 5; ++i) {
      const Bitboard m = fixed & maskOf(i);
      for (Bitboard x : pos.plane[face])
        if ((x & m) != 0 && (x & m) != m) return false;
    }
    return true;
  };
  return uniform(rowMask) || uniform(columnMask);
}

class Search {
 public:
  Search(const FloorVisit& found) : found_(found) {}

  FloorSearchStats run(const Position& start) {
    if (std::popcount(start.coloured() & kBorder) != kFloorMoves || (start.coloured() & kCorners)) return stats_;
    visit(start, 0, -1);
    return stats_;
  }

 private:
  // Returns false once `found_` asked to stop.
  bool visit(const Position& pos, int depth, int previous) {
    ++stats_.nodes;
    if (depth == kFloorMoves) {
      if (!pos.solved()) return true;
      ++stats_.solutions;
      return found_(pos, std::span<const Move>(path_.data(), kFloorMoves));
    }
    const Bitboard coloured = pos.coloured();
    Bitboard moving = 0;  // the lines still to be pushed
    for (const InnerPush& ip : kInnerPushes)
      if (coloured & ip.first) moving |= ip.line;
    if (!stripesStillPossible(pos, ~moving)) return true;
    for (const InnerPush& ip : kInnerPushes) {
      if (!(coloured & ip.first)) continue;
      const int label = ip.label;
      if (previous >= 0 && isRowLabel(label) == isRowLabel(previous) && lineIndex(label) != lineIndex(previous) &&
          label < previous)
        continue;  // commuting pushes: one order
      const int p = pos.farthestWhite(label);
      if (p < 2) continue;
      if (p == kSide && (coloured & cellBit(lineCell(label, kSide - 1)))) continue;  // would take one out
      Position next = pos;
      const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
      next.apply(m);
      path_[depth] = m;
      if (!visit(next, depth + 1, label)) return false;
    }
    return true;
  }

  const FloorVisit& found_;
  std::array<Move, kFloorMoves> path_{};
  FloorSearchStats stats_;
};

// The backward search: pushes undone from the end.
class Backward {
 public:
  explicit Backward(const FloorVisit& found) : found_(found) {}

  FloorSearchStats run(const Position& end) {
    if (!end.solved() || std::popcount(end.coloured(1) & kBorder) != kFloorMoves) return stats_;
    visit(end, 0, -1);
    return stats_;
  }

 private:
  bool visit(const Position& pos, int depth, int previous) {
    ++stats_.nodes;
    const Bitboard hidden = pos.coloured(1);
    const int hiddenOut = std::popcount(hidden & kBorder);
    if (depth == kFloorMoves) {
      Position start = pos;
      start.flip();
      if (hiddenOut != 0 || !start.solved()) return true;
      ++stats_.solutions;
      std::array<Move, kFloorMoves> moves;
      for (int k = 0; k < kFloorMoves; ++k) moves[static_cast<size_t>(k)] = path_[static_cast<size_t>(kFloorMoves - 1 - k)];
      return found_(pos, std::span<const Move>(moves.data(), kFloorMoves));
    }
    // Each push undone carries one of the hidden face's coloured border
    // tiles inside, along its own line: a corner's never comes in, and only
    // the lines of those tiles are still undone, so every other cell keeps
    // its tile to the start (whose hidden face is solved).
    if (hidden & kCorners) return true;
    Bitboard moving = 0;
    for (const InnerPush& ip : kInnerPushes)
      if (hidden & ip.first) moving |= ip.line;
    if (!stripesStillPossible(pos, ~moving, 1)) return true;
    for (const InnerPush& ip : kInnerPushes) {
      const int label = ip.label;
      if (!(ip.line & hidden & kBorder)) continue;
      if (previous >= 0 && isRowLabel(label) == isRowLabel(previous) && lineIndex(label) != lineIndex(previous) &&
          label < previous)
        continue;  // commuting pushes: one order (undone, the later push first)
      if (pos.coloured() & ip.first) continue;  // position 1 holds the white the push carried
      if (!(pos.coloured() & cellBit(lineCell(label, 2)))) continue;  // ... and it brought a coloured tile in
      for (int p = 2; p <= kSide; ++p) {
        // The tile carried inside: position 1's (p < 7) or position 7's.
        if (!(hidden & cellBit(lineCell(label, p < kSide ? 1 : kSide)))) continue;
        const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
        Position before = pos;
        before.undo(m);
        if (before.farthestWhite(label) != p) continue;
        if (p == kSide && (before.coloured() & cellBit(lineCell(label, kSide - 1)))) continue;
        if (std::popcount(before.coloured(1) & kBorder) != hiddenOut - 1) continue;
        path_[static_cast<size_t>(depth)] = m;
        if (!visit(before, depth + 1, label)) return false;
      }
    }
    return true;
  }

  const FloorVisit& found_;
  std::array<Move, kFloorMoves> path_{};
  FloorSearchStats stats_;
};

}  // namespace

FloorSearchStats floorPredecessors(const Position& end, const FloorVisit& found) {
  return Backward(found).run(end);
}

FloorSearchStats floorSolutions(const Position& start, const FloorVisit& found) { return Search(found).run(start); }

bool hasFloorSolution(const Position& start) {
  bool any = false;
  const FloorVisit stop = [&](const Position&, std::span<const Move>) {
    any = true;
    return false;
  };
  floorSolutions(start, stop);
  return any;
}

}  // namespace nugget::solve
