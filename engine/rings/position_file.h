// The 5RINGS position file: the one reader and writer shared by the CLI and
// the tests.
//
//   ..........      10 lines of 10 characters, top row (row 10) first,
//   ....B.....      column A on the left:
//   ..rrK.....        .          empty
//   ..........        B K R Y G  the ring of that colour
//   ...                b k r y g  a trail of that colour
//   order B K R Y G   the playing order (all five colours, once each)
//   to_move R         whose turn it is
//   eliminated K Y    optional: players already out
//
// Fewer than five rings means the placement phase: the rings on the board
// must then be those of the first players in the order, there are no trails
// and nobody is eliminated, and to_move is the next player to place.
// After the board, the keyword lines may come in any order, once each, and
// an optional `result: ...` line (what `games apply` prints), which must be
// the position's result (resultText). `#` starts a comment (whole line or
// inline); blank lines, ANSI colour codes and the file letter rows of a
// drawn board are skipped. A board row may also be written as `games play
// --no-color` draws it: ` 10  .  .  r  r  K  .  .  .  .  .  10` (rank numbers
// that must be the row's, the last move's ring as `[K]`). Anything else is an
// error naming the line. A position whose player to move is stuck loads with that player
// eliminated (State::settle), exactly as if the game had reached it.
#pragma once
#include <array>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rings/state.h"

namespace rings {

// What is wrong and on which line (1-based; 0 when not tied to one line).
class PositionError : public std::runtime_error {
 public:
  // `where` (e.g. the file name) prefixes the message when given.
  PositionError(int line, const std::string& reason, const std::string& where = "");
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }

 private:
  int line_;
  std::string reason_;
};

State parsePosition(std::string_view text);      // throws PositionError
State readPositionFile(const std::string& path);  // throws PositionError (line 0: cannot open)
std::string formatPosition(const State& state);  // parsePosition(formatPosition(s)) == s
void writePosition(std::ostream& out, const State& state);

// "red wins" or "ongoing"; the scores "B=94 K=1 R=3 Y=1 G=1" ("" while the
// game goes on); both: "red wins, scores B=94 K=1 R=3 Y=1 G=1" or "ongoing".
std::string winnerText(const State& s);
std::string scoresText(const State& s);
std::string resultText(const State& s);

// What drawBoard puts around each colour's ring and trail (a front end's
// colours, e.g. ANSI codes), `reset` after each.
struct Palette {
  std::array<std::string, kPlayers> ring, trail;
  std::string reset;
};

// The board as `games play` draws it, for people (parsePosition reads the
// rows back): file letters above and below, rank numbers on both sides, a
// ring as its letter (`[K]` on square `last`, the last move; -1: none), a
// trail as its lower-case letter, then the playing order with each
// player's points and `(out)` for those eliminated. With `colours` each
// ring and trail is dressed in its colour and a trail drawn as `o`.
std::string drawBoard(const State& s, int last = -1, const Palette* colours = nullptr);

}  // namespace rings
