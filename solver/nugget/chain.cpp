#include "nugget/chain.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "nugget/board_search.h"
#include "search/beam.h"

namespace nugget::solve {
namespace {

// The beam's goal is the endgame table: a layout within endgameDepth moves of
// solved. The table then finishes the board optimally.
struct TableProblem : BoardProblem {
  const EndgameTable* table = nullptr;
  bool isGoal(const Position& s) const { return table->distance(s) >= 0; }
};

struct Candidate {
  std::vector<Move> moves;
  Position end;
  int next;  // heuristic of the next board's start
};

}  // namespace

std::string Options::signature() const {
  std::ostringstream s;
  s << "heuristic=" << heuristic << " width=" << beamWidth << " endgame=" << endgameDepth << " seed=" << seed
    << " candidates=" << candidates << " slack=" << slack << " next-weight=" << nextWeight;
  return s.str();
}

ChainSolver::ChainSolver(const Options& opt) : opt_(opt), heuristic_(heur::find(opt.heuristic)) {
  if (!heuristic_) throw std::invalid_argument("unknown heuristic \"" + opt.heuristic + "\" (known: " + heur::names() + ")");
  table_ = std::make_unique<EndgameTable>(opt.endgameDepth);
}

BoardReport ChainSolver::solveBoard(const Board& start, int index) const {
  const auto t0 = std::chrono::steady_clock::now();
  TableProblem problem;
  problem.heuristic = heuristic_->value;
  problem.table = table_.get();
  search::BeamOptions bo;
  bo.width = opt_.beamWidth;
  bo.maxDepth = jcgn::kMaxMovesPerBoard;
  bo.extraDepth = opt_.endgameDepth + opt_.slack;  // later entries may finish sooner
  bo.maxGoals = 4096;
  bo.salt = opt_.seed;
  // A beam can miss every goal within 99 moves; widen it, then fall back to
  // the plain stripe distance, which has never failed in our runs.
  auto result = search::beamSearch(problem, start.pos, bo);
  for (int attempt = 1; result.goals.empty() && attempt <= 3; ++attempt) {
    if (attempt == 3) problem.heuristic = heur::find("stripe")->value;
    else bo.width *= 4;
    const uint64_t before = result.stats.generated;
    result = search::beamSearch(problem, start.pos, bo);
    result.stats.generated += before;
  }

  // Every way to finish, as full move lists with their end states.
  std::vector<Candidate> all;
  int shortest = 1 << 30;
  for (const auto& g : result.goals) {
    const int d = table_->distance(g.state);
    const int length = static_cast<int>(g.path.size()) + d;
    if (length > jcgn::kMaxMovesPerBoard || length > shortest + opt_.slack) continue;
    for (auto& finish : table_->finishes(g.state, static_cast<size_t>(opt_.candidates))) {
      Candidate c;
      c.moves = g.path;
      c.moves.insert(c.moves.end(), finish.begin(), finish.end());
      c.end = start.pos;
      for (Move m : c.moves) c.end.apply(m);
      if (!c.end.solved()) continue;  // a table key collision; never trust, always check
      Position next = c.end;
      next.flip();
      c.next = heuristic_->value(next);
      shortest = std::min(shortest, length);
      all.push_back(std::move(c));
    }
  }
  if (all.empty()) throw std::runtime_error("board " + std::to_string(index) + ": no solution within 99 moves");
  // Cost in kScale units: this board's moves plus a share of the next one's
  // estimate. Ties: fewer moves, then the move list (deterministic).
  auto cost = [&](const Candidate& c) {
    return static_cast<double>(c.moves.size()) * heur::kScale + opt_.nextWeight * c.next;
  };
  auto moveKey = [](const Candidate& c) {
    std::string k;
    for (Move m : c.moves) k += m.full();
    return k;
  };
  const Candidate* best = nullptr;
  for (const auto& c : all) {
    if (static_cast<int>(c.moves.size()) > shortest + opt_.slack) continue;
    if (!best || cost(c) < cost(*best) ||
        (cost(c) == cost(*best) && (c.moves.size() < best->moves.size() ||
                                    (c.moves.size() == best->moves.size() && moveKey(c) < moveKey(*best)))))
      best = &c;
  }
  BoardReport rep;
  rep.index = index;
  rep.moves = best->moves;
  rep.generated = result.stats.generated;
  rep.nextEstimate = best->next;
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

int bestPrefix(const std::vector<int>& movesPerBoard) {
  const int n = static_cast<int>(movesPerBoard.size());
  if (n <= jcgn::kMinBoards) return n;
  int best = jcgn::kMinBoards;
  for (int k = jcgn::kMinBoards + 1; k <= n; ++k) {
    const std::vector<int> a(movesPerBoard.begin(), movesPerBoard.begin() + k);
    const std::vector<int> b(movesPerBoard.begin(), movesPerBoard.begin() + best);
    if (jcgn::compare(a, b) < 0) best = k;
  }
  return best;
}

}  // namespace nugget::solve
