// Beam search inner loop: children generated (every legal move of every node
// expanded: apply + hash + score + goal test + dedup + top-K) per second,
// for each heuristic, on the first 8 levels from board 1.
//   build/bin/beam_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include "nugget/chain/board_search.h"
#include "search/beam.h"
#include "search/parallel.h"

using namespace nugget;

static void BM_BeamLevels(benchmark::State& state, const char* heuristic) {
  search::ThreadLimit one(static_cast<int>(state.range(1)));
  solve::BoardProblem problem;
  problem.heuristic = heur::find(heuristic);
  search::BeamOptions o;
  o.width = static_cast<int>(state.range(0));
  o.maxDepth = 8;
  uint64_t generated = 0;
  for (auto _ : state) {
    auto r = search::beamSearch(problem, problem.state(Board::start().pos), o);
    generated += r.stats.generated;
    benchmark::DoNotOptimize(r.goals.size());
  }
  state.SetItemsProcessed(static_cast<int64_t>(generated));
}
// `default` follows the default heuristic across renames (issue 12's figure).
BENCHMARK_CAPTURE(BM_BeamLevels, default, heur::defaultHeuristic().name.c_str())->Args({2000, 1})->Args({2000, 2})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BeamLevels, chain, "chain")->Args({2000, 1})->Args({2000, 2})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BeamLevels, aligned, "aligned")->Args({2000, 1})->Args({2000, 2})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BeamLevels, stripe, "stripe")->Args({2000, 1})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BeamLevels, border, "border")->Args({2000, 1})->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
