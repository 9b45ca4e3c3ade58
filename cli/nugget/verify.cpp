// nugget verify FILE [--json]
#include <iostream>

#include "commands.h"
#include "common.h"

using namespace nugget;
using namespace nugget::cli;

int runVerify(int argc, char** argv) {
  return guarded("verify", [&] {
    CommandLine cl("verify", "nugget verify FILE [--json]",
                   "Replays a jcgn-1 entry strictly from board 1: every move legal with the right p,\n"
                   "every board solved, every final line matching, 20..200 boards, at most 99 moves\n"
                   "a board. Prints `valid: N boards, T moves, mean M` (exit 0) or `FILE:LINE: reason`\n"
                   "(exit 1). FILE \"-\" reads standard input. Rules: docs/RULES.md section 1.");
    cl.files = "reads: FILE, a jcgn-1 entry (docs/formats/jcgn-1.md; a sample: examples/nugget/entry-20.jcgn): a regular\n"
               "file (a FIFO, a device, a directory is refused) or \"-\", of at most 16 MiB, 100,000 lines of at most\n"
               "4096 characters, no NUL byte; past a bound it stops reading at once (FILE:LINE: reason)";
    cl.exits = "0 valid; 1 invalid (FILE:LINE: reason); 2 bad usage";
    bool json = false;
    OptionTable table;
    table.flag("json", json, "print a JSON object {ok, boards, moves, mean, line, reason}");
    cl.hidden.add_options()("file", po::value<std::string>(), "jcgn-1 file");
    cl.positional.add("file", 1);
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm, table)) return kExitOk;
    if (!vm.count("file")) throw UsageError("FILE missing");
    const std::string path = vm["file"].as<std::string>();
    const jcgn::Verdict v = verifyPath(path);
    if (json) {
      std::cout << Json()
                       .add("ok", v.ok)
                       .add("boards", v.boards())
                       .add("moves", v.entry.totalMoves())
                       .add("mean", v.mean(), 4)
                       .add("line", v.line)
                       .add("reason", v.reason)
                       .str()
                << '\n';
    } else {
      (v.ok ? std::cout : std::cerr) << verdictMessage(v, path) << '\n';
    }
    return v.ok ? kExitOk : kExitInvalid;
  });
}
