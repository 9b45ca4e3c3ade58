// `games` for 5RINGS (rings.h): the options, the board drawer, the CLI's
// words for a bad move, and `analyze`, `play` and `match` as five players
// take them; moves, apply and replay are front_end.h's.
#include "rings.h"

#include <boost/program_options.hpp>

#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/json.h"
#include "common/signals.h"
#include "common/terminal.h"
#include "game/match.h"
#include "rings/eval.h"
#include "rings/position_file.h"

namespace po = boost::program_options;

namespace gamescli {
namespace {

using rings::kPlayers;
using rings::Move;
using rings::State;
using Player = game::Player<State>;
using D = games::Rings;

// ------------------------------------------------------------ command line

// Each subcommand's usage and description (common.h: HelpRow).
constexpr HelpRow kHelp[] = {
    {"moves", "--position FILE",
     "Lists the legal moves (target squares) of the player to move."},
    {"apply", "--position FILE MOVE...",
     "Plays the moves (target squares, in turn order) and prints the position and its result: a\n"
     "position file again (`games moves --position` reads it back)."},
    {"analyze", "--position FILE [--player mcts|paranoid] [--time-ms T] [--depth D] [--multipv N] [--json]",
     "The evaluation features, then an engine-style analysis: one line per time slice (MCTS) or per\n"
     "depth (paranoid) with nodes (MCTS: playouts), nodes/s, the score and the principal line.\n"
     "Score unit: the expected final score of the player to move, in points of 100 (MCTS: the mean\n"
     "playout result; paranoid: the evaluation when all others play against it). --multipv N (MCTS):\n"
     "the N best moves by flat Monte Carlo."},
    {"play", "[--humans red,green] [--cpu mcts|paranoid|random|level:N] [--level N] [--seed S] [--record FILE]\n"
             "       [--no-color]",
     "A game in the terminal; human seats type target squares, 'moves' or 'quit'. --level N: the\n"
     "computer seats play level N (its player and time a move).\n"
     "{levels}"},
    {"match", "--seats mcts,random,random,random,random [--games K] [--time-ms T] [--seed S] [--csv FILE]\n"
     "       [--records DIR] [--sprt-elo0 E0 --sprt-elo1 E1 [--sprt-alpha A] [--sprt-beta B]]",
     "Computer players against each other, seats rotated every game: a line per game on stderr,\n"
     "then per-player win rates and mean scores. A seat may be a level, level:N, which thinks its own\n"
     "time a move whatever --time-ms says (`games play --help` lists them). Ctrl-C or SIGTERM stops\n"
     "it after the move under way: the games played are summed up and in --csv (exit 3).\n"
     "One candidate against four copies of a baseline (--seats c,b,b,b,b in any order): its win rate\n"
     "with a 95% interval and the Elo against each copy that rate means (a candidate E Elo stronger\n"
     "wins r / (r + 4) of the games, r = 10^(E/400): 20% when equal). With --sprt-elo1 the match is a\n"
     "sequential test on its wins (SPRT, H1: Elo E1 against each copy, H0: E0), ended by its verdict\n"
     "or after --games games. Kinds: mcts (UCT 0.4), mcts-wide and mcts-c10 (UCT 0.7, 1.0), paranoid,\n"
     "random."},
    {"replay", "games replay FILE [--step] [--no-color]",
     "Replays a 5RINGS game record: the moves, then the final position and result; --step shows the\n"
     "board after every move (Enter for the next)."},
};

void addOptions(po::options_description& o, const std::string& sub);

// `games SUB`'s command line for 5RINGS: its options, and the words that
// are no option (apply's moves, replay's FILE) as the hidden "words".
cli::Command commandOf(const std::string& sub) {
  cli::Command c = command(kHelp, sub, "rings");
  if (const auto at = c.about.find("{levels}"); at != std::string::npos)
    c.about.replace(at, 8, "Levels (1 weakest; measured in five-player matches, results/games.md):\n" +
                               levelLines<D>().substr(0, levelLines<D>().size() - 1));  // the help ends the paragraph
  addOptions(c.visible, sub);
  c.hidden.add_options()("words", po::value<std::vector<std::string>>()->default_value({}, ""), "");
  c.positional.add("words", -1);
  return c;
}

// Parses `argv`; false when --help was printed. The positional words (with
// the subcommand itself dropped) end up in `words`.
bool parse(const std::string& subcommand, int argc, char** argv, po::variables_map& vm,
           std::vector<std::string>& words) {
  if (!commandOf(subcommand).parse(argc, argv, vm)) return false;
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

// The player `choice` names (game::makeChosenPlayer: a level holds its own
// time a move).
std::unique_ptr<Player> makePlayer(const game::PlayerChoice& choice, uint64_t seed) {
  if (auto p = game::makeChosenPlayer<D>(choice, seed)) return p;
  throw std::logic_error("the registry lists kind '" + choice.kind + "' but makes no such player");
}

game::SearchLimits limitsFrom(const po::variables_map& vm, uint64_t seed) {
  game::SearchLimits limits;
  limits.timeMs = vm["time-ms"].as<int64_t>();
  limits.threads = vm["threads"].as<int>();
  limits.seed = seed;
  if (limits.timeMs <= 0) throw UsageError("--time-ms must be positive");
  if (limits.threads < 1 || limits.threads > 256)
    throw UsageError("--threads must be 1..256 (got " + std::to_string(limits.threads) + ")");
  return limits;
}

void addSearchOptions(po::options_description& options, int64_t defaultMs) {
  options.add_options()                                                                              //
      ("time-ms", po::value<int64_t>()->default_value(defaultMs)->value_name("T"), "thinking time per computer move") //
      ("threads", po::value<int>()->default_value(1)->value_name("N"),
       "MCTS trees searched in parallel (1 is reproducible from the seed)");
}

// Every subcommand's options after --help and --version (also printed by
// `games SUB --help` without --game).
void addOptions(po::options_description& o, const std::string& sub) {
  o.add_options()("game", po::value<std::string>()->value_name("rings"), "the game (rings)");
  if (sub == "moves" || sub == "apply" || sub == "analyze")
    o.add_options()("position", po::value<std::string>()->value_name("FILE"), "position file");
  if (sub == "analyze") {
    o.add_options()                                                                                            //
        ("player", po::value<std::string>()->default_value("mcts")->value_name("mcts|paranoid"), "who searches")  //
        ("seed", po::value<std::string>()->default_value("1")->value_name("S"), "MCTS seed")                          //
        ("depth", po::value<int>()->default_value(0)->value_name("D"), "paranoid: deepest iteration (0: none)")  //
        ("multipv", po::value<int>()->default_value(1)->value_name("N"), "MCTS: show the N best moves")          //
        ("json", "print the analysis as one JSON object");
    addSearchOptions(o, 1000);
  }
  if (sub == "play") {
    o.add_options()  //
        ("humans", po::value<std::string>()->default_value("")->value_name("red,green"),
         "colours played by humans (blue black red yellow green, or B K R Y G); the computer plays the rest")  //
        ("cpu", po::value<std::string>()->default_value("mcts")->value_name("mcts|paranoid|random|level:N"),
         "computer player (a level sets its own time a move)")  //
        ("level", po::value<int>()->value_name("N"),
         ("the computer seats play level N, 1.." + std::to_string(std::size(D::kLevels)) + " (listed above)").c_str())  //
        ("seed", po::value<std::string>()->default_value("1")->value_name("S"), "draws the playing order; seeds the computer");
    addRecordOptions(o);
    addColourOption(o);
    addSearchOptions(o, 1000);
  }
  if (sub == "match") {
    o.add_options()  //
        ("seats", po::value<std::string>()->value_name("a,b,c,d,e"),
         "five players from mcts, paranoid, random, level:N; entry i plays colour (i + game) mod 5")  //
        ("games", po::value<int>()->default_value(10)->value_name("K"), "games to play")    //
        ("seed", po::value<std::string>()->default_value("1")->value_name("S"),
         "game g draws its playing order from S + g; players are seeded from S")  //
        ("sprt-elo0", po::value<double>()->value_name("E0"),
         "SPRT of one candidate against four copies of a baseline: its Elo against each copy under H0 (default 0)")  //
        ("sprt-elo1", po::value<double>()->value_name("E1"), "the same under H1 (turns the test on)");
    addSprtRiskOptions(o);
    addMatchOptions(o);
    addSearchOptions(o, 100);
  }
  if (sub == "replay") {
    o.add_options()("step", "show the board after every move, waiting for Enter");
    addColourOption(o);
  }
}

// ------------------------------------------------------------ text output

std::string colourName(int p) { return std::string(rings::kColourNames[p]); }

// ANSI: a ring is its letter on its colour, a trail a dot in its colour.
// Black is drawn grey so it shows on dark terminals.
const rings::Palette kColours{{"\033[1;97;44m", "\033[1;97;100m", "\033[1;97;41m", "\033[1;30;43m", "\033[1;30;42m"},
                              {"\033[1;34m", "\033[1;90m", "\033[1;31m", "\033[1;33m", "\033[1;32m"},
                              "\033[0m"};

std::string positionPath(const po::variables_map& vm) {
  if (!vm.count("position")) throw UsageError("--position FILE is required");
  return vm["position"].as<std::string>();
}

// The board as rings::drawBoard draws it, in colour when asked.
std::string drawn(const State& s, bool colour, int last) { return rings::drawBoard(s, last, colour ? &kColours : nullptr); }

std::string resultLine(const State& s) { return "result: " + s.resultText(); }

}  // namespace

// ------------------------------------------------------------ Cli<Rings>: position, moves, replay

template <>
State Cli<D>::load(const std::string& path) {
  const std::string text = readFile(path);
  try {
    return rings::parsePosition(text);
  } catch (const rings::PositionError& e) {
    throw rings::PositionError(e.line(), e.reason(), path);
  }
}

template <>
std::string Cli<D>::positionText(const State& s) { return rings::formatPosition(s); }

template <>
std::string Cli<D>::moveError(const State& s, const std::string& name, int) {
  if (s.isTerminal()) return "move " + name + ": the game is already over";
  const auto move = s.parseMove(name);
  if (!move) return "'" + name + "' is not a square (A1 .. J10)";
  if (!s.isLegal(*move))
    return s.moveName(*move) + " is not legal for " + colourName(s.currentPlayer()) + "; legal: " + moveList(s);
  return "";
}

template <>
std::string Cli<D>::mover(const State& s) { return s.playerName(s.currentPlayer()); }
template <>
int Cli<D>::cellOf(Move m) { return m.to; }

template <>
std::string Cli<D>::replayTitle(const records::Record&, const State& start) {
  std::string out = "5RINGS, order";
  for (uint8_t p : start.order()) out += ' ' + colourName(p);
  return out;
}

template <>
std::string Cli<D>::drawStart(const State&, bool) { return ""; }
template <>
std::string Cli<D>::drawStep(const State& s, bool colour, int last) { return drawn(s, colour, last); }
template <>
std::string Cli<D>::drawFinal(const State& s, bool colour, int last) { return drawn(s, colour, last); }
template <>
std::string Cli<D>::finalResult(const State& s) { return resultLine(s) + "\n"; }

// ------------------------------------------------------------ Cli<Rings>: play

template <>
std::string Cli<D>::playIntro(const State& s, const std::vector<std::string>& names) {
  std::string out = "5RINGS. Playing order:";
  for (uint8_t p : s.order()) {
    out += ' ';
    out += colourName(p);
    if (names[p] == "human") out += " (you)";
  }
  return out + "\nType a target square (e.g. E5), 'moves' for the legal ones, 'quit' to stop.\n";
}

template <>
HumanPrompt Cli<D>::prompt(const State& s) {
  return {colourName(s.currentPlayer()) + (s.placementPhase() ? " places" : " moves") + "> ", true,
          {"moves", "?", "help"}, [&s] { std::cout << "legal: " << moveList(s) << "\n"; }, true};
}

template <>
std::string Cli<D>::typedProblem(const State& s, const std::string& word) { return moveError(s, word, 0); }

template <>
std::string Cli<D>::computerMove(const State& s, const std::string& name, const game::SearchResult<Move>& r) {
  return colourName(s.currentPlayer()) + " (" + name + ") " + (s.placementPhase() ? "places on " : "jumps to ") +
         s.moveName(r.move) + "\n";
}

template <>
std::string Cli<D>::afterMove(const State& before, const State& after) {
  std::string out;
  for (int q = 0; q < kPlayers; ++q)
    if (after.eliminated(q) && !before.eliminated(q)) {
      out += "  ";
      out += colourName(q);
      out += " has no move and is out\n";
    }
  return out;
}

namespace {

// ------------------------------------------------------------ analyze

// Each player's evaluation features and estimated final score.
void printFeatures(const State& s) {
  const auto f = rings::analyse(s);
  const auto est = rings::estimate(s);
  std::cout << "\nplayer  held  mobility  reach  territory  estimate\n";
  for (uint8_t p : s.order())
    std::cout << std::left << std::setw(7) << colourName(p) << std::right << std::setw(5) << f.held[p] << std::setw(10)
              << f.mobility[p] << std::setw(7) << f.reach[p] << std::setw(11) << f.territory[p] << std::setw(10)
              << std::fixed << std::setprecision(2) << est[p] * 100 << (s.eliminated(p) ? "  (out)" : "") << "\n";
}

int cmdAnalyze(const po::variables_map& vm) {
  const std::string kind = vm["player"].as<std::string>();
  if (kind != "mcts" && kind != "paranoid") throw UsageError("--player must be mcts or paranoid");
  const int multipv = vm["multipv"].as<int>();
  if (multipv < 1) throw UsageError("--multipv must be at least 1");
  if (multipv > 1 && kind != "mcts") throw UsageError("--multipv needs --player mcts (paranoid values are one player's)");
  auto limits = limitsFrom(vm, wholeOption(vm, "seed"));
  limits.depth = vm["depth"].as<int>();
  if (limits.depth < 0) throw UsageError("--depth must not be negative");
  const bool json = vm.count("json");
  const State s = Cli<D>::load(positionPath(vm));
  const std::string unit(D::scoreUnit(kind));
  if (!json) {
    std::cout << rings::drawBoard(s);
    printFeatures(s);
  }
  if (s.isTerminal()) {
    if (json)
      std::cout << cli::Json(cli::Json::Compact).add("game", "5RINGS").add("game_over", true).add("result", s.resultText()).str()
                << '\n';
    else
      std::cout << resultLine(s) << "\n";
    return 0;
  }
  if (!json) std::cout << "\n" << colourName(s.currentPlayer()) << " to move, " << kind << "\nscore: " << unit << "\n";
  const auto out = runAnalysis<D>(kind, s, limits, multipv, json);
  if (out.last.lines.empty()) throw UsageError("the limits allow no complete iteration; give more --time-ms");
  const std::string best = s.moveName(out.last.lines.front().pv[0]);
  if (json)
    std::cout << cli::Json(cli::Json::Compact)
                     .add("game", "5RINGS")
                     .add("to_move", colourName(s.currentPlayer()))
                     .add("player", kind)
                     .add("score_unit", unit)
                     .raw("iterations", "[" + out.iterations + "]")
                     .add("best_move", best)
                     .str()
              << '\n';
  else
    std::cout << "best move: " << best << "\nscore: " << D::score(kind, out.last.lines.front()).text << " (" << unit << ")\n";
  return 0;
}

// ------------------------------------------------------------ play

// The colours --humans names (each once).
std::array<bool, kPlayers> humansOf(const po::variables_map& vm) {
  std::array<bool, kPlayers> human{};
  const auto names = splitList(vm["humans"].as<std::string>());
  if (names.empty() && !vm["humans"].defaulted())
    throw UsageError("--humans names no colour (blue black red yellow green); leave it out for computers only");
  for (const auto& name : names) {
    const int p = rings::colourFromName(name);
    if (p < 0) throw UsageError("--humans: '" + name + "' is not a colour (blue black red yellow green)");
    if (human[p]) throw UsageError("--humans names " + colourName(p) + " twice");
    human[p] = true;
  }
  return human;
}

int cmdPlay(const po::variables_map& vm) {
  const uint64_t seed = wholeOption(vm, "seed");
  const auto limits = limitsFrom(vm, seed);
  const auto human = humansOf(vm);
  std::string kind = vm["cpu"].as<std::string>();
  if (vm.count("level")) {  // --level N is --cpu level:N, said at the start
    const int level = vm["level"].as<int>(), levels = int(std::size(D::kLevels));
    if (level < 1 || level > levels)
      throw UsageError("--level must be 1.." + std::to_string(levels) + " (got " + std::to_string(level) + ")");
    if (!vm["cpu"].defaulted()) throw UsageError("--level chooses the computer player; leave out --cpu");
    if (!vm["time-ms"].defaulted()) throw UsageError("--level sets the time per move; leave out --time-ms");
    kind = "level:" + std::to_string(level);
    const game::Level& l = D::kLevels[level - 1];
    std::cout << "level " << level << ": " << l.kind << ", " << l.timeMs << " ms a move (" << l.strength << ")\n";
  }
  const game::PlayerChoice choice = playerChoice<D>(vm.count("level") ? "--level" : "--cpu", kind);
  if (choice.level && vm.count("level") == 0 && !vm["time-ms"].defaulted())
    throw UsageError("--cpu " + kind + " sets its own time a move; leave out --time-ms");
  std::vector<std::unique_ptr<Player>> players(kPlayers);
  std::vector<std::string> names;
  for (int p = 0; p < kPlayers; ++p) {
    if (!human[p]) players[p] = makePlayer(choice, seed * kPlayers + p);
    names.push_back(human[p] ? "human" : kind);
  }
  return runPlay<D>(State::newGame(seed), names, players, limits, vm);
}

// ------------------------------------------------------------ match

// The match's summary: per entry, then per kind of player when one kind
// holds several seats.
void printMatch(const game::SeatTable<kPlayers>& table, const std::vector<std::string>& seats, int games) {
  for (int i = 0; i < kPlayers; ++i)
    std::cout << std::setw(5) << i + 1 << "  " << std::left << std::setw(9) << seats[i] << std::right << std::setw(6)
              << table.wins(i) << std::setw(9) << std::setprecision(1) << 100.0 * table.wins(i) / games << "%"
              << std::setw(12) << std::setprecision(2) << table.meanPoints(i) << "\n";
  const auto byKind = table.byKind(seats);
  if (byKind.size() < static_cast<size_t>(kPlayers)) {
    std::cout << "per player kind (per seat):\n";
    for (const auto& [kind, k] : byKind)
      std::cout << "  " << std::left << std::setw(9) << kind << std::right << " seats " << k.entries << "  wins "
                << k.wins << "  win rate " << std::setprecision(1) << 100.0 * k.wins / (games * k.entries)
                << "%  mean score " << std::setprecision(2) << k.points / (games * k.entries) << "\n";
  }
}

// The five entries of --seats.
std::vector<std::string> seatsOf(const po::variables_map& vm) {
  if (!vm.count("seats")) throw UsageError("--seats needs five players, e.g. mcts,random,random,random,random");
  const auto seats = splitList(vm["seats"].as<std::string>());
  if (seats.size() != static_cast<size_t>(kPlayers)) throw UsageError("--seats needs exactly five players");
  return seats;
}

// Each seat's player as --seats names it (a kind or level:N); UsageError
// for a name that is neither.
std::vector<game::PlayerChoice> choicesOf(const std::vector<std::string>& seats) {
  std::vector<game::PlayerChoice> out;
  for (const auto& seat : seats) out.push_back(playerChoice<D>("--seats", seat));
  return out;
}

// A 5RINGS match: the seats' players and what the games gave.
struct RingsMatch {
  std::vector<std::string> seats;
  std::vector<std::unique_ptr<Player>> players;
  game::SearchLimits limits;
  uint64_t seed = 1;
  game::SeatTable<kPlayers> table;

  // Game g (from 0), told to `output`; false when a stop signal ended it
  // (not counted).
  bool play(int g, int games, MatchOutput& output) {
    auto entryOf = [g](int colour) { return game::SeatTable<kPlayers>::entryOf(colour, g); };
    std::vector<std::string> names;
    for (int c = 0; c < kPlayers; ++c) names.push_back(seats[entryOf(c)]);
    records::Record record = newRecord<D>(State::newGame(seed + g), seed + g, names);
    for (auto& pl : players) pl->newGame();
    const std::optional<State> s =
        playUnlessStopped(State::newGame(seed + g), [&](int c) { return players[entryOf(c)].get(); }, limits,
                          [&](const State& at, Move m) { record.moves.push_back(at.moveName(m)); });
    if (!s) return false;
    const auto sc = s->scores();
    table.add(g, s->winner(), sc);
    std::array<int, kPlayers> entryScore{};
    for (int c = 0; c < kPlayers; ++c) entryScore[entryOf(c)] = sc[c];
    std::string order;
    for (uint8_t p : s->order()) order += rings::kColourChars[p];
    const int winner = entryOf(s->winner());
    std::ostringstream csv;
    csv << g + 1 << ',' << seed + g << ',' << order << ',' << winner + 1 << ',' << seats[winner] << ','
        << colourName(s->winner());
    for (int x : entryScore) csv << ',' << x;
    csv << '\n';
    output.game(g + 1, record,
                "game " + std::to_string(g + 1) + "/" + std::to_string(games) + ": winner " + seats[winner] +
                    " (entry " + std::to_string(winner + 1) + ", " + colourName(s->winner()) + ") with " +
                    std::to_string(sc[s->winner()]) + " points",
                csv.str());
    return true;
  }
};

// The candidate of a field (one seat's kind alone, the four others one
// kind), or -1 when the seats are no such field.
int fieldCandidate(const std::vector<std::string>& seats) {
  for (int c = 0; c < kPlayers; ++c) {
    const std::string& other = seats[(c + 1) % kPlayers];
    bool field = other != seats[c];
    for (int i = 0; i < kPlayers && field; ++i)
      if (i != c && seats[i] != other) field = false;
    if (field) return c;
  }
  return -1;
}

// The field's lines under the summary: the candidate's wins, win rate and
// Elo against each copy (intervals 95%), then the SPRT's LLR and verdict.
void printField(const std::vector<std::string>& seats, int candidate, const game::FieldScore& f,
                const game::sprt::FieldTest* t, int games) {
  namespace sprt = game::sprt;
  const std::string& base = seats[(candidate + 1) % kPlayers];
  const auto [low, high] = f.rateInterval();
  auto elo = [](double share) {
    const double e = sprt::fieldEloOf(share, kPlayers);
    return std::isinf(e) ? std::string(e > 0 ? "+inf" : "-inf") : (e >= 0 ? "+" : "") + game::analysis::number(e, 0);
  };
  std::cout << std::fixed << std::setprecision(1) << "candidate " << seats[candidate] << " against four " << base
            << ": " << f.wins << " wins in " << f.games << " games, win rate " << 100.0 * f.rate() << "% (" << 100.0 * low
            << " .. " << 100.0 * high << "; 20.0 when equal), Elo against each " << elo(f.rate()) << " (" << elo(low)
            << " .. " << elo(high) << ")\n";
  if (!t) return;
  const auto& o = t->options();
  std::cout << std::setprecision(2) << "SPRT: elo0 " << game::analysis::number(o.elo0, 1) << ", elo1 "
            << game::analysis::number(o.elo1, 1) << " (win rates " << 100.0 * sprt::fieldWinShare(o.elo0, kPlayers)
            << "% and " << 100.0 * sprt::fieldWinShare(o.elo1, kPlayers) << "%), alpha " << o.alpha << ", beta "
            << o.beta << "\nLLR " << t->llr() << " (bounds " << t->limits().lower << " .. " << t->limits().upper
            << ")\n";
  if (t->verdict() == sprt::Verdict::H1)
    std::cout << "SPRT verdict: H1 accepted: " << seats[candidate] << " is stronger than " << base << " by "
              << game::analysis::number(o.elo1, 1) << " Elo rather than " << game::analysis::number(o.elo0, 1)
              << " after " << f.games << " games\n";
  else if (t->verdict() == sprt::Verdict::H0)
    std::cout << "SPRT verdict: H0 accepted: " << seats[candidate] << " is not stronger than " << base << " by "
              << game::analysis::number(o.elo1, 1) << " Elo after " << f.games << " games\n";
  else
    std::cout << "SPRT verdict: none after " << f.games << " of at most " << games
              << " games (neither bound crossed; more games would decide)\n";
}

// `games match`: the games one after another (the CSV streamed, memory
// bounded), until the last or a stop signal (SIGINT/SIGTERM: the games
// played so far are the CSV and the summary, exit 3).
int cmdMatch(const po::variables_map& vm) {
  RingsMatch m;
  m.seats = seatsOf(vm);
  const auto choices = choicesOf(m.seats);
  const int games = vm["games"].as<int>();
  if (games < 1) throw UsageError("--games must be at least 1");
  m.seed = wholeOption(vm, "seed");
  m.limits = limitsFrom(vm, m.seed);
  int levelSeats = 0;
  for (const auto& c : choices) levelSeats += c.level ? 1 : 0;
  // Five levels think their own times: a --time-ms given as well would
  // change nothing, so it is refused rather than silently ignored.
  if (levelSeats == kPlayers && !vm["time-ms"].defaulted())
    throw UsageError("every seat is a level, which sets its own time a move; leave out --time-ms");
  for (int i = 0; i < kPlayers; ++i) m.players.push_back(makePlayer(choices[i], m.seed * kPlayers + i));
  const int candidate = fieldCandidate(m.seats);
  const auto sprtOptions = sprtFrom(vm);
  if (sprtOptions && candidate < 0)
    throw UsageError("--sprt-elo1 tests one candidate against four copies of a baseline: --seats c,b,b,b,b");
  std::optional<game::sprt::FieldTest> sprt;
  if (sprtOptions) sprt.emplace(*sprtOptions, kPlayers);
  game::FieldScore field;
  MatchOutput output(vm, games,
                     "game,seed,order,winner_entry,winner_player,winner_colour,score_1,score_2,score_3,score_4,score_5\n");
  const auto start = std::chrono::steady_clock::now();
  cli::catchStopSignals();
  MatchEnd end;
  while (end.played < games && !cli::stopRequested() && m.play(end.played, games, output)) {
    ++end.played;
    if (candidate < 0) continue;
    const bool won = m.table.wins(candidate) > field.wins;
    field.wins += won, ++field.games;
    if (sprt) {
      sprt->add(won);
      if (sprt->verdict() != game::sprt::Verdict::Continue) break;
    }
  }
  end.stopped = end.played < games && !(sprt && sprt->verdict() != game::sprt::Verdict::Continue);
  output.finish(end);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "5RINGS match: " << end.played << " games, ";
  if (levelSeats < kPlayers) std::cout << m.limits.timeMs << " ms per move" << (levelSeats ? " (levels: their own), " : ", ");
  else std::cout << "each level its own time per move, ";
  std::cout << "seed " << m.seed << ", " << std::fixed << std::setprecision(0) << seconds << " s\n";
  for (int i = 0; i < kPlayers; ++i)
    if (choices[i].level) std::cout << "entry " << i + 1 << ": " << choices[i].describe() << "\n";
  if (end.played == 0)
    std::cout << "no game finished\n";
  else {
    std::cout << "entry  player     wins  win rate  mean score\n";
    printMatch(m.table, m.seats, end.played);
    if (candidate >= 0) printField(m.seats, candidate, field, sprt ? &*sprt : nullptr, games);
  }
  return matchExit(end, games);
}

int dispatch(const std::string& sub, const po::variables_map& vm, const std::vector<std::string>& words) {
  if (sub == "apply") return cmdApply<D>(Cli<D>::load(positionPath(vm)), words);
  if (sub == "replay") {
    if (words.size() != 1) throw UsageError("replay needs one record FILE");
    const records::Record r = loadRecord(words.front());
    if (r.game != D::kRecord) throw DataError(words.front() + ": not a 5RINGS record");
    return cmdReplay<D>(r, colourWanted(vm), vm.count("step") > 0);
  }
  noWords(words);
  if (sub == "moves") return cmdMoves<D>(Cli<D>::load(positionPath(vm)));
  if (sub == "analyze") return cmdAnalyze(vm);
  if (sub == "play") return cmdPlay(vm);
  if (sub == "match") return cmdMatch(vm);
  throw UsageError("rings has no subcommand '" + sub + "' (moves, apply, analyze, play, match, replay)");
}

}  // namespace

// ------------------------------------------------------------ Cli<Rings>: the command line

template <>
std::string Cli<D>::helpSection(const std::string& sub) {
  cli::Command c = commandOf(sub);
  c.files = c.exits = "";
  return "--game rings (5RINGS):\n" + c.help();
}

template <>
int Cli<D>::run(const std::string& sub, int argc, char** argv) {
  return cli::guarded("games", sub, [&] {
    po::variables_map vm;
    std::vector<std::string> words;
    if (!parse(sub, argc, argv, vm, words)) return 0;
    return dispatch(sub, vm, words);
  }, kStyle);
}

}  // namespace gamescli

int runRings(const std::string& subcommand, int argc, char** argv) {
  return gamescli::Cli<games::Rings>::run(subcommand, argc, argv);
}
