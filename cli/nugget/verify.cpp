// nugget verify FILE [--json]
#include <iostream>

#include "commands.h"
#include "common.h"

using namespace nugget;
using namespace nugget::cli;

namespace {

constexpr CommandText kVerify{
    "verify", "nugget verify FILE [--json]",
    "Replays a jcgn-1 entry strictly from board 1: every move legal with the right p,\n"
    "every board solved, every final line matching, 20..200 boards, at most 99 moves\n"
    "a board. Prints `valid: N boards, T moves, mean M` (exit 0) or `FILE:LINE: reason`\n"
    "(exit 1). FILE \"-\" reads standard input. Rules: docs/RULES.md section 1.",
    "reads: FILE, a jcgn-1 entry (docs/formats/jcgn-1.md; a sample: examples/nugget/entry-20.jcgn): a regular\n"
    "file (a FIFO, a device, a directory is refused) or \"-\", of at most 16 MiB, 100,000 lines of at most\n"
    "4096 characters, no NUL byte; past a bound it stops reading at once (FILE:LINE: reason)",
    "0 valid; 1 invalid (FILE:LINE: reason); 2 bad usage"};

struct VerifyArgs {
  bool json = false;
};

OptionTable verifyRows(VerifyArgs& a) {
  OptionTable table;
  table.flag("json", a.json, "print a JSON object {ok, boards, moves, mean, line, reason}");
  return table;
}

int verifyBody(VerifyArgs& a, const po::variables_map& vm) {
  if (!vm.count("file")) throw UsageError("FILE missing");
  const std::string path = vm["file"].as<std::string>();
  const jcgn::Verdict v = jcgn::verifyFile(path);
  if (a.json) {
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
    (v.ok ? std::cout : std::cerr) << v.message(sourceName(path)) << '\n';  // "-": "standard input:3: ..."
  }
  return v.ok ? kExitOk : kExitInvalid;
}

}  // namespace

int runVerify(int argc, char** argv) {
  return runCommand<VerifyArgs>(kVerify, argc, argv, verifyRows, verifyBody,
                                [](CommandLine& cl) { positional(cl, "file", 1, "jcgn-1 file"); });
}
