// nugget solve --boards N --out FILE [...]: parses the options, checks every
// argument and the output files before any work, runs the solve pipeline
// (solver/nugget/pipeline.h), prints its events, and writes the checkpoints
// and the entry atomically.
#include <tbb/global_control.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <thread>

#include "commands.h"
#include "common.h"
#include "nugget/pipeline.h"
#include "output.h"
#include "team_session.h"

using namespace nugget;
using namespace nugget::cli;
namespace fs = std::filesystem;

namespace {

std::string clock(double s) {
  char buf[32];
  const int t = static_cast<int>(std::lround(s));
  std::snprintf(buf, sizeof buf, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
  return buf;
}

// SIGINT/SIGTERM ask the running pipeline to stop at its next safe point;
// the handler is reset by the first signal, so a second one kills at once
// (the last checkpoint is whole either way: it is written atomically).
solve::Pipeline* gRunning = nullptr;
volatile std::sig_atomic_t gSignal = 0;

extern "C" void onStopSignal(int sig) {
  gSignal = sig;
  if (gRunning) gRunning->requestStop();
  static const char msg[] = "\nnugget solve: stopping after the current board (again to kill at once)\n";
  [[maybe_unused]] auto n = ::write(STDERR_FILENO, msg, sizeof msg - 1);
}

void catchStopSignals() {
  struct sigaction sa {};
  sa.sa_handler = onStopSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // no SA_RESTART needed: nothing waits on a slow call
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

// The command line again with --resume (and without --restart), for the
// message that says how to go on.
std::string resumeCommand(int argc, char** argv) {
  std::string s = "nugget";
  bool hasResume = false;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--restart") continue;
    hasResume |= a == "--resume";
    if (a.find_first_of(" \t'\"$\\") != std::string::npos || a.empty()) {
      std::string q = "'";
      for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      a = q + "'";
    }
    s += " " + a;
  }
  return hasResume ? s : s + " --resume";
}

// The --json summary of a run that returned an outcome.
SolveSummary summarise(const solve::Pipeline& pipeline, const solve::Outcome& outcome, const std::string& out,
                       const std::string& partial, double seconds, uint64_t nodes) {
  SolveSummary s;
  s.out = out;
  s.written = !outcome.text.empty();
  s.stop = outcome.stop == solve::Stop::TimeLimit ? "time-limit" : outcome.stop == solve::Stop::Requested ? "signal" : "finished";
  const jcgn::Entry& e = s.written ? outcome.verdict.entry : outcome.chain;
  s.boards = static_cast<int>(e.boards.size());
  s.moves = e.totalMoves();
  s.mean = s.boards ? double(s.moves) / s.boards : 0.0;
  s.trimmed = outcome.trimmed;
  s.seconds = seconds;
  s.nodes = nodes;
  if (outcome.resumable()) s.checkpoint = partial;
  s.fastFrom = outcome.fastFrom;
  if (const auto& c = pipeline.cycle()) {
    s.cycle = true;
    s.cycleFirst = c->first;
    s.cyclePeriod = c->period;
    s.cycleMoves = c->moves;
    s.cycleSymmetry = c->symmetry;
    s.cyclesOnPath = static_cast<int>(pipeline.path().size());
    s.cheapestCycleMean = c->mean();
    for (const auto& p : pipeline.path()) s.cheapestCycleMean = std::min(s.cheapestCycleMean, p.mean());
  }
  return s;
}

}  // namespace

int runSolve(int argc, char** argv) {
  TeamSession session;  // under mpirun: this process's part of the job (team_session.h)
  solve::Team& team = session.team();
  return session.leave(guarded("solve", [&] {
    solve::PipelineOptions settings;
    solve::Options& opt = settings.chain;
    // The main job's table: depth 7 (1.0 GB, its first build ~3 min) gives
    // 15.350 in the main job's budget where depth 6 gives 16.890 (results/README.md,
    // session 11); the library's default stays 6 for the other commands.
    opt.endgameDepth = 7;
    CommandLine cl("solve", "nugget solve --boards N --out FILE [options]",
                   "Solves a chain of N boards (20..200) from the start position and writes a jcgn-1\n"
                   "entry, verified by the same code as `nugget verify` before it is reported written.\n"
                   "A checkpoint FILE.partial is written atomically after every board; --resume goes on\n"
                   "from it (same settings needed) and ends exactly as an uninterrupted run would.\n"
                   "An existing checkpoint is never replaced silently: without --resume, --restart is\n"
                   "needed to discard it. Results do not depend on --threads.\n"
                   "An existing FILE is refused (exit 2, before any work) unless --force (replace it),\n"
                   "--keep-better (keep the better-ranked of the two) or --resume (the run that wrote it).\n"
                   "One run writes a FILE at a time: it holds a lock (flock) on FILE.lock, and a second run\n"
                   "on the same FILE is refused (exit 2) naming the first's pid.\n"
                   "Ctrl-C (SIGINT) or SIGTERM: stops after the current board or cycle try, writes the\n"
                   "checkpoint (and the entry so far, as --time-limit does), prints the command that\n"
                   "resumes, exit code 3. A second signal kills at once; the last checkpoint stays whole.\n"
                   "The solver and its options: README.md, \"How the solver works\"; rules: docs/RULES.md.\n"
                   "--json: one JSON line on standard output at the end (the `wrote` line goes to standard\n"
                   "error then): {\"out\", \"written\", \"stop\": \"finished\"|\"time-limit\"|\"signal\", \"boards\",\n"
                   "\"moves\", \"mean\", \"trimmed\", \"seconds\", \"nodes\" (beam children of the chain phase),\n"
                   "\"checkpoint\" (the FILE.partial kept, or null), \"fast_from\" (the first board the time budget's\n"
                   "fast finish solved, or null), \"cycle\": {\"first\", \"period\", \"moves\",\n"
                   "\"mean\", \"symmetry\", \"cycles_on_path\", \"cheapest_mean\"} or null}.\n"
                   "Progress goes to standard error: the endgame table's levels while it is built (or the\n"
                   "file it maps), then one line a board (a bar on a terminal).");
    cl.files = "writes: --out FILE, a jcgn-1 entry (docs/formats/jcgn-1.md); FILE.partial, the checkpoint\n"
               "(docs/formats/checkpoint.md); FILE.lock while it runs (the lock; removed at the end); the endgame\n"
               "table cache (--table-dir) for depths 5 to 7";
    cl.exits = "0 written; 1 stopped by --time-limit before 20 boards (the checkpoint kept); 2 bad\n"
               "arguments or a failed write (the previous checkpoint is kept); 3 stopped by SIGINT/SIGTERM";
    cl.visible.add_options()
      ("boards", po::value<int>(&opt.boards)->default_value(200), "number of boards N, 20..200")
      ("out", po::value<std::string>()->required(), "output file (jcgn-1)")
      ("beam-width", po::value<int>(&opt.beamWidth)->default_value(opt.beamWidth), "beam width per level, 1..10000000")
      ("heuristic", po::value<std::string>(&opt.heuristic)->default_value(opt.heuristic),
       ("beam heuristic: " + heur::names()).c_str())
      ("endgame-depth", po::value<int>(&opt.endgameDepth)->default_value(opt.endgameDepth),
       "endgame table depth 0..7 (7: 1.0 GB, built once in ~3 min on 2 cores (1.7 GB at the peak) and kept in "
       "the cache folder, then read in 1-2 s; 6: 70 MB, built once in ~10 s (0.35 GB at the peak), then read in "
       "well under a second, for smaller machines)")
      ("table-dir", po::value<std::string>(&settings.tableDir),
       "endgame table cache folder (default: $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else "
       "~/.cache/nugget; a folder named here must exist); depths 5 to 7 are cached")
      ("no-table-cache", "build the endgame table in memory; read and write no cache file")
      ("candidates", po::value<int>(&opt.candidates)->default_value(opt.candidates),
       "solved end states compared per table entry for the next board, 1..100000")
      ("slack", po::value<int>(&opt.slack)->default_value(opt.slack),
       "end states up to this many moves longer than the shortest may be chosen, 0..10")
      ("next-weight", po::value<double>(&opt.nextWeight)->default_value(opt.nextWeight),
       "weight of the next board's heuristic when choosing an end state, 0..100")
      ("shorten-window", po::value<int>(&opt.shortenWindow)->default_value(opt.shortenWindow),
       "post-optimise every board: replace windows of up to this many moves by shorter ones (0 = off), 0..8")
      ("lookahead", po::value<int>(&opt.lookahead)->default_value(opt.lookahead),
       "with --chain-beam 1: end states whose next board is test-solved before choosing (0 = heuristic only)")
      ("lookahead-width", po::value<int>(&opt.lookaheadWidth)->default_value(opt.lookaheadWidth),
       "beam width of those test solves")
      ("chain-beam", po::value<int>(&opt.chainBeam)->default_value(opt.chainBeam),
       "partial chains kept: every board is solved from each, the best by moves so far plus the next "
       "board's heuristic survive (1 = one choice a board, with --lookahead; more: --lookahead is unused)")
      ("no-repeat", "keep searching when the chain comes back to an earlier board's start (default: play that "
       "cycle of boards again to the last board)")
      ("enter-boards", po::value<int>(&settings.enter.boards)->default_value(settings.enter.boards),
       "once a cycle is found: try to end each of the first J boards exactly where a cycle board ends, so "
       "the chain enters the cycle there (0 = off)")
      ("enter-width", po::value<int>(&settings.enter.target.width)->default_value(settings.enter.target.width),
       "beam width of those exact-end searches")
      ("cycle-tries", po::value<int>(&settings.cycleTries)->default_value(settings.cycleTries),
       "once a cycle is found: chain beams with other tie-break seeds (widths x1, x2, x4 in turn, then the "
       "same from the cycle's next board) run from it, each until its boards close a cycle; each cheaper one "
       "is kept and the next tries start from it; after 6 tries without one, the tries start from the last 3 "
       "cycles in turn, each with a kick (its first board solved the 2nd-4th best way) (0 = off; with "
       "--time-limit and no --cycle-tries: as many as the time allows)")
      ("cycle-boards", po::value<int>(&settings.cycleBoards)->default_value(settings.cycleBoards),
       "boards each of those tries may take")
      ("search-boards", po::value<int>(&settings.searchBoards)->default_value(settings.searchBoards),
       "when the chain closes no cycle by its last board: chain beams go on past it (three in turn, each with "
       "another seed, a third of this many boards each) until one closes a cycle, which the aims then enter "
       "(0 = off)")
      ("threads", po::value<int>()->default_value(0),
       "worker threads (0 = all cores), 0..256; under mpirun each process's (the memory check counts the beams of "
       "every process on the machine)")
      ("seed", po::value<std::string>()->default_value("0"),
       "tie-break salt, 0..2^64-1 (0 = by hash). Under mpirun -np K the chain phase is a portfolio: process r "
       "runs it with seed + r*1000003 until one closes a cycle (the cheapest cycle wins) or the chain ends (the "
       "cheapest chain wins)")
      ("time-limit", po::value<double>()->default_value(0),
       "a budget of SEC seconds (0 = none), table included. Until a cycle is found: the chain stops early "
       "enough for the boards it has not reached to be solved fast (one chain, no look-ahead) within the budget, "
       "so the entry has every board; the checkpoint is the chain's (--resume goes on with it exactly as if "
       "never stopped); a budget too short even for that stops after it with the chain so far. Once a cycle is found: cycle tries run while the time allows, leaving 15% (10..120 s) "
       "for the aims, no aim starts after it, and the entry is the cheapest chain found")
      ("resume", "continue from FILE.partial (it must exist)")
      ("restart", "discard an existing FILE.partial and start afresh (never one a running solve holds)")
      ("force", "replace an existing FILE (without it, or --keep-better or --resume, an existing FILE is refused)")
      ("keep-better", "if FILE exists (a valid entry): write the new entry only if it ranks better by the rules' "
       "ranking and its tie-breaks (as `nugget compare`), else keep FILE; say which was kept")
      ("trim", "write the best-ranked prefix of at least 20 boards")
      ("json", "print a JSON summary line at the end (see above)")
      ("quiet", "no progress output");
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;

    // Every argument is checked before any work starts.
    const std::string out = vm["out"].as<std::string>();
    const int threads = vm["threads"].as<int>();
    settings.timeLimit = vm["time-limit"].as<double>();
    settings.tableCache = !vm.count("no-table-cache");
    // A budget without a number of tries: as many as fit.
    if (settings.timeLimit > 0 && vm["cycle-tries"].defaulted()) settings.cycleTries = 1000;
    opt.seed = parseUnsigned("--seed", vm["seed"].as<std::string>());
    checkRange("--boards", opt.boards, jcgn::kMinBoards, jcgn::kMaxBoards);
    if (!heur::find(opt.heuristic))
      throw UsageError("unknown heuristic \"" + opt.heuristic + "\" (known: " + heur::names() + ")");
    checkRange("--beam-width", opt.beamWidth, 1, 10'000'000);
    checkRange("--endgame-depth", opt.endgameDepth, 0, 7);
    checkTableDir(settings.tableDir);
    checkRange("--candidates", opt.candidates, 1, 100'000);
    checkRange("--slack", opt.slack, 0, 10);
    checkRange("--next-weight", opt.nextWeight, 0.0, 100.0);
    checkRange("--shorten-window", opt.shortenWindow, 0, 8);
    checkRange("--lookahead", opt.lookahead, 0, 1000);
    checkRange("--lookahead-width", opt.lookaheadWidth, 1, 10'000'000);
    checkRange("--chain-beam", opt.chainBeam, 1, 1000);
    checkRange("--enter-boards", settings.enter.boards, 0, jcgn::kMaxBoards);
    checkRange("--enter-width", settings.enter.target.width, 1, 10'000'000);
    checkRange("--cycle-tries", settings.cycleTries, 0, 1000);
    checkRange("--cycle-boards", settings.cycleBoards, 2, 1000);
    checkRange("--search-boards", settings.searchBoards, 0, 10000);
    checkRange("--threads", threads, 0, 256);
    checkRange("--time-limit", settings.timeLimit, 0.0, 1e9);
    settings.repeat = !vm.count("no-repeat");
    settings.trim = vm.count("trim") > 0;
    const bool resume = vm.count("resume") > 0, restart = vm.count("restart") > 0;
    if (resume && restart) throw UsageError("--resume and --restart exclude each other");
    const bool force = vm.count("force") > 0, keepBetter = vm.count("keep-better") > 0;
    if (force && keepBetter) throw UsageError("--force and --keep-better exclude each other");

    // The outputs: the entry and its checkpoint, next to each other (rank 0's alone).
    const std::string partial = out + ".partial";
    std::unique_ptr<OutputLock> lock;  // held to the end of the run: one writer per output
    if (team.leader()) {
      if (auto p = outputProblem(out, "--out"); !p.empty()) throw UsageError(p);
      if (auto p = outputProblem(partial, "--out (its checkpoint)"); !p.empty()) throw UsageError(p);
      // The lock before anything looks at the checkpoint: a running solve's
      // checkpoint is neither resumed, nor discarded (--restart), nor its
      // temporary files removed by a second run.
      lock = std::make_unique<OutputLock>(out);
      if (!lock->held())
        throw UsageError("--out " + out + " is being written by another nugget solve (pid " +
                         (lock->holder() ? std::to_string(lock->holder()) : std::string("unknown")) + ", lock " +
                         lock->file() + "); nothing was done: wait for it to end, or stop it (it keeps its checkpoint)");
      if (!resume && !force && !keepBetter)
        if (auto p = existingProblem(out, "--out", "--force replaces it, --keep-better keeps the better-ranked entry");
            !p.empty())
          throw UsageError(p);
      if (keepBetter && fs::exists(out))
        if (const jcgn::Verdict old = verifyPath(out); !old.ok)
          throw UsageError("--keep-better: " + out + " is not an entry to compare with (" + verdictMessage(old, out) +
                           "); --force replaces it");
      const bool havePartial = fs::exists(partial);
      if (resume && !havePartial)
        throw UsageError("--resume: there is no checkpoint " + partial +
                         (fs::exists(out) ? " (" + out + " is a finished entry; it is left as it is)"
                                          : " (start without --resume)"));
      if (!resume && havePartial && !restart)
        throw UsageError(partial + " is the checkpoint of an unfinished solve: --resume continues it, "
                         "--restart discards it and starts afresh");
      for (const std::string& f : {out, partial})
        for (const std::string& stale : removeStaleTemporaries(f))
          std::cerr << "note: removed " << stale << " (a write cut short by an earlier run that was killed)\n";
    }

    // Several processes on one machine share one mapping of the table file;
    // a process alone reads it into huge pages (faster lookups).
    settings.tableHugePages = session.processesHere() == 1;

    // Memory guard (solve::memoryNeed): the table once a machine, the beams
    // of every process of the job on this machine, before any work.
    {
      const double gib = 1024.0 * 1024 * 1024;
      const solve::MemoryNeed need =
          solve::memoryNeed(settings, threads, int(std::thread::hardware_concurrency()), session.processesHere());
      const double have = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
      if (have > 0 && need.total() > 0.9 * have) {
        char msg[600];
        if (need.processes > 1)
          std::snprintf(msg, sizeof msg,
                        "these settings need about %.1f GB on this machine (endgame table %.1f GB%s; beams "
                        "%.1f GB a process x %d processes here); this machine has %.1f GB: lower "
                        "--beam-width/--chain-beam/--enter-width (or --threads), --endgame-depth, or start fewer "
                        "processes a machine",
                        need.total() / gib, need.table / gib, need.tableBuilt ? " while it is built, once" : ", cached",
                        need.beamsPerProcess / gib, need.processes, have / gib);
        else
          std::snprintf(msg, sizeof msg,
                        "these settings need about %.1f GB (endgame table %.1f GB%s, beams %.1f GB); "
                        "this machine has %.1f GB: lower --endgame-depth or --beam-width/--chain-beam",
                        need.total() / gib, need.table / gib, need.tableBuilt ? " while it is built" : ", cached",
                        need.beamsPerProcess / gib, have / gib);
        // Every process of this machine reaches the same verdict; the first
        // prints it and its exit ends the job (TeamSession::leave). The
        // others wait to be ended with it, so the message is said once.
        if (session.rankHere() > 0) std::this_thread::sleep_for(std::chrono::seconds(30));
        throw UsageError(msg);
      }
    }
    const bool quiet = vm.count("quiet") > 0 || !team.leader();  // one process prints
    const bool tty = isatty(STDERR_FILENO);
    solve::PipelineEvents ev;
    // What the last checkpoint says is final: the chain beam's boards are
    // final once committed (every live chain shares them); the pending ones
    // may still change, so progress shows them as provisional.
    struct Final {
      int boards = 0;
      long moves = 0;
      int lastMoves = 0;
    } final;
    ev.checkpoint = [&](const solve::Checkpoint& cp) {
      writeAtomically(partial, solve::formatCheckpoint(cp));
      final = {cp.entry.boards.empty() ? 0 : static_cast<int>(cp.entry.boards.size()), cp.entry.totalMoves(),
               cp.entry.boards.empty() ? 0 : static_cast<int>(cp.entry.boards.back().moves.size())};
    };
    if (!quiet) {
      ev.resumed = [&](int boards) { std::cerr << "resuming after board " << boards << " of " << opt.boards << '\n'; };
      ev.tableBuilding = [](int depth) { std::cerr << "endgame table (depth " << depth << "): opening\n"; };
      ev.tableProgress = [](const std::string& line) { std::cerr << line << '\n'; };
      ev.tableBuilt = [](size_t layouts, double s) {
        std::cerr << "endgame table: " << layouts << " layouts, " << clock(s) << '\n';
      };
      ev.resumedInCycle = [] {
        std::cerr << "the checkpoint's last board closes a cycle: going on with the cycle tries\n";
      };
      ev.resumedTries = [](int done, size_t kept) {
        std::cerr << done << " cycle tries were done, " << kept << " cycles kept\n";
      };
      ev.board = [&](const solve::BoardDone& b) {
        const double perBoard = b.seconds / std::max(b.solvedHere, 1);
        // The figures of boards whose moves are final; with --chain-beam > 1
        // the best live chain's boards past the committed ones are marked
        // provisional (the entry may hold other moves for them), and the
        // running mean is over the final boards only.
        char figures[160];
        if (opt.chainBeam <= 1)
          std::snprintf(figures, sizeof figures, "%d moves, mean %.3f", b.lastMoves, b.mean);
        else if (final.boards >= b.board)
          std::snprintf(figures, sizeof figures, "%d moves, mean %.3f", final.lastMoves,
                        double(final.moves) / final.boards);
        else if (b.lastMoves == 0)  // nothing pending: every board is committed, b.mean is theirs
          std::snprintf(figures, sizeof figures, "all boards final, mean %.3f", b.mean);
        else if (final.boards == 0)
          std::snprintf(figures, sizeof figures, "%d moves (provisional), no board final yet", b.lastMoves);
        else
          std::snprintf(figures, sizeof figures, "%d moves (provisional), mean %.3f over %d final board%s",
                        b.lastMoves, double(final.moves) / final.boards, final.boards, final.boards == 1 ? "" : "s");
        char line[320];
        std::snprintf(line, sizeof line, "board %d/%d: %s, %.2fM nodes/s, elapsed %s, ETA %s", b.board, b.boards,
                      figures, b.generated / b.seconds / 1e6, clock(b.seconds).c_str(),
                      clock(perBoard * (b.boards - b.board)).c_str());
        if (tty) {
          const int width = 24, filled = width * b.board / b.boards;
          std::cerr << "\r[" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << line
                    << "\x1b[K" << std::flush;
        } else {
          std::cerr << line << '\n';
        }
      };
      if (tty) ev.chainDone = [] { std::cerr << '\n'; };
      ev.cycleClosed = [](const solve::CycleClosed& c) {
        std::cerr << "board " << c.nextBoard << " would start as board " << c.cycle.first << " did"
                  << (c.cycle.symmetry ? " (an image under symmetry " + std::to_string(c.cycle.symmetry) + ")" : "")
                  << ": the cycle of " << c.cycle.period << " boards (" << c.cycle.moves << " moves, mean " << c.cycle.mean()
                  << ") is played again to board " << c.boards << '\n';
      };
      ev.finishingFast = [](const solve::FinishingFast& f) {
        std::cerr << "time budget: boards " << f.firstBoard << ".." << f.boards
                  << " solved fast to finish the entry (one chain, no look-ahead, ~" << std::fixed
                  << std::setprecision(2) << f.secondsPerBoard << std::defaultfloat << std::setprecision(6)
                  << " s a board; " << clock(f.seconds) << ")\n";
      };
      ev.searching = [](int boards, double s) {
        std::cerr << "no cycle within the chain: searching past its last board (at most " << boards << " boards, "
                  << clock(s) << ")\n";
      };
      ev.searched = [](const solve::CycleBoards& c, double s) {
        std::cerr << "cycle of " << c.boards.size() << " boards found " << c.lead.size()
                  << " boards past the chain, mean " << c.mean() << " (" << clock(s) << ")\n";
      };
      ev.cycleTry = [&](const solve::CycleTry& t, double s) {
        std::cerr << "cycle try " << t.index << "/" << settings.cycleTries << " (seed " << t.seed << ", width " << t.width
                  << ", from cycle " << t.source.cycle + 1 << " board " << t.source.board + 1
                  << (t.source.kick ? ", kick " + std::to_string(t.source.kick) : std::string()) << "): ";
        if (t.found)
          std::cerr << "cycle of " << t.found->boards.size() << " boards after " << t.found->lead.size() << ", mean "
                    << t.found->mean()
                    << (t.cheaper ? " (cheaper, kept)" : t.kept ? " (as cheap, another cycle: kept)" : "");
        else if (t.cut)
          std::cerr << "cut short (time budget or stop)";
        else
          std::cerr << "no cycle within " << settings.cycleBoards << " boards";
        std::cerr << " (" << clock(s) << ")\n";
      };
      ev.entering = [](size_t i, double mean, int width) {
        std::cerr << "entering cycle " << i + 1 << " of the path (mean " << mean << "), width " << width << '\n';
      };
      ev.aimed = [](int j, int k, int moves, double s) {
        std::cerr << "  board " << j << " aimed at the end of cycle board " << k << ": "
                  << (moves < 0 ? std::string("not found") : std::to_string(moves) + " moves") << " (" << clock(s)
                  << ")\n";
      };
      ev.cheaper = [](long before, long after, double mean) {
        std::cerr << "cheaper chain: " << before << " -> " << after << " moves, mean " << mean << '\n';
      };
    }

    // The chain phase's node count, for the --json summary.
    uint64_t nodes = 0;
    ev.board = [&nodes, shown = ev.board](const solve::BoardDone& b) {
      nodes = b.generated;
      if (shown) shown(b);
    };
    const bool json = vm.count("json") > 0;
    const auto t0 = std::chrono::steady_clock::now();

    solve::Pipeline pipeline(settings, ev, team);
    std::string summaryKept;  // --keep-better's verdict, for --json
    auto summary = [&](const solve::Outcome& o) {
      if (!json) return;
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      SolveSummary sum = summarise(pipeline, o, out, partial, s, nodes);
      sum.kept = summaryKept;
      if (summaryKept == "existing") sum.written = false;
      std::cout << solveSummaryJson(sum) << '\n';
    };
    if (resume) {
      // Verified like any entry, and from the same settings (otherwise the
      // result would differ from a fresh run).
      try {
        // Rank 0 reads it for the team: the others parse the same bytes.
        pipeline.resume(solve::parseCheckpoint(team.broadcast(team.leader() ? solve::readCheckpointText(partial) : "")));
      } catch (const solve::CheckpointError& e) {
        throw UsageError("checkpoint " + e.message(partial));
      }
    }
    if (restart && team.leader()) fs::remove(partial);  // asked for; from here on the run is a fresh one

    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
    gRunning = &pipeline;
    catchStopSignals();
    solve::Outcome outcome;
    try {
      outcome = pipeline.run();
    } catch (const solve::CheckpointError& e) {
      throw UsageError("checkpoint " + e.message(partial));
    }
    gRunning = nullptr;

    const bool byTime = outcome.stop == solve::Stop::TimeLimit;
    const bool bySignal = outcome.stop == solve::Stop::Requested;
    if (!team.leader()) return bySignal ? kExitInterrupted : outcome.text.empty() ? kExitInvalid : kExitOk;
    const std::string signalName = gSignal == SIGTERM ? "SIGTERM" : "SIGINT";
    auto howToResume = [&] { return "continue with:\n  " + resumeCommand(argc, argv) + "\n"; };
    if (outcome.text.empty()) {
      summary(outcome);
      if (bySignal) {
        if (outcome.resumable())
          std::cerr << "solve: stopped by " << signalName << " after " << outcome.chain.boards.size()
                    << " boards; checkpoint kept in " << partial << "; " << howToResume();
        else
          std::cerr << "solve: stopped by " << signalName << " before the first board was solved; nothing to resume\n";
        return kExitInterrupted;
      }
      std::cerr << "solve: stopped by the time limit after " << outcome.chain.boards.size()
                << " boards (20 needed); checkpoint kept in " << partial << '\n';
      return kExitInvalid;
    }
    // --keep-better: the entry on disk (if any, read again now) against the
    // new one, by jcgn::compare (the ranking `nugget compare` uses).
    std::string keptLine;
    if (keepBetter && fs::exists(out)) {
      const jcgn::Verdict old = verifyPath(out);
      if (!old.ok)
        throw UsageError("--keep-better: " + out + " changed during the run and is no entry now (" +
                         verdictMessage(old, out) + "); the new entry is not written, " + partial +
                         " is kept (--resume --force writes it)");
      std::string criterion;
      const int c = jcgn::compare(outcome.verdict.entry.movesPerBoard(), old.entry.movesPerBoard(), &criterion);
      char means[96];
      std::snprintf(means, sizeof means, "mean %.4f against %.4f", outcome.verdict.mean(), old.mean());
      if (c < 0) {
        keptLine = "kept the new entry: it ranks better than the one it replaced (" + criterion + "; " + means + ")";
        summaryKept = "new";
      } else {
        keptLine = "kept " + out + ", the entry on disk: the new one " +
                   (c == 0 ? std::string("ties with it") : "ranks worse (" + criterion + ")") + " (" + means +
                   "); the new entry was not written";
        summaryKept = "existing";
      }
    }
    if (summaryKept == "existing") {
      if (outcome.stop == solve::Stop::None) fs::remove(partial);
      (json ? std::cerr : std::cout) << keptLine << '\n';
      summary(outcome);
      return bySignal ? kExitInterrupted : kExitOk;
    }
    // Without --force, --keep-better or --resume the entry never replaces a
    // file (one that appeared during the run included).
    writeAtomically(out, outcome.text, nullptr, force || keepBetter || resume);
    if (outcome.stop == solve::Stop::None) fs::remove(partial);  // else --resume can go on from it
    if (!keptLine.empty()) (json ? std::cerr : std::cout) << keptLine << '\n';
    (json ? std::cerr : std::cout) << "wrote " << out << ": " << outcome.verdict.message(out)
              << (byTime && outcome.fastFrom ? " (time budget: boards " + std::to_string(outcome.fastFrom) +
                                                   ".. solved fast; --resume continues the chain from " + partial + ")"
                  : byTime ? " (stopped by --time-limit; --resume continues from " + partial + ")"
                           : "")
              << (bySignal ? " (stopped by " + signalName + "; --resume continues from " + partial + ")" : "")
              << (outcome.trimmed ? " (trimmed to the best-ranked prefix)" : "") << '\n';
    summary(outcome);
    if (bySignal) {
      std::cerr << "solve: stopped by " << signalName << "; checkpoint kept in " << partial << "; " << howToResume();
      return kExitInterrupted;
    }
    return kExitOk;
  }));
}
