#include "common.h"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "text/file.h"
#include "version.h"

namespace nugget::cli {

const char* const kExitCodesHelp =
    "0 success; 1 bad data (an input file is invalid, or no solution found); 2 bad usage\n"
    "(bad arguments or notation, an illegal move, a failed write)";

void checkTableDir(const std::string& dir) {
  std::error_code ec;
  if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
    throw UsageError("--table-dir " + dir +
                     ": no such folder (a folder named here must exist; only the default cache folder is created)");
}

// ------------------------------------------------------------ start board
void addStartOptions(po::options_description& desc) {
  desc.add_options()                                                                         //
      ("start", po::value<std::string>()->value_name("\"t1 ... t49\""),
       "start from these 49 tile numbers (row-major) instead of board 1")  //
      ("face", po::value<std::string>()->value_name("A|B"), "face shown at the start (default A)");
}

void positional(CommandLine& cl, const char* name, int count, const char* what) {
  if (count == 1)
    cl.hidden.add_options()(name, po::value<std::string>(), what);
  else
    cl.hidden.add_options()(name, po::value<std::vector<std::string>>()->default_value({}, ""), what);
  cl.positional.add(name, count);
}

Face parseFace(const std::string& text) {
  if (text == "A" || text == "a") return Face::A;
  if (text == "B" || text == "b") return Face::B;
  throw UsageError("--face must be A or B, got \"" + text + "\"");
}

Board startFromOptions(const po::variables_map& vm) {
  const Face face = vm.count("face") ? parseFace(vm["face"].as<std::string>()) : Face::A;
  Tiles tiles = startTiles();
  if (vm.count("start")) {
    std::string err;
    auto parsed = parseTiles(vm["start"].as<std::string>(), &err);
    if (!parsed) throw UsageError("--start: " + err);
    tiles = *parsed;
  }
  return Board::fromTiles(tiles, face);
}

std::vector<PositionLine> readPositions(const std::string& path) {
  std::string bytes;
  try {
    bytes = text::readTextFile(path);  // a regular file, bounded (text/file.h)
  } catch (const text::ReadError& e) {
    throw DataError(std::string("cannot read the position file ") + e.what());
  }
  try {
    return parsePositionList(bytes, path);
  } catch (const PositionListError& e) {
    throw DataError(e.what());
  }
}

// ------------------------------------------------------------ moves
std::vector<std::string> splitWords(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const auto& a : args) {
    std::istringstream in(a);
    for (std::string w; in >> w;) out.push_back(w);
  }
  return out;
}

namespace {
std::string quoteText(std::string_view s) {
  std::string out = "\"";
  for (char ch : s.substr(0, 24)) out += (ch >= 32 && ch < 127) ? ch : '?';
  if (s.size() > 24) out += "...";
  return out + "\"";
}
}  // namespace

std::optional<std::string> playMoves(Board& board, const std::vector<std::string>& moves, std::vector<Move>* played) {
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " " + quoteText(moves[i]);
    auto text = parseMove(moves[i]);
    if (!text) return where + ": not a move (a label 1-7 or A-U, optionally followed by p 1-7)";
    Move m;
    if (auto err = board.play(*text, &m)) return where + ": " + *err;
    if (played) played->push_back(m);
  }
  return std::nullopt;
}

// ------------------------------------------------------------ files
jcgn::Verdict verifyPath(const std::string& path) {
  // "-" is standard input; anything else must be a regular file (text/file.h).
  return jcgn::verifyFile(path);
}

std::string verdictMessage(const jcgn::Verdict& v, const std::string& path) {
  if (!v.ok && v.line == 0) return path + ": " + v.reason;
  return v.message(path);
}

std::string formatMean(double mean) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", mean);
  return buf;
}

// ------------------------------------------------------------ drawing
namespace {

// ANSI SGR for a tile of colour c: foreground;background.
const char* ansiFor(Colour c) {
  switch (c) {
    case White: return "\x1b[30;107m";
    case Yellow: return "\x1b[1;30;103m";
    case Blue: return "\x1b[1;97;44m";
    case Pink: return "\x1b[1;30;105m";
    case Red: return "\x1b[1;97;41m";
    case Green: return "\x1b[1;30;42m";
  }
  return "";
}
constexpr const char* kReset = "\x1b[0m";

const char* svgFill(Colour c) {
  switch (c) {
    case White: return "#f5f3ee";
    case Yellow: return "#f2c500";
    case Blue: return "#2f6fde";
    case Pink: return "#f28ac8";
    case Red: return "#d7263d";
    case Green: return "#2ca25f";
  }
  return "#000";
}
bool darkTile(Colour c) { return c == Blue || c == Red; }

std::string xmlEscape(std::string_view text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

// Labels around the board: top 1..7 (columns 0..6), right A..G (rows 0..6),
// bottom N..H (columns 0..6), left U..O (rows 0..6).
char topLabel(int c) { return labelChar(c); }
char rightLabel(int r) { return labelChar(7 + r); }
char bottomLabel(int c) { return labelChar(20 - c); }
char leftLabel(int r) { return labelChar(27 - r); }

}  // namespace

std::string renderText(const Board& board, bool colour) {
  // Every cell is 4 characters wide: " 12 " on its colour, or "12Y " plain.
  std::ostringstream s;
  auto labelRow = [&](char (*label)(int)) {
    s << "    ";
    for (int c = 0; c < kSide; ++c) s << (c ? "   " : "  ") << label(c);
    s << '\n';
  };
  labelRow(topLabel);
  for (int r = 0; r < kSide; ++r) {
    s << "  " << leftLabel(r) << ' ';
    for (int c = 0; c < kSide; ++c) {
      const int cell = r * kSide + c;
      const Colour col = board.pos.colourAt(cell);
      char buf[8];
      if (colour) {
        std::snprintf(buf, sizeof buf, " %2d ", board.tiles[cell]);
        s << ansiFor(col) << buf << kReset;
      } else {
        std::snprintf(buf, sizeof buf, "%2d%c ", board.tiles[cell], col == White ? '.' : colourChar(col));
        s << buf;
      }
    }
    s << ' ' << rightLabel(r) << '\n';
  }
  labelRow(bottomLabel);
  return s.str();
}

std::string describe(const Board& board) {
  const int border = std::popcount(board.pos.coloured() & kBorder);
  std::string s = "face ";
  s += faceChar(board.face);
  s += ", " + std::to_string(border) + " coloured tile" + (border == 1 ? "" : "s") + " on the border, ";
  if (board.pos.solvedHorizontal()) s += "solved (horizontal stripes)";
  else if (board.pos.solvedVertical()) s += "solved (vertical stripes)";
  else s += "not solved";
  return s;
}

std::vector<std::string> wrapWords(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  for (std::string w; in >> w;) {
    if (!line.empty() && line.size() + 1 + w.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string renderSvg(const Board& board, const std::string& title) {
  constexpr int cell = 56, gap = 4, margin = 40;
  constexpr int boardSize = kSide * cell;
  const int width = boardSize + 2 * margin;
  // The caption: the title (wrapped at words), then the board's description,
  // each line short enough for the picture at 14 px (a DejaVu Sans character
  // is at most ~0.62 em wide on average): nothing is cut off at the edges.
  constexpr int fontSize = 14, lineHeight = 19;
  const size_t perLine = static_cast<size_t>((width - 2 * kSvgSideMargin) / (kSvgCharEm * fontSize));
  std::vector<std::string> caption = wrapWords(title, perLine);
  for (auto& l : wrapWords(describe(board), perLine)) caption.push_back(l);
  const int top = 12 + lineHeight * static_cast<int>(caption.size());
  const int height = boardSize + 2 * margin + top;
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
  s << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  if (!title.empty()) s << "<title>" << xmlEscape(title) << "</title>\n";
  for (size_t i = 0; i < caption.size(); ++i)
    s << "<text class=\"caption\" x=\"" << width / 2 << "\" y=\"" << 22 + lineHeight * static_cast<int>(i)
      << "\" font-size=\"" << fontSize << "\" text-anchor=\"middle\" fill=\"#333\">" << xmlEscape(caption[i])
      << "</text>\n";
  const int ox = margin, oy = margin + top;
  // The inner 5x5 square, where the coloured tiles belong.
  s << "<rect x=\"" << ox + cell - gap / 2 << "\" y=\"" << oy + cell - gap / 2 << "\" width=\"" << 5 * cell + gap
    << "\" height=\"" << 5 * cell + gap << "\" rx=\"6\" fill=\"#ececec\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n";
  for (int r = 0; r < kSide; ++r)
    for (int c = 0; c < kSide; ++c) {
      const int i = r * kSide + c;
      const Colour col = board.pos.colourAt(i);
      const int x = ox + c * cell + gap / 2, y = oy + r * cell + gap / 2;
      s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell - gap << "\" height=\"" << cell - gap
        << "\" rx=\"9\" fill=\"" << svgFill(col) << "\" stroke=\"#555\" stroke-width=\"1\"/>";
      s << "<text x=\"" << x + (cell - gap) / 2 << "\" y=\"" << y + (cell - gap) / 2 + 7
        << "\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" fill=\""
        << (darkTile(col) ? "#ffffff" : "#222222") << "\">" << int(board.tiles[i]) << "</text>\n";
    }
  auto label = [&](int x, int y, char ch) {
    s << "<text x=\"" << x << "\" y=\"" << y + 6 << "\" font-size=\"17\" text-anchor=\"middle\" fill=\"#1a4f8b\">"
      << ch << "</text>\n";
  };
  for (int k = 0; k < kSide; ++k) {
    const int mid = k * cell + cell / 2;
    label(ox + mid, oy - margin / 2, topLabel(k));
    label(ox + mid, oy + boardSize + margin / 2, bottomLabel(k));
    label(ox - margin / 2, oy + mid, leftLabel(k));
    label(ox + boardSize + margin / 2, oy + mid, rightLabel(k));
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace nugget::cli
