// Helpers shared by the nugget subcommands, on the tools' framework
// (cli/common: a subcommand's help and errors, option tables, JSON, colour):
// the program's name and exit codes, --start/--face, position files and
// moves played from text. What they read, write and draw is the library's
// (engine/nugget: jcgn-1, position lists, the board as text and SVG).
// Each subcommand (verify.cpp, solve.cpp, ...) declares its options as one
// table (OptionTable) and parses with CommandLine::parse(..., table).
#pragma once
#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/command.h"
#include "common/options.h"
#include "common/terminal.h"
#include "nugget/board.h"
#include "nugget/jcgn.h"
#include "nugget/position_list.h"
#include "output.h"

namespace nugget::cli {

namespace po = boost::program_options;

using ::cli::kExitInvalid;
using ::cli::kExitOk;
using ::cli::kExitUsage;
using ::cli::kExitInterrupted;  // 3: solve stopped by SIGINT/SIGTERM (its checkpoint kept)
constexpr int kExitSecondBetter = 4;  // compare: B ranks strictly better than A

// The exit codes as every --help states them (nugget --help lists them all).
extern const char* const kExitCodesHelp;

// Bad arguments (exit 2) and bad input files (exit 1): cli/common/command.h.
using ::cli::DataError;
using ::cli::UsageError;

// One nugget subcommand's command line (cli/common/command.h): the program
// "nugget", the exit codes 0/1/2 unless the command states its own.
struct CommandLine : ::cli::Command {
  CommandLine(std::string name, std::string synopsis, std::string about)
      : Command("nugget", std::move(name), std::move(synopsis), std::move(about), kExitCodesHelp) {}
  // With the "Files:" and "Exit codes:" paragraphs of --help.
  CommandLine(std::string name, std::string synopsis, std::string about, std::string files, std::string exits)
      : Command("nugget", std::move(name), std::move(synopsis), std::move(about), std::move(exits)) {
    this->files = std::move(files);
  }
};

// Runs a subcommand body: "nugget NAME: message" for its errors, with the
// exit code of the error (cli::guarded).
template <class F>
int guarded(const std::string& name, F&& body) {
  return ::cli::guarded("nugget", name, std::forward<F>(body));
}

// A subcommand as data: its --help texts (files and exits may be empty:
// the defaults), the options it shares with others (`extra`: the start
// position, positional words), its option table (`rows`) and its body, run
// on the parsed arguments. runCommand does the rest once for every
// subcommand: errors to exit codes, --help and --version, the table's range
// checks.
struct CommandText {
  const char* name;
  const char* synopsis;
  const char* about;
  const char* files = "";
  const char* exits = "";
};
// NAME as positional words on the command line (count -1: all that are
// left; 1: one, read as a string), hidden from the options' list.
void positional(CommandLine& cl, const char* name, int count, const char* what);
// The start position's options (--start, --face), as runCommand's `extra`.
void addStartOptions(po::options_description& desc);
inline void withStart(CommandLine& cl) { addStartOptions(cl.visible); }
template <class Args, class Rows, class Body>
int runCommand(const CommandText& t, int argc, char** argv, Rows&& rows, Body&& body,
               void (*extra)(CommandLine&) = nullptr) {
  return guarded(t.name, [&] {
    Args a;
    CommandLine cl(t.name, t.synopsis, t.about);
    if (*t.files) cl.files = t.files;
    if (*t.exits) cl.exits = t.exits;
    if (extra) extra(cl);
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm, rows(a))) return kExitOk;
    return body(a, vm);
  });
}

// --table-dir, before any work: a folder named there must exist (UsageError
// otherwise; the table is never written to a folder made by a typo).
void checkTableDir(const std::string& dir);
// Option tables and range checks (cli/common/options.h).
using ::cli::checkRange;
using ::cli::OptionTable;

// The board --start "t1 ... t49" and --face A|B describe: default board 1
// (start tiles, face A).
Board startFromOptions(const po::variables_map& vm);

// A position file (engine/nugget/position_list.h, docs/formats/position-list.md),
// read by the bounded reader (text/file.h); DataError (exit 1) names the
// file and line, or why it cannot be read.
std::vector<PositionLine> readPositions(const std::string& path);

// Splits each argument on whitespace: {"P 5", "L"} -> {"P", "5", "L"}.
std::vector<std::string> splitWords(const std::vector<std::string>& args);
// Plays the moves (short or full notation) on board; on the first bad one
// returns `move K "TEXT": reason` and leaves the board after the moves before.
std::optional<std::string> playMoves(Board& board, const std::vector<std::string>& moves, std::vector<Move>* played);

// How a message names the file `path`: "standard input" for "-" (as every
// reader names it, text/file.h), else the path itself.
inline std::string sourceName(const std::string& path) { return path == "-" ? "standard input" : path; }

// A mean as every command prints it: 4 decimals. (Entries are verified by
// jcgn::verifyFile: "-" reads stdin; Verdict::message reports them.)
std::string formatMean(double mean);

// ------------------------------------------------------------ drawing
// --color/--no-color (cli/common/terminal.h); the pictures themselves are the
// engine's (engine/nugget/board_text.h, board_svg.h).
using ::cli::ColourMode;
using ::cli::useColour;

}  // namespace nugget::cli
