#include "nugget/cycles/cycle_list.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

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

// A field of moves in full notation; `whole`: each must be a whole-line push.
std::vector<Move> parseMoves(std::string_view text, const std::string& line, bool whole) {
  std::vector<Move> out;
  for (std::string_view w : jcgn::fields(text)) {
    const auto m = parseMove(w);
    if (!m || !m->p) fail(line, quoted(w) + " is not a move in full notation (e.g. P7)");
    if (whole && *m->p != kSide) fail(line, quoted(w) + " is not a whole-line push (p = 7)");
    out.push_back(Move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(*m->p)});
  }
  if (out.empty()) fail(line, "no moves");
  if (out.size() > static_cast<size_t>(jcgn::kMaxMovesPerBoard))
    fail(line, "a board of " + std::to_string(out.size()) + " moves, more than " +
                   std::to_string(jcgn::kMaxMovesPerBoard) + " (no jcgn-1 entry holds one)");
  return out;
}

// The B board backwards, each push from the other end of its line.
std::vector<Move> backwards(const std::vector<Move>& forward) {
  std::vector<Move> back;
  for (auto it = forward.rbegin(); it != forward.rend(); ++it)
    back.push_back(Move{static_cast<uint8_t>(oppositeLabel(it->label)), static_cast<uint8_t>(kSide)});
  return back;
}

// One "X ... | B moves [| A moves]" line as a cycle, replayed both ways.
CycleBoards parseLine(std::string_view text, const std::string& line) {
  const size_t bar = text.find('|');
  if (bar == std::string_view::npos) fail(line, "no '|' between the layout and the moves");
  const size_t bar2 = text.find('|', bar + 1);
  const bool general = bar2 != std::string_view::npos;
  std::string error;
  const auto x = parseTiles(text.substr(2, bar - 2), &error);
  if (!x) fail(line, std::string("the layout X: ").append(error));
  Board b = Board::fromTiles(*x, Face::A);
  if (!b.pos.solved()) fail(line, "X is not solved on face A");
  const Position xColours = b.pos;
  const std::vector<Move> forward =
      parseMoves(text.substr(bar + 1, general ? bar2 - bar - 1 : std::string_view::npos), line, !general);
  const std::vector<Move> back = general ? parseMoves(text.substr(bar2 + 1), line, false) : backwards(forward);
  b.flip();
  const Board start = b;
  if (!playMoves(b, forward) || !b.pos.solved()) fail(line, "the B board's moves do not solve X shown on face B");
  b.flip();
  if (!general && (!playMoves(b, back) || !b.pos.solved() || b.tiles != *x))
    fail(line, "the A board (the B board backwards) does not come back to X");
  // A general cycle comes back to X's colours on both faces: the tiles of
  // one colour pair may have changed places, which no board can tell apart.
  if (general && (!playMoves(b, back) || !b.pos.solved() || !(b.pos == xColours)))
    fail(line, "the A board's moves do not come back to X's colours");
  return CycleBoards{start, {forward, back}, {}, 0};
}

}  // namespace

std::string formatCycleList(const std::vector<CycleBoards>& cycles) {
  std::string out;
  for (const CycleBoards& c : cycles) {
    if (c.boards.size() != 2 || c.start.face != Face::B) throw std::invalid_argument("not a 2-board cycle from face A");
    Board x = c.start;
    x.flip();
    out += "X ";
    out += tilesToString(x.tiles);
    const bool reversible =
        c.boards[1] == backwards(c.boards[0]) &&
        std::all_of(c.boards[0].begin(), c.boards[0].end(), [](Move m) { return m.p == kSide; });
    for (size_t k = 0; k < (reversible ? 1u : 2u); ++k) {
      out += " |";
      for (Move m : c.boards[k]) {
        out += ' ';
        out += m.full();
      }
    }
    out += '\n';
  }
  return out;
}

namespace {

// What a line that is not a cycle starts with, when it is a likely slip:
// "; it starts with a tab" (or a space, or a byte-order mark), or "".
std::string sawAtStart(std::string_view l) {
  if (l.rfind("\xEF\xBB\xBF", 0) == 0)
    return "; it starts with a byte-order mark (bytes EF BB BF): save the file as UTF-8 without one";
  if (l.front() == '\t') return "; it starts with a tab: a line starts with X, fields are separated by spaces";
  if (l.front() == ' ') return "; it starts with a space: a line starts with X";
  if (l.size() > 1 && l.front() == 'X' && l[1] == '\t') return "; a tab after X: the fields are separated by spaces";
  return "";
}

bool cycleLine(std::string_view l) { return !l.empty() && l.front() != '#'; }

// The lines of a list; `lead` names a line's place ("line " or "FILE:").
std::vector<CycleBoards> parseLines(std::string_view text, const std::string& lead, int* duplicates) {
  // The bound first, before any line is replayed.
  int lines = 0, line = 0;
  for (std::string_view l : text::splitLines(text)) {
    ++line;
    if (cycleLine(l) && ++lines > kMaxCycleLines)
      fail(lead + std::to_string(line), "more than " + std::to_string(kMaxCycleLines) +
                                            " cycles in the list (each one's 8 images are ranked for the aims, "
                                            "about 2.5 ms a cycle): split it, or keep the first " +
                                            std::to_string(kMaxCycleLines));
  }
  std::vector<CycleBoards> out;
  std::unordered_set<std::string> seen;
  if (duplicates) *duplicates = 0;
  line = 0;
  for (std::string_view l : text::splitLines(text)) {
    const std::string where = lead + std::to_string(++line);
    if (!cycleLine(l)) continue;
    if (l.rfind("X ", 0) != 0)
      fail(where, "not a cycle (\"X t1 ... t49 | moves\"), a comment or a blank line" + sawAtStart(l));
    CycleBoards c = parseLine(l, where);
    if (!seen.insert(formatCycleList({c})).second) {
      if (duplicates) ++*duplicates;
      continue;
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

std::vector<CycleBoards> parseCycleList(std::string_view text, int* duplicates) {
  return parseLines(text, "line ", duplicates);
}

std::vector<CycleBoards> readCycleListFile(const std::string& path, int* duplicates) {
  std::string text;
  try {
    text = text::readTextFile(path);
  } catch (const std::exception& e) {
    throw CycleListError(e.what());
  }
  return parseLines(text, path + ":", duplicates);
}

}  // namespace nugget::solve
