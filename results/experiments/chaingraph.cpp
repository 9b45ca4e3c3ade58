// Experiment: how early would the chain phase see a cycle if every board
// its chain beam solved (all 24 chains, every candidate) went into a
// transition graph, as the cycle tries' and the search past the chain's do?
// Not part of the build: a record of the program behind a results/README.md
// row (session 16). Built against a Release build of main:
//   g++ -O3 -march=native -std=c++20 -Isolver -Isolver/search -Iheuristics -Iengine -I. results/experiments/chaingraph.cpp \
//     build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//     build/engine/nugget/libnugget_engine.a -ltbb
// Usage: chaingraph SEED [BOARDS] (the main job's settings, depth 7, the
// table from $NUGGET_TABLE_DIR).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "nugget/chain.h"
#include "nugget/chain_beam.h"
#include "nugget/cycle.h"
#include "nugget/endgame.h"
#include "nugget/transitions.h"

using namespace nugget;
using namespace nugget::solve;

int main(int argc, char** argv) {
  Options o;
  o.seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const int boards = argc > 2 ? std::atoi(argv[2]) : 200;
  o.endgameDepth = 7;
  ChainSolver solver(o, openEndgameTable(7));
  const auto t0 = std::chrono::steady_clock::now();
  auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  const Board start = Board::start();
  ChainBeam beam(solver, o.chainBeam, start, 1);
  TransitionGraph graph;
  beam.observe([&](const Board& s, const EndState& e) { graph.add(s.pos, s.face, e.moves, e.end); });
  std::vector<jcgn::BoardRecord> seg;
  double best = std::numeric_limits<double>::infinity();
  while (beam.solvedBoards() < boards) {
    beam.advance();
    for (const auto& c : beam.takeShared()) {
      seg.push_back({c.moves, c.final});
      if (auto cycle = closedCycle(start, seg))
        std::printf("board %d: the committed chain closes a cycle of %d boards, mean %.4f (%.1f s)\n",
                    beam.solvedBoards(), cycle->period, double(cycle->moves) / cycle->period, secs());
    }
    if (auto c = graph.cheapestCycle(start, best)) {
      best = c->mean();
      std::printf("board %d: graph cycle of %zu boards after %zu, mean %.4f (%zu nodes, %zu arcs, %.1f s)\n",
                  beam.solvedBoards(), c->boards.size(), c->lead.size(), best, graph.nodes(), graph.arcs(), secs());
      std::fflush(stdout);
    }
  }
  std::printf("end: %d boards, graph %zu nodes %zu arcs, %.1f s\n", beam.solvedBoards(), graph.nodes(), graph.arcs(),
              secs());
}
