// `games` for JC Shock and JC Attract (placement.h: Cli<D>): the options, the board
// drawer, the CLI's words for a bad move, and `analyze`, `play` and `match`
// as the two-player games take them. Written once as a template over the
// registry's descriptor; the game only brings its state and evaluation.
#include "placement.h"

#include <boost/program_options.hpp>

#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "common/json.h"
#include "common/signals.h"
#include "common/terminal.h"
#include "game/match.h"
#include "game/sprt.h"
#include "placement/position_file.h"

namespace po = boost::program_options;
using namespace placement;

namespace gamescli {
namespace {

// Both placement games offer the same computer players, and five levels
// each (game/level.h: "level:N" names one wherever a player is named).
const std::string kPlayers = game::joined(games::Shock::kInfo.playerKinds) + ", or level:N (1.." +
                             std::to_string(games::Shock::kLevels.size()) + ")";

// ------------------------------------------------------------------ options

// Each subcommand's usage and description (common.h: HelpRow).
constexpr HelpRow kHelp[] = {
    {"moves", "--position FILE",
     "Lists the legal moves of the player to move."},
    {"apply", "--position FILE MOVE...",
     "Plays the moves (squares like D4) from the position and prints the new position and its result:\n"
     "a position file again (`games moves --position` reads it back)."},
    {"analyze", "--position FILE [--player alphabeta|mcts] [--time-ms T] [--depth D] [--multipv N] [--json]",
     "Analyses the position like an engine: one line per depth (alpha-beta) or per time slice (MCTS)\n"
     "with nodes, nodes/s, the score and the principal line, then the best move. Score units:\n"
     "alpha-beta: the evaluation for the player to move (heuristic units, + is better) or a proven\n"
     "win/loss in N plies; MCTS: 2 x mean playout return - 1, in [-1, 1], for the player to move."},
    {"play", "[--size N] [--white P] [--black P] [--level N] [--record FILE] [--no-color]",
     "Plays a game in the terminal. P: human, {players}.\n"
     "Type a square like D4, 'moves' or 'quit'. The last move is marked (upper case), pieces left to\n"
     "place are shown, and the result is explained. --level N: the computer side(s) play level N.\n"
     "{levels}"},
    {"match", "--a P1 --b P2 [--games K] [--size N] [--time-ms T] [--csv FILE] [--records DIR]\n"
              "       [--sprt-elo0 E0 --sprt-elo1 E1 [--sprt-alpha A] [--sprt-beta B]]",
     "A match between two computer players, colours alternating (A white first): a line per game on\n"
     "stderr, then wins, draws, losses and an Elo difference with its 95% interval. P1, P2:\n"
     "{players}. A level thinks its own time a move whatever --time-ms says: --a level:4\n"
     "--b level:3 measures one level against the one below (the levels: `games play --help`).\n"
     "Ctrl-C or SIGTERM stops it after the move under way: the games played are summed up and in\n"
     "--csv (exit 3).\n"
     "With --sprt-elo1 the match is a sequential test (SPRT, as fishtest runs it): after every pair of\n"
     "games (one with each colour) the log-likelihood ratio of \"a - b = E1 Elo\" against \"a - b = E0\"\n"
     "(GSPRT, pentanomial) is compared with Wald's bounds ln(B/(1-A)) and ln((1-B)/A); the match stops\n"
     "as soon as one is crossed (H1: a is better by E1; H0: it is not), at the latest after --games."},
    {"replay", "games replay FILE [--step] [--no-color]",
     "Replays a game record (any game: docs/formats/game-record.md): the moves, then the final\n"
     "position and result; --step shows the board after every move (Enter for the next)."},
};


void addLimits(po::options_description& d, int64_t defaultMs) {
  d.add_options()("time-ms", po::value<int64_t>()->default_value(defaultMs), "time per move in milliseconds (0: none)")(
      "depth", po::value<int>()->default_value(0), "alpha-beta: deepest iteration in plies (0: none)")(
      "nodes", po::value<std::string>()->default_value("0"), "alpha-beta: node budget (0: none)")(
      "playouts", po::value<std::string>()->default_value("0"), "MCTS: playout budget (0: none)")(
      "threads", po::value<int>()->default_value(1), "MCTS: threads (root parallel; 1 is reproducible)")(
      "seed", po::value<std::string>()->default_value("1"), "seed for MCTS and random players");
}

// The play row's list of levels, game by game (each has its own measured
// strengths; the same kinds and times).
std::string levelHelp() {
  const std::string text = "Levels (1 weakest; measured on 8x8, results/games.md):\nJC Shock:\n" +
                           levelLines<games::Shock>() + "JC Attract:\n" + levelLines<games::Attract>();
  return text.substr(0, text.size() - 1);  // the help adds the paragraph's end
}

// Each subcommand's options after --help and --version.
void addOptions(po::options_description& d, const std::string& sub) {
  if (sub != "replay") d.add_options()("game", po::value<std::string>()->required(), "shock or attract");
  if (sub == "moves" || sub == "apply" || sub == "analyze")
    d.add_options()("position", po::value<std::string>()->required()->value_name("FILE"), "position file");
  if (sub == "apply") d.add_options()("move", po::value<std::vector<std::string>>(), "moves to play, as squares (also positional)");
  if (sub == "analyze") {
    d.add_options()("player", po::value<std::string>()->default_value("alphabeta"), "alphabeta, mcts or mcts-light")(
        "multipv", po::value<int>()->default_value(1)->value_name("N"), "show the N best moves")(
        "json", "print the analysis as one JSON object");
    addLimits(d, 1000);
  }
  if (sub == "play" || sub == "match")
    d.add_options()("size", po::value<int>()->default_value(8)->value_name("N"), "board size N (N x N)");
  if (sub == "play") {
    d.add_options()("level", po::value<int>()->value_name("N"),
                    ("the computer side(s) play level N, 1.." + std::to_string(games::Shock::kLevels.size()) +
                     " (listed above; sets the player and the time a move)")
                        .c_str())("white", po::value<std::string>()->default_value("human"), ("human, " + kPlayers).c_str())(
        "black", po::value<std::string>()->default_value("alphabeta"), ("human, " + kPlayers).c_str());
    addRecordOptions(d);
    addColourOption(d);
    addLimits(d, 500);
  }
  if (sub == "match") {
    d.add_options()("a", po::value<std::string>()->required(), ("player A: " + kPlayers).c_str())(
        "b", po::value<std::string>()->required(), "player B, as A")(
        "games", po::value<int>()->default_value(10)->value_name("K"),
        "number of games (colours alternate, A white first); with SPRT the most")(
        "sprt-elo0", po::value<double>()->value_name("E0"), "SPRT: Elo a - b under H0 (default 0)")(
        "sprt-elo1", po::value<double>()->value_name("E1"), "SPRT: Elo a - b under H1 (turns the test on)");
    addSprtRiskOptions(d);
    addMatchOptions(d);
    addLimits(d, 20);
  }
  if (sub == "replay") {
    d.add_options()("record", po::value<std::string>()->required()->value_name("FILE"), "the record (also positional)")(
        "step", "show the board after every move, waiting for Enter");
    addColourOption(d);
  }
}

// `games SUB`'s command line for JC Shock and JC Attract. The play row names
// the registry's computer players. Long options may be abbreviated here
// ("--ga attract"), as they always could be for these two games.
cli::Command commandOf(const std::string& sub) {
  cli::Command c = command(kHelp, sub, "shock|attract");
  for (auto at = c.about.find("{players}"); at != std::string::npos; at = c.about.find("{players}"))
    c.about.replace(at, 9, kPlayers);
  if (const auto at = c.about.find("{levels}"); at != std::string::npos) c.about.replace(at, 8, levelHelp());
  c.style.abbreviations = true;
  addOptions(c.visible, sub);
  if (sub == "apply") c.positional.add("move", -1);
  if (sub == "replay") c.positional.add("record", 1);
  return c;
}

game::SearchLimits limitsFrom(const po::variables_map& vm) {
  game::SearchLimits l;
  l.timeMs = vm["time-ms"].as<int64_t>();
  l.depth = vm["depth"].as<int>();
  // Whole numbers read as text: "-1" is refused, not read as 2^64-1.
  l.nodes = wholeOption(vm, "nodes");
  l.playouts = wholeOption(vm, "playouts");
  l.threads = vm["threads"].as<int>();
  l.seed = wholeOption(vm, "seed");
  // 0 is "no budget", the default: given, it would silently fall back to
  // the other limits (the time), not what a budget of 0 seems to ask.
  for (const char* budget : {"nodes", "playouts"})
    if (!vm[budget].defaulted() && wholeOption(vm, budget) == 0)
      throw UsageError(std::string("--") + budget + " 0 sets no budget (the default); give at least 1, or leave it out");
  if (l.threads < 1 || l.threads > 256) throw UsageError("--threads must be 1..256 (got " + std::to_string(l.threads) + ")");
  if (l.timeMs < 0) throw UsageError("--time-ms must not be negative");
  if (l.depth < 0) throw UsageError("--depth must not be negative");
  if (!l.timeMs && !l.depth && !l.nodes && !l.playouts)
    throw UsageError("give at least one limit (--time-ms, --depth, --nodes or --playouts)");
  return l;
}

// ------------------------------------------------------------------ helpers

// The player `choice` names (game::makeChosenPlayer: a level holds its own
// time a move).
template <class D>
std::unique_ptr<game::Player<typename D::State>> makePlayer(const game::PlayerChoice& choice, uint64_t seed) {
  if (auto p = game::makeChosenPlayer<D>(choice, seed)) return p;
  throw std::logic_error("the registry lists kind '" + choice.kind + "' but makes no such player");
}

// The board as `play` draws it (placement::drawBoard), in colour: white o,
// black x (red), the last move's piece reversed, labels and dots dimmed.
std::string drawPlacement(const Board& b, bool colour, int last) {
  static const Palette kColours{{"\033[1;97m", "\033[1;91m"}, "\033[7m", "\033[2m", "\033[2m", "\033[0m"};
  return drawBoard(b, last, colour ? kColours : Palette{});
}

// The status under the board: the last move and the pieces left to place.
template <class S>
std::string statusLine(const S& s, int last) {
  std::string out;
  if (last >= 0) out += "last move: " + std::string(1, pieceChar(opponent(s.toMove()))) + " " + squareName(last) + "; ";
  const int cap = s.piecesPerPlayer();
  out += "pieces left: white (o) " + std::to_string(cap - s.board().count(Colour::White)) + ", black (x) " +
         std::to_string(cap - s.board().count(Colour::Black)) + "\n";
  return out;
}

// ------------------------------------------------------------------ analyze

template <class D>
int cmdAnalyze(const po::variables_map& vm) {
  const auto s = Cli<D>::load(vm["position"].as<std::string>());
  const bool json = vm.count("json");
  const std::string name = vm["player"].as<std::string>(), title(D::kInfo.title);
  const int multipv = vm["multipv"].as<int>();
  if (multipv < 1) throw UsageError("--multipv must be at least 1");
  if (name != "alphabeta" && name != "mcts" && name != "mcts-light")
    throw UsageError("analyze needs alphabeta, mcts or mcts-light, not '" + name + "'");
  const game::SearchLimits limits = limitsFrom(vm);
  const std::string unit(D::scoreUnit(name));
  const std::string result(outcomeText(s.outcome()));
  if (s.isTerminal()) {
    if (json)
      std::cout << cli::Json(cli::Json::Compact).add("game", title).add("game_over", true).add("result", result).str()
                << '\n';
    else
      std::cout << "game over: " << result << '\n';
    return 0;
  }
  if (!json)
    std::cout << title << ' ' << s.size() << 'x' << s.size() << ", " << s.playerName(s.currentPlayer()) << " ("
              << pieceChar(s.toMove()) << ") to move, " << name << "\nscore: " << unit << '\n';
  const auto out = runAnalysis<D>(name, s, limits, multipv, json);
  if (out.last.lines.empty()) throw UsageError("the limits allow no complete iteration; give more --time-ms or --nodes");
  const auto& best = out.last.lines.front();
  if (json)
    std::cout << cli::Json(cli::Json::Compact)
                     .add("game", title)
                     .add("size", s.size())
                     .add("to_move", std::string(1, pieceChar(s.toMove())))
                     .add("player", name)
                     .add("score_unit", unit)
                     .raw("iterations", "[" + out.iterations + "]")
                     .add("best_move", s.moveName(best.pv[0]))
                     .str()
              << '\n';
  else
    std::cout << "best move: " << s.moveName(best.pv[0]) << "\nscore: " << D::score(name, best).text
              << "\nproof: " << game::proofText(best.proof, best.proofPlies) << '\n';
  return 0;
}

// ------------------------------------------------------------------ play

// Why `text` is not a legal move in `s` ("" when it is), as the CLI words
// it: the engine's reason, with the board's squares when it names none.
template <class S>
std::string moveProblem(const S& s, const std::string& text) {
  if (s.isTerminal()) return s.whyIllegal(typename S::Move{});
  const auto move = s.parseMove(text);
  if (!move) {
    const std::string n = std::to_string(s.size());
    return "'" + text + "' is not a square of the " + n + "x" + n + " board (A1.." + char('A' + s.size() - 1) + n + ")";
  }
  const std::string why = s.whyIllegal(*move);
  return why.empty() ? "" : "square " + why;
}

// The empty board of --size N; UsageError when the game has no such board.
template <class S>
S boardOfSize(const po::variables_map& vm) {
  const int n = vm["size"].as<int>();
  try {
    return S(n);
  } catch (const std::invalid_argument& e) {
    throw UsageError("--size " + std::to_string(n) + ": " + e.what());
  }
}

template <class D>
int cmdPlay(const po::variables_map& vm) {
  using S = typename D::State;
  const S s = boardOfSize<S>(vm);
  game::SearchLimits limits = limitsFrom(vm);
  std::vector<std::string> names = {vm["white"].as<std::string>(), vm["black"].as<std::string>()};
  const char* option[2] = {"--white", "--black"};
  if (vm.count("level")) {  // the computer side(s) play the level's player and time
    const int level = vm["level"].as<int>(), levels = int(std::size(D::kLevels));
    if (level < 1 || level > levels)
      throw UsageError("--level must be 1.." + std::to_string(levels) + " (got " + std::to_string(level) + ")");
    if (!vm["time-ms"].defaulted()) throw UsageError("--level sets the time per move; leave out --time-ms");
    const game::Level& l = D::kLevels[level - 1];
    limits.timeMs = l.timeMs;
    for (auto& name : names)
      if (name != "human") name = "level:" + std::to_string(level);
    std::cout << "level " << level << ": " << l.kind << ", " << l.timeMs << " ms a move (" << l.strength << ")\n";
  }
  std::vector<std::unique_ptr<game::Player<S>>> players(2);
  int computers = 0, levels = 0;
  for (int c = 0; c < 2; ++c)
    if (names[c] != "human") {
      const game::PlayerChoice choice = playerChoice<D>(option[c], names[c]);
      ++computers;
      levels += choice.level ? 1 : 0;
      players[c] = makePlayer<D>(choice, limits.seed + uint64_t(c));
    }
  // As `match` does: levels think their own times, so a --time-ms given as
  // well would change nothing; refused rather than silently ignored.
  if (computers > 0 && levels == computers && !vm.count("level") && !vm["time-ms"].defaulted())
    throw UsageError("every computer side is a level, which sets its own time a move; leave out --time-ms");
  return runPlay<D>(s, names, players, limits, vm);
}

// ------------------------------------------------------------------ match

std::string eloText(double x) {
  std::ostringstream o;
  if (std::isinf(x))
    o << (x > 0 ? "+inf" : "-inf");
  else
    o << std::showpos << std::fixed << std::setprecision(0) << x;
  return o.str();
}

// The match's summary: A's wins, draws and losses, and the Elo difference.
void printMatch(std::string_view title, int n, int games, const std::string& nameA, const std::string& nameB,
                const game::MatchScore& score) {
  const game::EloEstimate elo = score.elo();
  std::cout << title << ' ' << n << 'x' << n << ", " << games << " games, a = " << nameA << ", b = " << nameB << '\n';
  if (games == 0) {  // stopped before the first game ended
    std::cout << "no game finished\n";
    return;
  }
  std::cout << "a: " << score.wins << " wins, " << score.draws << " draws, " << score.losses << " losses (score "
            << std::fixed << std::setprecision(1) << 100.0 * score.score() << "%)\n"
            << "Elo a - b: " << eloText(elo.elo) << " (95% interval " << eloText(elo.low) << " .. "
            << eloText(elo.high) << ")\n";
}

// A two-player match: the players, the schedule and what the games gave.
template <class D>
struct PairMatch {
  using S = typename D::State;
  std::string nameA, nameB;          // in the CSV, the records and the lines per game: "mcts", "level:3"
  std::string describeA, describeB;  // in the summary: "level 3 (mcts, 10 ms a move)"
  std::unique_ptr<game::Player<S>> a, b;
  game::SearchLimits limits;
  game::PairSchedule schedule;
  game::MatchScore score;
  double lastReturnA = 0;  // A's return in the last game played

  // Game g (from 0) from `start`, told to `output`; false when a stop
  // signal ended it (not counted).
  bool play(const S& start, int g, int games, MatchOutput& output) {
    const bool aWhite = schedule.aFirst(g);
    game::Player<S>* seat[2] = {aWhite ? a.get() : b.get(), aWhite ? b.get() : a.get()};
    for (auto* p : seat) p->newGame();
    game::SearchLimits l = limits;
    l.seed = schedule.seedOf(g);
    const std::string whiteName = aWhite ? nameA : nameB, blackName = aWhite ? nameB : nameA;
    records::Record record = newRecord<D>(start, l.seed, {whiteName, blackName});
    const std::optional<S> s = playUnlessStopped(start, [&](int p) { return seat[p]; }, l,
                                                 [&](const S& at, typename S::Move m) { record.moves.push_back(at.moveName(m)); });
    if (!s) return false;
    const int plies = int(record.moves.size());
    const double resultA = s->returns()[aWhite ? 0 : 1];
    score.add(resultA);
    lastReturnA = resultA;
    std::ostringstream csv;
    csv << g + 1 << ',' << whiteName << ',' << blackName << ',' << outcomeText(s->outcome()) << ',' << plies << ','
        << resultA << '\n';
    output.game(g + 1, record,
                "game " + std::to_string(g + 1) + "/" + std::to_string(games) + ": white " + (aWhite ? "a " : "b ") +
                    whiteName + ", black " + (aWhite ? "b " : "a ") + blackName + ": " +
                    std::string(outcomeText(s->outcome())) + " in " + std::to_string(plies) + " plies",
                csv.str());
    return true;
  }
};

// The SPRT's lines under the summary: the LLR against its bounds, and the verdict.
void printSprt(const game::sprt::Test& t, int played, int games) {
  const auto g = [](double x) {  // "0", "2.5", "0.05"
    std::ostringstream o;
    o << std::defaultfloat << std::setprecision(6) << x;
    return o.str();
  };
  const auto& o = t.options();
  const auto& p = t.pairs();
  const int pairs = int(p[0] + p[1] + p[2] + p[3] + p[4]);
  std::cout << "SPRT: elo0 " << g(o.elo0) << ", elo1 " << g(o.elo1) << ", alpha " << g(o.alpha) << ", beta "
            << g(o.beta) << "; " << pairs << " pairs (a's points 0, 0.5, 1, 1.5, 2: "
            << g(p[0]) << ' ' << g(p[1]) << ' ' << g(p[2]) << ' ' << g(p[3]) << ' ' << g(p[4]) << ")\n"
            << std::fixed << std::setprecision(2) << "LLR " << t.llr() << " (bounds " << t.limits().lower << " .. "
            << t.limits().upper << ")\n";
  switch (t.verdict()) {
    case game::sprt::Verdict::H1:
      std::cout << "SPRT verdict: H1 accepted: a is stronger than b (a - b = " << g(o.elo1) << " Elo rather than " << g(o.elo0)
                << ") after " << played << " games\n";
      break;
    case game::sprt::Verdict::H0:
      std::cout << "SPRT verdict: H0 accepted: a is not stronger than b by " << g(o.elo1) << " Elo (a - b = " << g(o.elo0)
                << " rather) after " << played << " games\n";
      break;
    case game::sprt::Verdict::Continue:
      std::cout << "SPRT verdict: none after " << played << " of at most " << games
                << " games (neither bound crossed; more games would decide)\n";
      break;
  }
}

// `games match`: the games one after another (the CSV streamed, memory
// bounded), until the last or a stop signal (SIGINT/SIGTERM: the games
// played so far are the CSV and the summary, exit 3).
template <class D>
int cmdMatch(const po::variables_map& vm) {
  using S = typename D::State;
  const int n = vm["size"].as<int>(), games = vm["games"].as<int>();
  if (games < 1) throw UsageError("--games must be at least 1");
  const S start = boardOfSize<S>(vm);
  PairMatch<D> m;
  m.limits = limitsFrom(vm);
  const game::PlayerChoice a = playerChoice<D>("--a", vm["a"].as<std::string>()),
                          b = playerChoice<D>("--b", vm["b"].as<std::string>());
  // Two levels think their own times: a --time-ms given as well would
  // change nothing, so it is refused rather than silently ignored.
  if (a.level && b.level && !vm["time-ms"].defaulted())
    throw UsageError("--a and --b are levels, which set their own time a move; leave out --time-ms");
  m.nameA = a.label();
  m.nameB = b.label();
  m.describeA = a.describe();
  m.describeB = b.describe();
  m.a = makePlayer<D>(a, m.limits.seed);
  m.b = makePlayer<D>(b, m.limits.seed + 1);
  m.schedule = game::PairSchedule{m.limits.seed};
  const auto sprtOptions = sprtFrom(vm);
  std::optional<game::sprt::Test> sprt;
  if (sprtOptions) sprt.emplace(*sprtOptions);
  MatchOutput output(vm, games, "game,white,black,result,plies,score_a\n");
  cli::catchStopSignals();
  MatchEnd end;
  bool decided = false;
  while (end.played < games && !decided && !cli::stopRequested() && m.play(start, end.played, games, output)) {
    ++end.played;
    if (sprt) {
      sprt->add(m.lastReturnA);
      decided = sprt->verdict() != game::sprt::Verdict::Continue;
    }
  }
  end.stopped = end.played < games && !decided;
  output.finish(end);
  printMatch(D::kInfo.title, n, end.played, m.describeA, m.describeB, m.score);
  if (sprt) printSprt(*sprt, end.played, games);
  return matchExit(end, games);
}

template <class D>
int dispatch(const std::string& sub, const po::variables_map& vm) {
  using C = Cli<D>;
  if (sub == "moves") return cmdMoves<D>(C::load(vm["position"].as<std::string>()));
  if (sub == "apply")
    return cmdApply<D>(C::load(vm["position"].as<std::string>()),
                       vm.count("move") ? vm["move"].as<std::vector<std::string>>() : std::vector<std::string>{});
  if (sub == "analyze") return cmdAnalyze<D>(vm);
  if (sub == "play") return cmdPlay<D>(vm);
  if (sub == "replay")
    return cmdReplay<D>(loadRecord(vm["record"].as<std::string>()), colourWanted(vm), vm.count("step") > 0);
  return cmdMatch<D>(vm);
}

}  // namespace

// ------------------------------------------------------------------ Cli<D> (front_end.h)

template <class D>
std::string Cli<D>::helpSection(const std::string& sub) {
  cli::Command c = commandOf(sub);
  c.files = c.exits = "";
  return c.help();
}

template <class D>
int Cli<D>::run(const std::string& sub, int argc, char** argv) {
  return cli::guarded("games", sub, [&] {
    po::variables_map vm;
    if (!commandOf(sub).parse(argc, argv, vm)) return 0;
    // main.cpp picked the game from the command line's --game (or the
    // record); an abbreviated option (--ga attract) may name another.
    if (sub != "replay" && vm["game"].as<std::string>() != D::kInfo.key)
      return runGame(vm["game"].as<std::string>(), sub, argc, argv);
    return dispatch<D>(sub, vm);
  }, kStyle);
}

template <class D>
typename Cli<D>::S Cli<D>::load(const std::string& path) {
  return stateOf<S>(parsePosition(readFile(path), path), path);
}

template <class D>
std::string Cli<D>::positionText(const S& s) {
  return formatPosition(s.board(), s.toMove());
}

template <class D>
std::string Cli<D>::moveError(const S& s, const std::string& move, int index) {
  const std::string problem = moveProblem(s, move);
  return problem.empty() ? "" : "move " + std::to_string(index) + " (" + move + "): " + problem;
}

template <class D>
std::string Cli<D>::mover(const S& s) {
  return std::string(1, pieceChar(s.toMove()));
}

template <class D>
int Cli<D>::cellOf(typename S::Move m) {
  return m;
}

template <class D>
std::string Cli<D>::replayTitle(const records::Record& r, const S&) {
  return std::string(records::gameName(r.game)) + ' ' + std::to_string(r.size) + 'x' + std::to_string(r.size);
}

template <class D>
std::string Cli<D>::drawStart(const S& s, bool colour) {
  return drawPlacement(s.board(), colour, -1) + statusLine(s, -1);
}

template <class D>
std::string Cli<D>::drawStep(const S& s, bool colour, int last) {
  return drawPlacement(s.board(), colour, last) + statusLine(s, last);
}

template <class D>
std::string Cli<D>::drawFinal(const S& s, bool colour, int) {
  return drawPlacement(s.board(), colour, -1);
}

template <class D>
std::string Cli<D>::finalResult(const S& s) {
  return s.isTerminal() ? "result: " + s.resultText() + "\n" : "result: ongoing (the record stops here)\n";
}

template <class D>
HumanPrompt Cli<D>::prompt(const S& s) {
  return {std::string(1, pieceChar(s.toMove())) + " to move (a square like D4, 'moves', 'quit'): ", false, {"moves"},
          [&s] { std::cout << moveList(s) << '\n'; }};
}

template <class D>
std::string Cli<D>::typedProblem(const S& s, const std::string& word) {
  const std::string problem = moveProblem(s, word);
  return problem.empty() ? "" : problem + "; try again";
}

template <class D>
std::string Cli<D>::computerMove(const S& s, const std::string& name, const game::SearchResult<typename S::Move>& r) {
  std::string out(1, pieceChar(s.toMove()));
  out += " (" + name + ") plays " + s.moveName(r.move);
  if (r.proof == game::Proof::Win || r.proof == game::Proof::Loss) {
    out += "  [";
    out += game::proofText(r.proof, r.proofPlies);
    out += ']';
  }
  return out + '\n';
}

template struct Cli<games::Shock>;
template struct Cli<games::Attract>;

}  // namespace gamescli
