// `games` for JC Shock and JC Attract. Every subcommand is written once as a
// template over the state type; the game only picks the evaluation.
#include "placement_cli.h"

#include <boost/program_options.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "game/match.h"
#include "game/player.h"
#include "placement/eval.h"
#include "placement/position_file.h"

namespace po = boost::program_options;
using namespace placement;

namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class S>
struct GameTraits;
template <>
struct GameTraits<ShockState> {
  using Eval = ShockEval;
};
template <>
struct GameTraits<AttractState> {
  using Eval = AttractEval;
};

// ------------------------------------------------------------------ options

void addGame(po::options_description& d) {
  d.add_options()("help,h", "show this help")("game", po::value<std::string>()->required(), "shock or attract");
}

void addLimits(po::options_description& d, int64_t defaultMs) {
  d.add_options()("time-ms", po::value<int64_t>()->default_value(defaultMs), "time per move in milliseconds (0: none)")(
      "depth", po::value<int>()->default_value(0), "alpha-beta: deepest iteration in plies (0: none)")(
      "nodes", po::value<uint64_t>()->default_value(0), "alpha-beta: node budget (0: none)")(
      "playouts", po::value<uint64_t>()->default_value(0), "MCTS: playout budget (0: none)")(
      "threads", po::value<int>()->default_value(1), "MCTS: threads (root parallel; 1 is reproducible)")(
      "seed", po::value<uint64_t>()->default_value(1), "seed for MCTS and random players");
}

game::SearchLimits limitsFrom(const po::variables_map& vm) {
  game::SearchLimits l;
  l.timeMs = vm["time-ms"].as<int64_t>();
  l.depth = vm["depth"].as<int>();
  l.nodes = vm["nodes"].as<uint64_t>();
  l.playouts = vm["playouts"].as<uint64_t>();
  l.threads = vm["threads"].as<int>();
  l.seed = vm["seed"].as<uint64_t>();
  if (l.threads < 1) throw UsageError("--threads must be at least 1");
  if (l.timeMs < 0) throw UsageError("--time-ms must not be negative");
  if (!l.timeMs && !l.depth && !l.nodes && !l.playouts)
    throw UsageError("give at least one limit (--time-ms, --depth, --nodes or --playouts)");
  return l;
}

// Parses; returns false (after printing help) when --help was asked.
bool parse(int argc, char** argv, const po::options_description& d, po::variables_map& vm,
           const po::positional_options_description* positional = nullptr) {
  po::command_line_parser parser(argc, argv);
  parser.options(d);
  if (positional) parser.positional(*positional);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    std::cout << d << '\n';
    return false;
  }
  po::notify(vm);
  return true;
}

// ------------------------------------------------------------------ helpers

template <class S>
S loadPosition(const std::string& path) {
  const PositionFile pos = readPositionFile(path);
  try {
    return S::fromBoard(pos.board, pos.toMove);
  } catch (const std::invalid_argument& e) {
    throw PositionError(path + ": " + e.what());
  }
}

template <class S>
std::string movesText(const S& s) {
  typename S::Move moves[S::kMaxMoves];
  const int n = s.legalMoves(moves);
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (i) out += ' ';
    out += squareName(moves[i]);
  }
  return out;
}

// Why `text` is not a legal move in `s`, or "" when it is.
template <class S>
std::string moveProblem(const S& s, const std::string& text, typename S::Move& move) {
  if (s.isTerminal()) return "the game is over (" + std::string(outcomeText(s.outcome())) + ")";
  const auto cell = parseSquare(text, s.size());
  const char last = char('A' + s.size() - 1);
  if (!cell)
    return "'" + text + "' is not a square of the " + std::to_string(s.size()) + "x" + std::to_string(s.size()) +
           " board (A1.." + last + std::to_string(s.size()) + ")";
  if (!s.board().isEmpty(*cell)) return "square " + squareName(*cell) + " is occupied";
  move = typename S::Move(*cell);
  return "";
}

template <class S>
std::unique_ptr<game::Player<S>> makePlayer(const std::string& name, uint64_t seed) {
  using Eval = typename GameTraits<S>::Eval;
  if (name == "alphabeta") return std::make_unique<game::AlphaBetaPlayer<S, Eval>>();
  if (name == "mcts") return std::make_unique<game::MctsPlayer<S>>();
  if (name == "mcts-light") return std::make_unique<game::MctsPlayer<S, game::WinFirstPlayout<4>>>();
  if (name == "random") return std::make_unique<game::RandomPlayer<S>>(seed);
  throw UsageError("unknown player '" + name + "' (alphabeta, mcts, mcts-light, random)");
}

std::string valueText(const std::string& player, double value) {
  std::ostringstream out;
  if (player == "alphabeta" && std::abs(value) > game::kWinBound)
    out << (value > 0 ? "win" : "loss") << " for the player to move";
  else if (player == "alphabeta")
    out << value << " (evaluation for the player to move)";
  else
    out << std::fixed << std::setprecision(3) << value << " (mean return for the player to move, 0..1)";
  return out.str();
}

// ------------------------------------------------------------------ subcommands

template <class S>
int cmdMoves(const po::variables_map& vm) {
  const S s = loadPosition<S>(vm["position"].as<std::string>());
  std::cout << movesText(s) << '\n';
  return 0;
}

template <class S>
int cmdApply(const po::variables_map& vm) {
  S s = loadPosition<S>(vm["position"].as<std::string>());
  const auto moves = vm.count("move") ? vm["move"].as<std::vector<std::string>>() : std::vector<std::string>{};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    typename S::Move m{};
    const std::string problem = moveProblem(s, moves[i], m);
    if (!problem.empty()) {
      std::cerr << "games apply: move " << i + 1 << " (" << moves[i] << "): " << problem << '\n';
      return 1;
    }
    s.apply(m);
  }
  writePosition(std::cout, s.board(), s.toMove());
  std::cout << "result: " << outcomeText(s.outcome()) << '\n';
  return 0;
}

template <class S>
int cmdAnalyze(const po::variables_map& vm) {
  const S s = loadPosition<S>(vm["position"].as<std::string>());
  if (s.isTerminal()) {
    std::cout << "game over: " << outcomeText(s.outcome()) << '\n';
    return 0;
  }
  const std::string name = vm["player"].as<std::string>();
  if (name == "random") throw UsageError("analyze needs alphabeta, mcts or mcts-light");
  auto player = makePlayer<S>(name, vm["seed"].as<uint64_t>());
  const auto r = player->choose(s, limitsFrom(vm));
  std::cout << "player: " << name << '\n'
            << "to move: " << pieceChar(s.toMove()) << '\n'
            << "best move: " << squareName(r.move) << '\n'
            << "value: " << valueText(name, r.value) << '\n'
            << "proof: " << game::proofText(r.proof, r.proofPlies) << '\n'
            << "stats: ";
  if (name == "alphabeta")
    std::cout << "depth " << r.stats.depth << ", nodes " << r.stats.nodes << ", tt cutoffs " << r.stats.ttHits;
  else
    std::cout << "playouts " << r.stats.playouts << ", tree nodes " << r.stats.nodes;
  std::cout << ", " << std::fixed << std::setprecision(0) << r.stats.elapsedMs << " ms\n";
  return 0;
}

template <class S>
int cmdPlay(const po::variables_map& vm) {
  const int n = vm.count("size") ? vm["size"].as<int>() : 8;
  S s(n);
  const game::SearchLimits limits = limitsFrom(vm);
  const std::string names[2] = {vm["white"].as<std::string>(), vm["black"].as<std::string>()};
  std::unique_ptr<game::Player<S>> players[2];
  for (int c = 0; c < 2; ++c)
    if (names[c] != "human") players[c] = makePlayer<S>(names[c], limits.seed + uint64_t(c));
  std::cout << drawBoard(s.board());
  while (!s.isTerminal()) {
    const int c = s.currentPlayer();
    const char piece = pieceChar(s.toMove());
    typename S::Move m{};
    if (!players[c]) {
      for (;;) {
        std::cout << piece << " to move (a square like D4, 'moves', 'quit'): " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
          std::cout << "\nend of input: game abandoned\n";
          return 0;
        }
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (word.empty()) continue;
        if (word == "quit" || word == "exit") {
          std::cout << "game abandoned\n";
          return 0;
        }
        if (word == "moves") {
          std::cout << movesText(s) << '\n';
          continue;
        }
        const std::string problem = moveProblem(s, word, m);
        if (problem.empty()) break;
        std::cout << problem << "; try again\n";
      }
    } else {
      const auto r = players[c]->choose(s, limits);
      m = r.move;
      std::cout << piece << " (" << names[c] << ") plays " << squareName(m);
      if (r.proof == game::Proof::Win || r.proof == game::Proof::Loss)
        std::cout << "  [" << game::proofText(r.proof, r.proofPlies) << "]";
      std::cout << '\n';
    }
    s.apply(m);
    std::cout << drawBoard(s.board());
  }
  std::cout << "result: " << outcomeText(s.outcome()) << '\n';
  return 0;
}

template <class S>
int cmdMatch(const po::variables_map& vm) {
  const int n = vm["size"].as<int>();
  const int games = vm["games"].as<int>();
  if (games < 1) throw UsageError("--games must be at least 1");
  S start(n);
  const game::SearchLimits limits = limitsFrom(vm);
  const std::string nameA = vm["a"].as<std::string>(), nameB = vm["b"].as<std::string>();
  auto a = makePlayer<S>(nameA, limits.seed), b = makePlayer<S>(nameB, limits.seed + 1);
  std::ofstream csv;
  if (vm.count("csv")) {
    csv.open(vm["csv"].as<std::string>());
    if (!csv) throw UsageError("cannot write " + vm["csv"].as<std::string>());
    csv << "game,white,black,result,plies,score_a\n";
  }
  game::MatchScore score;
  for (int g = 0; g < games; ++g) {
    // A plays white in even games; each game gets its own seeds.
    const bool aWhite = g % 2 == 0;
    game::Player<S>* white = aWhite ? a.get() : b.get();
    game::Player<S>* black = aWhite ? b.get() : a.get();
    white->newGame();
    black->newGame();
    game::SearchLimits l = limits;
    l.seed = limits.seed * 1000003 + uint64_t(g);
    S s = start;
    int plies = 0;
    while (!s.isTerminal()) {
      const auto r = (s.currentPlayer() == 0 ? white : black)->choose(s, l);
      s.apply(r.move);
      ++plies;
    }
    const double resultA = s.returns()[aWhite ? 0 : 1];
    if (resultA >= 1.0)
      ++score.wins;
    else if (resultA <= 0.0)
      ++score.losses;
    else
      ++score.draws;
    if (csv)
      csv << g + 1 << ',' << (aWhite ? nameA : nameB) << ',' << (aWhite ? nameB : nameA) << ','
          << outcomeText(s.outcome()) << ',' << plies << ',' << resultA << '\n';
  }
  const game::EloEstimate elo = score.elo();
  auto eloText = [](double x) {
    std::ostringstream o;
    if (std::isinf(x))
      o << (x > 0 ? "+inf" : "-inf");
    else
      o << std::showpos << std::fixed << std::setprecision(0) << x;
    return o.str();
  };
  std::cout << S::RulesType::kName << ' ' << n << 'x' << n << ", " << games << " games, a = " << nameA
            << ", b = " << nameB << '\n'
            << "a: " << score.wins << " wins, " << score.draws << " draws, " << score.losses << " losses (score "
            << std::fixed << std::setprecision(1) << 100.0 * score.score() << "%)\n"
            << "Elo a - b: " << eloText(elo.elo) << " (95% interval " << eloText(elo.low) << " .. "
            << eloText(elo.high) << ")\n";
  return 0;
}

template <class S>
int dispatch(const std::string& sub, const po::variables_map& vm) {
  if (sub == "moves") return cmdMoves<S>(vm);
  if (sub == "apply") return cmdApply<S>(vm);
  if (sub == "analyze") return cmdAnalyze<S>(vm);
  if (sub == "play") return cmdPlay<S>(vm);
  return cmdMatch<S>(vm);
}

}  // namespace

int runPlacement(const std::string& sub, int argc, char** argv) {
  try {
    po::options_description d("games " + sub + " options");
    addGame(d);
    po::positional_options_description positional;
    const po::positional_options_description* pos = nullptr;
    if (sub == "moves" || sub == "apply" || sub == "analyze")
      d.add_options()("position", po::value<std::string>()->required(), "position file (see RULES/README)");
    if (sub == "apply") {
      d.add_options()("move", po::value<std::vector<std::string>>(), "moves to play, as squares (also positional)");
      positional.add("move", -1);
      pos = &positional;
    }
    if (sub == "analyze") {
      d.add_options()("player", po::value<std::string>()->default_value("alphabeta"),
                      "alphabeta, mcts or mcts-light");
      addLimits(d, 1000);
    }
    if (sub == "play") {
      d.add_options()("size", po::value<int>(), "board size N (default 8)")(
          "white", po::value<std::string>()->default_value("human"), "human, alphabeta, mcts, mcts-light, random")(
          "black", po::value<std::string>()->default_value("alphabeta"), "human, alphabeta, mcts, mcts-light, random");
      addLimits(d, 500);
    }
    if (sub == "match") {
      d.add_options()("size", po::value<int>()->required(), "board size N")(
          "a", po::value<std::string>()->required(), "player A: alphabeta, mcts, mcts-light, random")(
          "b", po::value<std::string>()->required(), "player B")("games", po::value<int>()->required(),
                                                               "number of games (colours alternate, A white first)")(
          "csv", po::value<std::string>(), "write one line per game to this file");
      addLimits(d, 20);
    }
    po::variables_map vm;
    if (!parse(argc, argv, d, vm, pos)) return 0;
    const std::string game = vm["game"].as<std::string>();
    if (game == "shock") return dispatch<ShockState>(sub, vm);
    if (game == "attract") return dispatch<AttractState>(sub, vm);
    throw UsageError("unknown game '" + game + "' (shock, attract, rings)");
  } catch (const po::error& e) {
    std::cerr << "games " << sub << ": " << e.what() << " (see --help)\n";
  } catch (const UsageError& e) {
    std::cerr << "games " << sub << ": " << e.what() << " (see --help)\n";
  } catch (const std::exception& e) {  // position files, board sizes
    std::cerr << "games " << sub << ": " << e.what() << '\n';
  }
  return 2;
}
