// nugget solve-board [--start "t1 ... t49"] [--face A|B] [--position FILE] [--budget SEC] [...]:
// the shortest solution found for one position (twsearch-style). The search
// is the chain solver's board search (ChainSolver::solveBoard, chain.h) with
// the next board left out of the choice; with --budget the beam is widened
// (W, 2W, 4W, ...) while the next width is expected to fit the budget.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.h"
#include "solver_cli.h"
#include "nugget/chain.h"

using namespace nugget;
using namespace nugget::cli;

int runSolveBoard(int argc, char** argv) {
  return guarded("solve-board", [&] {
    solve::Options opt;
    CommandLine cl("solve-board",
                   "nugget solve-board [--start \"t1 ... t49\"] [--face A|B] [--position FILE [--line N]]\n"
                   "                          [--budget SEC] [--beam-width W] [--endgame-depth D] [--json] [options]",
                   "Searches the shortest solution it can find for one position: a beam search (the\n"
                   "solver's board search, as `nugget solve` uses for every board) until a layout within\n"
                   "--endgame-depth moves of solved, which the endgame table finishes optimally; then the\n"
                   "post-optimiser shortens every window of up to --shorten-window moves. Unlike `solve`,\n"
                   "the next board plays no part: the fewest moves win. Without --budget one beam of\n"
                   "width W runs. With --budget SEC the beam is widened (W, 2W, 4W, ...) while the next\n"
                   "width is expected to end within SEC seconds of the start (the table included), and\n"
                   "the shortest solution of all is kept: the first width always runs.\n"
                   "Prints the moves in full notation on one line, then `N moves` with the width, nodes\n"
                   "and seconds; --json prints one JSON object instead:\n"
                   "  {\"moves\": \"P7 54 ...\", \"count\": N, \"solved\": \"horizontal\"|\"vertical\", \"face\": \"A\",\n"
                   "   \"width\": W, \"widths\": K, \"nodes\": N, \"seconds\": S, \"final\": \"t1 ... t49\"}\n"
                   "The moves replay with `nugget replay --start ... --face ... MOVES` and draw with\n"
                   "`nugget show --start ... --face ... --moves \"MOVES\"`. Rules: docs/RULES.md section 1.");
    cl.files =
        "reads: --position FILE, one position a line: 49 tile numbers (row-major) then the face\n"
        "A or B, '#' comments (examples/nugget/board-1.txt); the endgame table cache (--table-dir)";
    cl.exits = "0 a solution found; 1 none within 99 moves, or a bad position file; 2 bad usage";
    addPositionOptions(cl.visible);
    cl.visible.add_options()
      ("budget", po::value<double>()->default_value(0)->value_name("SEC"),
       "widen the beam while the next width fits SEC seconds (0 = one width)")
      ("beam-width", po::value<int>(&opt.beamWidth)->default_value(1000), "(first) beam width, 1..10000000")
      ("heuristic", po::value<std::string>(&opt.heuristic)->default_value(opt.heuristic),
       ("beam heuristic: " + heur::names()).c_str())
      ("endgame-depth", po::value<int>(&opt.endgameDepth)->default_value(opt.endgameDepth),
       "endgame table depth 0..7 (6: 70 MB, 7: 1.0 GB, cached on disk after the first build; 4: 0.3 MB, built at once)")
      ("table-dir", po::value<std::string>()->value_name("DIR"),
       "endgame table cache folder (default: $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else ~/.cache/nugget)")
      ("no-table-cache", "build the endgame table in memory; read and write no cache file")
      ("shorten-window", po::value<int>(&opt.shortenWindow)->default_value(opt.shortenWindow),
       "post-optimiser window (0 = off), 0..8")
      ("slack", po::value<int>(&opt.slack)->default_value(opt.slack),
       "end states up to this many moves longer than the first found are shortened too, 0..10")
      ("seed", po::value<std::string>()->default_value("0"), "tie-break salt, 0..2^64-1 (0 = by hash)")
      ("threads", po::value<int>()->default_value(0), "worker threads (0 = all cores), 0..256")
      ("json", "print one JSON object (see above) instead of the two lines")
      ("quiet", "no progress on standard error");
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;

    const double budget = vm["budget"].as<double>();
    const int threads = vm["threads"].as<int>();
    checkRange("--budget", budget, 0.0, 1e9);
    checkRange("--beam-width", opt.beamWidth, 1, 10'000'000);
    checkRange("--endgame-depth", opt.endgameDepth, 0, 7);
    checkRange("--shorten-window", opt.shortenWindow, 0, 8);
    checkRange("--slack", opt.slack, 0, 10);
    checkRange("--threads", threads, 0, 256);
    opt.seed = parseUnsigned("--seed", vm["seed"].as<std::string>());
    if (!heur::find(opt.heuristic))
      throw UsageError("unknown heuristic \"" + opt.heuristic + "\" (known: " + heur::names() + ")");
    const Board start = positionFromOptions(vm);

    // One board, fewest moves: no look-ahead, the next board's heuristic unused.
    opt.boards = 1;
    opt.lookahead = 0;
    opt.nextWeight = 0;
    opt.chainBeam = 1;
    const bool quiet = vm.count("quiet") > 0, json = vm.count("json") > 0;
    const auto limit = limitThreads(threads);

    const auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    solve::TableSource source;
    if (vm.count("table-dir")) source.dir = vm["table-dir"].as<std::string>();
    checkTableDir(source.dir);
    source.useCache = !vm.count("no-table-cache");
    if (!quiet) source.progress = [](const std::string& line) { std::cerr << line << '\n'; };
    const auto table = solve::openEndgameTable(opt.endgameDepth, source);

    std::optional<solve::BoardReport> best;
    int bestWidth = 0, widths = 0;
    uint64_t nodes = 0;
    for (int width = opt.beamWidth;;) {
      solve::Options o = opt;
      o.beamWidth = width;
      const double before = elapsed();
      ++widths;
      try {
        const solve::BoardReport rep = solve::ChainSolver(o, table).solveBoard(start, 1);
        nodes += rep.generated;
        if (!best || rep.moves.size() < best->moves.size()) {
          best = rep;
          bestWidth = width;
        }
        if (!quiet) {
          char line[128];
          std::snprintf(line, sizeof line, "width %d: %zu moves (%llu nodes, %.2f s)\n", width, rep.moves.size(),
                        static_cast<unsigned long long>(rep.generated), rep.seconds);
          std::cerr << line;
        }
      } catch (const solve::NoSolution& e) {
        nodes += e.generated;
        if (!quiet) std::cerr << "width " << width << ": no solution within 99 moves\n";
      }
      // The next width costs about twice this one (a beam is linear in its width).
      const double took = elapsed() - before;
      if (budget <= 0 || width > 5'000'000 || elapsed() + 2.2 * took > budget) break;
      width *= 2;
    }
    const double seconds = elapsed();
    if (!best) {
      std::cerr << "nugget solve-board: no solution within 99 moves (" << widths << " width"
                << (widths == 1 ? "" : "s") << " tried, up to " << opt.beamWidth << "x" << (1 << (widths - 1))
                << "); try a wider --beam-width or a --budget\n";
      return kExitInvalid;
    }
    Board end = start;
    for (Move m : best->moves) end.apply(m);
    const std::string solved = end.pos.solvedHorizontal() ? "horizontal" : "vertical";
    if (json) {
      std::cout << Json()
                       .add("moves", movesToString(best->moves))
                       .add("count", static_cast<int>(best->moves.size()))
                       .add("solved", solved)
                       .add("face", std::string(1, faceChar(start.face)))
                       .add("width", bestWidth)
                       .add("widths", widths)
                       .add("nodes", static_cast<unsigned long long>(nodes))
                       .add("seconds", seconds, 3)
                       .add("final", tilesToString(end.tiles))
                       .str()
                << '\n';
    } else {
      char line[160];
      std::snprintf(line, sizeof line, "%zu moves (%s stripes; width %d, %d width%s tried, %llu nodes, %.2f s)",
                    best->moves.size(), solved.c_str(), bestWidth, widths, widths == 1 ? "" : "s",
                    static_cast<unsigned long long>(nodes), seconds);
      std::cout << movesToString(best->moves) << '\n' << line << '\n';
    }
    return kExitOk;
  });
}
