// The `games` subcommands for the placement games (JC Shock, JC Attract).
#pragma once
#include <string>

// argv[0] is the subcommand itself (moves, apply, analyze, play, match); the
// options follow. Returns the process exit code.
int runPlacement(const std::string& subcommand, int argc, char** argv);
