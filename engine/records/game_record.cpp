#include "records/game_record.h"

#include <cctype>
#include <charconv>

#include "placement/attract.h"
#include "placement/shock.h"
#include "rings/position_file.h"
#include "rings/state.h"
#include "text/lines.h"

namespace records {

namespace {

constexpr std::array<std::string_view, 3> kNames = {"JC Shock", "JC Attract", "5RINGS"};
constexpr std::array<std::string_view, 3> kKeys = {"shock", "attract", "rings"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

int playersOf(Game g) { return g == Game::Rings ? rings::kPlayers : 2; }

std::string moveLabel(std::size_t i, const std::string& move) {
  return "move " + std::to_string(i + 1) + " (" + move + "): ";
}

// Plays r.moves from the start of a placement game; returns the outcome text.
template <class S>
std::string replayPlacement(const Record& r, const std::vector<int>& lines, int sizeLine) {
  S s(8);
  try {
    s = startOf<S>(r);
  } catch (const std::invalid_argument& e) {
    throw RecordError(sizeLine, e.what());
  }
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const int line = i < lines.size() ? lines[i] : 0;
    if (s.isTerminal())
      throw RecordError(line, moveLabel(i, r.moves[i]) + "the game is already over (" +
                                  std::string(placement::outcomeText(s.outcome())) + ")");
    const auto cell = placement::parseSquare(r.moves[i], s.size());
    if (!cell)
      throw RecordError(line, moveLabel(i, r.moves[i]) + "not a square of the " + std::to_string(r.size) + "x" +
                                  std::to_string(r.size) + " board");
    if (!s.isLegal(typename S::Move(*cell))) throw RecordError(line, moveLabel(i, r.moves[i]) + "the square is occupied");
    s.apply(typename S::Move(*cell));
  }
  return std::string(placement::outcomeText(s.outcome()));
}

std::string replayRings(const Record& r, const std::vector<int>& lines, std::string& scores) {
  rings::State s = startOf<rings::State>(r);
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const int line = i < lines.size() ? lines[i] : 0;
    if (s.isTerminal()) throw RecordError(line, moveLabel(i, r.moves[i]) + "the game is already over (" + rings::winnerText(s) + ")");
    const int cell = rings::parseSquare(r.moves[i]);
    if (cell < 0) throw RecordError(line, moveLabel(i, r.moves[i]) + "not a square (A1 .. J10)");
    const rings::Move m{static_cast<uint8_t>(cell)};
    if (!s.isLegal(m))
      throw RecordError(line, moveLabel(i, r.moves[i]) + "not legal for " +
                                  std::string(rings::kColourNames[s.currentPlayer()]));
    s.apply(m);
  }
  scores = rings::scoresText(s);
  return rings::winnerText(s);
}

std::string replay(const Record& r, const std::vector<int>& lines, int sizeLine, std::string& scores) {
  scores.clear();
  switch (r.game) {
    case Game::Shock: return replayPlacement<placement::ShockState>(r, lines, sizeLine);
    case Game::Attract: return replayPlacement<placement::AttractState>(r, lines, sizeLine);
    case Game::Rings: return replayRings(r, lines, scores);
  }
  return "";
}

std::string orderText(const std::array<uint8_t, rings::kPlayers>& order) {
  std::string out;
  for (uint8_t p : order) {
    if (!out.empty()) out += ' ';
    out += rings::kColourChars[p];
  }
  return out;
}

std::string quote(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// `[Name "value"]` (the '#' rule does not apply inside the quotes).
Tag parseTag(std::string_view line, int lineNo) {
  const auto fail = [&](const std::string& why) { return RecordError(lineNo, why + ", got '" + std::string(line) + "'"); };
  std::size_t i = 1;
  const std::size_t nameStart = i;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  Tag tag;
  tag.name = std::string(line.substr(nameStart, i - nameStart));
  if (tag.name.empty()) throw fail("expected a tag name after '['");
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '"') throw fail("expected `[" + tag.name + " \"value\"]`");
  for (++i;; ++i) {
    if (i >= line.size() || line[i] == '\n') throw fail("unterminated tag value");
    if (line[i] == '"') break;
    if (line[i] == '\\') {
      if (++i >= line.size()) throw fail("unterminated tag value");
    }
    tag.value += line[i];
  }
  ++i;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != ']') throw fail("expected ']' after the tag value");
  const std::string rest = text::clean(line.substr(i + 1));
  if (!rest.empty()) throw fail("text after the tag");
  return tag;
}

}  // namespace

std::string_view gameName(Game g) { return kNames[static_cast<int>(g)]; }
std::string_view gameKey(Game g) { return kKeys[static_cast<int>(g)]; }

std::optional<Game> gameFromName(std::string_view name) {
  const std::string n = lower(name);
  for (int g = 0; g < 3; ++g)
    if (n == lower(kNames[g]) || n == kKeys[g]) return Game(g);
  return std::nullopt;
}

RecordError::RecordError(int line, const std::string& reason)
    : std::runtime_error((line > 0 ? "line " + std::to_string(line) + ": " : "") + reason), line_(line), reason_(reason) {}

Record parseRecord(std::string_view input) {
  // The bounds of every reader (text/lines.h): line length, size, no NUL.
  if (auto p = text::checkText(input)) throw RecordError(p->line, p->reason);
  Record r;
  bool haveGame = false, haveSize = false, haveOrder = false, inMoves = false;
  int sizeLine = 0, seedLine = 0, orderLine = 0, resultLine = 0, scoresLine = 0;
  std::string resultTag, scoresTag;
  std::vector<int> moveLines;
  std::vector<std::string> seen;
  const auto lines = text::splitLines(input);
  for (std::size_t li = 0; li < lines.size(); ++li) {
    const int lineNo = static_cast<int>(li) + 1;
    const std::string_view raw = lines[li];
    const std::size_t first = raw.find_first_not_of(" \t");
    if (first != std::string_view::npos && raw[first] == '[') {
      if (inMoves) throw RecordError(lineNo, "tag line after the moves (tags come first)");
      const Tag tag = parseTag(raw.substr(first), lineNo);
      for (const auto& name : seen)
        if (name == tag.name) throw RecordError(lineNo, "second " + tag.name + " tag");
      seen.push_back(tag.name);
      if (tag.name == "Game") {
        const auto g = gameFromName(tag.value);
        if (!g) throw RecordError(lineNo, "unknown game '" + tag.value + "' (JC Shock, JC Attract, 5RINGS)");
        r.game = *g;
        haveGame = true;
      } else if (tag.name == "Size") {
        if (!text::isNumber(tag.value)) throw RecordError(lineNo, "Size must be a number, got '" + tag.value + "'");
        r.size = std::stoi(tag.value);
        haveSize = true;
        sizeLine = lineNo;
      } else if (tag.name == "Seed") {
        uint64_t seed = 0;
        const auto [end, ec] = std::from_chars(tag.value.data(), tag.value.data() + tag.value.size(), seed);
        if (tag.value.empty() || ec != std::errc() || end != tag.value.data() + tag.value.size())
          throw RecordError(lineNo, "Seed must be a non-negative integer, got '" + tag.value + "'");
        r.seed = seed;
        seedLine = lineNo;
      } else if (tag.name == "Order") {
        const auto w = text::words(tag.value);
        if (w.size() != static_cast<std::size_t>(rings::kPlayers))
          throw RecordError(lineNo, "Order needs the five colours, e.g. \"B K R Y G\"");
        unsigned used = 0;
        for (int k = 0; k < rings::kPlayers; ++k) {
          const std::size_t c = w[k].size() == 1 ? rings::kColourChars.find(w[k][0]) : std::string_view::npos;
          if (c == std::string_view::npos) throw RecordError(lineNo, "Order: '" + std::string(w[k]) + "' is not a colour (B K R Y G)");
          if (used >> c & 1u) throw RecordError(lineNo, "Order names " + std::string(w[k]) + " twice");
          used |= 1u << c;
          r.order[k] = static_cast<uint8_t>(c);
        }
        haveOrder = true;
        orderLine = lineNo;
      } else if (tag.name == "Players") {
        r.players = tag.value;
      } else if (tag.name == "Date") {
        r.date = tag.value;
      } else if (tag.name == "Result") {
        resultTag = tag.value;
        resultLine = lineNo;
      } else if (tag.name == "Scores") {
        scoresTag = tag.value;
        scoresLine = lineNo;
      } else {
        r.extra.push_back(tag);
      }
      continue;
    }
    const std::string line = text::clean(raw);
    if (line.empty()) continue;
    if (!haveGame) throw RecordError(lineNo, "expected the [Game \"...\"] tag before the moves");
    inMoves = true;
    const int players = playersOf(r.game);
    for (const std::string_view w : text::words(line)) {
      if (w.back() == '.') {
        const std::string_view number = w.substr(0, w.size() - 1);
        if (!text::isNumber(number)) throw RecordError(lineNo, "'" + std::string(w) + "' is not a move number");
        const std::size_t expected = r.moves.size() / players + 1;
        if (r.moves.size() % players != 0 || std::stoul(std::string(number)) != expected)
          throw RecordError(lineNo, "move number " + std::string(w) + " where " +
                                        (r.moves.size() % players ? "a move" : std::to_string(expected) + ".") +
                                        " was expected");
        continue;
      }
      std::string move(w);
      for (char& c : move)
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
      r.moves.push_back(move);
      moveLines.push_back(lineNo);
    }
  }
  if (!haveGame) throw RecordError(0, "missing [Game \"...\"] tag (JC Shock, JC Attract or 5RINGS)");
  const int after = static_cast<int>(lines.size());
  if (r.game == Game::Rings) {
    if (haveSize && r.size != rings::kSide) throw RecordError(sizeLine, "5RINGS is played on 10x10, not Size " + std::to_string(r.size));
    r.size = rings::kSide;
    if (r.seed && !haveOrder) r.order = rings::State::newGame(*r.seed).order();
    if (!r.seed && !haveOrder) throw RecordError(after, "5RINGS needs an [Order \"B K R Y G\"] or a [Seed \"N\"] tag");
    if (r.seed && haveOrder && rings::State::newGame(*r.seed).order() != r.order)
      throw RecordError(orderLine, "Order " + orderText(r.order) + " is not the order Seed " + std::to_string(*r.seed) +
                                       " (line " + std::to_string(seedLine) + ") draws (" +
                                       orderText(rings::State::newGame(*r.seed).order()) + ")");
  } else {
    if (haveOrder) throw RecordError(orderLine, "Order is a 5RINGS tag");
    if (!haveSize) throw RecordError(after, "missing [Size \"N\"] tag");
  }
  r.result = replay(r, moveLines, sizeLine, r.scores);
  if (resultLine && resultTag != r.result)
    throw RecordError(resultLine, "Result \"" + resultTag + "\" but the moves end in \"" + r.result + "\"");
  if (scoresLine && scoresTag != r.scores)
    throw RecordError(scoresLine, "Scores \"" + scoresTag + "\" but the moves end in \"" + r.scores + "\"");
  return r;
}

void settleResult(Record& r) {
  if (r.game == Game::Rings) r.size = rings::kSide;
  r.result = replay(r, {}, 0, r.scores);
}

std::string formatRecord(const Record& r) {
  std::string out;
  const auto tag = [&](std::string_view name, const std::string& value) {
    out += '[';
    out += name;
    out += ' ';
    out += quote(value);
    out += "]\n";
  };
  tag("Game", std::string(gameName(r.game)));
  if (r.game == Game::Rings) tag("Order", orderText(r.order));
  else tag("Size", std::to_string(r.size));
  if (r.seed) tag("Seed", std::to_string(*r.seed));
  if (!r.players.empty()) tag("Players", r.players);
  if (!r.date.empty()) tag("Date", r.date);
  tag("Result", r.result);
  if (!r.scores.empty()) tag("Scores", r.scores);
  for (const Tag& t : r.extra) tag(t.name, t.value);
  out += '\n';
  const std::size_t players = static_cast<std::size_t>(playersOf(r.game));
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    if (i % players == 0) out += std::to_string(i / players + 1) + ".";
    out += " " + r.moves[i];
    if (i % players == players - 1 || i + 1 == r.moves.size()) out += '\n';
  }
  return out;
}

}  // namespace records
