// What the `games` front ends share (placement_cli.cpp, rings.cpp): the exit
// codes and the errors that pick them, one message style, file reading and
// writing, the help layout, the colour switch, the record of a game.
//
// Exit codes: 0 success; 1 bad data (a position or record file whose
// contents are wrong, an illegal move); 2 bad usage (unknown option, missing
// argument, a file that cannot be opened or written).
#pragma once
#include <boost/program_options.hpp>

#include <functional>
#include <stdexcept>
#include <string>

#include "records/game_record.h"

namespace gamescli {

enum Exit : int { kOk = 0, kBadData = 1, kBadUsage = 2 };

// A usage mistake: exit 2, with the --help hint.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Bad contents of a file or an illegal move: exit 1.
struct DataError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs one subcommand: exceptions become the message
//   games SUB: WHAT (see 'games SUB --help')    (usage, exit 2)
//   games SUB: WHAT                             (data, exit 1)
int guarded(const std::string& sub, const std::function<int()>& body);

// The whole file; UsageError when it cannot be read.
std::string readFile(const std::string& path);
// Writes atomically enough for a record (temporary file, rename); UsageError
// when the folder is missing or not writable.
void writeFile(const std::string& path, const std::string& text);

// --help: the usage line, a description, the options, the file formats
// (positions, records) and the exit codes.
std::string helpText(const std::string& usage, const std::string& description,
                     const boost::program_options::options_description& options);
// The file formats in a few lines, for --help.
extern const char* const kFormats;
extern const char* const kExitCodes;

// --no-color (and its alias --no-colour).
void addColourOption(boost::program_options::options_description& d);
bool colourWanted(const boost::program_options::variables_map& vm);

// Today's date, UTC, as a record's Date tag: "2026.12.01".
std::string today();

// Writes the record (with its result settled) to `path`.
void saveRecord(records::Record r, const std::string& path);

}  // namespace gamescli
