// Experiment (session 18): an aim (target.h: board 1 to exactly a cycle
// board's end) finished from a ball around its target. The positions within
// R moves of the target (both faces, exactly) are found by a backward
// breadth-first search (undo); the beam with the target distance stops at
// the first level any of its states is in the ball, and goes on R levels
// more, keeping the cheapest of level + distance; the ball's distances then
// give the last moves, the fewest there are. Compared with solveToState at
// the same width on the same aims as aimbench.cpp.
// Not part of the build. Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine -I. results/experiments/aimball.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb -o aimball
// Run: [THREADS=T] aimball WIDTH RADIUS IMAGES ENTRY.jcgn...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include <tbb/global_control.h>

#include "aim_targets.h"
#include "nugget/board_search.h"
#include "nugget/shorten.h"
#include "nugget/target.h"
#include "search/beam.h"
using namespace nugget;
using namespace nugget::solve;

// Every position within `radius` moves of `target`, with its distance.
struct Ball {
  std::unordered_map<uint64_t, uint8_t> dist;
  explicit Ball(const Position& target, int radius) {
    std::vector<Position> frontier{target};
    dist.emplace(target.hash(), 0);
    for (int d = 1; d <= radius; ++d) {
      std::vector<Position> next;
      for (const Position& x : frontier)
        for (int label = 0; label < kLabels; ++label)
          for (int p = 1; p <= 7; ++p) {
            const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
            Position prev = x;
            prev.undo(m);
            if (prev.farthestWhite(label) != p) continue;
            Position again = prev;
            again.apply(m);
            if (!(again == x)) continue;
            if (dist.emplace(prev.hash(), static_cast<uint8_t>(d)).second) next.push_back(prev);
          }
      frontier = std::move(next);
    }
  }
  int at(const Position& p) const {
    auto it = dist.find(p.hash());
    return it == dist.end() ? -1 : it->second;
  }
  // The fewest moves from p (in the ball) to the target.
  std::vector<Move> finish(Position p) const {
    std::vector<Move> out;
    for (int d = at(p); d > 0; --d) {
      bool stepped = false;
      for (Move m : p.legalMoves()) {
        Position q = p;
        q.apply(m);
        if (at(q) == d - 1) {
          out.push_back(m);
          p = q;
          stepped = true;
          break;
        }
      }
      if (!stepped) return {};
    }
    return out;
  }
};

struct BallProblem : BoardProblem {
  const Ball* ball = nullptr;
  const TargetDistance* distance = nullptr;
  BallProblem() { heuristic = heur::find("border"); }
  uint64_t hash(const BoardState& s) const { return s.pos.hash(); }
  bool isGoal(const BoardState& s) const { return ball->at(s.pos) >= 0; }
  int32_t score(const BoardState& s) const { return (*distance)(s.pos); }
};

std::optional<std::vector<Move>> aimBall(const Position& start, const Position& target, int width, int radius) {
  const TargetDistance distance(target);
  const Ball ball(target, radius);
  BallProblem problem;
  problem.ball = &ball;
  problem.distance = &distance;
  search::BeamOptions bo;
  bo.width = width;
  bo.maxDepth = 99;
  bo.extraDepth = radius;
  bo.maxGoals = 4096;
  const auto result = search::beamSearch(problem, problem.state(start), bo);
  std::optional<std::vector<Move>> best;
  for (const auto& g : result.goals) {
    const int d = ball.at(g.state.pos);
    if (best && g.path.size() + d >= best->size()) continue;
    std::vector<Move> moves = g.path;
    const auto tail = ball.finish(g.state.pos);
    if (tail.size() != static_cast<size_t>(d)) continue;
    moves.insert(moves.end(), tail.begin(), tail.end());
    best = moves;
  }
  if (best) *best = shorten(start, *best, {6});
  return best;
}

int main(int argc, char** argv) {
  const int width = atoi(argv[1]), radius = atoi(argv[2]), images = atoi(argv[3]);
  // THREADS (default: all cores) threads for both searches.
  const int threads = getenv("THREADS") ? atoi(getenv("THREADS")) : 0;
  std::optional<tbb::global_control> gc;
  if (threads > 0) gc.emplace(tbb::global_control::max_allowed_parallelism, threads);
  TargetOptions to;
  to.width = width;
  const Board b1 = Board::start();
  int n = 0, foundA = 0, foundB = 0;
  long sumA = 0, sumB = 0;
  double tA = 0, tB = 0;
  for (const AimTarget& aim : aimTargets({argv + 4, argv + argc}, images)) {
    const Position& target = aim.target;
    const auto t0 = std::chrono::steady_clock::now();
    const auto a = solveToState(b1.pos, target, to);
    const auto t1 = std::chrono::steady_clock::now();
    auto b = aimBall(b1.pos, target, width, radius);
    const auto t2 = std::chrono::steady_clock::now();
    // The ball's moves must really end at the target.
    if (b) {
      Position p = b1.pos;
      if (!playMoves(p, *b) || !(p == target)) printf("BAD ball path\n"), b.reset();
    }
    const double sa = std::chrono::duration<double>(t1 - t0).count(), sb = std::chrono::duration<double>(t2 - t1).count();
    tA += sa, tB += sb, ++n;
    if (a) ++foundA, sumA += a->size();
    if (b) ++foundB, sumB += b->size();
    printf("%s: beam %d (%.1f s), ball %d (%.1f s)\n", aim.name.c_str(), a ? (int)a->size() : -1, sa,
           b ? (int)b->size() : -1, sb);
    fflush(stdout);
  }
  printf("SUMMARY width %d radius %d: beam %d/%d mean %.2f (%.1f s); ball %d/%d mean %.2f (%.1f s)\n", width, radius,
         foundA, n, foundA ? double(sumA) / foundA : 0.0, tA, foundB, n, foundB ? double(sumB) / foundB : 0.0, tB);
}
