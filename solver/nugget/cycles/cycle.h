// Cycles in a chain of boards.
//
// What a board costs depends only on where it starts: the colours both faces
// show on every cell (tiles with the same two colours are interchangeable).
// So when board k+P starts exactly as board k did (P even: the same face is
// shown), boards k..k+P-1 can be played again, and again, to the last board.
// The chain beam falls into such cycles by itself (a 200-board run spent its
// last 170 boards alternating 21 and 22 moves); noticing one ends the search
// early at the cycle's mean. From there: beams with other settings find
// cheaper cycles nearby (cycleFrom: a path of cycles), and board 1 aimed at
// exactly the end of a cycle board (enterPath, target.h) makes every board
// before the cycle, dearer than it, disappear from the chain.
#pragma once
#include <algorithm>
#include <functional>
#include <optional>

#include "nugget/chain/chain.h"
#include "nugget/jcgn.h"
#include "nugget/aims/target.h"
#include "nugget/team/team.h"

namespace nugget::solve {

// A cycle may close through a symmetry (symmetry.h): board first+base
// starts as the image g(S) of board first's start S. The base boards mapped
// by g then lead on from g(S) to g(g(S)), and so on: one whole turn back to S
// is base * order(g) boards, the later ones the images of the base ones.
struct Cycle {
  int first = 0;     // 1-based board where the cycle begins
  int period = 0;    // boards in one whole turn (even): base * order(symmetry)
  long moves = 0;    // moves in one whole turn
  int base = 0;      // boards until the image of the first start (= period when symmetry is 0)
  int symmetry = 0;  // g (symmetry.h); 0: the start itself comes back
  double mean() const { return period ? double(moves) / period : 0.0; }
};

// The shortest cycle closed by the last of `boards`, played from `start`
// (each next board starts from the previous final, flipped): the start
// after it equals the start of board `first` (same face), or its image
// under a symmetry. None when it equals no earlier start or image.
std::optional<Cycle> closedCycle(const Board& start, const std::vector<jcgn::BoardRecord>& boards);
// The same for an entry (which starts at Board::start()).
std::optional<Cycle> closedCycle(const jcgn::Entry& entry);

// Appends boards by playing the cycle's boards again until there are
// `count` boards (finals by replay): board n plays the moves of board
// n - base mapped by the cycle's symmetry. Throws std::logic_error if a repeated
// board does not replay to a solved board (it cannot, when `cycle` came from
// closedCycle on these boards).
void repeatCycle(const Board& start, std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle, int count);
void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count);

// A cycle on its own: where its first board starts and each board's moves,
// and the boards that lead to that start from the previous cycle's start
// (empty for the first cycle of a path).
struct CycleBoards {
  Board start;                            // the first board's start (its face shown)
  std::vector<std::vector<Move>> boards;  // one turn, in order
  std::vector<std::vector<Move>> lead;    // from the previous cycle's start to `start`
  int foundBy = 0;                        // the cycle try that found it (0: the chain, or the search past it)
  long moves() const;
  double mean() const { return boards.empty() ? 0.0 : double(moves()) / double(boards.size()); }
};
// One whole turn of `cycle` (its later boards played by repeatCycle when
// `boards` ends before the turn does).
CycleBoards cycleBoards(const Board& start, const std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle);
// Whether two cycles are one (some board of one starts as some board of the
// other, or as its image under a symmetry: the images cost the same).
bool sameCycle(const CycleBoards& a, const CycleBoards& b);
// The image of a cycle under symmetry g: its start, boards and lead mapped.
CycleBoards mapCycle(int g, const CycleBoards& c);

// The same cycle started at its board k (0-based): the start is where board
// k starts, the turn begins with board k, and the lead is extended by the
// boards 0..k-1 (so it still goes from the previous cycle's start).
CycleBoards rotated(const CycleBoards& cycle, int k);

// A cycle from its boards' moves: `lead` played from `from` (each board
// ending solved, the next starting flipped) reaches the start, and `turn`
// from there comes back to it. None when either does not replay. (A
// checkpoint's cycles and the team's messages hold only the moves.)
std::optional<CycleBoards> replayCycle(const Board& from, std::vector<std::vector<Move>> lead,
                                       std::vector<std::vector<Move>> turn);

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

// A path of cycles: path[t+1].lead goes from path[t].start to
// path[t+1].start. Appends to `chain` (which ends just before cycle board
// `next` of path[i]): the rest of path[i]'s turn round to its start, then
// each later cycle's lead, then the last cycle round and round, until the
// chain has `count` boards. Every board is replayed (std::logic_error if one
// does not replay to a solved board).
void playPath(const Board& start, std::vector<jcgn::BoardRecord>& chain, const std::vector<CycleBoards>& path,
              size_t i, int next, int count);
// The moves of the `boards` boards playPath would append from board `next`
// of path[i], counted without playing them (images of a path cost the same).
long pathMoves(const std::vector<CycleBoards>& path, size_t i, int next, int boards);

// Entering a path: board j = boards.size() + 1 is aimed (target.h) at
// exactly the end of each board of path[i] shown on j's face in turn; then
// playPath. The cheapest such chain, or none when no aim succeeds. Every
// image of the path under a symmetry is a path as cheap, so the ends of its
// images are targets too: of the 8 images of each end, the `images` nearest
// to board j's start by the target distance (target.h) are aimed at, and
// the chain goes on along that image of the path.
// report(j, k, moves): board j aimed at the end of board k (1-based within
// the turn); moves = -1 when the beam found no way.
using EnterReport = std::function<void(int j, int k, int moves)>;
std::optional<std::vector<jcgn::BoardRecord>> enterPath(const Board& start, const std::vector<jcgn::BoardRecord>& boards,
                                                        const std::vector<CycleBoards>& path, size_t i, int count,
                                                        const TargetOptions& opt, const EnterReport& report = {},
                                                        int images = 1);

// How a path is entered: boards 1..`boards` are each aimed at it, at the
// `images` nearest images of each cycle board's end (nearest by the aim's
// score, whichever image that is). The two nearest of every end are aimed
// at first, then the farther ones, so that a time limit cuts those. 8: on
// 10 ends of seeds 1-5's cycles (width 10000) the best of 2 images averaged
// 78.6 moves, of 8 74.3, at ~1.3 s an aim (results/history/golden-nugget.md, session 14).
// widen: after every aim at target.width, every aim again at widen times
// that width, in the same order (1: no second pass). The aims' lengths
// scatter by 10-25 moves from one image to the next and from one width to
// the next, and a wider beam is better on the whole: board 1 aimed at the 16
// A-end images of seed 4's 16.25 cycle gave 84.3 moves on average and 66 at
// best at width 10000 (1.6 s an aim on 2 threads), 75.9 and 62 at 40000
// (5.1 s; AMD EPYC, results/history/golden-nugget.md, session 17).
struct EnterOptions {
  TargetOptions target;
  int boards = 2;
  int images = 8;
  int widen = 4;
};
// The second pass's width: widen x target.width, at most kMaxEnterWidth
// (no second pass when that is no wider).
constexpr int kMaxEnterWidth = 40'000'000;
inline int widerWidth(const EnterOptions& opt) {
  return static_cast<int>(std::min<long long>(static_cast<long long>(opt.target.width) * std::max(opt.widen, 1),
                                              kMaxEnterWidth));
}
// Passes over the aims: 2, or 1 when the second would be no wider (widen 1,
// or a width already at the cap).
inline int aimPasses(const EnterOptions& opt) { return widerWidth(opt) > opt.target.width ? 2 : 1; }

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

// The cheapest chain of `count` boards among: `found` (the chain up to the
// board that closed path[0]) then along the path; and board j (1..opt.boards)
// aimed at a board of any cycle of the path (enterPath), the first j-1
// boards of `found` before it. `found` then path[0] round and round is the
// fallback. The aims go in EnterOptions' order (the two nearest images of
// every end first), within it those whose chain around the aimed board is
// cheapest first, one aim a target (board j and its exact end: cycles of a
// path that share a board share its aims), then (EnterOptions::widen) all
// of them again in that order at the wider width; an aim is not run when
// that chain plus the fewest moves that can solve the board
// (heur::lineBound) cannot beat the cheapest chain so far. A team of K processes shares the aims (each solveToState of
// enterPath): rounds of one aim a process, gathered,
// then `entering` (before a cycle's first aim) and `report` are called on
// every process and the chains compared in that order, so the cheapest (the
// first among equals) wins whatever K. `enough`, asked before each round
// (rank 0's answer counts), ends the aims early (a time budget, a stop):
// the cheapest chain so far is returned.
// Resumable: `progress` (when given) says how far the aims went (aims done,
// the cheapest aim so far: its index in the aims' fixed order, both passes
// counted (n distinct aims: aim n + i is aim i at the wider width), and its moves),
// is read at the start to skip the aims done, and is updated after each
// round, when `saved` (if any) is called with it.
struct AimProgress {
  int done = 0;
  int best = -1;  // -1: no aim cheaper than the chain along the path
  std::vector<Move> bestMoves;
};
std::vector<jcgn::BoardRecord> cheapestChain(const Board& start, const std::vector<jcgn::BoardRecord>& found,
                                             const std::vector<CycleBoards>& path, int count, const EnterOptions& opt,
                                             const std::function<void(size_t cycle, int width)>& entering = {},
                                             const EnterReport& report = {},
                                             const std::function<bool()>& enough = {}, Team& team = soloTeam(),
                                             AimProgress* progress = nullptr,
                                             const std::function<void(const AimProgress&)>& saved = {});

// The winning aim (AimProgress::bestMoves, the moves of one of the chain's
// boards 1..boards) polished (target.h), the boards after it replayed: the
// aimed board ends where it did, up to tiles of one colour pair, so their
// moves stay and their finals are written again. Once, for the winner only:
// polishing took 1.9 moves off an aim on average (0-4; 12 aims of width
// 10000; 0-6 off the winners of seeds 1-5's main jobs) in 3-11 s, and
// polishing every aim that could win cost the main job of seed 4 a third of
// its aims and its best one (results/history/golden-nugget.md, session 19). Rank 0 polishes and sends the team its moves; `enough`
// (asked between segments) cuts the polish short, keeping what it found.
struct Polished {
  int board = 0;  // 1-based (0: no board of the chain is the aimed one)
  int before = 0, after = 0;  // its moves
};
Polished polishAimed(const Board& start, std::vector<jcgn::BoardRecord>& chain, const std::vector<Move>& aimed,
                     int boards, Team& team = soloTeam(), const std::function<bool()>& enough = {});

}  // namespace nugget::solve
