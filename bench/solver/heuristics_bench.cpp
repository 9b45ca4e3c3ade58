// Nanoseconds per evaluation of each registered heuristic, on positions of a
// random walk from board 1 (full evaluation; none is incremental yet).
//   build/bin/heuristics_bench
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "nugget/heuristics.h"

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

int main(int argc, char** argv) {
  for (const auto& h : heur::registry())
    benchmark::RegisterBenchmark(("BM_Heuristic/" + h.name).c_str(), BM_Heuristic, &h);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
