// A proof that resumes and spreads (issue 62): the checkpoint of one
// `nugget prove` search, which is also what a part of a split proof
// (`--part K/N`, ProveOptions::part) reports, and the rule that combines
// the parts. The one reader and writer of the file (docs/formats/prove-checkpoint.md):
//
//   # nugget-prove-checkpoint 1      format and version
//   settings TEXT                    what the search depends on (the position, the
//                                    endgame table's depth, the split depth): a resume
//                                    or a combination with other settings is refused
//   part K/N                         the share (1/1: the whole search)
//   bound L                          every bound below L ruled out in the share;
//                                    L is being searched (or, with "best L", solved)
//   next M|none                      the least f above L met in L's done subtrees
//                                    (for the record: the next bound is L + 1)
//   frontier F                       L's subtrees in all parts (0: not built yet)
//   done I-J K ...                   L's subtrees searched to the end, no solution
//                                    (I-J: I, I+N, ..., J, the share's; the line may
//                                    repeat, each under 4000 characters)
//   best N MOVES...|none             the shortest solution known to this part
//   # sha256 HEX                     of every byte before this line
//
// Nothing in it depends on the thread count or on timing but the done
// list (and, with several threads, which solution is best): the file at the
// end of a run resumed after a stop is the file of an uninterrupted run.
//
// Combining (combineParts): the N parts' files, each part once, the same
// settings. No solution has fewer moves than the least of their bounds
// (each part's share has none, and the shares cover every move sequence
// once); the best of their solutions is an upper bound; the optimum is
// proven when the two meet.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nugget/board.h"
#include "nugget/tables/prove.h"

namespace nugget::solve {

struct ProveCheckpoint {
  std::string settings;
  int part = 0, parts = 1;  // 0-based part, as ProveOptions
  ProveState state;
  std::optional<std::vector<Move>> best;
  bool operator==(const ProveCheckpoint&) const = default;
};

// A file that is not a checkpoint, a damaged one, or parts that do not fit
// together; `line` 1-based, 0 for the file as a whole.
struct ProveCheckpointError : std::runtime_error {
  ProveCheckpointError(int line, const std::string& reason)
      : std::runtime_error(line ? "line " + std::to_string(line) + ": " + reason : reason), line(line), reason(reason) {}
  int line;
  std::string reason;
};

// Deterministic text: equal checkpoints are equal bytes.
std::string formatProveCheckpoint(const ProveCheckpoint& cp);
// Parses and checks (header, checksum, every line, done within the
// frontier, best's moves legal from `start` when given). Throws ProveCheckpointError.
ProveCheckpoint parseProveCheckpoint(std::string_view text, const Position* start = nullptr);

struct CombinedProof {
  int lowerBound = 0;        // no solution has fewer moves
  int upperBound = -1;       // the best solution's moves (-1: none known)
  std::vector<Move> moves;   // the best solution (the first part's among equals)
  bool proven = false;
  std::vector<int> lagging;  // the parts (0-based) whose bound is the lower bound, when not proven
};
// The rule above. Throws ProveCheckpointError (line 0) when the parts differ
// in settings or N, or a part is missing or given twice.
CombinedProof combineParts(const std::vector<ProveCheckpoint>& parts);

}  // namespace nugget::solve
