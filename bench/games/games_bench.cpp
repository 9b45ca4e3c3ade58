// Speed of the placement engines and of the players built on them:
//   moves/s     random games played with legalMoves + apply (the playout loop)
//   playouts/s  MCTS search on the empty board, one thread
//   nodes/s     alpha-beta on the empty board, fixed depth
#include <benchmark/benchmark.h>

#include "game/alphabeta.h"
#include "game/mcts.h"
#include "game/rng.h"
#include "placement/eval.h"

using namespace placement;

template <class S>
static void BM_RandomMoves(benchmark::State& state) {
  const int n = int(state.range(0));
  game::Rng rng(1);
  typename S::Move moves[S::kMaxMoves];
  int64_t applied = 0;
  for (auto _ : state) {
    S s(n);
    while (!s.isTerminal()) {
      const int k = s.legalMoves(moves);
      s.apply(moves[rng.below(uint32_t(k))]);
      ++applied;
    }
    benchmark::DoNotOptimize(s);
  }
  state.counters["moves/s"] = benchmark::Counter(double(applied), benchmark::Counter::kIsRate);
}

template <class S>
static void BM_MctsPlayouts(benchmark::State& state) {
  const int n = int(state.range(0));
  game::Mcts<S> mcts;
  uint64_t playouts = 0, seed = 1;
  for (auto _ : state) {
    const auto r = mcts.search(S(n), game::SearchLimits{.playouts = 2000, .seed = seed++});
    playouts += r.stats.playouts;
    benchmark::DoNotOptimize(r.move);
  }
  state.counters["playouts/s"] = benchmark::Counter(double(playouts), benchmark::Counter::kIsRate);
}

template <class S, class Eval>
static void BM_AlphaBetaNodes(benchmark::State& state) {
  const int n = int(state.range(0));
  uint64_t nodes = 0;
  for (auto _ : state) {
    game::AlphaBeta<S, Eval> ab(Eval{}, {.ttMegabytes = 4});
    const auto r = ab.search(S(n), game::SearchLimits{.depth = 3});
    nodes += r.stats.nodes;
    benchmark::DoNotOptimize(r.move);
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_RandomMoves<ShockState>)->Name("shock/random_moves")->Arg(8)->Arg(12);
BENCHMARK(BM_RandomMoves<AttractState>)->Name("attract/random_moves")->Arg(8)->Arg(12);
BENCHMARK(BM_MctsPlayouts<ShockState>)->Name("shock/mcts_playouts")->Arg(8)->Arg(12)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MctsPlayouts<AttractState>)->Name("attract/mcts_playouts")->Arg(8)->Arg(12)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AlphaBetaNodes<ShockState, ShockEval>)->Name("shock/alphabeta_depth3")->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AlphaBetaNodes<AttractState, AttractEval>)->Name("attract/alphabeta_depth3")->Arg(8)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
