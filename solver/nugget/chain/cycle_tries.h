// The chain route's search for cheaper cycles (README.md: its step 3): from
// a cycle the chain closed, beams with other settings find cheaper cycles
// nearby (cycleFrom: a path of cycles), tried in rounds by a team of
// processes (searchCycles), kicked out of a basin, or exploring a dearer one
// (Parked); and, when the chain closed none, the search past its last board
// (searchStretch). The cycle model itself: cycles/cycle.h.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "nugget/chain/chain.h"
#include "nugget/cycles/cycle.h"
#include "nugget/jcgn.h"
#include "nugget/team/team.h"

namespace nugget::solve {

// A cheaper cycle near a known one: the chain beam of `solver` (other
// settings or another tie-break seed than the one that found `from`) runs
// from `from.start` for at most `maxBoards` boards, until its boards close a
// cycle, or until the transition graph (transitions.h) of every board its
// chains solved, with `from`'s own boards, holds a cycle cheaper than
// `from` (any cycle when `from` has no boards): a detour that comes back
// into `from`, or chains that cross. Returns the cheaper of the two with the
// boards leading to it (it may be `from` again), or none. From a cycle found with seed 1 (mean 18.5), a seed-11
// beam closed an 18.0 cycle within 2 boards, a width-700 one a 17.5 cycle
// within 21 (results/README.md).
// `enough`, asked after each board, ends the search early (a time budget).
// A kick: the first board of a try solved another way than the chain
// beam's choice, so that the try leaves the basin of the cycle it starts
// from (iterated local search). `nth` (0-based; the last when there are
// fewer) counts solver.endStates in their order, or, with `layouts`, only
// the first of each distinct end layout up to the 8 symmetries (end states
// that end alike lead to the same next board: the 2nd-4th best end state
// often ends where the best does).
struct Kick {
  int nth = 0;
  bool layouts = false;
  bool operator==(const Kick&) const = default;
};
// The end state a kick chooses among `ends` (endStates' order).
const EndState& kicked(const std::vector<EndState>& ends, Kick kick);
// kick.nth > 0: the first board is not the chain beam's choice but the
// kicked end state; every end state of that board goes into the graph; the
// chain beam goes on from there.
// Each call has a transition graph of its own.
std::optional<CycleBoards> cycleFrom(const ChainSolver& solver, const CycleBoards& from, int maxBoards,
                                     const std::function<bool()>& enough = {}, Kick kick = {});

// One stretch of the search for a cycle past a chain's last board (the
// pipeline's, when the chain closed none): the chain beam of `solver` from
// the board after `boards` (played from `origin`), for at most `maxBoards`
// boards, as cycleFrom with no cycle to come back to, except that `boards`
// count: a cycle closed through them is found, and their transitions are in
// the graph. The search goes on stretch by stretch (a checkpoint after each),
// so a resume repeats at most one. Returns the cycle found (its lead from
// `origin`); or, when the stretch ran its boards without one, none, with its
// best chain appended to `boards` for the next stretch to go on from. `cut`
// true: `enough` ended the stretch early; `boards` is then unchanged.
// `failed`: a board of the stretch had no solution within the beam (the
// seed's search cannot go on); `boards` is then unchanged too.
struct Stretch {
  std::optional<CycleBoards> found;
  bool cut = false;
  bool failed = false;
};
Stretch searchStretch(const ChainSolver& solver, const Board& origin, std::vector<jcgn::BoardRecord>& boards,
                      int maxBoards, const std::function<bool()>& enough = {});
// Searching for cheaper cycles: tries first..last on the end of `path`.
// Try i runs cycleFrom with the seed base.seed + 7919 i and the width x1,
// x2, x4 in turn (i = 1, 2, 3, ...). Where it starts (trySource): for the
// first kFreshTries tries after the last cycle was found, from board
// ((i-1)/3) mod period of the last cycle's turn; after that, when the last
// cycle looks like a local minimum (tries from it with other seeds fall
// back into it, or into the same few dearer cycles), three tries (one of
// each width) in turn from each of the last kBackTrack cycles of the path,
// each of their boards in turn, and each with a kick: the board's first
// solution is its 2nd, 3rd or 4th best one (passes 1-3 over those boards),
// then, since the same kicks with other seeds mostly find the same cycles
// again (seed 2's main job, session 14: 132 of the 155 tries from try 44
// on found what the try 36 before had found, none a cheaper one), ever
// farther end layouts: the 2nd, 5th, 12th, 30th, 75th and 190th distinct
// one (passes 4-9, then again; kFarKicks). A cheaper cycle found from an earlier cycle
// path[c] replaces the cycles after c (the path stays one line of leads;
// the new one is cheaper than all of them). The tries run in rounds, every try of a round
// from the path as the round found it. Alone (a team of one) a round is one
// try, so each try starts from the path its predecessor left. A team of K
// processes (team.h) runs rounds of 3K tries, three in a row a process
// (rank r: the round's tries 3r..3r+2, one of each width, so the processes
// have about equal work); the cycles found are gathered and merged in try
// order, never by message timing. Of a round's cycles, those cheaper than
// the last cycle, or as cheap and not yet on the path, qualify; the
// cheapest (the first among equals) is appended to the path (the next
// tries then start from it, or elsewhere). After each round `after(tries)`
// is called on every process with the round's tries in order; it returns
// false to stop (a time limit), and rank 0's answer counts. `cut`, asked
// by each process after every board of its tries, cuts a try short (a time
// budget: a try of 16 wide boards can take minutes); such a try finds
// nothing and says so (CycleTry::cut).
constexpr int kFreshTries = 6;  // tries from the last cycle before the earlier ones are tried too
constexpr int kBackTrack = 3;   // cycles at the end of the path tries start from once it is stuck
constexpr int kFarKicks[] = {2, 5, 12, 30, 75, 190};  // distinct end layouts of passes 4-9
struct TrySource {
  size_t cycle = 0;  // index into the path
  int board = 0;     // 0-based board of its turn where the try starts
  Kick kick;         // that board solved another way first (cycleFrom)
};
TrySource trySource(const std::vector<CycleBoards>& path, int i);
// A dead basin: the path is still the one cycle the chain (or the search
// past it) closed, kDeadBasinTries tries after it, so no try has found a
// cycle to keep, or an exploration that won. Seed 7 (30 minutes, session
// 18): 55 of its 65 tries closed no cycle within 16 boards, the other 10
// came back to its 21.0 cycle, so there was nothing to explore and the
// entry stayed at 21.260. There the tries at the base width (every third)
// go on to kDeadBasinStretch times the board limit: a chain closes a
// cycle once its boards are cheap, which can take far more than 16 boards
// (the search past seed 8's chain closed one after 142), and any cycle
// found is explored (Parked). Every main job of seeds 0-6, 8 and 9 kept a
// cycle by try 9 (seeds 1-5 by try 3), after which the path never holds
// one cycle again: for them nothing changes.
constexpr int kDeadBasinTries = 12;
constexpr int kDeadBasinStretch = 6;
// The board limit of try i (maxBoards: --cycle-boards): longer in a dead basin.
int tryBoards(const std::vector<CycleBoards>& path, int i, int maxBoards);
struct CycleTry {
  int index = 0;
  TrySource source;
  int boards = 0;  // its board limit (tryBoards)
  uint64_t seed = 0;
  int width = 0;
  std::optional<CycleBoards> found;
  bool kept = false;
  bool cheaper = false;   // strictly (kept and not cheaper: as cheap, another cycle)
  bool cut = false;       // cut short by `cut` before it found a cycle
  bool explored = false;  // a dearer cycle, explored (Parked below)
  int settled = 0;        // on a round's last try: an exploration ended, +1 its cycles kept, -1 the parked back
};

// Another basin explored (iterated local search accepting a worse local
// optimum for a while). The tries near one cycle stay in its basin: kicks
// leave it, but the dearer cycles they find were dropped, although a dearer
// basin can hold a cheaper bottom (seed 1's 15.0 cycle was found from a
// 19.5 one). So once the path's last cycle is stuck (kFreshTries tries since
// it was found, none cheaper), the first try of a round that finds a cycle
// not on the path (dearer, since none qualified) has it explored: the
// path's cycles after the one that try started from are parked, the dearer
// cycle becomes the path's last, and the next tries start from it as from
// any new cycle (cheaper ones found from it join the path). The exploration
// ends as soon as the path's last is cheaper than the parked best (the
// parked cycles are dropped), or, kFreshTries tries after its last cycle
// was found, by settle(). Measured with the main job's tries replayed
// (results/experiments/tryglobal.cpp, explore): seed 5 reached 16.0 at try
// 21, where the tries without it had 16.5 at try 42; seed 4 stayed at
// 16.25. In the main job (10 minutes, AMD EPYC, 2 vCPUs) seeds 2 and 5 went
// from 17.305 and 16.830 to 16.310 and 16.295, seeds 1, 3, 4 kept their
// cycles (results/history/golden-nugget.md, session 16).
struct Parked {
  size_t from = 0;                  // the path's cycle the explored one was found from
  std::vector<CycleBoards> cycles;  // the path's cycles after it, set aside (may be none)
  // The parked best: the last parked cycle, or path[from] when none was parked.
  const CycleBoards& best(const std::vector<CycleBoards>& path) const {
    return cycles.empty() ? path[from] : cycles.back();
  }
};
// Ends an exploration: the path keeps its last cycle when it is cheaper
// than the parked best, else the parked cycles come back after path[from].
// Returns +1 or -1 as CycleTry::settled, 0 when nothing was parked.
int settle(std::vector<CycleBoards>& path, std::optional<Parked>& parked);
// The exploration rule after a round of tries whose merge kept none or one
// (cheapestQualifying); the next round is tries next..next+roundSize-1.
// Ends an exploration (settle) that won, or before a try of the next round
// would be past its last cycle's kFreshTries; or starts one from the
// round's first try (in try order) that found a cycle not on the path, when
// none was kept, the path's last is stuck and nothing is parked (onPath
// says whether a cycle is one of the path's: sameCycle in searchCycles),
// and every try of the next round would be a fresh one from it (a team's
// rounds of 3K tries: for K = 2 only the round's last try, for K >= 3 none).
// Marks that try `explored` and the round's last `settled`.
void explore(std::vector<CycleBoards>& path, std::optional<Parked>& parked, std::vector<CycleTry>& round, int next,
             int roundSize, const std::function<bool(const CycleBoards&)>& onPath);

// `parked` (the pipeline's; null: no exploration, the tries as before it)
// holds an exploration under way between calls, and is settled before
// searchCycles returns.
void searchCycles(const ChainSolver& base, std::vector<CycleBoards>& path, int first, int last, int maxBoards,
                  const std::function<bool(const std::vector<CycleTry>&)>& after, Team& team = soloTeam(),
                  const std::function<bool()>& cut = {}, std::optional<Parked>* parked = nullptr);
// The merge rule of one round of searchCycles, on the round's tries in try
// order (each found cycle's lead already from its source cycle's start): a cycle
// qualifies when it is cheaper than `last` (by mean), or as cheap and not
// on the path yet (onPath false); the index of the cheapest qualifying try,
// the first among equals, or -1 when none qualifies. Only costs and
// `onPath` decide: nothing of where or when a try ran.
int cheapestQualifying(const std::vector<CycleTry>& tries, const CycleBoards& last,
                       const std::function<bool(const CycleBoards&)>& onPath);

}  // namespace nugget::solve
