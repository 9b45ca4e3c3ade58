// nugget prove [--start "t1 ... t49"] [--face A|B] [--position FILE] [--budget SEC] [--ends [--slack S]]:
// the proven minimum number of moves for one position (solver/nugget/tables/prove.h),
// or the bounds reached within a budget; with --ends every solved layout
// within optimum + S moves.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "prove_cli.h"
#include "solver_cli.h"
#include "nugget/tables/prove.h"
#include "nugget/chain/solve_budget.h"  // solve::proveWithEnds
#include "nugget/tables/endgame.h"
#include "search/memory.h"

using namespace nugget;
using namespace nugget::cli;

namespace {
std::atomic<bool> gStop{false};
static_assert(std::atomic<bool>::is_always_lock_free);  // set from a signal handler
extern "C" void onProveSignal(int) { gStop.store(true); }

std::string stripes(const Position& p) { return p.solvedHorizontal() ? "horizontal" : "vertical"; }

constexpr const char* kSynopsis =
    "nugget prove [--start \"t1 ... t49\"] [--face A|B] [--position FILE [--line N]]\n"
    "                    [--budget SEC] [--nodes N] [--ends [--slack S]] [--json] [options]\n"
    "  or:  nugget prove POSITION [--part K/N] [--max-bound B] --checkpoint FILE [--resume] [options]\n"
    "  or:  nugget prove --combine FILE,FILE,... [--json]\n"
    "  or:  nugget prove --bench [--threads N]";
constexpr const char* kAbout =
    "Proves the minimum number of moves that solve one position: iterative deepening (IDA*)\n"
    "with admissible bounds (the endgame table, exact within --endgame-depth moves and a\n"
    "bound of depth+1 beyond; coloured border tiles plus coloured corners), a transposition\n"
    "table and one order of commuting moves (solver/nugget/tables/prove.h argues each). A beam of\n"
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
    "A proof over days and machines: each bound's search is cut into subtrees at --split-depth\n"
    "moves; --part K/N searches share K of N (a SLURM array runs the N parts; give them all the\n"
    "same --max-bound, or the beam's bound). --checkpoint FILE keeps the state (the bound, the\n"
    "subtrees done, the best solution: docs/formats/prove-checkpoint.md) and --resume goes on\n"
    "from it after a stop or a kill, to the same answer. --combine reads the N parts' files: no\n"
    "solution is shorter than the least of their bounds; proven when that meets the best solution.\n"
    "With --part or --checkpoint the first line is `[part K/N: ]optimum N (proven)|done|not done;\n"
    "no solution of fewer than L moves; best known U`; --json prints {\"part\", \"done\",\n"
    "\"lower_bound\", \"upper_bound\", \"moves\", \"checkpoint\", \"nodes\", \"seconds\"}.\n"
    "--bench proves a fixed set (solver/nugget/tables/prove_bench.h), each on one thread (the same\n"
    "nodes for any --threads), and prints nodes, time and nps a proof, then `Bench: N` (all nodes).\n"
    "Rules: docs/RULES.md section 1.";
constexpr const char* kFiles =
    "reads: --position FILE, one position a line: 49 tile numbers (row-major) then the face\n"
    "A or B, '#' comments (examples/nugget/board-1.txt); the endgame table cache (--table-dir);\n"
    "--combine's files and, with --resume, --checkpoint FILE (docs/formats/prove-checkpoint.md)\n"
    "writes: --checkpoint FILE, atomically (temp file + rename); never one that exists without --resume";
constexpr const char* kExits =
    "0 proven (and, with --ends, every end listed); 1 a bad position file; 2 bad usage;\n"
    "3 stopped by Ctrl-C (bounds printed); 5 the budget or --nodes ended the search before a\n"
    "proof or before every end was listed (bounds and what was found printed). With --part or\n"
    "--checkpoint: 0 the share done (a solution, or every bound up to --max-bound ruled out), 5 not\n"
    "(the checkpoint kept), 1 a damaged checkpoint. --combine: 0 proven, 5 not, 1 files that do\n"
    "not fit together or are damaged";

// The rows of a proof that spreads and resumes, and of the bench.
OptionTable& splitRows(OptionTable& t, ProveArgs& a) {
  return t
   .integer("max-bound", a.maxBound, 0, 99, "stop once every solution of at most B moves is ruled out, 0..99 "
       "(default: none)").valueName("B").noDefault()
   .integer("split-depth", a.splitDepth, 1, 4, "the moves of a prefix: the search is cut into subtrees (threads, "
       "parts, checkpoints) at this depth, 1..4")
   .text("part", a.part, "search share K of N of every bound (the prefixes i with i % N = K-1), 1 <= K <= N")
      .valueName("K/N").check([&a] { parsePart(a); })
   .text("checkpoint", a.checkpoint, "keep the search's state in FILE (after each bound, every --checkpoint-every "
       "s and at the end; atomic)").valueName("FILE")
   .real("checkpoint-every", a.checkpointEvery, 1, 1e6, "seconds between checkpoints within a bound, 1..1e6")
      .valueName("SEC")
   .flag("resume", a.resume, "with --checkpoint: go on from FILE's state (same position and settings)")
   .text("combine", a.combine, "no search: combine the --checkpoint files of the N parts of a proof")
      .valueName("FILE,...")
   .flag("bench", a.bench, "no position: prove a fixed set (one thread each), print nodes, time, nps, `Bench: N`");
}

// The option rows, after the position's (addPositionOptions).
OptionTable proveRows(ProveArgs& a) {
  OptionTable t;
  t.real("budget", a.budget, "wall-clock limit of the search, > 0 (default: none)").valueName("SEC").noDefault()
   .check([&a] {
     if (!(a.budget > 0) || a.budget > 1e9)
       throw UsageError("--budget must be a number of seconds above 0 and at most 1e9 (leave it out for no limit), got " +
                        std::to_string(a.budget));
   })
   .whole("nodes", a.nodes, UINT64_MAX, "stop after N expanded nodes, >= 1 (default: none)").valueName("N").noDefault()
   .check([&a] {
     if (a.nodes == 0) throw UsageError("--nodes must be at least 1 (leave it out for no limit)");
   })
   .flag("ends", a.ends, "list every solved layout within optimum + --slack moves")
   .integer("slack", a.slack, 0, 4, "with --ends: moves above the optimum, 0..4")
   .integer("beam-width", a.beamWidth, 0, 1'000'000, "width of the first beam (an upper bound), 0..1000000 (0: none)")
   .integer("endgame-depth", a.endgameDepth, 0, 7,
       "endgame table depth 0..7 (6: 70 MB, 7: 1.0 GB, 1.9 GB while first built; cached on disk after the first "
       "build)")
   .text("table-dir", a.tableDir,
       "endgame table cache folder (default: $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else ~/.cache/nugget)")
      .valueName("DIR")
   .flag("no-table-cache", a.noTableCache, "build the endgame table in memory; read and write no cache file")
   .integer("tt-mb", a.ttMb, 1, 16384,
       "transposition table in MB, 1..16384 (with the endgame table and the beam: refused above 90% of this "
       "machine's memory)")
   .integer("threads", a.threads, 0, 256, "worker threads (0 = all cores), 0..256")
   .flag("json", a.json, "print one JSON object (see above)")
   .flag("quiet", a.quiet, "no progress on standard error");
  return splitRows(t, a);
}

// Ctrl-C and SIGTERM stop the search at its next node (bounds printed); a
// second one kills at once.
void catchProveSignals() { onStopSignals(onProveSignal); }

// What the search found, and the ends when they were listed.
struct Found {
  Board start;
  solve::ProveResult r;
  solve::EndsResult ends;
  bool listed = false;  // the ends were searched (a proof, no interruption)
  std::string finalTiles(const std::vector<Move>& moves) const {
    Board b = start;
    for (Move m : moves) b.apply(m);
    return tilesToString(b.tiles);
  }
};

void printJson(const ProveArgs& a, const Found& f) {
  const solve::ProveResult& r = f.r;
  Json j;
  if (r.proven) j.add("optimum", r.upperBound); else j.raw("optimum", "null");
  j.add("proven", r.proven).add("lower_bound", r.lowerBound);
  if (r.upperBound >= 0) j.add("upper_bound", r.upperBound); else j.raw("upper_bound", "null");
  j.add("moves", jcgn::formatMoves(r.moves))
      .add("nodes", static_cast<unsigned long long>(r.nodes + f.ends.nodes))
      .add("seconds", r.seconds + f.ends.seconds, 3);
  if (a.ends) {
    std::string list = "[";
    for (size_t i = 0; i < f.ends.ends.size(); ++i) {
      const solve::End& e = f.ends.ends[i];
      if (i) list += ", ";
      list += Json()
                  .add("count", static_cast<int>(e.moves.size()))
                  .add("moves", jcgn::formatMoves(e.moves))
                  .add("stripes", stripes(e.pos))
                  .add("final", f.finalTiles(e.moves))
                  .str();
    }
    j.raw("ends", list + "]").add("ends_complete", f.listed && f.ends.complete);
  }
  std::cout << j.str() << '\n';
}

void printText(const ProveArgs& a, const Found& f) {
  const solve::ProveResult& r = f.r;
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
  if (!r.moves.empty()) std::cout << jcgn::formatMoves(r.moves) << '\n';
  // How to go on from a stop (issue 59): this run kept no checkpoint.
  if (!r.proven)
    std::cerr << "nugget prove: a longer proof can go on after a stop: --checkpoint FILE keeps its work, and "
                 "--resume continues it\n";
  if (!f.listed) return;
  const size_t n = f.ends.ends.size();
  if (f.ends.complete)
    std::cout << n << " solved layout" << (n == 1 ? "" : "s") << " within " << r.upperBound + a.slack
              << " moves, up to symmetry:\n";
  else  // not "0 solved layouts": the budget ended the listing, not the layouts
    std::cout << "solved layouts within " << r.upperBound + a.slack << " moves, up to symmetry: the listing was cut "
              << "short by the budget after " << n << " (more may exist; a larger --budget lists them all)"
              << (n ? ":" : "") << "\n";
  for (const solve::End& e : f.ends.ends)
    std::cout << e.moves.size() << ' ' << stripes(e.pos) << ": " << jcgn::formatMoves(e.moves) << "\n  final "
              << f.finalTiles(e.moves) << '\n';
}

// The proof and the ends within its budget (solver/nugget/chain/solve_budget.h).
Found proveAndList(const ProveArgs& a, const Board& start, solve::ProveOptions opt) {
  if (!a.quiet) opt.progress = stderrLines();
  opt.stop = &gStop;
  catchProveSignals();
  if (start.pos.solved() && !a.quiet) std::cerr << "prove: the position is already solved: optimum 0\n";
  const auto table = openTable(a.endgameDepth, a.tableDir, a.noTableCache, a.quiet);
  const solve::PositionProof p = solve::proveWithEnds(start, table, opt, a.beamWidth, a.ends, a.slack);
  return Found{start, p.proof, p.ends, p.listed};
}

// The memory guard (solver/search/memory.h), before any work: the
// transposition tables (the proof's, then the ends' 1.125 x --tt-mb), the
// endgame table (twice its size while a first build runs) and the first
// beam (~1300 bytes a state, as solve counts).
void checkMemory(const ProveArgs& a) {
  solve::TableSource source;
  source.dir = a.tableDir;
  source.useCache = !a.noTableCache;
  const double table = double(solve::endgameTableBytes(a.endgameDepth)) *
                       (solve::endgameTableCached(a.endgameDepth, source) ? 1.0 : 2.0);
  const double tt = double(a.ttMb) * (1 << 20) * 1.125, beam = double(a.beamWidth) * 1300;
  char what[160];
  std::snprintf(what, sizeof what, "--tt-mb %d: %.1f GB, endgame table %.1f GB, beam %.1f GB", a.ttMb, tt / 1073741824.0,
                table / 1073741824.0, beam / 1073741824.0);
  if (auto refusal = search::memoryRefusal(tt + table + beam, search::physicalMemory(), what,
                                           "--tt-mb, --endgame-depth or --beam-width"))
    throw UsageError(*refusal);
}

// The options that go with --bench, --combine, --part, --checkpoint and
// --resume: each mode refuses what it would ignore.
void checkModes(const ProveArgs& a, const po::variables_map& vm) {
  const auto given = [&](std::initializer_list<const char*> names) -> std::string {
    for (const char* n : names)
      if (OptionTable::given(vm, n) || (vm.count(n) && !vm[n].defaulted())) return std::string("--") + n;
    return "";
  };
  const auto refuse = [&](const char* mode, std::initializer_list<const char*> names) {
    if (const std::string g = given(names); !g.empty()) throw UsageError(std::string(mode) + " takes no " + g);
  };
  const auto search = {"start", "face", "position", "line", "ends", "part", "checkpoint", "resume", "budget", "nodes",
                       "max-bound", "split-depth", "beam-width", "endgame-depth", "tt-mb"};
  if (a.bench) refuse("--bench", search), refuse("--bench", {"combine", "json"});
  if (!a.combine.empty()) refuse("--combine", search);
  if (a.resume && a.checkpoint.empty()) throw UsageError("--resume needs --checkpoint FILE");
  if (OptionTable::given(vm, "checkpoint-every") && a.checkpoint.empty())
    throw UsageError("--checkpoint-every needs --checkpoint FILE");
  if (a.ends && (a.parts > 1 || !a.checkpoint.empty()))
    throw UsageError("--ends lists the ends of one whole proof: not with --part or --checkpoint");
  if (OptionTable::given(vm, "slack") && !a.ends) throw UsageError("--slack needs --ends");
}

// The command on its parsed arguments.
int proveBody(ProveArgs& a, const po::variables_map& vm) {
  checkModes(a, vm);
  if (a.bench) return runProveBench(a);
  if (!a.combine.empty()) return runProveCombine(a);
  solve::ProveOptions opt = a.searchOptions();
  const Board start = positionFromOptions(vm);
  checkMemory(a);
  const auto limit = limitThreads(a.threads);
  if (a.parts > 1 || !a.checkpoint.empty()) {
    catchProveSignals();
    return runProveShare(a, start, gStop);
  }
  const Found f = proveAndList(a, start, opt);
  if (a.json) printJson(a, f); else printText(a, f);
  if (gStop.load()) return kExitInterrupted;
  if (!f.r.proven || (a.ends && !f.ends.complete)) return 5;
  return kExitOk;
}

}  // namespace

int runProve(int argc, char** argv) {
  return runCommand<ProveArgs>({"prove", kSynopsis, kAbout, kFiles, kExits}, argc, argv, proveRows, proveBody,
                               withPosition);
}
