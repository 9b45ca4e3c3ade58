// Experiment (session 19): board 1 aimed at the basin of an entry's cycle,
// not only at the cycle's own boards.
//
// The pipeline aims board 1 at exactly the end of an A board of a cycle
// (8 images of each). Tries that start from the cycle with a kick and come
// back into the same cycle (sameCycle) pass through boards of its basin:
// the end of each A board of such a lead is a target too, dearer by what
// the rest of the lead costs above the cycle's mean, but there are many
// more of them. Board 1's aim length scatters by 10-25 moves from target
// to target, so more targets can mean a shorter aim.
//
// Prints every target found (its extra cost, its score from board 1's
// start), then aims at the NAIMS targets with the lowest score + EXTRA_W *
// extra, at WIDTH, and writes the cheapest whole entry to OUT (verified).
// Not part of the build: a record of the program behind results/README.md,
// "Session 19". Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/basinaim.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb -o basinaim
// Run: basinaim ENTRY.jcgn WIDTH NAIMS SEEDS EXTRA_W OUT.jcgn (NUGGET_TABLE_DIR holds the depth-7 table)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nugget/cycle.h"
#include "nugget/endgame.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

// A target for board 1: the end of an A board (A shown), and what follows
// it: the rest of a lead, then a cycle's turns.
struct Basin {
  Position end;
  std::vector<std::vector<Move>> rest;
  CycleBoards cycle;
  double extra = 0;  // moves of `rest` above the cycle's mean
  std::string name;
};

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The targets a cycle (with its lead from `origin`, `lead`) gives: the end of
// every A board of the lead and of the turn.
void targetsOf(const Board& origin, const std::vector<std::vector<Move>>& lead, const CycleBoards& cycle,
               const std::string& name, std::vector<Basin>& out) {
  std::vector<std::vector<Move>> all = lead;
  for (const auto& b : cycle.boards) all.push_back(b);
  Board b = origin;
  for (size_t i = 0; i < all.size(); ++i) {
    for (Move m : all[i]) b.apply(m);
    if (b.face == Face::A) {
      Basin t;
      t.end = b.pos;
      t.cycle = cycle;
      long extra = 0;
      for (size_t j = i + 1; j < lead.size(); ++j) {
        t.rest.push_back(lead[j]);
        extra += static_cast<long>(lead[j].size());
      }
      if (i + 1 >= lead.size()) {
        // Inside the turn: go on from the board after i, as a rotated cycle.
        t.rest.clear();
        t.cycle = rotated(cycle, static_cast<int>((i + 1 - lead.size()) % cycle.boards.size()));
        t.extra = 0;
      } else {
        t.extra = double(extra) - cycle.mean() * double(lead.size() - i - 1);
      }
      t.name = name + " board " + std::to_string(i + 1);
      out.push_back(std::move(t));
    }
    b.flip();
  }
}

std::vector<jcgn::BoardRecord> entryOf(const std::vector<Move>& aim, const Basin& t, int g, int count) {
  std::vector<jcgn::BoardRecord> boards;
  Board b = Board::start();
  auto play = [&](const std::vector<Move>& moves) {
    if (!playMoves(b, moves) || !b.pos.solved()) throw std::logic_error("board " + std::to_string(boards.size() + 1));
    boards.push_back({moves, b.tiles});
    b.flip();
  };
  play(aim);
  for (const auto& r : t.rest) {
    if (static_cast<int>(boards.size()) == count) break;
    play(mapMoves(g, r));
  }
  const CycleBoards c = mapCycle(g, t.cycle);
  for (size_t k = 0; static_cast<int>(boards.size()) < count; k = (k + 1) % c.boards.size()) play(c.boards[k]);
  return boards;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: basinaim ENTRY WIDTH NAIMS SEEDS EXTRA_W OUT\n");
    return 2;
  }
  const auto v = jcgn::verifyFile(argv[1]);
  if (!v.ok) return fprintf(stderr, "%s\n", v.message(argv[1]).c_str()), 1;
  TargetOptions to;
  to.width = atoi(argv[2]);
  const int naims = atoi(argv[3]);
  const int seeds = atoi(argv[4]);
  const double extraW = atof(argv[5]);
  const int count = static_cast<int>(v.entry.boards.size());

  const Board s = Board::start();
  const auto cyc = closedCycle(v.entry);
  if (!cyc) return fprintf(stderr, "no cycle\n"), 1;
  const CycleBoards cb = cycleBoards(s, v.entry.boards, *cyc);
  printf("cycle: %zu boards, mean %.3f\n", cb.boards.size(), cb.mean());

  Options o;
  o.endgameDepth = 7;
  auto table = openEndgameTable(7);
  std::vector<Basin> targets;
  targetsOf(cb.start, {}, cb, "cycle", targets);
  const double t0 = now();
  int tries = 0, back = 0;
  const int kicks[] = {2, 3, 4, 5, 8, 12, 20, 30, 50, 75, 120, 190};
  for (int seed = 1; seed <= seeds; ++seed)
    for (int kick : kicks)
      for (int k = 0; k < static_cast<int>(cb.boards.size()); ++k) {
        o.seed = static_cast<uint64_t>(seed) * 7919u + static_cast<uint64_t>(kick);
        ChainSolver solver(o, table);
        const CycleBoards from = rotated(cb, k);
        const auto r = cycleFrom(solver, from, 16, {}, Kick{kick, true});
        ++tries;
        if (!r) continue;
        const bool same = sameCycle(*r, cb);
        printf("try seed %d kick %d board %d: %zu lead boards, cycle %.3f%s\n", seed, kick, k, r->lead.size(), r->mean(),
               same ? " (the same)" : "");
        fflush(stdout);
        if (r->mean() > cb.mean()) continue;
        back += same;
        targetsOf(from.start, r->lead, *r,
                  "seed " + std::to_string(seed) + " kick " + std::to_string(kick) + " from " + std::to_string(k), targets);
      }
  printf("%d tries (%d back into a cycle as cheap), %zu targets, %.1f s\n", tries, back, targets.size(), now() - t0);

  // Every target at its 8 images, ranked by score + extraW * extra.
  struct Ranked {
    double key;
    int score;
    size_t t;
    int g;
  };
  std::vector<Ranked> ranked;
  std::vector<uint64_t> seen;
  for (size_t i = 0; i < targets.size(); ++i)
    for (int g = 0; g < kSymmetries; ++g) {
      const Position p = mapPosition(g, targets[i].end);
      const uint64_t h = p.hash();
      if (std::find(seen.begin(), seen.end(), h) != seen.end()) continue;
      seen.push_back(h);
      const int sc = TargetDistance(p)(s.pos);
      ranked.push_back({sc + extraW * targets[i].extra, sc, i, g});
    }
  std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) { return a.key < b.key; });
  printf("%zu distinct targets; scores of the best 10:", ranked.size());
  for (size_t i = 0; i < std::min<size_t>(10, ranked.size()); ++i) printf(" %d(+%.1f)", ranked[i].score, targets[ranked[i].t].extra);
  printf("\n");

  long best = -1;
  std::vector<jcgn::BoardRecord> bestBoards;
  for (int n = 0; n < std::min<int>(naims, static_cast<int>(ranked.size())); ++n) {
    const Ranked& r = ranked[static_cast<size_t>(n)];
    const Basin& t = targets[r.t];
    const double a0 = now();
    const auto m = solveToState(s.pos, mapPosition(r.g, t.end), to);
    if (!m) {
      printf("aim %d: %s g=%d score %d extra %.1f: not found (%.1f s)\n", n + 1, t.name.c_str(), r.g, r.score, t.extra,
             now() - a0);
      continue;
    }
    const auto boards = entryOf(*m, t, r.g, count);
    long total = 0;
    for (const auto& b : boards) total += static_cast<long>(b.moves.size());
    printf("aim %d: %s g=%d score %d extra %.1f: %zu moves, entry %ld (mean %.3f), %.1f s\n", n + 1, t.name.c_str(), r.g,
           r.score, t.extra, m->size(), total, double(total) / count, now() - a0);
    fflush(stdout);
    if (best < 0 || total < best) best = total, bestBoards = boards;
  }
  if (best < 0) return 1;
  jcgn::Entry e{bestBoards};
  std::ofstream(argv[6]) << jcgn::toString(e, "basinaim " + std::string(argv[1]));
  const auto w = jcgn::verifyFile(argv[6]);
  printf("best: %s\n", w.message(argv[6]).c_str());
  return w.ok ? 0 : 1;
}
