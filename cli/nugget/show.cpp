// nugget show [--start "..."] [--face A|B] [--moves "..."] [FILE --board K] [--svg OUT.svg] [--no-color]
#include <iostream>

#include "commands.h"
#include "common.h"
#include "output.h"

using namespace nugget;
using namespace nugget::cli;

int runShow(int argc, char** argv) {
  return guarded("show", [&] {
    CommandLine cl("show",
                   "nugget show [--start \"t1 ... t49\"] [--face A|B] [--moves \"...\"] [FILE [--board K]]\n"
                   "                   [--svg OUT.svg] [--no-color | --color]",
                   "Draws a board with its 28 force-point labels: tiles on their colour (ANSI colours\n"
                   "when standard output is a terminal), or with a colour letter after the number\n"
                   "('.' = white) without colours. With FILE the file is verified first and the final\n"
                   "position of board K (default: the last) is shown. --moves plays moves first.");
    addStartOptions(cl.visible);
    cl.visible.add_options()                                                                         //
        ("moves", po::value<std::string>()->value_name("\"P 5 L\""), "play these moves before drawing")  //
        ("board", po::value<int>()->value_name("K"), "with FILE: which board's final position to show")   //
        ("svg", po::value<std::string>()->value_name("OUT.svg"), "also write an SVG picture to this file")  //
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
    }

    Board board;
    std::string title;
    if (vm.count("file")) {
      if (vm.count("start") || vm.count("face")) throw UsageError("FILE excludes --start and --face");
      const std::string path = vm["file"].as<std::string>();
      const jcgn::Verdict v = verifyPath(path);
      if (!v.ok) {
        std::cerr << verdictMessage(v, path) << '\n';
        return kExitInvalid;
      }
      const int k = vm.count("board") ? vm["board"].as<int>() : v.boards();
      if (k < 1 || k > v.boards())
        throw UsageError("--board must be in 1.." + std::to_string(v.boards()) + ", got " + std::to_string(k));
      board = Board::fromTiles(v.entry.boards[k - 1].final, faceOfBoard(k));
      title = "board " + std::to_string(k) + " final (" + std::to_string(v.entry.boards[k - 1].moves.size()) +
              " moves)";
    } else {
      if (vm.count("board")) throw UsageError("--board needs FILE");
      board = startFromOptions(vm);
    }
    if (vm.count("moves")) {
      std::vector<Move> played;
      if (auto err = playMoves(board, splitWords({vm["moves"].as<std::string>()}), &played)) {
        std::cerr << "nugget show: " << *err << '\n';
        return kExitUsage;
      }
      title += (title.empty() ? "after " : ", then ") + movesToString(played);
    }

    const ColourMode mode =
        vm.count("no-color") ? ColourMode::Never : vm.count("color") ? ColourMode::Always : ColourMode::Auto;
    if (!title.empty()) std::cout << title << '\n';
    std::cout << renderText(board, useColour(mode)) << describe(board) << '\n';
    if (vm.count("svg")) {
      const std::string out = vm["svg"].as<std::string>();
      writeAtomically(out, renderSvg(board, title));  // WriteError: "error: cannot write ...", exit 2
      std::cout << "wrote " << out << '\n';
    }
    return kExitOk;
  });
}
