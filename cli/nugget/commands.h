// Entry points of the `nugget` subcommands. Each receives the arguments after
// `nugget`: argv[0] is the subcommand name. Exit codes: 0 success, 1 an input
// file is invalid (or the task's answer is "no"), 2 usage error, illegal
// move or a failed write, 3 solve stopped by SIGINT/SIGTERM (checkpoint kept).
#pragma once

int runVerify(int argc, char** argv);
int runCompare(int argc, char** argv);
int runReplay(int argc, char** argv);
int runShow(int argc, char** argv);
int runSolve(int argc, char** argv);  // cli/nugget/solve.cpp (optional)
int runEvaluate(int argc, char** argv);  // cli/nugget/evaluate.cpp (optional)
