#include "nugget/chain/solve_budget.h"

#include "search/beam.h"  // search::Stopped

#include <algorithm>
#include <string>

namespace nugget::solve {

Options singleBoard(Options opt) {
  opt.boards = 1;
  opt.lookahead = 0;
  opt.nextWeight = 0;
  opt.chainBeam = 1;
  return opt;
}

std::optional<std::vector<Move>> beamBound(const Board& start, std::shared_ptr<const EndgameTable> table, int width) {
  if (width <= 0) return std::nullopt;
  Options o = singleBoard({});
  o.beamWidth = width;
  o.endgameDepth = table->depth();
  try {
    return ChainSolver(o, std::move(table)).solveBoard(start, 1).moves;
  } catch (const NoSolution&) {
    return std::nullopt;
  }
}

BudgetResult solveWithinBudget(const Board& start, const Options& opt, std::shared_ptr<const EndgameTable> table,
                               double budget, const std::function<double()>& elapsed,
                               const std::function<void(const WidthTried&)>& tried, int maxWidth) {
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
    } catch (const search::Stopped&) {
      r.stopped = true;  // opt.stop: the widths done so far are the answer
      --r.widths;        // widths counts the finished ones
      break;
    }
    if (tried) tried(w);
    // The next width costs about twice this one (a beam is linear in its width).
    const double took = elapsed() - before;
    if (budget <= 0 || elapsed() + 2.2 * took > budget) break;
    if (width > maxWidth / 2) {
      r.cappedAt = width * 2;
      break;
    }
    width *= 2;
  }
  return r;
}

PositionProof proveWithEnds(const Board& start, std::shared_ptr<const EndgameTable> table,
                            const ProveOptions& options, int beamWidth, bool listEnds, int slack) {
  std::optional<std::vector<Move>> known;
  if (beamWidth > 0 && !start.pos.solved()) {
    known = beamBound(start, table, beamWidth);
    if (options.progress)
      options.progress("beam of width " + std::to_string(beamWidth) + ": " +
                       (known ? std::to_string(known->size()) + " moves" : std::string("no solution")));
  }
  PositionProof r;
  r.proof = prove(start.pos, *table, options, known ? &*known : nullptr);
  r.listed = listEnds && r.proof.proven && !(options.stop && options.stop->load());
  if (!r.listed) return r;
  ProveOptions rest = options;
  if (options.seconds > 0) rest.seconds = std::max(0.001, options.seconds - r.proof.seconds);
  if (options.nodeLimit) rest.nodeLimit = options.nodeLimit > r.proof.nodes ? options.nodeLimit - r.proof.nodes : 1;
  r.ends = solvedEnds(start.pos, *table, r.proof.upperBound + slack, rest);
  return r;
}

}  // namespace nugget::solve
