#include "rings/position_file.h"

#include <iomanip>
#include <ostream>
#include <sstream>
#include <vector>

#include "text/file.h"
#include "text/lines.h"

namespace rings {

PositionError::PositionError(int line, const std::string& reason, const std::string& where)
    : std::runtime_error((where.empty() ? "" : where + ": ") + (line > 0 ? "line " + std::to_string(line) + ": " : "") + reason),
      line_(line),
      reason_(reason) {}

namespace {

using text::words;

// One colour letter, upper case only: the file is written that way and a
// strict reader keeps files canonical.
int colourWord(std::string_view w, int line, std::string_view what) {
  if (w.size() != 1 || kColourChars.find(w[0]) == std::string_view::npos)
    throw PositionError(line, std::string(what) + ": '" + std::string(w) + "' is not a colour (B K R Y G)");
  return static_cast<int>(kColourChars.find(w[0]));
}

// A board row in either form: compact (`..rrK.....`) or as `games play
// --no-color` draws it (` 10  .  .  r  r  K ...  10`: rank numbers, which
// must be the row's, squares apart, the last move's ring as `[K]`).
std::string boardRow(const std::string& line, int rank, int lineNo) {
  const auto w = words(line);
  if (w.size() == 1) return line;
  std::size_t from = 0, to = w.size();
  if (to > 0 && text::isNumber(w[0])) ++from;
  if (to > from + 1 && text::isNumber(w[to - 1])) --to;
  for (std::size_t k : {std::size_t(0), w.size() - 1})
    if (text::isNumber(w[k]) && std::stoi(std::string(w[k])) != rank)
      throw PositionError(lineNo, "row labelled " + std::string(w[k]) + " where row " + std::to_string(rank) +
                                      " belongs (row 10 first)");
  std::string cells;
  for (std::size_t k = from; k < to; ++k) {
    std::string_view cell = w[k];
    if (cell.size() == 3 && cell[0] == '[' && cell[2] == ']') cell = cell.substr(1, 1);
    if (cell.size() != 1)
      throw PositionError(lineNo, "unexpected '" + std::string(w[k]) + "' in a board row (one of . B K R Y G b k r y g a square)");
    cells += cell[0];
  }
  return cells;
}

}  // namespace

State parsePosition(std::string_view input) {
  // The bounds of every reader (text/lines.h): line length, size, no NUL.
  if (auto p = text::checkText(input)) throw PositionError(p->line, p->reason);
  // The meaningful lines with their numbers: comments, colour codes, blank
  // lines and the file letter rows of a drawn board dropped.
  std::vector<std::pair<int, std::string>> lines;
  const auto raw = text::splitLines(input);
  for (std::size_t i = 0; i < raw.size(); ++i) {
    std::string line = text::clean(raw[i]);
    if (line.empty() || text::isFileLetterRow(words(line))) continue;
    lines.emplace_back(static_cast<int>(i) + 1, std::move(line));
  }
  if (lines.size() < static_cast<size_t>(kSide))
    throw PositionError(static_cast<int>(raw.size()) + 1, "expected " + std::to_string(kSide) + " board lines, the file ends after " +
                                                               std::to_string(lines.size()));

  // Board first, remembered until the order is known.
  int ringCell[kPlayers] = {-1, -1, -1, -1, -1};
  std::vector<std::pair<int, int>> trails;  // (colour, cell)
  for (int i = 0; i < kSide; ++i) {
    const int lineNo = lines[i].first;
    const std::string row = boardRow(lines[i].second, kSide - i, lineNo);
    if (row.size() != static_cast<size_t>(kSide))
      throw PositionError(lineNo, "board row " + std::to_string(kSide - i) + " must have exactly 10 characters, has " +
                                      std::to_string(row.size()));
    for (int c = 0; c < kSide; ++c) {
      const char ch = row[c];
      const int cell = (kSide - 1 - i) * kSide + c;
      if (ch == '.') continue;
      const int colour = colourFromChar(ch);
      if (colour < 0)
        throw PositionError(lineNo, std::string("unexpected character '") + ch + "' at " + squareName(cell) +
                                        " (use . B K R Y G b k r y g)");
      if (ch >= 'A' && ch <= 'Z') {
        if (ringCell[colour] >= 0)
          throw PositionError(lineNo, std::string("second ") + std::string(kColourNames[colour]) + " ring at " + squareName(cell) +
                                          " (first at " + squareName(ringCell[colour]) + ")");
        ringCell[colour] = cell;
      } else {
        trails.emplace_back(colour, cell);
      }
    }
  }

  int orderLine = 0, toMoveLine = 0, elimLine = 0;
  std::array<uint8_t, kPlayers> order{};
  int toMove = -1;
  std::vector<int> out;
  int resultLine = 0;
  std::string result;
  for (size_t i = kSide; i < lines.size(); ++i) {
    const int lineNo = lines[i].first;
    const auto w = words(lines[i].second);
    if (w[0] == "result:") {
      if (resultLine) throw PositionError(lineNo, "second 'result:' line");
      resultLine = lineNo;
      result = lines[i].second.substr(lines[i].second.find(':') + 1);
      result.erase(0, result.find_first_not_of(" \t"));
    } else if (w[0] == "order") {
      if (orderLine) throw PositionError(lineNo, "second 'order' line (first on line " + std::to_string(orderLine) + ")");
      orderLine = lineNo;
      if (w.size() != 1 + kPlayers) throw PositionError(lineNo, "'order' needs all five colours, e.g. 'order B K R Y G'");
      uint8_t seen = 0;
      for (int k = 0; k < kPlayers; ++k) {
        const int c = colourWord(w[1 + k], lineNo, "order");
        if (seen >> c & 1) throw PositionError(lineNo, "'order' names " + std::string(kColourNames[c]) + " twice");
        seen |= static_cast<uint8_t>(1u << c);
        order[k] = static_cast<uint8_t>(c);
      }
    } else if (w[0] == "to_move") {
      if (toMoveLine) throw PositionError(lineNo, "second 'to_move' line (first on line " + std::to_string(toMoveLine) + ")");
      toMoveLine = lineNo;
      if (w.size() != 2) throw PositionError(lineNo, "'to_move' needs exactly one colour, e.g. 'to_move R'");
      toMove = colourWord(w[1], lineNo, "to_move");
    } else if (w[0] == "eliminated") {
      if (elimLine) throw PositionError(lineNo, "second 'eliminated' line (first on line " + std::to_string(elimLine) + ")");
      elimLine = lineNo;
      for (size_t k = 1; k < w.size(); ++k) {
        const int c = colourWord(w[k], lineNo, "eliminated");
        for (int o : out)
          if (o == c) throw PositionError(lineNo, "'eliminated' names " + std::string(kColourNames[c]) + " twice");
        out.push_back(c);
      }
    } else {
      throw PositionError(lineNo, "unknown line '" + lines[i].second + "' (expected order, to_move, eliminated or result:)");
    }
  }
  const int after = static_cast<int>(raw.size()) + 1;
  if (!orderLine) throw PositionError(after, "missing 'order' line");
  if (!toMoveLine) throw PositionError(after, "missing 'to_move' line");

  State s(order);
  int placed = 0;
  for (int p = 0; p < kPlayers; ++p) placed += ringCell[p] >= 0;
  if (placed < kPlayers) {
    // Placement phase: rings belong to the first `placed` players in order.
    if (!trails.empty()) throw PositionError(after, "trails on the board but only " + std::to_string(placed) + " rings: placement is not over");
    if (elimLine && !out.empty()) throw PositionError(elimLine, "nobody can be eliminated during placement");
    // With `placed` rings on the board, a mismatch always shows up first as
    // a player among the first `placed` without one.
    for (int k = 0; k < placed; ++k)
      if (ringCell[order[k]] < 0)
        throw PositionError(orderLine, std::to_string(placed) + " rings are placed, so the first " + std::to_string(placed) +
                                           " players in the order must have one; " + std::string(kColourNames[order[k]]) + " has none");
    if (toMove != order[placed])
      throw PositionError(toMoveLine, "placement: " + std::string(kColourNames[order[placed]]) + " places next, not " +
                                          std::string(kColourNames[toMove]));
  }
  for (int k = 0; k < kPlayers; ++k)
    if (ringCell[order[k]] >= 0) s.setRing(order[k], ringCell[order[k]]);
  for (const auto& [colour, cell] : trails) s.addTrail(colour, cell);
  for (int p : out) {
    if (p == toMove) throw PositionError(elimLine, std::string(kColourNames[p]) + " is eliminated but is to move");
    s.setEliminated(p);
  }
  if (s.playersLeft() < 1) throw PositionError(elimLine, "every player is eliminated");
  s.setToMove(toMove);
  s.settle();
  if (resultLine && result != resultText(s))
    throw PositionError(resultLine, "'result: " + result + "' but the position's result is '" + resultText(s) + "'");
  return s;
}

std::string winnerText(const State& s) {
  return s.isTerminal() ? std::string(kColourNames[s.winner()]) + " wins" : "ongoing";
}

std::string scoresText(const State& s) {
  if (!s.isTerminal()) return "";
  const auto sc = s.scores();
  std::string out;
  for (int p = 0; p < kPlayers; ++p)
    {
    if (p) out += ' ';
    out += std::string(1, kColourChars[p]) + "=" + std::to_string(sc[p]);
  }
  return out;
}

std::string resultText(const State& s) { return s.resultText(); }

State readPositionFile(const std::string& path) {
  std::string bytes;
  try {
    bytes = text::readTextFile(path);  // a regular file, bounded (text/file.h)
  } catch (const text::ReadError& e) {
    throw PositionError(e.line(), e.reason(), path);
  }
  try {
    return parsePosition(bytes);
  } catch (const PositionError& e) {
    throw PositionError(e.line(), e.reason(), path);
  }
}

std::string formatPosition(const State& state) {
  std::string out;
  for (int r = kSide - 1; r >= 0; --r) {
    for (int c = 0; c < kSide; ++c) {
      const int cell = r * kSide + c;
      char ch = '.';
      for (int p = 0; p < kPlayers; ++p) {
        if (state.ringCell(p) == cell) ch = kColourChars[p];
        else if (state.trails(p) & cellBit(cell)) ch = static_cast<char>(kColourChars[p] - 'A' + 'a');
      }
      out += ch;
    }
    out += '\n';
  }
  out += "order";
  for (uint8_t p : state.order()) out += std::string(" ") + kColourChars[p];
  out += std::string("\nto_move ") + kColourChars[state.currentPlayer()] + "\n";
  std::string elim;
  for (uint8_t p : state.order())
    if (state.eliminated(p)) elim += std::string(" ") + kColourChars[p];
  if (!elim.empty()) out += "eliminated" + elim + "\n";
  return out;
}

void writePosition(std::ostream& out, const State& state) { out << formatPosition(state); }

std::string drawBoard(const State& s, int last, const Palette* colours) {
  const std::string none;
  std::ostringstream out;
  out << "\n     A  B  C  D  E  F  G  H  I  J\n";
  for (int r = kSide - 1; r >= 0; --r) {
    out << std::setw(3) << r + 1 << " ";
    for (int c = 0; c < kSide; ++c) {
      const int cell = r * kSide + c;
      bool ring = false;
      const int p = s.ownerOf(cell, &ring);
      const bool marked = cell == last;
      if (p >= 0 && ring)
        out << (colours ? colours->ring[p] : none) << (marked ? '[' : ' ') << kColourChars[p] << (marked ? ']' : ' ')
            << (colours ? colours->reset : none);
      else if (p >= 0 && colours)
        out << colours->trail[p] << " o " << colours->reset;
      else if (p >= 0)
        out << ' ' << static_cast<char>(kColourChars[p] - 'A' + 'a') << ' ';
      else
        out << " . ";
    }
    out << std::setw(3) << r + 1 << "\n";
  }
  out << "     A  B  C  D  E  F  G  H  I  J\n";
  const auto sc = s.scores();
  out << "order:";
  for (uint8_t p : s.order())
    out << ' ' << (colours ? colours->trail[p] : none) << kColourNames[p] << '=' << sc[p]
        << (s.eliminated(p) ? "(out)" : "") << (colours ? colours->reset : none);
  out << "\n";
  return out.str();
}

}  // namespace rings
