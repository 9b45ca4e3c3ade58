// games: play, analyse and match the project's two-or-more-player games.
//
//   games SUBCOMMAND --game shock|attract|rings [options]   (--help for each)
//
// The placement games live in placement_cli.cpp. 5RINGS is built in only when
// cli/games/rings.cpp exists (GAMES_WITH_RINGS); it receives the same
// argument vector, shifted so that argv[0] is the subcommand.
#include <cstring>
#include <iostream>
#include <string>

#include "placement_cli.h"
#ifdef GAMES_WITH_RINGS
#include "rings.h"
#endif

namespace {

void usage(std::ostream& out) {
  out << "usage: games SUBCOMMAND --game GAME [options]\n"
         "\n"
         "games: shock, attract (JC Shock, JC Attract; RULES.md sections 2-4), rings (5RINGS)\n"
         "\n"
         "subcommands (each has --help):\n"
         "  moves    --position FILE             list the legal moves\n"
         "  apply    --position FILE MOVE...     play moves, print the position and result\n"
         "  analyze  --position FILE [--time-ms T] [--depth D] [--player alphabeta|mcts]\n"
         "                                       best move, value, proven win/loss\n"
         "  play     [--size N] [--white P] [--black P]\n"
         "                                       play in the terminal (P: human, alphabeta, mcts, random)\n"
         "  match    --size N --a P1 --b P2 --games K [--time-ms T] [--seed S] [--csv FILE]\n"
         "                                       a match with alternating colours and an Elo estimate\n";
}

// The value of --game, in either "--game X" or "--game=X" form.
std::string gameOf(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--game") == 0 && i + 1 < argc) return argv[i + 1];
    if (std::strncmp(argv[i], "--game=", 7) == 0) return argv[i] + 7;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  const std::string sub = argv[1];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    usage(std::cout);
    return 0;
  }
  if (sub != "moves" && sub != "apply" && sub != "analyze" && sub != "play" && sub != "match") {
    std::cerr << "games: unknown subcommand '" << sub << "'\n\n";
    usage(std::cerr);
    return 2;
  }
  if (gameOf(argc, argv) == "rings") {
#ifdef GAMES_WITH_RINGS
    return runRings(sub, argc - 1, argv + 1);
#else
    std::cerr << "games: rings not built (this binary was built without cli/games/rings.cpp)\n";
    return 2;
#endif
  }
  return runPlacement(sub, argc - 1, argv + 1);
}
