// The `games` subcommands for the placement games (JC Shock, JC Attract).
#pragma once
#include <string>

// argv[0] is the subcommand itself (moves, apply, analyze, play, match,
// replay); the options follow. Returns the process exit code (common.h).
int runPlacement(const std::string& subcommand, int argc, char** argv);

// The --help text of a subcommand (usage, description, options; the file
// formats and exit codes when `footer`).
std::string placementHelp(const std::string& subcommand, bool footer);
