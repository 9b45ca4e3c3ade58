#include "common.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>

#include "common/options.h"
#include "common/signals.h"
#include "common/terminal.h"
#include "game/analysis_text.h"
#include "text/file.h"
#include "text/write.h"


namespace po = boost::program_options;

namespace gamescli {

const char* const kFormats =
    "files:\n"
    "  position (shock, attract): N rows of o x . (top row first; or as `play` draws them:\n"
    "    ` 8  . . o . . . . .`), then `to_move o|x`, optionally `result: ...` (as `apply` prints).\n"
    "  position (rings): 10 rows of . B K R Y G (rings) b k r y g (trails), row 10 first (or as\n"
    "    `play --no-color` draws them), then `order B K R Y G`, `to_move X`, optional\n"
    "    `eliminated X ...` and `result: ...`.\n"
    "  record: tag lines [Game \"JC Attract\"] [Size \"8\"] (rings: [Order \"B K R Y G\"] or [Seed \"N\"])\n"
    "    [Players ...] [Date ...] [Result ...], then the moves `1. D4 E5` (docs/formats/game-record.md).\n"
    "  `#` starts a comment everywhere. Squares: A1 is bottom left.\n"
    "  Every file read: a regular file (a FIFO, a device, a directory is refused), at most 16 MiB,\n"
    "    100,000 lines of 4096 characters, no NUL byte (FILE:LINE: reason). Every file written\n"
    "    (--record, --csv, --records): checked before any game; an existing one needs --force.\n";

const char* const kExitCodes =
    "exit codes: 0 ok, 1 bad data (file contents, illegal move), 2 bad usage, a failed write (a match\n"
    "  prints its summary first and keeps the CSV's lines as FILE.kept-PID) or out of memory, 3 a match\n"
    "  stopped by SIGINT/SIGTERM (its summary and --csv hold the games played)\n";

const cli::Style kStyle = [] {
  cli::Style s;
  s.usageLabel = "usage: ";
  s.optionsFirst = true;
  s.hintOnSameLine = true;
  s.otherErrorsAreData = true;
  s.optionsCaption = "options";
  s.versionHelp = "print the version";
  return s;
}();

std::string readFile(const std::string& path) {
  try {
    return text::readTextFile(path);
  } catch (const text::ReadError& e) {
    // A file that cannot be opened or is no file is a usage mistake; one
    // whose contents break the bounds is bad data.
    const bool usage = e.line() == 0 && (e.reason().rfind("cannot", 0) == 0 || e.reason().rfind("is ", 0) == 0);
    if (usage) throw UsageError(e.what());
    throw DataError(e.what());
  }
}

namespace {

std::string folderOf(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}


}  // namespace

void checkOutput(const std::string& path, const std::string& option, bool force) {
  namespace fs = std::filesystem;
  const std::string what = option + " " + path + ": ";
  if (path.empty()) throw UsageError(option + ": empty file name");
  std::error_code ec;
  const std::string folder = folderOf(path);
  const auto folderStatus = fs::status(folder, ec);
  if (!fs::exists(folderStatus)) throw UsageError(what + "its folder " + folder + " does not exist");
  if (!fs::is_directory(folderStatus)) throw UsageError(what + folder + " is not a folder");
  const auto st = fs::symlink_status(path, ec);
  if (fs::is_directory(fs::status(path, ec))) throw UsageError(what + "is a directory (give a file name)");
  if (fs::exists(st) && !fs::is_regular_file(fs::status(path, ec))) throw UsageError(what + "is not a regular file");
  if (fs::exists(st) && !force) throw UsageError(what + "exists (--force replaces it)");
  // Writable: only trying tells (permissions, read-only mounts, quotas).
  std::string tmp;
  const int fd = text::openTemporary(path, tmp);
  if (fd < 0) throw UsageError(what + "cannot create files in " + folder + " (" + std::strerror(errno) + ")");
  ::close(fd);
  ::unlink(tmp.c_str());
}

namespace {
// "cannot write FILE: why".
std::string writeFailure(const std::string& path, const text::WriteFailure& failure) {
  return "cannot write " + path + ": " +
         (failure.step == "link" && failure.error == EEXIST
              ? std::string("it exists (it appeared while this ran; --force replaces it)")
              : std::string(std::strerror(failure.error)));
}
// A failed write as a usage error.
[[noreturn]] void writeFailed(const std::string& path, const text::WriteFailure& failure) {
  throw UsageError(writeFailure(path, failure));
}
}  // namespace

void writeFile(const std::string& path, const std::string& contents, bool replace) {
  if (const auto failure = text::writeAtomically(path, contents, replace)) writeFailed(path, *failure);
}

cli::Command command(std::span<const HelpRow> rows, const std::string& sub, const std::string& games) {
  const HelpRow* row = &rows.back();
  for (const HelpRow& r : rows)
    if (r.sub == sub) row = &r;
  const bool whole = row->usage.starts_with("games ");
  cli::Command c("games", sub, (whole ? "" : "games " + sub + " --game " + games + " ") + std::string(row->usage),
                 std::string(row->description), kExitCodes, kStyle);
  c.files = kFormats;
  return c;
}

void addColourOption(po::options_description& d) {
  d.add_options()("no-color", "draw boards without ANSI colours")("no-colour", "the same as --no-color");
}

bool colourWanted(const po::variables_map& vm) {
  const bool off = vm.count("no-color") || vm.count("no-colour");
  return cli::useColour(off ? cli::ColourMode::Never : cli::ColourMode::Always);
}

uint64_t wholeOption(const po::variables_map& vm, const char* name, uint64_t max) {
  return cli::parseUnsigned(std::string("--") + name, vm[name].as<std::string>(), max);
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  return std::string(buf, std::strftime(buf, sizeof buf, "%Y.%m.%d", &utc));
}

void saveRecord(records::Record r, const std::string& path, bool replace) {
  records::settleResult(r);
  writeFile(path, records::formatRecord(r), replace);
}

void addRecordOptions(po::options_description& d) {
  d.add_options()("record", po::value<std::string>()->value_name("FILE"), "write the game record to FILE (a new file)")(
      "force", "replace an existing --record FILE");
}

void addMatchOptions(po::options_description& d) {
  d.add_options()("csv", po::value<std::string>()->value_name("FILE"), "write one line per game to FILE")(
      "records", po::value<std::string>()->value_name("DIR"),
      "write every game's record to DIR/game-NNN.rec (DIR is made if its parent exists)")(
      "force", "replace an existing --csv FILE and DIR/game-NNN.rec files")("quiet", "no line per game on stderr");
}

namespace {
// A text option's value, "" when it is not given.
std::string textOption(const po::variables_map& vm, const char* name) {
  return vm.count(name) ? vm[name].as<std::string>() : "";
}
}  // namespace

RecordFile::RecordFile(const po::variables_map& vm) : path_(textOption(vm, "record")), force_(vm.count("force") > 0) {
  if (!path_.empty()) checkOutput(path_, "--record", force_);
}

int RecordFile::finish(const std::string& how, const records::Record& r) const {
  std::cout << how;
  if (!path_.empty()) {
    saveRecord(r, path_, force_);
    std::cout << "record written to " << path_ << '\n';
  }
  return 0;
}

MatchOutput::MatchOutput(const po::variables_map& vm, int games, const std::string& csvHeader)
    : csvPath_(textOption(vm, "csv")), dir_(textOption(vm, "records")), force_(vm.count("force") > 0),
      progress_(vm.count("quiet") > 0) {
  namespace fs = std::filesystem;
  if (!csvPath_.empty()) checkOutput(csvPath_, "--csv", force_);
  if (!dir_.empty()) {
    // DIR itself may be made, never the folders above it: a typo must not
    // grow a tree of folders somewhere (mkdir, not mkdir -p).
    std::error_code ec;
    if (!fs::exists(dir_, ec)) {
      const std::string parent = folderOf(fs::path(dir_).lexically_normal().string());
      if (!fs::is_directory(parent, ec))
        throw UsageError("--records " + dir_ + ": its folder " + parent + " does not exist");
      if (!fs::create_directory(dir_, ec) && !fs::is_directory(dir_))
        throw UsageError("--records " + dir_ + ": cannot create it (" + ec.message() + ")");
    }
    if (!fs::is_directory(dir_, ec)) throw UsageError("--records " + dir_ + ": not a folder");
    for (int g = 1; g <= games; ++g) checkOutput(recordPath(g), "--records", force_);
  }
  if (csvPath_.empty()) return;
  // A killed match's temporary CSV (its writer no longer running) goes;
  // nothing else does (text::removeStaleTemporaries).
  for (const std::string& stale : text::removeStaleTemporaries(csvPath_))
    std::cerr << "games match: removed " << stale << " (the CSV of an earlier match that was killed)\n";
  csv_ = std::make_unique<text::AtomicFile>(csvPath_);
  csv_->keepOnFailure();
  if (auto f = csv_->open()) throw UsageError("--csv " + csvPath_ + ": cannot create files next to it (" +
                                              std::strerror(f->error) + ")");
  if (auto f = csv_->append(csvHeader)) writeFailed(csvPath_, *f);
}

MatchOutput::~MatchOutput() = default;

std::string MatchOutput::recordPath(int game) const {
  char name[32];
  std::snprintf(name, sizeof name, "game-%03d.rec", game);
  return (std::filesystem::path(dir_) / name).string();
}

// The CSV's write failed: what was written is kept under a name of its own
// (FILE.kept-PID), the match goes on without a CSV.
void MatchOutput::csvFailed(const text::WriteFailure& failure) {
  csvFailure_ = writeFailure(csvPath_, failure);
  const std::string kept = csvPath_ + ".kept-" + std::to_string(static_cast<long>(::getpid()));
  csvFailure_ += csv_->keepAs(kept) ? "; the lines written before it are in " + kept : "; none of its lines is kept";
  csv_.reset();
  std::cerr << "games match: " << csvFailure_ << " (the match goes on; its summary is printed at the end)\n";
}

void MatchOutput::game(int g, const records::Record& r, const std::string& line, const std::string& csvLine) {
  if (csv_)
    if (auto f = csv_->append(csvLine)) csvFailed(*f);
  if (dir_.empty()) return progress_.line(line);
  try {
    saveRecord(r, recordPath(g), force_);
  } catch (const UsageError& e) {  // the match goes on; finish() says so again
    if (recordsFailed_++ == 0) firstRecordFailure_ = e.what();
    std::cerr << "games match: " << e.what() << " (the match goes on)\n";
    return progress_.line(line + " (record not written)");
  }
  progress_.line(line + " -> " + recordPath(g));
}

void MatchOutput::finish(MatchEnd& end) {
  if (csv_) {
    if (const auto failure = csv_->publish(force_)) csvFailed(*failure);
    csv_.reset();
  }
  std::vector<std::string>& failures = end.failures;
  end.csvLost = !csvFailure_.empty();
  if (end.csvLost) failures.push_back(csvFailure_);
  if (recordsFailed_ > 0)
    failures.push_back(std::to_string(recordsFailed_) + " record" + (recordsFailed_ == 1 ? "" : "s") +
                       " of --records " + dir_ + " not written (the first: " + firstRecordFailure_ + ")");
}

int matchExit(const MatchEnd& end, int games) {
  if (end.stopped)
    std::cerr << "games match: stopped by " << cli::stopSignalName() << " after " << end.played << " of " << games
              << " games; the summary" << (end.csvLost ? "" : " and --csv") << " hold" << (end.csvLost ? "s" : "")
              << " those " << end.played << "\n";
  for (const std::string& f : end.failures) std::cerr << "games match: " << f << '\n';
  if (!end.failures.empty()) return cli::kExitUsage;
  return end.stopped ? cli::kExitInterrupted : cli::kExitOk;
}

bool stepPrompt(std::size_t i, bool& waiting) {
  if (!waiting) return true;
  std::cout << "[Enter: move " << i + 1 << ", q: stop] " << std::flush;
  std::string line;
  if (text::getLine(std::cin, line) != text::LineRead::Ok) waiting = false;  // bounded, as every reader
  return line != "q" && line != "quit";
}

void addSprtRiskOptions(boost::program_options::options_description& d) {
  namespace po = boost::program_options;
  d.add_options()("sprt-alpha", po::value<double>()->value_name("A"), "SPRT: chance of accepting H1 when H0 holds (0.05)")(
      "sprt-beta", po::value<double>()->value_name("B"), "SPRT: chance of accepting H0 when H1 holds (0.05)");
}

// The SPRT's settings from --sprt-*; nullopt when --sprt-elo1 is not given
// (then no other --sprt-* may be). UsageError for bad values.
std::optional<game::sprt::Options> sprtFrom(const boost::program_options::variables_map& vm) {
  if (!vm.count("sprt-elo1")) {
    for (const char* o : {"sprt-elo0", "sprt-alpha", "sprt-beta"})
      if (vm.count(o)) throw UsageError(std::string("--") + o + " needs --sprt-elo1 (which turns the SPRT on)");
    return std::nullopt;
  }
  game::sprt::Options o;
  o.elo1 = vm["sprt-elo1"].as<double>();
  if (vm.count("sprt-elo0")) o.elo0 = vm["sprt-elo0"].as<double>();
  if (vm.count("sprt-alpha")) o.alpha = vm["sprt-alpha"].as<double>();
  if (vm.count("sprt-beta")) o.beta = vm["sprt-beta"].as<double>();
  if (const std::string why = o.check(); !why.empty())
    throw UsageError("--sprt-*: " + why + " (got elo0 " + game::analysis::number(o.elo0, 2) + ", elo1 " +
                     game::analysis::number(o.elo1, 2) + ", alpha " + game::analysis::number(o.alpha, 3) + ", beta " +
                     game::analysis::number(o.beta, 3) + ")");
  return o;
}

}  // namespace gamescli
