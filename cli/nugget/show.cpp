// nugget show [--start "..."] [--face A|B] [--moves "..."] [FILE [--board K] [--from-start] [--step]]
//             [--svg OUT.svg] [--no-color]: the pictures to draw (frames) from
// the start or from an entry file, the moves played on them, then the
// frames drawn in the terminal and the last as SVG.
#include <climits>
#include <iostream>

#include "commands.h"
#include "nugget/jcgn.h"  // jcgn::formatMoves, the one writer of a move list
#include "common.h"
#include "nugget/board_svg.h"
#include "nugget/board_text.h"
#include "output.h"
#include "text/file.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

constexpr const char* kSynopsis =
    "nugget show [--start \"t1 ... t49\"] [--face A|B] [--moves \"...\"] [--step]\n"
    "  or:  nugget show FILE [--board K] [--from-start] [--step] [--moves \"...\"]\n"
    "  (either form: [--svg OUT.svg] [--no-color | --color])";
constexpr const char* kAbout =
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
    "--svg writes the last picture drawn as an SVG file.";
constexpr const char* kFiles =
    "reads: FILE, a jcgn-1 entry (docs/formats/jcgn-1.md), \"-\" for standard input\n"
    "writes: --svg OUT.svg, an SVG 1.1 picture (written atomically; checked before drawing; an existing\n"
    "OUT.svg is refused, exit 2, unless --force)";
constexpr const char* kExits =
    "0 drawn; 1 FILE is invalid (drawn up to its first bad move); 2 bad usage or an illegal\n"
    "--moves move";

// Everything `nugget show` takes from its command line but --start/--face.
struct ShowArgs {
  std::string moves, svg, file;
  int board = 0;  // --board K (0: not given)
  bool fromStart = false, step = false, force = false, noColor = false, color = false;
  bool hasSvg = false, hasFile = false;  // --svg, FILE given (even as "")
};

OptionTable showRows(ShowArgs& a) {
  OptionTable t;
  t.text("moves", a.moves, "play these moves before drawing").valueName("\"P 5 L\"")
   .integer("board", a.board, INT_MIN, INT_MAX, "with FILE: which board to show (default: the last)")
      .valueName("K").noDefault()
   .flag("from-start", a.fromStart, "with FILE: board K's start instead of its final position, and its moves")
   .flag("step", a.step, "draw the start, then the board after every move")
   .text("svg", a.svg, "also write the last picture as SVG to this file (a new file)").valueName("OUT.svg")
   .flag("force", a.force, "replace an existing --svg file")
   .flag("no-color", a.noColor, "never use colours")
   .flag("color", a.color, "use colours even when standard output is not a terminal");
  return t;
}

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

// The boards of a verified (or partly verified) file that can be drawn
// (jcgn::replayedBoards): every board the verifier accepted, and for a file
// that fails on a board line the board it fails in, up to its first bad
// move. The last of them says where and why the file stops.
std::vector<FileBoard> drawableBoards(const std::string& path, const jcgn::Verdict& v) {
  const std::string line = !v.ok && v.line > 0 && path != "-" ? lineOf(path, v.line) : "";
  std::vector<FileBoard> out;
  for (auto& b : jcgn::replayedBoards(v, line))
    out.push_back({static_cast<int>(out.size()) + 1, b.start, std::move(b.moves), b.total, ""});
  if (!v.ok && !out.empty()) out.back().stop = v.message(sourceName(path));  // e.g. its final line does not match
  return out;
}

// What is drawn: the frames, why an invalid FILE stops where it does, and
// the exit code that says so.
struct Drawing {
  std::vector<Frame> frames;
  std::string stop;
  int rc = kExitOk;
};

// Board K of a file as frames: its final position, or (--from-start,
// --step) its start and, with --step, the board after each of its moves.
void addBoardFrames(const FileBoard& b, int k, const ShowArgs& a, std::vector<Frame>& frames) {
  const std::string name = "board " + std::to_string(k);
  const int n = static_cast<int>(b.moves.size());
  const std::string of = std::to_string(n) + (b.total == n ? "" : " of " + std::to_string(b.total));
  if (!a.fromStart && !a.step) {
    Board end = b.start;
    for (Move m : b.moves) end.apply(m);
    frames.push_back(
        {name + (b.total == n && b.stop.empty() ? " final (" + of + " moves)" : " after " + of + " moves"), end});
    return;
  }
  frames.push_back({name + " start (" + of + " moves: " + (n ? jcgn::formatMoves(b.moves) : "none") + ")", b.start});
  if (!a.step) return;
  for (int i = 0; i < n; ++i) {
    Board next = frames.back().board;
    next.apply(b.moves[static_cast<size_t>(i)]);
    frames.push_back({name + " move " + std::to_string(i + 1) + "/" + std::to_string(b.total) + ": " +
                          b.moves[static_cast<size_t>(i)].full(),
                      next});
  }
}

// The frames of FILE (verified first): board K's, and where an invalid file
// stops. No frame (and exit 1) when the file has no board to draw.
Drawing fileFrames(const ShowArgs& a, const po::variables_map& vm) {
  if (vm.count("start") || vm.count("face")) throw UsageError("FILE excludes --start and --face");
  const std::string& path = a.file;
  const jcgn::Verdict v = jcgn::verifyFile(path);
  const auto boards = drawableBoards(path, v);
  Drawing d;
  if (boards.empty()) {
    std::cerr << v.message(sourceName(path)) << '\n';
    d.rc = kExitInvalid;
    return d;
  }
  const int last = static_cast<int>(boards.size());
  const int k = vm.count("board") ? a.board : last;
  if (k < 1 || k > last)
    throw UsageError("--board must be in 1.." + std::to_string(last) + ", got " + std::to_string(k) +
                     (v.ok ? "" : " (" + path + " stops at board " + std::to_string(last) + ")"));
  const FileBoard& b = boards[static_cast<size_t>(k - 1)];
  addBoardFrames(b, k, a, d.frames);
  if (!b.stop.empty()) d.stop = b.stop;
  if (!v.ok) d.rc = kExitInvalid;
  if (!v.ok && d.stop.empty()) d.stop = v.message(sourceName(path)) + " (after board " + std::to_string(last) + ")";
  return d;
}

// --moves played on the last frame: one frame after each (--step), or the
// last frame replaced by the board after them all. False (the message
// printed) when a move is bad or illegal.
bool playOnLastFrame(const ShowArgs& a, std::vector<Frame>& frames) {
  std::vector<Move> played;
  Board board = frames.back().board;
  if (auto err = playMoves(board, splitWords({a.moves}), &played)) {
    std::cerr << "nugget show: " << *err << '\n';
    return false;
  }
  Board at = frames.back().board;
  const std::string base = frames.back().heading;
  for (size_t i = 0; a.step && i < played.size(); ++i) {
    at.apply(played[i]);
    frames.push_back(
        {"--moves " + std::to_string(i + 1) + "/" + std::to_string(played.size()) + ": " + played[i].full(), at});
  }
  if (!a.step) frames.back() = {(base.empty() ? "after " : base + ", then ") + jcgn::formatMoves(played), board};
  return true;
}

// The frames on standard output, then where the file stops, then the SVG.
void draw(const ShowArgs& a, const Drawing& d) {
  const bool colour = useColour(a.noColor ? ColourMode::Never : a.color ? ColourMode::Always : ColourMode::Auto);
  for (size_t i = 0; i < d.frames.size(); ++i) {
    if (i) std::cout << '\n';
    if (!d.frames[i].heading.empty()) std::cout << d.frames[i].heading << '\n';
    std::cout << renderText(d.frames[i].board, colour) << describe(d.frames[i].board) << '\n';
  }
  if (!d.stop.empty()) std::cout << "the file stops here: " << d.stop << '\n';
  if (a.hasSvg) {
    writeAtomically(a.svg, renderSvg(d.frames.back().board, d.frames.back().heading), nullptr,
                    a.force);  // WriteError: exit 2
    std::cout << "wrote " << a.svg << '\n';
  }
  if (!d.stop.empty()) std::cerr << d.stop << '\n';
}

// The picture's file is checked before anything is drawn.
void checkSvg(const ShowArgs& a) {
  if (!a.hasSvg) return;
  std::vector<std::string> inputs;
  if (a.hasFile) inputs.push_back(a.file);
  if (auto p = outputProblem(a.svg, "--svg", inputs); !p.empty()) throw UsageError(p);
  if (!a.force)
    if (auto p = existingProblem(a.svg, "--svg"); !p.empty()) throw UsageError(p);
}

// The command on its parsed arguments.
int showBody(ShowArgs& a, const po::variables_map& vm) {
  a.hasSvg = vm.count("svg") > 0;
  a.hasFile = vm.count("file") > 0;
  if (a.hasFile) a.file = vm["file"].as<std::string>();
  if (a.color && a.noColor) throw UsageError("--color and --no-color exclude each other");
  checkSvg(a);
  Drawing d;
  if (a.hasFile) {
    d = fileFrames(a, vm);
    if (d.frames.empty()) return d.rc;
  } else {
    if (vm.count("board") || a.fromStart) throw UsageError("--board and --from-start need FILE");
    d.frames.push_back({"", startFromOptions(vm)});
  }
  if (vm.count("moves") && !playOnLastFrame(a, d.frames)) return kExitUsage;
  draw(a, d);
  return d.rc;
}

void showOptions(CommandLine& cl) {
  withStart(cl);
  positional(cl, "file", 1, "jcgn-1 file");
}

}  // namespace

int runShow(int argc, char** argv) {
  return runCommand<ShowArgs>({"show", kSynopsis, kAbout, kFiles, kExits}, argc, argv, showRows, showBody,
                              showOptions);
}
