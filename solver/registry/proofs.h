// Proven results of JC Shock and JC Attract (issue 49, item 4): what
// `games solve` and `games endgame` run, the game-specific wiring of the
// game-independent exact solver (solver/game/exact.h, endgame_study.h).
// What is game-specific here: the state (the analysis variant of small
// boards, engine/placement/state.h), the move order (the game's alpha-beta
// evaluation: engine runs and diagonals, heuristics/placement/eval.h) and
// the table key (the eight board symmetries, engine/placement/symmetry.h).
//
//   solveBoard(game, n, options, each)   the exact value of the empty n x n
//       board for white (who moves first) and of every first move, one
//       class of symmetric first moves at a time (`each` sees each class).
//   studyEndgames(game, options, each)   positions k plies before the end of
//       games of a player against itself, each solved exactly and the judge
//       player's move checked against it (`each` sees every position).
//
// Both take a stop callback (Ctrl-C in the CLI): what was reported before
// the stop is complete; the class or position under way is reported with
// complete = false.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "game/endgame_study.h"
#include "game/exact.h"
#include "placement/symmetry.h"
#include "registry/games.h"

namespace games::proofs {

// ------------------------------------------------------------ small boards

struct BoardOptions {
  std::size_t ttMegabytes = 256;
  int orderMinMoves = 8;         // game::ExactOptions: order the moves at nodes with this many
  bool enhancedCutoffs = true;   // game::ExactOptions: look the children up first
  std::function<bool()> stop;
};

struct FirstMove {
  std::vector<std::string> moves;  // the class: one first move and its symmetric images ("A1 A4 D1 D4")
  game::Wdl value = game::Wdl::Draw;  // exact, for white (the first player)
  bool complete = false;
  game::ExactStats stats;
};

struct BoardValue {
  std::string game;  // "shock"
  int size = 0;
  int piecesPerPlayer = 0;
  bool complete = false;              // every first move solved
  game::Wdl value = game::Wdl::Draw;  // for white: the best first move's value (when complete)
  std::vector<FirstMove> firstMoves;  // by class, in the order solved
  game::ExactStats total;             // the nodes, table hits and time of all classes
};

namespace detail {

template <class D>
BoardValue solveBoard(int n, const BoardOptions& o, const std::function<void(const FirstMove&)>& each) {
  using S = typename D::State;
  using Order = game::EvalOrder<S, typename D::Eval>;
  const S start(n, placement::AnalysisVariant{});
  game::ExactOptions eo;
  eo.ttMegabytes = o.ttMegabytes;
  eo.orderMinMoves = o.orderMinMoves;
  eo.enhancedCutoffs = o.enhancedCutoffs;
  eo.stopRequested = o.stop;
  game::ExactSolver<S, Order, placement::SymmetricKey> solver(eo);
  BoardValue out;
  out.game = std::string(D::kInfo.key);
  out.size = n;
  out.piecesPerPlayer = start.piecesPerPlayer();
  int best = -2;
  bool complete = true;
  solver.solveEachMove(start, [&](const auto& cls) {
    FirstMove f;
    for (auto m : cls.moves) f.moves.push_back(start.moveName(m));
    f.value = cls.result.value;
    f.complete = cls.result.complete;
    f.stats = cls.result.stats;
    out.total.nodes += f.stats.nodes;
    out.total.ttHits += f.stats.ttHits;
    out.total.elapsedMs += f.stats.elapsedMs;
    complete = complete && f.complete;
    if (f.complete) best = std::max(best, int(f.value));
    out.firstMoves.push_back(f);
    if (each) each(f);
  });
  out.complete = complete && !out.firstMoves.empty();
  out.value = game::Wdl(std::max(best, -1));
  return out;
}

}  // namespace detail

// The analysis-variant board n x n of `game` ("shock": 3..16, "attract":
// even 4..16) solved exactly. Throws std::invalid_argument for another game
// or size.
inline BoardValue solveBoard(std::string_view game, int n, const BoardOptions& o,
                             const std::function<void(const FirstMove&)>& each = {}) {
  if (game == Shock::kInfo.key) return detail::solveBoard<Shock>(n, o, each);
  if (game == Attract::kInfo.key) return detail::solveBoard<Attract>(n, o, each);
  throw std::invalid_argument("no exact solver for '" + std::string(game) + "' (shock, attract)");
}

// --------------------------------------------------------------- endgames

struct EndgameOptions {
  int size = 8;  // below 8: the analysis variant (the caller asked for it)
  std::vector<int> plies{4, 6, 8, 10, 12};  // k: plies before the end
  int games = 20;                           // one position per game and k
  uint64_t seed = 1;                        // game g is played with seed + g
  std::string player = "mcts";              // plays the games (registry kind, both sides)
  uint64_t gamePlayouts = 1000;             // its budget a move (fixed: the sample is reproducible)
  std::string judge = "mcts";               // whose moves are checked ("" none)
  int64_t judgeTimeMs = 10;                 // its budget a move; or
  uint64_t judgePlayouts = 0;               // a playout budget (then reproducible)
  bool allMoves = true;                     // count the optimal moves of each position
  uint64_t maxNodes = 0;                    // per solve, 0: none (a position over it is "not finished")
  std::size_t ttMegabytes = 64;
  int orderMinMoves = 8;        // as BoardOptions
  bool enhancedCutoffs = true;
  std::function<bool()> stop;
  std::function<void(int game, int games)> sampling;  // progress while the games are played
};

struct EndgameLine {
  int game = 0;
  int pliesLeft = 0;
  std::string toMove;     // "white", "black"
  std::string judgeMove;  // "D4" ("" when not judged)
  game::JudgedEndgame<uint8_t> result;
};

namespace detail {

template <class D>
void studyEndgames(const EndgameOptions& o, const std::function<void(const EndgameLine&)>& each) {
  using S = typename D::State;
  using Order = game::EvalOrder<S, typename D::Eval>;
  // The rules' board, or below 8x8 the analysis variant's (how far an
  // exact search of a small board is out of reach: results/games.md).
  const S start = o.size < 8 ? S(o.size, placement::AnalysisVariant{}) : S(o.size);
  auto player = D::makePlayer(o.player, o.seed);
  if (!player) throw std::invalid_argument("unknown player '" + o.player + "'");
  std::unique_ptr<game::Player<S>> judge;
  if (!o.judge.empty()) {
    judge = D::makePlayer(o.judge, o.seed);
    if (!judge) throw std::invalid_argument("unknown judge player '" + o.judge + "'");
  }
  game::SearchLimits play;
  play.playouts = o.gamePlayouts;
  std::vector<game::SampledEndgame<S>> sample;
  for (int g = 0; g < o.games; ++g) {  // a game at a time, for the progress
    if (o.sampling) o.sampling(g, o.games);
    auto one = game::sampleEndgames(start, *player, play, 1, o.plies, o.seed + uint64_t(g), o.stop);
    for (auto& p : one) p.game = g;
    sample.insert(sample.end(), one.begin(), one.end());
    if (o.stop && o.stop()) return;
  }
  // Solved by k (as given), then by game: a k's figures are whole before
  // the next k starts, so an interrupted run still has every earlier k.
  std::stable_sort(sample.begin(), sample.end(), [&](const auto& a, const auto& b) {
    const auto ka = std::find(o.plies.begin(), o.plies.end(), a.pliesLeft);
    const auto kb = std::find(o.plies.begin(), o.plies.end(), b.pliesLeft);
    return ka < kb;
  });
  game::ExactOptions eo;
  eo.ttMegabytes = o.ttMegabytes;
  eo.nodeLimit = o.maxNodes;
  eo.orderMinMoves = o.orderMinMoves;
  eo.enhancedCutoffs = o.enhancedCutoffs;
  eo.stopRequested = o.stop;
  game::EndgameJudge<S, Order> judgeExact(eo);
  game::SearchLimits jl;
  jl.timeMs = o.judgeTimeMs;
  jl.playouts = o.judgePlayouts;
  for (const auto& p : sample) {
    jl.seed = o.seed + uint64_t(p.game);
    EndgameLine line;
    line.game = p.game;
    line.pliesLeft = p.pliesLeft;
    line.toMove = p.state.playerName(p.state.currentPlayer());
    line.result = judgeExact.judge(p.state, judge.get(), jl, o.allMoves);
    if (line.result.judged) line.judgeMove = p.state.moveName(line.result.judgeMove);
    each(line);
    if (o.stop && o.stop()) return;
  }
}

}  // namespace detail

// Throws std::invalid_argument for an unknown game or player.
inline void studyEndgames(std::string_view game, const EndgameOptions& o,
                          const std::function<void(const EndgameLine&)>& each) {
  if (game == Shock::kInfo.key) return detail::studyEndgames<Shock>(o, each);
  if (game == Attract::kInfo.key) return detail::studyEndgames<Attract>(o, each);
  throw std::invalid_argument("no exact solver for '" + std::string(game) + "' (shock, attract)");
}

}  // namespace games::proofs
