// Entry points of the `nugget` subcommands. Each receives the arguments after
// `nugget`: argv[0] is the subcommand name. Exit codes (common.h, listed by
// `nugget --help`): 0 success, 1 bad data (an input file is invalid, or no
// solution found), 2 bad usage (arguments, notation, an illegal move, a
// failed write), 3 solve stopped by SIGINT/SIGTERM (checkpoint kept),
// 4 compare: B ranks strictly better than A.
#pragma once

int runVerify(int argc, char** argv);
int runCompare(int argc, char** argv);
int runReplay(int argc, char** argv);
int runShow(int argc, char** argv);
int runSolve(int argc, char** argv);  // cli/nugget/solve.cpp (optional)
int runEvaluate(int argc, char** argv);  // cli/nugget/evaluate.cpp (optional)
int runSolveBoard(int argc, char** argv);  // cli/nugget/solve_board.cpp (optional: needs the solver)
int runProve(int argc, char** argv);  // cli/nugget/prove.cpp (built with solve_board.cpp)
int runCycleSearch(int argc, char** argv);  // cli/nugget/cycle_search.cpp (built with solve_board.cpp)
int runCycles(int argc, char** argv);  // cli/nugget/cycles.cpp (built with solve_board.cpp)
int runBench(int argc, char** argv);  // cli/nugget/bench.cpp (built with solve_board.cpp)
