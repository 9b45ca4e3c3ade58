// The checkpoint of a running `nugget solve` (solve::Pipeline, pipeline.h):
// the one reader and writer of its file format, next to the entry format
// (engine/nugget/jcgn.h).
//
// A checkpoint is a partial jcgn-1 entry (so `nugget verify` and any jcgn
// reader still read its boards) whose extra state lives in comment lines:
//
//   # jcgn-1
//   # nugget-checkpoint 1            format and version: a file without it is foreign
//   # settings: heuristic=chain ...  solve::Options::signature() of the run
//   board 1 A 18 P7 54 ...           the committed boards (jcgn-1 records)
//   final 1 2 3 ...
//   # pending PARENT MOVES...        chain beam: a board solved on a live chain, not
//                                    committed yet; PARENT indexes the earlier
//                                    pending lines (-1: the last committed board)
//   # live ID...                     the live chains, best first (pending indices)
//   # rank R                         chain phase of K processes: rank R's chain (R = 1..K-1;
//                                    rank 0's is the lines above), in these lines:
//   # rank-board MOVES...            its committed boards, from the start
//   # rank-pending PARENT MOVES...   its pending boards, as "# pending"
//   # rank-live ID...                its live chains, as "# live"
//   # cycle-tries-done T B           cycle phase: T tries done, at most B boards each
//   # cycle-lead MOVES...            each kept cycle: the boards leading to it from
//   # cycle-turn MOVES...            the previous cycle's start, then one turn,
//   # cycle-end T                    closed by this line; T: the try that found it
//   # cycle-parked F                 an exploration under way (cycle_tries.h, Parked): the
//                                    cycle lines after this one are the path's cycles
//                                    after its cycle F (0: the first), set aside
//   # search-done S                  no cycle closed within the chain: S stretches of the
//                                    search past its last board done, none closing one;
//   # search-board MOVES...          the boards of the search so far, from the board
//                                    after the chain's last (the current seed's)
//   # search-lead MOVES...           ... or the cycle that search found: the boards from
//   # search-turn MOVES...           the chain's end to it, then one turn (the path's
//                                    first cycle; the later ones as "# cycle-..." lines)
//   # aims-done N                    entering the path: N aims done, and the cheapest
//   # aim-best I MOVES...            chain so far came from aim I's moves (none: no line)
//   # cycle-aims-done N              the cycle route (cycle_route.h): N aims of board 1
//   # cycle-aim I MOVES...           into the cycles done; each aim kept for the polish (within
//                                    the slack of the shortest so far): its index, its moves
//   # sha256 HEX                     of every byte before this line
//
// The checksum comes last, so a file cut short by a crash or a full disk
// (the writer replaces the file atomically, but a copy can still be cut) is
// told from a complete one. Readers never trust a checkpoint further: every
// board is replayed (jcgn::verify), and the pending boards and cycles are
// replayed again by the pipeline when it resumes.
#pragma once
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nugget/board.h"
#include "nugget/jcgn.h"
#include "nugget/aims/aims_done.h"  // AimsDone, the cycle route's aims so far

namespace nugget::solve {

// 2 (round 4): the cycle route's lines; the portfolio's and the exact
// search's gone. A version-1 file is refused by its version.
constexpr int kCheckpointVersion = 2;

// One process's chain in the chain phase: its committed boards (moves only:
// the finals are replayed) and its chain beam's pending boards and live
// chains (as Checkpoint::pending and live). The checkpoint keeps one for
// every rank but 0, and it is also the text a rank sends rank 0 after each
// board (formatRankChain).
struct RankChain {
  std::vector<std::vector<Move>> boards;
  std::vector<std::pair<int, std::vector<Move>>> pending;
  std::vector<int> live;
  bool operator==(const RankChain&) const = default;
};

// A cycle as a checkpoint keeps it: the boards leading to it, then one
// turn. (At namespace scope, not in Checkpoint: an optional of a nested
// struct with member initialisers is not default-constructible to clang
// while the enclosing class is incomplete.)
struct SavedCycle {
  std::vector<std::vector<Move>> lead, turn;
  int foundBy = 0;  // the try that found it (where later tries start depends on it)
  bool operator==(const SavedCycle&) const = default;
};

// The parts by route: the cycle route's checkpoints hold its aims alone
// (cycleAims, a section of its own: the cycles and the good set are built
// again on resume); the chain route's hold the other parts (entry, pending
// and live, cycles, search, aims, ranks), which its phases share (the
// entry of the chain phase is the cycle phase's start).
struct Checkpoint {
  std::string settings;  // Options::signature() of the run that wrote it
  // Chain phase: the committed boards. Cycle phase: the chain up to the
  // board that closed the first cycle.
  jcgn::Entry entry;

  // Chain beam (chain_beam.h): pending boards (parent, moves), parents
  // before children, and the live chains as indices into them, best first.
  std::vector<std::pair<int, std::vector<Move>>> pending;
  std::vector<int> live;

  // Cycle phase: the tries done and the cheaper cycles found after the
  // first (each: the boards leading to it, then one turn).
  using SavedCycle = solve::SavedCycle;
  struct CyclePath {
    int triesDone = 0;
    int cycleBoards = 0;  // --cycle-boards of the run: later tries must use the same
    std::vector<SavedCycle> cycles;
    // An exploration under way: the path's cycles after its cycle
    // parkedFrom (0: the first, which `cycles` does not hold), set aside.
    std::optional<int> parkedFrom;
    std::vector<SavedCycle> parked;
  };
  std::optional<CyclePath> cycles;

  // The search past the chain's last board (Pipeline::searchFromEnd; the
  // chain, `entry`, closed no cycle): stretches done, and either the boards
  // of the current seed's search so far or the cycle it found (then
  // `cycles` holds the tries after it).
  struct SearchPast {
    int stretchesDone = 0;
    std::vector<std::vector<Move>> boards;
    std::optional<SavedCycle> found;  // its lead from the board after the chain's last
  };
  std::optional<SearchPast> search;

  // Entering the path (cheapestChain): aims done, and the aim (its index in
  // the aims' fixed order, both passes counted, -1: none yet) whose chain is
  // the cheapest so far.
  struct Aims {
    int done = 0;
    int best = -1;
    std::vector<Move> bestMoves;
  };
  std::optional<Aims> aims;

  // The cycle route (no boards, no chain-route state beside it): board 1's
  // aims into the cycles so far (cycle_aims.h).
  std::optional<AimsDone> cycleAims;

  // Chain phase of a team of K processes (pipeline.h, the portfolio of
  // seeds): ranks[r-1] is the chain of rank r, 1 <= r < K (rank 0's is the
  // fields above). Empty for one process and in the cycle phase.
  std::vector<RankChain> ranks;

  // Boards a live chain has beyond the committed ones (0 without pending).
  int pendingDepth() const;
};

// A checkpoint that cannot be used: foreign, damaged or inconsistent.
// `line` is 1-based (0: the file as a whole, e.g. it cannot be opened).
class CheckpointError : public std::runtime_error {
 public:
  CheckpointError(int line, const std::string& reason);
  int line() const { return line_; }
  const std::string& reason() const { return reason_; }
  // "FILE:LINE: reason" ("FILE: reason" for line 0)
  std::string message(const std::string& file) const;

 private:
  int line_;
  std::string reason_;
};

// The file's text: deterministic, so equal checkpoints are equal bytes.
std::string formatCheckpoint(const Checkpoint& cp);
// Parses and checks a checkpoint (header, version, checksum, every line, the
// boards replayed by jcgn::verify). Throws CheckpointError.
Checkpoint parseCheckpoint(std::string_view text);
Checkpoint readCheckpointFile(const std::string& path);
// The file's bytes, unparsed (rank 0 reads them for the whole team), read by
// the bounded reader (text/file.h: a regular file, at most 16 MiB, lines of
// at most 4096 characters). Throws CheckpointError.
std::string readCheckpointText(const std::string& path);

// A rank's chain as its checkpoint lines ("# rank-board", "# rank-pending",
// "# rank-live"), and back; parseRankChain throws CheckpointError (line
// numbers within `text`) when a line is not one of those or is malformed.
std::string formatRankChain(const RankChain& chain);
RankChain parseRankChain(std::string_view text);

}  // namespace nugget::solve
