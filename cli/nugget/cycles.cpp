// nugget cycles: reversible 2-board cycles (solver/nugget/cycles/reversible.h)
// built and written as a cycle list (solver/nugget/cycles/cycle_list.h), or the
// exhaustive search that none of 12 or 13 pushes a board exists.
#include <atomic>
#include <chrono>
#include <csignal>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.h"
#include "common.h"
#include "nugget/cycles/cycle_list.h"
#include "nugget/cycles/good_set.h"
#include "nugget/cycles/later_board.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "nugget/cycles/reversible.h"
#include "output.h"
#include "solver_cli.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

std::atomic<bool> gStop{false};
extern "C" void onCyclesSignal(int) { gStop.store(true); }

constexpr CommandText kCycles{
    "cycles",
    "nugget cycles --out FILE [--count C] [--nodes N] [--seed S] [--force]\n"
    "   or: nugget cycles --later [--moves M] [--count C] [--nodes N] [--out FILE [--force] [--good-levels L]]\n"
    "   or: nugget cycles --prove-none --moves 12|13 [--json]",
    "Builds reversible 2-board cycles of 14 moves a board: a board of whole-line pushes whose\n"
    "far-end tiles are white on both faces is undone on the other face by the opposite pushes\n"
    "in reverse order (docs/solver.md). Each cycle is replayed by the engine both ways, and the\n"
    "list is written for `nugget solve --cycle-list FILE`. Deterministic: the same list for a\n"
    "seed and a node bound (about 2 M nodes a second on one core).\n"
    "--prove-none --moves M: the exhaustive search for cycles of M = 12 or 13 pushes a board\n"
    "(every sequence the argument in solver/nugget/cycles/reversible.h leaves: M - 12 border pushes,\n"
    "every other push bringing a B-only tile in for good), with no bound; prints the nodes and\n"
    "`none exists: proved` (exit 0) or the cycles found (exit 1). 13: about 512 M nodes, 7 minutes\n"
    "on one core; 12: about 96 M nodes, 1 to 3 minutes (results/README.md). Ctrl-C stops it (no\n"
    "proof: exit 3).\n"
    "--later: later boards (a solved face turned over) solvable in M moves (default 12, the\n"
    "floor), found backward from solved layouts (solver/nugget/cycles/later_board.h), each\n"
    "replayed; without --out the first C are printed (face, tiles, moves); with --out (M = 12)\n"
    "the boards of 12 from each one's end (solver/nugget/cycles/floor_board.h) that come back\n"
    "to its start make C 2-board cycles of 12 + 12 moves (the floor), written as a cycle list;\n"
    "then the good set (solver/nugget/cycles/good_set.h: the cycles' states, and level by\n"
    "level the states one board of 12 before a member) is built from them and its size printed\n"
    "by level, with its time and memory; `nugget solve --cycle-list FILE` builds it again.\n"
    "--out FILE is checked before any work, and held (FILE.lock) while the cycles are built: a\n"
    "second run on it is refused at once. Ctrl-C (SIGINT) or SIGTERM stops the build and writes\n"
    "the cycles found so far (exit 3).",
    "writes: --out FILE, a cycle list (docs/formats/cycles.md): one line a cycle, \"X t1 ... t49 | moves\";\n"
    "FILE.lock while it runs",
    "0 written, or proved; 1 --prove-none found a cycle, or --later none; 2 bad usage or a failed write\n"
    "(the cycles found then printed on standard output); 3 stopped by a signal (the cycles found so far\n"
    "written)"};

struct CyclesArgs {
  std::string out;
  int count = 16, moves = 14, goodLevels = 3;
  uint64_t nodes = 100'000'000, seed = 1;
  bool proveNone = false, later = false, force = false, json = false;
};

OptionTable cyclesRows(CyclesArgs& a) {
  OptionTable t;
  t.text("out", a.out, "the cycle list to write")
   .integer("count", a.count, 1, 100'000, "cycles to build at most (distinct up to the 8 symmetries)")
   .whole("nodes", a.nodes, 1'000'000'000'000ull, "bound of the search, in nodes")
   .whole("seed", a.seed, UINT64_MAX, "the order the pushes are tried in")
   .flag("force", a.force, "replace an existing FILE")
   .flag("prove-none", a.proveNone, "the exhaustive search (--moves 12 or 13) instead of building")
   .flag("later", a.later, "later boards of --moves moves (default 12) and the 2-board cycles through them")
   .integer("good-levels", a.goodLevels, 0, 20, "--later --out: levels of the good set built above the cycles")
   .integer("moves", a.moves, 12, 20, "pushes a board (building: 14 and more find cycles; --prove-none: 12 or 13)")
   .flag("json", a.json, "--prove-none: one JSON object {moves, none, nodes, leaves, fits, seconds}");
  return t;
}

int proveNone(const CyclesArgs& a) {
  if (a.moves > 13) throw UsageError("--prove-none: --moves must be 12 or 13 (the argument covers no more)");
  onStopSignals(onCyclesSignal);
  const auto t0 = std::chrono::steady_clock::now();
  solve::ReversibleResult r;
  const bool none = solve::provedNone(a.moves, &r, &gStop);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (a.json) {
    std::cout << Json()
                     .add("moves", a.moves)
                     .add("none", none)
                     .add("complete", r.complete)
                     .add("nodes", static_cast<long long>(r.nodes))
                     .add("leaves", static_cast<long long>(r.leaves))
                     .add("fits", static_cast<long long>(r.fits))
                     .add("seconds", s, 1)
                     .str()
              << '\n';
  } else {
    std::cout << "reversible 2-board cycles of " << a.moves << " pushes a board: " << r.nodes << " nodes, " << r.leaves
              << " leaves (12 tiles in, every far end back outside), " << r.fits << " fit the colour pairs ("
              << s << " s)\n";
    if (none) std::cout << "none exists: proved (the whole tree searched)\n";
    else if (!r.complete) std::cout << "stopped before the end: nothing proved\n";
    else std::cout << formatCycleList(r.cycles);
  }
  if (!r.complete && r.cycles.empty()) return kExitInterrupted;
  return none ? kExitOk : kExitInvalid;
}

// The later boards, one a line: the face to solve, the tiles, the moves.
void printLater(const solve::LaterBoardResult& r, int moves) {
  for (const solve::LaterBoard& b : r.found)
    std::cout << faceChar(b.start.face) << " " << tilesToString(b.start.tiles) << " | "
              << jcgn::formatMoves(b.moves) << '\n';
  std::cout << r.found.size() << " later board" << (r.found.size() == 1 ? "" : "s") << " of at most " << moves
            << " moves (" << r.nodes << " nodes, " << r.leaves << " starts with 12 coloured border tiles, "
            << r.patterns << " fitting the colour pairs)" << (r.complete ? "; the whole tree searched" : "") << '\n';
}

// --out checked (its folder writable, no file there unless --force) and
// held before any work: a second run on the same FILE is refused at once,
// not after its build.
std::unique_ptr<OutputLock> claimOut(const CyclesArgs& a) {
  if (auto p = outputProblem(a.out, "--out"); !p.empty()) throw UsageError(p);
  auto lock = std::make_unique<OutputLock>(a.out);
  if (!lock->held())
    throw UsageError("--out " + a.out + " is being written by another run (pid " +
                     (lock->holder() ? std::to_string(lock->holder()) : std::string("unknown")) + ", lock " +
                     lock->file() + "); nothing was done");
  if (!a.force)
    if (auto p = existingProblem(a.out, "--out"); !p.empty()) throw UsageError(p);
  return lock;
}

// The list written: whole, or after a stop the cycles found so far (none:
// nothing). A failed write prints them on standard output, so a long build
// is not lost. Returns the exit code of a stop (3) or nothing.
std::optional<int> writeList(const CyclesArgs& a, const std::string& header,
                             const std::vector<solve::CycleBoards>& cycles) {
  const bool stopped = gStop.load();
  const std::string n = std::to_string(cycles.size()) + (cycles.size() == 1 ? " cycle" : " cycles");
  if (stopped && cycles.empty()) {
    std::cerr << "nugget cycles: stopped by a signal before the first cycle was found; nothing written\n";
    return kExitInterrupted;
  }
  const std::string list = solve::formatCycleList(cycles);
  try {
    writeAtomically(a.out, header + (stopped ? "# stopped by a signal after " + n + "\n" : "") + list, nullptr,
                    a.force);
  } catch (const WriteError& e) {
    std::cout << list;
    throw UsageError(std::string(e.what()) + "; the " + n + " found are printed above");
  }
  if (!stopped) return std::nullopt;
  std::cerr << "nugget cycles: stopped by a signal after " << n << "; wrote them to " << a.out
            << " (nugget solve --cycle-list reads it); the build is deterministic: the same command with "
               "--force finds them again, then more\n";
  return kExitInterrupted;
}

int later(CyclesArgs& a, const po::variables_map& vm) {
  if (a.proveNone) throw UsageError("--later excludes --prove-none");
  for (const char* o : {"seed", "json"})
    if (OptionTable::given(vm, o))
      throw UsageError(std::string("--later takes no --") + o + " (" +
                       (o[0] == 's' ? "its search has one order" : "it prints text only") + ")");
  const int moves = vm.count("moves") && !vm["moves"].defaulted() ? a.moves : 12;
  onStopSignals(onCyclesSignal);
  solve::LaterBoardOptions o;
  o.moves = moves;
  o.nodes = a.nodes;
  o.stop = &gStop;
  if (a.out.empty()) {
    o.count = a.count;
    const solve::LaterBoardResult r = solve::laterBoards(o);
    printLater(r, moves);
    return gStop.load() ? kExitInterrupted : r.found.empty() ? kExitInvalid : kExitOk;
  }
  if (moves != 12) throw UsageError("--later --out builds cycles of 12 moves a board (--moves 12)");
  const auto lock = claimOut(a);
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  uint64_t nodes = 0;
  const std::vector<solve::CycleBoards> cycles = solve::floorCycles(o, a.count, &nodes);
  if (auto rc = writeList(a,
                          "# nugget cycles --later --moves 12 --count " + std::to_string(a.count) + " --nodes " +
                              std::to_string(a.nodes) + "\n",
                          cycles))
    return *rc;
  std::cout << "wrote " << a.out << ": " << cycles.size() << " 2-board cycle" << (cycles.size() == 1 ? "" : "s")
            << " of 12 + 12 moves (" << nodes << " nodes of later boards, " << std::fixed << std::setprecision(1)
            << seconds() << " s)\n";
  // The good set above them, level by level.
  solve::GoodSet set = solve::GoodSet::fromCycles(cycles);
  std::cout << "good set level 0: " << set.size() << " states (" << seconds() << " s)\n";
  solve::GoodSetOptions g;
  g.levels = a.goodLevels;
  g.stop = &gStop;
  g.progress = [&](int level, size_t added, size_t members, uint64_t n) {
    std::cout << "good set level " << level << ": " << added << " states, " << members << " in all (" << n
              << " nodes, " << seconds() << " s)" << std::endl;
  };
  set.grow(g);
  size_t targets = 0, bytes = 0;
  for (const solve::GoodMember& m : set.members()) {
    targets += m.face == Face::A;
    bytes += sizeof m + m.moves.capacity() * sizeof(Move);
  }
  std::cout << "good set: " << set.size() << " states, " << targets << " with face A solved (board 1's targets, x 8 "
            << "images); about " << (bytes + 1023) / 1024 << " KiB; " << seconds() << " s\n";
  if (gStop.load()) return kExitInterrupted;
  return cycles.empty() ? kExitInvalid : kExitOk;
}

int cyclesBody(CyclesArgs& a, const po::variables_map& vm) {
  if (a.later) return later(a, vm);
  if (a.proveNone) return proveNone(a);
  if (a.out.empty()) throw UsageError("--out FILE missing (or --prove-none)");
  const auto lock = claimOut(a);
  onStopSignals(onCyclesSignal);
  solve::ReversibleOptions o;
  o.moves = a.moves;
  o.cycles = a.count;
  o.nodes = a.nodes;
  o.seed = a.seed;
  o.stop = &gStop;
  const solve::ReversibleResult r = solve::reversibleCycles(o);
  if (auto rc = writeList(a,
                          "# nugget cycles --count " + std::to_string(a.count) + " --nodes " +
                              std::to_string(a.nodes) + " --seed " + std::to_string(a.seed) + " --moves " +
                              std::to_string(a.moves) + "\n",
                          r.cycles))
    return *rc;
  std::cout << "wrote " << a.out << ": " << r.cycles.size() << " reversible cycles of " << a.moves
            << " moves a board (" << r.nodes << " nodes)\n";
  return kExitOk;
}

}  // namespace

int runCycles(int argc, char** argv) { return runCommand<CyclesArgs>(kCycles, argc, argv, cyclesRows, cyclesBody); }
