// nugget bench [--threads N]: a small fixed run of the default route, a line
// per step with its work and time, then the signature `Bench: N`
// (solver/nugget/run/bench.h), as `games bench` does for the games.
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>

#include "commands.h"
#include "common.h"
#include "nugget/run/bench.h"
#include "solver_cli.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

constexpr CommandText kBench{
    "bench", "nugget bench [--threads N]",
    "Runs the default route of `nugget solve` (the cycle route, docs/solver.md) small and fixed:\n"
    "the 4 cycles of 12 + 12 moves, the good set around them, board 1 aimed at the 2 nearest\n"
    "images at width 1000 and the shortest aim polished at width 100 (solver/nugget/run/bench.h),\n"
    "a few seconds. Prints a line per step with what it made, its work (nodes of the searches,\n"
    "children of the beams), wall time and work per second, then `Bench: N`, the work of all\n"
    "steps added up: the signature, the same on every machine and for every --threads. A change\n"
    "of the cycles, the good set, the aims' beam or the polish changes it; the speed changes only\n"
    "the times.",
    "", "0 run; 1 the route's result does not replay; 2 bad usage"};

struct BenchArgs {
  int threads = 1;
};

OptionTable benchRows(BenchArgs& a) {
  OptionTable t;
  t.integer("threads", a.threads, 1, 256, "worker threads, 1..256 (the signature is the same for any)");
  return t;
}

void printStep(const solve::bench::Step& s) {
  char line[200];
  std::snprintf(line, sizeof line, "%-8s  %-9s %11llu  time %6.0f ms  %6.2f M %s/s", s.name.c_str(), s.unit.c_str(),
                static_cast<unsigned long long>(s.work), s.ms, s.ms > 0 ? s.work / s.ms / 1e3 : 0.0, s.unit.c_str());
  std::cout << line << "  (" << s.made << ")\n";
}

int benchBody(BenchArgs& a, const po::variables_map&) {
  const auto limit = limitThreads(a.threads);
  solve::bench::Result r;
  try {
    r = solve::bench::run();
  } catch (const std::logic_error& e) {
    throw DataError(std::string("the route's result does not hold: ") + e.what());  // exit 1: a broken solver
  }
  double ms = 0;
  for (const auto& s : r.steps) {
    printStep(s);
    ms += s.ms;
  }
  std::printf("board 1: %d moves into the good set, then boards of 12\n", r.moves);
  std::printf("threads %d, time %.0f ms\n", a.threads, ms);
  std::cout << "Bench: " << r.signature() << '\n';
  return kExitOk;
}

}  // namespace

int runBench(int argc, char** argv) { return runCommand<BenchArgs>(kBench, argc, argv, benchRows, benchBody); }
