// Endgame table: every colour layout (face shown only) within `depth` moves
// of one of the 240 solved layouts, with its exact distance. Built once by a
// breadth-first search backwards from the goals: a predecessor of X by move
// (label, p) is undo(X) provided the move really is (label, p) there.
// Layouts that differ only in the names of the colours are one entry (moves
// see white versus coloured only): depth 4 has 286,534 entries, depth 5
// 5.1 million, depth 6 88 million (~40 s to build on 2 cores, ~2.4 GB, and
// ~4.8 GB at the peak of the build).
//
// The beam search treats a layout in the table as reached: the rest of the
// board is then finished optimally by walking down the distances.
#pragma once
#include <cstdint>
#include <vector>

#include "nugget/board.h"

namespace nugget::solve {

class EndgameTable {
 public:
  explicit EndgameTable(int depth);

  int depth() const { return depth_; }
  size_t size() const { return size_; }
  // Distance to a solved layout, or -1 when farther than depth().
  int distance(const Position& pos) const;
  // Key of the shown face's colours up to renaming them (the hidden face
  // does not matter here).
  static uint64_t key(const Position& pos);
  // Every optimal way to finish from pos (at most `limit` of them), as move
  // lists; pos must be in the table.
  std::vector<std::vector<Move>> finishes(const Position& pos, size_t limit) const;

 private:
  void insert(uint64_t key, int dist);
  int lookup(uint64_t key) const;
  int depth_;
  size_t size_ = 0;
  std::vector<uint64_t> keys_;  // open addressing; 0 = empty
  std::vector<uint8_t> dist_;
};

// The 240 solved colour layouts (face shown; hidden face all white).
std::vector<Position> solvedLayouts();

}  // namespace nugget::solve
