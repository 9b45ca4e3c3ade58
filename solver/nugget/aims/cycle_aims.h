// Board 1 aimed at the good set: the aims of the cycle route.
//
// Board 1 must end exactly at a member of the good set (good_set.h) whose
// face A is solved, every cell's colour pair in place: the boards after it
// are then the members' boards of 12 moves, into a cycle and round it.
// Every image of a member under the 8 symmetries is as good a target (it
// costs the same), so the targets are all images of all such members,
// ranked by the aims' score (TargetDistance, target.h) from board 1's
// start, nearest first. An aim ends at its target, or at any other image
// of any member the beam meets first (good set membership is the goal
// test; the score leads to the target).
//
// The aims: ranks [from, from + count) in batches of `batch` ranks, each
// batch aimed at by solveToState at the base width, then (widen > 1) the
// same ranks again at widen times the width, nearest batch first: a budget
// that lasts is spent on further ranks, one that does not on the nearest.
// The aims' lengths scatter by 10-25 moves from one image to the next and
// the nearest by score is rarely the shortest (board 1 of the committed
// entry: 59 moves at the 89th-ranked image; 63-82 at the 40 nearest; AMD
// EPYC Zen 5, results/README.md). Then every aim within `polishSlack` moves
// of the shortest is polished (polish, target.h; the shortest alone at 0),
// and the shortest result wins (the first in aim order among equals).
//
// Deterministic (the aims' order and the beam are), resumable after every
// aim (AimsDone), and shared by a team of K processes in rounds of one aim a
// process, merged in aim order: the same board 1 for any K and any thread
// count.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "nugget/aims/aims_done.h"
#include "nugget/cycles/cycle.h"
#include "nugget/cycles/good_set.h"
#include "nugget/aims/target.h"
#include "nugget/team/team.h"

namespace nugget::solve {

// One target: image `symmetry` of good set member `member` (face A
// solved), and its score from the start.
struct CycleImage {
  int score = 0;
  size_t member = 0;
  int symmetry = 0;
  friend bool operator<(const CycleImage& a, const CycleImage& b) {
    return a.score != b.score     ? a.score < b.score
           : a.member != b.member ? a.member < b.member
                                  : a.symmetry < b.symmetry;
  }
};
// X of a 2-board cycle as a cycle list holds it (its B board's start shown
// on face A).
Board cycleEntry(const CycleBoards& cycle);
// Every image of every member of `set` whose face A is solved, nearest to
// `from` first (ties: the earlier member, then the smaller symmetry).
// `stop` (if given) is checked before each member: once true,
// search::Stopped is thrown (a long list, 2 ms or more a cycle, answers
// Ctrl-C).
std::vector<CycleImage> rankImages(const Position& from, const GoodSet& set,
                                   const std::atomic<bool>* stop = nullptr);

struct CycleAimOptions {
  TargetOptions target;  // the base width, the stop flag, the children count (the aims' and the polish's)
  int from = 0;          // ranks skipped (a later batch of the same list)
  int count = 0;         // ranks aimed at (0: every rank from `from` on)
  int batch = 0;         // ranks a batch: each batch's ranks at the base width, then wider (0: one batch)
  int widen = 4;         // a second pass at widen x target.width (1: none; at most kMaxAimWidth, target.h)
  int polishSlack = 0;   // aims within this many moves of the shortest are polished too
  int polishWidth = 2000;  // the polish's beam (PolishOptions::width; tests use less)
  // Polish segments (PolishOptions): 8..10 at slack 0, 8..12 with a slack,
  // as the committed entries were made (results/history/golden-nugget.md, session 22).
  int polishMaxSegment() const { return polishSlack > 0 ? 12 : 10; }
};

// The aims so far (AimsDone): aims_done.h; the checkpoint keeps them.

// One aim's outcome, for progress: its number (0-based, both passes), the
// image, the width, its moves (-1: the beam found no way).
struct AimReport {
  int index = 0;
  int rank = 0;  // the image's rank (0: the nearest of all)
  CycleImage image;
  int width = 0;
  int moves = -1;
  std::optional<CycleImage> reached;  // where it ended (its image, or another member's the beam met)
};

// Board 1's best way into the good set: its moves (polished) and the image
// it ends at.
struct CycleEntry {
  std::vector<Move> moves;
  CycleImage image;
  int before = 0;  // the shortest aim's moves before the polish
};

class CycleAims {
 public:
  CycleAims(const Board& start, const GoodSet& set, CycleAimOptions opt, Team& team = soloTeam());
  ~CycleAims();

  int aims() const;  // in both passes
  // Aims from done.done on, until all are done or `enough` (asked before
  // each round, rank 0's answer counts) says stop; `saved` after each round
  // (every process; the pipeline writes a checkpoint on rank 0). Throws
  // std::invalid_argument when `done` holds an aim that does not reach its
  // image (a checkpoint that does not replay).
  void run(AimsDone& done, const std::function<bool()>& enough, const std::function<void(const AimReport&)>& report,
           const std::function<void(const AimsDone&)>& saved);
  // The kept aims polished (rank 0; the team gets its moves), the shortest
  // chosen; none when no aim reached its image. `enough` (rank 0's) cuts the
  // polish short, keeping what it found.
  std::optional<CycleEntry> best(const AimsDone& done, const std::function<bool()>& enough);
  // Board 1's moves, then the image's boards (GoodSet::chain): `count` boards.
  jcgn::Entry chain(const CycleEntry& entry, int count) const;

  const std::vector<CycleImage>& ranked() const { return ranked_; }

 private:
  const CycleImage& imageOf(int index) const;
  int widthOf(int index) const;
  void keep(AimsDone& done, int index, std::vector<Move> moves) const;

  // The image an aim's moves end at (its own target, or another member's
  // image the beam met), or none when they do not replay to one.
  std::optional<CycleImage> reached(const std::vector<Move>& moves) const;

  Board start_;
  const GoodSet& set_;
  CycleAimOptions opt_;
  Team& team_;
  std::vector<CycleImage> ranked_;
  std::unique_ptr<search::SeenSet> goals_;  // every target image's Position::hash
  struct Slot {
    int rank;  // in ranked_
    int pass;  // 0: the base width, 1: widened
  };
  Slot slotOf(int index) const;
  int first_ = 0, total_ = 0, batch_ = 0, passes_ = 1;
};

}  // namespace nugget::solve
