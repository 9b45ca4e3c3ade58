// Endgame-table lookups per second: distance() on layouts 0..8 random moves
// from a solved one (the beam's children near its goals), and on layouts
// from the start position's neighbourhood (far: the line bound answers).
//   NUGGET_BENCH_DEPTH=6 build/bin/endgame_bench   (default depth 5; the
//   table comes from the cache folder, see solver/nugget/tables/endgame.h, or is
//   built in memory with NUGGET_BENCH_NO_CACHE=1; opening it is timed and
//   its progress printed before the benchmarks run; NUGGET_BENCH_MAPPED=1
//   maps the cache file instead of reading it into huge pages)
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>

#include "nugget/tables/endgame.h"

using namespace nugget;

namespace {

const solve::EndgameTable& table() {
  static const auto t = [] {
    const char* d = std::getenv("NUGGET_BENCH_DEPTH");
    solve::TableSource source;
    source.useCache = !std::getenv("NUGGET_BENCH_NO_CACHE");
    source.hugePages = !std::getenv("NUGGET_BENCH_MAPPED");  // compare the two ways to hold a cached table
    source.progress = [](const std::string& line) { std::cerr << line << '\n'; };
    const auto t0 = std::chrono::steady_clock::now();
    auto t = solve::openEndgameTable(d ? std::atoi(d) : 5, source);
    std::cerr << "table open: " << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
              << " s, " << t->size() << " entries, " << t->bytes() / 1e6 << " MB"
              << (t->mapped() ? " mapped" : t->copied() ? " read into huge pages" : " in memory") << '\n';
    return t;
  }();
  return *t;
}

std::vector<Position> walks(int minSteps, int maxSteps, const Position* from) {
  std::mt19937 rng(1);
  const auto goals = solve::solvedLayouts();
  std::vector<Position> out;
  for (int i = 0; i < 1 << 16; ++i) {
    Position p = from ? *from : goals[rng() % goals.size()];
    for (int s = minSteps + i % (maxSteps - minSteps + 1); s > 0; --s) {
      const MoveList moves = p.legalMoves();
      p.apply(moves[static_cast<int>(rng() % moves.size)]);
    }
    out.push_back(p);
  }
  return out;
}

void run(benchmark::State& state, const std::vector<Position>& positions) {
  const auto& t = table();
  size_t i = 0, found = 0;
  for (auto _ : state) {
    found += t.distance(positions[i]) >= 0;
    i = (i + 1) & (positions.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["in_table"] = benchmark::Counter(static_cast<double>(found) / state.iterations());
  state.counters["depth"] = t.depth();
}

void BM_NearSolved(benchmark::State& state) {
  static const auto positions = walks(0, 8, nullptr);
  run(state, positions);
}
void BM_FarFromSolved(benchmark::State& state) {
  static const Position start = Board::start().pos;
  static const auto positions = walks(0, 4, &start);
  run(state, positions);
}

// The key alone (no memory touched): what a lookup costs before its misses.
void BM_KeyOnly(benchmark::State& state) {
  static const auto positions = walks(0, 8, nullptr);
  size_t i = 0;
  uint64_t sum = 0;
  for (auto _ : state) {
    sum += solve::EndgameTable::key(positions[i]);
    i = (i + 1) & (positions.size() - 1);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK(BM_KeyOnly);
BENCHMARK(BM_NearSolved);
BENCHMARK(BM_FarFromSolved);
int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  table();
  benchmark::RunSpecifiedBenchmarks();
}
