// nugget solve --boards N --out FILE [...]: the chain solver with progress,
// checkpoints after every board and a verified, atomically written entry.
#include <tbb/global_control.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "commands.h"
#include "common.h"
#include "nugget/chain.h"
#include "nugget/chain_beam.h"
#include "nugget/cycle.h"

using namespace nugget;
using namespace nugget::cli;
namespace fs = std::filesystem;

namespace {

const char* kSettingsTag = "settings: ";

// temp file + rename: a reader (or a resumed run) never sees half a file.
void writeAtomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("write failed: " + tmp);
  }
  fs::rename(tmp, path);
}

std::string settingsLine(const std::string& file) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    const auto at = line.find(kSettingsTag);
    if (line.rfind("#", 0) == 0 && at != std::string::npos) return line.substr(at + std::string(kSettingsTag).size());
  }
  return "";
}

// The chain beam's pending boards, as comment lines of the checkpoint (a
// checkpoint stays a valid partial entry): "# pending PARENT MOVES..." per
// node, parents first (-1: the last committed board), and "# live IDS...".
const char* kPendingTag = "# pending ";
const char* kLiveTag = "# live ";

std::string pendingLines(const solve::ChainBeam& beam) {
  std::ostringstream s;
  for (const auto& n : beam.nodes()) {
    s << kPendingTag << n.parent;
    for (Move m : n.moves) s << ' ' << m.full();
    s << '\n';
  }
  s << kLiveTag;
  for (int id : beam.live()) s << ' ' << id;
  s << '\n';
  return s.str();
}

struct Pending {
  std::vector<std::pair<int, std::vector<Move>>> nodes;
  std::vector<int> live;
  int depth = 0;  // boards a live chain has beyond the committed ones
};

// The rest of a line as moves in full notation; false on anything else.
bool readMoves(std::istream& fields, std::vector<Move>& moves) {
  for (std::string t; fields >> t;) {
    const auto m = parseMove(t);
    if (!m || !m->p) return false;
    moves.push_back(Move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(*m->p)});
  }
  return true;
}

Pending readPending(const std::string& file) {
  Pending p;
  std::ifstream in(file);
  auto bad = [&](const std::string& line) { return UsageError("checkpoint " + file + ": bad line \"" + line + "\""); };
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(kPendingTag, 0) == 0) {
      std::istringstream fields(line.substr(std::string(kPendingTag).size()));
      int parent;
      if (!(fields >> parent)) throw bad(line);
      std::vector<Move> moves;
      if (!readMoves(fields, moves)) throw bad(line);
      p.nodes.emplace_back(parent, std::move(moves));
    } else if (line.rfind(kLiveTag, 0) == 0) {
      std::istringstream fields(line.substr(std::string(kLiveTag).size()));
      for (int id; fields >> id;) p.live.push_back(id);
    }
  }
  if (!p.live.empty()) {
    for (int n = p.live.front(); n >= 0 && n < static_cast<int>(p.nodes.size()); n = p.nodes[n].first) ++p.depth;
  }
  return p;
}

// Once the chain has closed a cycle the checkpoint holds the boards up to
// that one, and after every cycle try the tries done and the cheaper cycles
// found (each: the boards leading to it, then its turn), so --resume goes on
// with the next try.
const char* kTriesTag = "# cycle-tries-done ";
const char* kLeadTag = "# cycle-lead ";
const char* kTurnTag = "# cycle-turn ";
const char* kCycleEndTag = "# cycle-end";

std::string pathLines(const std::vector<solve::CycleBoards>& path, int triesDone, int cycleBoards) {
  std::ostringstream s;
  s << kTriesTag << triesDone << ' ' << cycleBoards << '\n';
  auto line = [&](const char* tag, const std::vector<Move>& moves) {
    s << tag;
    for (size_t i = 0; i < moves.size(); ++i) s << (i ? " " : "") << moves[i].full();
    s << '\n';
  };
  for (size_t t = 1; t < path.size(); ++t) {
    for (const auto& b : path[t].lead) line(kLeadTag, b);
    for (const auto& b : path[t].boards) line(kTurnTag, b);
    s << kCycleEndTag << '\n';
  }
  return s.str();
}

struct SavedPath {
  int triesDone = 0, cycleBoards = 0;
  std::vector<std::pair<std::vector<std::vector<Move>>, std::vector<std::vector<Move>>>> cycles;  // (lead, turn)
};

// Reads the cycle path of a checkpoint and extends `path` (its first cycle
// given) by replaying it; none if the checkpoint has no path.
std::optional<SavedPath> readPath(const std::string& file, std::vector<solve::CycleBoards>& path) {
  std::ifstream in(file);
  std::optional<SavedPath> saved;
  std::vector<std::vector<Move>> lead, turn;
  auto bad = [&](const std::string& why) { return UsageError("checkpoint " + file + ": " + why); };
  for (std::string line; std::getline(in, line);) {
    auto moves = [&](const char* tag) {
      std::istringstream fields(line.substr(std::string(tag).size()));
      std::vector<Move> m;
      if (!readMoves(fields, m) || m.empty()) throw bad("bad line \"" + line + "\"");
      return m;
    };
    if (line.rfind(kTriesTag, 0) == 0) {
      std::istringstream fields(line.substr(std::string(kTriesTag).size()));
      saved.emplace();
      if (!(fields >> saved->triesDone >> saved->cycleBoards)) throw bad("bad line \"" + line + "\"");
    } else if (line.rfind(kLeadTag, 0) == 0) {
      lead.push_back(moves(kLeadTag));
    } else if (line.rfind(kTurnTag, 0) == 0) {
      turn.push_back(moves(kTurnTag));
    } else if (line.rfind(kCycleEndTag, 0) == 0) {
      if (!saved || turn.empty()) throw bad("a cycle without its boards");
      saved->cycles.emplace_back(std::move(lead), std::move(turn));
      lead.clear();
      turn.clear();
    }
  }
  if (!saved) return std::nullopt;
  // Replayed: each lead from the previous cycle's start, each turn back to its own start.
  auto play = [&](Board& b, const std::vector<Move>& moves) {
    if (!playMoves(b, moves) || !b.pos.solved()) throw bad("its cycle path does not replay");
    b.flip();
  };
  for (auto& [l, t] : saved->cycles) {
    solve::CycleBoards c;
    Board b = path.back().start;
    for (const auto& moves : l) play(b, moves);
    c.start = b;
    for (const auto& moves : t) play(b, moves);
    if (b.pos.plane != c.start.pos.plane) throw bad("a cycle of its path does not come back to its start");
    c.lead = std::move(l);
    c.boards = std::move(t);
    path.push_back(std::move(c));
  }
  return saved;
}

std::string clock(double s) {
  char buf[32];
  const int t = static_cast<int>(std::lround(s));
  std::snprintf(buf, sizeof buf, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
  return buf;
}

}  // namespace

int runSolve(int argc, char** argv) {
  return guarded("solve", [&] {
    solve::Options opt;
    solve::EnterOptions enter;
    int cycleTries = 2, cycleBoards = 30;
    CommandLine cl("solve", "nugget solve --boards N --out FILE [options]",
                   "Solves a chain of N boards (20..200) from the start position and writes a jcgn-1\n"
                   "entry, verified by the same code as `nugget verify` before it is reported written.\n"
                   "A checkpoint FILE.partial is written atomically after every board; --resume goes on\n"
                   "from it (same settings needed) and ends exactly as an uninterrupted run would.\n"
                   "Results do not depend on --threads.");
    cl.visible.add_options()
      ("boards", po::value<int>(&opt.boards)->default_value(200), "number of boards N, 20..200")
      ("out", po::value<std::string>()->required(), "output file (jcgn-1)")
      ("beam-width", po::value<int>(&opt.beamWidth)->default_value(opt.beamWidth), "beam width per level")
      ("heuristic", po::value<std::string>(&opt.heuristic)->default_value(opt.heuristic),
       ("beam heuristic: " + heur::names()).c_str())
      ("endgame-depth", po::value<int>(&opt.endgameDepth)->default_value(opt.endgameDepth),
       "endgame table depth 0..6 (6: ~40 s to build, ~2.4 GB; 4.8 GB at the peak of the build)")
      ("candidates", po::value<int>(&opt.candidates)->default_value(opt.candidates),
       "solved end states compared per table entry for the next board")
      ("slack", po::value<int>(&opt.slack)->default_value(opt.slack),
       "end states up to this many moves longer than the shortest may be chosen")
      ("next-weight", po::value<double>(&opt.nextWeight)->default_value(opt.nextWeight),
       "weight of the next board's heuristic when choosing an end state")
      ("shorten-window", po::value<int>(&opt.shortenWindow)->default_value(opt.shortenWindow),
       "post-optimise every board: replace windows of up to this many moves by shorter ones (0 = off)")
      ("lookahead", po::value<int>(&opt.lookahead)->default_value(opt.lookahead),
       "with --chain-beam 1: end states whose next board is test-solved before choosing (0 = heuristic only)")
      ("lookahead-width", po::value<int>(&opt.lookaheadWidth)->default_value(opt.lookaheadWidth),
       "beam width of those test solves")
      ("chain-beam", po::value<int>(&opt.chainBeam)->default_value(opt.chainBeam),
       "partial chains kept: every board is solved from each, the best by moves so far plus the next "
       "board's heuristic survive (1 = one choice a board, with --lookahead; more: --lookahead is unused)")
      ("no-repeat", "keep searching when the chain comes back to an earlier board's start (default: play that "
       "cycle of boards again to the last board)")
      ("enter-boards", po::value<int>(&enter.boards)->default_value(enter.boards),
       "once a cycle is found: try to end each of the first J boards exactly where a cycle board ends, so "
       "the chain enters the cycle there (0 = off)")
      ("enter-width", po::value<int>(&enter.target.width)->default_value(enter.target.width),
       "beam width of those exact-end searches")
      ("cycle-tries", po::value<int>(&cycleTries)->default_value(cycleTries),
       "once a cycle is found: chain beams with other tie-break seeds (widths x1, x2, x4 in turn, then the "
       "same from the cycle's next board) run from it, each until its boards close a cycle; each cheaper one "
       "is kept and the next tries start from it (0 = off)")
      ("cycle-boards", po::value<int>(&cycleBoards)->default_value(cycleBoards),
       "boards each of those tries may take")
      ("threads", po::value<int>()->default_value(0), "worker threads (0 = all cores)")
      ("seed", po::value<uint64_t>(&opt.seed)->default_value(opt.seed), "tie-break salt (0 = by hash)")
      ("time-limit", po::value<double>()->default_value(0),
       "start no new board after SEC seconds (0 = none); the entry gets the best chain so far and the "
       "checkpoint is kept, so --resume goes on exactly as if never stopped")
      ("resume", "continue from FILE.partial")
      ("trim", "write the best-ranked prefix of at least 20 boards")
      ("quiet", "no progress output");
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;

    // Every argument is checked before any work starts.
    const std::string out = vm["out"].as<std::string>();
    const int threads = vm["threads"].as<int>();
    const double timeLimit = vm["time-limit"].as<double>();
    if (opt.boards < jcgn::kMinBoards || opt.boards > jcgn::kMaxBoards)
      throw UsageError("--boards must be in 20..200, got " + std::to_string(opt.boards));
    if (!heur::find(opt.heuristic))
      throw UsageError("unknown heuristic \"" + opt.heuristic + "\" (known: " + heur::names() + ")");
    if (opt.beamWidth < 1 || opt.beamWidth > 10'000'000) throw UsageError("--beam-width must be in 1..10000000");
    if (opt.endgameDepth < 0 || opt.endgameDepth > 6) throw UsageError("--endgame-depth must be in 0..6");
    if (opt.candidates < 1 || opt.slack < 0 || opt.slack > 10) throw UsageError("--candidates >= 1, --slack in 0..10");
    if (threads < 0) throw UsageError("--threads must be >= 0");
    if (opt.lookahead < 0 || opt.lookaheadWidth < 1) throw UsageError("--lookahead >= 0, --lookahead-width >= 1");
    if (opt.shortenWindow < 0 || opt.shortenWindow > 8) throw UsageError("--shorten-window must be in 0..8");
    if (timeLimit < 0) throw UsageError("--time-limit must be >= 0");
    if (opt.chainBeam < 1 || opt.chainBeam > 1000) throw UsageError("--chain-beam must be in 1..1000");
    if (enter.boards < 0 || enter.boards > jcgn::kMaxBoards) throw UsageError("--enter-boards must be in 0..200");
    if (cycleTries < 0 || cycleTries > 1000) throw UsageError("--cycle-tries must be in 0..1000");
    if (cycleBoards < 2 || cycleBoards > 1000) throw UsageError("--cycle-boards must be in 2..1000");
    if (enter.target.width < 1 || enter.target.width > 10000000)
      throw UsageError("--enter-width must be in 1..10000000");
    const std::string partial = out + ".partial";
    {
      std::ofstream probe(out + ".partial.tmp");
      if (!probe) throw UsageError("cannot write to " + out + " (directory missing or not writable)");
    }
    fs::remove(out + ".partial.tmp");

    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
    const bool quiet = vm.count("quiet") > 0;
    const bool tty = isatty(STDERR_FILENO);

    // Resume: the checkpoint is verified like any entry, and must come from
    // the same settings (otherwise the result would differ from a fresh run).
    jcgn::Entry entry;
    if (vm.count("resume") && fs::exists(partial)) {
      const std::string was = settingsLine(partial);
      if (was != opt.signature())
        throw UsageError("checkpoint " + partial + " was made with other settings (" + was + "); now: " + opt.signature());
      const jcgn::Verdict v = jcgn::verifyFile(partial, true);
      if (!v.ok) throw UsageError("checkpoint " + v.message(partial));
      entry = v.entry;
      if (static_cast<int>(entry.boards.size()) > opt.boards) entry.boards.resize(opt.boards);
      if (!quiet) std::cerr << "resuming after board " << entry.boards.size() << " of " << opt.boards << '\n';
    } else if (fs::exists(partial) && !quiet) {
      std::cerr << "note: starting afresh; " << partial << " is replaced (use --resume to continue it)\n";
    }

    const auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    if (!quiet) std::cerr << "building endgame table (depth " << opt.endgameDepth << ")...\n";
    solve::ChainSolver solver(opt);
    if (!quiet) std::cerr << "endgame table: " << solver.table().size() << " layouts, " << clock(elapsed()) << '\n';

    const int resumedAt = static_cast<int>(entry.boards.size());
    uint64_t generated = 0;
    bool stoppedEarly = false;
    auto progress = [&](int k, size_t lastMoves, double mean, int solvedHere) {
      if (quiet) return;
      const double t = elapsed(), perBoard = t / std::max(solvedHere, 1);
      char line[256];
      std::snprintf(line, sizeof line, "board %d/%d: %zu moves, mean %.3f, %.2fM nodes/s, elapsed %s, ETA %s", k,
                    opt.boards, lastMoves, mean, generated / t / 1e6, clock(t).c_str(),
                    clock(perBoard * (opt.boards - k)).c_str());
      if (tty) {
        const int width = 24, filled = width * k / opt.boards;
        std::cerr << "\r[" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << line << "\x1b[K"
                  << std::flush;
      } else {
        std::cerr << line << '\n';
      }
    };
    // A chain that comes back to an earlier start repeats itself: the
    // boards since then are played again (solve/cycle.h).
    std::optional<solve::Cycle> cycle;
    const bool repeat = !vm.count("no-repeat");
    auto cycleClosed = [&] {
      if (repeat && !cycle) cycle = solve::closedCycle(entry);
      return cycle.has_value();
    };
    // A checkpoint written once the cycle had closed: no more chain beam.
    const bool resumedInCycle = resumedAt > 0 && cycleClosed();
    if (resumedInCycle) {
      if (!quiet) std::cerr << "the checkpoint's last board closes a cycle: going on with the cycle tries\n";
    } else if (opt.chainBeam <= 1) {
      for (int k = resumedAt + 1; k <= opt.boards; ++k) {
        Board board = jcgn::nextStart(entry);
        const solve::BoardReport rep = solver.solveBoard(board, k);
        for (Move m : rep.moves) board.apply(m);
        entry.boards.push_back({rep.moves, board.tiles});
        generated += rep.generated;
        if (cycleClosed()) break;
        writeAtomically(partial, jcgn::toString(entry, std::string(kSettingsTag) + opt.signature()));
        progress(k, rep.moves.size(), double(entry.totalMoves()) / double(entry.boards.size()), k - resumedAt);
        if (timeLimit > 0 && elapsed() > timeLimit && k < opt.boards) {
          stoppedEarly = true;
          break;
        }
      }
    } else {
      // Beam over chains: boards are committed once every live chain shares
      // them; the checkpoint keeps the pending ones too.
      solve::ChainBeam beam(solver, opt.chainBeam, jcgn::nextStart(entry), resumedAt + 1);
      if (vm.count("resume") && fs::exists(partial)) {
        const Pending p = readPending(partial);
        if (!p.nodes.empty() && !beam.restore(p.nodes, p.live, resumedAt + p.depth))
          throw UsageError("checkpoint " + partial + ": its pending boards do not replay");
      }
      const int startedAt = beam.solvedBoards();
      auto save = [&] {
        writeAtomically(partial, jcgn::toString(entry, std::string(kSettingsTag) + opt.signature()) + pendingLines(beam));
      };
      // Boards after the one that closes a cycle are dropped: the cycle is
      // played again instead.
      auto commit = [&](const std::vector<solve::ChainBeam::Committed>& boards) {
        for (const auto& c : boards) {
          if (static_cast<int>(entry.boards.size()) >= opt.boards) break;
          entry.boards.push_back({c.moves, c.final});
          if (cycleClosed()) return true;
        }
        return false;
      };
      while (beam.solvedBoards() < opt.boards && !cycle) {
        beam.advance();
        if (commit(beam.takeShared())) break;
        generated = beam.generated();
        const int k = beam.solvedBoards();
        if (k < opt.boards) save();
        progress(k, static_cast<size_t>(beam.lastMoves()),
                 double(entry.totalMoves() + beam.bestPendingMoves()) / double(k), k - startedAt);
        if (timeLimit > 0 && elapsed() > timeLimit && k < opt.boards) {
          stoppedEarly = true;
          break;
        }
      }
      // The best chain goes into the entry; the checkpoint written above
      // keeps the pending boards, so a run stopped by --time-limit resumes
      // exactly where it was.
      if (!cycle) commit(beam.takeBest());
    }
    if (!quiet && tty) std::cerr << '\n';
    if (cycle) {
      // The chain as found, up to the board that closed the cycle; then
      // the cycle played again to the last board.
      const std::vector<jcgn::BoardRecord> found = entry.boards;
      solve::repeatCycle(entry, *cycle, opt.boards);
      if (!quiet)
        std::cerr << "board " << found.size() + 1 << " would start as board " << cycle->first << " did: the cycle of "
                  << cycle->period << " boards (" << cycle->moves << " moves, mean " << cycle->mean()
                  << ") is played again to board " << opt.boards << '\n';
      // Cheaper cycles near it (--cycle-tries): each one found is kept with
      // the boards leading to it, a path of cycles.
      std::vector<solve::CycleBoards> path{solve::cycleBoards(Board::start(), found, *cycle)};
      int triesDone = 0;
      if (resumedInCycle) {
        if (const auto saved = readPath(partial, path)) {
          if (saved->cycleBoards != cycleBoards)
            throw UsageError("checkpoint " + partial + " was made with --cycle-boards " +
                             std::to_string(saved->cycleBoards));
          triesDone = saved->triesDone;
          if (!quiet)
            std::cerr << triesDone << " cycle tries were done, " << path.size() - 1 << " cycles kept\n";
        }
      }
      auto savePath = [&](int done) {
        jcgn::Entry e;
        e.boards = found;
        writeAtomically(partial, jcgn::toString(e, std::string(kSettingsTag) + opt.signature()) +
                                     pathLines(path, done, cycleBoards));
      };
      savePath(triesDone);
      solve::searchCycles(solver, path, triesDone + 1, cycleTries, cycleBoards, [&](const solve::CycleTry& t) {
        if (!quiet) {
          std::cerr << "cycle try " << t.index << "/" << cycleTries << " (seed " << t.seed << ", width " << t.width
                    << "): ";
          if (t.found)
            std::cerr << "cycle of " << t.found->boards.size() << " boards after " << t.found->lead.size()
                      << ", mean " << t.found->mean()
                      << (t.cheaper ? " (cheaper, kept)" : t.kept ? " (as cheap, another cycle: kept)" : "");
          else
            std::cerr << "no cycle within " << cycleBoards << " boards";
          std::cerr << " (" << clock(elapsed()) << ")\n";
        }
        savePath(t.index);
        if (timeLimit > 0 && elapsed() > timeLimit && t.index < cycleTries) {
          stoppedEarly = true;  // the checkpoint says which try comes next
          return false;
        }
        return true;
      });
      const long asFound = entry.totalMoves();
      if (!stoppedEarly) {
        auto entering = [&](size_t i) {
          if (!quiet)
            std::cerr << "entering cycle " << i + 1 << " of the path (mean " << path[i].mean() << "), width "
                      << enter.target.width << '\n';
        };
        auto report = [&](int j, int k, int moves) {
          if (quiet) return;
          std::cerr << "  board " << j << " aimed at the end of cycle board " << k << ": "
                    << (moves < 0 ? std::string("not found") : std::to_string(moves) + " moves") << " ("
                    << clock(elapsed()) << ")\n";
        };
        entry.boards = solve::cheapestChain(Board::start(), found, path, opt.boards, enter, entering, report);
      }
      if (!quiet && entry.totalMoves() < asFound)
        std::cerr << "cheaper chain: " << asFound << " -> " << entry.totalMoves() << " moves, mean "
                  << double(entry.totalMoves()) / double(entry.boards.size()) << '\n';
    }

    int keep = static_cast<int>(entry.boards.size());
    if (keep < jcgn::kMinBoards) {
      std::cerr << "solve: stopped by the time limit after " << keep << " boards (20 needed); checkpoint kept in "
                << partial << '\n';
      return kExitInvalid;
    }
    if (vm.count("trim")) keep = solve::bestPrefix(entry.movesPerBoard());
    jcgn::Entry written = entry;
    written.boards.resize(keep);
    std::ostringstream comment;
    comment << "nugget solve --boards " << opt.boards << (vm.count("trim") ? " --trim" : "") << "\n"
            << kSettingsTag << opt.signature();
    const std::string text = jcgn::toString(written, comment.str());
    std::istringstream check(text);
    const jcgn::Verdict v = jcgn::verify(check);
    if (!v.ok) throw std::runtime_error("internal error, entry failed verification: " + v.message(out));
    writeAtomically(out, text);
    if (!stoppedEarly) fs::remove(partial);  // else --resume can go on from it
    std::cout << "wrote " << out << ": " << v.message(out)
              << (stoppedEarly ? " (stopped by --time-limit; --resume continues from " + partial + ")" : "")
              << (keep < static_cast<int>(entry.boards.size()) ? " (trimmed to the best-ranked prefix)" : "") << '\n';
    return kExitOk;
  });
}
