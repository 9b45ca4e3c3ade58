#include "nugget/solve_budget.h"

namespace nugget::solve {

Options singleBoard(Options opt) {
  opt.boards = 1;
  opt.lookahead = 0;
  opt.nextWeight = 0;
  opt.chainBeam = 1;
  return opt;
}

BudgetResult solveWithinBudget(const Board& start, const Options& opt, std::shared_ptr<const EndgameTable> table,
                               double budget, const std::function<double()>& elapsed,
                               const std::function<void(const WidthTried&)>& tried) {
  BudgetResult r;
  for (int width = opt.beamWidth;;) {
    Options o = opt;
    o.beamWidth = width;
    const double before = elapsed();
    ++r.widths;
    WidthTried w;
    w.width = width;
    try {
      const BoardReport rep = ChainSolver(o, table).solveBoard(start, 1);
      r.nodes += rep.generated;
      if (!r.best || rep.moves.size() < r.best->moves.size()) {
        r.best = rep;
        r.bestWidth = width;
      }
      w.moves = rep.moves.size();
      w.nodes = rep.generated;
      w.seconds = rep.seconds;
    } catch (const NoSolution& e) {
      r.nodes += e.generated;
      w.nodes = e.generated;
    }
    if (tried) tried(w);
    // The next width costs about twice this one (a beam is linear in its width).
    const double took = elapsed() - before;
    if (budget <= 0 || width > kMaxBudgetWidth || elapsed() + 2.2 * took > budget) break;
    width *= 2;
  }
  return r;
}

}  // namespace nugget::solve
