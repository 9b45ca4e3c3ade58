// 5RINGS for the browser: the Embind boundary over the C++ engine
// (engine/rings: rules, notation, the reasons a move is illegal) and the
// registry's players (solver/registry/games.h), on the session every module
// shares (binding.h). All the Emscripten code of the game lives here;
// engine/ and solver/ are compiled unchanged (solver/search/parallel.h runs
// MCTS's trees serially under Emscripten).
//
// The page never decides a rule. It asks this module:
//   RingsGame(seed)          a new game, the playing order drawn from the seed
//                            (rings::State::newGame, the same draw as the CLI)
//   RingsGame.fromRecord(t)  a game from an exported record (below)
//   game.view()              JSON of what to draw: cells, rings, order, whose
//                            turn, phase, eliminated, scores, legal targets,
//                            winner, the CLI's `result:` line
//   game.check("E5")         "" when legal, else the reason in words
//   game.play("E5")          check() and, when legal, apply; returns check()
//   game.record()            the record: seed, order, moves, result line;
//                            web/tools/replay-record.sh FILE replays it with
//                            `games apply` to the same result line
//   think(position, kind, timeMs, playouts, seed)
//                            the CPU's move for a position file text (the
//                            worker calls this): JSON {move, kind, playouts, ms, value}
//   levels()                 the levels (the registry's, as `games play
//                            --level N`): JSON [{level, kind, timeMs, strength}]
//   thinkLevel(position, level, seed)
//                            the CPU's move at that level: think()'s JSON
// Squares are named as in the CLI: A1 (bottom left) .. J10.
#include <emscripten/bind.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "binding.h"
#include "json.h"
#include "registry/games.h"
#include "rings/position_file.h"
#include "rings/state.h"
#include "text/lines.h"

namespace {

using rings::kCells;
using rings::kPlayers;
using rings::Move;
using rings::State;
using D = games::Rings;

std::string offTheBoard(const std::string&) { return "that is off the board (the squares run A1 .. J10)"; }

std::string resultLine(const State& s) { return "result: " + s.resultText(); }  // as `games apply` prints it

using webjson::jsonArray;
using webjson::jsonString;

std::vector<std::string> splitWords(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

class RingsGame {
 public:
  explicit RingsGame(unsigned seed) : seed_(seed), game_(State::newGame(seed), &offTheBoard) {}

  // A game from record() text: "order" is required, "seed" and "moves"
  // optional; "#" lines and the result line are ignored (it is recomputed).
  static RingsGame fromRecord(const std::string& text) {
    RingsGame g(1);
    // The bounds of every reader (engine/text/lines.h): line length, size, no NUL.
    if (auto p = text::checkText(text)) throw std::runtime_error("line " + std::to_string(p->line) + ": " + p->reason);
    std::vector<std::string> order, moves;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      auto w = splitWords(line);
      if (w.empty() || w[0][0] == '#' || w[0] == "result:") continue;
      const std::string key = w[0];
      w.erase(w.begin());
      if (key == "seed" && w.size() == 1) g.seed_ = static_cast<unsigned>(std::stoul(w[0]));
      else if (key == "order") order = w;
      else if (key == "moves") moves = w;
      else throw std::runtime_error("unexpected line '" + line + "'");
    }
    std::string board;
    for (int r = 0; r < rings::kSide; ++r) board += "..........\n";
    if (order.empty()) throw std::runtime_error("the record has no order line");
    board += "order";
    for (const auto& c : order) board += " " + c;
    board += "\nto_move " + order[0] + "\n";
    g.game_ = webgame::Game<D>(rings::parsePosition(board), &offTheBoard);
    for (const auto& m : moves) {
      const std::string why = g.play(m);
      if (!why.empty()) throw std::runtime_error("move " + std::to_string(g.ply() + 1) + ": " + why);
    }
    return g;
  }

  std::string check(const std::string& name) const { return game_.check(name); }

  std::string play(const std::string& name) {
    return game_.session().play(name, offTheBoard(name));
  }

  std::string position() const { return rings::formatPosition(now()); }
  unsigned seed() const { return seed_; }
  int ply() const { return game_.ply(); }

  // The record: seed, order and moves as `games apply` takes them (the rings
  // position file has no comments, so the start position is rebuilt from
  // the order; web/tools/replay-record.sh does that and runs the CLI).
  std::string record() const {
    std::string out = "# 5RINGS game record (web edition); replay: web/tools/replay-record.sh FILE\n";
    out += "seed " + std::to_string(seed_) + "\n";
    out += "order";
    for (uint8_t p : game_.session().start().order()) out += std::string(" ") + rings::kColourChars[p];
    out += "\nmoves";
    for (const auto& m : game_.session().moveNames()) out += " " + m;
    out += "\n" + resultLine(now()) + "\n";
    return out;
  }

  std::string view() const {
    const State& s = now();
    std::string cells;
    for (int c = 0; c < kCells; ++c) {
      bool ring = false;
      const int p = s.ownerOf(c, &ring);
      cells += p < 0 ? '.' : ring ? rings::kColourChars[p] : static_cast<char>(rings::kColourChars[p] - 'A' + 'a');
    }
    Move legal[State::kMaxMoves];
    const int n = s.legalMoves(legal);
    std::vector<std::string> targets;
    for (int i = 0; i < n; ++i) targets.push_back(rings::squareName(legal[i].to));
    const auto sc = s.scores();
    std::array<int, kPlayers> ringsAt{}, out{};
    for (int p = 0; p < kPlayers; ++p) {
      ringsAt[p] = s.ringCell(p) == rings::kNoCell ? -1 : s.ringCell(p);
      out[p] = s.eliminated(p) ? 1 : 0;
    }
    auto num = [](int x) { return std::to_string(x); };
    auto str = [](const std::string& x) { return jsonString(x); };
    std::string j = "{";
    j += "\"cells\":" + jsonString(cells);
    j += ",\"rings\":" + jsonArray(ringsAt, num);
    j += ",\"order\":" + jsonArray(s.order(), [](uint8_t p) { return std::to_string(p); });
    j += ",\"toMove\":" + std::to_string(s.isTerminal() ? -1 : s.currentPlayer());
    j += ",\"phase\":" + jsonString(s.isTerminal() ? "over" : s.placementPhase() ? "place" : "move");
    j += ",\"eliminated\":" + jsonArray(out, num);
    j += ",\"scores\":" + jsonArray(sc, num);
    j += ",\"empty\":" + std::to_string(rings::count(s.empty()));
    j += ",\"legal\":" + jsonArray(targets, str);
    j += ",\"winner\":" + std::to_string(s.winner());
    j += ",\"ply\":" + std::to_string(ply());
    j += ",\"moves\":" + jsonArray(game_.session().moveNames(), str);
    j += ",\"result\":" + jsonString(resultLine(s));
    return j + "}";
  }

 private:
  const State& now() const { return game_.session().now(); }

  unsigned seed_;
  webgame::Game<D> game_;
};

// The CPU's move for a position file text (the worker calls this). kind:
// the registry's "mcts" (timeMs and/or playouts), "paranoid" (timeMs),
// "random"; the seed makes a playout-limited MCTS move reproducible.
std::string think(const std::string& positionText, const std::string& kind, int timeMs, int playouts, unsigned seed) {
  game::SearchLimits limits;
  limits.timeMs = timeMs;
  limits.playouts = static_cast<uint64_t>(playouts);
  limits.seed = seed;
  return webgame::think<D>([&] { return rings::parsePosition(positionText); }, kind, limits);
}

std::string levels() { return webgame::levelsJson<D>(); }

std::string thinkLevel(const std::string& positionText, int level, unsigned seed) {
  return webgame::thinkLevel<D>([&] { return rings::parsePosition(positionText); }, level, seed);
}

// fromRecord for JS: a game, or null with the reason in lastError().
RingsGame* fromRecordSafe(const std::string& text) {
  return webgame::orNull<RingsGame>([&] { return RingsGame::fromRecord(text); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(rings_web) {
  using namespace emscripten;
  class_<RingsGame> c("RingsGame");
  webgame::bindGame(c)
      .constructor<unsigned>()
      .class_function("fromRecord", &fromRecordSafe, allow_raw_pointers())
      .function("seed", &RingsGame::seed);
  function("think", &think);
  function("levels", &levels);
  function("thinkLevel", &thinkLevel);
  function("lastError", &webgame::lastError);
}
