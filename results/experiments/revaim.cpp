// Board 1 aimed at reversible 2-board cycles (revcycle.cpp's output), the
// entry written and replayed (session 21, issue 26).
//
// Each line of CYCLES: "X t1 ... t49 | m1 ... mk": X (A solved) and the B
// board's pushes; the A board is their reverse, each pushed from the other
// end. Of every cycle's 8 images, the TRIES nearest to board 1's start by
// the aims' score are aimed at (width WIDTH), the shortest is polished, and
// the entry is board 1, then the cycle's two boards round and round.
//
// Build: g++ -O3 -march=native -std=c++20 -Isolver -Iheuristics -Iengine results/experiments/revaim.cpp \
//   build/solver/nugget/libnugget_solver.a build/heuristics/nugget/libnugget_heuristics.a \
//   build/engine/nugget/libnugget_engine.a -ltbb -o /tmp/revaim
// Run:   [POLISH_SLACK=S] [AIM_FROM=F] /tmp/revaim CYCLES WIDTH TRIES OUT.jcgn [BOARDS]
// (S > 0: every aim within S moves of the shortest polished, segments of 8-12)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"
#include "rev_cycles.h"

using namespace nugget;


int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: revaim CYCLES WIDTH TRIES OUT.jcgn [BOARDS]\n");
    return 2;
  }
  const auto cycles = readRevCycles(argv[1]);
  const int width = std::atoi(argv[2]), tries = std::atoi(argv[3]);
  const int boards = argc > 5 ? std::atoi(argv[5]) : 200;
  const Board start = Board::start();
  std::vector<std::tuple<int, size_t, int>> near;  // (score, cycle, image)
  for (size_t i = 0; i < cycles.size(); ++i) {
    const Position x = Position::fromTiles(cycles[i].x, Face::A);
    for (int g = 0; g < kSymmetries; ++g)
      near.emplace_back(solve::TargetDistance(mapPosition(g, x))(start.pos), i, g);
  }
  std::sort(near.begin(), near.end());
  std::printf("%zu cycles, %zu images; nearest scores %d..%d\n", cycles.size(), near.size(), std::get<0>(near.front()),
              std::get<0>(near.back()));
  std::vector<Move> best;
  size_t bestCycle = 0;
  int bestG = 0;
  std::vector<std::tuple<size_t, size_t, int, std::vector<Move>>> aims;  // (moves, cycle, image, the aim)
  // AIM_FROM=F: skip the F nearest images (a later batch of the same list).
  const int from = std::getenv("AIM_FROM") ? std::atoi(std::getenv("AIM_FROM")) : 0;
  for (int t = from; t < from + tries && t < static_cast<int>(near.size()); ++t) {
    const auto [score, i, g] = near[static_cast<size_t>(t)];
    const Position target = mapPosition(g, Position::fromTiles(cycles[i].x, Face::A));
    const auto t0 = std::chrono::steady_clock::now();
    solve::TargetOptions opt;
    opt.width = width;
    const auto moves = solve::solveToState(start.pos, target, opt);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("aim %d: cycle %zu image %d (score %d): %s (%.1f s)\n", t + 1, i, g, score,
                moves ? std::to_string(moves->size()).c_str() : "none", s);
    std::fflush(stdout);
    if (moves) aims.emplace_back(moves->size(), i, g, *moves);
    if (moves && (best.empty() || moves->size() < best.size())) {
      best = *moves;
      bestCycle = i;
      bestG = g;
    }
  }
  if (best.empty()) return 1;
  const size_t before = best.size();
  // Every aim within POLISH_SLACK moves of the shortest is polished (segments
  // of 8-12 moves, as segopt.cpp did for v17), the shortest result kept.
  const size_t slack = std::getenv("POLISH_SLACK") ? std::strtoul(std::getenv("POLISH_SLACK"), nullptr, 10) : 0;
  std::sort(aims.begin(), aims.end(), [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  solve::PolishOptions po;
  po.maxSegment = slack ? 12 : po.maxSegment;
  for (const auto& [n, i, g, moves] : aims) {
    if (n > before + slack) break;
    const auto p = solve::polish(start.pos, moves, po);
    std::printf("polish: cycle %zu image %d, %zu -> %zu\n", i, g, n, p.size());
    std::fflush(stdout);
    if (p.size() < best.size()) best = p, bestCycle = i, bestG = g;
  }
  std::printf("best aim: cycle %zu image %d, %zu moves, polished to %zu\n", bestCycle, bestG, before, best.size());

  jcgn::Entry entry;
  auto append = [&](const std::vector<Move>& moves) {
    Board b = jcgn::nextStart(entry);
    if (!playMoves(b, moves) || !b.pos.solved()) {
      std::fprintf(stderr, "board %zu does not replay\n", entry.boards.size() + 1);
      std::exit(1);
    }
    entry.boards.push_back({moves, b.tiles});
  };
  append(best);
  const auto bMoves = mapMoves(bestG, cycles[bestCycle].bBoard), aMoves = mapMoves(bestG, cycles[bestCycle].aBoard);
  while (static_cast<int>(entry.boards.size()) < boards) append(entry.boards.size() % 2 == 1 ? bMoves : aMoves);
  std::ofstream out(argv[4]);
  jcgn::write(out, entry, "board 1 aimed at a reversible 2-board cycle (results/experiments/revcycle.cpp, revaim.cpp)");
  size_t total = 0;
  for (const auto& b : entry.boards) total += b.moves.size();
  std::printf("entry: %zu boards, %zu moves, mean %.3f\n", entry.boards.size(), total,
              double(total) / double(entry.boards.size()));
}
