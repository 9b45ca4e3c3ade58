#include "nugget/jcgn.h"

#include <charconv>
#include <sstream>

#include "text/file.h"

namespace nugget::jcgn {

long Entry::totalMoves() const {
  long t = 0;
  for (const auto& b : boards) t += static_cast<long>(b.moves.size());
  return t;
}

std::vector<int> Entry::movesPerBoard() const {
  std::vector<int> v;
  for (const auto& b : boards) v.push_back(static_cast<int>(b.moves.size()));
  return v;
}

void write(std::ostream& out, const Entry& entry, const std::string& comment) {
  out << "# jcgn-1\n";
  if (!comment.empty()) {
    std::istringstream lines(comment);
    for (std::string l; std::getline(lines, l);) out << "# " << l << '\n';
  }
  for (size_t i = 0; i < entry.boards.size(); ++i) {
    const auto& b = entry.boards[i];
    const int k = static_cast<int>(i) + 1;
    out << "board " << k << ' ' << faceChar(faceOfBoard(k)) << ' ' << b.moves.size();
    for (Move m : b.moves) out << ' ' << m.full();
    out << "\nfinal " << tilesToString(b.final) << '\n';
  }
}

std::string toString(const Entry& entry, const std::string& comment) {
  std::ostringstream s;
  write(s, entry, comment);
  return s.str();
}

double Verdict::mean() const {
  return entry.boards.empty() ? 0.0 : double(entry.totalMoves()) / double(entry.boards.size());
}

std::string Verdict::message(const std::string& file) const {
  if (!ok && line == 0) return file + ": " + reason;
  if (!ok) return file + ":" + std::to_string(line) + ": " + reason;
  char buf[128];
  std::snprintf(buf, sizeof buf, "valid: %d boards, %ld moves, mean %.4f", boards(), entry.totalMoves(), mean());
  return buf;
}

std::vector<std::string_view> fields(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<int> parseInt(std::string_view s, int lo, int hi) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

std::string quote(std::string_view s, size_t keep) {
  std::string out = "\"";
  for (char ch : s.substr(0, keep)) out += (ch >= 32 && ch < 127) ? ch : '?';
  if (s.size() > keep) out += "...";
  return out + "\"";
}

std::optional<std::vector<Move>> toMoves(const std::vector<std::string_view>& w, size_t from) {
  std::vector<Move> moves;
  for (size_t i = from; i < w.size(); ++i) {
    const auto m = parseMove(w[i]);
    if (!m || !m->p) return std::nullopt;
    moves.push_back(Move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(*m->p)});
  }
  return moves;
}

std::string formatMoves(const std::vector<Move>& moves) {
  std::string s;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i) s += ' ';
    s += moves[i].full();  // appended, not "..." + full(): GCC 12's false -Wrestrict
  }
  return s;
}

namespace {

// The bounds of every reader (text/lines.h): a valid line is under 400
// characters, a 200-board entry ~170 kB.
constexpr text::Limits kLimits{};
constexpr size_t kMaxLine = kLimits.maxLine;

}  // namespace

Verdict verify(std::istream& in, bool allowPartial) {
  Verdict v;
  Board board = Board::start();
  int lineNo = 0, lastLine = 0;
  bool wantFinal = false;  // a board line was read, its final line is due
  int boardLine = 0;
  auto fail = [&](int line, std::string reason) {
    v.ok = false;
    v.line = line;
    v.reason = std::move(reason);
    return v;
  };
  std::string line;
  size_t bytes = 0;
  while (true) {
    line.clear();
    bool eof = true, tooLong = false;
    for (int ch; (ch = in.get()) != EOF;) {
      eof = false;
      if (++bytes > kLimits.maxBytes) return fail(lineNo + 1, "larger than " + text::sizeText(kLimits.maxBytes));
      if (ch == '\n') break;
      // The '\r' of a CRLF ending is not counted (it is dropped below).
      if (line.size() >= kMaxLine && !(ch == '\r' && (in.peek() == '\n' || in.peek() == EOF))) {
        tooLong = true;  // stop reading: a file without newlines may be endless (/dev/zero)
        break;
      }
      line += static_cast<char>(ch);
    }
    if (eof && line.empty()) break;
    ++lineNo;
    if (static_cast<size_t>(lineNo) > kLimits.maxLines)
      return fail(lineNo, "more than " + std::to_string(kLimits.maxLines) + " lines");
    if (tooLong) return fail(lineNo, "line longer than " + std::to_string(kMaxLine) + " characters");
    if (lineNo == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // UTF-8 BOM
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto tok = fields(line);
    if (tok.empty() || tok[0][0] == '#') continue;
    lastLine = lineNo;
    const int k = v.boards() + 1;
    if (tok[0] == "board") {
      if (wantFinal) return fail(lineNo, "board " + std::to_string(v.boards()) + " has no final line");
      if (k > kMaxBoards) return fail(lineNo, "more than " + std::to_string(kMaxBoards) + " boards");
      if (tok.size() < 4) return fail(lineNo, "board line needs: board K FACE M moves...");
      auto idx = parseInt(tok[1], 1, 1000000);
      if (!idx || *idx != k) return fail(lineNo, "board " + std::to_string(k) + " expected, got " + quote(tok[1]));
      const std::string face(1, faceChar(faceOfBoard(k)));
      if (tok[2] != face) return fail(lineNo, "board " + std::to_string(k) + " shows face " + face + ", got " + quote(tok[2]));
      auto m = parseInt(tok[3], 0, 1000000);
      if (!m) return fail(lineNo, "bad move count " + quote(tok[3]));
      if (*m > kMaxMovesPerBoard)
        return fail(lineNo, "board " + std::to_string(k) + " uses " + std::to_string(*m) + " moves, at most 99 allowed");
      if (static_cast<int>(tok.size()) - 4 != *m)
        return fail(lineNo, "move count says " + std::to_string(*m) + ", line has " + std::to_string(tok.size() - 4));
      BoardRecord rec;
      for (int i = 0; i < *m; ++i) {
        const std::string_view t = tok[4 + i];
        const std::string where = "move " + std::to_string(i + 1) + " " + quote(t);
        auto mt = parseMove(t);
        if (!mt) return fail(lineNo, where + ": not a move");
        if (!mt->p) return fail(lineNo, where + ": full notation needed (label and p)");
        Move played;
        if (auto err = board.play(*mt, &played)) return fail(lineNo, where + ": " + *err);
        rec.moves.push_back(played);
      }
      if (!board.pos.solved()) return fail(lineNo, "board " + std::to_string(k) + " not solved");
      rec.final = board.tiles;
      v.entry.boards.push_back(std::move(rec));
      wantFinal = true;
      boardLine = lineNo;
    } else if (tok[0] == "final") {
      if (!wantFinal) return fail(lineNo, "final line without a board line");
      std::string err;
      auto tiles = parseTiles(std::string_view(line).substr(line.find("final") + 5), &err);
      if (!tiles) return fail(lineNo, "final: " + err);
      if (*tiles != board.tiles) return fail(lineNo, "final does not match");
      board.flip();
      wantFinal = false;
    } else {
      return fail(lineNo, "unknown record " + quote(tok[0]));
    }
  }
  if (wantFinal) return fail(boardLine, "board " + std::to_string(v.boards()) + " has no final line");
  if (!allowPartial && v.boards() < kMinBoards)
    return fail(std::max(lastLine, 1), std::to_string(kMinBoards) + " boards needed, got " + std::to_string(v.boards()));
  v.ok = true;
  return v;
}

Verdict verifyFile(const std::string& path, bool allowPartial) {
  std::string bytes;
  try {
    bytes = text::readTextFile(path, kLimits, /*allowStdin=*/true);
  } catch (const text::ReadError& e) {
    Verdict v;
    v.line = e.line();
    v.reason = e.reason();
    return v;
  }
  std::istringstream in(std::move(bytes));
  return verify(in, allowPartial);
}

int compare(const std::vector<int>& a, const std::vector<int>& b, std::string* criterion) {
  auto say = [&](const char* c) {
    if (criterion) *criterion = c;
  };
  long ta = 0, tb = 0;
  for (int x : a) ta += x;
  for (int x : b) tb += x;
  // Compare means exactly: ta/na vs tb/nb  <=>  ta*nb vs tb*na.
  const long lhs = ta * static_cast<long>(b.size()), rhs = tb * static_cast<long>(a.size());
  if (lhs != rhs) {
    say("mean moves per board");
    return lhs < rhs ? -1 : 1;
  }
  if (a.size() != b.size()) {
    say("number of boards solved");
    return a.size() > b.size() ? -1 : 1;
  }
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) {
      if (criterion) *criterion = "moves on board " + std::to_string(i + 1) + (i + 1 == a.size() ? " (the last)" : "");
      return a[i] < b[i] ? -1 : 1;
    }
  }
  say("full tie");
  return 0;
}

Board nextStart(const Entry& entry) {
  if (entry.boards.empty()) return Board::start();
  const int k = static_cast<int>(entry.boards.size());
  Board b = Board::fromTiles(entry.boards.back().final, faceOfBoard(k));
  b.flip();
  return b;
}

std::vector<ReplayedBoard> replayedBoards(const Verdict& v, std::string_view failedLine) {
  std::vector<ReplayedBoard> out;
  Entry before;
  for (const auto& rec : v.entry.boards) {
    out.push_back({nextStart(before), rec.moves, static_cast<int>(rec.moves.size())});
    before.boards.push_back(rec);
  }
  const auto tok = fields(failedLine);
  if (v.ok || tok.size() < 4 || tok[0] != "board" || parseInt(tok[1], 1, kMaxBoards) != v.boards() + 1) return out;
  ReplayedBoard b{nextStart(before), {}, static_cast<int>(tok.size()) - 4};
  Board at = b.start;
  for (size_t i = 4; i < tok.size(); ++i) {
    auto text = parseMove(tok[i]);
    Move m;
    if (!text || !text->p || at.play(*text, &m)) break;
    b.moves.push_back(m);
  }
  out.push_back(std::move(b));
  return out;
}

}  // namespace nugget::jcgn
