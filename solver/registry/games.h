// The project's games with their computer players: the one list every front
// end (the `games` CLI, the browser) offers, so that no front end picks a
// game or a player by comparing strings of its own. Adding a game is a new
// descriptor here (docs/adding-a-game.md).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <sstream>
#include <string_view>

#include "game/analysis.h"
#include "game/analysis_text.h"
#include "game/level.h"
#include "game/mcts.h"
#include "game/paranoid.h"
#include "game/player.h"
#include "game/registry.h"
#include "placement/attract.h"
#include "placement/eval.h"
#include "placement/shock.h"
#include "records/game_record.h"
#include "rings/eval.h"
#include "rings/state.h"

namespace games {

// A descriptor may also offer analysis (solver/game/analysis.h: what
// `games analyze` shows, and the browser could) for some of its kinds:
//   analyse(kind, s, limits, multipv, report)  runs it (report sees every iteration)
//   depthWord(kind)  what an iteration is: "depth" (plies) or "slice" (of the time)
//   score(kind, line), scoreUnit(kind)  a line's score in that kind's unit
template <class Move>
using AnalysisReport = std::function<void(const game::analysis::Iteration<Move>&)>;

inline constexpr std::string_view kShockKey = "shock", kShockTitle = "JC Shock";
inline constexpr std::string_view kAttractKey = "attract", kAttractTitle = "JC Attract";

// The levels of JC Shock and JC Attract (1 weakest): a kind of
// PlacementGame::makePlayer and its time a move, each named by what the
// matches of results/games.md ("Levels measured", 8x8) showed: level N
// against level N-1 with `games match --a level:N --b level:N-1`.
// Each strength is level N's match against level N-1 (8x8, session 25: an
// SPRT elo0 0, elo1 50, at most 40, 200, 80 and 16 games), A's
// wins-draws-losses and Elo (95% interval); levels 3-5 with MCTS at its UCT
// constant 0.4 (results/logs/s25-levels-uct04/), 2 over 1 in
// results/logs/s25-levels/; JC Attract's level 3 over its level 2 with the
// tuned evaluation (2026-12-08) in results/logs/2026-12-08-tune/; on an AMD EPYC (Zen 5), 2 vCPUs shared with
// other work, so the times are wall times.
inline constexpr game::Level kShockLevels[] = {
    {"random", 10, "lost all 40 games against level 2"},
    {"alphabeta", 10, "beat level 1: 40 wins, 0 draws, 0 losses (Elo >= +407)"},
    {"mcts", 10, "beat level 2: 45 wins, 0 draws, 17 losses, +169 Elo (+73 .. +265); SPRT H1 after 62 games"},
    {"mcts", 100, "beat level 3: 44 wins, 0 draws, 2 losses, +537 Elo (+308 .. +766); SPRT H1 after 46 games"},
    {"mcts", 1000, "beat level 4: 15 wins, 0 draws, 1 loss in 16 games, +470 Elo (+161 .. +780)"},
};
inline constexpr game::Level kAttractLevels[] = {
    {"random", 10, "lost all 40 games against level 2"},
    {"alphabeta", 10, "beat level 1: 40 wins, 0 draws, 0 losses (Elo >= +407)"},
    {"mcts", 10, "beat level 2: 32 wins, 12 draws, 2 losses, +271 Elo (+141 .. +400); SPRT H1 after 46 games"},
    {"mcts", 100, "beat level 3: 41 wins, 5 draws, 0 losses, +496 Elo (+288 .. +705); SPRT H1 after 46 games"},
    {"mcts", 1000, "beat level 4: 11 wins, 5 draws, 0 losses in 16 games, +293 Elo (+73 .. +512)"},
};
constexpr std::span<const game::Level> levelsOf(std::string_view key) {
  return key == kShockKey ? std::span<const game::Level>(kShockLevels) : std::span<const game::Level>(kAttractLevels);
}

// JC Shock and JC Attract (engine/placement): alpha-beta with the game's
// evaluation, MCTS with random or win-first playouts, random.
template <class S, class E, records::Game kRecordGame, std::string_view const& kKey, std::string_view const& kTitle>
struct PlacementGame {
  using State = S;
  using Eval = E;
  using Line = game::analysis::Line<typename S::Move>;
  static constexpr records::Game kRecord = kRecordGame;
  static constexpr std::string_view kKinds[] = {"alphabeta", "mcts", "mcts-light", "mcts-wide", "mcts-plain", "mcts-endgame", "random",
                                                "alphabeta-untuned"};
  static constexpr game::GameInfo kInfo = {kKey, kTitle, 2, 8, placement::kMaxSize, 8, kKinds};
  // `games play --level N` (1 weakest) and the browser's picker: this
  // game's levels (kShockLevels, kAttractLevels above).
  static constexpr std::span<const game::Level> kLevels = levelsOf(kKey);
  // MCTS's settings for these games: the UCT constant 0.4 rather than the
  // generic 0.7 (game/mcts.h). Both games are won by long-term structure
  // (runs, diagonal traps) that a 10 ms search only sees if it spends its
  // few thousand playouts on the best replies instead of spreading them:
  // SPRT at 10 ms a move, 0.4 against 0.7, H1 in both games (Shock +69 Elo,
  // Attract +153); 0.2 and 0.3 were not better than 0.4 (results/games.md).
  static constexpr typename game::Mcts<S>::Options kMcts{.exploration = 0.4};
  using Light = game::WinFirstPlayout<4>;  // `mcts-light`'s playouts
  static constexpr typename game::Mcts<S, Light>::Options kMctsLight{.exploration = kMcts.exploration};
  static std::unique_ptr<game::Player<S>> makePlayer(std::string_view kind, uint64_t seed) {
    if (kind == "alphabeta") return std::make_unique<game::AlphaBetaPlayer<S, E>>();
    // The SPRT baseline of a tuned evaluation: the hand-set weights (eval.h).
    if (kind == "alphabeta-untuned") return std::make_unique<game::AlphaBetaPlayer<S, E>>(E::untuned());
    if (kind == "mcts") return std::make_unique<game::MctsPlayer<S>>(kMcts);
    if (kind == "mcts-light") return std::make_unique<game::MctsPlayer<S, Light>>(kMctsLight);
    // The SPRT baselines: MCTS with the generic UCT constant 0.7 (as `mcts`
    // played before session 25), and also without its solver (as before issue 49).
    if (kind == "mcts-wide") return std::make_unique<game::MctsPlayer<S>>();
    if (kind == "mcts-plain") return std::make_unique<game::MctsPlayer<S>>(typename game::Mcts<S>::Options{.solver = false});
    // MCTS with an exact alpha-beta endgame over the last 8 moves (game::EndgamePlayer).
    if (kind == "mcts-endgame")
      return std::make_unique<game::EndgamePlayer<S, E>>(std::make_unique<game::MctsPlayer<S>>(kMcts), 8);
    if (kind == "random") return std::make_unique<game::RandomPlayer<S>>(seed);
    return nullptr;
  }

  // Analysis: alpha-beta depth by depth, MCTS ("mcts", "mcts-light") in
  // time slices.
  static game::analysis::Iteration<typename S::Move> analyse(std::string_view kind, const S& s,
                                                           const game::SearchLimits& limits, int multipv,
                                                           const AnalysisReport<typename S::Move>& report) {
    namespace an = game::analysis;
    if (kind == "alphabeta")
      return an::DepthAnalysis<S, game::AlphaBeta<S, E>>(game::AlphaBeta<S, E>(E{})).run(s, limits, multipv, report);
    if (kind == "mcts") return an::MctsAnalysis<S>(kMcts).run(s, limits, multipv, report);
    return an::MctsAnalysis<S, Light>(kMctsLight).run(s, limits, multipv, report);
  }
  static std::string_view depthWord(std::string_view kind) { return kind == "alphabeta" ? "depth" : "slice"; }
  static std::string_view scoreUnit(std::string_view kind) {
    return kind == "alphabeta" ? "evaluation for the player to move (heuristic units, + is better); "
                                 "proven results as win/loss in N plies"
                               : "2 x mean playout return - 1 for the player to move, in [-1, 1]";
  }
  // Alpha-beta's evaluation ("+12") or proof ("proven win in 3 plies");
  // MCTS's mean return mapped to [-1, 1] ("+0.500").
  static game::analysis::Score score(std::string_view kind, const Line& l) {
    game::analysis::Score sc;
    sc.number = kind == "alphabeta" ? l.value : 2 * l.value - 1;
    if (kind != "alphabeta") {
      sc.text = (sc.number >= 0 ? "+" : "") + game::analysis::number(sc.number, 3);
    } else if (l.proof == game::Proof::None) {
      std::ostringstream t;
      t << std::showpos << l.value;
      sc.text = t.str();
    } else {
      sc.text = game::proofText(l.proof, l.proofPlies);
    }
    return sc;
  }
};

using Shock = PlacementGame<placement::ShockState, placement::ShockEval, records::Game::Shock, kShockKey, kShockTitle>;
using Attract =
    PlacementGame<placement::AttractState, placement::AttractEval, records::Game::Attract, kAttractKey, kAttractTitle>;

// 5RINGS (engine/rings): MCTS, paranoid search with rings::Eval, random.
struct Rings {
  using State = rings::State;
  static constexpr records::Game kRecord = records::Game::Rings;
  static constexpr std::string_view kKinds[] = {"mcts", "paranoid", "random", "mcts-wide", "mcts-c10"};
  // MCTS explores with the UCT constant 0.4, as in the duels: against four
  // copies of the generic 0.7 it won 23.9% of 732 games at 10 ms a move
  // (+40 Elo against each, +10 .. +69), the five-seat SPRT's H1 (elo1 50);
  // 1.0 was not better (H0 after 363 games; results/games.md).
  static constexpr game::Mcts<State>::Options kMcts{.exploration = 0.4};
  static constexpr game::GameInfo kInfo = {"rings", "5RINGS", rings::kPlayers, rings::kSide, rings::kSide,
                                           rings::kSide, kKinds};
  // `games play --game rings --level N` (the computer seats) and the
  // browser's picker (1 weakest). Five-player matches (results/games.md,
  // "Levels measured") separated only three steps: random far below, MCTS
  // at 1 s above; paranoid 10 ms, MCTS 10 ms and 100 ms were not separated,
  // so of those only the quickest MCTS is a level. Each text is the level's
  // five-seat SPRT against four copies of the level below (`games match
  // --game rings --seats level:N,level:N-1,level:N-1,level:N-1,level:N-1
  // --sprt-elo1 50`, MCTS at UCT 0.4; results/logs/2026-12-07-rings-levels/).
  static constexpr game::Level kLevels[] = {
      {"random", 10, "four of them won 1 of 15 games against one level 2 seat (14.3 points of 100 each)"},
      {"mcts", 10,
       "beat four level 1 seats: 14 wins in 15 games, +699 Elo against each (+390 .. +1009); SPRT H1 after 15 "
       "games"},
      {"mcts", 1000,
       "beat four level 2 seats: 27 wins in 74 games, +145 Elo against each (+63 .. +226); SPRT H1 after 74 games"},
  };
  static std::unique_ptr<game::Player<State>> makePlayer(std::string_view kind, uint64_t seed) {
    if (kind == "mcts") return std::make_unique<game::MctsPlayer<State>>(kMcts);
    // The five-seat SPRT's baselines (`games match --game rings --seats
    // mcts,mcts-wide,mcts-wide,mcts-wide,mcts-wide --sprt-elo1 50`): the
    // generic UCT constant 0.7 (`mcts` before) and 1.0.
    if (kind == "mcts-wide") return std::make_unique<game::MctsPlayer<State>>();
    if (kind == "mcts-c10") return std::make_unique<game::MctsPlayer<State>>(game::Mcts<State>::Options{.exploration = 1.0});
    if (kind == "paranoid") return std::make_unique<game::ParanoidPlayer<State, rings::Eval>>(rings::Eval{});
    if (kind == "random") return std::make_unique<game::RandomPlayer<State>>(seed);
    return nullptr;
  }

  // Analysis: MCTS in time slices, paranoid search depth by depth; a
  // line's score is the expected final score of the player to move.
  static game::analysis::Iteration<rings::Move> analyse(std::string_view kind, const State& s,
                                                        const game::SearchLimits& limits, int multipv,
                                                        const AnalysisReport<rings::Move>& report) {
    using Search = game::ParanoidSearch<State, rings::Eval>;
    if (kind == "mcts") return game::analysis::MctsAnalysis<State>().run(s, limits, multipv, report);
    return game::analysis::DepthAnalysis<State, Search>(Search(rings::Eval{})).run(s, limits, multipv, report);
  }
  static std::string_view depthWord(std::string_view kind) { return kind == "mcts" ? "slice" : "depth"; }
  static std::string_view scoreUnit(std::string_view) {
    return "expected final score of the player to move, points of 100";
  }
  static game::analysis::Score score(std::string_view, const game::analysis::Line<rings::Move>& l) {
    return game::analysis::Score{l.value * 100, game::analysis::number(l.value * 100, 1)};
  }
};

using Registry = game::Registry<Shock, Attract, Rings>;

}  // namespace games
