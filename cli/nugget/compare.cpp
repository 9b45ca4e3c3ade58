// nugget compare A B
#include <iostream>

#include "commands.h"
#include "common.h"

using namespace nugget;
using namespace nugget::cli;

int runCompare(int argc, char** argv) {
  return guarded("compare", [&] {
    CommandLine cl("compare", "nugget compare A B",
                   "Verifies both jcgn-1 entries and ranks them by the rules of RULES.md: lower mean\n"
                   "moves per board, then more boards, then fewer moves on the last board, then on\n"
                   "the board before it, and so on. Exit 0 after a ranking, 1 if a file is invalid.");
    cl.hidden.add_options()("files", po::value<std::vector<std::string>>()->default_value({}, ""), "two jcgn-1 files");
    cl.positional.add("files", 2);
    po::variables_map vm;
    if (!cl.parse(argc, argv, vm)) return kExitOk;
    const auto files = vm["files"].as<std::vector<std::string>>();
    if (files.size() != 2) throw UsageError("two files needed: nugget compare A B");
    const char* names[2] = {"A", "B"};
    jcgn::Verdict v[2];
    bool ok = true;
    for (int i = 0; i < 2; ++i) {
      v[i] = verifyPath(files[i]);
      if (!v[i].ok) {
        std::cerr << names[i] << " is invalid: " << verdictMessage(v[i], files[i]) << '\n';
        ok = false;
      }
    }
    if (!ok) return kExitInvalid;
    for (int i = 0; i < 2; ++i)
      std::cout << names[i] << ": " << files[i] << ": " << v[i].boards() << " boards, " << v[i].entry.totalMoves()
                << " moves, mean " << formatMean(v[i].mean()) << '\n';
    std::string criterion;
    const int r = jcgn::compare(v[0].entry.movesPerBoard(), v[1].entry.movesPerBoard(), &criterion);
    if (r == 0)
      std::cout << "tie: the entries rank equal (" << criterion << ")\n";
    else
      std::cout << "better: " << (r < 0 ? "A" : "B") << " (" << (r < 0 ? files[0] : files[1]) << "), decided by "
                << criterion << '\n';
    return kExitOk;
  });
}
