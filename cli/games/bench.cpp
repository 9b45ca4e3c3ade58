// `games bench`: each game's searches on a fixed set of positions to fixed
// limits (solver/registry/bench.h), a line per search with its nodes, time
// and nodes per second, then the signature `Bench: N` (the nodes in all).
#include "bench.h"

#include <iomanip>
#include <iostream>

#include "common.h"
#include "registry/bench.h"

namespace po = boost::program_options;

namespace gamescli {

int runBench(int argc, char** argv) {
  cli::Command c("games", "bench", "games bench [--threads N]",
                 "Searches a fixed set of positions of each game to fixed limits (depth, playouts: never time)\n"
                 "and prints, per search, the positions, nodes (alpha-beta, paranoid: positions visited; MCTS:\n"
                 "tree nodes, and the playouts), wall time and nodes per second, then `Bench: N`, the nodes of\n"
                 "all searches added up: the signature, the same on every machine and for every --threads (the\n"
                 "positions are shared out between threads, each searched alone). A change in an engine, an\n"
                 "evaluation or a search changes it; the speed changes only the times.",
                 kExitCodes, kStyle);
  c.visible.add_options()("threads", po::value<int>()->default_value(1)->value_name("N"),
                          "positions searched at once (1..256)");
  return cli::guarded("games", "bench", [&] {
    po::variables_map vm;
    if (!c.parse(argc, argv, vm)) return 0;
    games::bench::Options o;
    o.threads = vm["threads"].as<int>();
    if (o.threads < 1 || o.threads > 256) throw UsageError("--threads must be 1..256 (got " + std::to_string(o.threads) + ")");
    const auto lines = games::bench::run(o);
    double ms = 0;
    for (const auto& l : lines) {
      ms += l.total.wallMs;
      std::cout << std::left << std::setw(8) << l.game << std::setw(10) << l.search << std::setw(14) << l.limit
                << std::right << "positions " << l.total.positions << "  nodes " << std::setw(9) << l.total.nodes;
      if (l.total.playouts) std::cout << "  playouts " << std::setw(6) << l.total.playouts;
      else std::cout << "                  ";
      std::cout << "  time " << std::setw(6) << std::fixed << std::setprecision(0) << l.total.wallMs
                << " ms  nps " << std::setw(9) << l.total.nodesPerSecond() << '\n';
    }
    std::cout << "threads " << o.threads << ", time " << std::fixed << std::setprecision(0) << ms << " ms\n"
              << "Bench: " << games::bench::signature(lines) << '\n';
    return 0;
  }, kStyle);
}

}  // namespace gamescli
