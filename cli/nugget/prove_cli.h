// `nugget prove`'s parts beyond one plain proof (cli/nugget/prove.cpp parses,
// prove_split.cpp runs): the bench (--bench), a share of a split proof and
// its checkpoint (--part, --checkpoint, --resume), and the parts combined
// (--combine). The logic is the solver's: solver/nugget/tables/prove_split.h
// and prove_bench.h.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

#include "nugget/board.h"
#include "nugget/tables/prove.h"

namespace nugget::cli {

// Everything `nugget prove` takes from its command line but the position.
struct ProveArgs {
  double budget = 0;        // 0: none
  uint64_t nodes = 0;       // 0: none
  int slack = 0, beamWidth = 1000, endgameDepth = 6, ttMb = 512, threads = 0;
  int maxBound = 99, splitDepth = 2;
  std::string tableDir;
  bool ends = false, noTableCache = false, json = false, quiet = false;
  bool bench = false, resume = false;
  std::string part = "1/1", checkpoint, combine;
  double checkpointEvery = 60;
  int partIndex = 0, parts = 1;  // --part K/N parsed (0-based)

  // The search's budget, table and split as these options give them (a
  // plain proof and a share of a split one alike).
  solve::ProveOptions searchOptions() const {
    solve::ProveOptions opt;
    opt.seconds = budget;
    opt.nodeLimit = nodes;
    opt.ttBytes = static_cast<size_t>(ttMb) << 20;
    opt.maxBound = maxBound;
    opt.splitDepth = splitDepth;
    return opt;
  }
};

// --bench: the fixed proofs, a line each, then `Bench: N`.
int runProveBench(const ProveArgs& a);
// --combine FILE,FILE,...: the parts' checkpoints combined.
int runProveCombine(const ProveArgs& a);
// --part, --checkpoint, --resume: one share of the proof, its checkpoint kept.
int runProveShare(const ProveArgs& a, const Board& start, const std::atomic<bool>& stop);
// --part K/N into a.partIndex, a.parts (UsageError when malformed).
void parsePart(ProveArgs& a);

}  // namespace nugget::cli
