// A placement-game position as a value type satisfying game::GameState
// (solver/game/game.h). JC Shock and JC Attract share everything here -- the
// board, the move, whose turn it is -- and differ only in a small Rules
// policy (shock.h, attract.h):
//
//   struct Rules {
//     static constexpr const char* kName;          // "shock", "attract"
//     static bool validSize(int n);                 // which N x N boards exist
//     static bool analysisSize(int n);              // the sizes of the analysis variant (below)
//     static int piecesPerPlayer(int n);
//     static Outcome outcome(const Board& b);       // judged after every move
//     static std::string explain(const Board& b);   // why the outcome (for people)
//   };
//
// Players are numbered as colours: 0 = white `o` (moves first), 1 = black `x`.
// A move is the cell index of the square the new piece goes on.
//
// Notation (game::Notation, solver/game/game.h; OpenSpiel's ActionToString
// and StringToAction), the one every front end prints and reads: a move is
// named by its square ("D4"), parseMove reads a square of this board in
// either case, whyIllegal says in words why a move cannot be played, and
// resultText is the outcome with the rules' reason.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "placement/board.h"

namespace placement {

// The ANALYSIS VARIANT: boards smaller than the rules' minimum (N < 8),
// played by the same rules (pieces per player by the same formula), so that
// exact game values can be computed (`games solve --analysis-variant`,
// solver/registry/proofs.h). Only code that asks for it by this tag gets
// such a board; the plain constructor, fromBoard and therefore every
// rules-play path (games play, match, analyze, the browser) still refuse
// them.
struct AnalysisVariant {};

enum class Outcome : uint8_t { Ongoing, WhiteWins, BlackWins, Draw };
constexpr std::string_view outcomeText(Outcome o) {
  switch (o) {
    case Outcome::Ongoing: return "ongoing";
    case Outcome::WhiteWins: return "white wins";
    case Outcome::BlackWins: return "black wins";
    case Outcome::Draw: return "draw";
  }
  return "?";
}

template <class Rules>
class PlacementState {
 public:
  using Move = uint8_t;
  using RulesType = Rules;
  static constexpr int kMaxMoves = kMaxCells;
  static constexpr int kPlayers = 2;

  // The empty n x n board, white to move. Throws std::invalid_argument when
  // the game has no such board.
  explicit PlacementState(int n = 8) : board_(checkedSize(n)) {}
  // The empty n x n board of the analysis variant (Rules::analysisSize:
  // also the rules' own sizes). Throws std::invalid_argument otherwise.
  PlacementState(int n, AnalysisVariant) : board_(checkedAnalysisSize(n)) {}

  // A set-up position (e.g. read from a file). Throws std::invalid_argument
  // when the size is not one of the game's, a side has more pieces than it
  // owns, or `toMove` does not fit the piece counts (white moves first, so
  // white has as many pieces as black, or one more when black is to move).
  static PlacementState fromBoard(const Board& b, Colour toMove) {
    PlacementState s(b.size());
    const int w = b.count(Colour::White), k = b.count(Colour::Black), cap = Rules::piecesPerPlayer(b.size());
    if (w > cap || k > cap)
      throw std::invalid_argument(std::string(Rules::kName) + ": a side has more than " + std::to_string(cap) +
                                  " pieces (white " + std::to_string(w) + ", black " + std::to_string(k) + ")");
    const bool fits = toMove == Colour::White ? w == k : w == k + 1;
    if (!fits)
      throw std::invalid_argument(std::string("piece counts (white ") + std::to_string(w) + ", black " +
                                  std::to_string(k) + ") do not fit `to_move " + pieceChar(toMove) +
                                  "`: white moves first");
    s.board_ = b;
    s.toMove_ = toMove;
    s.outcome_ = Rules::outcome(b);
    return s;
  }

  int size() const { return board_.size(); }
  const Board& board() const { return board_; }
  Colour toMove() const { return toMove_; }
  Outcome outcome() const { return outcome_; }
  int piecesPerPlayer() const { return Rules::piecesPerPlayer(board_.size()); }

  // --- game::GameState
  int currentPlayer() const { return index(toMove_); }
  int legalMoves(Move* out) const { return isTerminal() ? 0 : board_.emptyCells(out); }
  bool isLegal(Move m) const {
    return !isTerminal() && board_.onBoard(rowOf(m), colOf(m)) && board_.isEmpty(m);
  }
  void apply(Move m) {
    board_.place(toMove_, m);
    toMove_ = opponent(toMove_);
    outcome_ = Rules::outcome(board_);
  }
  bool isTerminal() const { return outcome_ != Outcome::Ongoing; }
  std::array<double, 2> returns() const {
    switch (outcome_) {
      case Outcome::WhiteWins: return {1.0, 0.0};
      case Outcome::BlackWins: return {0.0, 1.0};
      default: return {0.5, 0.5};
    }
  }
  uint64_t hash() const { return board_.hash() ^ (toMove_ == Colour::Black ? 0x5BD1E9955BD1E995ull : 0); }

  // --- notation (game::Notation)
  std::string playerName(int player) const { return player == 0 ? "white" : "black"; }
  std::string moveName(Move m) const { return squareName(m); }
  // The move named by `text` (a square of this board), or nullopt.
  std::optional<Move> parseMove(std::string_view text) const {
    const auto cell = parseSquare(text, size());
    return cell ? std::optional<Move>(Move(*cell)) : std::nullopt;
  }
  // "" when `m` can be played now, else why not: "the game is over (white
  // wins)" or "D4 is occupied".
  std::string whyIllegal(Move m) const {
    if (isTerminal()) return "the game is over (" + std::string(outcomeText(outcome_)) + ")";
    if (!board_.isEmpty(m)) return squareName(m) + " is occupied";
    return "";
  }
  // "white wins", "black wins", "draw" or "ongoing"; once the game is over,
  // a second line with the rules' reason (Rules::explain), indented.
  std::string resultText() const {
    std::string out(outcomeText(outcome_));
    if (isTerminal()) out += "\n  " + Rules::explain(board_);
    return out;
  }
  friend bool operator==(const PlacementState& a, const PlacementState& b) {
    return a.board_ == b.board_ && a.toMove_ == b.toMove_;
  }

 private:
  static int checkedSize(int n) {
    if (!Rules::validSize(n))
      throw std::invalid_argument(std::string(Rules::kName) + " has no " + std::to_string(n) + "x" +
                                  std::to_string(n) + " board");
    return n;
  }

  static int checkedAnalysisSize(int n) {
    if (!Rules::analysisSize(n))
      throw std::invalid_argument(std::string(Rules::kName) + " has no " + std::to_string(n) + "x" +
                                  std::to_string(n) + " board, not even in the analysis variant");
    return n;
  }

  Board board_;
  Colour toMove_ = Colour::White;
  Outcome outcome_ = Outcome::Ongoing;
};

}  // namespace placement
