// nugget: the Golden Nugget command line. `nugget SUBCOMMAND ...`; every
// subcommand lives in its own file and has its own --help.
#include <cstring>
#include <iostream>
#include <string_view>

#include "commands.h"
#include "version.h"

#ifdef NUGGET_NO_SOLVE
// cli/nugget/solve.cpp is not in this build.
int runSolve(int, char**) {
  std::cerr << "solve: not built\n";
  return 2;
}
#endif
#ifdef NUGGET_NO_EVALUATE
// cli/nugget/evaluate.cpp (or the solver library) is not in this build.
int runEvaluate(int, char**) {
  std::cerr << "evaluate: not built\n";
  return 2;
}
#endif
#ifdef NUGGET_NO_SOLVE_BOARD
// cli/nugget/solve_board.cpp (or the solver library) is not in this build.
int runSolveBoard(int, char**) {
  std::cerr << "solve-board: not built\n";
  return 2;
}
int runProve(int, char**) {
  std::cerr << "prove: not built\n";
  return 2;
}
int runCycleSearch(int, char**) {
  std::cerr << "cycle-search: not built\n";
  return 2;
}
int runCycles(int, char**) {
  std::cerr << "cycles: not built\n";
  return 2;
}
int runBench(int, char**) {
  std::cerr << "bench: not built\n";
  return 2;
}
#endif

namespace {

struct Subcommand {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* summary;
};

constexpr Subcommand kCommands[] = {
    {"verify", runVerify, "check a jcgn-1 entry file; print boards, moves and mean"},
    {"compare", runCompare, "verify two entries and say which ranks better, and why (exit 0 or 4)"},
    {"replay", runReplay, "play moves from a start position; print full notation and the tiles"},
    {"show", runShow, "draw a board (a start, each move, a final) in the terminal or as SVG"},
    {"solve", runSolve, "search for a chain of solved boards and write a jcgn-1 entry"},
    {"solve-board", runSolveBoard, "the shortest solution found for one position (49 tiles and a face)"},
    {"prove", runProve, "the proven fewest moves for one position, or bounds; every solved end (--ends)"},
    {"cycle-search", runCycleSearch, "exact search for a cheaper cycle of boards (every best end of each board)"},
    {"cycles", runCycles, "build 2-board cycles into a list: of 12 moves a board (--later, the floor; the good set's size) or reversible ones of 14; prove no reversible one of 12-13"},
    {"evaluate", runEvaluate, "solve single board starts with one heuristic; CSV for benchmarks"},
    {"bench", runBench, "a small fixed run of the default route: work and time a step, then `Bench: N`"},
};

void usage(std::ostream& out) {
  out << "Usage: nugget SUBCOMMAND [ARGS...]\n"
         "  or:  nugget SUBCOMMAND --help\n"
         "  or:  nugget --version\n\n"
         "JC Golden Nugget tools: verify, rank, replay, draw and solve one-player 7x7 puzzle chains\n"
         "(rules: docs/RULES.md section 1).\n\n"
         "Subcommands:\n";
  for (const auto& c : kCommands) {
    out << "  " << c.name;
    for (size_t i = std::strlen(c.name); i < 13; ++i) out << ' ';
    out << c.summary << '\n';
  }
  out << "\nFiles:\n"
         "  entries (read by verify, compare, show; written by solve): jcgn-1, docs/formats/jcgn-1.md\n"
         "  checkpoints FILE.partial (solve --resume): docs/formats/checkpoint.md\n"
         "  positions: 49 tile numbers (row-major) then the face A or B, one a line, '#' comments\n"
         "  (solve-board --position, prove --position, evaluate --boards-file): docs/formats/position-list.md;\n"
         "  examples in examples/nugget/\n"
         "  every file read: a regular file (a FIFO, a device, a directory is refused; \"-\" only where a\n"
         "  command says), at most 16 MiB, 100,000 lines of 4096 characters, no NUL byte (FILE:LINE: reason)\n"
         "  every file written: never replaces an existing one unless --force (solve: or --keep-better)\n"
         "\nExit codes (every subcommand):\n"
         "  0  success (compare: A ranks better than B or equal)\n"
         "  1  bad data: an input file is invalid, or no solution was found\n"
         "  2  bad usage: bad arguments or notation, an illegal move, a failed write\n"
         "  3  solve was stopped by SIGINT/SIGTERM (its checkpoint kept; --resume goes on);\n"
         "     prove was stopped by SIGINT/SIGTERM (its bounds printed)\n"
         "  4  compare: B ranks strictly better than A\n"
         "  5  prove: the budget ended before a proof (its bounds printed)\n"
         "\nOptions:\n"
         "  -h [ --help ]  show this help\n"
         "  --version      print the version and exit\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "nugget: a subcommand is needed\nsee 'nugget --help'\n";
    return 2;
  }
  const std::string_view first = argv[1];
  if (first == "--help" || first == "-h" || first == "help") {
    usage(std::cout);
    return 0;
  }
  if (first == "--version") {
    std::cout << cli::versionLine("nugget") << '\n';
    return 0;
  }
  for (const auto& c : kCommands)
    if (first == c.name) return c.run(argc - 1, argv + 1);
  std::cerr << "nugget: unknown subcommand \"" << first << "\"\nsee 'nugget --help'\n";
  return 2;
}
