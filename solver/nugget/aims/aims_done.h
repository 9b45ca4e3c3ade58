// The cycle route's aims so far (cycle_aims.h): aims done (in the fixed
// order: pass 2's aim i is number n + i), and the aims kept for the polish
// (each within polishSlack of the shortest so far; index, moves), in order.
// A header of its own, below both: CycleAims fills it and the checkpoint
// (run/checkpoint.h) keeps it, so the aims need not include the run.
#pragma once
#include <utility>
#include <vector>

#include "nugget/board.h"

namespace nugget::solve {

struct AimsDone {
  int done = 0;
  std::vector<std::pair<int, std::vector<Move>>> kept;
};

}  // namespace nugget::solve
