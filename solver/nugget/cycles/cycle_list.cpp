#include "nugget/cycles/cycle_list.h"

#include <stdexcept>

#include "nugget/jcgn.h"
#include "text/file.h"
#include "text/lines.h"

namespace nugget::solve {

namespace {

// `where`: "line N" (parseCycleList) or "FILE:N" (readCycleListFile).
[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw CycleListError(where + ": " + what);
}

std::string quoted(std::string_view w) {
  std::string q(1, '\'');
  q.append(w);
  q += '\'';
  return q;
}

// One "X ... | ..." line as a cycle, replayed both ways.
CycleBoards parseLine(std::string_view text, const std::string& line) {
  const size_t bar = text.find('|');
  if (bar == std::string_view::npos) fail(line, "no '|' between the layout and the moves");
  std::string error;
  const auto x = parseTiles(text.substr(2, bar - 2), &error);
  if (!x) fail(line, std::string("the layout X: ").append(error));
  Board b = Board::fromTiles(*x, Face::A);
  if (!b.pos.solved()) fail(line, "X is not solved on face A");
  std::vector<Move> forward, back;
  for (std::string_view w : jcgn::fields(text.substr(bar + 1))) {
    const auto m = parseMove(w);
    if (!m || !m->p) fail(line, quoted(w) + " is not a move in full notation (e.g. P7)");
    if (*m->p != kSide) fail(line, quoted(w) + " is not a whole-line push (p = 7)");
    forward.push_back(Move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(kSide)});
  }
  if (forward.empty()) fail(line, "no moves");
  for (auto it = forward.rbegin(); it != forward.rend(); ++it)
    back.push_back(Move{static_cast<uint8_t>(oppositeLabel(it->label)), static_cast<uint8_t>(kSide)});
  b.flip();
  const Board start = b;
  if (!playMoves(b, forward) || !b.pos.solved()) fail(line, "the B board's moves do not solve X shown on face B");
  b.flip();
  if (!playMoves(b, back) || !b.pos.solved() || b.tiles != *x)
    fail(line, "the A board (the B board backwards) does not come back to X");
  return CycleBoards{start, {forward, back}, {}, 0};
}

}  // namespace

std::string formatCycleList(const std::vector<CycleBoards>& cycles) {
  std::string out;
  for (const CycleBoards& c : cycles) {
    if (c.boards.size() != 2 || c.start.face != Face::B) throw std::invalid_argument("not a reversible 2-board cycle");
    Board x = c.start;
    x.flip();
    out += "X ";
    out += tilesToString(x.tiles);
    out += " |";
    for (Move m : c.boards[0]) {
      out += ' ';
      out += m.full();
    }
    out += '\n';
  }
  return out;
}

namespace {

// The lines of a list; `lead` names a line's place ("line " or "FILE:").
std::vector<CycleBoards> parseLines(std::string_view text, const std::string& lead) {
  std::vector<CycleBoards> out;
  int line = 0;
  for (std::string_view l : text::splitLines(text)) {
    const std::string where = lead + std::to_string(++line);
    if (l.empty() || l.front() == '#') continue;
    if (l.rfind("X ", 0) != 0) fail(where, "not a cycle (\"X t1 ... t49 | moves\"), a comment or a blank line");
    out.push_back(parseLine(l, where));
  }
  return out;
}

}  // namespace

std::vector<CycleBoards> parseCycleList(std::string_view text) { return parseLines(text, "line "); }

std::vector<CycleBoards> readCycleListFile(const std::string& path) {
  std::string text;
  try {
    text = text::readTextFile(path);
  } catch (const std::exception& e) {
    throw CycleListError(e.what());
  }
  return parseLines(text, path + ":");
}

}  // namespace nugget::solve
