// Golden Nugget for the browser: the Embind boundary over the C++ engine
// (engine/nugget: moves, reasons, solved test, the jcgn-1 writer and
// verifier) and the solver's board search (solver/nugget ChainSolver, serial:
// solver/search/parallel.h's path under Emscripten). All the Emscripten code of the
// game lives here; engine/, heuristics/ and solver/ are compiled unchanged.
//
// The page never decides a rule. It asks this module:
//   NuggetChain(boards)       a chain of 20..200 boards from the start position
//   NuggetChain.restore(t)    a chain from save() text (null + lastError())
//   chain.push("P")           the push at a label: JSON {ok, move, cells,
//                             solved, done} or {ok:false, reason}; cells are
//                             the segment 1..p (cells[0] at the force point)
//   chain.undo()              takes back the last move of the current board
//   chain.restartBoard()      takes back all of them
//   chain.view()              JSON of what to draw (tiles, both faces'
//                             colours, board number, moves, legal labels,
//                             the ranking figures)
//   chain.save()              the boards solved (jcgn-1 text, partial) and
//                             the current board's moves: for localStorage
//   chain.entry()             the jcgn-1 entry (jcgn::toString), "" under 20
//   verify(text, name)        jcgn::verify: JSON {ok, message, line, reason,
//                             boards, moves, mean, perBoard}; message is
//                             what `nugget verify` prints
//   Replay(text)              an entry read by the verifier, for stepping:
//                             replay.at(board, move) is a view() at that point
//   hint(tiles, face, board, width, depth, lookahead[, heuristic])
//                             the solver's board search (ChainSolver::solveBoard)
//                             with the beam heuristic named (default "chain",
//                             the page's choice; web/tools/hint-greedy.mjs
//                             compares "displacement")
//                             with an endgame table of depth 4 or 5, built in
//                             memory at the first call of that depth and kept:
//                             JSON {moves:[...], ms, width, depth, generated,
//                             next, tableMs, tableBytes} or "error: ..."
//                             (width 0: only build the table; lookahead: the
//                             end states whose next board is test-solved,
//                             solve::Options::lookahead). The page widens
//                             the beam between calls (worker.js).
// Cells are r*7+c; labels as in RULES.md (1-7, A-U).
#include <emscripten/bind.h>

#include <chrono>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "json.h"
#include "nugget/board.h"
#include "nugget/chain/chain.h"
#include "nugget/jcgn.h"
#include "text/lines.h"

namespace {

using namespace nugget;

using webjson::jsonArray;
using webjson::jsonString;

std::string num(long x) { return std::to_string(x); }
std::string fixed(double x, int digits) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(digits);
  s << x;
  return s.str();
}

std::string movesJson(const std::vector<Move>& moves) {
  return jsonArray(moves, [](Move m) { return jsonString(m.full()); });
}

// What the page draws of a board: tiles, the colour letters of both faces at
// each cell (WYBPRG), the legal labels with their p.
std::string boardJson(const Board& b) {
  std::string shown, hidden;
  for (int c = 0; c < kCells; ++c) {
    shown += colourChar(b.pos.colourAt(c, 0));
    hidden += colourChar(b.pos.colourAt(c, 1));
  }
  std::string legal = "{";
  bool first = true;
  for (Move m : b.pos.legalMoves()) {
    if (!first) legal += ',';
    first = false;
    legal += "\"" + std::string(1, labelChar(m.label)) + "\":" + std::to_string(m.p);
  }
  legal += "}";
  return "\"tiles\":" + jsonArray(b.tiles, [](uint8_t t) { return std::to_string(t); }) +
         ",\"shown\":" + jsonString(shown) + ",\"hidden\":" + jsonString(hidden) + ",\"face\":\"" +
         faceChar(b.face) + "\",\"legal\":" + legal + ",\"solved\":" + (b.pos.solved() ? "true" : "false");
}

// The cells of the segment 1..p of a move (cells[0] at the force point).
std::string segmentJson(Move m) {
  std::vector<int> cells;
  for (int k = 1; k <= m.p; ++k) cells.push_back(lineCell(m.label, k));
  return jsonArray(cells, [](int c) { return std::to_string(c); });
}

// The ranking figures of RULES.md for the boards solved: mean, boards, the
// last board's moves and the one before.
std::string rankingJson(const jcgn::Entry& e) {
  const auto per = e.movesPerBoard();
  const double mean = per.empty() ? 0.0 : static_cast<double>(e.totalMoves()) / static_cast<double>(per.size());
  return "\"perBoard\":" + jsonArray(per, [](int x) { return std::to_string(x); }) +
         ",\"totalMoves\":" + num(e.totalMoves()) + ",\"mean\":" + fixed(mean, 4);
}

std::string lastErrorText;

class NuggetChain {
 public:
  explicit NuggetChain(int boards) : boards_(boards), now_(Board::start()) {
    if (boards < jcgn::kMinBoards || boards > jcgn::kMaxBoards)
      throw std::invalid_argument("a chain has 20 to 200 boards");
  }

  // save() text: "boards N", "moves ...", then the boards solved as jcgn-1.
  static NuggetChain* restore(const std::string& text) {
    try {
      lastErrorText.clear();
      // The bounds of every reader (engine/text/lines.h): line length, size, no NUL.
      if (auto p = text::checkText(text)) throw std::runtime_error("line " + std::to_string(p->line) + ": " + p->reason);
      std::istringstream in(text);
      std::string line, jcgnText;
      int boards = 0;
      std::vector<std::string> moves;
      while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "boards") words >> boards;
        else if (key == "moves") for (std::string w; words >> w;) moves.push_back(w);
        else jcgnText += line + "\n";
      }
      auto chain = std::make_unique<NuggetChain>(boards);
      std::istringstream entryIn(jcgnText);
      jcgn::Verdict v = jcgn::verify(entryIn, /*allowPartial=*/true);
      if (!v.ok) throw std::runtime_error("saved boards: line " + std::to_string(v.line) + ": " + v.reason);
      chain->entry_ = v.entry;
      chain->now_ = jcgn::nextStart(chain->entry_);
      if (chain->done())  // a finished chain shows its last board solved, as push() leaves it
        chain->now_ = Board::fromTiles(chain->entry_.boards.back().final, faceOfBoard(chain->boards_));
      for (const auto& w : moves) {
        const auto parsed = parseMove(w);
        if (!parsed) throw std::runtime_error("saved move '" + w + "' is not a move");
        Move played;
        if (auto why = chain->now_.play(*parsed, &played)) throw std::runtime_error("saved move " + w + ": " + *why);
        chain->moves_.push_back(played);
      }
      return chain.release();
    } catch (const std::exception& e) {
      lastErrorText = e.what();
      return nullptr;
    }
  }

  std::string push(const std::string& label) {
    if (done()) return refuse("the chain is complete: export it or start a new one");
    if (label.size() != 1 || !labelFromChar(label[0])) return refuse("'" + label + "' is not a force point (1-7, A-U)");
    if (static_cast<int>(moves_.size()) >= jcgn::kMaxMovesPerBoard)
      return refuse("99 moves is the limit on one board: undo, or start the board again");
    Move played;
    if (auto why = now_.play(MoveText{*labelFromChar(label[0]), std::nullopt}, &played))
      return refuse(label + ": " + *why);
    moves_.push_back(played);
    std::string out = "{\"ok\":true,\"move\":" + jsonString(played.full()) + ",\"cells\":" + segmentJson(played);
    const bool solved = now_.pos.solved();
    if (solved) {
      entry_.boards.push_back({moves_, now_.tiles});
      moves_.clear();
      if (!done()) now_.flip();  // the tiles turn over where they stand: the next board
    }
    return out + ",\"solved\":" + (solved ? "true" : "false") + ",\"done\":" + (done() ? "true" : "false") + "}";
  }

  std::string undo() {
    if (moves_.empty()) return refuse("no move to take back on this board");
    const Move m = moves_.back();
    moves_.pop_back();
    now_.undo(m);
    // The segment moves back: cells[0] holds the white tile that returns to p.
    return "{\"ok\":true,\"move\":" + jsonString(m.full()) + ",\"cells\":" + segmentJson(m) + "}";
  }

  void restartBoard() {
    while (!moves_.empty()) undo();
  }

  bool done() const { return static_cast<int>(entry_.boards.size()) >= boards_; }

  std::string view() const {
    return "{" + boardJson(now_) + ",\"board\":" + num(static_cast<long>(entry_.boards.size()) + (done() ? 0 : 1)) +
           ",\"boards\":" + num(boards_) + ",\"solvedBoards\":" + num(static_cast<long>(entry_.boards.size())) +
           ",\"done\":" + (done() ? "true" : "false") + ",\"moves\":" + movesJson(moves_) + "," + rankingJson(entry_) +
           ",\"limit\":" + num(jcgn::kMaxMovesPerBoard) + "}";
  }

  std::string save() const {
    std::string out = "boards " + std::to_string(boards_) + "\nmoves";
    for (Move m : moves_) out += " " + m.full();
    return out + "\n" + jcgn::toString(entry_);
  }

  std::string entry() const {
    if (static_cast<int>(entry_.boards.size()) < jcgn::kMinBoards) return "";
    return jcgn::toString(entry_, "Golden Nugget chain played by hand in the browser edition");
  }

  // The current board, as hint() takes it.
  std::string tiles() const { return tilesToString(now_.tiles); }

 private:
  static std::string refuse(const std::string& why) { return "{\"ok\":false,\"reason\":" + jsonString(why) + "}"; }

  int boards_;
  jcgn::Entry entry_;
  Board now_;
  std::vector<Move> moves_;
};

std::string verdictJson(const jcgn::Verdict& v, const std::string& name) {
  return "{\"ok\":" + std::string(v.ok ? "true" : "false") + ",\"message\":" + jsonString(v.message(name)) +
         ",\"line\":" + num(v.line) + ",\"reason\":" + jsonString(v.reason) + ",\"boards\":" + num(v.boards()) + "," +
         rankingJson(v.entry) + "}";
}

std::string verifyText(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  return verdictJson(jcgn::verify(in), name);
}

// An entry to step through: the verifier reads it (a faulty entry replays up
// to its first bad board), each board's start is the last final turned over.
class Replay {
 public:
  explicit Replay(const std::string& text) {
    std::istringstream in(text);
    verdict_ = jcgn::verify(in, /*allowPartial=*/true);
    Board b = Board::start();
    for (const auto& rec : verdict_.entry.boards) {
      starts_.push_back(b);
      for (Move m : rec.moves) b.apply(m);
      b.flip();
    }
  }
  int boards() const { return static_cast<int>(starts_.size()); }
  std::string movesOf(int board) const {
    return board < 1 || board > boards() ? "[]" : movesJson(verdict_.entry.boards[board - 1].moves);
  }
  // The board `board` (1-based) after its first `move` moves; the last move
  // played and its segment, for the animation.
  std::string at(int board, int move) const {
    if (board < 1 || board > boards()) return "{\"error\":\"no such board\"}";
    const auto& moves = verdict_.entry.boards[board - 1].moves;
    move = std::max(0, std::min(move, static_cast<int>(moves.size())));
    Board b = starts_[board - 1];
    for (int i = 0; i < move; ++i) b.apply(moves[i]);
    std::string out = "{" + boardJson(b) + ",\"board\":" + num(board) + ",\"move\":" + num(move);
    if (move > 0) out += ",\"last\":" + jsonString(moves[move - 1].full()) + ",\"cells\":" + segmentJson(moves[move - 1]);
    return out + "}";
  }

 private:
  jcgn::Verdict verdict_;
  std::vector<Board> starts_;
};

// The hint: the solver's own board search, narrow and serial. The table of
// the depth asked for is built at its first call (symmetry-reduced: depth 4
// 0.3 MB in 0.1 s, depth 5 4.1 MB in 0.5-0.7 s in node, results/README.md)
// and kept; another depth replaces it.
std::string hint(const std::string& tilesText, const std::string& face, int board, int width, int depth, int lookahead,
                 const std::string& heuristic) {
  try {
    std::string error;
    const auto tiles = parseTiles(tilesText, &error);
    if (!tiles) throw std::runtime_error("tiles: " + error);
    if (depth < 4 || depth > 5) throw std::runtime_error("the hint's table depth is 4 or 5");
    static std::shared_ptr<const solve::EndgameTable> table;
    static double tableMs = 0;
    if (!table || table->depth() != depth) {
      table.reset();  // one table at a time in memory
      const auto t0 = std::chrono::steady_clock::now();
      table = std::make_shared<solve::EndgameTable>(depth);
      tableMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    const std::string tableJson = ",\"depth\":" + num(depth) + ",\"tableMs\":" + num(static_cast<long>(tableMs)) +
                                  ",\"tableBytes\":" + num(static_cast<long>(table->bytes()));
    if (width <= 0) return "{\"moves\":[]" + tableJson + "}";
    solve::Options opt;
    opt.beamWidth = std::min(width, 100'000);
    opt.endgameDepth = depth;
    opt.chainBeam = 1;
    opt.lookahead = lookahead;  // end states whose next board is test-solved (the solver's default: 8)
    if (!heur::find(heuristic)) throw std::runtime_error("unknown heuristic \"" + heuristic + "\" (known: " + heur::names() + ")");
    opt.heuristic = heuristic;
    const solve::ChainSolver solver(opt, table);
    const auto t0 = std::chrono::steady_clock::now();
    const Board start = Board::fromTiles(*tiles, face == "B" ? Face::B : Face::A);
    const solve::BoardReport rep = solver.solveBoard(start, board);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return "{\"moves\":" + movesJson(rep.moves) + ",\"ms\":" + num(static_cast<long>(ms)) + ",\"width\":" +
           num(opt.beamWidth) + ",\"generated\":" + num(static_cast<long>(rep.generated)) +
           ",\"next\":" + num(rep.nextEstimate) + ",\"heuristic\":" + jsonString(heuristic) + tableJson + "}";
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

std::string hintChain(const std::string& tilesText, const std::string& face, int board, int width, int depth,
                      int lookahead) {
  return hint(tilesText, face, board, width, depth, lookahead, "chain");
}

NuggetChain* makeChain(int boards) {
  try {
    lastErrorText.clear();
    return new NuggetChain(boards);
  } catch (const std::exception& e) {
    lastErrorText = e.what();
    return nullptr;
  }
}
std::string lastError() { return lastErrorText; }

}  // namespace

EMSCRIPTEN_BINDINGS(nugget_web) {
  using namespace emscripten;
  class_<NuggetChain>("NuggetChain")
      .class_function("create", &makeChain, allow_raw_pointers())
      .class_function("restore", &NuggetChain::restore, allow_raw_pointers())
      .function("push", &NuggetChain::push)
      .function("undo", &NuggetChain::undo)
      .function("restartBoard", &NuggetChain::restartBoard)
      .function("view", &NuggetChain::view)
      .function("save", &NuggetChain::save)
      .function("entry", &NuggetChain::entry)
      .function("tiles", &NuggetChain::tiles)
      .function("done", &NuggetChain::done);
  class_<Replay>("Replay")
      .constructor<std::string>()
      .function("boards", &Replay::boards)
      .function("movesOf", &Replay::movesOf)
      .function("at", &Replay::at);
  function("verify", &verifyText);
  function("hint", &hintChain);  // overloaded by the number of arguments
  function("hint", &hint);
  function("lastError", &lastError);
}
