// A game in progress for a front end (the `games` CLI, the browser): where
// it started, where it is, the moves played, undo, and the moves' names for
// a record. Moves come in as the player typed them and are checked with the
// engine's own words (game::Notation), so no front end explains the rules.
//
//   game::Session<placement::ShockState> g(placement::ShockState(8));
//   g.play("D4");          // "" (played), or why not: "D4 is occupied"
//   g.undo();              // back one move (replayed from the start)
//   g.moveNames();         // {"D4", ...}, as a record writes them
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/game.h"

namespace game {

template <Notation S>
class Session {
 public:
  using Move = typename S::Move;

  explicit Session(S start) : start_(start), now_(std::move(start)) {}

  const S& start() const { return start_; }
  const S& now() const { return now_; }
  const std::vector<Move>& moves() const { return moves_; }
  int ply() const { return static_cast<int>(moves_.size()); }

  // The move named `text` if it is legal now, else nullopt and the reason
  // in `why`: `notAMove` when the text names no move (each front end says
  // what a move looks like in its own words), else the engine's whyIllegal.
  std::optional<Move> check(std::string_view text, const std::string& notAMove, std::string* why) const {
    const auto m = now_.parseMove(text);
    if (!m) {
      if (why) *why = notAMove;
      return std::nullopt;
    }
    std::string reason = now_.whyIllegal(*m);
    if (!reason.empty()) {
      if (why) *why = std::move(reason);
      return std::nullopt;
    }
    return m;
  }

  // Plays the move named `text`: "" when played, else why not (check).
  std::string play(std::string_view text, const std::string& notAMove) {
    std::string why;
    const auto m = check(text, notAMove, &why);
    if (m) play(*m);
    return why;
  }
  // Precondition: `m` is legal now.
  void play(Move m) {
    now_.apply(m);
    moves_.push_back(m);
  }

  // Takes back the last move (the state is replayed from the start: states
  // are values without an undo of their own). False when there is none.
  bool undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    now_ = start_;
    for (const Move& m : moves_) now_.apply(m);
    return true;
  }

  // The moves' names, in order, as a record lists them (each named in the
  // position it was played from).
  std::vector<std::string> moveNames() const {
    std::vector<std::string> out;
    S s = start_;
    for (const Move& m : moves_) {
      out.push_back(s.moveName(m));
      s.apply(m);
    }
    return out;
  }

 private:
  S start_, now_;
  std::vector<Move> moves_;
};

}  // namespace game
