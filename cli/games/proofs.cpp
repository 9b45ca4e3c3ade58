// `games solve` and `games endgame`: the proven results of JC Shock and JC
// Attract (issue 49, item 4). This file parses, calls the library
// (solver/registry/proofs.h) and prints; every result line is written and
// flushed as soon as it is known, so Ctrl-C (or SIGTERM) loses nothing
// printed: the work under way stops within a few thousand nodes, the
// summary of what was finished follows, exit 3.
#include "proofs.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "common.h"
#include "common/json.h"
#include "common/signals.h"
#include "registry/proofs.h"
#include "search/memory.h"

namespace po = boost::program_options;

namespace gamescli {
namespace {

const char* const kProofExits =
    "exit codes: 0 ok, 2 bad usage, 3 stopped by SIGINT/SIGTERM (every line printed before holds;\n"
    "  the summary covers what was finished)\n";

// A stop callback for the library that also prints, on stderr and at most
// every 10 s, that the work is still going (unless quiet).
struct Ticker {
  bool quiet = false;
  std::string what;  // "solving B2"
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now(), last = start;
  bool operator()() {
    const auto now = std::chrono::steady_clock::now();
    if (!quiet && now - last >= std::chrono::seconds(10)) {
      last = now;
      std::cerr << "  ... " << what << ", "
                << std::chrono::duration_cast<std::chrono::seconds>(now - start).count() << " s so far\n";
    }
    return cli::stopRequested();
  }
};

// "0.42 ms", "12.3 ms", "4.21 s", "312.5 s".
std::string seconds(double ms) {
  std::ostringstream o;
  if (ms < 1000) o << std::fixed << std::setprecision(ms < 10 ? 2 : 1) << ms << " ms";
  else o << std::fixed << std::setprecision(ms < 10'000 ? 2 : 1) << ms / 1000.0 << " s";
  return o.str();
}

std::string joinedMoves(const std::vector<std::string>& m) {
  std::string out;
  for (const auto& s : m) out += (out.empty() ? "" : " ") + s;
  return out;
}

std::string whiteText(game::Wdl v) {
  return v == game::Wdl::Win ? "white wins" : v == game::Wdl::Loss ? "black wins" : "draw";
}

// -------------------------------------------------------------- games solve

struct SolveArgs {
  std::string game;
  int size = 0, ttMb = 256, orderMin = 8;
  bool variant = false, json = false, quiet = false, noEtc = false;
};

cli::Command solveCommand() {
  return cli::Command(
      "games", "solve", "games solve --game shock|attract --size N --analysis-variant [--tt-mb M] [--json] [--quiet]",
      "Computes the exact game value of the empty N x N board by a complete search (alpha-beta on\n"
      "win/draw/loss with a transposition table keyed up to the eight board symmetries): every first\n"
      "move of white, one class of symmetric first moves a line, with its value for white (who moves\n"
      "first), nodes and time; then the board's value (first player win / draw / second player win)\n"
      "and the best first moves.\n"
      "Boards smaller than the rules' minimum (8x8) are the ANALYSIS VARIANT, not the rules' game:\n"
      "the same move and result, pieces per player by the rules' formula (shock: floor((N*N-1)/2),\n"
      "N = 3..7; attract: N*N/2, N even: 4 or 6). They need --analysis-variant; `games play`, `match`\n"
      "and the browser refuse them. The search time grows steeply with N: 4x4 takes well under a\n"
      "second, larger boards minutes or more (results/games.md); Ctrl-C stops it and keeps the lines\n"
      "printed. Progress on stderr every 10 s.",
      kProofExits, kStyle);
}

cli::OptionTable solveTable(SolveArgs& a) {
  cli::OptionTable t;
  t.text("game", a.game, "shock or attract").required();
  t.integer("size", a.size, 3, 16, "board size N (3..16; below 8 only with --analysis-variant)").required().noDefault();
  t.flag("analysis-variant", a.variant, "allow a board smaller than the rules' 8x8 (the analysis variant)");
  t.integer("tt-mb", a.ttMb, 1, 65536, "transposition table size in MiB (above 90% of this machine's memory: refused)");
  t.flag("json", a.json, "one JSON object a line: each class of first moves, then the board's value");
  t.flag("quiet", a.quiet, "no progress on stderr");
  t.integer("order-min-moves", a.orderMin, 1, 1000, "order the moves by the evaluation at nodes with at least this many")
      .advanced();
  t.flag("no-etc", a.noEtc, "no enhanced transposition cutoffs (children looked up in the table first)").advanced();
  return t;
}

// The memory guard (solver/search/memory.h), before any work: --tt-mb
// against this machine's memory (up to 65536 MiB is accepted as a number).
void checkTable(int ttMb) {
  const std::string what = "a transposition table of --tt-mb " + std::to_string(ttMb);
  if (auto refusal = search::memoryRefusal(double(ttMb) * (1 << 20), search::physicalMemory(), what, "--tt-mb"))
    throw UsageError(*refusal);
}

void checkSolveArgs(const SolveArgs& a) {
  if (a.game != "shock" && a.game != "attract")
    throw UsageError("--game must be shock or attract for solve, got '" + a.game + "'");
  if (a.size < 8 && !a.variant)
    throw UsageError(std::to_string(a.size) + "x" + std::to_string(a.size) +
                     " is smaller than the rules' minimum (8x8): add --analysis-variant to solve it as the "
                     "analysis variant");
  if (a.game == "attract" && a.size % 2 != 0)
    throw UsageError("JC Attract needs an even N (N*N/2 pieces each fill the board), got " + std::to_string(a.size));
  checkTable(a.ttMb);
}

void printSolveTitle(const SolveArgs& a) {
  const int pieces = a.game == "shock" ? (a.size * a.size - 1) / 2 : a.size * a.size / 2;
  std::cout << (a.game == "shock" ? "JC Shock " : "JC Attract ") << a.size << 'x' << a.size
            << (a.size < 8 ? " (ANALYSIS VARIANT: smaller than the rules' 8x8 minimum)" : "") << ", " << pieces
            << " pieces each, " << 2 * pieces << " plies; values for white, who moves first" << std::endl;
}

void printFirstMove(const SolveArgs& a, const games::proofs::FirstMove& f) {
  if (a.json) {
    std::cout << cli::Json(cli::Json::Compact)
                     .add("game", a.game)
                     .add("size", a.size)
                     .add("analysis_variant", a.size < 8)
                     .add("first_move", f.moves.front())
                     .add("same_up_to_symmetry", joinedMoves(f.moves))
                     .add("value_for_white", f.complete ? std::string(game::wdlText(f.value)) : "unknown")
                     .add("complete", f.complete)
                     .add("nodes", (unsigned long long)f.stats.nodes)
                     .add("time_ms", f.stats.elapsedMs, 1)
                     .str()
              << std::endl;
    return;
  }
  std::cout << "  first move " << std::left << std::setw(4) << f.moves.front() << std::right << ' '
            << (f.complete ? whiteText(f.value) : std::string("not finished (stopped)")) << "  nodes "
            << f.stats.nodes << "  time " << seconds(f.stats.elapsedMs);
  if (f.moves.size() > 1) std::cout << "  (also " << joinedMoves({f.moves.begin() + 1, f.moves.end()}) << ")";
  std::cout << std::endl;
}

void printBoardValue(const SolveArgs& a, const games::proofs::BoardValue& v) {
  std::vector<std::string> best;
  for (const auto& f : v.firstMoves)
    if (f.complete && f.value == v.value) best.insert(best.end(), f.moves.begin(), f.moves.end());
  const std::string verdict = !v.complete                   ? "unknown (stopped)"
                              : v.value == game::Wdl::Win  ? "first player (white) wins"
                              : v.value == game::Wdl::Loss ? "second player (black) wins"
                                                           : "draw";
  if (a.json) {
    std::cout << cli::Json(cli::Json::Compact)
                     .add("game", a.game)
                     .add("size", a.size)
                     .add("analysis_variant", a.size < 8)
                     .add("value", verdict)
                     .add("complete", v.complete)
                     .add("best_first_moves", v.complete ? joinedMoves(best) : "")
                     .add("nodes", (unsigned long long)v.total.nodes)
                     .add("time_ms", v.total.elapsedMs, 1)
                     .str()
              << std::endl;
    return;
  }
  std::cout << "value: " << verdict;
  if (v.complete) std::cout << "; best first moves: " << joinedMoves(best);
  std::cout << "\nnodes " << v.total.nodes << ", table hits " << v.total.ttHits << ", time "
            << seconds(v.total.elapsedMs) << std::endl;
}

// After a stop: says so on stderr; the exit code (0, or 3 after a stop).
int stopExit(const char* sub) {
  if (!cli::stopRequested()) return 0;
  std::cerr << "games " << sub << ": stopped by " << cli::stopSignalName() << "; the lines above hold\n";
  return cli::kExitInterrupted;
}

int solve(int argc, char** argv) {
  cli::Command c = solveCommand();
  SolveArgs a;
  cli::OptionTable t = solveTable(a);
  return cli::guarded("games", "solve", [&] {
    po::variables_map vm;
    if (!c.parse(argc, argv, vm, t)) return 0;
    checkSolveArgs(a);
    cli::catchStopSignals();
    Ticker ticker{a.quiet, "solving"};
    games::proofs::BoardOptions o;
    o.ttMegabytes = std::size_t(a.ttMb);
    o.orderMinMoves = a.orderMin;
    o.enhancedCutoffs = !a.noEtc;
    o.stop = std::ref(ticker);
    if (!a.json) printSolveTitle(a);
    const auto value = games::proofs::solveBoard(a.game, a.size, o, [&](const games::proofs::FirstMove& f) {
      ticker.what = "solving the first moves after " + f.moves.front() + "'s class";
      printFirstMove(a, f);
    });
    printBoardValue(a, value);
    return stopExit("solve");
  }, kStyle);
}

// ------------------------------------------------------------ games endgame

std::vector<int> parsePlies(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const uint64_t k = cli::parseUnsigned("--plies", item, 200);
    if (k < 1) throw UsageError("--plies: each k must be at least 1, got 0");
    if (std::find(out.begin(), out.end(), int(k)) == out.end()) out.push_back(int(k));
  }
  if (out.empty()) throw UsageError("--plies must list at least one k (as 4,6,8)");
  return out;
}

struct EndgameArgs {
  std::string game, plies = "4,6,8,10,12", judge = "mcts";
  int positions = 20, size = 8, ttMb = 64, judgeMs = 10, orderMin = 8;
  uint64_t seed = 1, gamePlayouts = 1000, judgePlayouts = 0, maxNodes = 0;
  bool noAll = false, json = false, quiet = false, noEtc = false, variant = false;
};

cli::Command endgameCommand() {
  return cli::Command(
      "games", "endgame",
      "games endgame --game shock|attract [--plies 4,6,8,10,12] [--positions P] [--seed S]\n"
      "       [--size N [--analysis-variant]]\n"
      "       [--game-playouts N] [--judge mcts|alphabeta|none] [--judge-time-ms T | --judge-playouts N]\n"
      "       [--no-all-moves] [--max-nodes N] [--tt-mb M] [--json] [--quiet]",
      "Exact values of real endgames: plays P games of the `mcts` player against itself (N playouts\n"
      "a move, game g with seed S + g, so the sample is the same on every machine), takes from each\n"
      "game the position k plies before its end for every k of --plies, and solves each exactly\n"
      "(alpha-beta on win/draw/loss to the end of the game, transposition table): its value for the\n"
      "side to move, nodes and time. Then the judge player (default: mcts, 10 ms a move) picks a move\n"
      "there and the move is checked: optimal when it keeps the exact value; and every legal move is\n"
      "valued, which says how many are optimal (the odds of a random move; --no-all-moves skips it).\n"
      "A line per position (k by k, in the order given), then a summary per k. A position whose solve\n"
      "exceeds --max-nodes is counted as not finished. Progress on stderr.\n"
      "On a board below 8x8 (--analysis-variant, as in `games solve`) the mean nodes from k to k + 2\n"
      "say how far an exact search of the whole board is out of reach (results/games.md).",
      kProofExits, kStyle);
}

cli::OptionTable endgameTable(EndgameArgs& a) {
  cli::OptionTable t;
  t.text("game", a.game, "shock or attract").required();
  t.text("plies", a.plies, "the k's: plies before the end, comma separated");
  t.integer("positions", a.positions, 1, 100000, "games played, one position per game and k");
  t.whole("seed", a.seed, UINT64_MAX / 2, "game g is played with seed S + g");
  t.integer("size", a.size, 3, 16, "board size (3..16; below 8 only with --analysis-variant)");
  t.flag("analysis-variant", a.variant, "allow a board smaller than the rules' 8x8 (the analysis variant)");
  t.whole("game-playouts", a.gamePlayouts, 100'000'000, "the games' mcts player: playouts a move");
  t.text("judge", a.judge, "the player whose moves are checked: a player kind of the game, or none");
  t.integer("judge-time-ms", a.judgeMs, 0, 3'600'000, "the judge's time a move (0: none; not with --judge-playouts)");
  t.whole("judge-playouts", a.judgePlayouts, 100'000'000, "the judge's playouts a move instead of time (0: time)");
  t.flag("no-all-moves", a.noAll, "do not value every legal move (no count of optimal moves)");
  t.whole("max-nodes", a.maxNodes, UINT64_MAX / 2, "per solve, 0: none");
  t.integer("tt-mb", a.ttMb, 1, 65536, "transposition table size in MiB (above 90% of this machine's memory: refused)");
  t.flag("json", a.json, "one JSON object a line: each position, then each k's summary");
  t.flag("quiet", a.quiet, "no progress on stderr");
  t.integer("order-min-moves", a.orderMin, 1, 1000, "order the moves by the evaluation at nodes with at least this many")
      .advanced();
  t.flag("no-etc", a.noEtc, "no enhanced transposition cutoffs (children looked up in the table first)").advanced();
  return t;
}

games::proofs::EndgameOptions endgameOptions(const EndgameArgs& a) {
  if (a.game != "shock" && a.game != "attract")
    throw UsageError("--game must be shock or attract for endgame, got '" + a.game + "'");
  if (a.size < 8 && !a.variant)
    throw UsageError(std::to_string(a.size) + "x" + std::to_string(a.size) +
                     " is smaller than the rules' minimum (8x8): add --analysis-variant to study it as the "
                     "analysis variant");
  if (a.game == "attract" && a.size % 2 != 0) throw UsageError("JC Attract needs an even --size, got " + std::to_string(a.size));
  games::proofs::EndgameOptions o;
  o.size = a.size;
  o.plies = parsePlies(a.plies);
  o.games = a.positions;
  o.seed = a.seed;
  if (a.gamePlayouts == 0) throw UsageError("--game-playouts must be at least 1 (the games' mcts player's playouts a move)");
  o.gamePlayouts = a.gamePlayouts;
  o.judge = a.judge == "none" ? "" : a.judge;
  o.judgeTimeMs = a.judgePlayouts ? 0 : a.judgeMs;
  o.judgePlayouts = a.judgePlayouts;
  if (!a.judgePlayouts && !a.judgeMs && !o.judge.empty())
    throw UsageError("the judge needs a budget: --judge-time-ms or --judge-playouts above 0");
  o.allMoves = !a.noAll;
  o.maxNodes = a.maxNodes;
  o.ttMegabytes = std::size_t(a.ttMb);
  checkTable(a.ttMb);
  o.orderMinMoves = a.orderMin;
  o.enhancedCutoffs = !a.noEtc;
  return o;
}

struct KSummary {
  int positions = 0, wins = 0, draws = 0, losses = 0, unfinished = 0;
  int judged = 0, judgeOptimal = 0;
  // The same in the positions the side to move does not lose (in a lost
  // one every move is "optimal"): does the judge keep the win or the draw?
  int judgedNotLost = 0, judgeOptimalNotLost = 0;
  long long moves = 0, optimalMoves = 0;  // over the positions whose moves were all valued
  uint64_t nodes = 0, maxNodes = 0;
  double ms = 0, maxMs = 0;

  void add(const game::JudgedEndgame<uint8_t>& r) {
    if (!r.complete) {
      ++unfinished;
      return;
    }
    ++positions;
    (r.value == game::Wdl::Win ? wins : r.value == game::Wdl::Draw ? draws : losses)++;
    nodes += r.solve.nodes;
    maxNodes = std::max(maxNodes, r.solve.nodes);
    ms += r.solve.elapsedMs;
    maxMs = std::max(maxMs, r.solve.elapsedMs);
    if (r.judged) {
      ++judged;
      judgeOptimal += r.judgeOptimal();
      if (r.value != game::Wdl::Loss) {
        ++judgedNotLost;
        judgeOptimalNotLost += r.judgeOptimal();
      }
    }
    if (r.optimalMoves >= 0) {
      moves += r.legalMoves;
      optimalMoves += r.optimalMoves;
    }
  }
};

void printEndgameLine(const EndgameArgs& a, const games::proofs::EndgameLine& l) {
  const auto& r = l.result;
  const std::string value = r.complete ? std::string(game::wdlText(r.value)) : "unknown";
  if (a.json) {
    cli::Json j(cli::Json::Compact);
    j.add("k", l.pliesLeft).add("game", l.game).add("to_move", l.toMove).add("value", value).add("complete", r.complete);
    j.add("nodes", (unsigned long long)r.solve.nodes).add("time_ms", r.solve.elapsedMs, 2);
    if (r.complete && r.judged) j.add("judge_move", l.judgeMove).add("judge_optimal", r.judgeOptimal());
    if (r.complete && r.optimalMoves >= 0) j.add("optimal_moves", r.optimalMoves).add("legal_moves", r.legalMoves);
    std::cout << j.str() << std::endl;
    return;
  }
  std::cout << "k " << std::setw(2) << l.pliesLeft << "  game " << std::setw(3) << l.game << "  " << l.toMove
            << " to move: " << std::left << std::setw(7) << value << std::right << "  nodes " << std::setw(10)
            << r.solve.nodes << "  time " << std::setw(9) << seconds(r.solve.elapsedMs);
  if (!r.complete) std::cout << "  not finished (stopped or over --max-nodes)";
  if (r.complete && r.judged)
    std::cout << "  " << a.judge << ' ' << std::left << std::setw(3) << l.judgeMove << std::right
              << (r.judgeOptimal() ? " optimal" : " NOT optimal (" + std::string(game::wdlText(r.judgeValue)) + ")");
  if (r.complete && r.optimalMoves >= 0) std::cout << "  optimal moves " << r.optimalMoves << " of " << r.legalMoves;
  std::cout << std::endl;
}

void printSummary(const EndgameArgs& a, int k, const KSummary& s) {
  const double n = std::max(1, s.positions);
  if (a.json) {
    cli::Json j(cli::Json::Compact);
    j.add("summary_k", k).add("positions", s.positions).add("wins", s.wins).add("draws", s.draws).add("losses", s.losses);
    j.add("unfinished", s.unfinished).add("mean_nodes", double(s.nodes) / n, 0).add("max_nodes", (unsigned long long)s.maxNodes);
    j.add("mean_ms", s.ms / n, 2).add("max_ms", s.maxMs, 2).add("judged", s.judged).add("judge_optimal", s.judgeOptimal);
    j.add("judged_not_lost", s.judgedNotLost).add("judge_optimal_not_lost", s.judgeOptimalNotLost);
    if (s.moves) j.add("optimal_move_share", double(s.optimalMoves) / double(s.moves), 3);
    std::cout << j.str() << std::endl;
    return;
  }
  std::cout << "  k " << std::setw(2) << k << ": " << s.positions << " positions, " << s.wins << " wins / " << s.draws
            << " draws / " << s.losses << " losses";
  if (s.unfinished) std::cout << ", " << s.unfinished << " not finished";
  std::cout << "; nodes mean " << std::fixed << std::setprecision(0) << double(s.nodes) / n << " max " << s.maxNodes
            << "; time mean " << seconds(s.ms / n) << " max " << seconds(s.maxMs);
  if (s.judged)
    std::cout << "; " << a.judge << " optimal " << s.judgeOptimal << " of " << s.judged << " (" << std::setprecision(0)
              << 100.0 * s.judgeOptimal / s.judged << "%), in the " << s.judgedNotLost << " not lost "
              << s.judgeOptimalNotLost;
  if (s.moves)
    std::cout << "; optimal moves " << s.optimalMoves << " of " << s.moves << " (" << std::setprecision(0)
              << 100.0 * double(s.optimalMoves) / double(s.moves) << "%)";
  std::cout << std::defaultfloat << '\n';
}

int endgame(int argc, char** argv) {
  cli::Command c = endgameCommand();
  EndgameArgs a;
  cli::OptionTable t = endgameTable(a);
  return cli::guarded("games", "endgame", [&] {
    po::variables_map vm;
    if (!c.parse(argc, argv, vm, t)) return 0;
    games::proofs::EndgameOptions o = endgameOptions(a);
    cli::catchStopSignals();
    Ticker ticker{a.quiet, "sampling"};
    o.stop = std::ref(ticker);
    o.sampling = [&](int g, int n) {
      if (!a.quiet) cli::Progress(false).bar(g + 1, n, "playing game " + std::to_string(g + 1) + " of " + std::to_string(n));
    };
    std::map<int, KSummary> sum;
    bool sampled = false;
    try {
      games::proofs::studyEndgames(a.game, o, [&](const games::proofs::EndgameLine& l) {
        if (!sampled && !a.quiet) cli::Progress(false).endBar();
        sampled = true;
        ticker.what = "solving k = " + std::to_string(l.pliesLeft);
        sum[l.pliesLeft].add(l.result);
        printEndgameLine(a, l);
      });
    } catch (const std::invalid_argument& e) {  // an unknown --judge, before any game: usage, not data
      throw UsageError(std::string(e.what()) + ": --judge takes a player kind of the game (not a level:N) or none");
    }
    if (!a.json) std::cout << "summary (values for the side to move; nodes and time per solve):\n";
    for (int k : o.plies)
      if (sum.count(k)) printSummary(a, k, sum[k]);
    std::cout << std::flush;
    return stopExit("endgame");
  }, kStyle);
}

}  // namespace

int runSolve(int argc, char** argv) { return solve(argc, argv); }
int runEndgame(int argc, char** argv) { return endgame(argc, argv); }

}  // namespace gamescli
