// The competition file format `jcgn-1` (RULES.md section 1): the one reader,
// writer, verifier and ranking used by the CLI, the solver, tests and benches.
#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nugget/board.h"

namespace nugget::jcgn {

constexpr int kMinBoards = 20;
constexpr int kMaxBoards = 200;
constexpr int kMaxMovesPerBoard = 99;

struct BoardRecord {
  std::vector<Move> moves;
  Tiles final{};
};

// Boards are numbered from 1 in order; faces follow from the index.
struct Entry {
  std::vector<BoardRecord> boards;
  long totalMoves() const;
  std::vector<int> movesPerBoard() const;
};

void write(std::ostream& out, const Entry& entry, const std::string& comment = "");
std::string toString(const Entry& entry, const std::string& comment = "");

// Result of a strict replay. On failure `line` (1-based) and `reason` say
// where and what; `entry` holds the boards read so far either way.
struct Verdict {
  bool ok = false;
  int line = 0;
  std::string reason;
  Entry entry;
  int boards() const { return static_cast<int>(entry.boards.size()); }
  double mean() const;
  // "valid: N boards, T moves, mean M" or "FILE:LINE: reason" ("FILE:
  // reason" for line 0: a file verifyFile could not read, no line at fault)
  std::string message(const std::string& file) const;
};

// Parses and replays everything from board 1. With allowPartial, fewer than 20
// boards is not a fault (checkpoints of a running solve use this). Bounded
// like every reader (text::Limits): it stops at the first line over 4096
// characters or byte past 16 MiB, so an endless stream ends too.
Verdict verify(std::istream& in, bool allowPartial = false);

// The text helpers of the readers (this one and the solve checkpoint's):
// the fields of a line (split at spaces and tabs), an integer in lo..hi
// written in full, and untrusted text shortened and made printable for a
// message.
std::vector<std::string_view> fields(std::string_view line);
std::optional<int> parseInt(std::string_view s, int lo, int hi);
std::string quote(std::string_view s, size_t keep = 24);
// A move list in full notation ("P7 C4 ..."), as a board line, the solve
// checkpoint's move lines, the solver team's messages and the CLI's outputs
// write it; toMoves reads fields w[from..] back (none when one is not a move
// in full notation). Here, beside the entry's reader and writer, so that
// every layer above the engine writes and reads move lists the same way.
std::string formatMoves(const std::vector<Move>& moves);
std::optional<std::vector<Move>> toMoves(const std::vector<std::string_view>& w, size_t from);
// The file `path` ("-": standard input) read by the bounded reader
// (text/file.h: regular files only, 16 MiB, lines of 4096 characters), then
// verified; a refusal of the reader is a Verdict with its line and reason.
Verdict verifyFile(const std::string& path, bool allowPartial = false);

// The ranking rules of RULES.md: < 0 when a ranks better than b, > 0 when b
// does, 0 for a full tie. `criterion` names the rule that decided.
int compare(const std::vector<int>& a, const std::vector<int>& b, std::string* criterion = nullptr);

// The board a chain reaches after the given boards: the last final,
// flipped. Board::start() for an empty entry.
Board nextStart(const Entry& entry);

// A board of an entry as far as it replays: where it starts, the moves that
// replay from there, and how many moves the file gives for it (more than
// moves.size() when one on its line does not replay).
struct ReplayedBoard {
  Board start;
  std::vector<Move> moves;
  int total = 0;
};
// What a reader can still show of an entry (`nugget show`): every board the
// verifier accepted (v.entry) and, when `v` failed on the board line of the
// board after them (`failedLine`: the text of line v.line, "" when unknown),
// that board up to its first move that is not in full notation or not legal
// there, whatever else is wrong with the line.
std::vector<ReplayedBoard> replayedBoards(const Verdict& v, std::string_view failedLine);

}  // namespace nugget::jcgn
