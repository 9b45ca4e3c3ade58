// Helpers shared by the nugget subcommands: option parsing (--start, --face,
// --help), move lists, file verification and board drawing (terminal, SVG).
#pragma once
#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nugget/board.h"
#include "nugget/jcgn.h"
#include "output.h"

namespace nugget::cli {

namespace po = boost::program_options;

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;  // an input file is invalid
constexpr int kExitUsage = 2;    // bad arguments, bad notation, illegal move, a failed write
constexpr int kExitInterrupted = 3;  // solve stopped by SIGINT/SIGTERM (its checkpoint kept)
constexpr int kExitSecondBetter = 4;  // compare: B ranks strictly better than A

// The exit codes as every --help states them (nugget --help lists them all).
extern const char* const kExitCodesHelp;

// Thrown for bad arguments; `guarded` turns it into "nugget NAME: message", exit 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown for an input file that is not what it should be (a bad position
// file): "nugget NAME: message", exit 1 (bad data).
struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One subcommand's command line: visible options (shown by --help), hidden
// ones (positionals) and the positional order. `--help`/`-h` and
// `--version` are added here. --help prints, in this order: the usage line,
// the description, the files read and written, the exit codes, the options.
struct CommandLine {
  std::string name;      // "verify"
  std::string synopsis;  // "nugget verify FILE [--json]"
  std::string about;     // a paragraph for --help
  std::string files;     // "Files:" paragraph: formats read and written ("" = none)
  std::string exits;     // "Exit codes:" paragraph ("" = kExitCodesHelp's 0/1/2)
  po::options_description visible{"Options"};
  po::options_description hidden{"Positional"};
  po::positional_options_description positional;

  CommandLine(std::string name, std::string synopsis, std::string about);
  // Parses argv; returns false when --help or --version was given (printed then).
  bool parse(int argc, char** argv, po::variables_map& vm);
  std::string help() const;
};

// Runs a subcommand body; usage errors and option-parsing errors become a
// message on stderr and exit code 2, other exceptions exit code 2 as well.
// Every usage error ends with the one hint: "see 'nugget NAME --help'".
template <class F>
int guarded(const std::string& name, F&& body);
int reportUsage(const std::string& name, const std::string& message);
int reportFailure(const std::string& name, const std::string& message);
int reportBadData(const std::string& name, const std::string& message);

// --table-dir, before any work: a folder named there must exist (UsageError
// otherwise; the table is never written to a folder made by a typo).
void checkTableDir(const std::string& dir);
// Range checks for numeric options, run before any work: UsageError
// "--NAME must be in LO..HI, got V". NaN and infinities fail every range.
void checkRange(const std::string& option, long long value, long long lo, long long hi);
void checkRange(const std::string& option, double value, double lo, double hi);
inline void checkRange(const std::string& option, int value, int lo, int hi) {
  checkRange(option, static_cast<long long>(value), static_cast<long long>(lo), static_cast<long long>(hi));
}
// An unsigned option given as text: digits only (Boost would read "-1" as
// 2^64-1), at most `max`.
uint64_t parseUnsigned(const std::string& option, const std::string& text, uint64_t max = UINT64_MAX);

// --start "t1 ... t49" and --face A|B.
void addStartOptions(po::options_description& desc);
// The board they describe: default board 1 (start tiles, face A).
Board startFromOptions(const po::variables_map& vm);
Face parseFace(const std::string& text);

// A position file: one position a line, 49 tile numbers (row-major) then the
// face A or B; '#' starts a comment ("# board K ref M" names the board and a
// known solution length). DataError (exit 1) names the file and line.
struct PositionLine {
  int board = 0;  // "# board K", else the line's rank among positions
  int ref = -1;   // "ref M": a known solution length, -1 if none
  Board start;
};
// Read by the bounded reader (text/file.h; DataError when it refuses).
std::vector<PositionLine> readPositions(const std::string& path);

// Splits each argument on whitespace: {"P 5", "L"} -> {"P", "5", "L"}.
std::vector<std::string> splitWords(const std::vector<std::string>& args);
// Plays the moves (short or full notation) on board; on the first bad one
// returns `move K "TEXT": reason` and leaves the board after the moves before.
std::optional<std::string> playMoves(Board& board, const std::vector<std::string>& moves, std::vector<Move>* played);
std::string movesToString(const std::vector<Move>& moves);

// Verifies a jcgn-1 file ("-" reads stdin) read by the bounded reader
// (text/file.h): a missing file, a directory, a FIFO or a device is
// refused with line 0, a line over 4096 characters or a file over 16 MiB
// with its line.
jcgn::Verdict verifyPath(const std::string& path);
// "valid: ..." or "FILE:LINE: reason" ("FILE: reason" when line is 0).
std::string verdictMessage(const jcgn::Verdict& v, const std::string& path);

// The hint after a usage error: "see 'nugget verify --help'" ("" = the program).
std::string helpHint(const std::string& name);

std::string formatMean(double mean);  // 4 decimals

// ------------------------------------------------------------ drawing
enum class ColourMode { Auto, Always, Never };
// Auto: only when stdout is a terminal and NO_COLOR is unset and TERM is not "dumb".
bool useColour(ColourMode mode);
// The board with its 28 border labels (as in RULES.md); with colour each tile
// gets its colour as background, without it a colour letter follows the
// number ('.' for white).
std::string renderText(const Board& board, bool colour);
// A standalone SVG picture: coloured rounded squares with tile numbers and the
// border labels, under a caption (the title, then describe(board)) wrapped
// into lines that fit the picture's width: a line of n characters at font
// size f is at most n * kSvgCharEm * f pixels wide, within kSvgSideMargin of
// each edge.
constexpr double kSvgCharEm = 0.62;
constexpr int kSvgSideMargin = 12;
std::string renderSvg(const Board& board, const std::string& title = "");
// Words of `text` in lines of at most `width` characters (a longer word alone).
std::vector<std::string> wrapWords(const std::string& text, size_t width);
// "face A, 12 coloured tiles on the border, not solved"
std::string describe(const Board& board);

// ------------------------------------------------------------ template body
template <class F>
int guarded(const std::string& name, F&& body) {
  try {
    return body();
  } catch (const UsageError& e) {
    return reportUsage(name, e.what());
  } catch (const po::error& e) {
    return reportUsage(name, e.what());
  } catch (const DataError& e) {
    return reportBadData(name, e.what());
  } catch (const std::exception& e) {
    return reportFailure(name, e.what());
  }
}

}  // namespace nugget::cli
