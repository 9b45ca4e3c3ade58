// Nanoseconds per evaluation of each registered heuristic, on positions of a
// random walk from board 1 (full evaluation), and per child for those with
// an incremental form as the beam asks for them: all the children of one
// node together, on the nodes of a beam's paths (near a layout, where the
// beam spends its time).
//   build/bin/heuristics_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "nugget/chain/board_search.h"
#include "nugget/heuristics.h"
#include "search/beam.h"

using namespace nugget;

static std::vector<Position> samples() {
  std::vector<Position> out;
  std::mt19937 rng(3);
  Position p = Board::start().pos;
  for (int i = 0; i < 4096; ++i) {
    const MoveList moves = p.legalMoves();
    p.apply(moves[static_cast<int>(rng() % moves.size)]);
    out.push_back(p);
  }
  return out;
}

static void BM_Heuristic(benchmark::State& state, const heur::Heuristic* h) {
  static const std::vector<Position> pos = samples();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(h->value(pos[i]));
    i = (i + 1) & (pos.size() - 1);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

// A node and its children, as the beam's expansion holds them.
struct Node {
  Position pos;
  MoveList moves;
  std::vector<Position> kids;
};

// Every node on the paths of the goals of board 1's beam (width 2000, the
// beam_bench setting).
static std::vector<Node> beamNodes() {
  solve::BoardProblem problem;
  search::BeamOptions o;
  o.width = 2000;
  o.extraDepth = 2;
  const Position start = Board::start().pos;
  std::vector<Node> out;
  for (const auto& goal : search::beamSearch(problem, problem.state(start), o).goals) {
    Position p = start;
    for (Move m : goal.path) {
      Node n{p, p.legalMoves(), {}};
      for (Move c : n.moves) {
        n.kids.push_back(p);
        n.kids.back().apply(c);
      }
      out.push_back(n);
      p.apply(m);
    }
  }
  return out;
}

static void BM_ChildValues(benchmark::State& state, const heur::Heuristic* h) {
  static const std::vector<Node> nodes = beamNodes();
  std::vector<heur::Summary> summaries;
  for (const Node& n : nodes) summaries.push_back(h->incremental.summarise(n.pos));
  size_t i = 0;
  int64_t children = 0;
  const Position* kid[kLabels];
  int32_t out[kLabels];
  for (auto _ : state) {
    const Node& n = nodes[i];
    for (int j = 0; j < n.moves.size; ++j) kid[j] = &n.kids[static_cast<size_t>(j)];
    h->incremental.childValues(n.pos, summaries[i], n.moves.begin(), kid, n.moves.size, out);
    benchmark::DoNotOptimize(out[0]);
    children += n.moves.size;
    i = i + 1 == nodes.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(children);
  state.counters["ns_per_child"] =
      benchmark::Counter(static_cast<double>(children), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

int main(int argc, char** argv) {
  for (const auto& h : heur::registry())
    benchmark::RegisterBenchmark(("BM_Heuristic/" + h.name).c_str(), BM_Heuristic, &h);
  // `default` follows the default heuristic across renames (issue 12's figure).
  benchmark::RegisterBenchmark("BM_ChildValues/default", BM_ChildValues, &heur::defaultHeuristic());
  for (const auto& h : heur::registry())
    if (h.incremental && h.incremental.childValues)
      benchmark::RegisterBenchmark(("BM_ChildValues/" + h.name).c_str(), BM_ChildValues, &h);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
