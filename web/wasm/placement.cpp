// JC Shock and JC Attract for the browser: the Embind boundary over the C++
// engine (engine/placement: the shared move, both games' ends, the position
// file, the notation) and the registry's players (solver/registry/games.h,
// the CLI's), on the session every module shares (binding.h). Nothing here
// decides a rule: the moves of the attraction are read off the engine's
// board before and after the move, the winning pieces come from
// placement::winningInRow, the runs from placement::runsOf, the reasons a
// move is illegal from the engine.
//
//   ShockGame(n), AttractGame(n)   an empty n x n board (null + lastError()
//                                  for a size the game has not)
//   X.fromPosition(text)           a game from a position file (the CLI's,
//                                  placement/position_file.h)
//   game.check("D4")               "" when legal, else the reason
//   game.play("D4")                JSON {ok, placed, colour, slides:[[from,to]...]}
//                                  or {ok:false, reason}; cells are row*n+col,
//                                  row 0 at the bottom (A1)
//   game.undo()                    takes back the last move (replays the rest)
//   game.view()                    JSON: cells, whose turn, outcome, the
//                                  winning pieces (Attract), the deciding runs
//                                  and the run counts (Shock), the move list
//   game.position()                the position file text (export)
//   game.record(players, date)     the game record (records::formatRecord,
//                                  engine/records, docs/formats/game-record.md);
//                                  "" for a game set up from a position file
//   readRecord(text)               records::parseRecord (replays every move):
//                                  JSON {game, size, moves, result} or
//                                  {error: "line N: reason"}
//   think(game, position, kind, timeMs, seed)
//                                  the CPU's move (the worker calls this):
//                                  JSON {move, kind, ms, depth, playouts, value, proof}
//   levels(game)                   the game's levels (the registry's, as
//                                  `games play --level N`): JSON [{level,
//                                  kind, timeMs, strength}]
//   thinkLevel(game, position, level, seed)
//                                  the CPU's move at that level (its player
//                                  and time a move): think()'s JSON
#include <emscripten/bind.h>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "binding.h"
#include "json.h"
#include "placement/position_file.h"
#include "records/game_record.h"
#include "registry/games.h"

namespace {

using namespace placement;
using webjson::jsonArray;
using webjson::jsonString;

// The games of this module (the registry's placement games).
using PlacementGames = game::Registry<games::Shock, games::Attract>;

std::string notASquare(const std::string& name) { return "'" + name + "' is not a square of this board"; }

std::string num(long x) { return std::to_string(x); }

// Page cell (row*n+col) of an engine cell (row*16+col).
int pageCell(int cell, int n) { return rowOf(cell) * n + colOf(cell); }

// The pieces that slid when `placed` went down: on each half-line from the
// new piece the pieces keep their order (none passes another), so the k-th
// nearest before the move is the k-th nearest after it.
std::vector<std::pair<int, int>> slides(const Board& before, const Board& after, int placed) {
  const int n = before.size(), r0 = rowOf(placed), c0 = colOf(placed);
  std::vector<std::pair<int, int>> out;
  const int dirs[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  for (const auto& d : dirs) {
    std::vector<int> was, now;
    for (int r = r0 + d[0], c = c0 + d[1]; before.onBoard(r, c); r += d[0], c += d[1]) {
      if (!before.isEmpty(cellOf(r, c))) was.push_back(cellOf(r, c));
      if (!after.isEmpty(cellOf(r, c))) now.push_back(cellOf(r, c));
    }
    for (size_t k = 0; k < was.size() && k < now.size(); ++k)
      if (was[k] != now[k]) out.push_back({pageCell(was[k], n), pageCell(now[k], n)});
  }
  return out;
}

// Maximal runs (length >= 3) of one colour along rows and columns, as page
// cells, for drawing; which length decides is placement::compareCredits'
// loop, read from runsOf's counts.
std::vector<std::vector<int>> runCells(const Board& b, Colour col, int length) {
  const int n = b.size();
  std::vector<std::vector<int>> out;
  for (int pass = 0; pass < 2; ++pass)
    for (int line = 0; line < n; ++line) {
      std::vector<int> run;
      for (int i = 0; i <= n; ++i) {
        const int cell = pass == 0 ? cellOf(line, i) : cellOf(i, line);
        if (i < n && b.at(cell) == col) {
          run.push_back(pageCell(cell, n));
          continue;
        }
        if (static_cast<int>(run.size()) == length) out.push_back(run);
        run.clear();
      }
    }
  return out;
}

template <class D>
class PlacementGame {
 public:
  using S = typename D::State;
  PlacementGame(const S& start, bool fromEmpty) : game_(start, &notASquare), fromEmpty_(fromEmpty) {}

  static PlacementGame* create(int n) {
    return webgame::orNull<PlacementGame>([&] { return PlacementGame(S(n), /*fromEmpty=*/true); });
  }
  static PlacementGame* fromPosition(const std::string& text) {
    return webgame::orNull<PlacementGame>([&] {
      const PositionFile f = parsePosition(text);
      return PlacementGame(S::fromBoard(f.board, f.toMove), false);
    });
  }

  std::string check(const std::string& name) const { return game_.check(name); }

  std::string play(const std::string& name) {
    const std::string why = check(name);
    if (!why.empty()) return "{\"ok\":false,\"reason\":" + jsonString(why) + "}";
    const S& now = game_.session().now();
    const auto move = *now.parseMove(name);
    const Board before = now.board();
    const Colour who = now.toMove();
    game_.session().play(move);
    const int n = now.size();
    const auto moved = slides(before, game_.session().now().board(), move);
    return "{\"ok\":true,\"placed\":" + num(pageCell(move, n)) + ",\"move\":" + jsonString(squareName(move)) +
           ",\"colour\":\"" + pieceChar(who) + "\",\"slides\":" +
           jsonArray(moved, [](const auto& s) { return "[" + num(s.first) + "," + num(s.second) + "]"; }) + "}";
  }

  bool undo() { return game_.undo(); }
  std::string position() const { return formatPosition(now().board(), now().toMove()); }

  // A record starts from the empty board, so a game set up from a position
  // file has none.
  std::string record(const std::string& players, const std::string& date) const {
    if (!fromEmpty_) return "";
    records::Record r;
    r.game = D::kRecord;
    r.size = now().size();
    r.players = players;
    r.date = date;
    r.moves = game_.session().moveNames();
    records::settleResult(r);
    return records::formatRecord(r);
  }
  int ply() const { return game_.ply(); }

  std::string view() const {
    const S& s = now();
    const Board& b = s.board();
    const int n = b.size();
    std::string cells;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const auto at = b.at(cellOf(r, c));
        cells += at ? pieceChar(*at) : '.';
      }
    std::string j = "{\"game\":\"" + std::string(S::RulesType::kName) + "\",\"n\":" + num(n) +
                    ",\"cells\":" + jsonString(cells) + ",\"toMove\":\"" + pieceChar(s.toMove()) +
                    "\",\"outcome\":" + jsonString(std::string(outcomeText(s.outcome()))) +
                    ",\"over\":" + (s.isTerminal() ? "true" : "false") + ",\"pieces\":" + num(s.piecesPerPlayer()) +
                    ",\"placed\":[" + num(b.count(Colour::White)) + "," + num(b.count(Colour::Black)) + "]" +
                    ",\"moves\":" + jsonArray(game_.session().moveNames(), [](const std::string& m) { return jsonString(m); });
    if constexpr (std::is_same_v<D, games::Attract>) {
      std::vector<int> winning[2];
      for (int c = 0; c < 2; ++c)
        for (int r = 1; r + 1 < n; ++r)
          for (uint32_t bits = winningInRow(b, Colour(c), r); bits; bits &= bits - 1)
            winning[c].push_back(r * n + std::countr_zero(bits));
      auto list = [](int x) { return num(x); };
      j += ",\"winning\":{\"o\":" + jsonArray(winning[0], list) + ",\"x\":" + jsonArray(winning[1], list) + "}";
    } else {
      // Runs of each colour by length; at the end the length that decided
      // (compareCredits' first difference from N down) and those runs.
      const RunCounts runs[2] = {runsOf(b, Colour::White), runsOf(b, Colour::Black)};
      std::string counts = "{";
      for (int c = 0; c < 2; ++c) {
        std::vector<int> byLength;
        for (int len = 3; len <= n; ++len) byLength.push_back(runs[c][len]);
        counts += std::string(c ? "," : "") + "\"" + pieceChar(Colour(c)) + "\":" + jsonArray(byLength, [](int x) { return num(x); });
      }
      j += ",\"runs\":" + counts + "}";
      int decided = 0;
      if (s.isTerminal())
        for (int len = n; len >= 3 && !decided; --len)
          if (runs[0][len] != runs[1][len]) decided = len;
      j += ",\"decidingLength\":" + num(decided) + ",\"decidingRuns\":{";
      for (int c = 0; c < 2; ++c) {
        const auto cellsOf = decided ? runCells(b, Colour(c), decided) : std::vector<std::vector<int>>{};
        j += std::string(c ? "," : "") + "\"" + pieceChar(Colour(c)) + "\":" +
             jsonArray(cellsOf, [](const std::vector<int>& run) { return jsonArray(run, [](int x) { return num(x); }); });
      }
      j += "}";
    }
    return j + "}";
  }

 private:
  const S& now() const { return game_.session().now(); }

  webgame::Game<D> game_;
  bool fromEmpty_;
};

// Reads a position file text into game D's state when called (the think
// calls catch what it throws and answer "error: ...").
template <class D>
auto stateReader(const std::string& positionText) {
  return [&positionText] {
    const PositionFile f = parsePosition(positionText);
    return D::State::fromBoard(f.board, f.toMove);
  };
}

// The CPU's move for a position file text: the registry's player `kind`
// (alpha-beta with iterative deepening within timeMs, MCTS, ...), the
// players of `games play`.
std::string think(const std::string& game, const std::string& positionText, const std::string& kind, int timeMs,
                  unsigned seed) {
  game::SearchLimits limits;
  limits.timeMs = std::max(1, timeMs);
  limits.seed = seed;
  std::string out = "error: unknown game '" + game + "'";
  PlacementGames::visit(game, [&]<class D>() {
    out = webgame::think<D>(stateReader<D>(positionText), kind, limits);
  });
  return out;
}

std::string levels(const std::string& game) {
  std::string out = "error: unknown game '" + game + "'";
  PlacementGames::visit(game, [&]<class D>() { out = webgame::levelsJson<D>(); });
  return out;
}

std::string thinkLevel(const std::string& game, const std::string& positionText, int level, unsigned seed) {
  std::string out = "error: unknown game '" + game + "'";
  PlacementGames::visit(game, [&]<class D>() {
    out = webgame::thinkLevel<D>(stateReader<D>(positionText), level, seed);
  });
  return out;
}

std::string readRecord(const std::string& text) {
  try {
    const records::Record r = records::parseRecord(text);
    if (r.game == records::Game::Rings) return "{\"error\":\"a 5RINGS record: open it on the 5RINGS page\"}";
    return "{\"game\":" + jsonString(std::string(records::gameKey(r.game))) + ",\"size\":" + num(r.size) +
           ",\"moves\":" + jsonArray(r.moves, [](const std::string& m) { return jsonString(m); }) +
           ",\"result\":" + jsonString(r.result) + "}";
  } catch (const std::exception& e) {
    return "{\"error\":" + jsonString(e.what()) + "}";
  }
}

template <class D>
void bindGame(const char* name) {
  using namespace emscripten;
  using G = PlacementGame<D>;
  class_<G> c(name);
  webgame::bindGame(c)
      .class_function("create", &G::create, allow_raw_pointers())
      .class_function("fromPosition", &G::fromPosition, allow_raw_pointers())
      .function("undo", &G::undo);
}

}  // namespace

EMSCRIPTEN_BINDINGS(placement_web) {
  bindGame<games::Shock>("ShockGame");
  bindGame<games::Attract>("AttractGame");
  emscripten::function("think", &think);
  emscripten::function("levels", &levels);
  emscripten::function("thinkLevel", &thinkLevel);
  emscripten::function("readRecord", &readRecord);
  emscripten::function("lastError", &webgame::lastError);
}
