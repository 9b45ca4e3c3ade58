// nugget cycle-search --entry FILE [--board K] [--slack S] [--max-starts N] [--budget SEC] [--out FILE]:
// the exact cycle search (solver/nugget/cycles/exact_cycle.h) from a board of an
// entry (default: the first board of the cycle it ends in) or any start.
#include <atomic>
#include <climits>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "solver_cli.h"
#include "nugget/cycles/cycle.h"
#include "nugget/cycles/exact_cycle.h"
#include "nugget/chain/solve_budget.h"  // beamBound, each start's upper bound

using namespace nugget;
using namespace nugget::cli;

namespace {
std::atomic<bool> gStopSearch{false};
extern "C" void onSearchSignal(int) { gStopSearch.store(true); }

constexpr const char* kSynopsis =
    "nugget cycle-search (--entry FILE [--board K] | --start \"t1 ... t49\" --face A|B)\n"
    "                           [--slack S] [--max-starts N] [--max-ends E] [--budget SEC]\n"
    "                           [--prove-budget SEC] [--out FILE [--force]] [options]";
constexpr const char* kAbout =
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
    "with --force). Progress on stderr, a line a start. Rules: docs/RULES.md section 1.";
constexpr const char* kFiles =
    "reads: --entry FILE (jcgn-1), the endgame table cache (--table-dir); writes: --out FILE (jcgn-1)";
constexpr const char* kExits =
    "0 a cheaper cycle found (and written with --out); 1 a bad entry file, or none found;\n"
    "2 bad usage or a failed write; 3 stopped by Ctrl-C (the best found so far reported)";

// Everything `nugget cycle-search` takes from its command line but --start/--face.
struct CycleArgs {
  solve::ExactCycleOptions opt;
  std::string entry, tableDir, out;
  int board = 0;  // --board K (0: not given)
  int endgameDepth = 6, ttMb = 512, threads = 0;
  int beamWidth = 1000;  // each start's upper bound: one beam of the board search (0: none)
  bool noTableCache = false, force = false, quiet = false;
};

OptionTable cycleRows(CycleArgs& a) {
  solve::ExactCycleOptions& o = a.opt;
  o.slack = 0;
  o.maxStarts = 30;
  o.maxEnds = 40;
  o.maxCost = 0;
  o.seconds = 0;
  o.proveSeconds = 120;
  OptionTable t;
  t.text("entry", a.entry, "start from this entry's cycle (or --board)").valueName("FILE")
   .integer("board", a.board, INT_MIN, INT_MAX, "with --entry: start at board K's start, 1..boards")
      .valueName("K").noDefault()
   .integer("slack", o.slack, 0, 3, "ends within optimum + S moves, 0..3")
   .integer("max-starts", o.maxStarts, 1, 100000, "starts proved and expanded, 1..100000")
   .integer("max-ends", o.maxEnds, 1, 10000, "ends followed from one start, 1..10000")
   .integer("max-cost", o.maxCost, 0, 99,
       "starts needing more moves are not expanded, 0..99 (0: the known cycle's mean rounded down + 1)")
   .real("budget", o.seconds, 0.0, 1e9, "seconds for the whole search (0: none)")
   .real("prove-budget", o.proveSeconds, 0.001, 1e9, "seconds for each start's proof, > 0")
   .integer("beam-width", a.beamWidth, 0, 1'000'000, "beam giving each proof an upper bound, 0..1000000")
   .integer("endgame-depth", a.endgameDepth, 0, 7, "endgame table depth 0..7")
   .text("table-dir", a.tableDir, "endgame table cache folder").valueName("DIR")
   .flag("no-table-cache", a.noTableCache, "build the endgame table in memory; read and write no cache file")
   .integer("tt-mb", a.ttMb, 1, 16384, "transposition table in MB, 1..16384")
   .integer("threads", a.threads, 0, 256, "worker threads (0 = all cores), 0..256")
   .text("out", a.out, "with --entry: write the cheaper entry here").valueName("FILE")
   .flag("force", a.force, "with --out: replace an existing FILE")
   .flag("quiet", a.quiet, "no progress on standard error");
  return t;
}

// Where the search starts, the mean to beat, and (--entry) the entry and
// its board the search starts at.
struct Origin {
  Board from;
  double below = 1e9;
  jcgn::Entry entry;
  int firstBoard = 0;  // 1-based board of the entry the search starts at (0: no entry)
};

Origin originFrom(const CycleArgs& a, const po::variables_map& vm) {
  Origin o;
  if (!vm.count("entry")) {
    if (vm.count("board")) throw UsageError("--board needs --entry");
    if (vm.count("out")) throw UsageError("--out needs --entry");
    o.from = startFromOptions(vm);
    return o;
  }
  if (vm.count("start") || vm.count("face")) throw UsageError("--entry excludes --start and --face");
  const jcgn::Verdict v = jcgn::verifyFile(a.entry);
  if (!v.ok) throw DataError(v.message(sourceName(a.entry)));
  o.entry = v.entry;
  const auto cycle = solve::closedCycle(o.entry);
  if (cycle) o.below = cycle->mean();
  if (vm.count("board")) {
    o.firstBoard = a.board;
    checkRange("--board", o.firstBoard, 1, v.boards());
  } else {
    if (!cycle) throw DataError(a.entry + ": the entry closes no cycle; give --board K");
    o.firstBoard = cycle->first;
  }
  jcgn::Entry before;
  before.boards.assign(o.entry.boards.begin(), o.entry.boards.begin() + (o.firstBoard - 1));
  o.from = jcgn::nextStart(before);
  return o;
}

// --out is checked before any work: writable, not the entry, new unless --force.
void checkOut(const CycleArgs& a, bool hasOut) {
  if (!hasOut || a.out.empty()) return;
  if (!a.force)
    if (const std::string exists = existingProblem(a.out, "--out"); !exists.empty()) throw UsageError(exists);
  const std::string problem = outputProblem(a.out, "--out", {a.entry});
  if (!problem.empty()) throw UsageError(problem);
}

// The search itself, Ctrl-C stopping it with the best found so far.
solve::ExactCycleResult search(const CycleArgs& a, const Origin& o) {
  solve::ExactCycleOptions opt = a.opt;
  opt.prove.ttBytes = static_cast<size_t>(a.ttMb) << 20;
  if (!a.quiet) opt.progress = stderrLines();
  opt.prove.stop = &gStopSearch;
  onStopSignals(onSearchSignal);
  const auto table = openTable(a.endgameDepth, a.tableDir, a.noTableCache, a.quiet);
  opt.upperBound = [table, width = a.beamWidth](const Board& start) { return solve::beamBound(start, table, width); };
  return solve::exactCycleSearch(o.from, *table, opt, o.below);
}

// The entry through the cycle found (solve::entryThroughCycle), written
// when it ranks better. Exit code.
int writeBetter(const CycleArgs& a, const Origin& o, const solve::CycleBoards& c) {
  const jcgn::Entry better = solve::entryThroughCycle(o.entry, o.firstBoard, c);
  const std::string text = jcgn::toString(better, "nugget cycle-search from board " + std::to_string(o.firstBoard));
  std::istringstream check(text);
  const jcgn::Verdict v = jcgn::verify(check);
  if (!v.ok) throw std::logic_error("the new entry does not verify: " + v.reason);
  if (jcgn::compare(better.movesPerBoard(), o.entry.movesPerBoard()) >= 0) {
    std::cout << "the new entry (mean " << formatMean(v.mean()) << ") does not rank better than " << a.entry
              << "; nothing written\n";
    return kExitInvalid;
  }
  writeAtomically(a.out, text, nullptr, a.force);
  std::cout << "wrote " << a.out << ": " << v.boards() << " boards, mean " << formatMean(v.mean()) << " (was "
            << formatMean(static_cast<double>(o.entry.totalMoves()) / static_cast<double>(o.entry.boards.size()))
            << ")\n";
  return kExitOk;
}

// The search's figures and the cycle found (its lead and turns).
void printFound(const solve::ExactCycleResult& r) {
  char line[200];
  std::snprintf(line, sizeof line,
                "%d start%s looked at (%d too dear, %d not proved in time), graph of %zu starts and %zu arcs, %.1f s",
                r.expanded, r.expanded == 1 ? "" : "s", r.tooDear, r.unproved, r.nodes, r.arcs, r.seconds);
  std::cout << line << '\n';
  if (!r.best) return;
  const solve::CycleBoards& c = *r.best;
  std::cout << "cycle of " << c.boards.size() << " boards, mean " << formatMean(c.mean()) << ", reached in "
            << c.lead.size() << " board" << (c.lead.size() == 1 ? "" : "s") << " from the start\n";
  for (const auto& m : c.lead) std::cout << "  lead " << m.size() << ": " << jcgn::formatMoves(m) << '\n';
  for (const auto& m : c.boards) std::cout << "  turn " << m.size() << ": " << jcgn::formatMoves(m) << '\n';
}

// The command on its parsed arguments.
int cycleSearchBody(CycleArgs& a, const po::variables_map& vm) {
  const Origin o = originFrom(a, vm);
  checkOut(a, vm.count("out") > 0);
  const auto limit = limitThreads(a.threads);
  const solve::ExactCycleResult r = search(a, o);
  printFound(r);
  const bool interrupted = gStopSearch.load();
  if (!r.best) {
    std::cout << "no cycle cheaper than "
              << (o.below < 1e9 ? formatMean(o.below) + " (the entry's)" : std::string("any")) << " found\n";
    return interrupted ? kExitInterrupted : kExitInvalid;
  }
  if (vm.count("out") && !a.out.empty()) {
    const int rc = writeBetter(a, o, *r.best);
    if (rc != kExitOk) return rc;
  }
  return interrupted ? kExitInterrupted : kExitOk;
}

}  // namespace

int runCycleSearch(int argc, char** argv) {
  return runCommand<CycleArgs>({"cycle-search", kSynopsis, kAbout, kFiles, kExits}, argc, argv, cycleRows,
                               cycleSearchBody, withStart);
}
