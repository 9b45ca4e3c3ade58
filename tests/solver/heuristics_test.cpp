// The fast and incremental forms of the heuristics against their plain,
// from-scratch definitions (heuristics.h): equal on every position of random
// walks of every length, both faces, both kinds of push.
#include <gtest/gtest.h>

#include <random>

#include "nugget/chain/board_search.h"
#include "nugget/tables/endgame.h"
#include "nugget/heuristics.h"
#include "search/beam.h"

using namespace nugget;

namespace {

// A random walk from board 1's start; `flipEvery` turns the tiles over now
// and then so the hidden face is not the untouched face B.
std::vector<std::pair<Position, Move>> walk(uint32_t seed, int length, int flipEvery) {
  std::mt19937 rng(seed);
  Position p = Board::start().pos;
  std::vector<std::pair<Position, Move>> out;
  for (int i = 0; i < length; ++i) {
    if (flipEvery && i % flipEvery == flipEvery - 1) p.flip();
    const MoveList moves = p.legalMoves();
    const Move m = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size))];
    out.push_back({p, m});
    p.apply(m);
  }
  return out;
}

heur::Displacements reference(const Position& p) {
  heur::Displacements d;
  for (int face = 0; face < 2; ++face)
    for (int vertical = 0; vertical < 2; ++vertical)
      d.d[face][vertical] = static_cast<uint8_t>(heur::displacement(p, face, vertical != 0));
  return d;
}

}  // namespace

TEST(FastHeuristics, DisplacementsEqualTheDefinitionOnRandomWalks) {
  for (uint32_t seed = 1; seed <= 20; ++seed)
    for (const auto& [p, m] : walk(seed, 150, seed % 4 == 0 ? 0 : 17)) {
      ASSERT_EQ(heur::displacements(p), reference(p));
      Position child = p;
      child.apply(m);
      ASSERT_EQ(heur::displacementsAfter(child, heur::displacements(p), m), reference(child))
          << "after " << m.full();
    }
}

TEST(FastHeuristics, SolvedLayoutsHaveNoDisplacementInTheirOrientation) {
  for (const Position& p : solve::solvedLayouts()) {
    const auto d = heur::displacements(p);
    EXPECT_EQ(d.d[0][p.solvedVertical() ? 1 : 0], 0);
    EXPECT_EQ(d, reference(p));
  }
}

// Every heuristic with an incremental form: the summary carried down a walk
// of every length (0..300 moves) gives the from-scratch value at every step,
// and the from-scratch value equals the plain definition.
TEST(FastHeuristics, IncrementalValueEqualsFromScratchOnWalksOfEveryLength) {
  int checked = 0;
  for (const auto& h : heur::registry()) {
    if (!h.incremental) continue;
    const heur::DisplacementWeights weights = h.name == "chain" ? heur::DisplacementWeights{16, 3} : heur::DisplacementWeights{};
    for (uint32_t seed = 1; seed <= 8; ++seed) {
      const auto steps = walk(100 + seed, 300, seed % 2 ? 23 : 0);
      // The summary is carried along; it is re-seeded at each flip, as a new
      // search would be.
      heur::Summary summary = h.incremental.summarise(steps.front().first);
      for (size_t i = 0; i < steps.size(); ++i) {
        const auto& [p, m] = steps[i];
        if (i > 0 && !(p == [&] { Position q = steps[i - 1].first; q.apply(steps[i - 1].second); return q; }()))
          summary = h.incremental.summarise(p);  // the walk flipped the tiles here
        ASSERT_EQ(h.incremental.value(p, summary), h.value(p)) << h.name << " step " << i;
        ASSERT_EQ(h.value(p), heur::displacementCost(p, weights)) << h.name << " step " << i;
        Position child = p;
        child.apply(m);
        summary = h.incremental.update(child, summary, m);
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 2 * 8 * 300);  // chain and displacement both have one
}

// The beam's batch form: the values of a node's children computed together
// equal the plain value of each, for every node of random walks (both kinds
// of push, both faces, flips), whether all its children are asked for or
// only some (the beam asks only for those not seen before).
void expectChildValuesExact(const heur::Heuristic& h, const Position& p, int first, int stride, int* checked) {
  const heur::Summary summary = h.incremental.summarise(p);
  const MoveList list = p.legalMoves();
  Move moves[kLabels];
  Position kids[kLabels];
  const Position* kid[kLabels];
  int32_t got[kLabels];
  int n = 0;
  for (int i = first; i < list.size; i += stride, ++n) {
    moves[n] = list[i];
    kids[n] = p;
    kids[n].apply(list[i]);
    kid[n] = &kids[n];
  }
  h.incremental.childValues(p, summary, moves, kid, n, got);
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(got[i], h.value(kids[i])) << h.name << " " << moves[i].full();
    ++*checked;
  }
}

TEST(FastHeuristics, ChildValuesTogetherEqualPlainValues) {
  int checked = 0;
  for (const auto& h : heur::registry()) {
    if (!h.incremental || !h.incremental.childValues) continue;
    for (uint32_t seed = 1; seed <= 10; ++seed)
      for (const auto& [p, m] : walk(200 + seed, 200, seed % 3 ? 13 : 0))
        for (int stride : {1, 3}) expectChildValuesExact(h, p, static_cast<int>(seed) % stride, stride, &checked);
  }
  EXPECT_GE(checked, 2 * 10 * 200 * 10);  // chain and displacement, ~20 children a node
}

// The same on the positions a beam really meets: near a layout, one
// orientation already far better than the other, where the values are
// settled by bounds (random walks stay far from any layout). Every node on
// the paths of the goals of board 1's beam, and of the board after it.
TEST(FastHeuristics, ChildValuesEqualPlainValuesOnBeamPaths) {
  int checked = 0;
  for (const auto& h : heur::registry()) {
    if (!h.incremental || !h.incremental.childValues) continue;
    solve::BoardProblem problem;
    problem.heuristic = &h;
    search::BeamOptions o;
    o.width = 200;
    o.extraDepth = 2;
    Position start = Board::start().pos;
    for (int board = 0; board < 2; ++board) {
      const auto r = search::beamSearch(problem, problem.state(start), o);
      ASSERT_FALSE(r.goals.empty()) << h.name;
      for (const auto& goal : r.goals) {
        Position p = start;
        for (Move m : goal.path) {
          expectChildValuesExact(h, p, 0, 1, &checked);
          p.apply(m);
        }
      }
      start = r.goals.front().state.pos;
      start.flip();
    }
  }
  EXPECT_GE(checked, 2 * 2 * 20 * 20);
}

// The search adapter scores with the incremental form when there is one, and
// its score equals the heuristic's plain value.
TEST(FastHeuristics, BoardProblemScoresEqualPlainValues) {
  solve::BoardProblem problem;
  ASSERT_TRUE(problem.heuristic->incremental);
  auto s = problem.state(Board::start().pos);
  for (const auto& [p, m] : walk(7, 120, 0)) {
    ASSERT_EQ(problem.score(s), problem.heuristic->value(s.pos));
    s = problem.apply(s, m);
  }
}
