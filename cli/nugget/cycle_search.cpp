// nugget cycle-search --entry FILE [--board K] [--slack S] [--max-starts N] [--budget SEC] [--out FILE]:
// the exact cycle search (solver/nugget/exact_cycle.h) from a board of an
// entry (default: the first board of the cycle it ends in) or any start.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "nugget/checkpoint.h"  // solve::formatMoves, the one writer of a move list
#include "solver_cli.h"
#include "nugget/cycle.h"
#include "nugget/exact_cycle.h"

using namespace nugget;
using namespace nugget::cli;

namespace {
std::atomic<bool> gStopSearch{false};
extern "C" void onSearchSignal(int) { gStopSearch.store(true); }
}  // namespace

int runCycleSearch(int argc, char** argv) {
  return guarded("cycle-search", [&] {
    CommandLine cl("cycle-search",
                   "nugget cycle-search (--entry FILE [--board K] | --start \"t1 ... t49\" --face A|B)\n"
                   "                           [--slack S] [--max-starts N] [--max-ends E] [--budget SEC]\n"
                   "                           [--prove-budget SEC] [--out FILE [--force]] [options]",
                   "Looks for a cycle of boards cheaper than the best known by exact search: from a start,\n"
                   "each board's fewest moves is proved (`nugget prove`) and every solved layout within\n"
                   "optimum + --slack moves is listed (up to the 8 symmetries); each is a possible next\n"
                   "board. The starts are explored breadth first (at most --max-starts, --max-ends ends\n"
                   "followed from each), every way found goes into the transition graph, and its cheapest\n"
                   "cycle (minimum mean) is reported when it is cheaper than the known one (--entry: the\n"
                   "cycle the entry ends in; else any). With --entry the search starts at board K's start\n"
                   "(default: the first board of that cycle), and --out writes the entry's boards before K,\n"
                   "then the way into the cycle found and the cycle round and round to the entry's length:\n"
                   "verified, and written only when it ranks better than the entry (an existing FILE only\n"
                   "with --force). Progress on stderr, a line a start. Rules: docs/RULES.md section 1.");
    cl.files =
        "reads: --entry FILE (jcgn-1), the endgame table cache (--table-dir); writes: --out FILE (jcgn-1)";
    cl.exits =
        "0 a cheaper cycle found (and written with --out); 1 a bad entry file, or none found;\n"
        "2 bad usage or a failed write; 3 stopped by Ctrl-C (the best found so far reported)";
    addStartOptions(cl.visible);
    cl.visible.add_options()
      ("entry", po::value<std::string>()->value_name("FILE"), "start from this entry's cycle (or --board)")
      ("board", po::value<int>()->value_name("K"), "with --entry: start at board K's start, 1..boards")
      ("slack", po::value<int>()->default_value(0), "ends within optimum + S moves, 0..3")
      ("max-starts", po::value<int>()->default_value(30), "starts proved and expanded, 1..100000")
      ("max-ends", po::value<int>()->default_value(40), "ends followed from one start, 1..10000")
      ("max-cost", po::value<int>()->default_value(0),
       "starts needing more moves are not expanded, 0..99 (0: the known cycle's mean rounded down + 1)")
      ("budget", po::value<double>()->default_value(0), "seconds for the whole search (0: none)")
      ("prove-budget", po::value<double>()->default_value(120), "seconds for each start's proof, > 0")
      ("beam-width", po::value<int>()->default_value(1000), "beam giving each proof an upper bound, 0..1000000")
      ("endgame-depth", po::value<int>()->default_value(6), "endgame table depth 0..7")
      ("table-dir", po::value<std::string>()->value_name("DIR"), "endgame table cache folder")
      ("no-table-cache", "build the endgame table in memory; read and write no cache file")
      ("tt-mb", po::value<int>()->default_value(512), "transposition table in MB, 1..16384")
      ("threads", po::value<int>()->default_value(0), "worker threads (0 = all cores), 0..256")
      ("out", po::value<std::string>()->value_name("FILE"), "with --entry: write the cheaper entry here")
      ("force", "with --out: replace an existing FILE")
      ("quiet", "no progress on standard error");
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;

    solve::ExactCycleOptions opt;
    opt.slack = vm["slack"].as<int>();
    opt.maxStarts = vm["max-starts"].as<int>();
    opt.maxEnds = vm["max-ends"].as<int>();
    opt.maxCost = vm["max-cost"].as<int>();
    checkRange("--max-cost", opt.maxCost, 0, 99);
    opt.seconds = vm["budget"].as<double>();
    opt.proveSeconds = vm["prove-budget"].as<double>();
    opt.beamWidth = vm["beam-width"].as<int>();
    const int depth = vm["endgame-depth"].as<int>(), threads = vm["threads"].as<int>(), ttMb = vm["tt-mb"].as<int>();
    checkRange("--slack", opt.slack, 0, 3);
    checkRange("--max-starts", opt.maxStarts, 1, 100000);
    checkRange("--max-ends", opt.maxEnds, 1, 10000);
    checkRange("--budget", opt.seconds, 0.0, 1e9);
    checkRange("--prove-budget", opt.proveSeconds, 0.001, 1e9);
    checkRange("--beam-width", opt.beamWidth, 0, 1'000'000);
    checkRange("--endgame-depth", depth, 0, 7);
    checkRange("--threads", threads, 0, 256);
    checkRange("--tt-mb", ttMb, 1, 16384);
    opt.prove.ttBytes = static_cast<size_t>(ttMb) << 20;
    const bool quiet = vm.count("quiet") > 0;

    // Where to start, and the mean to beat.
    Board from;
    double below = 1e9;
    jcgn::Entry entry;
    int firstBoard = 0;  // 1-based board of the entry the search starts at (0: no entry)
    if (vm.count("entry")) {
      if (vm.count("start") || vm.count("face")) throw UsageError("--entry excludes --start and --face");
      const std::string path = vm["entry"].as<std::string>();
      const jcgn::Verdict v = verifyPath(path);
      if (!v.ok) throw DataError(verdictMessage(v, path));
      entry = v.entry;
      const auto cycle = solve::closedCycle(entry);
      if (cycle) below = cycle->mean();
      if (vm.count("board")) {
        firstBoard = vm["board"].as<int>();
        checkRange("--board", firstBoard, 1, v.boards());
      } else {
        if (!cycle) throw DataError(path + ": the entry closes no cycle; give --board K");
        firstBoard = cycle->first;
      }
      jcgn::Entry before;
      before.boards.assign(entry.boards.begin(), entry.boards.begin() + (firstBoard - 1));
      from = jcgn::nextStart(before);
    } else {
      if (vm.count("board")) throw UsageError("--board needs --entry");
      if (vm.count("out")) throw UsageError("--out needs --entry");
      from = startFromOptions(vm);
    }
    const std::string out = vm.count("out") ? vm["out"].as<std::string>() : "";
    if (!out.empty()) {
      if (!vm.count("force"))
        if (const std::string exists = existingProblem(out, "--out"); !exists.empty()) throw UsageError(exists);
      const std::string problem = outputProblem(out, "--out", {vm["entry"].as<std::string>()});
      if (!problem.empty()) throw UsageError(problem);
    }

    const auto limit = limitThreads(threads);
    const auto progress = stderrLines();
    if (!quiet) opt.progress = progress;
    opt.prove.stop = &gStopSearch;
    struct sigaction sa {};
    sa.sa_handler = onSearchSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    solve::TableSource source;
    if (vm.count("table-dir")) source.dir = vm["table-dir"].as<std::string>();
    source.useCache = !vm.count("no-table-cache");
    if (!quiet) source.progress = progress;
    const auto table = solve::openEndgameTable(depth, source);

    const solve::ExactCycleResult r = solve::exactCycleSearch(from, *table, opt, below);
    char line[200];
    std::snprintf(line, sizeof line,
                  "%d start%s looked at (%d too dear, %d not proved in time), graph of %zu starts and %zu arcs, %.1f s",
                  r.expanded, r.expanded == 1 ? "" : "s", r.tooDear, r.unproved, r.nodes, r.arcs, r.seconds);
    std::cout << line << '\n';
    const bool interrupted = gStopSearch.load();
    if (!r.best) {
      std::cout << "no cycle cheaper than "
                << (below < 1e9 ? formatMean(below) + " (the entry's)" : std::string("any")) << " found\n";
      return interrupted ? kExitInterrupted : kExitInvalid;
    }
    const solve::CycleBoards& c = *r.best;
    std::cout << "cycle of " << c.boards.size() << " boards, mean " << formatMean(c.mean()) << ", reached in "
              << c.lead.size() << " board" << (c.lead.size() == 1 ? "" : "s") << " from the start\n";
    for (const auto& m : c.lead) std::cout << "  lead " << m.size() << ": " << solve::formatMoves(m) << '\n';
    for (const auto& m : c.boards) std::cout << "  turn " << m.size() << ": " << solve::formatMoves(m) << '\n';

    if (!out.empty()) {
      // The entry's boards before the start, the lead, then the cycle round and round.
      jcgn::Entry better;
      better.boards.assign(entry.boards.begin(), entry.boards.begin() + (firstBoard - 1));
      const size_t count = entry.boards.size();
      auto append = [&](const std::vector<Move>& moves) {
        Board b = jcgn::nextStart(better);
        if (!playMoves(b, moves) || !b.pos.solved()) throw std::logic_error("a board of the cycle does not replay");
        better.boards.push_back({moves, b.tiles});
      };
      for (const auto& m : c.lead)
        if (better.boards.size() < count) append(m);
      for (size_t k = 0; better.boards.size() < count; k = (k + 1) % c.boards.size()) {
        // Each turn may end at an image of the start: map the next turn by
        // where the board really is (replayCycle gives turns that close exactly).
        append(c.boards[k]);
      }
      const std::string text = jcgn::toString(better, "nugget cycle-search from board " + std::to_string(firstBoard));
      std::istringstream check(text);
      const jcgn::Verdict v = jcgn::verify(check);
      if (!v.ok) throw std::logic_error("the new entry does not verify: " + v.reason);
      const int rank = jcgn::compare(better.movesPerBoard(), entry.movesPerBoard());
      if (rank >= 0) {
        std::cout << "the new entry (mean " << formatMean(v.mean()) << ") does not rank better than "
                  << vm["entry"].as<std::string>() << "; nothing written\n";
        return kExitInvalid;
      }
      writeAtomically(out, text, nullptr, vm.count("force") > 0);
      std::cout << "wrote " << out << ": " << v.boards() << " boards, mean " << formatMean(v.mean()) << " (was "
                << formatMean(static_cast<double>(entry.totalMoves()) / static_cast<double>(entry.boards.size()))
                << ")\n";
    }
    return interrupted ? kExitInterrupted : kExitOk;
  });
}
