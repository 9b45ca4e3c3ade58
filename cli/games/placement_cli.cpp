// `games` for JC Shock and JC Attract. Every subcommand is written once as a
// template over the state type; the game only picks the evaluation.
#include "placement_cli.h"

#include <boost/program_options.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "game/analysis.h"
#include "game/analysis_text.h"
#include "common.h"
#include "game/match.h"
#include "game/player.h"
#include "placement/attract.h"
#include "placement/eval.h"
#include "placement/position_file.h"
#include "placement/shock.h"
#include "records/game_record.h"
#include "text/lines.h"

namespace po = boost::program_options;
using namespace placement;
using gamescli::DataError;
using gamescli::UsageError;

namespace {

template <class S>
struct GameTraits;
template <>
struct GameTraits<ShockState> {
  using Eval = ShockEval;
  static constexpr records::Game kGame = records::Game::Shock;
};
template <>
struct GameTraits<AttractState> {
  using Eval = AttractEval;
  static constexpr records::Game kGame = records::Game::Attract;
};

constexpr const char* kPlayers = "alphabeta, mcts, mcts-light, random";

// ------------------------------------------------------------------ options

gamescli::Help helpOf(const std::string& sub) {
  const std::string g = "games " + sub + " --game shock|attract ";
  if (sub == "moves") return {g + "--position FILE", "Lists the legal moves of the player to move."};
  if (sub == "apply")
    return {g + "--position FILE MOVE...",
            "Plays the moves (squares like D4) from the position and prints the new position and its result:\n"
            "a position file again (`games moves --position` reads it back)."};
  if (sub == "analyze")
    return {g + "--position FILE [--player alphabeta|mcts] [--time-ms T] [--depth D] [--multipv N] [--json]",
            "Analyses the position like an engine: one line per depth (alpha-beta) or per time slice (MCTS)\n"
            "with nodes, nodes/s, the score and the principal line, then the best move. Score units:\n"
            "alpha-beta: the evaluation for the player to move (heuristic units, + is better) or a proven\n"
            "win/loss in N plies; MCTS: 2 x mean playout return - 1, in [-1, 1], for the player to move."};
  if (sub == "play")
    return {g + "[--size N] [--white P] [--black P] [--record FILE] [--no-color]",
            "Plays a game in the terminal (P: human, " + std::string(kPlayers) +
                "). Type a square like D4,\n'moves' or 'quit'. The last move is marked (upper case), pieces left "
                "to place are shown,\nand the result is explained."};
  if (sub == "match")
    return {g + "--a P1 --b P2 [--games K] [--size N] [--time-ms T] [--csv FILE] [--records DIR]",
            "A match between two computer players, colours alternating (A white first): a line per game on\n"
            "stderr, then wins, draws, losses and an Elo difference with its 95% interval."};
  return {"games replay FILE [--step] [--no-color]",
          "Replays a game record (any game: docs/formats/game-record.md): the moves, then the final\n"
          "position and result; --step shows the board after every move (Enter for the next)."};
}

void addLimits(po::options_description& d, int64_t defaultMs) {
  d.add_options()("time-ms", po::value<int64_t>()->default_value(defaultMs), "time per move in milliseconds (0: none)")(
      "depth", po::value<int>()->default_value(0), "alpha-beta: deepest iteration in plies (0: none)")(
      "nodes", po::value<uint64_t>()->default_value(0), "alpha-beta: node budget (0: none)")(
      "playouts", po::value<uint64_t>()->default_value(0), "MCTS: playout budget (0: none)")(
      "threads", po::value<int>()->default_value(1), "MCTS: threads (root parallel; 1 is reproducible)")(
      "seed", po::value<uint64_t>()->default_value(1), "seed for MCTS and random players");
}

po::options_description optionsOf(const std::string& sub) {
  po::options_description d("options");
  d.add_options()("help,h", "show this help")("version", "print the version");
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
    d.add_options()("white", po::value<std::string>()->default_value("human"), "human, alphabeta, mcts, mcts-light, random")(
        "black", po::value<std::string>()->default_value("alphabeta"), "human, alphabeta, mcts, mcts-light, random")(
        "record", po::value<std::string>()->value_name("FILE"), "write the game record to FILE (a new file)")(
        "force", "replace an existing --record FILE");
    gamescli::addColourOption(d);
    addLimits(d, 500);
  }
  if (sub == "match") {
    d.add_options()("a", po::value<std::string>()->required(), "player A: alphabeta, mcts, mcts-light, random")(
        "b", po::value<std::string>()->required(), "player B")(
        "games", po::value<int>()->default_value(10)->value_name("K"), "number of games (colours alternate, A white first)")(
        "csv", po::value<std::string>()->value_name("FILE"), "write one line per game to FILE")(
        "records", po::value<std::string>()->value_name("DIR"),
        "write every game's record to DIR/game-NNN.rec (DIR is made if its parent exists)")(
        "force", "replace an existing --csv FILE and DIR/game-NNN.rec files")("quiet", "no line per game on stderr");
    addLimits(d, 20);
  }
  if (sub == "replay") {
    d.add_options()("record", po::value<std::string>()->required()->value_name("FILE"), "the record (also positional)")(
        "step", "show the board after every move, waiting for Enter");
    gamescli::addColourOption(d);
  }
  return d;
}

game::SearchLimits limitsFrom(const po::variables_map& vm) {
  game::SearchLimits l;
  l.timeMs = vm["time-ms"].as<int64_t>();
  l.depth = vm["depth"].as<int>();
  l.nodes = vm["nodes"].as<uint64_t>();
  l.playouts = vm["playouts"].as<uint64_t>();
  l.threads = vm["threads"].as<int>();
  l.seed = vm["seed"].as<uint64_t>();
  if (l.threads < 1 || l.threads > 256) throw UsageError("--threads must be 1..256 (got " + std::to_string(l.threads) + ")");
  if (l.timeMs < 0) throw UsageError("--time-ms must not be negative");
  if (l.depth < 0) throw UsageError("--depth must not be negative");
  if (!l.timeMs && !l.depth && !l.nodes && !l.playouts)
    throw UsageError("give at least one limit (--time-ms, --depth, --nodes or --playouts)");
  return l;
}

// ------------------------------------------------------------------ helpers

const char* colourName(Colour c) { return c == Colour::White ? "white" : "black"; }

template <class S>
S loadPosition(const std::string& path) {
  const PositionFile pos = parsePosition(gamescli::readFile(path), path);
  S s;
  try {
    s = S::fromBoard(pos.board, pos.toMove);
  } catch (const std::invalid_argument& e) {
    throw DataError(path + ": " + e.what());
  }
  if (!pos.result.empty() && pos.result != outcomeText(s.outcome()))
    throw DataError(path + ": 'result: " + pos.result + "' but the position's result is '" +
                    std::string(outcomeText(s.outcome())) + "'");
  return s;
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
  throw UsageError("unknown player '" + name + "' (" + kPlayers + ")");
}

// The board as `play` draws it (the position reader reads it back): rank
// numbers, squares apart, file letters below; the last move's piece in upper
// case (and reversed, in colour).
std::string drawPlacement(const Board& b, bool colour, int last) {
  constexpr const char* kStyle[2] = {"\033[1;97m", "\033[1;91m"};  // white o, black x (red)
  constexpr const char* kDim = "\033[2m";
  constexpr const char* kReset = "\033[0m";
  std::ostringstream out;
  for (int row = b.size() - 1; row >= 0; --row) {
    out << (colour ? kDim : "") << (row + 1 < 10 ? " " : "") << row + 1 << (colour ? kReset : "") << ' ';
    for (int col = 0; col < b.size(); ++col) {
      const int cell = cellOf(row, col);
      const auto piece = b.at(cell);
      out << ' ';
      if (!piece) {
        out << (colour ? kDim : "") << '.' << (colour ? kReset : "");
        continue;
      }
      char ch = pieceChar(*piece);
      if (cell == last) ch = char(ch - 'a' + 'A');
      if (colour) out << kStyle[index(*piece)] << (cell == last ? "\033[7m" : "") << ch << kReset;
      else out << ch;
    }
    out << '\n';
  }
  out << (colour ? kDim : "") << "   ";
  for (int col = 0; col < b.size(); ++col) out << ' ' << char('A' + col);
  out << (colour ? kReset : "") << '\n';
  return out.str();
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

template <class S>
std::string resultText(const S& s) {
  return "result: " + std::string(outcomeText(s.outcome())) + "\n  " + S::RulesType::explain(s.board()) + "\n";
}

template <class S>
records::Record newRecord(int size, const std::string& white, const std::string& black, uint64_t seed) {
  records::Record r;
  r.game = GameTraits<S>::kGame;
  r.size = size;
  r.seed = seed;
  r.players = "white=" + white + " black=" + black;
  r.date = gamescli::today();
  return r;
}

// ------------------------------------------------------------------ subcommands

template <class S>
int cmdMoves(const po::variables_map& vm) {
  const S s = loadPosition<S>(vm["position"].as<std::string>());
  if (s.isTerminal()) {
    std::cout << "no moves: the game is over (result: " << outcomeText(s.outcome()) << ")\n";
    return 0;
  }
  typename S::Move moves[S::kMaxMoves];
  const int n = s.legalMoves(moves);
  std::cout << colourName(s.toMove()) << " to move, " << n << (n == 1 ? " move: " : " moves: ") << movesText(s) << '\n';
  return 0;
}

template <class S>
int cmdApply(const po::variables_map& vm) {
  S s = loadPosition<S>(vm["position"].as<std::string>());
  const auto moves = vm.count("move") ? vm["move"].as<std::vector<std::string>>() : std::vector<std::string>{};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    typename S::Move m{};
    const std::string problem = moveProblem(s, moves[i], m);
    if (!problem.empty()) throw DataError("move " + std::to_string(i + 1) + " (" + moves[i] + "): " + problem);
    s.apply(m);
  }
  writePosition(std::cout, s.board(), s.toMove());
  std::cout << "result: " << outcomeText(s.outcome()) << '\n';
  return 0;
}

template <class S>
int cmdAnalyze(const po::variables_map& vm) {
  const S s = loadPosition<S>(vm["position"].as<std::string>());
  const bool json = vm.count("json");
  const std::string name = vm["player"].as<std::string>();
  const int multipv = vm["multipv"].as<int>();
  if (multipv < 1) throw UsageError("--multipv must be at least 1");
  if (name != "alphabeta" && name != "mcts" && name != "mcts-light")
    throw UsageError("analyze needs alphabeta, mcts or mcts-light, not '" + name + "'");
  const game::SearchLimits limits = limitsFrom(vm);
  const std::string gameName(records::gameName(GameTraits<S>::kGame));
  const bool ab = name == "alphabeta";
  const std::string unit = ab ? "evaluation for the player to move (heuristic units, + is better); proven results as "
                                "win/loss in N plies"
                              : "2 x mean playout return - 1 for the player to move, in [-1, 1]";
  if (s.isTerminal()) {
    if (json)
      std::cout << "{\"game\":" << game::analysis::jsonString(gameName) << ",\"game_over\":true,\"result\":"
                << game::analysis::jsonString(std::string(outcomeText(s.outcome()))) << "}\n";
    else
      std::cout << "game over: " << outcomeText(s.outcome()) << '\n';
    return 0;
  }
  using Move = typename S::Move;
  auto moveName = [](Move m) { return squareName(m); };
  auto score = [&](const game::analysis::Line<Move>& l) {
    game::analysis::Score sc;
    if (ab) {
      sc.number = l.value;
      if (l.proof == game::Proof::None) {
        std::ostringstream t;
        t << std::showpos << l.value;
        sc.text = t.str();
      } else {
        sc.text = game::proofText(l.proof, l.proofPlies);
      }
    } else {
      sc.number = 2 * l.value - 1;
      sc.text = sc.number >= 0 ? "+" : "";
      sc.text += game::analysis::number(sc.number, 3);
    }
    return sc;
  };
  const std::string depthWord = ab ? "depth" : "slice";
  std::string iterations;
  auto report = [&](const game::analysis::Iteration<Move>& it) {
    if (json) {
      if (!iterations.empty()) iterations += ',';
      iterations += game::analysis::jsonIteration(it, depthWord, moveName, score);
    } else {
      std::cout << game::analysis::textLines(it, depthWord, multipv > 1, moveName, score) << std::flush;
    }
  };
  if (!json)
    std::cout << gameName << ' ' << s.size() << 'x' << s.size() << ", " << colourName(s.toMove()) << " ("
              << pieceChar(s.toMove()) << ") to move, " << name << "\nscore: " << unit << '\n';
  game::analysis::Iteration<Move> last;
  using Eval = typename GameTraits<S>::Eval;
  if (ab) last = game::analysis::DepthAnalysis<S, game::AlphaBeta<S, Eval>>(game::AlphaBeta<S, Eval>(Eval{})).run(s, limits, multipv, report);
  else if (name == "mcts") last = game::analysis::MctsAnalysis<S>().run(s, limits, multipv, report);
  else last = game::analysis::MctsAnalysis<S, game::WinFirstPlayout<4>>().run(s, limits, multipv, report);
  if (last.lines.empty()) throw UsageError("the limits allow no complete iteration; give more --time-ms or --nodes");
  const auto& best = last.lines.front();
  if (json) {
    std::cout << "{\"game\":" << game::analysis::jsonString(gameName) << ",\"size\":" << s.size() << ",\"to_move\":\""
              << pieceChar(s.toMove()) << "\",\"player\":" << game::analysis::jsonString(name)
              << ",\"score_unit\":" << game::analysis::jsonString(unit) << ",\"iterations\":[" << iterations
              << "],\"best_move\":" << game::analysis::jsonString(squareName(best.pv[0])) << "}\n";
  } else {
    std::cout << "best move: " << squareName(best.pv[0]) << "\nscore: " << score(best).text
              << "\nproof: " << game::proofText(best.proof, best.proofPlies) << '\n';
  }
  return 0;
}

template <class S>
int cmdPlay(const po::variables_map& vm) {
  const int n = vm["size"].as<int>();
  S s(n);
  const game::SearchLimits limits = limitsFrom(vm);
  const bool colour = gamescli::colourWanted(vm);
  const std::string names[2] = {vm["white"].as<std::string>(), vm["black"].as<std::string>()};
  std::unique_ptr<game::Player<S>> players[2];
  for (int c = 0; c < 2; ++c)
    if (names[c] != "human") players[c] = makePlayer<S>(names[c], limits.seed + uint64_t(c));
  records::Record record = newRecord<S>(n, names[0], names[1], limits.seed);
  const gamescli::RecordFile recordFile(vm.count("record") ? vm["record"].as<std::string>() : "", vm.count("force") > 0);
  auto finish = [&](const std::string& how) { return recordFile.finish(how, record); };
  int last = -1;
  std::cout << drawPlacement(s.board(), colour, last) << statusLine(s, last);
  while (!s.isTerminal()) {
    const int c = s.currentPlayer();
    const char piece = pieceChar(s.toMove());
    typename S::Move m{};
    if (!players[c]) {
      for (;;) {
        std::cout << piece << " to move (a square like D4, 'moves', 'quit'): " << std::flush;
        std::string line, why;
        const text::LineRead got = text::getLine(std::cin, line, &why);  // bounded: never an endless line
        if (got == text::LineRead::End) return finish("\nend of input: game abandoned\n");
        if (got == text::LineRead::Refused) return finish("\nstandard input: " + why + ": game abandoned\n");
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (word.empty()) continue;
        if (word == "quit" || word == "exit") return finish("game abandoned\n");
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
    last = m;
    record.moves.push_back(squareName(m));
    std::cout << drawPlacement(s.board(), colour, last) << statusLine(s, last);
  }
  return finish(resultText(s));
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
  std::ostringstream csv;
  csv << "game,white,black,result,plies,score_a\n";
  const bool force = vm.count("force") > 0;
  if (vm.count("csv")) gamescli::checkOutput(vm["csv"].as<std::string>(), "--csv", force);  // before any game
  const gamescli::RecordFolder folder(vm.count("records") ? vm["records"].as<std::string>() : "", games, force);
  const bool quiet = vm.count("quiet");
  game::MatchScore score;
  const game::PairSchedule schedule{limits.seed};
  for (int g = 0; g < games; ++g) {
    const bool aWhite = schedule.aFirst(g);
    game::Player<S>* seat[2] = {aWhite ? a.get() : b.get(), aWhite ? b.get() : a.get()};
    for (auto* p : seat) p->newGame();
    game::SearchLimits l = limits;
    l.seed = schedule.seedOf(g);
    const std::string whiteName = aWhite ? nameA : nameB, blackName = aWhite ? nameB : nameA;
    records::Record record = newRecord<S>(n, whiteName, blackName, l.seed);
    const S s = game::playOut(start, [&](int p) { return seat[p]; }, l,
                              [&](const S&, typename S::Move m) { record.moves.push_back(squareName(m)); });
    const int plies = int(record.moves.size());
    const double resultA = s.returns()[aWhite ? 0 : 1];
    score.add(resultA);
    csv << g + 1 << ',' << whiteName << ',' << blackName << ',' << outcomeText(s.outcome()) << ',' << plies << ','
        << resultA << '\n';
    std::string file;
    if (folder.enabled()) gamescli::saveRecord(record, file = folder.path(g + 1), force);
    if (!quiet)
      std::cerr << "game " << g + 1 << "/" << games << ": white " << (aWhite ? "a " : "b ") << whiteName << ", black "
                << (aWhite ? "b " : "a ") << blackName << ": " << outcomeText(s.outcome()) << " in " << plies
                << " plies" << (file.empty() ? "" : " -> " + file) << '\n';
  }
  if (vm.count("csv")) gamescli::writeFile(vm["csv"].as<std::string>(), csv.str(), force);
  const game::EloEstimate elo = score.elo();
  auto eloText = [](double x) {
    std::ostringstream o;
    if (std::isinf(x))
      o << (x > 0 ? "+inf" : "-inf");
    else
      o << std::showpos << std::fixed << std::setprecision(0) << x;
    return o.str();
  };
  std::cout << records::gameName(GameTraits<S>::kGame) << ' ' << n << 'x' << n << ", " << games
            << " games, a = " << nameA << ", b = " << nameB << '\n'
            << "a: " << score.wins << " wins, " << score.draws << " draws, " << score.losses << " losses (score "
            << std::fixed << std::setprecision(1) << 100.0 * score.score() << "%)\n"
            << "Elo a - b: " << eloText(elo.elo) << " (95% interval " << eloText(elo.low) << " .. "
            << eloText(elo.high) << ")\n";
  return 0;
}

template <class S>
int cmdReplay(const po::variables_map& vm) {
  const std::string path = vm["record"].as<std::string>();
  records::Record r;
  try {
    r = records::parseRecord(gamescli::readFile(path));
  } catch (const records::RecordError& e) {
    throw DataError(path + ": " + e.what());
  }
  const bool colour = gamescli::colourWanted(vm), step = vm.count("step");
  S s(r.size);
  std::cout << records::gameName(r.game) << ' ' << r.size << 'x' << r.size << (r.players.empty() ? "" : ", " + r.players)
            << (r.date.empty() ? "" : ", " + r.date) << ", " << r.moves.size() << " moves\n";
  if (step) std::cout << drawPlacement(s.board(), colour, -1) << statusLine(s, -1);
  bool waiting = step;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const char piece = pieceChar(s.toMove());
    const int cell = *parseSquare(r.moves[i], s.size());  // the reader replayed them already
    s.apply(typename S::Move(cell));
    if (!step) {
      std::cout << (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : " ") << r.moves[i] << (i % 2 == 1 ? "\n" : "");
      continue;
    }
    if (!gamescli::stepPrompt(i, waiting)) return 0;
    std::cout << "\nmove " << i + 1 << ": " << piece << ' ' << r.moves[i] << '\n'
              << drawPlacement(s.board(), colour, cell) << statusLine(s, cell);
  }
  if (!step) {
    if (r.moves.size() % 2 == 1) std::cout << '\n';
    std::cout << drawPlacement(s.board(), colour, -1);
  }
  std::cout << (s.isTerminal() ? resultText(s) : std::string("result: ongoing (the record stops here)\n"));
  return 0;
}

template <class S>
int dispatch(const std::string& sub, const po::variables_map& vm) {
  if (sub == "moves") return cmdMoves<S>(vm);
  if (sub == "apply") return cmdApply<S>(vm);
  if (sub == "analyze") return cmdAnalyze<S>(vm);
  if (sub == "play") return cmdPlay<S>(vm);
  if (sub == "replay") return cmdReplay<S>(vm);
  return cmdMatch<S>(vm);
}

}  // namespace

std::string placementHelp(const std::string& sub, bool footer) {
  const gamescli::Help h = helpOf(sub);
  if (footer) return gamescli::helpText(h.usage, h.description, optionsOf(sub));
  std::ostringstream out;
  out << "usage: " << h.usage << "\n\n" << h.description << "\n\n" << optionsOf(sub) << '\n';
  return out.str();
}

int runPlacement(const std::string& sub, int argc, char** argv) {
  return gamescli::guarded(sub, [&] {
    const po::options_description d = optionsOf(sub);
    po::positional_options_description positional;
    if (sub == "apply") positional.add("move", -1);
    if (sub == "replay") positional.add("record", 1);
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(d).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << placementHelp(sub, true);
      return 0;
    }
    po::notify(vm);
    if (sub == "replay") {
      // The game comes from the record's Game tag (main.cpp sends 5RINGS records to rings.cpp).
      const std::string path = vm["record"].as<std::string>();
      records::Game game{};
      try {
        game = records::parseRecord(gamescli::readFile(path)).game;
      } catch (const records::RecordError& e) {
        throw DataError(path + ": " + e.what());
      }
      return game == records::Game::Shock ? dispatch<ShockState>(sub, vm) : dispatch<AttractState>(sub, vm);
    }
    const std::string game = vm["game"].as<std::string>();
    if (game == "shock") return dispatch<ShockState>(sub, vm);
    if (game == "attract") return dispatch<AttractState>(sub, vm);
    throw UsageError("unknown game '" + game + "' (shock, attract, rings)");
  });
}
