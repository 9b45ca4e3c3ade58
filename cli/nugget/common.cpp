#include "common.h"

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace nugget::cli {

const char* const kExitCodesHelp =
    "0 success; 1 bad data (an input file is invalid, or no solution found); 2 bad usage\n"
    "(bad arguments or notation, an illegal move, a failed write)";

void checkTableDir(const std::string& dir) {
  std::error_code ec;
  if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
    throw UsageError("--table-dir " + dir +
                     ": no such folder (a folder named here must exist; only the default cache folder is created)");
}

// ------------------------------------------------------------ start board
void addStartOptions(po::options_description& desc) {
  desc.add_options()                                                                         //
      ("start", po::value<std::string>()->value_name("\"t1 ... t49\""),
       "start from these 49 tile numbers (row-major) instead of board 1")  //
      ("face", po::value<std::string>()->value_name("A|B"), "face shown at the start (default A)");
}

void positional(CommandLine& cl, const char* name, int count, const char* what) {
  if (count == 1)
    cl.hidden.add_options()(name, po::value<std::string>(), what);
  else
    cl.hidden.add_options()(name, po::value<std::vector<std::string>>()->default_value({}, ""), what);
  cl.positional.add(name, count);
}

namespace {
Face parseFace(const std::string& text) {
  if (text == "A" || text == "a") return Face::A;
  if (text == "B" || text == "b") return Face::B;
  throw UsageError("--face must be A or B, got \"" + text + "\"");
}
}  // namespace

Board startFromOptions(const po::variables_map& vm) {
  const Face face = vm.count("face") ? parseFace(vm["face"].as<std::string>()) : Face::A;
  Tiles tiles = startTiles();
  if (vm.count("start")) {
    std::string err;
    auto parsed = parseTiles(vm["start"].as<std::string>(), &err);
    if (!parsed) throw UsageError("--start: " + err);
    tiles = *parsed;
  }
  return Board::fromTiles(tiles, face);
}

std::vector<PositionLine> readPositions(const std::string& path) {
  try {
    return readPositionList(path);
  } catch (const PositionListError& e) {
    throw DataError(e.what());
  }
}

// ------------------------------------------------------------ moves
std::vector<std::string> splitWords(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const auto& a : args) {
    std::istringstream in(a);
    for (std::string w; in >> w;) out.push_back(w);
  }
  return out;
}

std::optional<std::string> playMoves(Board& board, const std::vector<std::string>& moves, std::vector<Move>* played) {
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " " + jcgn::quote(moves[i]);
    auto text = parseMove(moves[i]);
    if (!text) return where + ": not a move (a label 1-7 or A-U, optionally followed by p 1-7)";
    Move m;
    if (auto err = board.play(*text, &m)) return where + ": " + *err;
    if (played) played->push_back(m);
  }
  return std::nullopt;
}

std::string formatMean(double mean) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", mean);
  return buf;
}

}  // namespace nugget::cli
