#include "nugget/run/checkpoint.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <sstream>

#include "text/file.h"
#include "text/sha256.h"

namespace nugget::solve {

namespace {

constexpr std::string_view kHeader = "# nugget-checkpoint ";
constexpr std::string_view kSettings = "# settings: ";
constexpr std::string_view kPending = "# pending ";
constexpr std::string_view kLive = "# live";
constexpr std::string_view kTries = "# cycle-tries-done ";
constexpr std::string_view kLead = "# cycle-lead ";
constexpr std::string_view kTurn = "# cycle-turn ";
constexpr std::string_view kCycleEnd = "# cycle-end";
constexpr std::string_view kParked = "# cycle-parked ";
constexpr std::string_view kSearchDone = "# search-done ";
constexpr std::string_view kSearchBoard = "# search-board ";
constexpr std::string_view kSearchLead = "# search-lead ";
constexpr std::string_view kSearchTurn = "# search-turn ";
constexpr std::string_view kAimsDone = "# aims-done ";
constexpr std::string_view kCycleAimsDone = "# cycle-aims-done ";
constexpr std::string_view kCycleAim = "# cycle-aim ";
constexpr std::string_view kAimBest = "# aim-best ";
constexpr std::string_view kSum = "# sha256 ";
constexpr std::string_view kRank = "# rank ";
constexpr std::string_view kRankBoard = "# rank-board ";
constexpr std::string_view kRankPending = "# rank-pending ";
constexpr std::string_view kRankLive = "# rank-live";

std::string quote(std::string_view s) { return jcgn::quote(s, 32); }

void movesLine(std::ostringstream& s, std::string_view tag, const std::vector<Move>& moves) {
  s << tag << jcgn::formatMoves(moves) << '\n';
}

bool starts(std::string_view line, std::string_view tag) { return line.substr(0, tag.size()) == tag; }

using Bad = std::function<CheckpointError(const std::string&)>;

// A pending board's fields ("TAG PARENT MOVES", w[2] the parent: -1, or an
// earlier pending board, so parents come first and pendingDepth() and
// restore() stay finite), appended to `pending`; `what` names it in the error.
void pendingBoard(const std::vector<std::string_view>& w, std::vector<std::pair<int, std::vector<Move>>>& pending,
                  const Bad& bad, const char* what) {
  int parent = -2;  // none
  if (w.size() >= 3)
    if (const auto p = jcgn::parseInt(w[2], -1, static_cast<int>(pending.size()) - 1)) parent = *p;
  auto moves = jcgn::toMoves(w, 3);
  if (parent < -1 || !moves || moves->empty() || moves->size() > jcgn::kMaxMovesPerBoard) throw bad(what);
  pending.emplace_back(parent, std::move(*moves));
}

// A live line's fields (w[2..]: pending boards), appended to `live`.
void liveChains(const std::vector<std::string_view>& w, size_t pending, std::vector<int>& live, const Bad& bad,
                const char* what) {
  for (size_t k = 2; k < w.size(); ++k) {
    const auto id = jcgn::parseInt(w[k], 0, static_cast<int>(pending) - 1);
    if (!id) throw bad(what);
    live.push_back(*id);
  }
}

// Reads one "# rank-..." line into `chain` (false: the line is none of
// them). Boards come first, then pending boards (parents first), then one
// live line, as in the checkpoint's own chain.
bool rankLine(std::string_view line, RankChain& chain, bool& liveSeen, const Bad& bad) {
  const auto w = jcgn::fields(line);
  if (starts(line, kRankBoard)) {
    if (!chain.pending.empty() || liveSeen) throw bad("a rank's board after its pending boards");
    auto moves = jcgn::toMoves(w, 2);
    if (!moves || moves->empty() || moves->size() > jcgn::kMaxMovesPerBoard) throw bad("bad rank board");
    chain.boards.push_back(std::move(*moves));
  } else if (starts(line, kRankPending)) {
    if (liveSeen) throw bad("a rank's pending board after its live chains");
    pendingBoard(w, chain.pending, bad, "bad rank pending board");
  } else if (line == kRankLive || starts(line, std::string(kRankLive) + " ")) {
    if (liveSeen) throw bad("a second live line for one rank");
    liveSeen = true;
    liveChains(w, chain.pending.size(), chain.live, bad, "a rank's live chain that is no pending board");
  } else {
    return false;
  }
  return true;
}


}  // namespace

std::string formatRankChain(const RankChain& chain) {
  std::ostringstream s;
  for (const auto& b : chain.boards) movesLine(s, kRankBoard, b);
  for (const auto& [parent, moves] : chain.pending) {
    s << kRankPending << parent;
    for (Move m : moves) s << ' ' << m.full();
    s << '\n';
  }
  s << kRankLive;
  for (int id : chain.live) s << ' ' << id;
  s << '\n';
  return s.str();
}

RankChain parseRankChain(std::string_view text) {
  RankChain chain;
  bool liveSeen = false;
  int no = 0;
  for (size_t at = 0; at < text.size();) {
    const size_t nl = text.find('\n', at);
    const size_t end = nl == std::string_view::npos ? text.size() : nl;
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++no;
    auto bad = [&](const std::string& why) { return CheckpointError(no, why + ": " + quote(line)); };
    if (!rankLine(line, chain, liveSeen, bad)) throw bad("not a rank's chain line");
  }
  if (!chain.pending.empty() && chain.live.empty()) throw CheckpointError(no, "a rank's pending boards without live chains");
  return chain;
}

int Checkpoint::pendingDepth() const {
  // Parents come before children (checked by the reader), so this ends.
  int depth = 0;
  if (!live.empty())
    for (int n = live.front(); n >= 0 && n < static_cast<int>(pending.size()); n = pending[n].first) ++depth;
  return depth;
}

CheckpointError::CheckpointError(int line, const std::string& reason)
    : std::runtime_error(line ? "line " + std::to_string(line) + ": " + reason : reason), line_(line), reason_(reason) {}

std::string CheckpointError::message(const std::string& file) const {
  return line_ ? file + ":" + std::to_string(line_) + ": " + reason_ : file + ": " + reason_;
}

std::string formatCheckpoint(const Checkpoint& cp) {
  std::ostringstream s;
  s << jcgn::toString(cp.entry,
                      "nugget-checkpoint " + std::to_string(kCheckpointVersion) + "\nsettings: " + cp.settings);
  if (!cp.pending.empty() || !cp.live.empty()) {
    for (const auto& [parent, moves] : cp.pending) {
      s << kPending << parent;
      for (Move m : moves) s << ' ' << m.full();
      s << '\n';
    }
    s << kLive;
    for (int id : cp.live) s << ' ' << id;
    s << '\n';
  }
  for (size_t r = 0; r < cp.ranks.size(); ++r) s << kRank << r + 1 << '\n' << formatRankChain(cp.ranks[r]);
  if (cp.search) {
    s << kSearchDone << cp.search->stretchesDone << '\n';
    for (const auto& b : cp.search->boards) movesLine(s, kSearchBoard, b);
    if (cp.search->found) {
      for (const auto& b : cp.search->found->lead) movesLine(s, kSearchLead, b);
      for (const auto& b : cp.search->found->turn) movesLine(s, kSearchTurn, b);
    }
  }
  if (cp.cycles) {
    s << kTries << cp.cycles->triesDone << ' ' << cp.cycles->cycleBoards << '\n';
    auto cycleLines = [&](const std::vector<SavedCycle>& cycles) {
      for (const auto& c : cycles) {
        for (const auto& b : c.lead) movesLine(s, kLead, b);
        for (const auto& b : c.turn) movesLine(s, kTurn, b);
        s << kCycleEnd << ' ' << c.foundBy << '\n';
      }
    };
    cycleLines(cp.cycles->cycles);
    if (cp.cycles->parkedFrom) {
      s << kParked << *cp.cycles->parkedFrom << '\n';
      cycleLines(cp.cycles->parked);
    }
  }
  if (cp.aims) {
    s << kAimsDone << cp.aims->done << '\n';
    if (cp.aims->best >= 0) {
      s << kAimBest << cp.aims->best;
      for (Move m : cp.aims->bestMoves) s << ' ' << m.full();
      s << '\n';
    }
  }
  if (cp.cycleAims) {
    s << kCycleAimsDone << cp.cycleAims->done << '\n';
    for (const auto& [index, moves] : cp.cycleAims->kept) {
      s << kCycleAim << index;
      for (Move m : moves) s << ' ' << m.full();
      s << '\n';
    }
  }
  std::string text = s.str();
  text += std::string(kSum) + text::sha256Hex(text) + "\n";
  return text;
}

namespace {

// The text's lines, without their '\n'.
std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t at = 0; at < text.size();) {
    const size_t nl = text.find('\n', at);
    const size_t end = nl == std::string_view::npos ? text.size() : nl;
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

// Whether the text is a checkpoint of this build, whole and undamaged,
// before any of its lines is read: the header and format version, the
// bounds of every reader, then the checksum (which tells a damaged file
// from a foreign one).
void checkEnvelope(std::string_view text, const std::vector<std::string_view>& lines) {
  // Line 2 is the header: "# jcgn-1" comes first, written by jcgn::write.
  if (lines.size() < 2 || !starts(lines[1], kHeader)) {
    const int at = lines.empty() ? 0 : lines.size() < 2 ? 1 : 2;
    throw CheckpointError(at, "not a nugget solve checkpoint (no \"# nugget-checkpoint\" line" +
                                  std::string(at ? "; found " + quote(lines[at - 1]) : "") + ")");
  }
  if (lines[0] != "# jcgn-1") throw CheckpointError(1, "not a nugget solve checkpoint (no \"# jcgn-1\" line)");
  const auto version = jcgn::parseInt(lines[1].substr(kHeader.size()), 0, 1'000'000);
  if (!version || *version != kCheckpointVersion)
    throw CheckpointError(2, "checkpoint format " + quote(lines[1].substr(kHeader.size())) + ", this build reads " +
                                 std::to_string(kCheckpointVersion));
  // The bounds of every reader (text/lines.h): line length, size, no NUL.
  if (auto p = text::checkText(text)) throw CheckpointError(p->line, p->reason);
  const int last = static_cast<int>(lines.size());
  if (text.empty() || text.back() != '\n' || !starts(lines.back(), kSum))
    throw CheckpointError(last, "incomplete checkpoint: no \"# sha256\" line at the end (cut short?)");
  const size_t bodySize = text.size() - lines.back().size() - 1;
  if (lines.back().substr(kSum.size()) != text::sha256Hex(text.substr(0, bodySize)))
    throw CheckpointError(last, "checksum mismatch: the checkpoint was changed or damaged");
}

// A board's moves from fields w[from..]: one to kMaxMovesPerBoard moves.
std::optional<std::vector<Move>> boardMoves(const std::vector<std::string_view>& w, size_t from) {
  auto moves = jcgn::toMoves(w, from);
  if (!moves || moves->empty() || moves->size() > jcgn::kMaxMovesPerBoard) return std::nullopt;
  return moves;
}

// A "TAG N" line's N (0..1,000,000), none when the line is not that.
std::optional<int> countField(const std::vector<std::string_view>& w) {
  return w.size() == 3 ? jcgn::parseInt(w[2], 0, 1'000'000) : std::nullopt;
}

// A "TAG I MOVES" line's I, one of 0..n-1.
std::optional<int> indexField(const std::vector<std::string_view>& w, int n) {
  return w.size() >= 3 ? jcgn::parseInt(w[2], 0, n - 1) : std::nullopt;
}

// Reads a checkpoint's lines in order, each checked against what came
// before it (a line out of place is an error, so a resume never reads a
// state the solver could not have written). The line readers, one a
// phase of the solve, each say whether the line was one of theirs.
class CheckpointReader {
 public:
  void read(std::string_view line, const Bad& bad) {
    const auto w = jcgn::fields(line);
    if (chainLine(line, w, bad) || searchLine(line, w, bad) || aimsLine(line, w, bad) || cycleLine(line, w, bad))
      return;
    if (starts(line, kSum)) throw bad("a checksum line before the end");
    // A comment, or an entry record: jcgn::verify reads those.
    if (starts(line, "#") || line.find_first_not_of(" \t\r") == std::string_view::npos || starts(line, "board ") ||
        starts(line, "final "))
      return;
    throw bad("not a checkpoint line");
  }

  // The checks of the whole, once every line is read (`last`: the last
  // line's number, where the errors point).
  Checkpoint finish(int last) && {
    if (cycle_) throw CheckpointError(last, "a cycle not closed by \"# cycle-end\"");
    if (!cp_.ranks.empty() && !rankLiveSeen_) throw CheckpointError(last, "a rank's chain without its live line");
    for (const RankChain& r : cp_.ranks)
      if (!r.pending.empty() && r.live.empty()) throw CheckpointError(last, "a rank's pending boards without live chains");
    if (cp_.settings.empty()) throw CheckpointError(0, "no \"# settings:\" line");
    if (!cp_.pending.empty() && cp_.live.empty()) throw CheckpointError(last, "pending boards without live chains");
    if (cp_.cycles && !cp_.pending.empty()) throw CheckpointError(last, "pending boards in the cycle phase");
    if (cp_.cycleAims && (cp_.cycles || cp_.aims))
      throw CheckpointError(last, "the cycle route's aims beside the chain route's state");
    const auto& search = cp_.search;
    if (search && search->found && search->found->turn.empty())
      throw CheckpointError(last, "a found cycle without its turn");
    if (search && search->found && !cp_.cycles) throw CheckpointError(last, "a found cycle without its tries line");
    if (search && !cp_.ranks.empty()) throw CheckpointError(last, "ranks' chains in the search past the chain");
    return std::move(cp_);
  }

 private:
  // The chain phase: settings, the ranks' chains, pending boards, live chains.
  bool chainLine(std::string_view line, const std::vector<std::string_view>& w, const Bad& bad) {
    if (starts(line, kRank)) {
      // Ranks 1, 2, ... in order, after rank 0's chain and before any cycle.
      const auto r = w.size() == 3 ? jcgn::parseInt(w[2], 1, 1'000'000) : std::nullopt;
      if (!r || *r != static_cast<int>(cp_.ranks.size()) + 1) throw bad("a rank out of order");
      if (cp_.cycles) throw bad("a rank's chain in the cycle phase");
      if (!cp_.ranks.empty() && !rankLiveSeen_) throw bad("a rank's chain without its live line");
      cp_.ranks.emplace_back();
      rankLiveSeen_ = false;
    } else if (starts(line, "# rank-")) {
      if (cp_.ranks.empty()) throw bad("a rank's line before its \"# rank\" line");
      if (!rankLine(line, cp_.ranks.back(), rankLiveSeen_, bad)) throw bad("not a rank's chain line");
    } else if (starts(line, kSettings)) {
      if (!cp_.settings.empty()) throw bad("a second settings line");
      cp_.settings = std::string(line.substr(kSettings.size()));
    } else if (starts(line, kPending)) {
      if (liveSeen_ || cp_.cycles) throw bad("pending board out of place");
      pendingBoard(w, cp_.pending, bad, "bad pending board");
    } else if (line == kLive || starts(line, std::string(kLive) + " ")) {
      if (liveSeen_ || cp_.cycles) throw bad("live chains out of place");
      liveSeen_ = true;
      liveChains(w, cp_.pending.size(), cp_.live, bad, "a live chain that is no pending board");
    } else {
      return false;
    }
    return true;
  }

  // The search for a cycle past the chain: stretches done, its boards, or
  // the cycle it found.
  bool searchLine(std::string_view line, const std::vector<std::string_view>& w, const Bad& bad) {
    if (starts(line, kSearchDone)) {
      if (cp_.search || cp_.cycles || cp_.aims || !cp_.pending.empty()) throw bad("search line out of place");
      const auto done = countField(w);
      if (!done) throw bad("bad search-done line");
      cp_.search = Checkpoint::SearchPast{*done, {}, {}};
      return true;
    }
    if (!starts(line, kSearchBoard) && !starts(line, kSearchLead) && !starts(line, kSearchTurn)) return false;
    if (!cp_.search || cp_.cycles) throw bad("a search board out of place");
    auto moves = boardMoves(w, 2);
    if (!moves) throw bad("bad search board");
    auto& found = cp_.search->found;
    if (starts(line, kSearchBoard)) {
      if (found) throw bad("a search board after the cycle it found");
      cp_.search->boards.push_back(std::move(*moves));
    } else {
      if (!cp_.search->boards.empty()) throw bad("a found cycle after the search's boards");
      if (!found) found.emplace();
      const bool lead = starts(line, kSearchLead);
      if (lead && !found->turn.empty()) throw bad("a lead board after the cycle's turn");
      (lead ? found->lead : found->turn).push_back(std::move(*moves));
    }
    return true;
  }

  // The aims: the chain route's at a path (aims done, the cheapest so far),
  // the cycle route's (aims done, those kept).
  bool aimsLine(std::string_view line, const std::vector<std::string_view>& w, const Bad& bad) {
    if (starts(line, kAimsDone)) {
      if (cp_.aims || !cp_.cycles || cycle_ || cp_.cycles->parkedFrom) throw bad("aims line out of place");
      const auto done = countField(w);
      if (!done) throw bad("bad aims-done line");
      cp_.aims = Checkpoint::Aims{*done, -1, {}};
    } else if (starts(line, kAimBest)) {
      if (!cp_.aims || cp_.aims->best >= 0) throw bad("aim-best line out of place");
      const auto best = indexField(w, cp_.aims->done);
      auto moves = boardMoves(w, 3);
      if (!best || !moves) throw bad("bad aim-best line");
      cp_.aims->best = *best;
      cp_.aims->bestMoves = std::move(*moves);
    } else if (starts(line, kCycleAimsDone)) {
      // The cycle route: nothing of the chain route beside it.
      if (cp_.cycleAims || cp_.cycles || cp_.search || !cp_.pending.empty() || !cp_.ranks.empty())
        throw bad("cycle-aims line out of place");
      const auto done = countField(w);
      if (!done) throw bad("bad cycle-aims-done line");
      cp_.cycleAims = AimsDone{*done, {}};
    } else if (starts(line, kCycleAim)) {
      if (!cp_.cycleAims) throw bad("cycle-aim line out of place");
      const auto index = indexField(w, cp_.cycleAims->done);
      auto moves = boardMoves(w, 3);
      if (!index || !moves) throw bad("bad cycle-aim line");
      auto& kept = cp_.cycleAims->kept;
      if (!kept.empty() && kept.back().first >= *index) throw bad("cycle-aim lines out of order");
      kept.emplace_back(*index, std::move(*moves));
    } else {
      return false;
    }
    return true;
  }

  // The cycle phase: tries done, then each cycle of the path (its lead and
  // turn, then its end line), and an exploration's parked cycles.
  bool cycleLine(std::string_view line, const std::vector<std::string_view>& w, const Bad& bad) {
    if (starts(line, kTries)) {
      if (cp_.cycles) throw bad("a second cycle-tries line");
      if (cp_.search && !cp_.search->found) throw bad("cycle tries before the search found a cycle");
      const auto done = w.size() == 4 ? jcgn::parseInt(w[2], 0, 1'000'000) : std::nullopt;
      const auto boards = w.size() == 4 ? jcgn::parseInt(w[3], 0, 1'000'000) : std::nullopt;
      if (!done || !boards) throw bad("bad cycle-tries line");
      cp_.cycles = Checkpoint::CyclePath{*done, *boards, {}, std::nullopt, {}};
    } else if (starts(line, kLead) || starts(line, kTurn)) {
      const bool lead = starts(line, kLead);
      if (!cp_.cycles) throw bad("a cycle board before the cycle-tries line");
      auto moves = boardMoves(w, 2);
      if (!moves) throw bad("bad cycle board");
      if (!cycle_) cycle_.emplace();
      if (lead && !cycle_->turn.empty()) throw bad("a lead board after the cycle's turn");
      (lead ? cycle_->lead : cycle_->turn).push_back(std::move(*moves));
    } else if (starts(line, kCycleEnd)) {
      if (!cp_.cycles || !cycle_ || cycle_->turn.empty()) throw bad("a cycle without its boards");
      // "# cycle-end T"; a checkpoint of session 5 has no T (read as 0).
      const auto by = w.size() == 3 ? jcgn::parseInt(w[2], 0, 1'000'000) : std::optional<int>(0);
      if (!by || w.size() > 3 || w[1] != "cycle-end") throw bad("bad cycle-end line");
      cycle_->foundBy = *by;
      (cp_.cycles->parkedFrom ? cp_.cycles->parked : cp_.cycles->cycles).push_back(std::move(*cycle_));
      cycle_.reset();
    } else if (starts(line, kParked)) {
      if (!cp_.cycles || cycle_ || cp_.cycles->parkedFrom || cp_.aims) throw bad("cycle-parked line out of place");
      // The explored cycle follows path[F]: the path holds more than F + 1 cycles.
      const int kept = static_cast<int>(cp_.cycles->cycles.size());
      const auto from = w.size() == 3 && kept > 0 ? jcgn::parseInt(w[2], 0, kept - 1) : std::nullopt;
      if (!from) throw bad("bad cycle-parked line");
      cp_.cycles->parkedFrom = *from;
    } else {
      return false;
    }
    return true;
  }

  Checkpoint cp_;
  std::optional<Checkpoint::SavedCycle> cycle_;  // the cycle being read
  bool liveSeen_ = false;
  bool rankLiveSeen_ = false;  // of the rank being read (cp_.ranks.back())
};

}  // namespace

Checkpoint parseCheckpoint(std::string_view text) {
  const std::vector<std::string_view> lines = splitLines(text);
  checkEnvelope(text, lines);
  // The body: between the header and the checksum.
  CheckpointReader reader;
  const int last = static_cast<int>(lines.size());
  for (int i = 2; i + 1 < last; ++i) {
    const std::string_view line = lines[i];
    const int no = i + 1;
    reader.read(line, [&](const std::string& why) { return CheckpointError(no, why + ": " + quote(line)); });
  }
  Checkpoint cp = std::move(reader).finish(last);
  std::istringstream entry{std::string(text)};
  jcgn::Verdict v = jcgn::verify(entry, true);
  if (!v.ok) throw CheckpointError(v.line, v.reason);
  cp.entry = std::move(v.entry);
  return cp;
}

std::string readCheckpointText(const std::string& path) {
  try {
    return text::readTextFile(path);  // regular files only, bounded (text/file.h)
  } catch (const text::ReadError& e) {
    throw CheckpointError(e.line(), e.reason());
  }
}

Checkpoint readCheckpointFile(const std::string& path) { return parseCheckpoint(readCheckpointText(path)); }

}  // namespace nugget::solve
