#include "common.h"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "text/file.h"


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
    "  `#` starts a comment everywhere. Squares: A1 is bottom left.\n";

const char* const kExitCodes = "exit codes: 0 ok, 1 bad data (file contents, illegal move), 2 bad usage\n";

int guarded(const std::string& sub, const std::function<int()>& body) {
  const std::string hint = " (see 'games " + sub + " --help')";
  try {
    return body();
  } catch (const po::error& e) {
    std::cerr << "games " << sub << ": " << e.what() << hint << '\n';
    return kBadUsage;
  } catch (const UsageError& e) {
    std::cerr << "games " << sub << ": " << e.what() << hint << '\n';
    return kBadUsage;
  } catch (const std::exception& e) {  // DataError, PositionError, RecordError, sizes
    std::cerr << "games " << sub << ": " << e.what() << '\n';
    return kBadData;
  }
}

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

void writeFile(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) throw UsageError("cannot write " + path);
    out << text;
    out.flush();
    if (!out) throw UsageError("cannot write " + path);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw UsageError("cannot write " + path);
  }
}

std::string helpText(const std::string& usage, const std::string& description, const po::options_description& options) {
  std::ostringstream out;
  out << "usage: " << usage << "\n\n" << description << "\n\n" << options << '\n' << kFormats << kExitCodes;
  return out.str();
}

void addColourOption(po::options_description& d) {
  d.add_options()("no-color", "draw boards without ANSI colours")("no-colour", "the same as --no-color");
}

bool colourWanted(const po::variables_map& vm) { return !vm.count("no-color") && !vm.count("no-colour"); }

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  return std::string(buf, std::strftime(buf, sizeof buf, "%Y.%m.%d", &utc));
}

void saveRecord(records::Record r, const std::string& path) {
  records::settleResult(r);
  writeFile(path, records::formatRecord(r));
}

RecordFile::RecordFile(std::string path) : path_(std::move(path)) {
  if (!path_.empty()) writeFile(path_, "");
}

int RecordFile::finish(const std::string& how, const records::Record& r) const {
  std::cout << how;
  if (!path_.empty()) {
    saveRecord(r, path_);
    std::cout << "record written to " << path_ << '\n';
  }
  return 0;
}

RecordFolder::RecordFolder(std::string dir) : dir_(std::move(dir)) {
  if (dir_.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec || !std::filesystem::is_directory(dir_)) throw UsageError("cannot create the folder " + dir_);
}

std::string RecordFolder::path(int game) const {
  char name[32];
  std::snprintf(name, sizeof name, "game-%03d.rec", game);
  return (std::filesystem::path(dir_) / name).string();
}

bool stepPrompt(std::size_t i, bool& waiting) {
  if (!waiting) return true;
  std::cout << "[Enter: move " << i + 1 << ", q: stop] " << std::flush;
  std::string line;
  if (!std::getline(std::cin, line)) waiting = false;
  return line != "q" && line != "quit";
}

}  // namespace gamescli
