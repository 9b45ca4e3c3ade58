// What the nugget commands write: files (entries, checkpoints, SVG
// pictures), checked before any work and written atomically in their own
// folder; and the one-line JSON objects of --json.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "common/json.h"
#include "text/lock.h"
#include "text/write.h"

namespace nugget::cli {

// Why `path` cannot be written as an output of option `option` ("--out"),
// or "" when it can: its folder must exist and be writable (tried by
// creating and removing a file there), it must not be a directory, and it
// must not be the same file as any of `inputs`. Run before any work, so a
// long solve never fails at its end for a reason known at its start.
std::string outputProblem(const std::string& path, const std::string& option,
                          const std::vector<std::string>& inputs = {});

// "OPTION PATH: exists (REMEDY)" when something is at `path`, else "":
// no command replaces an existing file unless told to (--force).
std::string existingProblem(const std::string& path, const std::string& option,
                            const std::string& remedy = "--force replaces it");

// A failed write: the message names the file and the system's reason.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The write(2) the writer uses; tests pass one that fails like a full disk.
using text::WriteFn;

// Writes `text` to a new temporary file in path's own folder (so the rename
// cannot cross file systems), flushes it to disk, then renames it over
// `path` (replace) or links it to `path` (!replace: fails with WriteError
// if `path` exists by then, so nothing is clobbered). On any failure the
// temporary file is removed, `path` is left as it was (a previous
// checkpoint stays intact) and WriteError is thrown.
void writeAtomically(const std::string& path, const std::string& text, WriteFn write = nullptr, bool replace = true);

// A killed write's temporaries removed, and one writer per output
// (engine/text/write.h, lock.h): what `nugget solve` does before its first
// write.
using text::OutputLock;
using text::removeStaleTemporaries;

// ------------------------------------------------------------ JSON
// The tools' one JSON writer (cli/common/json.h).
using ::cli::Json;

// ------------------------------------------------------------ solve --json
// What `nugget solve --json` prints at its end (one line on standard output,
// whatever the outcome), filled by solve.cpp from the pipeline's outcome.
struct SolveSummary {
  std::string out;         // the entry's path (--out)
  bool written = false;    // an entry was written (false: fewer than 20 boards, nothing written)
  std::string stop;        // "finished", "time-limit" or "signal"
  int boards = 0;          // of the entry written (or of the chain so far when none was)
  long moves = 0;
  double mean = 0;
  bool trimmed = false;    // --trim wrote fewer boards than were solved
  double seconds = 0;      // wall time of the run, table included
  unsigned long long nodes = 0;  // beam children evaluated by the chain phase of this run
  std::string checkpoint;  // the checkpoint kept for --resume ("" when none is left)
  int fastFrom = 0;        // the time budget's fast finish solved boards fastFrom..N (0: none)
  std::string kept;        // --keep-better with an entry on disk: "new" (written) or "existing" ("": not asked)
  // The cycle the chain closed (see solver/nugget/cycles/cycle.h), when it closed one.
  bool cycle = false;
  int cycleFirst = 0, cyclePeriod = 0, cycleSymmetry = 0;
  long cycleMoves = 0;
  int cyclesOnPath = 0;       // cycles kept by the cycle tries (the closed one included)
  double cheapestCycleMean = 0;
};
// {"out": ..., "written": true, "stop": "finished", "boards": 200, "moves": 3461,
//  "mean": 17.3050, "trimmed": false, "seconds": 580.2, "nodes": 123, "checkpoint": null,
//  "fast_from": null | 64, "kept": null | "new" | "existing",
//  "cycle": {"first": 12, "period": 8, "moves": 138, "mean": 17.2500, "symmetry": 0,
//            "cycles_on_path": 3, "cheapest_mean": 17.1} | null}
std::string solveSummaryJson(const SolveSummary& s);

}  // namespace nugget::cli
