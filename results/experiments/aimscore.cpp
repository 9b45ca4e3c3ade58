// Experiment (session 18): variants of the aims' score (target.h:
// TargetDistance) on the aims of aimbench.cpp. The variant is the target
// distance with weights: W_WW for the 12 tiles white on both faces (each to
// its nearest target cell), W_MIS for each tile not on a cell of its class's
// target cells (0 0 = solveToState's score, for comparison in the same run).
// Not part of the build. Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine -I. results/experiments/aimscore.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb -o aimscore
// Run: aimscore WIDTH IMAGES "W_CLASS,W_WW,W_MIS[;...]" ENTRY.jcgn...
//   (weights in eighths: 8,8,0 is the plain score)
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "aim_targets.h"
#include "nugget/board_search.h"
#include "nugget/shorten.h"
#include "nugget/target.h"
#include "search/beam.h"
using namespace nugget;
using namespace nugget::solve;

namespace {

int pairAt(const Position& p, int cell) {
  return static_cast<int>(p.colourAt(cell, 0)) * 6 + static_cast<int>(p.colourAt(cell, 1));
}

struct Weights {
  int cls = 8, ww = 8, mis = 0;
};

// The target distance of target.cpp split in two, each part weighted: the
// 12 white-white tiles' steps (recomputed here) and the rest (the plain
// score less those); plus the tiles not on a target cell of their class.
struct Variant {
  const TargetDistance* plain;
  std::array<uint8_t, kCells> wwNear{};  // steps of a white-white tile to the nearest white-white target cell
  std::array<Bitboard, 36> targetCells{};
  Weights w;
  Variant(const Position& target, const TargetDistance& d, Weights weights) : plain(&d), w(weights) {
    for (int c = 0; c < kCells; ++c) targetCells[pairAt(target, c)] |= Bitboard(1) << c;
    // white-white nearest: BFS over the white moves (neighbours and the two
    // ends of the row and of the column).
    for (int c = 0; c < kCells; ++c) {
      std::array<int, kCells> dist;
      dist.fill(255);
      dist[c] = 0;
      int q[kCells], h = 0, t = 0;
      q[t++] = c;
      int best = 255;
      while (h < t) {
        const int x = q[h++];
        if (targetCells[0] >> x & 1) { best = dist[x]; break; }
        const int r = x / kSide, k = x % kSide;
        int nx[8], n = 0;
        if (r > 0) nx[n++] = x - kSide;
        if (r < kSide - 1) nx[n++] = x + kSide;
        if (k > 0) nx[n++] = x - 1;
        if (k < kSide - 1) nx[n++] = x + 1;
        nx[n++] = r * kSide, nx[n++] = r * kSide + kSide - 1, nx[n++] = k, nx[n++] = (kSide - 1) * kSide + k;
        for (int i = 0; i < n; ++i)
          if (dist[nx[i]] == 255) dist[nx[i]] = dist[x] + 1, q[t++] = nx[i];
      }
      wwNear[c] = static_cast<uint8_t>(best);
    }
  }
  int operator()(const Position& pos) const {
    const int all = (*plain)(pos);
    const Bitboard ww = pos.white(0) & pos.white(1);
    int wwSum = 0;
    for (Bitboard b = ww; b; b &= b - 1) wwSum += wwNear[std::countr_zero(b)];
    int mis = 0;
    if (w.mis)  // a tile off the target cells of its colour pair (slow, cell by cell: an experiment)
      for (int c = 0; c < kCells; ++c) mis += !(targetCells[pairAt(pos, c)] >> c & 1);
    return w.cls * (all - wwSum) + w.ww * wwSum + w.mis * mis;
  }
};

struct VariantProblem : BoardProblem {
  const Position* target = nullptr;
  const Variant* score_ = nullptr;
  VariantProblem() { heuristic = heur::find("border"); }
  uint64_t hash(const BoardState& s) const { return s.pos.hash(); }
  bool isGoal(const BoardState& s) const { return s.pos.plane == target->plane; }
  int32_t score(const BoardState& s) const { return (*score_)(s.pos); }
};

std::optional<std::vector<Move>> aim(const Position& start, const Position& target, int width, Weights w) {
  const TargetDistance d(target);
  const Variant v(target, d, w);
  VariantProblem p;
  p.target = &target;
  p.score_ = &v;
  search::BeamOptions bo;
  bo.width = width;
  bo.maxDepth = 99;
  bo.maxGoals = 1;
  const auto r = search::beamSearch(p, p.state(start), bo);
  if (r.goals.empty()) return std::nullopt;
  return shorten(start, r.goals.front().path, {6});
}

}  // namespace

int main(int argc, char** argv) {
  const int width = atoi(argv[1]), images = atoi(argv[2]);
  std::vector<Weights> variants;
  std::stringstream list(argv[3]);
  for (std::string item; std::getline(list, item, ';');) {
    Weights w;
    sscanf(item.c_str(), "%d,%d,%d", &w.cls, &w.ww, &w.mis);
    variants.push_back(w);
  }
  const std::vector<AimTarget> aims = aimTargets({argv + 4, argv + argc}, images);
  const Board b1 = Board::start();
  for (const Weights& w : variants) {
    int found = 0;
    long sum = 0;
    int best = 999;
    double secs = 0;
    std::string each;
    for (const AimTarget& a : aims) {
      const Position& t = a.target;
      const auto t0 = std::chrono::steady_clock::now();
      const auto m = aim(b1.pos, t, width, w);
      secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (m) {
        Position p = b1.pos;
        if (!playMoves(p, *m) || !(p == t)) { printf("BAD path\n"); continue; }
        ++found, sum += m->size(), best = std::min<int>(best, m->size());
      }
      each += " " + std::to_string(m ? static_cast<int>(m->size()) : -1);
    }
    printf("weights %d,%d,%d width %d: %d/%zu found, mean %.2f, best %d, %.1f s;%s\n", w.cls, w.ww, w.mis, width, found,
           aims.size(), found ? double(sum) / found : 0.0, best, secs, each.c_str());
    fflush(stdout);
  }
}
