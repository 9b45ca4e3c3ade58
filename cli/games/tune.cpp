// `games tune`: the alpha-beta evaluation of JC Shock or JC Attract fitted
// to self-play games by Texel's method (solver/registry/tune.h). Parses,
// calls the library, prints the weights before and after.
#include "tune.h"

#include <iomanip>
#include <iostream>

#include "common.h"
#include "registry/tune.h"

namespace gamescli {
namespace {

struct TuneArgs {
  std::string game;
  games::tune::Options o;
  uint64_t seed = 1;
};

cli::Command tuneCommand() {
  return cli::Command(
      "games", "tune", "games tune --game shock|attract [--games K] [--player P] [--playouts P | --nodes N] [--size N] [--seed S]",
      "Fits the weights of the alpha-beta player's evaluation (heuristics/placement/eval.h) to\n"
      "self-play games by Texel's method: K games of a player against itself (--player, mcts at\n"
      "--playouts a move by default, or alpha-beta at --nodes) (after a few random moves, so that games differ; the same games on every\n"
      "machine), every position after the opening labelled by the result its player to move got; the\n"
      "error is the mean of (result - sigmoid(k * eval))^2, k fitted to the untuned weights, and the\n"
      "weights move one at a time while it falls (solver/game/texel.h). Prints the samples, k, the\n"
      "error before and after and both weight vectors. A fit is worth keeping only if the tuned\n"
      "evaluation wins: `games match --a alphabeta --b alphabeta-untuned --sprt-elo1 E`.",
      "exit codes: 0 ok, 2 bad usage\n", kStyle);
}

cli::OptionTable tuneTable(TuneArgs& a) {
  cli::OptionTable t;
  t.text("game", a.game, "shock or attract").required();
  t.integer("games", a.o.games, 1, 100000, "self-play games");
  t.text("player", a.o.player, "the self-play player: mcts, alphabeta, alphabeta-untuned, ... (games play --help)");
  t.whole("playouts", a.o.playouts, 1'000'000, "its playouts a move (MCTS)");
  t.whole("nodes", a.o.nodes, 1'000'000'000, "its nodes a move (alpha-beta; 0: none)");
  t.integer("size", a.o.size, 8, 16, "board size N (8..16; attract: even)");
  t.whole("seed", a.seed, UINT64_MAX, "seeds the games' openings and players");
  t.integer("opening", a.o.selfPlay.opening, 0, 50, "random moves that open each game").advanced();
  t.integer("skip", a.o.selfPlay.skip, 0, 200, "moves of each game that give no sample").advanced();
  return t;
}

void printWeights(const char* what, const std::vector<int>& w) {
  std::cout << what;
  for (int x : w) std::cout << ' ' << x;
  std::cout << '\n';
}

}  // namespace

int runTune(int argc, char** argv) {
  return cli::guarded("games", "tune", [&] {
    TuneArgs a;
    cli::Command c = tuneCommand();
    boost::program_options::variables_map vm;
    if (!c.parse(argc, argv, vm, tuneTable(a))) return 0;
    if (a.game != "shock" && a.game != "attract")
      throw UsageError("--game must be shock or attract for tune, got '" + a.game + "'");
    if (a.game == "attract" && a.o.size % 2 != 0)
      throw UsageError("JC Attract needs an even N, got " + std::to_string(a.o.size));
    if (a.o.playouts == 0) throw UsageError("--playouts must be at least 1");
    if (a.o.player.rfind("alphabeta", 0) == 0 && a.o.nodes == 0)
      throw UsageError("--player " + a.o.player + " needs --nodes N (a budget of nodes: the same games everywhere)");
    a.o.selfPlay.seed = a.seed;
    const games::tune::Report r = games::tune::tuneEvaluation(a.game, a.o);
    std::cout << (a.game == "shock" ? "JC Shock" : "JC Attract") << ' ' << a.o.size << 'x' << a.o.size << ": "
              << a.o.games << " self-play games (" << a.o.player << ", "
              << (a.o.nodes ? std::to_string(a.o.nodes) + " nodes" : std::to_string(a.o.playouts) + " playouts")
              << " a move), " << r.samples
              << " positions\n"
              << std::setprecision(6) << "k " << r.k << "; error " << r.errorBefore << " untuned, " << r.errorAfter
              << " tuned\n";
    printWeights("untuned:", r.before);
    printWeights("tuned:  ", r.after);
    return 0;
  }, kStyle);
}

}  // namespace gamescli
