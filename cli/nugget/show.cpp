// nugget show [--start "..."] [--face A|B] [--moves "..."] [FILE [--board K] [--from-start] [--step]]
//             [--svg OUT.svg] [--no-color]
#include <iostream>

#include "commands.h"
#include "nugget/checkpoint.h"  // solve::formatMoves, the one writer of a move list
#include "common.h"
#include "output.h"
#include "text/file.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

// One picture to draw: its heading and the board.
struct Frame {
  std::string heading;
  Board board;
};

// A board of an entry file: where it starts, the moves that replay, and
// (for a file that fails verification) why the file stops after them.
struct FileBoard {
  int index = 0;
  Board start;
  std::vector<Move> moves;
  int total = 0;     // moves the file gives for this board (more than moves.size() when it stops inside)
  std::string stop;  // "" or "FILE:LINE: reason" when the file stops after these moves
};

// Line `lineNo` (1-based) of a file, "" when it cannot be read.
std::string lineOf(const std::string& path, int lineNo) {
  std::string bytes;
  try {
    bytes = text::readTextFile(path);  // bounded, regular files only (text/file.h)
  } catch (const text::ReadError&) {
    return "";
  }
  const auto lines = text::splitLines(bytes);
  return lineNo >= 1 && static_cast<size_t>(lineNo) <= lines.size() ? std::string(lines[static_cast<size_t>(lineNo - 1)]) : "";
}

// The boards of a verified (or partly verified) file that can be drawn: every
// board the verifier accepted, and for a file that fails on a board line the
// board it fails in, up to its first bad move (replayed as the verifier does:
// full notation, each legal).
std::vector<FileBoard> drawableBoards(const std::string& path, const jcgn::Verdict& v) {
  std::vector<FileBoard> out;
  jcgn::Entry before;
  for (const auto& rec : v.entry.boards) {
    FileBoard b{static_cast<int>(out.size()) + 1, jcgn::nextStart(before), rec.moves, static_cast<int>(rec.moves.size()), ""};
    before.boards.push_back(rec);
    out.push_back(std::move(b));
  }
  if (v.ok) return out;
  const std::string where = verdictMessage(v, path);
  const std::string line = v.line > 0 && path != "-" ? lineOf(path, v.line) : "";
  const auto tok = jcgn::fields(line);
  if (tok.size() >= 4 && tok[0] == "board" && jcgn::parseInt(tok[1], 1, jcgn::kMaxBoards) == v.boards() + 1) {
    FileBoard b{v.boards() + 1, jcgn::nextStart(before), {}, static_cast<int>(tok.size()) - 4, where};
    Board at = b.start;
    for (size_t i = 4; i < tok.size(); ++i) {
      auto text = parseMove(tok[i]);
      Move m;
      if (!text || !text->p || at.play(*text, &m)) break;
      b.moves.push_back(m);
    }
    out.push_back(std::move(b));
  } else if (!out.empty()) {
    out.back().stop = where;  // e.g. its final line does not match
  }
  return out;
}

}  // namespace

int runShow(int argc, char** argv) {
  return guarded("show", [&] {
    CommandLine cl("show",
                   "nugget show [--start \"t1 ... t49\"] [--face A|B] [--moves \"...\"] [--step]\n"
                   "  or:  nugget show FILE [--board K] [--from-start] [--step] [--moves \"...\"]\n"
                   "  (either form: [--svg OUT.svg] [--no-color | --color])",
                   "Draws a board with its 28 force-point labels: tiles on their colour (ANSI colours\n"
                   "when standard output is a terminal), or with a colour letter after the number\n"
                   "('.' = white) without colours.\n"
                   "Without FILE: the position of --start/--face (default board 1), after --moves.\n"
                   "With FILE (a jcgn-1 entry, verified first): the final position of board K (default:\n"
                   "the last); --from-start: board K's start and its moves; --step: board K's start,\n"
                   "then the board after each of its moves (and of --moves). A FILE that fails\n"
                   "verification is drawn up to its first bad move: the boards before it, and the\n"
                   "board it fails in after its last good move (the default K); where the file stops\n"
                   "and why is printed (FILE:LINE: reason), and the exit code is then 1.\n"
                   "--svg writes the last picture drawn as an SVG file.");
    cl.files = "reads: FILE, a jcgn-1 entry (docs/formats/jcgn-1.md), \"-\" for standard input\n"
               "writes: --svg OUT.svg, an SVG 1.1 picture (written atomically; checked before drawing; an existing\n"
               "OUT.svg is refused, exit 2, unless --force)";
    cl.exits = "0 drawn; 1 FILE is invalid (drawn up to its first bad move); 2 bad usage or an illegal\n"
               "--moves move";
    addStartOptions(cl.visible);
    cl.visible.add_options()                                                                         //
        ("moves", po::value<std::string>()->value_name("\"P 5 L\""), "play these moves before drawing")  //
        ("board", po::value<int>()->value_name("K"), "with FILE: which board to show (default: the last)")  //
        ("from-start", "with FILE: board K's start instead of its final position, and its moves")      //
        ("step", "draw the start, then the board after every move")                                   //
        ("svg", po::value<std::string>()->value_name("OUT.svg"), "also write the last picture as SVG to this file (a new file)")  //
        ("force", "replace an existing --svg file")                                                    //
        ("no-color", "never use colours")                                                              //
        ("color", "use colours even when standard output is not a terminal");
    cl.hidden.add_options()("file", po::value<std::string>(), "jcgn-1 file");
    cl.positional.add("file", 1);
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;
    if (vm.count("color") && vm.count("no-color")) throw UsageError("--color and --no-color exclude each other");
    // The picture's file is checked before anything is drawn.
    if (vm.count("svg")) {
      std::vector<std::string> inputs;
      if (vm.count("file")) inputs.push_back(vm["file"].as<std::string>());
      if (auto p = outputProblem(vm["svg"].as<std::string>(), "--svg", inputs); !p.empty()) throw UsageError(p);
      if (!vm.count("force"))
        if (auto p = existingProblem(vm["svg"].as<std::string>(), "--svg"); !p.empty()) throw UsageError(p);
    }
    const bool step = vm.count("step") > 0;

    std::vector<Frame> frames;
    std::string stop;  // why an invalid FILE stops where it does
    int rc = kExitOk;
    if (vm.count("file")) {
      if (vm.count("start") || vm.count("face")) throw UsageError("FILE excludes --start and --face");
      const std::string path = vm["file"].as<std::string>();
      const jcgn::Verdict v = verifyPath(path);
      const auto boards = drawableBoards(path, v);
      if (boards.empty()) {
        std::cerr << verdictMessage(v, path) << '\n';
        return kExitInvalid;
      }
      const int last = static_cast<int>(boards.size());
      const int k = vm.count("board") ? vm["board"].as<int>() : last;
      if (k < 1 || k > last)
        throw UsageError("--board must be in 1.." + std::to_string(last) + ", got " + std::to_string(k) +
                         (v.ok ? "" : " (" + path + " stops at board " + std::to_string(last) + ")"));
      const FileBoard& b = boards[static_cast<size_t>(k - 1)];
      const std::string name = "board " + std::to_string(k);
      const int n = static_cast<int>(b.moves.size());
      const std::string of = std::to_string(n) + (b.total == n ? "" : " of " + std::to_string(b.total));
      if (vm.count("from-start") || step) {
        frames.push_back({name + " start (" + of + " moves: " + (n ? solve::formatMoves(b.moves) : "none") + ")", b.start});
        if (step)
          for (int i = 0; i < n; ++i) {
            Board next = frames.back().board;
            next.apply(b.moves[static_cast<size_t>(i)]);
            frames.push_back({name + " move " + std::to_string(i + 1) + "/" + std::to_string(b.total) + ": " +
                                  b.moves[static_cast<size_t>(i)].full(),
                              next});
          }
      } else {
        Board end = b.start;
        for (Move m : b.moves) end.apply(m);
        frames.push_back({name + (b.total == n && b.stop.empty() ? " final (" + of + " moves)"
                                                                 : " after " + of + " moves"),
                          end});
      }
      if (!b.stop.empty()) stop = b.stop;
      if (!v.ok) rc = kExitInvalid;
      if (!v.ok && stop.empty()) stop = verdictMessage(v, path) + " (after board " + std::to_string(last) + ")";
    } else {
      if (vm.count("board") || vm.count("from-start")) throw UsageError("--board and --from-start need FILE");
      frames.push_back({"", startFromOptions(vm)});
    }
    if (vm.count("moves")) {
      std::vector<Move> played;
      Board board = frames.back().board;
      if (auto err = playMoves(board, splitWords({vm["moves"].as<std::string>()}), &played)) {
        std::cerr << "nugget show: " << *err << '\n';
        return kExitUsage;
      }
      Board at = frames.back().board;
      const std::string base = frames.back().heading;
      for (size_t i = 0; step && i < played.size(); ++i) {
        at.apply(played[i]);
        frames.push_back({"--moves " + std::to_string(i + 1) + "/" + std::to_string(played.size()) + ": " +
                              played[i].full(),
                          at});
      }
      if (!step) frames.back() = {(base.empty() ? "after " : base + ", then ") + solve::formatMoves(played), board};
    }

    const bool colour = useColour(vm.count("no-color") ? ColourMode::Never
                                  : vm.count("color")  ? ColourMode::Always
                                                       : ColourMode::Auto);
    for (size_t i = 0; i < frames.size(); ++i) {
      if (i) std::cout << '\n';
      if (!frames[i].heading.empty()) std::cout << frames[i].heading << '\n';
      std::cout << renderText(frames[i].board, colour) << describe(frames[i].board) << '\n';
    }
    if (!stop.empty()) std::cout << "the file stops here: " << stop << '\n';
    if (vm.count("svg")) {
      const std::string out = vm["svg"].as<std::string>();
      writeAtomically(out, renderSvg(frames.back().board, frames.back().heading), nullptr,
                      vm.count("force") > 0);  // WriteError: exit 2
      std::cout << "wrote " << out << '\n';
    }
    if (!stop.empty()) std::cerr << stop << '\n';
    return rc;
  });
}
