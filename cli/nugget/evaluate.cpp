// nugget evaluate --boards-file F --heuristic H --beam-width W [...]: solves
// single boards (no chain) with ChainSolver::solveBoard and prints one CSV row
// per board, for the heuristic comparison (scripts/compare-heuristics.sh).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "solver_cli.h"
#include "nugget/chain/board_search.h"
#include "nugget/chain/chain.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "search/ida.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

constexpr const char* kAbout =
    "Solves each board start of F (one a line: 49 tiles then the face A or B; '#' comments,\n"
    "\"# board K ref M\" names the board and a known solution length) on its own with the\n"
    "chain solver's board search and prints CSV rows\n"
    "  heuristic,width,board,face,moves,nodes,ms,solved,start_value,ref\n"
    "solved = 1 when the requested heuristic at the requested width reached the endgame\n"
    "table itself. Otherwise solved = 0 and moves = -1, nodes/ms those of the failed\n"
    "search; with --fallback the solver's fallbacks run (wider beams, other heuristics)\n"
    "and moves/nodes/ms are their result. No look-ahead, no post-optimisation.\n"
    "start_value: the heuristic at the start in moves (admissible heuristics only).";
constexpr const char* kFiles =
    "reads: --boards-file F, a position file (one a line: 49 tiles then A or B; see\n"
    "bench/data/boards-100.txt, examples/nugget/board-1.txt)\n"
    "writes: CSV on standard output";
constexpr const char* kExits = "0 done; 1 a bad --boards-file; 2 bad usage";

// Everything `nugget evaluate` takes from its command line.
struct EvaluateArgs {
  solve::Options opt;
  std::string boardsFile;
  int limit = 0;
  uint64_t nodeLimit = 2'000'000;
  bool fallback = false, ida = false, csv = false, moves = false, listHeuristics = false;
};

OptionTable evaluateRows(EvaluateArgs& a) {
  solve::Options& opt = a.opt;
  opt.beamWidth = 1000;
  opt.endgameDepth = 2;
  OptionTable t;
  t.text("boards-file", a.boardsFile, "board starts file (bench/data/boards-100.txt)").required()
   .integer("limit", a.limit, 0, 1'000'000, "only the first N boards (0 = all)")
   .text("heuristic", opt.heuristic, "beam heuristic: " + heur::names()).required()
   .integer("beam-width", opt.beamWidth, 1, 10'000'000, "beam width per level")
   .integer("endgame-depth", opt.endgameDepth, 0, 7, "endgame table depth 0..7 (see nugget solve --help)")
   .flag("fallback", a.fallback, "when the heuristic alone fails, report solveBoard's fallback result (solved=0)")
   .flag("ida", a.ida, "IDA* instead of the beam (admissible heuristics only); width is reported as 0")
   .whole("node-limit", a.nodeLimit, 1'000'000'000'000, "IDA*: expansions per board before giving up, 1..10^12")
   .check([&a] {
     if (a.nodeLimit == 0) throw UsageError("--node-limit must be at least 1");
   })
   .flag("csv", a.csv, "print the CSV header line too")
   .flag("moves", a.moves, "add a last column with the solution found, in full notation")
   .flag("list-heuristics", a.listHeuristics, "print the registered heuristics (name,admissible) and exit");
  return t;
}

// One board solved by the beam (or IDA*): its CSV row, with the solution
// last under --moves.
std::string evaluateBoard(const EvaluateArgs& a, const heur::Heuristic& h, const solve::ChainSolver& solver,
                          const PositionLine& b) {
  const auto t0 = std::chrono::steady_clock::now();
  int moves = -1, attempt = -1;
  std::string found;  // the solution in full notation (--moves)
  uint64_t nodes = 0;
  if (a.ida) {
    solve::BoardProblem problem;
    problem.heuristic = &h;
    search::IdaOptions io;
    io.nodeLimit = a.nodeLimit;
    const auto r = search::idaStar(problem, problem.state(b.start.pos), io);
    nodes = r.nodes;
    if (r.solved) {
      moves = static_cast<int>(r.path.size());
      found = jcgn::formatMoves(r.path);
      attempt = 0;
    }
  } else try {
    const solve::BoardReport rep = solver.solveBoard(b.start, b.board);
    moves = static_cast<int>(rep.moves.size());
    found = jcgn::formatMoves(rep.moves);
    nodes = rep.generated;
    attempt = rep.attempt;
  } catch (const solve::NoSolution& e) {
    nodes = e.generated;
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const bool alone = attempt == 0;
  char buf[256];
  std::string value;
  if (h.admissible) {
    std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(h.value(b.start.pos)) / heur::kScale);
    value = buf;
  }
  std::snprintf(buf, sizeof buf, "%s,%d,%d,%c,%d,%llu,%.1f,%d,%s,%s\n", h.name.c_str(), a.ida ? 0 : a.opt.beamWidth,
                b.board, b.start.face == Face::A ? 'A' : 'B', moves, static_cast<unsigned long long>(nodes), ms,
                alone && moves >= 0 ? 1 : 0, value.c_str(), b.ref >= 0 ? std::to_string(b.ref).c_str() : "");
  std::string row = buf;
  if (a.moves) row.insert(row.size() - 1, "," + found);
  return row;
}

}  // namespace

int runEvaluate(int argc, char** argv) {
  return guarded("evaluate", [&] {
    EvaluateArgs a;
    CommandLine cl("evaluate", "nugget evaluate --boards-file F --heuristic H --beam-width W [options]", kAbout,
                   kFiles, kExits);
    po::variables_map vm;
    if (argc >= 2 && std::string(argv[1]) == "--list-heuristics") {
      for (const auto& r : heur::registry()) std::cout << r.name << ',' << (r.admissible ? 1 : 0) << '\n';
      return kExitOk;
    }
    if (!cl.parse(argc, argv, vm, evaluateRows(a))) return kExitOk;
    const heur::Heuristic* h = &findHeuristic(a.opt.heuristic);
    auto boards = readPositions(a.boardsFile);
    if (a.limit > 0 && static_cast<int>(boards.size()) > a.limit) boards.resize(static_cast<size_t>(a.limit));

    // The heuristic's own search only: no look-ahead or post-optimisation
    // (they would blur the comparison), fallbacks only when asked for.
    a.opt.lookahead = 0;
    a.opt.shortenWindow = 0;
    a.opt.fallback = a.fallback;
    const solve::ChainSolver solver(a.opt);
    if (a.csv)
      std::cout << "heuristic,width,board,face,moves,nodes,ms,solved,start_value,ref" << (a.moves ? ",solution" : "")
                << '\n';
    if (a.ida && !h->admissible) throw UsageError("--ida needs an admissible heuristic; " + h->name + " is not");
    for (const auto& b : boards) std::cout << evaluateBoard(a, *h, solver, b) << std::flush;
    return kExitOk;
  });
}
