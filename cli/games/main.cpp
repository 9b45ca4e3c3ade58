// games: play, analyse, match and replay the project's two-or-more-player games.
//
//   games SUBCOMMAND --game shock|attract|rings [options]   (--help for each)
//   games replay FILE                                       (the game is in the record)
//
// The game comes from the registry (solver/registry/games.h) by its key;
// its front end (placement.h, rings.h: options, board drawer, words for a
// bad move) runs the subcommand, most of which front_end.h writes once for
// every game. Each receives the argument vector shifted so that argv[0] is
// the subcommand.
#include <cstring>
#include <iostream>
#include <string>

#include "bench.h"
#include "proofs.h"
#include "tune.h"
#include "common.h"
#include "front_end.h"
#include "records/game_record.h"
#include "registry/games.h"
#include "version.h"

namespace {

constexpr const char* kSubcommands[] = {"moves", "apply", "analyze", "play", "match", "replay", "bench", "solve", "endgame", "tune"};

void usage(std::ostream& out) {
  out << "usage: games SUBCOMMAND --game shock|attract|rings [options]\n"
         "       games replay FILE [--step]\n"
         "       games --version | --help\n"
         "\n"
         "Plays, analyses and matches JC Shock, JC Attract (shock, attract) and 5RINGS (rings);\n"
         "rules: RULES.md sections 2-5.\n"
         "\n"
         "subcommands (each has --help, which lists every game's options without --game):\n"
         "  moves    --position FILE             list the legal moves\n"
         "  apply    --position FILE MOVE...     play moves, print the position and result\n"
         "  analyze  --position FILE [--player P] [--time-ms T] [--multipv N] [--json]\n"
         "                                       depth by depth: nodes, nodes/s, score, principal line\n"
         "  play     [--size N] [--white P] [--black P] [--record FILE]   (rings: [--humans C,...])\n"
         "                                       play in the terminal\n"
         "  match    --a P1 --b P2 [--games K] [--csv FILE] [--records DIR]   (rings: --seats ...)\n"
         "                                       computer players against each other\n"
         "  replay   FILE [--step]               replay a game record\n"
         "  bench    [--threads N]               every game's searches to fixed limits: nodes/s, signature\n"
         "  solve    --size N --analysis-variant  (shock, attract) exact value of a small board, best first moves\n"
         "  endgame  [--plies 4,6,8] [--positions P]   (shock, attract) exact values of real endgames and\n"
         "                                       how often the mcts player's move keeps them\n"
         "  tune     [--games K] [--playouts P]   (shock, attract) the alpha-beta evaluation fitted to\n"
         "                                       self-play games (Texel's method)\n"
         "\n"
      << gamescli::kFormats << gamescli::kExitCodes;
}

// The value of --game, in either "--game X" or "--game=X" form.
std::string gameOf(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--game") == 0 && i + 1 < argc) return argv[i + 1];
    if (std::strncmp(argv[i], "--game=", 7) == 0) return argv[i] + 7;
  }
  return "";
}

bool has(int argc, char** argv, const char* word) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], word) == 0) return true;
  return false;
}

// `games replay FILE`: the game named by the record's Game tag ("" when the
// file cannot be read as a record: the first game's front end reports why).
std::string recordGame(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (argv[i][0] == '-') continue;
    try {
      return std::string(records::gameKey(records::parseRecord(gamescli::readFile(argv[i])).game));
    } catch (const std::exception&) {
      return "";
    }
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return cli::kExitUsage;
  }
  const std::string sub = argv[1];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    usage(std::cout);
    return 0;
  }
  if (has(argc, argv, "--version")) {
    std::cout << cli::versionLine("games") << '\n';
    return 0;
  }
  bool known = false;
  for (const char* s : kSubcommands) known = known || sub == s;
  if (!known) {
    std::cerr << "games: unknown subcommand '" << sub << "' (see 'games --help')\n";
    return cli::kExitUsage;
  }
  if (sub == "bench") return gamescli::runBench(argc - 1, argv + 1);
  if (sub == "solve") return gamescli::runSolve(argc - 1, argv + 1);
  if (sub == "endgame") return gamescli::runEndgame(argc - 1, argv + 1);
  if (sub == "tune") return gamescli::runTune(argc - 1, argv + 1);
  const std::string game = sub == "replay" ? recordGame(argc, argv) : gameOf(argc, argv);
  if (game.empty() && (has(argc, argv, "--help") || has(argc, argv, "-h"))) {
    std::cout << gamescli::allHelp(sub) << gamescli::kFormats << gamescli::kExitCodes;
    return 0;
  }
  // No game named (or a record that cannot be read): the first game's front
  // end parses the command line and says what is missing or wrong.
  return gamescli::runGame(game.empty() ? std::string(games::Registry::kKeys[0]) : game, sub, argc - 1, argv + 1);
}
