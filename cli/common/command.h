// One subcommand's command line, for any of the project's tools (`nugget`,
// `games`): its --help text, its parse, and the errors that pick the exit
// code. The options themselves come from an option table (options.h).
//
// --help prints, in this order: the usage line, the description, the files
// read and written, the exit codes, the options (or, as a tool's Style says,
// the options before the files and exit codes). Every usage error ends with
// one hint: "see 'PROGRAM NAME --help'".
#pragma once
#include <boost/program_options.hpp>

#include <memory>
#include <new>
#include <stdexcept>
#include <string>

#include "common/options.h"

namespace cli {

namespace po = boost::program_options;

// The exit codes every tool shares; a tool may add its own above them.
constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;  // bad data: an input file is invalid (or no result)
constexpr int kExitUsage = 2;    // bad usage: arguments, notation, a failed write
constexpr int kExitInterrupted = 3;  // stopped by SIGINT/SIGTERM (what was done so far kept)

// Bad arguments: "PROGRAM NAME: message" and the --help hint, exit 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An input file that is not what it should be: "PROGRAM NAME: message", exit 1.
struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How a tool words its --help and its errors: each tool keeps its own
// (the defaults are `nugget`'s; `games` words them as noted).
struct Style {
  std::string usageLabel = "Usage: ";  // games: "usage: "
  // --help after the description: the "Files:" and "Exit codes:" paragraphs
  // (indented), then the options (false); or the options, then `files` and
  // `exits` as they are written (true; games: its formats and exit codes).
  bool optionsFirst = false;
  // The --help hint after a usage error on a line of its own (false), or
  // " (see '...')" at the end of the message (true; games).
  bool hintOnSameLine = false;
  // Any other exception: a failure, "error: ..." and exit 2 (false), or bad
  // data, exit 1 (true; games: a bad position or record).
  bool otherErrorsAreData = false;
  // The options' heading and --version's help (games: "options",
  // "print the version").
  std::string optionsCaption = "Options";
  std::string versionHelp = "print the version and exit";
  // An unambiguous prefix of a long option stands for it (Boost's
  // allow_guessing: games' JC Shock and JC Attract pages take "--ga"); off,
  // a typo is an error instead of the option it starts.
  bool abbreviations = false;
};

// One subcommand's command line: visible options (shown by --help), hidden
// ones (positionals) and the positional order. `--help`/`-h` and
// `--version` are added by the constructor, first among the options.
struct Command {
  std::string program;   // "nugget"
  std::string name;      // "verify"
  std::string synopsis;  // "nugget verify FILE [--json]"
  std::string about;     // a paragraph for --help
  std::string files;     // "Files:" paragraph: formats read and written ("" = none)
  std::string exits;     // "Exit codes:" paragraph
  Style style;
  po::options_description visible{style.optionsCaption};
  po::options_description hidden{"Positional"};
  // Rarely needed options (OptionTable::advanced): parsed always, listed by
  // --help-all only (which --help names when there are any).
  po::options_description advanced{"Advanced options"};
  // Sections of options listed by --help-all only, each under its caption
  // (OptionTable::section), after the advanced ones: parsed always.
  std::vector<std::unique_ptr<po::options_description>> sections;
  std::vector<std::string> sectionCaptions;  // sections[i]'s (Boost keeps it private)
  po::options_description& section(const std::string& caption);
  po::positional_options_description positional;

  Command(std::string program, std::string name, std::string synopsis, std::string about, std::string exits,
          Style style = {});
  // Parses argv (no abbreviations unless the style allows them, so that a
  // typo is an error); returns false when --help or --version was given
  // (printed then).
  // Required options are checked after --help, so `--help` alone works.
  bool parse(int argc, char** argv, po::variables_map& vm) const;
  // The table's rows appended to the visible options, argv parsed, then the
  // table applied (flags set, ranges checked); false after --help/--version.
  bool parse(int argc, char** argv, po::variables_map& vm, const OptionTable& table);
  std::string help() const;
};

// The hint after a usage error: "see 'nugget verify --help'" (name "" = the program's).
std::string helpHint(const std::string& program, const std::string& name);

// The messages of the three outcomes of an error; each returns its exit code.
//   usage:    "PROGRAM NAME: message" + hint     exit 2
//   bad data: "PROGRAM NAME: message"            exit 1
//   failure:  "PROGRAM NAME: error: message"     exit 2 (an unexpected exception)
int reportUsage(const std::string& program, const std::string& name, const std::string& message,
                const Style& style = {});
int reportBadData(const std::string& program, const std::string& name, const std::string& message);
int reportFailure(const std::string& program, const std::string& name, const std::string& message);

// Runs a subcommand body and turns its exceptions into the messages above:
// UsageError and Boost's parse errors are usage, DataError bad data,
// std::bad_alloc a failure ("error: out of memory ...", exit 2, in every
// tool: a size the memory guards could not foresee), any other exception a
// failure (or bad data, as the style says).
template <class F>
int guarded(const std::string& program, const std::string& name, F&& body, const Style& style = {}) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return reportFailure(program, name, "out of memory (a table or beam larger than this machine could give; "
                                        "lower the sizes, such as --tt-mb or a beam width)");
  } catch (const UsageError& e) {
    return reportUsage(program, name, e.what(), style);
  } catch (const po::error& e) {
    return reportUsage(program, name, e.what(), style);
  } catch (const DataError& e) {
    return reportBadData(program, name, e.what());
  } catch (const std::exception& e) {
    return style.otherErrorsAreData ? reportBadData(program, name, e.what()) : reportFailure(program, name, e.what());
  }
}

}  // namespace cli
