#include "placement/position_file.h"

#include <sstream>
#include <vector>

#include "text/file.h"
#include "text/lines.h"

namespace placement {

namespace {

bool isPiece(char ch) { return ch == 'o' || ch == 'x' || ch == 'O' || ch == 'X' || ch == '.'; }

// The squares of a board row, top row first, in either of its two forms:
// compact (`..o.x...`) or as `games play` draws it (` 8  . . o . x . . .`,
// a rank number first; upper case marks the last move). Returns false when
// the line is not a board row at all; `rank` gets the number (0: none).
bool boardRow(const std::vector<std::string_view>& w, std::string& cells, int& rank) {
  cells.clear();
  rank = 0;
  if (w.empty()) return false;
  std::size_t i = 0;
  if (text::isNumber(w[0]) && w.size() > 1) {
    rank = std::stoi(std::string(w[0]));
    i = 1;
  }
  if (w.size() == i + 1 && w[i].size() > 1) {
    cells = std::string(w[i]);
  } else {
    for (; i < w.size(); ++i) {
      if (w[i].size() != 1) return false;
      cells += w[i][0];
    }
  }
  for (char ch : cells)
    if (!isPiece(ch)) return false;
  return true;
}

}  // namespace

PositionFile readPosition(std::istream& in, const std::string& source) {
  try {
    return parsePosition(text::readStream(in, source), source);
  } catch (const text::ReadError& e) {
    throw PositionError(e.what());
  }
}

PositionFile parsePosition(const std::string& input, const std::string& source) {
  auto fail = [&](int line, const std::string& what) -> PositionError {
    return PositionError(source + ": " + (line > 0 ? "line " + std::to_string(line) + ": " : "") + what);
  };
  std::vector<std::string> rows;
  int firstRowLine = 0;
  bool haveToMove = false, haveResult = false;
  Colour toMove = Colour::White;
  std::string result;
  // The bounds of every reader (text/lines.h): line length, size, no NUL.
  if (auto p = text::checkText(input)) throw fail(p->line, p->reason);
  std::string cells;
  const auto raws = text::splitLines(input);
  for (int lineNo = 1; lineNo <= static_cast<int>(raws.size()); ++lineNo) {
    const std::string line = text::clean(raws[static_cast<size_t>(lineNo - 1)]);
    if (line.empty()) continue;
    const auto w = text::words(line);
    if (w[0] == "to_move") {
      if (haveToMove) throw fail(lineNo, "second to_move line");
      if (rows.empty()) throw fail(lineNo, "to_move before the board");
      if (w.size() != 2 || (w[1] != "o" && w[1] != "x"))
        throw fail(lineNo, "expected `to_move o` or `to_move x`, got '" + line + "'");
      toMove = w[1] == "o" ? Colour::White : Colour::Black;
      haveToMove = true;
      continue;
    }
    if (w[0] == "result:") {
      if (!haveToMove) throw fail(lineNo, "result: before the to_move line");
      if (haveResult) throw fail(lineNo, "second result: line");
      result = line.substr(line.find(':') + 1);
      result.erase(0, result.find_first_not_of(" \t"));
      haveResult = true;
      continue;
    }
    if (text::isFileLetterRow(w) && !rows.empty()) continue;  // the letters under a drawn board
    int rank = 0;
    if (!boardRow(w, cells, rank))
      throw fail(lineNo, "expected a board row of o, x and . or `to_move o|x`, got '" + line + "'");
    if (haveToMove) throw fail(lineNo, "board row after the to_move line");
    if (rows.empty()) {
      firstRowLine = lineNo;
      if (cells.size() > std::size_t(kMaxSize))
        throw fail(lineNo, "row of " + std::to_string(cells.size()) + " squares; at most " +
                               std::to_string(kMaxSize) + " supported");
    } else if (cells.size() != rows.front().size()) {
      throw fail(lineNo, "row of " + std::to_string(cells.size()) + " squares, but the first row (line " +
                             std::to_string(firstRowLine) + ") has " + std::to_string(rows.front().size()));
    }
    if (!rows.empty() && rows.size() == rows.front().size()) throw fail(lineNo, "more rows than columns");
    if (rank && rank != int(cells.size() - rows.size()))
      throw fail(lineNo, "row labelled " + std::to_string(rank) + " where rank " +
                             std::to_string(cells.size() - rows.size()) + " belongs (top row first)");
    rows.push_back(cells);
  }
  if (rows.empty()) throw fail(0, "no board rows");
  if (rows.size() != rows.front().size())
    throw fail(0, "board has " + std::to_string(rows.size()) + " rows of " + std::to_string(rows.front().size()) +
                      " squares; it must be square");
  if (!haveToMove) throw fail(0, "missing `to_move o|x` line");

  const int n = int(rows.size());
  PositionFile pos{Board(n), toMove, result};
  for (int i = 0; i < n; ++i) {
    const int row = n - 1 - i;  // the file lists the top row first
    for (int col = 0; col < n; ++col) {
      const char ch = rows[i][col];
      if (ch != '.') pos.board.put(cellOf(row, col), ch == 'o' || ch == 'O' ? Colour::White : Colour::Black);
    }
  }
  return pos;
}

PositionFile readPositionFile(const std::string& path) {
  std::string bytes;
  try {
    bytes = text::readTextFile(path);  // a regular file, bounded (text/file.h)
  } catch (const text::ReadError& e) {
    throw PositionError(e.what());
  }
  return parsePosition(bytes, path);
}

void writePosition(std::ostream& out, const Board& b, Colour toMove) {
  for (int row = b.size() - 1; row >= 0; --row) {
    for (int col = 0; col < b.size(); ++col) {
      const auto piece = b.at(cellOf(row, col));
      out << (piece ? pieceChar(*piece) : '.');
    }
    out << '\n';
  }
  out << "to_move " << pieceChar(toMove) << '\n';
}

std::string formatPosition(const Board& b, Colour toMove) {
  std::ostringstream out;
  writePosition(out, b, toMove);
  return out.str();
}

std::string drawBoard(const Board& b, int last, const Palette& p) {
  std::ostringstream out;
  for (int row = b.size() - 1; row >= 0; --row) {
    out << p.label << (row + 1 < 10 ? " " : "") << row + 1 << p.reset << ' ';
    for (int col = 0; col < b.size(); ++col) {
      const int cell = cellOf(row, col);
      const auto piece = b.at(cell);
      if (!piece) {
        out << ' ' << p.empty << '.' << p.reset;
        continue;
      }
      const char ch = pieceChar(*piece);
      out << ' ' << p.piece[index(*piece)] << (cell == last ? p.last : "") << (cell == last ? char(ch - 'a' + 'A') : ch)
          << p.reset;
    }
    out << '\n';
  }
  out << p.label << "   ";
  for (int col = 0; col < b.size(); ++col) out << ' ' << char('A' + col);
  out << p.reset << '\n';
  return out.str();
}

}  // namespace placement
