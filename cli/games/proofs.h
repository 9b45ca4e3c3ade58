// `games solve` and `games endgame` (proofs.cpp): argv[0] is the subcommand.
#pragma once

namespace gamescli {
int runSolve(int argc, char** argv);
int runEndgame(int argc, char** argv);
}  // namespace gamescli
