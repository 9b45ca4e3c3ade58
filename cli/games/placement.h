// JC Shock and JC Attract in `games` (RULES.md sections 2-4): Cli<D>
// (front_end.h) for both, defined once in placement.cpp over the registry's
// descriptor: the options of each subcommand, the board drawer, how the CLI
// words a bad move, and `analyze`, `play` and `match`, whose options
// (--white/--black, --a/--b) are the two-player games' own.
#pragma once
#include "front_end.h"
#include "registry/games.h"

namespace gamescli {

extern template struct Cli<games::Shock>;
extern template struct Cli<games::Attract>;

}  // namespace gamescli
