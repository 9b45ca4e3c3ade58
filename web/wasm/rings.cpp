// 5RINGS for the browser: the Embind boundary over the C++ engine
// (engine/rings) and players (solver/game). All the Emscripten code of the
// game lives here; engine/ and solver/ are compiled unchanged, with
// -DGAME_NO_TBB (solver/game/mcts.h).
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
//                            worker calls this): JSON {move, playouts, ms, value}
// Squares are named as in the CLI: A1 (bottom left) .. J10.
#include <emscripten/bind.h>

#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "json.h"
#include "game/mcts.h"
#include "game/paranoid.h"
#include "game/player.h"
#include "rings/eval.h"
#include "rings/position_file.h"
#include "rings/state.h"
#include "text/lines.h"

namespace {

using rings::kCells;
using rings::kPlayers;
using rings::Move;
using rings::State;

std::string colourName(int p) { return std::string(rings::kColourNames[p]); }

// Who holds `cell`: the ring or trail owner and which, or -1.
int ownerOf(const State& s, int cell, bool* ring) {
  for (int p = 0; p < kPlayers; ++p) {
    if (s.ringCell(p) == cell) return *ring = true, p;
    if (s.trails(p) & rings::cellBit(cell)) return *ring = false, p;
  }
  return -1;
}

// "" when `name` is a legal move now, else why not. The legality itself is
// State::isLegal; this only puts the engine's reasons (its jump table, its
// occupied and ring sets) into words.
std::string reasonFor(const State& s, const std::string& name) {
  const int cell = rings::parseSquare(name);
  if (cell < 0) return "that is off the board (the squares run A1 .. J10)";
  const Move m{static_cast<uint8_t>(cell)};
  if (s.isLegal(m)) return "";
  const std::string sq = rings::squareName(cell);
  if (s.isTerminal()) return "the game is over";
  bool ring = false;
  if (const int owner = ownerOf(s, cell, &ring); owner >= 0)
    return sq + " is occupied by " + (ring ? "the " + colourName(owner) + " ring" : "a " + colourName(owner) + " trail");
  const int me = s.currentPlayer();
  const int from = s.ringCell(me);
  for (const rings::Jump& j : rings::jumpTable()[from]) {
    if (j.target != cell) continue;
    for (rings::Bits over = j.over & s.rings(); over; over &= over - 1) {
      const int at = rings::lowest(over);
      bool r = false;
      return sq + " is blocked by the " + colourName(ownerOf(s, at, &r)) + " ring on " + rings::squareName(at);
    }
  }
  return sq + " is not a jump from " + rings::squareName(from) +
         ": a ring jumps three squares straight or two diagonally";
}

std::string resultLine(const State& s) {  // as `games apply` prints it
  if (!s.isTerminal()) return "result: ongoing";
  const auto sc = s.scores();
  std::string out = "result: " + colourName(s.winner()) + " wins, scores";
  for (int p = 0; p < kPlayers; ++p) out += std::string(" ") + rings::kColourChars[p] + "=" + std::to_string(sc[p]);
  return out;
}

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
  explicit RingsGame(unsigned seed) : seed_(seed), start_(State::newGame(seed)), now_(start_) {}

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
    g.start_ = g.now_ = rings::parsePosition(board);
    for (const auto& m : moves) {
      const std::string why = g.play(m);
      if (!why.empty()) throw std::runtime_error("move " + std::to_string(g.moves_.size() + 1) + ": " + why);
    }
    return g;
  }

  std::string check(const std::string& name) const { return reasonFor(now_, name); }

  std::string play(const std::string& name) {
    std::string why = check(name);
    if (!why.empty()) return why;
    const int cell = rings::parseSquare(name);
    now_.apply(Move{static_cast<uint8_t>(cell)});
    moves_.push_back(rings::squareName(cell));
    return "";
  }

  std::string position() const { return rings::formatPosition(now_); }
  unsigned seed() const { return seed_; }
  int ply() const { return static_cast<int>(moves_.size()); }

  // The record: seed, order and moves as `games apply` takes them (the rings
  // position file has no comments, so the start position is rebuilt from
  // the order; web/tools/replay-record.sh does that and runs the CLI).
  std::string record() const {
    std::string out = "# 5RINGS game record (web edition); replay: web/tools/replay-record.sh FILE\n";
    out += "seed " + std::to_string(seed_) + "\n";
    out += "order";
    for (uint8_t p : start_.order()) out += std::string(" ") + rings::kColourChars[p];
    out += "\nmoves";
    for (const auto& m : moves_) out += " " + m;
    out += "\n" + resultLine(now_) + "\n";
    return out;
  }

  std::string view() const {
    const State& s = now_;
    std::string cells;
    for (int c = 0; c < kCells; ++c) {
      bool ring = false;
      const int p = ownerOf(s, c, &ring);
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
    j += ",\"moves\":" + jsonArray(moves_, str);
    j += ",\"result\":" + jsonString(resultLine(s));
    return j + "}";
  }

 private:
  unsigned seed_;
  State start_, now_;
  std::vector<std::string> moves_;
};

// The CPU's move. kind: "mcts" (timeMs and/or playouts), "paranoid" (timeMs),
// "random". The seed makes a playout-limited MCTS move reproducible.
std::string think(const std::string& positionText, const std::string& kind, int timeMs, int playouts, unsigned seed) {
  const State s = rings::parsePosition(positionText);
  if (s.isTerminal()) throw std::runtime_error("the game is over");
  game::SearchLimits limits;
  limits.timeMs = timeMs;
  limits.playouts = static_cast<uint64_t>(playouts);
  limits.seed = seed;
  game::SearchResult<Move> r;
  const auto t0 = std::chrono::steady_clock::now();
  if (kind == "mcts") {
    game::Mcts<State> mcts;
    r = mcts.search(s, limits);
  } else if (kind == "paranoid") {
    static game::ParanoidPlayer<State, rings::Eval> paranoid{rings::Eval{}};
    r = paranoid.choose(s, limits);
  } else if (kind == "random") {
    game::RandomPlayer<State> random(seed);
    r = random.choose(s, limits);
  } else {
    throw std::runtime_error("unknown player '" + kind + "' (mcts, paranoid or random)");
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return "{\"move\":" + jsonString(rings::squareName(r.move.to)) + ",\"playouts\":" + std::to_string(r.stats.playouts) +
         ",\"depth\":" + std::to_string(r.stats.depth) + ",\"ms\":" + std::to_string(static_cast<int>(ms)) +
         ",\"value\":" + std::to_string(r.value) + "}";
}

// Exceptions cross the boundary as text: "error: ..." (Embind would otherwise
// hand the page a bare pointer).
std::string thinkSafe(const std::string& p, const std::string& k, int t, int n, unsigned seed) {
  try {
    return think(p, k, t, n, seed);
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

// fromRecord for JS: a game, or null with the reason in lastError().
std::string lastErrorText;
RingsGame* fromRecordSafe(const std::string& text) {
  try {
    lastErrorText.clear();
    return new RingsGame(RingsGame::fromRecord(text));
  } catch (const std::exception& e) {
    lastErrorText = e.what();
    return nullptr;
  }
}
std::string lastError() { return lastErrorText; }

}  // namespace

EMSCRIPTEN_BINDINGS(rings_web) {
  using namespace emscripten;
  class_<RingsGame>("RingsGame")
      .constructor<unsigned>()
      .class_function("fromRecord", &fromRecordSafe, allow_raw_pointers())
      .function("check", &RingsGame::check)
      .function("play", &RingsGame::play)
      .function("position", &RingsGame::position)
      .function("record", &RingsGame::record)
      .function("view", &RingsGame::view)
      .function("seed", &RingsGame::seed)
      .function("ply", &RingsGame::ply);
  function("think", &thinkSafe);
  function("lastError", &lastError);
}
