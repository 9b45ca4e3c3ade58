// nugget: the Golden Nugget command line. `nugget SUBCOMMAND ...`; every
// subcommand lives in its own file and has its own --help.
#include <cstring>
#include <iostream>
#include <string_view>

#include "commands.h"

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

namespace {

struct Subcommand {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* summary;
};

constexpr Subcommand kCommands[] = {
    {"verify", runVerify, "check a jcgn-1 entry file; print boards, moves and mean"},
    {"compare", runCompare, "verify two entries and say which ranks better, and why"},
    {"replay", runReplay, "play moves from a start position; print full notation and the tiles"},
    {"show", runShow, "draw a board in the terminal (ANSI colours) or as SVG"},
    {"solve", runSolve, "search for a chain of solved boards and write a jcgn-1 entry"},
    {"evaluate", runEvaluate, "solve single board starts with one heuristic; CSV for benchmarks"},
};

void usage(std::ostream& out) {
  out << "Usage: nugget SUBCOMMAND [ARGS...]\n"
         "       nugget SUBCOMMAND --help\n\n"
         "JC Golden Nugget tools (rules: RULES.md section 1, file format jcgn-1).\n\n"
         "Subcommands:\n";
  for (const auto& c : kCommands) {
    out << "  " << c.name;
    for (size_t i = std::strlen(c.name); i < 10; ++i) out << ' ';
    out << c.summary << '\n';
  }
  out << "\nExit codes: 0 success, 1 invalid input file, 2 usage error, illegal move or failed write,\n"
         "3 solve stopped by SIGINT/SIGTERM (its checkpoint kept; --resume goes on).\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  const std::string_view first = argv[1];
  if (first == "--help" || first == "-h" || first == "help") {
    usage(std::cout);
    return 0;
  }
  for (const auto& c : kCommands)
    if (first == c.name) return c.run(argc - 1, argv + 1);
  std::cerr << "nugget: unknown subcommand \"" << first << "\"\n\n";
  usage(std::cerr);
  return 2;
}
