// The good set: the states a board may end in so that every board after it
// costs 12, the floor.
//
// Board 1 ends in some state; boards 2, 3, ... of 12 moves each follow from
// it for as long as the chain goes on exactly when it is a member. Level 0
// holds the two states of each 2-board cycle of 12 + 12 moves
// (later_board.h, floorCycles below); level k + 1 every state from which one
// board of 12 (floor_board.h, found backward by floorPredecessors) ends in
// a member of level k. Measured from 256 cycles (results/README.md): 512
// states at level 0, 1,125 at level 1, 16 at 2, 8 at 3, none at 4: the set
// does not grow level by level as hoped, it is a few states a cycle, and
// its size is the number of cycles found. A member of level k reaches a cycle in k boards of
// 12 and stays in it, so a 200-board chain through it is board 1 plus 199
// boards of 12.
//
// Members are states as a board ends: the face just solved is shown. Equal
// colour pairs are one state (tiles with the same two colours are
// interchangeable), and a state and its 8 images under the symmetries
// (symmetry.h) are one member: the images cost the same. Each member keeps
// the board that leaves it (its 12 moves, played on the member turned
// over) and the member that board ends in, exactly (not an image), so the
// boards after any image are the member's boards mapped by the same
// symmetry.
//
// Built level by level in a fixed order (members in order, each one's
// predecessors in the search's order, the first copy kept), in parallel
// over the members of a level and merged in member order: the same set for
// any thread count.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "nugget/board.h"
#include "nugget/cycles/cycle.h"
#include "nugget/cycles/later_board.h"
#include "nugget/jcgn.h"

namespace nugget::solve {

struct GoodMember {
  Position end;             // a board ends here (its solved face shown)
  Face face = Face::A;      // the face solved (and shown) at `end`
  int level = 0;            // boards before a cycle's state (0: on a cycle)
  int32_t next = -1;        // the member the next board ends in
  std::vector<Move> moves;  // the next board, from `end` turned over
};

struct GoodSetOptions {
  int levels = 4;             // levels built beyond level 0
  size_t maxMembers = 100000; // no level is expanded past this many members
  const std::atomic<bool>* stop = nullptr;
  // After each level: its number, its new members, all members, nodes.
  std::function<void(int level, size_t added, size_t members, uint64_t nodes)> progress;
};

class GoodSet {
 public:
  // Level 0 from 2-board cycles (each cycle's two states; std::
  // invalid_argument for a cycle of another length or that does not
  // replay). Cycles of 12 + 12 moves make the good set proper; reversible
  // ones of 14 (reversible.h) are taken as they are, the levels above them
  // still of boards of 12.
  static GoodSet fromCycles(const std::vector<CycleBoards>& cycles);
  // One more cycle at level 0 (before grow); false when it (or an image of
  // either of its states) is already in.
  bool addCycle(const CycleBoards& cycle);

  // Levels 1.. added backward; stops at options.levels, maxMembers or stop
  // (a level cut by stop is dropped whole). Returns the levels completed.
  int grow(const GoodSetOptions& options);

  const std::vector<GoodMember>& members() const { return members_; }
  size_t size() const { return members_.size(); }
  size_t levelSize(int level) const;
  int levels() const { return levels_; }

  // The member of which `state` (as a board ends) is an image, and the
  // symmetry g with state == mapPosition(g, member.end).
  struct Found {
    int32_t member;
    int symmetry;
  };
  std::optional<Found> find(const Position& state) const;

  // `count` boards: board 1's `moves` (from `start`, ending at image `g` of
  // member `m`), then the members' boards mapped by g. Every board is
  // replayed (std::logic_error if one does not end solved).
  jcgn::Entry chain(const Board& start, const std::vector<Move>& moves, int32_t m, int g, int count) const;

 private:
  bool add(GoodMember member);
  std::vector<GoodMember> members_;
  std::unordered_multimap<uint64_t, int32_t> index_;  // symmetricHash -> members
  int levels_ = 0;
};

// 2-board cycles of 12 + 12 moves, fast: the later boards (later_board.h)
// in their order, and for each, the floor boards from its end (floor_board.h)
// that come back to its start's colours exactly. Distinct up to the
// symmetries; stops after `cycles` or `options.nodes`. As a cycle list
// holds them: start X shown on face B (A solved), the B board, the A board.
std::vector<CycleBoards> floorCycles(const LaterBoardOptions& options, int cycles, uint64_t* nodes = nullptr);

}  // namespace nugget::solve
