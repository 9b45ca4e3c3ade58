// 5RINGS in the `games` command line tool (RULES.md section 5).
//
// main.cpp dispatches `games <subcommand> --game rings ...` here:
//   moves    --position FILE                         legal moves of the player to move
//   apply    --position FILE MOVE...                 play moves, print the position and result
//   analyze  --position FILE [--time-ms T] [--player mcts|paranoid]
//   play     [--humans red,green] [--cpu mcts|paranoid|random] [--seed S]
//   match    --seats mcts,random,random,random,random --games K [--time-ms T] [--seed S]
//   replay   FILE [--step]                           a 5RINGS game record
// Every subcommand takes --help. Moves are target squares ("E5").
#pragma once
#include <string>

// `argv` is the whole command line as main() received it (argv[0] the
// program); the subcommand word and `--game rings` may appear in it and are
// accepted and skipped. Returns the process exit code (common.h): 0 success,
// 1 bad data (a bad position or record, an illegal move), 2 bad usage.
int runRings(const std::string& subcommand, int argc, char** argv);

// The usage line, description and options of a subcommand (for `games SUB
// --help` without --game).
std::string ringsHelp(const std::string& subcommand);
