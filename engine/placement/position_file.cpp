#include "placement/position_file.h"

#include <fstream>
#include <sstream>
#include <vector>

namespace placement {

namespace {

std::string trimRight(std::string s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.pop_back();
  return s;
}

bool isBoardLine(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s)
    if (ch != 'o' && ch != 'x' && ch != '.') return false;
  return true;
}

}  // namespace

PositionFile readPosition(std::istream& in, const std::string& source) {
  auto fail = [&](int line, const std::string& what) -> PositionError {
    return PositionError(source + ": " + (line > 0 ? "line " + std::to_string(line) + ": " : "") + what);
  };
  std::vector<std::string> rows;
  int firstRowLine = 0;
  bool haveToMove = false;
  Colour toMove = Colour::White;
  std::string raw;
  for (int lineNo = 1; std::getline(in, raw); ++lineNo) {
    const std::string line = trimRight(raw);
    std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    if (line.rfind("to_move", 0) == 0) {
      if (haveToMove) throw fail(lineNo, "second to_move line");
      if (rows.empty()) throw fail(lineNo, "to_move before the board");
      std::istringstream words(line.substr(7));
      std::string who, extra;
      words >> who >> extra;
      if ((who != "o" && who != "x") || !extra.empty())
        throw fail(lineNo, "expected `to_move o` or `to_move x`, got '" + line + "'");
      toMove = who == "o" ? Colour::White : Colour::Black;
      haveToMove = true;
      continue;
    }
    if (!isBoardLine(line))
      throw fail(lineNo, "expected a board row of o, x and . or `to_move o|x`, got '" + line + "'");
    if (haveToMove) throw fail(lineNo, "board row after the to_move line");
    if (rows.empty()) {
      firstRowLine = lineNo;
      if (line.size() > std::size_t(kMaxSize))
        throw fail(lineNo, "row of " + std::to_string(line.size()) + " squares; at most " +
                               std::to_string(kMaxSize) + " supported");
    } else if (line.size() != rows.front().size()) {
      throw fail(lineNo, "row of " + std::to_string(line.size()) + " squares, but the first row (line " +
                             std::to_string(firstRowLine) + ") has " + std::to_string(rows.front().size()));
    }
    if (!rows.empty() && rows.size() == rows.front().size()) throw fail(lineNo, "more rows than columns");
    rows.push_back(line);
  }
  if (rows.empty()) throw fail(0, "no board rows");
  if (rows.size() != rows.front().size())
    throw fail(0, "board has " + std::to_string(rows.size()) + " rows of " + std::to_string(rows.front().size()) +
                      " squares; it must be square");
  if (!haveToMove) throw fail(0, "missing `to_move o|x` line");

  const int n = int(rows.size());
  PositionFile pos{Board(n), toMove};
  for (int i = 0; i < n; ++i) {
    const int row = n - 1 - i;  // the file lists the top row first
    for (int col = 0; col < n; ++col) {
      const char ch = rows[i][col];
      if (ch != '.') pos.board.put(cellOf(row, col), ch == 'o' ? Colour::White : Colour::Black);
    }
  }
  return pos;
}

PositionFile readPositionFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw PositionError(path + ": cannot open");
  return readPosition(in, path);
}

PositionFile parsePosition(const std::string& text) {
  std::istringstream in(text);
  return readPosition(in);
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

std::string drawBoard(const Board& b) {
  std::ostringstream out;
  for (int row = b.size() - 1; row >= 0; --row) {
    out << (row + 1 < 10 ? " " : "") << row + 1 << ' ';
    for (int col = 0; col < b.size(); ++col) {
      const auto piece = b.at(cellOf(row, col));
      out << ' ' << (piece ? pieceChar(*piece) : '.');
    }
    out << '\n';
  }
  out << "   ";
  for (int col = 0; col < b.size(); ++col) out << ' ' << char('A' + col);
  out << '\n';
  return out.str();
}

}  // namespace placement
