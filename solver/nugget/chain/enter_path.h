// The chain route's path of cycles and its aims (README.md: its step 4):
// the path played to the last board (playPath), and its cycles entered by
// aims: board 1 aimed at exactly the end of a cycle board (target.h) makes
// every board before the cycle, dearer than it, disappear from the chain
// (cheapestChain), the winning aim then polished (polishAimed). The cycle
// model itself: cycles/cycle.h.
#pragma once
#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "nugget/aims/target.h"
#include "nugget/cycles/cycle.h"
#include "nugget/jcgn.h"
#include "nugget/team/team.h"

namespace nugget::solve {

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
// playPath. The cheapest such chain, or none when no aim succeeds. (Only
// the tests call it: cheapestChain runs the same aims, aimsOf and
// chainAfterAim in enter_path.cpp, for every cycle and board at once.) Every
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
// (no second pass when that is no wider): the aims' rule (target.h).
constexpr int kMaxEnterWidth = kMaxAimWidth;
inline int widerWidth(const EnterOptions& opt) { return widerWidth(opt.target.width, opt.widen); }
// Passes over the aims: 2, or 1 when the second would be no wider (widen 1,
// or a width already at the cap).
inline int aimPasses(const EnterOptions& opt) { return aimPasses(opt.target.width, opt.widen); }
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
