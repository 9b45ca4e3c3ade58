// nugget solve --boards N --out FILE [...]: its options as one table (a
// row per flag: name, field, range, help), the outputs and the memory
// checked before any work, the solve pipeline (solver/nugget/run/pipeline.h)
// run with its events printed, and the entry written atomically.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "commands.h"
#include "common.h"
#include "nugget/cycles/cycle_list.h"
#include "nugget/run/memory_guard.h"
#include "nugget/run/pipeline.h"
#include "nugget/team/team_session.h"
#include "text/sha256.h"  // text::sha256Hex, the given cycle list's short name
#include "output.h"
#include "solver_cli.h"

using namespace nugget;
using namespace nugget::cli;
namespace fs = std::filesystem;

namespace {

constexpr const char* kSynopsis = "nugget solve --boards N --out FILE [options]";
constexpr const char* kAbout =
    "Solves a chain of N boards (20..200) from the start position and writes a jcgn-1\n"
    "entry, verified by the same code as `nugget verify` before it is reported written.\n"
    "By default the cycle route: 2-board cycles of 12 moves a board, the good set of states\n"
    "from which every board costs 12, board 1 aimed at it (docs/solver.md); --route chain:\n"
    "board by board with an endgame table (its options: --help-all).\n"
    "A checkpoint FILE.partial is written atomically after every aim (every board on the\n"
    "chain route); --resume goes on from it (same settings needed) and ends exactly as an\n"
    "uninterrupted run would.\n"
    "An existing checkpoint is never replaced silently: without --resume, --restart is\n"
    "needed to discard it. Results do not depend on --threads.\n"
    "An existing FILE is refused (exit 2, before any work) unless --force (replace it),\n"
    "--keep-better (keep the better-ranked of the two) or --resume (the run that wrote it).\n"
    "One run writes a FILE at a time: it holds a lock (flock) on FILE.lock, and a second run\n"
    "on the same FILE is refused (exit 2) naming the first's pid.\n"
    "Ctrl-C (SIGINT) or SIGTERM: stops at once (the board, cycle try or aim under way is\n"
    "dropped and done again on resume; a first table build is abandoned), keeps the last\n"
    "checkpoint, writes the entry so far (as --time-limit does), prints the command that\n"
    "resumes, exit code 3. A second signal kills at once; the last checkpoint stays whole.\n"
    "The solver and its options: docs/solver.md (every command: docs/cli.md); rules: docs/RULES.md.\n"
    "--json: one JSON line on standard output at the end (the `wrote` line goes to standard\n"
    "error then): {\"out\", \"written\", \"stop\": \"finished\"|\"time-limit\"|\"signal\", \"boards\",\n"
    "\"moves\", \"mean\", \"trimmed\", \"seconds\", \"nodes\" (beam children of the chain phase),\n"
    "\"checkpoint\" (the FILE.partial kept, or null), \"fast_from\" (the first board the time budget's\n"
    "fast finish solved, or null), \"cycle\": {\"first\", \"period\", \"moves\",\n"
    "\"mean\", \"symmetry\", \"cycles_on_path\", \"cheapest_mean\"} or null}.\n"
    "Progress goes to standard error: the cycles, the good set and one line an aim; on the chain\n"
    "route the endgame table's levels while it is built (or the file it maps), then one line a\n"
    "board (a bar on a terminal).";
constexpr const char* kFiles =
    "writes: --out FILE, a jcgn-1 entry (docs/formats/jcgn-1.md); FILE.partial, the checkpoint\n"
    "(docs/formats/checkpoint.md); FILE.lock while it runs (the lock; removed at the end); the endgame\n"
    "table cache (--table-dir) for depths 5 to 7";
constexpr const char* kExits =
    "0 written; 1 stopped by --time-limit before 20 boards (the checkpoint kept); 2 bad\n"
    "arguments or a failed write (the previous checkpoint is kept); 3 stopped by SIGINT/SIGTERM";

// Everything `nugget solve` takes from its command line.
struct SolveArgs {
  solve::PipelineOptions settings;
  std::string out;
  int threads = 0;
  bool noTableCache = false, noRepeat = false, resume = false, restart = false, force = false;
  bool keepBetter = false, trim = false, json = false, quiet = false;
  std::string cycleList;  // --cycle-list: read into settings.cycles.given
  std::string route = "cycle";  // --route: cycle (the default) or chain
  std::string partial() const { return out + ".partial"; }
};


// The rows both routes read: the chain's length, the output, the route, and
// the aims' beam (board 1 aimed into a cycle on the cycle route; the first
// boards aimed into a found cycle on the chain route, --enter-boards).
void commonRows(OptionTable& t, SolveArgs& a) {
  solve::PipelineOptions& s = a.settings;
  t.integer("boards", s.chain.solver.boards, jcgn::kMinBoards, jcgn::kMaxBoards, "number of boards N, 20..200")
   .text("out", a.out, "output file (jcgn-1)").required()
   .text("route", a.route,
       "cycle: 2-board cycles of 12 moves a board and the good set around them, board 1 aimed at it, the cycle "
       "played to the last board (docs/solver.md); chain: board by board with an endgame table, the cycles the "
       "chain closes (the options under \"Chain route\" in --help-all). An option of the other route is refused")
   .check([&a] {
     if (a.route != "cycle" && a.route != "chain")
       throw UsageError("--route must be cycle or chain, got \"" + a.route + "\"");
   })
   .integer("enter-width", s.cycles.width, 1, 10'000'000,
       "beam width of the aims (board 1 ending exactly at a cycle's layout)")
   .integer("enter-widen", s.cycles.widen, 1, 64,
       "then every aim again, in the same order, at this many times --enter-width (at most 40000000; 1 = none): "
       "an aim's length scatters with the width, and a wider beam is better on the whole");
}

// The rows of the cycle route (the default): 12-move cycles (or reversible ones), board 1 aimed into one.
void cycleRouteRows(OptionTable& t, SolveArgs& a) {
  solve::PipelineOptions& s = a.settings;
  t.integer("later-cycles", s.cycles.later, 0, 1000,
       "2-board cycles of 12 moves a board to build through later boards of 12 moves (nugget cycles --later; "
       "under a second each on one core), 0 = reversible ones only")
   .integer("good-levels", s.cycles.levels, 0, 20,
       "levels of the good set above the cycles: states one, two, ... boards of 12 before a cycle, "
       "where board 1 may end too (docs/solver.md)")
   .text("cycle-list", a.cycleList,
       "read the cycles from this list (docs/formats/cycles.md, written by `nugget cycles`) instead of building them")
   .integer("cycles", s.cycles.build, 0, 10000,
       "with --later-cycles 0: reversible 2-board cycles of 14 moves a board to build (and --seed their tie-break)")
   .check([&s] {
     if (s.cycles.build == 0)
       throw UsageError("--cycles 0 no longer chooses the chain route: --route chain does");
   })
   .advanced()
   .integer("aims", s.cycles.count, 0, 1'000'000,
       "cycle images aimed at in a pass, nearest to board 1 first by the aims' score (0 = all)").advanced()
   .integer("aim-batch", s.cycles.batch, 0, 1'000'000,
       "images a batch: each batch aimed at --enter-width, then again --enter-widen times wider, nearest batch "
       "first, until the images or the budget run out (0 = one batch of all)")
   .advanced()
   .integer("aim-frontier", s.cycles.frontier, 0, 5,
       "every state this many moves or fewer from an aim's target (found backward) ends the aim too, the rest "
       "of the way appended (0 = the target alone)")
   .advanced()
   .integer("aim-from", s.cycles.from, 0, 1'000'000, "skip this many nearest images (a later batch of one list)")
   .advanced()
   .integer("polish-slack", s.cycles.polishSlack, 0, 99,
       "polish every aim within this many moves of the shortest, not the shortest alone (segments of 8-12 moves)")
   .advanced()
   .integer("polish-width", s.cycles.polishWidth, 1, 1'000'000, "beam width of the polish of the shortest aims")
   .advanced()
   .whole("cycle-nodes", s.cycles.nodes, 1'000'000'000'000ull,
       "bound of the search that builds the cycles, in nodes (about 2 M a second on one core)").advanced();
}

// The rows of the chain route: the beam, the table, the choice of end
// states, the cycle played again, the tries, the aims.
void chainRouteRows(OptionTable& t, SolveArgs& a) {
  solve::Options& opt = a.settings.chain.solver;
  solve::PipelineOptions& s = a.settings;
  t.section("Chain route options (--route chain)");
  t.integer("beam-width", opt.beamWidth, 1, 10'000'000, "beam width per level, 1..10000000")
   .integer("endgame-depth", opt.endgameDepth, 0, 7,
       "endgame table depth 0..7 (7: 1.0 GB, built once in ~3 min on 2 cores (1.7 GB at the peak) and "
       "kept in the cache folder, then read in 1-2 s; 6: 70 MB, built once in ~10 s; a build the --time-limit or "
       "the memory cannot afford is replaced by a shallower table)")
   .text("heuristic", opt.heuristic, "beam heuristic: " + heur::names()).advanced()
   .check([&opt] { findHeuristic(opt.heuristic); })
   .text("table-dir", a.settings.chain.tableDir,
       "endgame table cache folder (default: $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else "
       "~/.cache/nugget; a folder named here must exist); depths 5 to 7 are cached").advanced()
   .check([&a] { checkTableDir(a.settings.chain.tableDir); })
   .flag("no-table-cache", a.noTableCache, "build the endgame table in memory; read and write no cache file")
   .advanced()
   .integer("candidates", opt.candidates, 1, 100'000,
       "solved end states compared per table entry for the next board, 1..100000").advanced()
   .integer("slack", opt.slack, 0, 10, "end states up to this many moves longer than the shortest may be chosen, 0..10")
   .advanced()
   .real("next-weight", opt.nextWeight, 0.0, 100.0, "weight of the next board's heuristic when choosing an end state, 0..100")
   .advanced()
   .integer("shorten-window", opt.shortenWindow, 0, 8,
       "post-optimise every board: replace windows of up to this many moves by shorter ones (0 = off), 0..8")
   .advanced()
   .integer("lookahead", opt.lookahead, 0, 1000,
       "with --chain-beam 1: end states whose next board is test-solved before choosing (0 = heuristic only)")
   .advanced()
   .integer("lookahead-width", opt.lookaheadWidth, 1, 10'000'000, "beam width of those test solves").advanced()
   .integer("chain-beam", opt.chainBeam, 1, 1000,
       "partial chains kept: every board is solved from each, the best by moves so far plus the next "
       "board's heuristic survive (1 = one choice a board, with --lookahead; more: --lookahead is unused)").advanced()
   .flag("no-repeat", a.noRepeat, "keep searching when the chain comes back to an earlier board's start (default: play "
       "that cycle of boards again to the last board)").advanced()
   .integer("enter-boards", s.chain.enter.boards, 0, jcgn::kMaxBoards,
       "once a cycle is found: try to end each of the first J boards exactly where a cycle board ends, "
       "so the chain enters the cycle there (0 = off)").advanced()
   .integer("enter-images", s.chain.enter.images, 1, 8,
       "aim at this many of the 8 images (rotations, reflections) of each cycle board's end, nearest "
       "first by the aim's score (the two nearest of every end before the farther ones)").advanced()
   .integer("cycle-tries", s.chain.cycleTries, 0, 1000,
       "once a cycle is found: chain beams with other tie-break seeds (widths x1, x2, x4 in turn) run "
       "from it, each until its boards close a cycle; each cheaper one is kept and the next tries start from it; "
       "stuck, the tries start from earlier cycles with a kick and explore a dearer cycle they find (0 = off; with "
       "--time-limit and no --cycle-tries: as many as the time allows)").advanced()
   .integer("cycle-boards", s.chain.cycleBoards, 2, 1000, "boards each of those tries may take").advanced()
   .integer("search-boards", s.chain.searchBoards, 0, 10000,
       "when the chain closes no cycle by its last board: chain beams go on past it (three in turn, "
       "each with another seed, a third of this many boards each) until one closes a cycle (0 = off)").advanced();
}

// The rows of the run: threads, seed, budget, the output's fate, printing.
void runRows(OptionTable& t, SolveArgs& a) {
  t.integer("threads", a.threads, 0, 256,
       "worker threads (0 = all cores), 0..256; under mpirun each process's (the memory check counts the beams of "
       "every process on the machine)")
   .whole("seed", a.settings.chain.solver.seed, UINT64_MAX,
       "tie-break salt, 0..2^64-1 (0 = by hash): the chain route's, and the reversible cycles' (--later-cycles 0). "
       "Under mpirun -np K the chain route is a portfolio: process r runs it with seed + r*1000003 until one "
       "closes a cycle (the cheapest cycle wins) or the chain ends (the cheapest chain wins)")
   .real("time-limit", a.settings.timeLimit, 0.0, 1e9,
       "a budget of SEC seconds (0 = none), everything included; the entry has every board. Cycle route: no aim "
       "starts past it (but for the polish's reserve, a tenth, 1..60 s), the aims left go on with --resume. Chain "
       "route: a table build it cannot afford is replaced by a shallower table; the chain stops early enough for "
       "its last boards to be solved fast; cycle tries leave 15% (10..120 s) for the aims")
   .flag("resume", a.resume, "continue from FILE.partial (it must exist)")
   .flag("restart", a.restart, "discard an existing FILE.partial and start afresh (never one a running solve holds)")
   .flag("force", a.force, "replace an existing FILE (without it, or --keep-better or --resume, an existing FILE is refused)")
   .flag("keep-better", a.keepBetter, "if FILE exists (a valid entry): write the new entry only if it ranks better by the rules' "
       "ranking and its tie-breaks (as `nugget compare`), else keep FILE; say which was kept")
   .flag("trim", a.trim, "write the best-ranked prefix of at least 20 boards").advanced()
   .flag("json", a.json, "print a JSON summary line at the end (see above)")
   .flag("quiet", a.quiet, "no progress output");
}

// The command line read and checked, before any work; nullopt after --help
// or --version.
// An option the chosen route does not read is refused (it would change
// nothing, silently): the other route's rows, and the rows that only set up
// cycles the route does not build.
void checkRoute(const SolveArgs& a, const po::variables_map& vm, const OptionTable& cycle,
                const OptionTable& chain) {
  auto refuse = [](const std::string& name, const std::string& why) {
    throw UsageError("--" + name + " " + why);
  };
  if (a.route == "chain") {
    for (const std::string& n : cycle.givenRows(vm))
      refuse(n, "is an option of the cycle route; --route chain does not read it");
    return;
  }
  for (const std::string& n : chain.givenRows(vm))
    refuse(n, "is an option of the chain route (--route chain); the cycle route does not read it");
  const bool list = !a.cycleList.empty();
  if (list)
    for (const char* n : {"later-cycles", "cycles", "cycle-nodes", "seed"})
      if (OptionTable::given(vm, n)) refuse(n, "would change nothing: it sets up the cycles the route builds, and --cycle-list gives them instead");
  // The reversible cycles (and their tie-break) are built only when no
  // 12-move cycle is asked for.
  if (!list && a.settings.cycles.later > 0)
    for (const char* n : {"cycles", "seed"})
      if (OptionTable::given(vm, n))
        refuse(n, "would change nothing: on the cycle route it sets up the reversible cycles, built only with "
                  "--later-cycles 0 (the 12-move cycles need no tie-break)");
}

// The command line read and checked, before any work; nullopt after --help
// or --version.
std::optional<SolveArgs> parseArgs(int argc, char** argv) {
  SolveArgs a;
  // The chain route's table: depth 7 (1.0 GB, its first build ~3 min) gives
  // 15.350 in the main job's budget where depth 6 gives 16.890 (results/README.md,
  // session 11); the library's default stays 6 for the other commands.
  // Set on the cycle route too: the run's settings (checkpoint, entry) name
  // the chain's options on both routes (the cycle route falls back to the
  // chain route), so its entries keep their settings line.
  a.settings.chain.solver.endgameDepth = 7;
  // The chain route's seed: its cycles were measured with it (results/README.md);
  // the cycle route's reversible cycles take it too (below).
  a.settings.chain.solver.seed = 1;
  CommandLine cl("solve", kSynopsis, kAbout, kFiles, kExits);
  OptionTable common, cycle, chain, run, table;
  commonRows(common, a);
  cycleRouteRows(cycle, a);
  chainRouteRows(chain, a);
  runRows(run, a);
  table.append(common).append(cycle).append(chain).append(run);
  po::variables_map vm;
  if (!cl.parse(argc, argv, vm, table)) return std::nullopt;
  checkRoute(a, vm, cycle, chain);
  a.settings.route = a.route == "chain" ? solve::Route::Chain : solve::Route::Cycle;
  // One --enter-width and --enter-widen for both routes' aims: the cycle
  // route's (bound above), and the chain route's, which the cycle route
  // falls back to when no aim reaches a cycle.
  a.settings.chain.enter.target.width = a.settings.cycles.width;
  a.settings.chain.enter.widen = a.settings.cycles.widen;
  // One --seed too: the chain's tie-break, and the reversible cycles'.
  a.settings.cycles.seed = a.settings.chain.solver.seed;
  // A budget without a number of tries: as many as fit.
  if (a.settings.timeLimit > 0 && !OptionTable::given(vm, "cycle-tries")) a.settings.chain.cycleTries = 1000;
  a.settings.chain.tableCache = !a.noTableCache;
  if (!a.cycleList.empty()) {
    int repeats = 0;
    try {
      a.settings.cycles.given = solve::readCycleListFile(a.cycleList, &repeats);
    } catch (const solve::CycleListError& e) {
      throw DataError(std::string("--cycle-list ") + e.what());
    }
    if (a.settings.cycles.given.empty()) throw DataError("--cycle-list " + a.cycleList + ": no cycle in it");
    if (repeats > 0)
      std::cerr << "note: --cycle-list " << a.cycleList << ": " << repeats << " line" << (repeats == 1 ? "" : "s")
                << " repeating an earlier cycle skipped\n";
    a.settings.cycles.givenSum = text::sha256Hex(solve::formatCycleList(a.settings.cycles.given)).substr(0, 16);
  }
  a.settings.chain.repeat = !a.noRepeat;
  a.settings.trim = a.trim;
  if (a.resume && a.restart) throw UsageError("--resume and --restart exclude each other");
  if (a.force && a.keepBetter) throw UsageError("--force and --keep-better exclude each other");
  return a;
}

std::string clock(double s) {
  char buf[32];
  const int t = static_cast<int>(std::lround(s));
  std::snprintf(buf, sizeof buf, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
  return buf;
}

// SIGINT/SIGTERM ask the running pipeline to stop at its next safe point;
// the handler is reset by the first signal, so a second one kills at once
// (the last checkpoint is whole either way: it is written atomically).
solve::Pipeline* gRunning = nullptr;
volatile std::sig_atomic_t gSignal = 0;

extern "C" void onStopSignal(int sig) {
  gSignal = sig;
  if (gRunning) gRunning->requestStop();
  static const char msg[] = "\nnugget solve: stopping (the work under way is dropped; again to kill at once)\n";
  [[maybe_unused]] auto n = ::write(STDERR_FILENO, msg, sizeof msg - 1);
}

void catchStopSignals() { onStopSignals(onStopSignal); }

// The command line again with --resume (and without --restart), for the
// message that says how to go on.
std::string resumeCommand(int argc, char** argv) {
  std::string s = "nugget";
  bool hasResume = false;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--restart") continue;
    hasResume |= a == "--resume";
    s += " " + ::cli::shellWord(a);  // safe to paste: ; # ` | and newlines quoted
  }
  return hasResume ? s : s + " --resume";
}

// The outputs (rank 0's alone), before any work: the entry and its
// checkpoint can be written, the lock is ours, an existing entry or
// checkpoint is what the flags say to do with. Returns the lock, held to the
// end of the run (one writer per output).
std::unique_ptr<OutputLock> claimOutputs(const SolveArgs& a) {
  const std::string& out = a.out;
  const std::string partial = a.partial();
  if (auto p = outputProblem(out, "--out"); !p.empty()) throw UsageError(p);
  if (auto p = outputProblem(partial, "--out (its checkpoint)"); !p.empty()) throw UsageError(p);
  // The lock before anything looks at the checkpoint: a running solve's
  // checkpoint is neither resumed, nor discarded (--restart), nor its
  // temporary files removed by a second run.
  auto lock = std::make_unique<OutputLock>(out);
  if (!lock->held())
    throw UsageError("--out " + out + " is being written by another nugget solve (pid " +
                     (lock->holder() ? std::to_string(lock->holder()) : std::string("unknown")) + ", lock " +
                     lock->file() + "); nothing was done: wait for it to end, or stop it (it keeps its checkpoint)");
  if (!a.resume && !a.force && !a.keepBetter)
    if (auto p = existingProblem(out, "--out", "--force replaces it, --keep-better keeps the better-ranked entry");
        !p.empty())
      throw UsageError(p);
  if (a.keepBetter && fs::exists(out))
    if (const jcgn::Verdict old = jcgn::verifyFile(out); !old.ok)
      throw UsageError("--keep-better: " + out + " is not an entry to compare with (" + old.message(out) +
                       "); --force replaces it");
  // --resume replaces only an entry (kept if it ranks better): a file that
  // is no entry is someone's, never overwritten without --force.
  if (a.resume && !a.force && fs::exists(out))
    if (const jcgn::Verdict old = jcgn::verifyFile(out); !old.ok)
      throw UsageError("--resume: " + out + " is not an entry (" + old.message(out) +
                       "); nothing was done: move it away, or add --force to replace it");
  const bool havePartial = fs::exists(partial);
  if (a.resume && !havePartial)
    throw UsageError("--resume: there is no checkpoint " + partial +
                     (fs::exists(out) ? " (" + out + " is a finished entry; it is left as it is)"
                                      : " (start without --resume)"));
  if (!a.resume && havePartial && !a.restart)
    throw UsageError(partial + " is the checkpoint of an unfinished solve: --resume continues it, "
                     "--restart discards it and starts afresh");
  for (const std::string& f : {out, partial})
    for (const std::string& stale : removeStaleTemporaries(f))
      std::cerr << "note: removed " << stale << " (a write cut short by an earlier run that was killed)\n";
  return lock;
}

// Memory guard (solver/nugget/run/memory_guard.h): the table once a machine,
// the beams of every process of the job on this machine, before any work.
void checkMemory(const SolveArgs& a, const solve::TeamSession& session) {
  const solve::MemoryNeed need =
      solve::memoryNeed(a.settings, a.threads, int(std::thread::hardware_concurrency()), session.processesHere());
  const std::optional<std::string> refusal = solve::memoryRefusal(need, solve::physicalMemory());
  if (!refusal) return;
  // Every process of this machine reaches the same verdict; the first
  // prints it and its exit ends the job (TeamSession::leave). The others
  // wait to be ended with it, so the message is said once.
  if (session.rankHere() > 0) std::this_thread::sleep_for(std::chrono::seconds(30));
  throw UsageError(*refusal);
}

// The pipeline's events as progress lines on standard error, and the state
// they need: what the last checkpoint made final, the chain phase's nodes.
class SolveProgress {
 public:
  SolveProgress(const SolveArgs& a, bool quiet) : args_(a), progress_(quiet) {}
  solve::PipelineEvents events();
  uint64_t nodes() const { return nodes_; }

 private:
  // The chain route's lines: the table and resumes, the cycle found, the tries and aims.
  void tableEvents(solve::ChainRouteEvents& ev) const;
  void cycleEvents(solve::ChainRouteEvents& ev) const;
  void triesEvents(solve::ChainRouteEvents& ev) const;
  void aimEvents(solve::CycleRouteEvents& ev) const;  // the cycle route's lines
  std::string boardFigures(const solve::BoardDone& b) const;
  void board(const solve::BoardDone& b) const;
  // One progress line: the parts streamed in turn, as std::ostream prints
  // them (a mean as 17.25, a manipulator such as std::fixed applied).
  template <class... Parts>
  void say(const Parts&... parts) const {
    std::ostringstream s;
    (s << ... << parts);
    progress_.line(s.str());
  }

  const SolveArgs& args_;
  ::cli::Progress progress_;
  // What the last checkpoint says is final: the chain beam's boards are
  // final once committed (every live chain shares them); the pending ones
  // may still change, so progress shows them as provisional.
  struct Final {
    int boards = 0;
    long moves = 0;
    int lastMoves = 0;
  } final_;
  uint64_t nodes_ = 0;  // the chain phase's node count, for the --json summary
};

solve::PipelineEvents SolveProgress::events() {
  solve::PipelineEvents ev;
  const std::string partial = args_.partial();
  ev.checkpoint = [this, partial](const solve::Checkpoint& cp) {
    writeAtomically(partial, solve::formatCheckpoint(cp));
    final_ = {cp.entry.boards.empty() ? 0 : static_cast<int>(cp.entry.boards.size()), cp.entry.totalMoves(),
              cp.entry.boards.empty() ? 0 : static_cast<int>(cp.entry.boards.back().moves.size())};
  };
  const bool quiet = progress_.quiet();
  ev.chain.board = [this, quiet](const solve::BoardDone& b) {
    nodes_ = b.generated;
    if (!quiet) board(b);
  };
  if (quiet) return ev;
  ev.resumed = [this](int boards) { say("resuming after board ", boards, " of ", args_.settings.chain.solver.boards); };
  aimEvents(ev.cycle);
  tableEvents(ev.chain);
  cycleEvents(ev.chain);
  triesEvents(ev.chain);
  return ev;
}

void SolveProgress::tableEvents(solve::ChainRouteEvents& ev) const {
  ev.tableBuilding = [this](int depth) { say("endgame table (depth ", depth, "): opening"); };
  ev.tableShallower = [this](int asked, int depth) {
    say("endgame table: depth ", depth, " instead of ", asked, " (no time or memory left to build depth ", asked, ")");
  };
  ev.tableProgress = [this](const std::string& line) { say(line); };
  ev.tableBuilt = [this](size_t layouts, double s) { say("endgame table: ", layouts, " layouts, ", clock(s)); };
  ev.resumedInCycle = [this] { say("the checkpoint's last board closes a cycle: going on from it"); };
  ev.resumedTries = [this](int done, size_t kept) { say(done, " cycle tries were done, ", kept, " cycles kept"); };
  if (progress_.terminal()) ev.chainDone = [this] { progress_.endBar(); };
}

// The figures of boards whose moves are final; with --chain-beam > 1 the
// best live chain's boards past the committed ones are marked provisional
// (the entry may hold other moves for them), and the running mean is over
// the final boards only.
std::string SolveProgress::boardFigures(const solve::BoardDone& b) const {
  char figures[160];
  if (args_.settings.chain.solver.chainBeam <= 1)
    std::snprintf(figures, sizeof figures, "%d moves, mean %.3f", b.lastMoves, b.mean);
  else if (final_.boards >= b.board)
    std::snprintf(figures, sizeof figures, "%d moves, mean %.3f", final_.lastMoves,
                  double(final_.moves) / final_.boards);
  else if (b.lastMoves == 0)  // nothing pending: every board is committed, b.mean is theirs
    std::snprintf(figures, sizeof figures, "all boards final, mean %.3f", b.mean);
  else if (final_.boards == 0)
    std::snprintf(figures, sizeof figures, "%d moves (provisional), no board final yet", b.lastMoves);
  else
    std::snprintf(figures, sizeof figures, "%d moves (provisional), mean %.3f over %d final board%s", b.lastMoves,
                  double(final_.moves) / final_.boards, final_.boards, final_.boards == 1 ? "" : "s");
  return figures;
}

void SolveProgress::board(const solve::BoardDone& b) const {
  const double perBoard = b.seconds / std::max(b.solvedHere, 1);
  char line[320];
  std::snprintf(line, sizeof line, "board %d/%d: %s, %.2fM nodes/s, elapsed %s, ETA %s", b.board, b.boards,
                boardFigures(b).c_str(), b.generated / b.seconds / 1e6, clock(b.seconds).c_str(),
                clock(perBoard * (b.boards - b.board)).c_str());
  progress_.bar(b.board, b.boards, line);
}

void SolveProgress::cycleEvents(solve::ChainRouteEvents& ev) const {
  ev.cycleClosed = [this](const solve::CycleClosed& c) {
    say("board ", c.nextBoard, " would start as board ", c.cycle.first, " did",
        c.cycle.symmetry ? " (an image under symmetry " + std::to_string(c.cycle.symmetry) + ")" : "",
        ": the cycle of ", c.cycle.period, " boards (", c.cycle.moves, " moves, mean ", c.cycle.mean(),
        ") is played again to board ", c.boards);
  };
  ev.finishingFast = [this](const solve::FinishingFast& f) {
    say("time budget: boards ", f.firstBoard, "..", f.boards,
        " solved fast to finish the entry (one chain, no look-ahead, ~", std::fixed, std::setprecision(2),
        f.secondsPerBoard, " s a board; ", clock(f.seconds), ")");
  };
  ev.searching = [this](int boards, double s) {
    say("no cycle within the chain: searching past its last board (at most ", boards, " boards, ", clock(s), ")");
  };
  ev.searched = [this](const solve::CycleBoards& c, double seconds) {
    say("cycle of ", c.boards.size(), " boards found ", c.lead.size(), " boards past the chain, mean ", c.mean(), " (",
        clock(seconds), ")");
  };
}

// ", kick 2" (the 3rd best end state first), ", kick to end layout 12"
// (the 13th distinct end layout), or nothing.
std::string kickText(const solve::Kick& k) {
  if (k.nth == 0) return {};
  return (k.layouts ? ", kick to end layout " : ", kick ") + std::to_string(k.nth);
}

// The cycle route's lines: the cycles, the good set, each aim, board 1.
void SolveProgress::aimEvents(solve::CycleRouteEvents& ev) const {
  ev.ready = [this](size_t cycles, uint64_t nodes, double mean, double s) {
    char cost[32];
    std::snprintf(cost, sizeof cost, "%.4g", mean);
    if (nodes == 0)
      say("cycles: ", cycles, " read from ", args_.cycleList, ", from ", cost, " moves a board (", clock(s), ")");
    else
      say("cycles: ", cycles, " built, ", cost, " moves a board, ", nodes / 1000000, " M nodes (", clock(s), ")");
  };
  ev.goodSet = [this](const solve::GoodSet& set, double s) {
    std::ostringstream levels;
    for (int l = 0; l <= set.levels(); ++l) levels << (l ? ", " : "") << set.levelSize(l);
    size_t targets = 0;
    for (const auto& m : set.members()) targets += m.face == Face::A;
    say("good set: ", set.size(), " states (by level: ", levels.str(), "), ", targets,
        " with face A solved, x 8 images: board 1's targets (", clock(s), ")");
  };
  ev.resumed = [this](int done, int aims) { say("resuming the aims after ", done, " of ", aims); };
  ev.aimed = [this](const solve::AimReport& r, double s) {
    std::string met;
    if (r.reached && (r.reached->member != r.image.member || r.reached->symmetry != r.image.symmetry))
      met = " (met state " + std::to_string(r.reached->member + 1) + " symmetry " +
            std::to_string(r.reached->symmetry) + " on the way)";
    say("  aim ", r.index + 1, ": board 1 at image ", r.rank + 1, " (state ", r.image.member + 1, " symmetry ",
        r.image.symmetry, ", score ", r.image.score, "), width ", r.width, ": ",
        r.moves < 0 ? std::string("not found") : std::to_string(r.moves) + " moves", met, " (", clock(s), ")");
  };
  ev.entered = [this](const std::optional<solve::CycleEntry>& e, double s) {
    if (!e)
      say("cycles: board 1 reached none; the chain route (", clock(s), ")");
    else
      say("board 1 aimed at a cycle: ", e->before, " moves, polished to ", e->moves.size(),
          "; then the cycle (", clock(s), ")");
  };
}

void SolveProgress::triesEvents(solve::ChainRouteEvents& ev) const {
  ev.cycleTry = [this](const solve::CycleTry& t, double seconds) {
    std::ostringstream outcome;
    if (t.found)
      outcome << "cycle of " << t.found->boards.size() << " boards after " << t.found->lead.size() << ", mean "
              << t.found->mean()
              << (t.cheaper    ? " (cheaper, kept)"
                  : t.kept     ? " (as cheap, another cycle: kept)"
                  : t.explored ? " (dearer: explored, the next tries start from it)"
                               : "");
    else if (t.cut)
      outcome << "cut short (time budget or stop)";
    else
      outcome << "no cycle within " << t.boards << " boards";
    say("cycle try ", t.index, "/", args_.settings.chain.cycleTries, " (seed ", t.seed, ", width ", t.width, ", from cycle ",
        t.source.cycle + 1, " board ", t.source.board + 1,
        kickText(t.source.kick), "): ", outcome.str(), " (", clock(seconds), ")",
        t.settled > 0 ? "; exploration over: its cycles stay" : t.settled < 0 ? "; exploration over: back to the cheaper cycles" : "");
  };
  ev.entering = [this](size_t i, double mean, int width) {
    say("entering cycle ", i + 1, " (mean ", mean, "), width ", width);
  };
  ev.polished = [this](int j, int before, int after, double s) {
    say("  board ", j, " (the cheapest aim) polished: ", before, " -> ", after, " moves (", clock(s), ")");
  };
  ev.aimed = [this](int j, int k, int moves, double s) {
    say("  board ", j, " aimed at the end of cycle board ", k, ": ",
        moves < 0 ? std::string("not found") : std::to_string(moves) + " moves", " (", clock(s), ")");
  };
  ev.cheaper = [this](long before, long after, double mean) {
    say("cheaper chain: ", before, " -> ", after, " moves, mean ", mean);
  };
}

// The --json summary of a run that returned an outcome.
SolveSummary summarise(const solve::Pipeline& pipeline, const solve::Outcome& outcome, const std::string& out,
                       const std::string& partial, double seconds, uint64_t nodes) {
  SolveSummary s;
  s.out = out;
  s.written = !outcome.text.empty();
  s.stop = outcome.stop == solve::Stop::TimeLimit ? "time-limit" : outcome.stop == solve::Stop::Requested ? "signal" : "finished";
  const jcgn::Entry& e = s.written ? outcome.verdict.entry : outcome.chain;
  s.boards = static_cast<int>(e.boards.size());
  s.moves = e.totalMoves();
  s.mean = s.boards ? double(s.moves) / s.boards : 0.0;
  s.trimmed = outcome.trimmed;
  s.seconds = seconds;
  s.nodes = nodes;
  if (outcome.resumable()) s.checkpoint = partial;
  s.fastFrom = outcome.fastFrom;
  if (const auto& c = pipeline.cycle()) {
    s.cycle = true;
    s.cycleFirst = c->first;
    s.cyclePeriod = c->period;
    s.cycleMoves = c->moves;
    s.cycleSymmetry = c->symmetry;
    s.cyclesOnPath = static_cast<int>(pipeline.path().size());
    s.cheapestCycleMean = c->mean();
    for (const auto& p : pipeline.path()) s.cheapestCycleMean = std::min(s.cheapestCycleMean, p.mean());
  }
  return s;
}

// How a run ends once the pipeline returned: the entry written (or kept
// out by --keep-better), the messages, the --json line, the exit code.
class Ending {
 public:
  Ending(const SolveArgs& a, const solve::Pipeline& pipeline, const solve::Outcome& outcome, uint64_t nodes,
         std::chrono::steady_clock::time_point t0, std::string resume)
      : a_(a), pipeline_(pipeline), o_(outcome), nodes_(nodes), t0_(t0), resume_(std::move(resume)),
        signal_(gSignal == SIGTERM ? "SIGTERM" : "SIGINT") {}
  int finish();

 private:
  int noEntry();
  void judgeAgainstOld();
  int keepOld();
  int write();
  void summary() const;
  std::string howToResume() const { return "continue with:\n  " + resume_ + "\n"; }
  bool bySignal() const { return o_.stop == solve::Stop::Requested; }
  // The `wrote` line and --keep-better's verdict: standard error under --json.
  std::ostream& said() const { return a_.json ? std::cerr : std::cout; }

  const SolveArgs& a_;
  const solve::Pipeline& pipeline_;
  const solve::Outcome& o_;
  uint64_t nodes_;
  std::chrono::steady_clock::time_point t0_;
  std::string resume_;
  std::string signal_;
  std::string keptLine_;     // --keep-better's verdict, said before the summary
  std::string summaryKept_;  // the same for --json: "new", "existing" or ""
};

void Ending::summary() const {
  if (!a_.json) return;
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  SolveSummary sum = summarise(pipeline_, o_, a_.out, a_.partial(), s, nodes_);
  sum.kept = summaryKept_;
  if (summaryKept_ == "existing") sum.written = false;
  std::cout << solveSummaryJson(sum) << '\n';
}

int Ending::finish() {
  if (o_.text.empty()) return noEntry();
  // --resume never replaces a better entry (the --keep-better rule): the
  // FILE may be another run's, copied there, not this run's own.
  // Nor a file that is no entry (it appeared during the run): only --force
  // replaces that.
  const bool judge =
      a_.keepBetter || (a_.resume && fs::exists(a_.out) && (!a_.force || jcgn::verifyFile(a_.out).ok));
  if (judge && fs::exists(a_.out)) judgeAgainstOld();
  if (summaryKept_ == "existing") return keepOld();
  return write();
}

// Fewer than 20 boards: nothing written, the checkpoint kept if any.
int Ending::noEntry() {
  summary();
  if (bySignal()) {
    if (o_.resumable())
      std::cerr << "solve: stopped by " << signal_ << " after " << o_.chain.boards.size()
                << " boards; checkpoint kept in " << a_.partial() << "; " << howToResume();
    else
      std::cerr << "solve: stopped by " << signal_ << " before the first board was solved; nothing to resume\n";
    return kExitInterrupted;
  }
  std::cerr << "solve: stopped by the time limit after " << o_.chain.boards.size()
            << " boards (20 needed); checkpoint kept in " << a_.partial() << '\n';
  return kExitInvalid;
}

// --keep-better: the entry on disk (read again now) against the new one, by
// jcgn::compare (the ranking `nugget compare` uses).
void Ending::judgeAgainstOld() {
  const std::string& out = a_.out;
  const jcgn::Verdict old = jcgn::verifyFile(out);
  if (!old.ok)
    throw UsageError(std::string(a_.keepBetter ? "--keep-better: " : "--resume: ") + out +
                     " changed during the run and is no entry now (" +
                     old.message(out) + "); the new entry is not written, " + a_.partial() +
                     " is kept (--resume --force writes it)");
  std::string criterion;
  const int c = jcgn::compare(o_.verdict.entry.movesPerBoard(), old.entry.movesPerBoard(), &criterion);
  char means[96];
  std::snprintf(means, sizeof means, "mean %.4f against %.4f", o_.verdict.mean(), old.mean());
  if (c < 0) {
    keptLine_ = "kept the new entry: it ranks better than the one it replaced (" + criterion + "; " + means + ")";
    summaryKept_ = "new";
  } else {
    keptLine_ = "kept " + out + ", the entry on disk: the new one " +
                (c == 0 ? std::string("ties with it") : "ranks worse (" + criterion + ")") + " (" + means +
                "); the new entry was not written";
    summaryKept_ = "existing";
  }
}

int Ending::keepOld() {
  if (o_.stop == solve::Stop::None) fs::remove(a_.partial());
  said() << keptLine_ << '\n';
  if (o_.stop != solve::Stop::None)
    said() << "the checkpoint " << a_.partial() << " is kept: " << howToResume()
           << "(it keeps the better of the two again at its end)\n";
  summary();
  return bySignal() ? kExitInterrupted : kExitOk;
}

int Ending::write() {
  const std::string& out = a_.out;
  const std::string partial = a_.partial();
  const bool byTime = o_.stop == solve::Stop::TimeLimit;
  // Without --force, --keep-better or --resume the entry never replaces a
  // file (one that appeared during the run included).
  try {
    writeAtomically(out, o_.text, nullptr, a_.force || a_.keepBetter || a_.resume);
  } catch (const WriteError& e) {
    // The run's work is in its last checkpoint, which stays.
    throw UsageError(std::string(e.what()) + "; the checkpoint " + partial + " is kept: " +
                     (fs::exists(partial) ? howToResume() : std::string("none was written\n")));
  }
  if (o_.stop == solve::Stop::None) fs::remove(partial);  // else --resume can go on from it
  if (!keptLine_.empty()) said() << keptLine_ << '\n';
  said() << "wrote " << out << ": " << o_.verdict.message(out)
         << (byTime && o_.fastFrom ? " (time budget: boards " + std::to_string(o_.fastFrom) +
                                         ".. solved fast; --resume continues the chain from " + partial + ")"
             : byTime ? " (stopped by --time-limit; --resume continues from " + partial + ")"
                      : "")
         << (bySignal() ? " (stopped by " + signal_ + "; --resume continues from " + partial + ")" : "")
         << (o_.trimmed ? " (trimmed to the best-ranked prefix)" : "") << '\n';
  summary();
  if (bySignal()) {
    std::cerr << "solve: stopped by " << signal_ << "; checkpoint kept in " << partial << "; " << howToResume();
    return kExitInterrupted;
  }
  return kExitOk;
}

// The run itself, on every process of the team: the pipeline (resumed from
// the checkpoint if asked), the signals caught, the outcome reported by the
// leader.
int solveWith(const SolveArgs& a, solve::TeamSession& session, int argc, char** argv) {
  solve::Team& team = session.team();
  SolveProgress progress(a, a.quiet || !team.leader());  // one process prints
  const solve::PipelineEvents ev = progress.events();
  const auto t0 = std::chrono::steady_clock::now();
  solve::Pipeline pipeline(a.settings, ev, team);
  if (a.resume) {
    // Verified like any entry, and from the same settings (otherwise the
    // result would differ from a fresh run).
    try {
      // Rank 0 reads it for the team: the others parse the same bytes.
      pipeline.resume(
          solve::parseCheckpoint(team.broadcast(team.leader() ? solve::readCheckpointText(a.partial()) : "")));
    } catch (const solve::CheckpointError& e) {
      throw UsageError("checkpoint " + e.message(a.partial()));
    }
  }
  if (a.restart && team.leader()) fs::remove(a.partial());  // asked for; from here on the run is a fresh one
  const auto limit = limitThreads(a.threads);
  gRunning = &pipeline;
  catchStopSignals();
  solve::Outcome outcome;
  try {
    outcome = pipeline.run();
  } catch (const solve::CheckpointError& e) {
    throw UsageError("checkpoint " + e.message(a.partial()));
  }
  gRunning = nullptr;
  if (!team.leader())
    return outcome.stop == solve::Stop::Requested ? kExitInterrupted : outcome.text.empty() ? kExitInvalid : kExitOk;
  return Ending(a, pipeline, outcome, progress.nodes(), t0, resumeCommand(argc, argv)).finish();
}

}  // namespace

int runSolve(int argc, char** argv) {
  solve::TeamSession session;  // under mpirun: this process's part of the job (solver/nugget/team/team_session.h)
  const int rc = guarded("solve", [&] {
    std::optional<SolveArgs> a = parseArgs(argc, argv);
    if (!a) return kExitOk;
    std::unique_ptr<OutputLock> lock;  // held to the end of the run: one writer per output
    if (session.team().leader()) lock = claimOutputs(*a);
    // Several processes on one machine share one mapping of the table file;
    // a process alone reads it into huge pages (faster lookups).
    a->settings.chain.tableHugePages = session.processesHere() == 1;
    checkMemory(*a, session);
    return solveWith(*a, session, argc, argv);
  });
  // A usage error (or a failed write) may be this process's alone: it ends the whole job.
  return session.leave(rc, rc == kExitUsage);
}
