// solver/nugget/chain/solve_budget.h: widths W, 2W, 4W, ... while the next is
// expected to fit the budget, the fewest moves kept. A fake clock makes the
// decisions exact: every reading of it is one second later.
#include <gtest/gtest.h>

#include "nugget/tables/endgame.h"
#include "nugget/chain/solve_budget.h"

namespace nugget::solve {
namespace {

Options smallSearch() {
  Options o;
  o.boards = 1;
  o.beamWidth = 20;
  o.endgameDepth = 3;
  o.lookahead = 0;
  o.nextWeight = 0;
  o.chainBeam = 1;
  return o;
}

std::shared_ptr<const EndgameTable> table3() {
  TableSource s;
  s.useCache = false;
  return openEndgameTable(3, s);
}

TEST(SolveWithinBudget, NoBudgetIsOneWidth) {
  double now = 0;
  const BudgetResult r = solveWithinBudget(Board::start(), smallSearch(), table3(), 0, [&] { return now += 1; });
  EXPECT_EQ(r.widths, 1);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(r.bestWidth, 20);
}

TEST(SolveWithinBudget, WidensWhileTheNextFitsAndKeepsTheFewestMoves) {
  // Each width reads the clock three times (before, after, and the check):
  // it "takes" 1 s; the next starts while now + 2.2 <= budget.
  double now = 0;
  std::vector<WidthTried> seen;
  const BudgetResult r = solveWithinBudget(Board::start(), smallSearch(), table3(), 10.0, [&] { return now += 1; },
                                           [&](const WidthTried& w) { seen.push_back(w); });
  ASSERT_EQ(static_cast<int>(seen.size()), r.widths);
  // Readings 1-3 (20): 3 + 2.2 fits 10; 4-6 (40): 6 + 2.2 fits; 7-9 (80): 9 + 2.2 does not.
  ASSERT_EQ(r.widths, 3);
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i].width, 20 << i);
  ASSERT_TRUE(r.best);
  uint64_t nodes = 0;
  size_t fewest = 1000;
  for (const auto& w : seen) {
    nodes += w.nodes;
    if (w.moves) fewest = std::min(fewest, *w.moves);
  }
  EXPECT_EQ(r.nodes, nodes);
  EXPECT_EQ(r.best->moves.size(), fewest);
  EXPECT_EQ(now, 9.0);
}

TEST(SolveWithinBudget, NoWidthAboveTheCapRuns) {
  // A budget that would allow five widths, a cap (a memory guard's) that
  // allows two: 20 and 40 run, 80 is named as capped.
  double now = 0;
  const BudgetResult r = solveWithinBudget(Board::start(), smallSearch(), table3(), 100.0, [&] { return now += 1; },
                                           {}, 79);
  EXPECT_EQ(r.widths, 2);
  EXPECT_EQ(r.cappedAt, 80);
  double later = 0;
  const BudgetResult free = solveWithinBudget(Board::start(), smallSearch(), table3(), 100.0,
                                              [&] { return later += 1; }, {}, 80);
  EXPECT_EQ(free.widths, 3);
  EXPECT_EQ(free.cappedAt, 160);
}

}  // namespace
}  // namespace nugget::solve
