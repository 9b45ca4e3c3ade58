#include "nugget/position_list.h"

#include <sstream>

#include "text/file.h"

namespace nugget {

namespace {

// The words of a line before its '#', and the comment after it.
std::vector<std::string> wordsBeforeComment(std::string line, std::string& comment) {
  if (const auto hash = line.find('#'); hash != std::string::npos) {
    comment = line.substr(hash + 1);
    line.resize(hash);
  }
  std::istringstream words(line);
  std::vector<std::string> w;
  for (std::string x; words >> x;) w.push_back(x);
  return w;
}

// "board K" and "ref M" in a comment, in any order, other words ignored.
void readTags(const std::string& comment, PositionLine& p) {
  std::istringstream c(comment);
  for (std::string key; c >> key;) {
    if (key == "board") c >> p.board;
    else if (key == "ref") c >> p.ref;
  }
}

}  // namespace

std::vector<PositionLine> parsePositionList(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  std::vector<PositionLine> out;
  int lineNo = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    std::string comment;
    const std::vector<std::string> w = wordsBeforeComment(line, comment);
    if (w.empty()) continue;
    const std::string where = name + ":" + std::to_string(lineNo) + ": ";
    if (w.size() != 50)
      throw PositionListError(where + "expected 49 tiles and a face (A or B), got " + std::to_string(w.size()) +
                              " words");
    if (w.back() != "A" && w.back() != "B")
      throw PositionListError(where + "face must be A or B, got \"" + w.back() + "\"");
    std::string tilesText;
    for (size_t i = 0; i + 1 < w.size(); ++i) tilesText += w[i] + " ";
    std::string err;
    const auto tiles = parseTiles(tilesText, &err);
    if (!tiles) throw PositionListError(where + err);
    PositionLine p;
    p.board = static_cast<int>(out.size()) + 1;
    p.start = Board::fromTiles(*tiles, w.back() == "A" ? Face::A : Face::B);
    readTags(comment, p);
    out.push_back(p);
  }
  if (out.empty()) throw PositionListError(name + ": no positions");
  return out;
}

std::vector<PositionLine> readPositionList(const std::string& path) {
  std::string bytes;
  try {
    bytes = text::readTextFile(path);
  } catch (const text::ReadError& e) {
    throw PositionListError(std::string("cannot read the position file ") + e.what());
  }
  return parsePositionList(bytes, path);
}

std::string formatPositionLine(const PositionLine& p) {
  std::string s = tilesToString(p.start.tiles);
  s += ' ';
  s += faceChar(p.start.face);
  s += "  # board " + std::to_string(p.board);
  if (p.ref >= 0) s += " ref " + std::to_string(p.ref);
  return s;
}

}  // namespace nugget
