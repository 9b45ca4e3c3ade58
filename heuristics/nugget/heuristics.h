// Golden Nugget heuristics: estimates of how many moves a position still
// needs, for the beam search and IDA* in solver/. Lower is closer to solved.
//
// Every heuristic is named and registered so the CLI, the benchmarks and the
// comparison script pick them by name (`--heuristic NAME`). `admissible` says
// whether the value never exceeds the true number of moves left; only such a
// heuristic may bound IDA*.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nugget/board.h"

namespace nugget::heur {

// Coloured tiles on the border. Each must be brought in and one move brings
// in at most one: admissible.
int borderCount(const Position& pos);

// Border count plus coloured corner tiles. No inner line contains a corner,
// so a coloured corner tile first needs a move along a border line, which
// brings nothing in, and such a move takes at most one coloured tile out of
// a corner (the corner at its force point; the far corner moves only when it
// is the white one). Admissible.
int lineBound(const Position& pos);

// Distance to the nearest of the 240 stripe layouts: the number of inner
// cells whose colour differs from the layout, minimised over both
// orientations and all 5! colour orders (a 5x5 assignment, solved exactly).
// Not admissible: one move can put several cells right at once.
int stripeDistance(const Position& pos);
// The same for one orientation, with the colour order it picked
// (order[i] = colour of inner row/column i+1).
int stripeDistance(const Position& pos, bool horizontal, std::array<uint8_t, 5>* order = nullptr);

// Per-tile costs toward the nearest stripe layout, in kScale units: an inner
// tile in its stripe costs 0, an inner tile in the wrong stripe `wrongInner`
// (it must cross lines, which disturbs them), a border tile at either end of
// its stripe's line `alignedBorder` (one push brings it in place), any other
// border tile `otherBorder`. Minimised over orientations and colour orders.
// Not admissible.
struct AlignedWeights {
  int wrongInner = 40, alignedBorder = 16, otherBorder = 32;
};
int alignedCost(const Position& pos, const AlignedWeights& w = {});

// Displacement across stripes: for each coloured tile on `face`, how many
// lines it stands from its colour's stripe (border lines included: a tile in
// column 0 is one column from stripe column 1), minimised over colour orders
// for the given orientation. Row pushes are the only moves that change a
// tile's column, and each moves a tile one column, so for vertical stripes
// this counts the column steps still to make (several per push at best).
int displacement(const Position& pos, int face, bool vertical);

// Entries plus displacement: kScale per coloured border tile plus
// `perStep` per step of displacement (best orientation). With
// `nextPerStep` > 0 the hidden face's displacement for the OTHER orientation
// is added: it steers the board toward an end that suits the next board
// (stripes crossing this board's stripes can hold the 13 two-coloured tiles
// where both boards need them). Not admissible.
struct DisplacementWeights {
  int perStep = 16, nextPerStep = 0;
};
int displacementCost(const Position& pos, const DisplacementWeights& w = {});

// count[line][colour-1]: tiles of each colour in each inner row (horizontal)
// or inner column, inner cells only.
using LineCounts = std::array<std::array<uint8_t, 5>, 5>;
LineCounts lineCounts(const Position& pos, bool horizontal);
// Largest sum of count[i][order[i]] over colour orders; the order chosen.
int bestAssignment(const LineCounts& count, std::array<uint8_t, 5>* order = nullptr);

// ---------------------------------------------------------------- fast forms
// The four displacements the chain heuristic combines, d[face][vertical]
// (displacement(pos, face, vertical) for each), one byte each (at most 25
// tiles x 6 lines = 150).
struct Displacements {
  std::array<std::array<uint8_t, 2>, 2> d{};
  friend bool operator==(const Displacements&, const Displacements&) = default;
};
// From scratch, without loops over cells: per colour, six popcounts give the
// tiles in lines 0..t, and the cost of every stripe follows by differences
// (cost(s+1) = cost(s) + 2*tiles(lines <= s) - tiles). Equal to displacement().
Displacements displacements(const Position& pos);
// After `move` from a position whose displacements were `parent`: a row push
// changes no tile's row and a column push no tile's column, on either face,
// so half of the four carry over and only the other half is recomputed.
Displacements displacementsAfter(const Position& child, const Displacements& parent, Move move);

// A registered heuristic: value(pos) in "moves", scaled by kScale so weighted
// combinations stay integral (the beam sorts integers).
constexpr int kScale = 16;

// The incremental form of a heuristic, when it has one: a 32-bit summary of
// a position from which the value follows in a few operations, and the
// summary of a child computed from its parent's and the move. The value
// must equal the from-scratch one (tests/solver/heuristics_test.cpp).
using Summary = uint32_t;  // 32 bits keep a search node in 56 bytes
struct Incremental {
  Summary (*summarise)(const Position&) = nullptr;
  Summary (*update)(const Position& child, Summary parent, Move move) = nullptr;
  int (*value)(const Position&, Summary summary) = nullptr;
  // The values of n children of one parent at once (kids[i] is the parent
  // after moves[i]), equal to value(*kids[i], update(*kids[i], summary,
  // moves[i])): what the beam calls, once a node, and where the search
  // spends its time. Only values: most children's value is settled without
  // computing all of their summary, and the beam rebuilds the few children
  // it keeps with update().
  void (*childValues)(const Position& parent, Summary summary, const Move* moves, const Position* const* kids, int n,
                      int32_t* out) = nullptr;
  explicit operator bool() const { return summarise != nullptr; }
};

struct Heuristic {
  std::string name;
  std::string description;
  bool admissible;
  int (*value)(const Position&);  // scaled by kScale
  Incremental incremental{};      // empty: the search calls value() for every child
};

const std::vector<Heuristic>& registry();
const Heuristic* find(std::string_view name);
std::string names();  // "a, b, c" for help texts and error messages
const Heuristic& defaultHeuristic();

}  // namespace nugget::heur
