#include "nugget/board_svg.h"

#include <sstream>
#include <string_view>
#include <vector>

#include "nugget/board_text.h"

namespace nugget {

namespace {

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

// Words of `text` in lines of at most `width` characters (a longer word alone).
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

}  // namespace

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

}  // namespace nugget
