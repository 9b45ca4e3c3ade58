// `nugget prove --bench`, `--part K/N --checkpoint FILE [--resume]` and
// `--combine FILE,...` (prove_cli.h): parse, call the solver
// (solver/nugget/tables/prove_split.h, prove_bench.h), print.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "nugget/chain/solve_budget.h"  // solve::beamBound
#include "nugget/jcgn.h"  // jcgn::formatMoves
#include "nugget/tables/prove_bench.h"
#include "nugget/tables/prove_split.h"
#include "output.h"
#include "prove_cli.h"
#include "solver_cli.h"
#include "text/file.h"

namespace nugget::cli {

void parsePart(ProveArgs& a) {
  const size_t slash = a.part.find('/');
  int k = 0, n = 0;
  char tail = 0;
  if (slash == std::string::npos || std::sscanf(a.part.c_str(), "%d/%d%c", &k, &n, &tail) != 2 || k < 1 || n < 1 ||
      k > n || n > 1'000'000)
    throw UsageError("--part must be K/N with 1 <= K <= N <= 1000000 (a share of a split proof), got \"" + a.part +
                     "\"");
  a.partIndex = k - 1;
  a.parts = n;
}

int runProveBench(const ProveArgs& a) {
  const auto limit = limitThreads(a.threads);
  const solve::EndgameTable table(solve::kBenchTableDepth);
  const auto t0 = std::chrono::steady_clock::now();
  const auto lines = solve::runBench(table);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  for (const solve::BenchLine& l : lines) {
    const solve::ProveResult& r = l.result;
    const std::string what = r.proven ? "optimum " + std::to_string(r.upperBound)
                                      : "at least " + std::to_string(r.lowerBound);
    char line[200];
    std::snprintf(line, sizeof line, "%-18s %-12s nodes %10llu  time %6.0f ms  nps %9.0f", l.what.name.c_str(),
                  what.c_str(), static_cast<unsigned long long>(r.nodes), r.seconds * 1000,
                  r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0.0);
    std::cout << line << '\n';
  }
  char total[120];
  std::snprintf(total, sizeof total, "threads %d, time %.0f ms", a.threads, ms);
  std::cout << total << "\nBench: " << solve::benchSignature(lines) << '\n';
  return kExitOk;
}

namespace {

// A part's checkpoint file, parsed; DataError naming the file and line.
solve::ProveCheckpoint readPart(const std::string& path, const Position* start) {
  const std::string text = text::readTextFile(path);
  try {
    return solve::parseProveCheckpoint(text, start);
  } catch (const solve::ProveCheckpointError& e) {
    throw DataError(path + (e.line ? ":" + std::to_string(e.line) : std::string()) + ": " + e.reason);
  }
}

// What the search depends on (the frontier's subtrees and their order): a
// checkpoint of other settings is refused. The beam, the table's size in
// memory and the threads change no subtree.
std::string settingsOf(const ProveArgs& a, const Board& start) {
  return "position=" + tilesToString(start.tiles) + ' ' + faceChar(start.face) +
         " endgame-depth=" + std::to_string(a.endgameDepth) + " split-depth=" + std::to_string(a.splitDepth);
}

std::string boundsText(int lower, int upper) {
  return "no solution of fewer than " + std::to_string(lower) + " moves; " +
         (upper >= 0 ? "best known " + std::to_string(upper) : std::string("no solution known"));
}

}  // namespace

int runProveCombine(const ProveArgs& a) {
  std::vector<solve::ProveCheckpoint> parts;
  for (size_t at = 0; at <= a.combine.size();) {
    const size_t comma = std::min(a.combine.find(',', at), a.combine.size());
    if (comma == at) throw UsageError("--combine takes FILE,FILE,... with no empty name");
    parts.push_back(readPart(a.combine.substr(at, comma - at), nullptr));
    at = comma + 1;
  }
  solve::CombinedProof c;
  try {
    c = solve::combineParts(parts);
  } catch (const solve::ProveCheckpointError& e) {
    throw DataError(std::string("--combine: ") + e.what());
  }
  if (a.json) {
    Json j;
    if (c.proven) j.add("optimum", c.upperBound); else j.raw("optimum", "null");
    j.add("proven", c.proven).add("lower_bound", c.lowerBound);
    if (c.upperBound >= 0) j.add("upper_bound", c.upperBound); else j.raw("upper_bound", "null");
    std::cout << j.add("moves", jcgn::formatMoves(c.moves)).add("parts", static_cast<int>(parts.size())).str() << '\n';
  } else {
    std::cout << parts.size() << (parts.size() == 1 ? " part: " : " parts: ") << (c.proven ? "optimum " + std::to_string(c.upperBound) + " (proven)"
                                                         : std::string("not proven"))
              << "; " << boundsText(c.lowerBound, c.upperBound) << '\n';
    if (c.upperBound > 0) std::cout << jcgn::formatMoves(c.moves) << '\n';
    if (!c.proven) {
      std::cout << "parts at the lower bound:";
      for (int p : c.lagging) std::cout << ' ' << p + 1;
      std::cout << '\n';
    }
  }
  return c.proven ? kExitOk : 5;
}

namespace {

// The checkpoint the share starts from: FILE's with --resume (its settings
// checked), else none (and FILE must not exist: nothing is replaced).
std::optional<solve::ProveCheckpoint> startingPoint(const ProveArgs& a, const Board& start,
                                                    const std::string& settings) {
  if (a.checkpoint.empty()) return std::nullopt;
  if (auto p = outputProblem(a.checkpoint, "--checkpoint"); !p.empty()) throw UsageError(p);
  const bool exists = std::filesystem::exists(a.checkpoint);
  if (!a.resume) {
    if (exists)
      throw UsageError("--checkpoint " + a.checkpoint + ": exists (--resume continues it; remove it to start over)");
    return std::nullopt;
  }
  if (!exists) throw UsageError("--resume: there is no checkpoint " + a.checkpoint);
  solve::ProveCheckpoint cp = readPart(a.checkpoint, &start.pos);
  if (cp.settings != settings || cp.part != a.partIndex || cp.parts != a.parts)
    throw UsageError("--resume: " + a.checkpoint + " is of part " + std::to_string(cp.part + 1) + "/" +
                     std::to_string(cp.parts) + " with settings \"" + cp.settings + "\", not of part " + a.part +
                     " with \"" + settings + "\"");
  return cp;
}

// What was asked is done: a solution that no shorter one in the share
// beats, or every bound up to --max-bound ruled out.
bool shareDone(const ProveArgs& a, const solve::ProveResult& r) {
  return r.proven || (!r.stopped && r.lowerBound > a.maxBound);
}

void printShare(const ProveArgs& a, const solve::ProveResult& r, const std::string& file) {
  const bool whole = a.parts == 1;
  const std::string lead = whole ? std::string() : "part " + a.part + ": ";
  const std::string verdict = r.proven && whole ? "optimum " + std::to_string(r.upperBound) + " (proven)"
                              : shareDone(a, r) ? std::string(whole ? "done" : "share done")
                                                : std::string("not done");
  char cost[120];
  std::snprintf(cost, sizeof cost, " (%.1f M nodes, %.1f s)", static_cast<double>(r.nodes) / 1e6, r.seconds);
  // A stop (a signal, --budget, --nodes) says how to go on (issue 59).
  if (!shareDone(a, r) && !file.empty())
    std::cerr << "nugget prove: the checkpoint " << file << " keeps the work done; the same command with --resume "
              << "continues it\n";
  if (a.json) {
    Json j;
    j.add("part", a.part).add("done", shareDone(a, r)).add("lower_bound", r.lowerBound);
    if (r.upperBound >= 0) j.add("upper_bound", r.upperBound); else j.raw("upper_bound", "null");
    j.add("moves", jcgn::formatMoves(r.moves)).add("checkpoint", file);
    std::cout << j.add("nodes", static_cast<unsigned long long>(r.nodes)).add("seconds", r.seconds, 3).str() << '\n';
    return;
  }
  std::cout << lead << verdict << "; " << boundsText(r.lowerBound, r.upperBound) << (whole ? "" : " in this share")
            << cost << '\n';
  if (!r.moves.empty()) std::cout << jcgn::formatMoves(r.moves) << '\n';
}

}  // namespace

int runProveShare(const ProveArgs& a, const Board& start, const std::atomic<bool>& stop) {
  const std::string settings = settingsOf(a, start);
  const std::optional<solve::ProveCheckpoint> from = startingPoint(a, start, settings);
  const auto table = openTable(a.endgameDepth, a.tableDir, a.noTableCache, a.quiet);
  std::optional<std::vector<Move>> known;
  if (a.beamWidth > 0 && !start.pos.solved()) known = solve::beamBound(start, table, a.beamWidth);
  if (from && from->best && (!known || from->best->size() < known->size())) known = from->best;
  solve::ProveCheckpoint cp{settings, a.partIndex, a.parts, from ? from->state : solve::ProveState{}, known};
  solve::ProveOptions opt = a.searchOptions();
  opt.part = a.partIndex;
  opt.parts = a.parts;
  opt.serial = a.threads == 1;
  opt.stop = &stop;
  opt.resume = from ? &from->state : nullptr;
  opt.stateSeconds = a.checkpointEvery;
  if (!a.quiet) opt.progress = stderrLines();
  bool seen = false;
  if (!a.checkpoint.empty())
    opt.onState = [&](const solve::ProveState& s) {
      cp.state = s;
      seen = true;
      writeAtomically(a.checkpoint, solve::formatProveCheckpoint(cp));
    };
  const solve::ProveResult r = solve::prove(start.pos, *table, opt, known ? &*known : nullptr);
  // The last word: a done share needs no subtree list (which subtrees were
  // done before a solution turned up depends on the threads' timing).
  if (r.proven || !seen || cp.state.bound != r.lowerBound) cp.state = solve::ProveState{r.lowerBound, 1 << 20, 0, {}};
  if (r.upperBound >= 0) cp.best = r.moves;
  if (!a.checkpoint.empty()) writeAtomically(a.checkpoint, solve::formatProveCheckpoint(cp));
  printShare(a, r, a.checkpoint);
  if (stop.load()) return kExitInterrupted;
  return shareDone(a, r) ? kExitOk : 5;
}

}  // namespace nugget::cli
