// One board solved to end in one given state, both faces exactly.
//
// A chain that has fallen into a cycle (cycle.h) pays the cycle's mean only
// from the board where it closed; every board before is dearer. Ending an
// early board exactly where a cycle board ends puts the chain into the cycle
// at once, for one long board. Exact means every cell's pair of colours
// (tiles with the same two colours are interchangeable), so the next board
// starts exactly as the cycle's next board does.
//
// The beam's score sums, over the tiles, how far each stands from the
// nearest target cell of its colour pair: a tile coloured on the face shown
// moves one cell a move; a white one can also jump to either end of its row
// or column (the farthest white of a segment goes to the force point). Not
// admissible; measured on 6 (start, target) pairs of a 200-board chain,
// width 10000: 48 to 94 moves, all found (results/README.md).
#pragma once
#include <atomic>
#include <optional>
#include <vector>

#include "nugget/board.h"

namespace nugget::solve {

struct TargetOptions {
  int width = 10000;
  int maxMoves = 99;
  int shortenWindow = 6;  // the path found is shortened (shorten.h keeps the end exactly)
  const std::atomic<bool>* stop = nullptr;  // set: the beam stops once it is true (search::Stopped)
};

// Moves from `start` to exactly `target` (same face shown), or none found.
std::optional<std::vector<Move>> solveToState(const Position& start, const Position& target,
                                              const TargetOptions& opt = {});

// The score the beam uses (lower is closer), for tests and benchmarks.
class TargetDistance {
 public:
  explicit TargetDistance(const Position& target);
  int operator()(const Position& pos) const;

 private:
  // dist_[shown * 6 + hidden][cell]: steps from cell to the nearest target
  // cell holding that colour pair.
  std::array<std::array<uint8_t, kCells>, 36> dist_{};
};

}  // namespace nugget::solve
