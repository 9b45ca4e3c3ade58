// What the commands that run the solver share beyond common.h (solve-board,
// prove, cycle-search): one position from --start/--face or a position
// file, the thread cap, and progress lines that several threads may print.
#pragma once
#include <tbb/global_control.h>

#include <csignal>

#include "common/signals.h"

#include <functional>
#include <iostream>
#include <memory>
#include <string>

#include "common.h"
#include "common/terminal.h"
#include "nugget/tables/endgame.h"
#include "nugget/heuristics.h"

namespace nugget::cli {

// --start/--face (addStartOptions) and --position FILE [--line N].
inline void addPositionOptions(po::options_description& desc) {
  addStartOptions(desc);
  desc.add_options()
    ("position", po::value<std::string>()->value_name("FILE"), "read the position from this file instead of --start/--face")
    ("line", po::value<int>()->default_value(1)->value_name("N"), "with --position: the N-th position of the file");
}

inline void withPosition(CommandLine& cl) { addPositionOptions(cl.visible); }

// SIGINT and SIGTERM call a handler (cli/common/signals.h).
using ::cli::onStopSignals;

// The position they give: --position's N-th, else --start/--face (board 1
// by default). UsageError when they are mixed; DataError for a bad file.
inline Board positionFromOptions(const po::variables_map& vm) {
  checkRange("--line", vm["line"].as<int>(), 1, 1'000'000);
  if (!vm.count("position")) {
    if (!vm["line"].defaulted()) throw UsageError("--line needs --position");
    return startFromOptions(vm);
  }
  if (vm.count("start") || vm.count("face")) throw UsageError("--position excludes --start and --face");
  const std::string& path = vm["position"].as<std::string>();
  const auto positions = readPositions(path);
  const int n = vm["line"].as<int>();
  if (n > static_cast<int>(positions.size()))
    throw DataError(path + " has " + std::to_string(positions.size()) + " positions, --line " + std::to_string(n) +
                    " asked for");
  return positions[static_cast<size_t>(n - 1)].start;
}

// --heuristic NAME: a registered beam heuristic (heuristics/nugget), else
// UsageError naming the known ones.
inline const heur::Heuristic& findHeuristic(const std::string& name) {
  const heur::Heuristic* h = heur::find(name);
  if (!h) throw UsageError("unknown heuristic \"" + name + "\" (known: " + heur::names() + ")");
  return *h;
}

// oneTBB's workers capped at `threads` while the result lives (0: no cap).
inline std::unique_ptr<tbb::global_control> limitThreads(int threads) {
  if (threads <= 0) return nullptr;
  return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
}

// Progress lines on standard error that any thread may print, each line
// whole (cli::Progress), as a callback for the solver's options.
inline std::function<void(const std::string&)> stderrLines() {
  return [progress = ::cli::Progress(false)](const std::string& line) { progress.line(line); };
}

// The endgame table of `depth` (solver/nugget/tables/endgame.h): from the cache
// folder `dir` ("": the default one), or built in memory with noCache; its
// progress on standard error unless quiet.
inline std::shared_ptr<const solve::EndgameTable> openTable(int depth, const std::string& dir, bool noCache,
                                                            bool quiet) {
  solve::TableSource source;
  source.dir = dir;
  source.useCache = !noCache;
  if (!quiet) source.progress = stderrLines();
  return solve::openEndgameTable(depth, source);
}

}  // namespace nugget::cli
