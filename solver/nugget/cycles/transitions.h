// The boards a search has seen, as a graph: one node per start (up to the 8
// symmetries, symmetry.h: images cost the same for the rest of a chain),
// one arc per way found to solve it, weighted by its moves, to the start of
// the board after it. A chain that plays for ever is a walk in this graph;
// the cheapest way to play for ever among what was seen is its minimum mean
// cycle (search/min_mean_cycle.h).
//
// Why a graph: a chain beam closes a cycle only along one of its chains.
// But its 24 chains, and the known cycle a search starts from, cross each
// other's starts: a chain that leaves a cycle and later lands on another
// board of it is a detour, and the detour round with the rest of the cycle
// may be cheaper than either. The graph sees those cycles as soon as both
// halves have been played.
//
// Each node keeps the position it was first seen in (its representative);
// an arc's moves are written for that representative and carry the
// symmetry from the representative of its end to where they really end, so
// cycles are replayed exactly (cheapestCycle replays every board).
#pragma once
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "nugget/cycles/cycle.h"

namespace nugget::solve {

class TransitionGraph {
 public:
  // `moves` solve the board that starts at `start` (face `face` shown) and
  // end at `end` (the same face shown): an arc to the start after it. Only
  // the cheapest arc between two nodes is kept.
  void add(const Position& start, Face face, const std::vector<Move>& moves, const Position& end);
  // The boards of a cycle, one turn from its start.
  void addCycle(const CycleBoards& cycle);

  // The cheapest cycle reachable from `from` whose mean is below `below`,
  // as a cycle with the boards leading to it from `from` (the fewest); none
  // when there is none. Every board is replayed from `from`'s tiles.
  std::optional<CycleBoards> cheapestCycle(const Board& from, double below) const;

  size_t nodes() const { return reps_.size(); }
  size_t arcs() const { return arcs_.size(); }

 private:
  struct Arc {
    int from = 0, to = 0;
    int symmetry = 0;         // the end is this image of `to`'s representative
    std::vector<Move> moves;  // from `from`'s representative
  };
  // The node of a position and the symmetry g with pos = g(representative):
  // node -1 when it is new, -2 when its hash is known but no image matches
  // (a collision). node() adds a new one.
  static uint64_t key(const Position& pos, Face face);  // symmetric hash, face mixed in
  std::pair<int, int> find(const Position& pos, Face face) const;
  std::pair<int, int> node(const Position& pos, Face face);

  std::vector<Position> reps_;
  std::unordered_map<uint64_t, int> byHash_;  // key() -> node
  std::vector<Arc> arcs_;
  std::unordered_map<uint64_t, int> arcOf_;   // (from, to) -> index into arcs_
};

}  // namespace nugget::solve
