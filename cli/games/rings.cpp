// The 5RINGS subcommands of `games` (see rings.h).
#include "rings.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/mcts.h"
#include "game/paranoid.h"
#include "game/player.h"
#include "rings/eval.h"
#include "rings/position_file.h"
#include "rings/state.h"

namespace po = boost::program_options;

namespace {

using rings::kPlayers;
using rings::Move;
using rings::State;
using Player = game::Player<State>;

struct RingsEval {
  double operator()(const State& s, int player) const { return rings::evaluate(s, player); }
};

// A usage mistake: reported with a pointer to --help, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ------------------------------------------------------------ command line

// Parses `argv` with `options` plus --help/--game and positional words.
// Returns false when --help was printed. The positional words (with the
// subcommand itself dropped) end up in `words`.
bool parse(const std::string& subcommand, const std::string& usage, po::options_description& options, int argc,
           char** argv, po::variables_map& vm, std::vector<std::string>& words) {
  options.add_options()("help,h", "show this help")  //
      ("game", po::value<std::string>()->value_name("rings"), "the game (rings)");
  po::options_description hidden;
  hidden.add_options()("words", po::value<std::vector<std::string>>()->default_value({}, ""), "");
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("words", -1);
  const auto style = po::command_line_style::unix_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).style(style).run(), vm);
    if (vm.count("help")) {
      std::cout << "usage: games " << usage << "\n\n" << options << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (vm.count("game") && vm["game"].as<std::string>() != "rings")
    throw UsageError("this is the rings front end, not '" + vm["game"].as<std::string>() + "'");
  words = vm["words"].as<std::vector<std::string>>();
  // Tolerate main() passing the subcommand (and the program's own words) on.
  auto it = std::find(words.begin(), words.end(), subcommand);
  if (it != words.end()) words.erase(words.begin(), it + 1);
  return true;
}

void noWords(const std::vector<std::string>& words) {
  if (!words.empty()) throw UsageError("unexpected argument '" + words.front() + "'");
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::unique_ptr<Player> makePlayer(const std::string& kind, uint64_t seed) {
  if (kind == "mcts") return std::make_unique<game::MctsPlayer<State>>();
  if (kind == "paranoid") return std::make_unique<game::ParanoidPlayer<State, RingsEval>>(RingsEval{});
  if (kind == "random") return std::make_unique<game::RandomPlayer<State>>(seed);
  throw UsageError("unknown player '" + kind + "' (mcts, paranoid or random)");
}

game::SearchLimits limitsFrom(const po::variables_map& vm, uint64_t seed) {
  game::SearchLimits limits;
  limits.timeMs = vm["time-ms"].as<int64_t>();
  limits.threads = vm["threads"].as<int>();
  limits.seed = seed;
  if (limits.timeMs <= 0) throw UsageError("--time-ms must be positive");
  if (limits.threads < 1) throw UsageError("--threads must be at least 1");
  return limits;
}

void addSearchOptions(po::options_description& options, int64_t defaultMs) {
  options.add_options()                                                                              //
      ("time-ms", po::value<int64_t>()->default_value(defaultMs)->value_name("T"), "thinking time per computer move") //
      ("threads", po::value<int>()->default_value(1)->value_name("N"),
       "MCTS trees searched in parallel (1 is reproducible from the seed)");
}

// ------------------------------------------------------------ text output

std::string colourName(int p) { return std::string(rings::kColourNames[p]); }

std::string resultLine(const State& s) {
  if (!s.isTerminal()) return "result: ongoing";
  const auto sc = s.scores();
  std::string out = "result: " + colourName(s.winner()) + " wins, scores";
  for (int p = 0; p < kPlayers; ++p) out += std::string(" ") + rings::kColourChars[p] + "=" + std::to_string(sc[p]);
  return out;
}

std::string moveList(const State& s) {
  Move moves[State::kMaxMoves];
  const int n = s.legalMoves(moves);
  std::sort(moves, moves + n, [](Move a, Move b) { return a.to < b.to; });
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (i) out += ' ';
    out += rings::squareName(moves[i].to);
  }
  return out;
}

// ANSI: a ring is its letter on its colour, a trail a dot in its colour.
// Black is drawn grey so it shows on dark terminals.
constexpr const char* kRingStyle[kPlayers] = {"\033[1;97;44m", "\033[1;97;100m", "\033[1;97;41m", "\033[1;30;43m",
                                              "\033[1;30;42m"};
constexpr const char* kTrailStyle[kPlayers] = {"\033[1;34m", "\033[1;90m", "\033[1;31m", "\033[1;33m", "\033[1;32m"};
constexpr const char* kReset = "\033[0m";

void drawBoard(std::ostream& out, const State& s, bool colour, int lastMove = -1) {
  out << "\n     A  B  C  D  E  F  G  H  I  J\n";
  for (int r = rings::kSide - 1; r >= 0; --r) {
    out << std::setw(3) << r + 1 << " ";
    for (int c = 0; c < rings::kSide; ++c) {
      const int cell = r * rings::kSide + c;
      int ring = -1, trail = -1;
      for (int p = 0; p < kPlayers; ++p) {
        if (s.ringCell(p) == cell) ring = p;
        if (s.trails(p) & rings::cellBit(cell)) trail = p;
      }
      const bool last = cell == lastMove;
      if (ring >= 0) {
        const char letter = rings::kColourChars[ring];
        if (colour) out << kRingStyle[ring] << (last ? '[' : ' ') << letter << (last ? ']' : ' ') << kReset;
        else out << (last ? '[' : ' ') << letter << (last ? ']' : ' ');
      } else if (trail >= 0) {
        if (colour) out << kTrailStyle[trail] << " o " << kReset;
        else out << ' ' << static_cast<char>(rings::kColourChars[trail] - 'A' + 'a') << ' ';
      } else {
        out << " . ";
      }
    }
    out << std::setw(3) << r + 1 << "\n";
  }
  out << "     A  B  C  D  E  F  G  H  I  J\n";
  const auto sc = s.scores();
  out << "order:";
  for (uint8_t p : s.order()) {
    out << ' ';
    if (colour) out << kTrailStyle[p];
    out << colourName(p) << '=' << sc[p];
    if (s.eliminated(p)) out << "(out)";
    if (colour) out << kReset;
  }
  out << "\n";
}

// ------------------------------------------------------------ subcommands

State loadPosition(const po::variables_map& vm) {
  if (!vm.count("position")) throw UsageError("--position FILE is required");
  return rings::readPositionFile(vm["position"].as<std::string>());
}

int cmdMoves(const std::string& sub, int argc, char** argv) {
  po::options_description options("moves: legal moves (target squares) of the player to move");
  options.add_options()("position", po::value<std::string>()->value_name("FILE"), "position file");
  po::variables_map vm;
  std::vector<std::string> words;
  if (!parse(sub, "moves --game rings --position FILE", options, argc, argv, vm, words)) return 0;
  noWords(words);
  const State s = loadPosition(vm);
  if (s.isTerminal()) {
    std::cout << "no moves: the game is over\n" << resultLine(s) << "\n";
    return 0;
  }
  Move moves[State::kMaxMoves];
  const int n = s.legalMoves(moves);
  std::cout << colourName(s.currentPlayer()) << " to " << (s.placementPhase() ? "place" : "move") << ", " << n
            << (n == 1 ? " move" : " moves") << ": " << moveList(s) << "\n";
  return 0;
}

// Applies one move given by name; throws with the legal moves listed.
int playNamed(State& s, const std::string& name) {
  if (s.isTerminal()) throw std::runtime_error("move " + name + ": the game is already over");
  const int cell = rings::parseSquare(name);
  if (cell < 0) throw std::runtime_error("'" + name + "' is not a square (A1 .. J10)");
  if (!s.isLegal(Move{static_cast<uint8_t>(cell)}))
    throw std::runtime_error(rings::squareName(cell) + " is not legal for " + colourName(s.currentPlayer()) +
                             "; legal: " + moveList(s));
  s.apply(Move{static_cast<uint8_t>(cell)});
  return cell;
}

int cmdApply(const std::string& sub, int argc, char** argv) {
  po::options_description options("apply: play MOVEs (target squares, in turn order) and print the position");
  options.add_options()("position", po::value<std::string>()->value_name("FILE"), "position file");
  po::variables_map vm;
  std::vector<std::string> words;
  if (!parse(sub, "apply --game rings --position FILE MOVE...", options, argc, argv, vm, words)) return 0;
  State s = loadPosition(vm);
  for (const auto& w : words) playNamed(s, w);
  std::cout << rings::formatPosition(s) << resultLine(s) << "\n";
  return 0;
}

int cmdAnalyze(const std::string& sub, int argc, char** argv) {
  po::options_description options("analyze: evaluation features and the computer's choice");
  options.add_options()                                                               //
      ("position", po::value<std::string>()->value_name("FILE"), "position file")  //
      ("player", po::value<std::string>()->default_value("mcts")->value_name("mcts|paranoid"), "who searches")  //
      ("seed", po::value<uint64_t>()->default_value(1)->value_name("S"), "MCTS seed");
  addSearchOptions(options, 1000);
  po::variables_map vm;
  std::vector<std::string> words;
  if (!parse(sub, "analyze --game rings --position FILE [--time-ms T] [--player mcts|paranoid]", options, argc, argv,
             vm, words))
    return 0;
  noWords(words);
  const std::string kind = vm["player"].as<std::string>();
  if (kind != "mcts" && kind != "paranoid") throw UsageError("--player must be mcts or paranoid");
  const auto limits = limitsFrom(vm, vm["seed"].as<uint64_t>());
  const State s = loadPosition(vm);
  drawBoard(std::cout, s, false);
  const auto f = rings::analyse(s);
  const auto est = rings::estimate(s);
  std::cout << "\nplayer  held  mobility  reach  territory  estimate\n";
  for (uint8_t p : s.order()) {
    std::cout << std::left << std::setw(7) << colourName(p) << std::right << std::setw(5) << f.held[p] << std::setw(10)
              << f.mobility[p] << std::setw(7) << f.reach[p] << std::setw(11) << f.territory[p] << std::setw(10)
              << std::fixed << std::setprecision(2) << est[p] * 100 << (s.eliminated(p) ? "  (out)" : "") << "\n";
  }
  if (s.isTerminal()) {
    std::cout << resultLine(s) << "\n";
    return 0;
  }
  auto player = makePlayer(kind, limits.seed);
  const auto r = player->choose(s, limits);
  std::cout << "\n" << colourName(s.currentPlayer()) << " to " << (s.placementPhase() ? "place" : "move") << "; "
            << kind << " chooses " << rings::squareName(r.move.to) << ", expected score "
            << std::setprecision(1) << r.value * 100 << " (";
  if (kind == "mcts") std::cout << r.stats.playouts << " playouts";
  else std::cout << "depth " << r.stats.depth << ", " << r.stats.nodes << " nodes";
  std::cout << ", " << std::setprecision(0) << r.stats.elapsedMs << " ms)\n";
  return 0;
}

int cmdPlay(const std::string& sub, int argc, char** argv) {
  po::options_description options("play: a game in the terminal; human seats type target squares");
  options.add_options()  //
      ("humans", po::value<std::string>()->default_value("")->value_name("red,green"),
       "colours played by humans (blue black red yellow green, or B K R Y G); the computer plays the rest")  //
      ("cpu", po::value<std::string>()->default_value("mcts")->value_name("mcts|paranoid|random"), "computer player")  //
      ("seed", po::value<uint64_t>()->default_value(1)->value_name("S"), "draws the playing order; seeds the computer")  //
      ("no-colour", "draw the board without ANSI colours");
  addSearchOptions(options, 1000);
  po::variables_map vm;
  std::vector<std::string> words;
  if (!parse(sub, "play --game rings [--humans red,green] [--cpu mcts|paranoid|random] [--seed S]", options, argc,
             argv, vm, words))
    return 0;
  noWords(words);
  const uint64_t seed = vm["seed"].as<uint64_t>();
  const auto limits = limitsFrom(vm, seed);
  const bool colour = !vm.count("no-colour");
  bool human[kPlayers] = {};
  for (const auto& name : splitList(vm["humans"].as<std::string>())) {
    const int p = rings::colourFromName(name);
    if (p < 0) throw UsageError("--humans: '" + name + "' is not a colour (blue black red yellow green)");
    if (human[p]) throw UsageError("--humans names " + colourName(p) + " twice");
    human[p] = true;
  }
  std::unique_ptr<Player> cpu[kPlayers];
  const std::string kind = vm["cpu"].as<std::string>();
  for (int p = 0; p < kPlayers; ++p)
    if (!human[p]) cpu[p] = makePlayer(kind, seed * kPlayers + p);

  State s = State::newGame(seed);
  std::cout << "5RINGS. Playing order:";
  for (uint8_t p : s.order()) std::cout << ' ' << colourName(p) << (human[p] ? " (you)" : "");
  std::cout << "\nType a target square (e.g. E5), 'moves' for the legal ones, 'quit' to stop.\n";
  int last = -1;
  while (!s.isTerminal()) {
    drawBoard(std::cout, s, colour, last);
    const int p = s.currentPlayer();
    bool outBefore[kPlayers];
    for (int q = 0; q < kPlayers; ++q) outBefore[q] = s.eliminated(q);
    if (human[p]) {
      for (;;) {
        std::cout << colourName(p) << (s.placementPhase() ? " places" : " moves") << "> " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
          std::cout << "\n(end of input: game abandoned)\n";
          return 0;
        }
        line.erase(0, line.find_first_not_of(" \t\r"));
        line.erase(line.find_last_not_of(" \t\r") + 1);
        if (line.empty()) continue;
        if (line == "quit" || line == "exit") {
          std::cout << "game abandoned\n";
          return 0;
        }
        if (line == "moves" || line == "?" || line == "help") {
          std::cout << "legal: " << moveList(s) << "\n";
          continue;
        }
        try {
          last = playNamed(s, line);
          break;
        } catch (const std::exception& e) {
          std::cout << e.what() << "\n";
        }
      }
    } else {
      const auto r = cpu[p]->choose(s, limits);
      if (!r.hasMove) throw std::logic_error("computer found no move in a live position");
      last = r.move.to;
      std::cout << colourName(p) << " (" << kind << ") " << (s.placementPhase() ? "places on " : "jumps to ")
                << rings::squareName(last) << "\n";
      s.apply(r.move);
    }
    for (int q = 0; q < kPlayers; ++q)
      if (s.eliminated(q) && !outBefore[q]) std::cout << "  " << colourName(q) << " has no move and is out\n";
  }
  drawBoard(std::cout, s, colour, last);
  std::cout << resultLine(s) << "\n";
  return 0;
}

int cmdMatch(const std::string& sub, int argc, char** argv) {
  po::options_description options("match: computer players against each other, seats rotated every game");
  options.add_options()  //
      ("seats", po::value<std::string>()->value_name("a,b,c,d,e"),
       "five players from mcts, paranoid, random; entry i plays colour (i + game) mod 5")  //
      ("games", po::value<int>()->default_value(10)->value_name("K"), "games to play")    //
      ("seed", po::value<uint64_t>()->default_value(1)->value_name("S"),
       "game g draws its playing order from S + g; players are seeded from S")  //
      ("quiet", "no line per game on stderr");
  addSearchOptions(options, 100);
  po::variables_map vm;
  std::vector<std::string> words;
  if (!parse(sub, "match --game rings --seats mcts,random,random,random,random --games K [--time-ms T] [--seed S]",
             options, argc, argv, vm, words))
    return 0;
  noWords(words);
  if (!vm.count("seats")) throw UsageError("--seats needs five players, e.g. mcts,random,random,random,random");
  const auto seats = splitList(vm["seats"].as<std::string>());
  if (seats.size() != static_cast<size_t>(kPlayers)) throw UsageError("--seats needs exactly five players");
  const int games = vm["games"].as<int>();
  if (games < 1) throw UsageError("--games must be at least 1");
  const uint64_t seed = vm["seed"].as<uint64_t>();
  auto limits = limitsFrom(vm, seed);
  std::vector<std::unique_ptr<Player>> players;
  for (int i = 0; i < kPlayers; ++i) players.push_back(makePlayer(seats[i], seed * kPlayers + i));

  std::vector<int> wins(kPlayers, 0);
  std::vector<double> scoreSum(kPlayers, 0);
  const auto start = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    State s = State::newGame(seed + g);
    int entryOf[kPlayers];  // colour -> seat entry
    for (int c = 0; c < kPlayers; ++c) entryOf[c] = (c + g) % kPlayers;
    for (auto& pl : players) pl->newGame();
    while (!s.isTerminal()) {
      const auto r = players[entryOf[s.currentPlayer()]]->choose(s, limits);
      if (!r.hasMove) throw std::logic_error("a player found no move in a live position");
      s.apply(r.move);
    }
    const auto sc = s.scores();
    ++wins[entryOf[s.winner()]];
    for (int c = 0; c < kPlayers; ++c) scoreSum[entryOf[c]] += sc[c];
    if (!vm.count("quiet"))
      std::cerr << "game " << g + 1 << "/" << games << ": winner " << seats[entryOf[s.winner()]] << " (entry "
                << entryOf[s.winner()] + 1 << ", " << colourName(s.winner()) << ") with " << sc[s.winner()]
                << " points\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "5RINGS match: " << games << " games, " << limits.timeMs << " ms per move, seed " << seed << ", "
            << std::fixed << std::setprecision(0) << seconds << " s\n";
  std::cout << "entry  player     wins  win rate  mean score\n";
  for (int i = 0; i < kPlayers; ++i)
    std::cout << std::setw(5) << i + 1 << "  " << std::left << std::setw(9) << seats[i] << std::right << std::setw(6)
              << wins[i] << std::setw(9) << std::setprecision(1) << 100.0 * wins[i] / games << "%" << std::setw(12)
              << std::setprecision(2) << scoreSum[i] / games << "\n";
  // The same kind in several seats: also per kind (per seat, averaged).
  std::map<std::string, std::pair<int, double>> byKind;
  std::map<std::string, int> seatsOf;
  for (int i = 0; i < kPlayers; ++i) {
    byKind[seats[i]].first += wins[i];
    byKind[seats[i]].second += scoreSum[i];
    ++seatsOf[seats[i]];
  }
  if (byKind.size() < static_cast<size_t>(kPlayers)) {
    std::cout << "per player kind (per seat):\n";
    for (const auto& [kind, ws] : byKind)
      std::cout << "  " << std::left << std::setw(9) << kind << std::right << " seats " << seatsOf[kind] << "  wins "
                << ws.first << "  win rate " << std::setprecision(1) << 100.0 * ws.first / (games * seatsOf[kind])
                << "%  mean score " << std::setprecision(2) << ws.second / (games * seatsOf[kind]) << "\n";
  }
  return 0;
}

}  // namespace

int runRings(const std::string& subcommand, int argc, char** argv) {
  try {
    if (subcommand == "moves") return cmdMoves(subcommand, argc, argv);
    if (subcommand == "apply") return cmdApply(subcommand, argc, argv);
    if (subcommand == "analyze") return cmdAnalyze(subcommand, argc, argv);
    if (subcommand == "play") return cmdPlay(subcommand, argc, argv);
    if (subcommand == "match") return cmdMatch(subcommand, argc, argv);
    throw UsageError("rings has no subcommand '" + subcommand + "' (moves, apply, analyze, play, match)");
  } catch (const UsageError& e) {
    std::cerr << "games " << subcommand << " --game rings: " << e.what() << " (try --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "games " << subcommand << " --game rings: " << e.what() << "\n";
    return 1;
  }
}
