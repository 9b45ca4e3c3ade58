// The `games` subcommands written once for every game of the registry
// (solver/registry/games.h): listing and applying moves, replaying a record,
// running an analysis, a human's turn at the terminal. What differs between
// games is asked of the game's Cli<D> (its options, its board drawer, how it
// words a bad move): placement.cpp for JC Shock and JC Attract, rings.cpp
// for 5RINGS. The rules' words (move names, why a move is illegal, the
// result) come from the engines through game::Notation.
#pragma once
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "common.h"
#include "common/signals.h"
#include "game/match.h"
#include "game/analysis.h"
#include "game/analysis_text.h"
#include "game/game.h"
#include "game/level.h"
#include "game/player.h"
#include "records/game_record.h"
#include "text/lines.h"

namespace gamescli {

// One human turn at the terminal. Lines are read (bounded: never an endless
// line) until `accept(word)` takes one; blank lines are skipped, quit and
// exit stop, and the words in `listWords` print the legal moves instead.
// `word` is the line's first word, or with `wholeLine` the line trimmed.
enum class Turn { Played, Quit, EndOfInput, Refused };
struct HumanPrompt {
  std::string ask;                     // printed before each line is read
  bool wholeLine = false;
  std::vector<std::string> listWords;  // e.g. "moves"
  std::function<void()> list;          // prints the legal moves
  bool bracketStop = false;            // "(end of input: game abandoned)", as 5RINGS words it
};
Turn humanTurn(const HumanPrompt& prompt, const std::function<bool(const std::string& word)>& accept,
               std::string& why);

// A game's front end (D the registry's descriptor). Declared once here;
// placement.cpp defines the members for JC Shock and JC Attract (placement.h
// instantiates them), rings.cpp specialises each for 5RINGS (rings.h).
template <class D>
struct Cli {
  using S = typename D::State;
  static std::string helpSection(const std::string& sub);  // `games SUB --help` without --game
  // Parses argv (argv[0] is the subcommand), then runs a command below;
  // returns the exit code.
  static int run(const std::string& sub, int argc, char** argv);
  static S load(const std::string& path);                                      // a position file
  static std::string positionText(const S& s);                                 // the position file of `apply`
  static std::string moveError(const S& s, const std::string& move, int index);  // "" when legal
  // The replay's title up to the players: "JC Shock 8x8", "5RINGS, order ...".
  static std::string replayTitle(const records::Record& r, const S& start);
  static std::string mover(const S& s);          // who moves, as a replay step names them
  static int cellOf(typename S::Move m);         // the square a move marks on the board
  static std::string drawStart(const S& s, bool colour);  // before the first step ("" for none)
  static std::string drawStep(const S& s, bool colour, int lastCell);
  static std::string drawFinal(const S& s, bool colour, int lastCell);
  static std::string finalResult(const S& s);    // the replay's last line(s)
  // `games play` (runPlay below): the human's prompt, why a typed word is
  // no move ("" when it is one), the computer's move in words; and, none
  // unless the game says (5RINGS), the lines before the first board and
  // what a move did besides (eliminations).
  static HumanPrompt prompt(const S& s);
  static std::string typedProblem(const S& s, const std::string& word);
  static std::string computerMove(const S& s, const std::string& name, const game::SearchResult<typename S::Move>& r);
  static std::string playIntro(const S&, const std::vector<std::string>&) { return ""; }
  static std::string afterMove(const S&, const S&) { return ""; }
};

// Runs `games SUB` for the game whose registry key is `key` (main.cpp):
// Cli<D>::run, or "unknown game" (exit 2). argv[0] is the subcommand.
int runGame(const std::string& key, const std::string& sub, int argc, char** argv);
// Every game's section of `games SUB --help` (each distinct one once).
std::string allHelp(const std::string& sub);

// A computer player named on the command line by `option` ("--a",
// "--seats"): one of D's kinds or "level:N" (game/level.h: the parser every
// front end shares); UsageError naming the option when it is neither.
template <class D>
game::PlayerChoice playerChoice(const std::string& option, const std::string& text) {
  game::PlayerChoice c;
  const std::string why = game::parsePlayerChoice(text, D::kInfo.playerKinds, D::kLevels, c);
  if (!why.empty()) throw UsageError(option + ": " + why);
  return c;
}

// D's levels for --help, a line each, indented: "  3  mcts, 10 ms a move: STRENGTH".
template <class D>
std::string levelLines() {
  std::string out;
  int i = 0;
  for (const game::Level& l : D::kLevels)
    out += "  " + std::to_string(++i) + "  " + std::string(l.kind) + ", " + std::to_string(l.timeMs) + " ms a move: " +
           std::string(l.strength) + "\n";
  return out;
}

// The legal moves by square, named, space separated.
template <game::Notation S>
std::string moveList(const S& s) {
  typename S::Move moves[S::kMaxMoves];
  const int n = s.legalMoves(moves);
  std::sort(moves, moves + n);
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (i) out += ' ';
    out += s.moveName(moves[i]);
  }
  return out;
}

// The result in one line (an engine's resultText may explain on the next).
inline std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// `games moves`: whose turn and the legal moves, or that the game is over.
template <class D>
int cmdMoves(const typename D::State& s) {
  if (s.isTerminal()) {
    std::cout << "no moves: the game is over (result: " << firstLine(s.resultText()) << ")\n";
    return 0;
  }
  typename D::State::Move moves[D::State::kMaxMoves];
  const int n = s.legalMoves(moves);
  std::cout << s.playerName(s.currentPlayer()) << " to move, " << n << (n == 1 ? " move: " : " moves: ")
            << moveList(s) << '\n';
  return 0;
}

// `games apply`: plays the moves (DataError at the first that is not legal,
// in the game's words) and prints the position file and its result.
template <class D>
int cmdApply(typename D::State s, const std::vector<std::string>& moves) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string problem = Cli<D>::moveError(s, moves[i], int(i) + 1);
    if (!problem.empty()) throw DataError(problem);
    s.apply(*s.parseMove(moves[i]));
  }
  std::cout << Cli<D>::positionText(s) << "result: " << firstLine(s.resultText()) << '\n';
  return 0;
}

// One game of a match, as game::playOut plays it, unless SIGINT or SIGTERM
// asks to stop (cli/common/signals.h): checked after every move's search,
// so a stop acts within one move's thinking time; nullopt then (the game
// is dropped: a match counts only finished games).
template <class S, class PlayerOf, class OnMove>
std::optional<S> playUnlessStopped(const S& start, PlayerOf playerOf, const game::SearchLimits& limits,
                                   OnMove&& onMove) {
  struct Stopped {};
  try {
    return game::playOut(start, playerOf, limits, [&](const S& at, typename S::Move m) {
      if (cli::stopRequested()) throw Stopped{};
      onMove(at, m);
    });
  } catch (const Stopped&) {
    return std::nullopt;
  }
}

// The record at `path`; DataError "PATH: line N: reason" when it is none.
inline records::Record loadRecord(const std::string& path) {
  try {
    return records::parseRecord(readFile(path));
  } catch (const records::RecordError& e) {
    throw DataError(path + ": " + e.what());
  }
}

// `games replay`: the moves by rounds ("1. D4 E5", one round of all players
// a line), then the final board and result; with `step`, the board after
// every move, waiting for Enter (q stops).
template <class D>
int cmdReplay(const records::Record& r, bool colour, bool step) {
  using C = Cli<D>;
  constexpr int kRound = D::State::kPlayers;
  typename D::State s = records::startOf<typename D::State>(r);
  std::cout << C::replayTitle(r, s) << (r.players.empty() ? "" : ", " + r.players)
            << (r.date.empty() ? "" : ", " + r.date) << ", " << r.moves.size() << " moves\n";
  if (step) std::cout << C::drawStart(s, colour);
  bool waiting = step;
  int last = -1;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const std::string who = C::mover(s);
    const auto m = *s.parseMove(r.moves[i]);  // the record reader replayed them already
    s.apply(m);
    last = C::cellOf(m);
    if (!step) {
      std::cout << (i % kRound == 0 ? std::to_string(i / kRound + 1) + "." : "") << ' ' << r.moves[i]
                << (i % kRound == kRound - 1 ? "\n" : "");
      continue;
    }
    if (!stepPrompt(i, waiting)) return 0;
    std::cout << "\nmove " << i + 1 << ": " << who << ' ' << r.moves[i] << '\n'
              << C::drawStep(s, colour, last);
  }
  if (!step) {
    if (r.moves.size() % kRound) std::cout << '\n';
    std::cout << C::drawFinal(s, colour, last);
  }
  std::cout << C::finalResult(s);
  return 0;
}

// `games analyze`, the part every game shares: runs the registry's analysis
// of `kind` (D::analyse) and prints each iteration as it completes (text
// lines, or gathered for one JSON object), its scores in D::score's words.
// Returns the last iteration and, for JSON, the iterations' array elements.
template <class Move>
struct AnalysisOutput {
  game::analysis::Iteration<Move> last;
  std::string iterations;  // JSON: the elements of "iterations"
};

template <class D>
AnalysisOutput<typename D::State::Move> runAnalysis(const std::string& kind, const typename D::State& s,
                                                    const game::SearchLimits& limits, int multipv, bool json) {
  using Move = typename D::State::Move;
  AnalysisOutput<Move> out;
  const std::string word(D::depthWord(kind));
  auto moveName = [&s](Move m) { return s.moveName(m); };
  auto score = [&kind](const game::analysis::Line<Move>& l) { return D::score(kind, l); };
  auto report = [&](const game::analysis::Iteration<Move>& it) {
    if (json) {
      if (!out.iterations.empty()) out.iterations += ',';
      out.iterations += game::analysis::jsonIteration(it, word, moveName, score);
    } else {
      std::cout << game::analysis::textLines(it, word, multipv > 1, moveName, score) << std::flush;
    }
  };
  out.last = D::analyse(kind, s, limits, multipv, report);
  return out;
}

// The Players tag of a record: "white=human black=alphabeta" (names[p] is
// player p's kind, or "human").
template <game::Notation S>
std::string playersTag(const S& s, const std::vector<std::string>& names) {
  std::string out;
  for (int p = 0; p < S::kPlayers; ++p) {
    if (p) out += ' ';
    out += s.playerName(p);
    out += '=';
    out += names[p];
  }
  return out;
}

// A record of a game about to start from `start`: game, seed, players, today.
template <class D>
records::Record newRecord(const typename D::State& start, uint64_t seed, const std::vector<std::string>& names) {
  records::Record r;
  r.game = D::kRecord;
  records::setStart(r, start);
  r.seed = seed;
  r.players = playersTag(start, names);
  r.date = today();
  return r;
}

// A human's move: nullopt when the game stops (`stop` says why).
template <class D>
std::optional<typename D::State::Move> humanMove(const typename D::State& s, std::string& stop) {
  std::optional<typename D::State::Move> move;
  const HumanPrompt prompt = Cli<D>::prompt(s);
  std::string why;
  const Turn t = humanTurn(prompt, [&](const std::string& word) {
    const std::string problem = Cli<D>::typedProblem(s, word);
    if (problem.empty()) move = s.parseMove(word);
    else std::cout << problem << '\n';
    return problem.empty();
  }, why);
  const auto stopped = [&](const std::string& reason) {
    return prompt.bracketStop ? "\n(" + reason + ": game abandoned)\n" : "\n" + reason + ": game abandoned\n";
  };
  if (t == Turn::EndOfInput) stop = stopped("end of input");
  if (t == Turn::Refused) stop = stopped("standard input: " + why);
  if (t == Turn::Quit) stop = "game abandoned\n";
  return move;
}

// `games play`: the game from `s` to its end, or until a human stops it.
// players[p] plays player p (null: a human at the terminal), names[p] is
// its kind. The board is drawn (drawStep, in colour unless --no-color)
// before the first move and after every move; --record FILE is checked
// before the game and written at its end or stop (RecordFile).
template <class D>
int runPlay(typename D::State s, const std::vector<std::string>& names,
            const std::vector<std::unique_ptr<game::Player<typename D::State>>>& players,
            const game::SearchLimits& limits, const boost::program_options::variables_map& vm) {
  using C = Cli<D>;
  records::Record record = newRecord<D>(s, limits.seed, names);
  const RecordFile file(vm);
  const bool colour = colourWanted(vm);
  int last = -1;
  std::cout << C::playIntro(s, names) << C::drawStep(s, colour, last);
  while (!s.isTerminal()) {
    const int p = s.currentPlayer();
    const typename D::State before = s;
    typename D::State::Move m{};
    if (!players[p]) {
      std::string stop;
      const auto human = humanMove<D>(s, stop);
      if (!human) return file.finish(stop, record);
      m = *human;
    } else {
      const auto r = players[p]->choose(s, limits);
      if (!r.hasMove) throw std::logic_error("computer found no move in a live position");
      m = r.move;
      std::cout << C::computerMove(s, names[p], r);
    }
    record.moves.push_back(s.moveName(m));
    s.apply(m);
    last = C::cellOf(m);
    std::cout << C::afterMove(before, s) << C::drawStep(s, colour, last);
  }
  return file.finish("result: " + s.resultText() + "\n", record);
}

}  // namespace gamescli
