// nugget compare A B [--json]: verifies both entries and ranks them by the
// rules (jcgn::compare); the exit code says which is better.
#include <iostream>

#include "commands.h"
#include "common.h"

using namespace nugget;
using namespace nugget::cli;

namespace {
constexpr const char* kAbout =
    "Verifies both jcgn-1 entries and ranks them by the rules of docs/RULES.md section 1:\n"
    "lower mean moves per board, then more boards, then fewer moves on the last board,\n"
    "then on the board before it, and so on. Prints one line per entry, then\n"
    "`better: A (FILE), decided by CRITERION`, `better: B ...` or `equal: ...`;\n"
    "--json prints one JSON object instead:\n"
    "  {\"better\": \"A\"|\"B\"|\"equal\", \"criterion\": \"mean moves per board\",\n"
    "   \"a\": {\"file\": ..., \"boards\": N, \"moves\": T, \"mean\": M}, \"b\": {...}}\n"
    "The exit code says who wins, so that a script can keep the better entry:\n"
    "  nugget compare new.jcgn best.jcgn && cp new.jcgn best.jcgn\n"
    "(0 when A is at least as good as B, 4 when B is strictly better; 1 and 2 keep their\n"
    "meaning for every nugget command: bad data, bad usage).";
constexpr const char* kFiles = "reads: two jcgn-1 entries (docs/formats/jcgn-1.md); \"-\" reads standard input";
constexpr const char* kExits =
    "0 A ranks better than B or equal; 4 B ranks strictly better; 1 a file is invalid\n"
    "(its line and reason on standard error); 2 bad usage";
}  // namespace

int runCompare(int argc, char** argv) {
  return guarded("compare", [&] {
    CommandLine cl("compare", "nugget compare A B [--json]", kAbout, kFiles, kExits);
    bool json = false;
    OptionTable table;
    table.flag("json", json, "print the verdict as one JSON object (see above)");
    cl.hidden.add_options()("files", po::value<std::vector<std::string>>()->default_value({}, ""), "two jcgn-1 files");
    cl.positional.add("files", 2);
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm, table)) return kExitOk;
    const auto files = vm["files"].as<std::vector<std::string>>();
    if (files.size() != 2) throw UsageError("two files needed: nugget compare A B");
    if (files[0] == "-" && files[1] == "-") throw UsageError("only one of A and B can be \"-\" (standard input)");
    const char* names[2] = {"A", "B"};
    jcgn::Verdict v[2];
    bool ok = true;
    for (int i = 0; i < 2; ++i) {
      v[i] = jcgn::verifyFile(files[i]);
      if (!v[i].ok) {
        std::cerr << names[i] << " is invalid: " << v[i].message(sourceName(files[i])) << '\n';
        ok = false;
      }
    }
    if (!ok) return kExitInvalid;
    std::string criterion;
    const int r = jcgn::compare(v[0].entry.movesPerBoard(), v[1].entry.movesPerBoard(), &criterion);
    const std::string better = r < 0 ? "A" : r > 0 ? "B" : "equal";
    if (json) {
      auto side = [&](int i) {
        return Json()
            .add("file", files[i])
            .add("boards", v[i].boards())
            .add("moves", v[i].entry.totalMoves())
            .add("mean", v[i].mean(), 4)
            .str();
      };
      std::cout << Json().add("better", better).add("criterion", criterion).raw("a", side(0)).raw("b", side(1)).str()
                << '\n';
    } else {
      for (int i = 0; i < 2; ++i)
        std::cout << names[i] << ": " << files[i] << ": " << v[i].boards() << " boards, " << v[i].entry.totalMoves()
                  << " moves, mean " << formatMean(v[i].mean()) << '\n';
      if (r == 0)
        std::cout << "equal: the entries rank equal (" << criterion << ")\n";
      else
        std::cout << "better: " << better << " (" << (r < 0 ? files[0] : files[1]) << "), decided by " << criterion
                  << '\n';
    }
    return r > 0 ? kExitSecondBetter : kExitOk;
  });
}
