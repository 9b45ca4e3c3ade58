// nugget prove [--start "t1 ... t49"] [--face A|B] [--position FILE] [--budget SEC] [--ends [--slack S]]:
// the proven minimum number of moves for one position (solver/nugget/prove.h),
// or the bounds reached within a budget; with --ends every solved layout
// within optimum + S moves.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.h"
#include "nugget/checkpoint.h"  // solve::formatMoves, the one writer of a move list
#include "solver_cli.h"
#include "nugget/chain.h"
#include "nugget/prove.h"

using namespace nugget;
using namespace nugget::cli;

namespace {
std::atomic<bool> gStop{false};
static_assert(std::atomic<bool>::is_always_lock_free);  // set from a signal handler
extern "C" void onProveSignal(int) { gStop.store(true); }

std::string stripes(const Position& p) { return p.solvedHorizontal() ? "horizontal" : "vertical"; }
}  // namespace

int runProve(int argc, char** argv) {
  return guarded("prove", [&] {
    CommandLine cl("prove",
                   "nugget prove [--start \"t1 ... t49\"] [--face A|B] [--position FILE [--line N]]\n"
                   "                    [--budget SEC] [--nodes N] [--ends [--slack S]] [--json] [options]",
                   "Proves the minimum number of moves that solve one position: iterative deepening (IDA*)\n"
                   "with admissible bounds (the endgame table, exact within --endgame-depth moves and a\n"
                   "bound of depth+1 beyond; coloured border tiles plus coloured corners), a transposition\n"
                   "table and one order of commuting moves (solver/nugget/prove.h argues each). A beam of\n"
                   "--beam-width first gives a solution, so the search only has to rule out shorter ones.\n"
                   "Progress on stderr: each bound ruled out, with nodes and nodes/s.\n"
                   "Prints `optimum N (proven ...)` and a best solution in full notation; when the budget,\n"
                   "--nodes or Ctrl-C ends the search first, the proven lower bound and the best solution\n"
                   "known. --json prints one JSON object instead:\n"
                   "  {\"optimum\": N or null, \"proven\": true|false, \"lower_bound\": L, \"upper_bound\": U,\n"
                   "   \"moves\": \"P7 54 ...\", \"nodes\": n, \"seconds\": s}\n"
                   "With --ends (needs a proof first): every distinct solved layout, both faces (so the next\n"
                   "board), reachable within optimum + --slack moves, counted once up to the 8 board\n"
                   "symmetries, each with its fewest moves, the first such move list in label order and\n"
                   "the 49 tiles after it (the same for any thread count); JSON adds \"ends\":\n"
                   "[{\"count\", \"moves\", \"stripes\", \"final\"}, ...] and \"ends_complete\".\n"
                   "Rules: docs/RULES.md section 1.");
    cl.files =
        "reads: --position FILE, one position a line: 49 tile numbers (row-major) then the face\n"
        "A or B, '#' comments (examples/nugget/board-1.txt); the endgame table cache (--table-dir)";
    cl.exits =
        "0 proven (and, with --ends, every end listed); 1 a bad position file; 2 bad usage;\n"
        "3 stopped by Ctrl-C (bounds printed); 5 the budget or --nodes ended the search before a\n"
        "proof or before every end was listed (bounds and what was found printed)";
    addPositionOptions(cl.visible);
    cl.visible.add_options()
      ("budget", po::value<double>()->value_name("SEC"), "wall-clock limit of the search, > 0 (default: none)")
      ("nodes", po::value<std::string>()->value_name("N"), "stop after N expanded nodes, >= 1 (default: none)")
      ("ends", "list every solved layout within optimum + --slack moves")
      ("slack", po::value<int>()->default_value(0), "with --ends: moves above the optimum, 0..4")
      ("beam-width", po::value<int>()->default_value(1000), "width of the first beam (an upper bound), 0..1000000 (0: none)")
      ("endgame-depth", po::value<int>()->default_value(6),
       "endgame table depth 0..7 (6: 563 MB, 7: 8.0 GB; cached on disk after the first build)")
      ("table-dir", po::value<std::string>()->value_name("DIR"),
       "endgame table cache folder (default: $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else ~/.cache/nugget)")
      ("no-table-cache", "build the endgame table in memory; read and write no cache file")
      ("tt-mb", po::value<int>()->default_value(512), "transposition table in MB, 1..16384")
      ("threads", po::value<int>()->default_value(0), "worker threads (0 = all cores), 0..256")
      ("json", "print one JSON object (see above)")
      ("quiet", "no progress on standard error");
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;

    solve::ProveOptions opt;
    if (vm.count("budget")) {
      opt.seconds = vm["budget"].as<double>();
      if (!(opt.seconds > 0) || opt.seconds > 1e9)
        throw UsageError("--budget must be a number of seconds above 0 (leave it out for no limit), got " +
                         std::to_string(opt.seconds));
    }
    if (vm.count("nodes")) {
      opt.nodeLimit = parseUnsigned("--nodes", vm["nodes"].as<std::string>());
      if (opt.nodeLimit == 0) throw UsageError("--nodes must be at least 1 (leave it out for no limit)");
    }
    const int slack = vm["slack"].as<int>(), width = vm["beam-width"].as<int>(), depth = vm["endgame-depth"].as<int>();
    const int threads = vm["threads"].as<int>(), ttMb = vm["tt-mb"].as<int>();
    checkRange("--slack", slack, 0, 4);
    checkRange("--beam-width", width, 0, 1'000'000);
    checkRange("--endgame-depth", depth, 0, 7);
    checkRange("--threads", threads, 0, 256);
    checkRange("--tt-mb", ttMb, 1, 16384);
    const bool ends = vm.count("ends") > 0, json = vm.count("json") > 0, quiet = vm.count("quiet") > 0;
    if (!vm["slack"].defaulted() && !ends) throw UsageError("--slack needs --ends");
    opt.ttBytes = static_cast<size_t>(ttMb) << 20;

    const Board start = positionFromOptions(vm);

    const auto limit = limitThreads(threads);
    const auto progress = stderrLines();
    if (!quiet) opt.progress = progress;
    opt.stop = &gStop;
    struct sigaction sa {};
    sa.sa_handler = onProveSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;  // a second Ctrl-C kills at once
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    if (start.pos.solved() && !quiet) std::cerr << "prove: the position is already solved: optimum 0\n";
    solve::TableSource source;
    if (vm.count("table-dir")) source.dir = vm["table-dir"].as<std::string>();
    source.useCache = !vm.count("no-table-cache");
    if (!quiet) source.progress = progress;
    const auto table = solve::openEndgameTable(depth, source);

    // An upper bound first: a beam solution (usually optimal or one above).
    std::optional<std::vector<Move>> known;
    if (width > 0 && !start.pos.solved()) {
      solve::Options o;
      o.boards = 1;
      o.lookahead = 0;
      o.nextWeight = 0;
      o.chainBeam = 1;
      o.beamWidth = width;
      o.endgameDepth = depth;
      try {
        known = solve::ChainSolver(o, table).solveBoard(start, 1).moves;
        if (!quiet) progress("beam of width " + std::to_string(width) + ": " + std::to_string(known->size()) + " moves");
      } catch (const solve::NoSolution&) {
        if (!quiet) progress("beam of width " + std::to_string(width) + ": no solution");
      }
    }
    const solve::ProveResult r = solve::prove(start.pos, *table, opt, known ? &*known : nullptr);
    const bool interrupted = gStop.load();

    solve::EndsResult endList;
    const bool listEnds = ends && r.proven && !interrupted;
    if (listEnds) {
      solve::ProveOptions eo = opt;
      if (opt.seconds > 0) eo.seconds = std::max(0.001, opt.seconds - r.seconds);
      if (opt.nodeLimit) eo.nodeLimit = opt.nodeLimit > r.nodes ? opt.nodeLimit - r.nodes : 1;
      endList = solve::solvedEnds(start.pos, *table, r.upperBound + slack, eo);
    }
    auto finalTiles = [&](const std::vector<Move>& moves) {
      Board b = start;
      for (Move m : moves) b.apply(m);
      return tilesToString(b.tiles);
    };

    if (json) {
      Json j;
      if (r.proven) j.add("optimum", r.upperBound); else j.raw("optimum", "null");
      j.add("proven", r.proven).add("lower_bound", r.lowerBound);
      if (r.upperBound >= 0) j.add("upper_bound", r.upperBound); else j.raw("upper_bound", "null");
      j.add("moves", solve::formatMoves(r.moves))
          .add("nodes", static_cast<unsigned long long>(r.nodes + endList.nodes))
          .add("seconds", r.seconds + endList.seconds, 3);
      if (ends) {
        std::string list = "[";
        for (size_t i = 0; i < endList.ends.size(); ++i) {
          const solve::End& e = endList.ends[i];
          if (i) list += ", ";
          list += Json()
                      .add("count", static_cast<int>(e.moves.size()))
                      .add("moves", solve::formatMoves(e.moves))
                      .add("stripes", stripes(e.pos))
                      .add("final", finalTiles(e.moves))
                      .str();
        }
        j.raw("ends", list + "]").add("ends_complete", listEnds && endList.complete);
      }
      std::cout << j.str() << '\n';
    } else {
      char line[200];
      const double sec = r.seconds, rate = sec > 0 ? static_cast<double>(r.nodes) / sec / 1e6 : 0.0;
      if (r.proven)
        std::snprintf(line, sizeof line, "optimum %d (proven; %.1f M nodes, %.1f M nodes/s, %.1f s)", r.upperBound,
                      static_cast<double>(r.nodes) / 1e6, rate, sec);
      else if (r.upperBound >= 0)
        std::snprintf(line, sizeof line, "not proven: at least %d, best known %d (%.1f M nodes, %.1f M nodes/s, %.1f s)",
                      r.lowerBound, r.upperBound, static_cast<double>(r.nodes) / 1e6, rate, sec);
      else
        std::snprintf(line, sizeof line, "not proven: at least %d, no solution known (%.1f M nodes, %.1f s)", r.lowerBound,
                      static_cast<double>(r.nodes) / 1e6, sec);
      std::cout << line << '\n';
      if (!r.moves.empty()) std::cout << solve::formatMoves(r.moves) << '\n';
      if (listEnds) {
        std::cout << endList.ends.size() << " solved layout" << (endList.ends.size() == 1 ? "" : "s") << " within "
                  << r.upperBound + slack << " moves, up to symmetry" << (endList.complete ? "" : " (incomplete: budget)")
                  << ":\n";
        for (const solve::End& e : endList.ends)
          std::cout << e.moves.size() << ' ' << stripes(e.pos) << ": " << solve::formatMoves(e.moves) << "\n  final "
                    << finalTiles(e.moves) << '\n';
      }
    }
    if (interrupted) return kExitInterrupted;
    if (!r.proven || (ends && !endList.complete)) return 5;
    return kExitOk;
  });
}
