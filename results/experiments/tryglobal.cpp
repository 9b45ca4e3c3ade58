// Experiment: cycle tries whose transition graph is kept across tries (every
// board any try's chains solved, from the first try on) against the tries
// of today, each with a graph of its own. The tries' schedule (trySource,
// seeds, widths, kicks) and merge rule are searchCycles' for one process.
// Not part of the build: a record of the program behind a results/README.md
// row (session 16); its try is the library's cycleFrom with the graph
// given (a copy of that code in session 16). Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Isolver/search -Iheuristics -Iengine -I. results/experiments/tryglobal.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
// Usage: tryglobal ENTRY.jcgn local|global|explore TRIES [SEED]: ENTRY's
// first cycle (a `nugget solve --cycle-tries 0 --enter-boards 0` entry of
// seed SEED) is where the tries start. explore: tries with a graph each, as
// local, but a try that finds a dearer cycle than the path's last (another
// basin) gets kPolish tries of its own from that cycle, as the path's tries
// would from a new cycle; when they reach below the path's last cycle, the
// dearer cycle and the cheaper ones after it join the path. TRIES counts
// the polishing tries too.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "nugget/chain.h"
#include "nugget/chain_beam.h"
#include "nugget/cycle.h"
#include "nugget/endgame.h"
#include "nugget/jcgn.h"
#include "nugget/transitions.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

// cycleFrom with the graph given (kept across tries) instead of its own.
std::optional<CycleBoards> tryFrom(const ChainSolver& solver, const CycleBoards& from, int maxBoards, Kick kick,
                                   TransitionGraph& graph) {
  return cycleFrom(solver, from, maxBoards, {}, kick, graph);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const bool global = std::strcmp(argv[2], "global") == 0;
  const bool explore = std::strcmp(argv[2], "explore") == 0;
  constexpr int kPolish = 6;
  const int tries = std::atoi(argv[3]);
  Options base;
  base.seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  base.endgameDepth = 7;
  auto table = openEndgameTable(7);
  const auto v = jcgn::verifyFile(argv[1]);
  const auto c = closedCycle(v.entry);
  if (!c) return 1;
  std::vector<jcgn::BoardRecord> upTo(v.entry.boards.begin(), v.entry.boards.begin() + c->first - 1 + c->period);
  std::vector<CycleBoards> path{cycleBoards(Board::start(), upTo, *c)};
  path[0].lead.clear();
  std::printf("start: cycle of %zu boards, mean %.4f\n", path[0].boards.size(), path[0].mean());
  const auto t0 = std::chrono::steady_clock::now();
  auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  TransitionGraph shared;
  auto solverOf = [&](int i) {
    Options o = base;
    o.seed = base.seed + 7919ull * static_cast<uint64_t>(i);
    o.beamWidth = base.beamWidth * (i % 3 == 1 ? 1 : i % 3 == 2 ? 2 : 4);
    return ChainSolver(o, table);
  };
  auto cheaper = [](const CycleBoards& a, const CycleBoards& b) {
    return a.moves() * static_cast<long>(b.boards.size()) < b.moves() * static_cast<long>(a.boards.size());
  };
  int polishSeed = 100000;  // the polishing tries' own seeds and widths
  for (int i = 1; i <= tries; ++i) {
    const TrySource s = trySource(path, i);
    const ChainSolver variant = solverOf(i);
    const CycleBoards start = rotated(path[s.cycle], s.board);
    TransitionGraph own;
    auto found = tryFrom(variant, {start.start, start.boards, {}}, 16, s.kick, global ? shared : own);
    const CycleBoards& last = path.back();
    bool kept = false;
    if (found) {
      const CycleBoards& src = path[s.cycle];
      found->lead.insert(found->lead.begin(), src.boards.begin(), src.boards.begin() + s.board);
      found->foundBy = i;
      const long lhs = found->moves() * static_cast<long>(last.boards.size());
      const long rhs = last.moves() * static_cast<long>(found->boards.size());
      bool onPath = false;
      for (const auto& p : path) onPath = onPath || sameCycle(p, *found);
      if (lhs < rhs || (lhs == rhs && !onPath)) {
        path.resize(s.cycle + 1);
        path.push_back(*found);
        kept = true;
      }
    }
    std::printf("try %d (cycle %zu board %d kick %d%s): %s%.4f%s  best %.4f  graph %zu arcs  %.0f s\n", i,
                s.cycle + 1, s.board + 1, s.kick.nth, s.kick.layouts ? "L" : "", found ? "" : "none ",
                found ? found->mean() : 0.0, kept ? " kept" : "", path.back().mean(), (global ? shared : own).arcs(),
                secs());
    std::fflush(stdout);
    if (!explore || !found || kept) continue;
    bool known = false;
    for (const auto& p : path) known = known || sameCycle(p, *found);
    if (known) continue;
    // Another basin: polish it as the path's tries polish a new cycle.
    std::vector<CycleBoards> side{*found};
    for (int k = 1; k <= kPolish && i < tries; ++k) {
      ++i;
      const CycleBoards& at = side.back();
      const int period = static_cast<int>(at.boards.size());
      const CycleBoards from = rotated(at, ((k - 1) / 3) % period);
      const ChainSolver polish = solverOf(++polishSeed);
      TransitionGraph g;
      auto t = tryFrom(polish, {from.start, from.boards, {}}, 16, {}, g);
      if (t && cheaper(*t, at)) {
        t->lead.insert(t->lead.begin(), at.boards.begin(), at.boards.begin() + ((k - 1) / 3) % period);
        side.push_back(*t);
      }
      std::printf("  polish %d of %.4f: %s%.4f  side best %.4f  %.0f s\n", i, side.front().mean(), t ? "" : "none ",
                  t ? t->mean() : 0.0, side.back().mean(), secs());
      std::fflush(stdout);
    }
    if (cheaper(side.back(), path.back())) {
      path.resize(s.cycle + 1);
      for (auto& c : side) path.push_back(c);
      path.back().foundBy = i;
      std::printf("  the side path wins: best %.4f\n", path.back().mean());
    }
  }
}
