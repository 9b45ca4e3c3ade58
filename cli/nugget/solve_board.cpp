// nugget solve-board [--start "t1 ... t49"] [--face A|B] [--position FILE] [--budget SEC] [...]:
// the shortest solution found for one position (twsearch-style). The search
// is the chain solver's board search (ChainSolver::solveBoard, chain.h) with
// the next board left out of the choice; with --budget the beam is widened
// (W, 2W, 4W, ...) while the next width is expected to fit the budget
// (solver/nugget/chain/solve_budget.h).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "commands.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "solver_cli.h"
#include "nugget/chain/chain.h"
#include "nugget/run/memory_guard.h"
#include "nugget/run/pipeline.h"
#include "nugget/chain/solve_budget.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

constexpr const char* kSynopsis =
    "nugget solve-board [--start \"t1 ... t49\"] [--face A|B] [--position FILE [--line N]]\n"
    "                          [--budget SEC] [--beam-width W] [--endgame-depth D] [--json] [options]";
constexpr const char* kAbout =
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
    "`nugget show --start ... --face ... --moves \"MOVES\"`. Rules: docs/RULES.md section 1.";
constexpr const char* kFiles =
    "reads: --position FILE, one position a line: 49 tile numbers (row-major) then the face\n"
    "A or B, '#' comments (examples/nugget/board-1.txt); the endgame table cache (--table-dir)";
constexpr const char* kExits =
    "0 a solution found; 1 none within 99 moves, or a bad position file; 2 bad usage; 3 stopped by\n"
    "SIGINT/SIGTERM (the best of the widths finished before it printed)";

// Everything `nugget solve-board` takes from its command line but the position.
struct BoardArgs {
  solve::Options opt;
  double budget = 0;
  int threads = 0;
  std::string tableDir;
  bool noTableCache = false, json = false, quiet = false;
};

// The option rows, after the position's (addPositionOptions).
OptionTable boardRows(BoardArgs& a) {
  solve::Options& opt = a.opt;
  opt.beamWidth = 1000;
  OptionTable t;
  t.real("budget", a.budget, 0.0, 1e9, "widen the beam while the next width fits SEC seconds (0 = one width)")
      .valueName("SEC")
   .integer("beam-width", opt.beamWidth, 1, 10'000'000, "(first) beam width, 1..10000000")
   .text("heuristic", opt.heuristic, "beam heuristic: " + heur::names())
   .check([&opt] { findHeuristic(opt.heuristic); })
   .integer("endgame-depth", opt.endgameDepth, 0, 7,
       "endgame table depth 0..7 (6: 70 MB, 7: 1.0 GB, cached on disk after the first build; 4: 0.3 MB, built at once)")
   .text("table-dir", a.tableDir,
       "endgame table cache folder (default: $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else ~/.cache/nugget)")
      .valueName("DIR").check([&a] { checkTableDir(a.tableDir); })
   .flag("no-table-cache", a.noTableCache, "build the endgame table in memory; read and write no cache file")
   .integer("shorten-window", opt.shortenWindow, 0, 8, "post-optimiser window (0 = off), 0..8")
   .integer("slack", opt.slack, 0, 10, "end states up to this many moves longer than the first found are shortened too, 0..10")
   .whole("seed", opt.seed, UINT64_MAX, "tie-break salt, 0..2^64-1 (0 = by hash)")
   .integer("threads", a.threads, 0, 256, "worker threads (0 = all cores), 0..256")
   .flag("json", a.json, "print one JSON object (see above) instead of the two lines")
   .flag("quiet", a.quiet, "no progress on standard error");
  return t;
}

// The answer on standard output: the moves and a line of figures, or --json's object.
void printBest(const BoardArgs& a, const Board& start, const solve::BudgetResult& r, double seconds) {
  const auto& moves = r.best->moves;
  Board end = start;
  for (Move m : moves) end.apply(m);
  const std::string solved = end.pos.solvedHorizontal() ? "horizontal" : "vertical";
  if (a.json) {
    std::cout << Json()
                     .add("moves", jcgn::formatMoves(moves))
                     .add("count", static_cast<int>(moves.size()))
                     .add("solved", solved)
                     .add("face", std::string(1, faceChar(start.face)))
                     .add("width", r.bestWidth)
                     .add("widths", r.widths)
                     .add("nodes", static_cast<unsigned long long>(r.nodes))
                     .add("seconds", seconds, 3)
                     .add("final", tilesToString(end.tiles))
                     .str()
              << '\n';
    return;
  }
  char line[160];
  std::snprintf(line, sizeof line, "%zu moves (%s stripes; width %d, %d width%s tried, %llu nodes, %.2f s)",
                moves.size(), solved.c_str(), r.bestWidth, r.widths, r.widths == 1 ? "" : "s",
                static_cast<unsigned long long>(r.nodes), seconds);
  std::cout << jcgn::formatMoves(moves) << '\n' << line << '\n';
}

// A width's line on standard error.
void printWidth(const solve::WidthTried& w) {
  if (!w.moves) {
    std::cerr << "width " << w.width << ": no solution within 99 moves\n";
    return;
  }
  char line[128];
  std::snprintf(line, sizeof line, "width %d: %zu moves (%llu nodes, %.2f s)\n", w.width, *w.moves,
                static_cast<unsigned long long>(w.nodes), w.seconds);
  std::cerr << line;
}

// The memory guard of `nugget solve` (solver/nugget/run/memory_guard.h) on the
// one board's settings at beam width `width`: the endgame table and one beam
// (one chain, no aims), against this machine's memory. The refusal with its
// figures, or none when they fit.
std::optional<std::string> memoryRefusal(const BoardArgs& a, int width) {
  solve::PipelineOptions p;
  p.chain.solver = a.opt;
  p.chain.solver.beamWidth = width;
  p.chain.enter.target.width = 0;  // no aims at a cycle: a single board
  p.route = solve::Route::Chain;  // the chain route's board search, with its table
  p.chain.tableDir = a.tableDir;
  p.chain.tableCache = !a.noTableCache;
  const solve::MemoryNeed need = solve::memoryNeed(p, a.threads, int(std::thread::hardware_concurrency()), 1);
  return solve::memoryRefusal(need, solve::physicalMemory());
}

// The first width checked before any work: UsageError with the figures when
// it does not fit (--beam-width 10000000 needs ~50 GB; without the guard it
// grew past 7.5 GB in 30 s). A --budget's doubled widths are held to the
// widest that fits too: the widest width the budget may try.
int checkMemory(const BoardArgs& a) {
  if (const std::optional<std::string> refusal = memoryRefusal(a, a.opt.beamWidth)) throw UsageError(*refusal);
  int widest = a.opt.beamWidth;
  while (a.budget > 0 && widest <= solve::kMaxBudgetWidth / 2 && !memoryRefusal(a, widest * 2)) widest *= 2;
  return widest;
}

// Ctrl-C and SIGTERM end the width under way; the widths finished before it
// are printed (exit 3). A second signal kills at once.
std::atomic<bool> gStop{false};
static_assert(std::atomic<bool>::is_always_lock_free);  // set from a signal handler
extern "C" void onBoardSignal(int) { gStop.store(true); }

// The command on its parsed arguments.
int solveBoardBody(BoardArgs& a, const po::variables_map& vm) {
  const Board start = positionFromOptions(vm);

  a.opt = solve::singleBoard(a.opt);  // fewest moves: the next board plays no part
  const int widest = checkMemory(a);
  a.opt.stop = &gStop;
  onStopSignals(onBoardSignal);
  const auto limit = limitThreads(a.threads);
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  const auto table = openTable(a.opt.endgameDepth, a.tableDir, a.noTableCache, a.quiet);
  const solve::BudgetResult r =
      solve::solveWithinBudget(start, a.opt, table, a.budget, elapsed, a.quiet ? nullptr : printWidth, widest);
  if (r.cappedAt > 0 && !a.quiet)
    std::cerr << "width " << r.cappedAt << " not tried: "
              << (r.cappedAt > solve::kMaxBudgetWidth ? "above the widest a budget tries, "
                                                      : "this machine's memory holds no wider beam than ")
              << (r.cappedAt > solve::kMaxBudgetWidth ? solve::kMaxBudgetWidth : widest) << "\n";
  if (r.stopped) {
    std::cerr << "nugget solve-board: stopped by a signal during width " << a.opt.beamWidth * (1 << r.widths)
              << (r.best ? "; the best of the widths before it:" : " (the first): no solution to print") << '\n';
    if (r.best) printBest(a, start, r, elapsed());
    return kExitInterrupted;
  }
  if (!r.best) {
    std::cerr << "nugget solve-board: no solution within 99 moves (" << r.widths << " width"
              << (r.widths == 1 ? "" : "s") << " tried, up to " << a.opt.beamWidth << "x" << (1 << (r.widths - 1))
              << "); try a wider --beam-width or a --budget\n";
    return kExitInvalid;
  }
  printBest(a, start, r, elapsed());
  return kExitOk;
}

}  // namespace

int runSolveBoard(int argc, char** argv) {
  return runCommand<BoardArgs>({"solve-board", kSynopsis, kAbout, kFiles, kExits}, argc, argv, boardRows,
                               solveBoardBody, withPosition);
}
