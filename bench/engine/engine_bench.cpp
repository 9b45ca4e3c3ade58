// Golden Nugget engine speed: move generation + application, legalMoves,
// goal test and hash, over random mid-game states (fixed seed).
//   build/bin/engine_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "nugget/board.h"

using namespace nugget;

namespace {

// 4096 states reached by random legal walks of 5..60 moves, from board 1 or
// from a random arrangement, on either face.
const std::vector<Position>& states() {
  static const std::vector<Position> all = [] {
    std::mt19937_64 rng(12345);
    std::vector<Position> v;
    while (v.size() < 4096) {
      Tiles t = startTiles();
      if (rng() % 2) std::shuffle(t.begin(), t.end(), rng);
      Position p = Position::fromTiles(t, rng() % 2 ? Face::A : Face::B);
      const int walk = 5 + static_cast<int>(rng() % 56);
      for (int i = 0; i < walk; ++i) {
        const MoveList l = p.legalMoves();
        if (l.size == 0) break;
        p.apply(l[static_cast<int>(rng() % l.size)]);
      }
      v.push_back(p);
    }
    return v;
  }();
  return all;
}

// The inner loop of a search: every legal move from a state, each applied to a copy.
void BM_GenerateAndApply(benchmark::State& st) {
  const auto& s = states();
  size_t i = 0;
  int64_t applied = 0;
  for (auto _ : st) {
    const Position& p = s[i++ & (s.size() - 1)];
    const MoveList l = p.legalMoves();
    for (Move m : l) {
      Position c = p;
      c.apply(m);
      benchmark::DoNotOptimize(c);
    }
    applied += l.size;
  }
  st.SetItemsProcessed(applied);
  st.counters["moves/state"] = benchmark::Counter(double(applied) / double(st.iterations()));
}
BENCHMARK(BM_GenerateAndApply);

// Apply + undo in place (depth-first search style).
void BM_ApplyUndo(benchmark::State& st) {
  const auto& s = states();
  size_t i = 0;
  int64_t applied = 0;
  for (auto _ : st) {
    Position p = s[i++ & (s.size() - 1)];
    const MoveList l = p.legalMoves();
    for (Move m : l) {
      p.apply(m);
      benchmark::DoNotOptimize(p);
      p.undo(m);
    }
    applied += l.size;
  }
  st.SetItemsProcessed(applied);
}
BENCHMARK(BM_ApplyUndo);

void BM_LegalMoves(benchmark::State& st) {
  const auto& s = states();
  size_t i = 0;
  for (auto _ : st) {
    MoveList l = s[i++ & (s.size() - 1)].legalMoves();
    benchmark::DoNotOptimize(l);
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_LegalMoves);

void BM_Solved(benchmark::State& st) {
  // Mostly unsolved states, plus solved ones (board finals) to exercise the stripe test.
  std::vector<Position> s = states();
  {
    Tiles t{};
    std::array<std::vector<int>, 6> byColour;
    for (int tile = 1; tile <= kTiles; ++tile) byColour[tileColour(tile, Face::A)].push_back(tile);
    for (int cell = 0; cell < kCells; ++cell) {
      const int r = cell / 7, c = cell % 7;
      const int colour = (kInner >> cell & 1) ? (r == 1 ? 1 : r == 2 ? 2 : r == 3 ? 3 : r == 4 ? 4 : 5) : 0;
      (void)c;
      t[cell] = static_cast<uint8_t>(byColour[colour].back());
      byColour[colour].pop_back();
    }
    const Position solved = Position::fromTiles(t, Face::A);
    for (size_t k = 0; k < s.size(); k += 4) s[k] = solved;
  }
  size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(s[i++ & (s.size() - 1)].solved());
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Solved);

void BM_Hash(benchmark::State& st) {
  const auto& s = states();
  size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(s[i++ & (s.size() - 1)].hash());
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Hash);

}  // namespace

BENCHMARK_MAIN();
