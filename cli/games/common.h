// What the `games` front ends share (front_end.h, placement.cpp, rings.cpp):
// games' wording on the shared command-line framework (cli/common: each
// subcommand a cli::Command, its errors through cli::guarded), file reading
// and writing, the help rows, the colour switch, the record of a game.
//
// Exit codes: 0 success; 1 bad data (a position or record file whose
// contents are wrong, an illegal move); 2 bad usage (unknown option, missing
// argument, a file that cannot be opened or written).
#pragma once
#include <boost/program_options.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "common/command.h"
#include "common/terminal.h"
#include "game/sprt.h"
#include "records/game_record.h"
#include "text/write.h"

namespace gamescli {

// The framework is cli/common's: usage mistakes (exit 2, with the --help
// hint) and bad data (exit 1) as everywhere, worded in games' style (kStyle).
using cli::DataError;
using cli::UsageError;

// games' wording of help and errors: "usage: ", the options first, then the
// formats and exit codes; the hint "(see 'games SUB --help')" on the error's
// line; any other exception (a bad position or record) is bad data.
extern const cli::Style kStyle;

// The whole file, read by the bounded reader (text/file.h): a regular file
// of at most 16 MiB, 100,000 lines of at most 4096 characters, no NUL byte.
// UsageError when it cannot be opened or is no regular file (a FIFO, a
// device, a directory); DataError ("FILE:LINE: reason") past a bound.
std::string readFile(const std::string& path);
// Every output is checked before any work (a game, a match): its folder
// exists and is writable, it is no directory, and it does not exist yet
// unless `force` (--force). UsageError (exit 2) naming `option` otherwise.
void checkOutput(const std::string& path, const std::string& option, bool force);
// Writes atomically (a temporary file in the same folder, flushed, then
// renamed over `path` when `replace`, else linked to it, which fails if
// `path` exists: a file that appeared meanwhile is never clobbered).
// UsageError when it cannot.
void writeFile(const std::string& path, const std::string& text, bool replace);

// A subcommand's usage and description as data, a row per subcommand:
// `usage` follows "games SUB --game GAMES " unless it is a whole usage line
// itself (starts with "games ").
struct HelpRow {
  std::string_view sub, usage, description;
};
// `games SUB`'s command line (cli::Command in kStyle) from the row of `sub`
// (the last row when none is): its usage completed, the formats and exit
// codes after the options; `--help` and `--version` are its first options.
cli::Command command(std::span<const HelpRow> rows, const std::string& sub, const std::string& games);

// The file formats in a few lines, for --help.
extern const char* const kFormats;
extern const char* const kExitCodes;

// --no-color (and its alias --no-colour): boards are drawn in colour unless
// one is given (a terminal or not: the transcripts keep their colours).
void addColourOption(boost::program_options::options_description& d);
bool colourWanted(const boost::program_options::variables_map& vm);

// A whole-number option read as text (po::value<std::string>): digits only,
// at most `max` (cli::parseUnsigned; Boost would read "-1" as 2^64-1).
// UsageError "--NAME must be a whole number in 0..MAX, got "TEXT"".
uint64_t wholeOption(const boost::program_options::variables_map& vm, const char* name, uint64_t max = UINT64_MAX);

// Today's date, UTC, as a record's Date tag: "2026.12.01".
std::string today();

// Writes the record (with its result settled) to `path` (writeFile).
void saveRecord(records::Record r, const std::string& path, bool replace);

// `play`'s --record FILE and --force, and `match`'s --csv FILE, --records
// DIR, --force and --quiet: the same rows for every game.
void addRecordOptions(boost::program_options::options_description& d);
void addMatchOptions(boost::program_options::options_description& d);

// `play --record FILE`: checks that FILE can be written before the game
// (checkOutput: an existing FILE needs --force), and at its end (finished
// or abandoned) writes the record and says so.
class RecordFile {
 public:
  explicit RecordFile(const boost::program_options::variables_map& vm);
  // Prints `how` (the result or why the game stopped), saves; returns 0.
  int finish(const std::string& how, const records::Record& r) const;

 private:
  std::string path_;
  bool force_;
};

// How a match ended: every game played, or stopped by SIGINT/SIGTERM
// (cli/common/signals.h) after `played` of them.
struct MatchEnd {
  int played = 0;
  bool stopped = false;
  std::vector<std::string> failures;  // MatchOutput::finish()'s failed writes, each a sentence
  bool csvLost = false;               // --csv FILE was not written (its lines kept apart, if any)
};
// `match`'s outputs. Every file is checked before the first game
// (checkOutput: existing ones need --force): --csv FILE, and with --records
// DIR each game's DIR/game-NNN.rec (DIR is created if missing, not the
// folders above it: its parent must exist). A line per game goes to stderr
// (cli::Progress, silenced by --quiet). The CSV is streamed a game at a time
// to a temporary file next to FILE (text::AtomicFile: memory stays bounded
// however many games) and put in place whole by finish(): after the last
// game, or after the games played when a stop signal ended the match.
// A failed write (a full disk, a file that appeared at FILE, a record that
// cannot be written) ends neither the match nor its summary: it is said at
// once, the CSV's lines written so far are kept as FILE.kept-PID, and
// finish() returns it for the end (exit 2, matchExit).
class MatchOutput {
 public:
  // `csvHeader`: the CSV's first line, with its '\n'.
  MatchOutput(const boost::program_options::variables_map& vm, int games, const std::string& csvHeader);
  ~MatchOutput();
  // Game g's (from 1) CSV line (with its '\n') added, its record written
  // (with --records), then `line` printed with " -> FILE" naming it.
  void game(int g, const records::Record& r, const std::string& line, const std::string& csvLine);
  // Writes --csv FILE: the header and every game's line so far; the match's
  // failed writes into `end`.
  void finish(MatchEnd& end);

 private:
  std::string recordPath(int game) const;
  void csvFailed(const text::WriteFailure& failure);
  std::string csvPath_, dir_;
  std::string csvFailure_;               // the CSV's failed write, with where its lines are
  int recordsFailed_ = 0;                // --records files not written
  std::string firstRecordFailure_;
  bool force_;
  cli::Progress progress_;
  std::unique_ptr<text::AtomicFile> csv_;
};

// After a stop: "games match: stopped by SIGTERM after 3 of 10 games; the
// summary and --csv hold those 3" on stderr; then each failed write; returns
// the exit code (0, cli::kExitInterrupted, or 2 after a failed write).
int matchExit(const MatchEnd& end, int games);

// `replay --step`: before move `i` (0-based), waits for Enter while input
// lasts; false when the user typed q.
bool stepPrompt(std::size_t i, bool& waiting);

// --sprt-alpha and --sprt-beta (the two-player and the five-seat match
// name their own --sprt-elo0/1, whose meaning differs).
void addSprtRiskOptions(boost::program_options::options_description& d);
// The SPRT's settings from --sprt-*; nullopt when --sprt-elo1 is not given
// (then no other --sprt-* may be). UsageError for bad values.
std::optional<game::sprt::Options> sprtFrom(const boost::program_options::variables_map& vm);

}  // namespace gamescli
