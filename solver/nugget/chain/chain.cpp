#include "nugget/chain/chain.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "nugget/chain/board_search.h"
#include "nugget/chain/shorten.h"
#include "search/beam.h"

namespace nugget::solve {
namespace {

// The beam's goal is the endgame table: a layout within endgameDepth moves of
// solved. The table then finishes the board optimally.
// (distance() answers most children far from solved by the line bound
// alone, without touching the table.)
struct TableProblem : BoardProblem {
  const EndgameTable* table = nullptr;
  bool isGoal(const BoardState& s) const { return table->distance(s.pos) >= 0; }
  void goals(const BoardState* const* s, int n, bool* out) const {
    const Position* pos[kMaxMoves];
    int d[kMaxMoves];
    for (int i = 0; i < n; ++i) pos[i] = &s[i]->pos;
    table->distances(pos, n, d);
    for (int i = 0; i < n; ++i) out[i] = d[i] >= 0;
  }
};

using Candidate = EndState;

}  // namespace

std::string Options::signature() const {
  std::ostringstream s;
  s << "heuristic=" << heuristic << " width=" << beamWidth << " endgame=" << endgameDepth << " seed=" << seed
    << " candidates=" << candidates << " slack=" << slack << " next-weight=" << nextWeight
    << " shorten=" << shortenWindow << " lookahead=" << lookahead << "x" << lookaheadWidth;
  if (chainBeam > 1) s << " chain-beam=" << chainBeam;
  return s.str();
}

ChainSolver::ChainSolver(const Options& opt) : opt_(opt), heuristic_(heur::find(opt.heuristic)) {
  if (!heuristic_) throw std::invalid_argument("unknown heuristic \"" + opt.heuristic + "\" (known: " + heur::names() + ")");
  table_ = openEndgameTable(opt.endgameDepth);
}

ChainSolver::ChainSolver(const Options& opt, std::shared_ptr<const EndgameTable> table)
    : opt_(opt), heuristic_(heur::find(opt.heuristic)), table_(std::move(table)) {
  if (!heuristic_) throw std::invalid_argument("unknown heuristic \"" + opt.heuristic + "\" (known: " + heur::names() + ")");
  if (!table_ || table_->depth() != opt.endgameDepth)
    throw std::invalid_argument("endgame table of another depth than the options ask for");
}

std::vector<EndState> ChainSolver::endStates(const Board& start, int index, uint64_t* generatedOut,
                                             int* attemptOut) const {
  TableProblem problem;
  problem.table = table_.get();
  search::BeamOptions bo;
  bo.maxDepth = jcgn::kMaxMovesPerBoard;
  // Every goal but the start lies exactly endgameDepth from solved (its parent
  // was farther, and a move changes the distance by one at most), so a goal
  // found `slack` levels after the first is the last that can be short enough.
  bo.extraDepth = opt_.slack;
  bo.maxGoals = 4096;
  bo.salt = opt_.seed;
  bo.stop = opt_.stop;

  // Every way to finish from the goals found, as full move lists with their
  // end states, at most `slack` moves longer than the shortest.
  auto finishes = [&](const auto& goals) {
    std::vector<Candidate> out;
    int shortest = 1 << 30;
    for (const auto& g : goals) {
      const int length = static_cast<int>(g.path.size()) + table_->distance(g.state.pos);
      if (length > jcgn::kMaxMovesPerBoard || length > shortest + opt_.slack) continue;
      for (auto& finish : table_->finishes(g.state.pos, static_cast<size_t>(opt_.candidates))) {
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
        out.push_back(std::move(c));
      }
    }
    std::erase_if(out, [&](const Candidate& c) { return static_cast<int>(c.moves.size()) > shortest + opt_.slack; });
    return out;
  };

  // A beam can miss every goal within 99 moves. It is then tried wider, and
  // with other heuristics, whose dead ends lie elsewhere.
  const struct {
    const char* heuristic;  // nullptr: the chosen one
    int widthFactor;
  } attempts[] = {{nullptr, 1}, {nullptr, 4}, {"displacement", 4}, {"stripe", 4}, {"aligned", 8}, {"stripe", 16}};
  std::vector<Candidate> all;
  uint64_t generated = 0;
  int attemptUsed = 0;
  for (const auto& attempt : attempts) {
    if (attemptUsed > 0 && !opt_.fallback) break;
    problem.heuristic = attempt.heuristic ? heur::find(attempt.heuristic) : heuristic_;
    bo.width = opt_.beamWidth * attempt.widthFactor;
    const auto result = search::beamSearch(problem, problem.state(start.pos), bo);
    generated += result.stats.generated;
    all = finishes(result.goals);
    if (!all.empty()) break;
    ++attemptUsed;
  }
  if (all.empty()) throw NoSolution("board " + std::to_string(index) + ": no solution within 99 moves", generated);

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
  auto before = [&](const Candidate& a, const Candidate& b) {
    if (cost(a) != cost(b)) return cost(a) < cost(b);
    if (a.moves.size() != b.moves.size()) return a.moves.size() < b.moves.size();
    return moveKey(a) < moveKey(b);
  };
  std::sort(all.begin(), all.end(), before);
  if (generatedOut) *generatedOut = generated;
  if (attemptOut) *attemptOut = attemptUsed;
  return all;
}

int ChainSolver::firstSolutionLength(const Position& start, uint64_t* generated) const {
  TableProblem problem;
  problem.table = table_.get();
  problem.heuristic = heuristic_;
  search::BeamOptions next;
  next.maxDepth = jcgn::kMaxMovesPerBoard;
  next.salt = opt_.seed;
  next.stop = opt_.stop;
  next.width = opt_.lookaheadWidth;
  next.extraDepth = 0;
  next.maxGoals = 1;
  const auto r = search::beamSearch(problem, problem.state(start), next);
  if (generated) *generated += r.stats.generated;
  return r.goals.empty() ? jcgn::kMaxMovesPerBoard
                         : static_cast<int>(r.goals[0].path.size()) + table_->distance(r.goals[0].state.pos);
}

BoardReport ChainSolver::solveBoard(const Board& start, int index) const {
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t generated = 0;
  int attemptUsed = 0;
  const std::vector<EndState> all = endStates(start, index, &generated, &attemptUsed);
  const Candidate* best = &all.front();
  // One-board look-ahead: the most promising distinct end states have their
  // next board solved by a narrow beam; the smallest sum of this board's
  // moves and that estimate wins (ties keep the heuristic order).
  if (opt_.lookahead > 0) {
    std::vector<uint64_t> tried;
    int bestTotal = 1 << 30;
    for (const Candidate& c : all) {
      if (static_cast<int>(tried.size()) >= opt_.lookahead) break;
      const uint64_t h = c.end.hash();
      if (std::find(tried.begin(), tried.end(), h) != tried.end()) continue;
      tried.push_back(h);
      Position start2 = c.end;
      start2.flip();
      const int estimate = firstSolutionLength(start2, &generated);
      const int total = static_cast<int>(c.moves.size()) + estimate;
      if (total < bestTotal) {
        bestTotal = total;
        best = &c;
      }
    }
  }
  BoardReport rep;
  rep.index = index;
  rep.moves = best->moves;
  if (opt_.shortenWindow >= 2) {
    rep.moves = shorten(start.pos, rep.moves, {opt_.shortenWindow});
    rep.shortenedBy = static_cast<int>(best->moves.size() - rep.moves.size());
  }
  rep.generated = generated;
  rep.attempt = attemptUsed;
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
