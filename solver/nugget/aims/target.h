// One board solved to end in one given state, both faces exactly.
//
// A chain that has fallen into a cycle (cycle.h) pays the cycle's mean only
// from the board where it closed; every board before is dearer. Ending an
// early board exactly where a cycle board ends puts the chain into the cycle
// at once, for one long board. Exact means every cell's pair of colours
// (tiles with the same two colours are interchangeable), so the next board
// starts exactly as the cycle's next board does.
//
// The beam's score (TargetDistance below) counts how far the tiles stand
// from target cells of their colour pair: a tile coloured on the face shown
// moves one cell a move; a white one can also jump to either end of its row
// or column (the farthest white of a segment goes to the force point). Not
// admissible.
#pragma once
#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "nugget/board.h"

namespace search {
class SeenSet;
}

namespace nugget::solve {

struct TargetOptions {
  int width = 10000;
  int maxMoves = 99;
  int shortenWindow = 6;  // the path found is shortened (shorten.h keeps the end exactly)
  const std::atomic<bool>* stop = nullptr;  // set: the beam stops once it is true (search::Stopped)
  // Set: states whose Position::hash is in it are goals too (the other
  // members of a good set, good_set.h); the score still leads to `target`.
  // The caller tells which one was reached (a hash is not proof).
  const search::SeenSet* alsoGoals = nullptr;
  // Every state within this many moves of `target` (found backward, each
  // move undone checked to be the one the rules play) is a goal too, and
  // the way on from it is appended: the beam's score plateaus near an exact
  // target (the polish finds 2-4 moves in the last segments), the frontier
  // meets it earlier. 0: the target alone.
  int frontierDepth = 0;
  uint64_t* children = nullptr;  // set: the beam's children generated are added here (benchmarks)
};

// Aims run in two passes, the second at widen x the first's width: an aim's
// length scatters with the width, and a wider beam is better on the whole
// (both routes' aims: cycle_aims.h, enter_path.h). The second width is at
// most kMaxAimWidth (a wider beam needs more memory than any machine of
// ours), and there is no second pass when it would be no wider.
constexpr int kMaxAimWidth = 40'000'000;
inline int widerWidth(int width, int widen) {
  return static_cast<int>(
      std::min<long long>(static_cast<long long>(width) * std::max(widen, 1), kMaxAimWidth));
}
inline int aimPasses(int width, int widen) { return widerWidth(width, widen) > width ? 2 : 1; }

// Moves from `start` to exactly `target` (same face shown), or to a state
// of `alsoGoals` met first, or none found. The shortening keeps the end.
std::optional<std::vector<Move>> solveToState(const Position& start, const Position& target,
                                              const TargetOptions& opt = {});

// A path to an exact state made shorter, its end kept: every segment of
// minSegment..maxSegment moves (state S_i to S_j, both faces) aimed at again
// by this beam at `width` with at most one move fewer, a shorter way spliced
// in; then the meet-in-the-middle post-optimiser (shorten.h) at
// `shortenWindow`. The beam's aims are locally loose where their score
// plateaus: on the committed entry's board 1 (65 moves at width 100000)
// this finds 61, where window 6 found nothing, window 7 alone 62, window 8
// 62 (at 20 times window 7's time), and segments of 11-30 moves at width
// 20000 nothing more; on 12 aims of width 10000 (board 1 at 6 entries'
// cycles) it took 1.9 moves off on average (77.25 to 75.33), 0-4 an aim,
// in 3-11 s (one process, 2 threads; results/history/golden-nugget.md, session 19).
struct PolishOptions {
  int width = 2000;
  int minSegment = 8;
  int maxSegment = 10;
  int shortenWindow = 7;
  // Asked between segments: true ends the polish with what it has (every
  // splice keeps the end, so the path is valid at any point).
  std::function<bool()> enough;
  uint64_t* children = nullptr;  // set: every segment beam's children generated are added here (`nugget bench`)
};
std::vector<Move> polish(const Position& start, std::vector<Move> moves, const PolishOptions& opt = {});

// TargetDistance(target)(from): how far `from` is from `target` by the
// aims' score (the targets' ranking).
int targetScore(const Position& from, const Position& target);

// The score the beam uses (lower is closer), for tests and benchmarks.
// Tiles with the same two colours are interchangeable, so the score is per
// class of them: a class of at most 3 tiles (every class but the 12 tiles
// white on both faces; tiles.h) adds the cheapest assignment of its tiles
// to its target cells; the big class adds each tile's steps to its nearest
// target cell. Nearest cells alone (the score before) let two tiles of a
// class claim one cell: on 20 aims of board 1 at the cycles of seeds 1-5,
// width 10000, it found 11 (mean 89.5 moves) against 20 (mean 80.6) with
// the assignment (results/history/golden-nugget.md, session 14).
class TargetDistance {
 public:
  explicit TargetDistance(const Position& target);
  int operator()(const Position& pos) const;

 private:
  static constexpr int kSmall = 3;
  // One class of interchangeable tiles: its colours (shown, hidden; 0 is
  // white), how many, and (up to kSmall) its target cells.
  struct Class {
    uint8_t shown = 0, hidden = 0;
    int count = 0;
    uint8_t cells[kSmall] = {};
  };
  struct Classes {
    std::array<Class, 36> at{};
    int size = 0;
  } classes_;
  // dist_[shown * 6 + hidden][cell]: steps from cell to the nearest target
  // cell holding that colour pair.
  std::array<std::array<uint8_t, kCells>, 36> dist_{};
};

}  // namespace nugget::solve
