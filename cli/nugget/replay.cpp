// nugget replay [--face A|B] [--start "t1 ... t49"] MOVES...
#include <iostream>

#include "commands.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "common.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

constexpr CommandText kReplay{
    "replay", "nugget replay [--face A|B] [--start \"t1 ... t49\"] MOVES...",
    "Plays the moves (short `P` or full `P7` notation; one argument may hold several,\n"
    "e.g. \"P 5 L\") from the start position, default board 1 with face A. Prints the\n"
    "moves in full notation on one line, then the 49 tile numbers of the result.\n"
    "A bad or illegal move is reported with its number (exit 2). The moves and the start\n"
    "are those of docs/RULES.md section 1; --start takes tiles as `final` lines hold them.",
    "", "0 played; 2 bad usage, bad notation or an illegal move"};

struct NoArgs {};

int replayBody(NoArgs&, const po::variables_map& vm) {
  Board board = startFromOptions(vm);
  std::vector<Move> played;
  if (auto err = playMoves(board, splitWords(vm["moves"].as<std::vector<std::string>>()), &played)) {
    std::cerr << "nugget replay: " << *err << '\n';
    return kExitUsage;
  }
  std::cout << jcgn::formatMoves(played) << '\n' << tilesToString(board.tiles) << '\n';
  return kExitOk;
}

}  // namespace

int runReplay(int argc, char** argv) {
  return runCommand<NoArgs>(kReplay, argc, argv, [](NoArgs&) { return OptionTable(); }, replayBody,
                            [](CommandLine& cl) {
                              withStart(cl);
                              positional(cl, "moves", -1, "moves");
                            });
}
