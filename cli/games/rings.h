// 5RINGS in `games` (RULES.md section 5): Cli<games::Rings> (front_end.h),
// specialised in rings.cpp: the options of each subcommand, the board drawer,
// how the CLI words a bad move, and `analyze`, `play` (--humans, --cpu) and
// `match` (--seats, rotated every game) as five players take them. Moves are
// target squares ("E5"); words that are no option are a subcommand's
// arguments (apply's moves, replay's FILE).
#pragma once
#include <string>

#include "front_end.h"
#include "registry/games.h"

namespace gamescli {

template <>
std::string Cli<games::Rings>::helpSection(const std::string& sub);
template <>
int Cli<games::Rings>::run(const std::string& sub, int argc, char** argv);

}  // namespace gamescli

// The rings front end under its own name (tests/rings/cli_test.cpp drives it
// in-process): Cli<games::Rings>::run.
int runRings(const std::string& subcommand, int argc, char** argv);
