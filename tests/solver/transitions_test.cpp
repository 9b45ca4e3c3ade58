// The transition graph (transitions.h) and its minimum mean cycle
// (search/min_mean_cycle.h): the least mean against every simple cycle of
// small random graphs, and cycles found through symmetric images of boards
// replayed exactly from real tiles.
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <random>

#include "nugget/chain/cycle_tries.h"
#include "nugget/cycles/cycle.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/cycles/transitions.h"
#include "search/min_mean_cycle.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

// The least mean over every simple cycle, by enumeration (small graphs only).
double bruteForceMinMean(int n, const std::vector<search::Arc>& arcs) {
  double best = std::numeric_limits<double>::infinity();
  std::vector<char> used(static_cast<size_t>(n), 0);
  std::function<void(int, int, int64_t, int)> walk = [&](int root, int v, int64_t weight, int length) {
    for (const auto& a : arcs) {
      if (a.from != v) continue;
      if (a.to == root) best = std::min(best, double(weight + a.weight) / (length + 1));
      if (a.to > root && !used[static_cast<size_t>(a.to)]) {  // each cycle from its least node
        used[static_cast<size_t>(a.to)] = 1;
        walk(root, a.to, weight + a.weight, length + 1);
        used[static_cast<size_t>(a.to)] = 0;
      }
    }
  };
  for (int r = 0; r < n; ++r) walk(r, r, 0, 0);
  return best;
}

// Plays `cycle` from its start: every board legal and solved, and back at the start.
void expectReplaysToItsStart(const CycleBoards& cycle) {
  Board at = cycle.start;
  for (const auto& m : cycle.boards) {
    ASSERT_TRUE(playMoves(at, m));
    ASSERT_TRUE(at.pos.solved());
    at.flip();
  }
  EXPECT_EQ(at.pos, cycle.start.pos);
  EXPECT_EQ(at.face, cycle.start.face);
}

CycleBoards cycleOfTheFile() {
  const auto v = jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  EXPECT_TRUE(v.ok);
  std::vector<jcgn::BoardRecord> boards(v.entry.boards.begin(), v.entry.boards.begin() + 3);
  return cycleBoards(Board::start(), boards, *closedCycle(Board::start(), boards));
}

}  // namespace

TEST(MinMeanCycle, AnAcyclicGraphHasNone) {
  EXPECT_TRUE(search::minMeanCycle(3, {{0, 1, 5}, {1, 2, 1}, {0, 2, 7}}).empty());
  EXPECT_TRUE(search::minMeanCycle(0, {}).empty());
}

TEST(MinMeanCycle, PicksTheCheaperOfTwoCyclesSharingANode) {
  // 0 -> 1 -> 0 costs 3 + 3; 0 -> 2 -> 3 -> 0 costs 2 + 2 + 4 (mean 8/3).
  const std::vector<search::Arc> arcs{{0, 1, 3}, {1, 0, 3}, {0, 2, 2}, {2, 3, 2}, {3, 0, 4}};
  const auto c = search::minMeanCycle(4, arcs);
  ASSERT_EQ(c.arcs.size(), 3u);
  EXPECT_EQ(c.weight, 8);
  for (size_t i = 0; i < c.arcs.size(); ++i)  // consecutive arcs, closed
    EXPECT_EQ(arcs[static_cast<size_t>(c.arcs[i])].to, arcs[static_cast<size_t>(c.arcs[(i + 1) % 3])].from);
}

TEST(MinMeanCycle, AgreesWithEnumerationOnRandomGraphs) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 6);
    std::vector<search::Arc> arcs;
    const int m = static_cast<int>(rng() % (3 * n));
    for (int i = 0; i < m; ++i) {
      const int u = static_cast<int>(rng() % n), w = static_cast<int>(rng() % n);
      arcs.push_back({u, w, 10 + static_cast<int64_t>(rng() % 15)});
    }
    const double expected = bruteForceMinMean(n, arcs);
    const auto c = search::minMeanCycle(n, arcs);
    if (expected == std::numeric_limits<double>::infinity()) {
      EXPECT_TRUE(c.empty()) << trial;
      continue;
    }
    ASSERT_FALSE(c.empty()) << trial;
    EXPECT_DOUBLE_EQ(c.mean(), expected) << trial;
    int64_t weight = 0;
    for (size_t i = 0; i < c.arcs.size(); ++i) {
      const auto& a = arcs[static_cast<size_t>(c.arcs[i])];
      weight += a.weight;
      EXPECT_EQ(a.to, arcs[static_cast<size_t>(c.arcs[(i + 1) % c.arcs.size()])].from) << trial;
    }
    EXPECT_EQ(weight, c.weight) << trial;
  }
}

// Where the cycle tries start: the last cycle's boards while it is fresh,
// then, when it has had kFreshTries tries, three tries (one of each width)
// from each of the last kBackTrack cycles in turn, each of their boards,
// with kicks 1, 2, 3 in turn, then ever farther end layouts (kFarKicks).
TEST(CycleTries, StartFromEarlierCyclesWithKicksOnceTheLastIsStuck) {
  std::vector<CycleBoards> path(4);
  const int periods[] = {4, 8, 2, 2};
  for (size_t c = 0; c < path.size(); ++c) path[c].boards.resize(static_cast<size_t>(periods[c]));
  path[3].foundBy = 6;
  auto at = [&](int i) {
    const TrySource s = trySource(path, i);
    return std::pair<size_t, int>{s.cycle, s.board};
  };
  auto kick = [&](int i) { return trySource(path, i).kick.layouts ? -1 : trySource(path, i).kick.nth; };
  using P = std::pair<size_t, int>;
  for (int i = 7; i <= 12; ++i) EXPECT_EQ(kick(i), 0) << i;
  EXPECT_EQ(kick(13), 1);
  EXPECT_EQ(kick(31), 2);  // the last cycle's two boards done with kick 1
  EXPECT_EQ(kick(37), 1);  // cycle 1 has 8 boards: still its first kick
  // Kicks 1, 2, 3, then not 1 again (the same cycles again) but the 2nd,
  // 5th, ... distinct end layout.
  EXPECT_EQ(kick(13 + 3 * 3 * 4), 3);
  EXPECT_EQ(trySource(path, 13 + 3 * 3 * 6).kick, (Kick{kFarKicks[0], true}));
  EXPECT_EQ(trySource(path, 13 + 3 * 3 * 8).kick, (Kick{kFarKicks[1], true}));
  EXPECT_EQ(trySource(path, 13 + 3 * 3 * 6 * 7).kick, (Kick{kFarKicks[0], true}));  // after the last, the first
  // Fresh: tries 7..12 from the last cycle, board ((i-1)/3) mod 2.
  EXPECT_EQ(at(7), P(3, 0));
  EXPECT_EQ(at(9), P(3, 0));
  EXPECT_EQ(at(10), P(3, 1));
  EXPECT_EQ(at(12), P(3, 1));
  // Stuck from try 13: groups of three, the last three cycles in turn.
  EXPECT_EQ(at(13), P(3, 0));
  EXPECT_EQ(at(15), P(3, 0));
  EXPECT_EQ(at(16), P(2, 0));
  EXPECT_EQ(at(19), P(1, 0));
  EXPECT_EQ(at(22), P(3, 1));  // second turn: their second boards
  EXPECT_EQ(at(25), P(2, 1));
  EXPECT_EQ(at(28), P(1, 1));
  EXPECT_EQ(at(31), P(3, 0));  // period 2: back to the first board
  EXPECT_EQ(at(34), P(2, 0));
  EXPECT_EQ(at(37), P(1, 2));
  // A path of one cycle (found by the chain: try 0): six fresh tries, then
  // its boards in turn with kicks.
  const std::vector<CycleBoards> one(path.begin(), path.begin() + 1);
  EXPECT_EQ(trySource(one, 6).kick.nth, 0);
  EXPECT_EQ(trySource(one, 6).board, 1);
  EXPECT_EQ(trySource(one, 7).cycle, 0u);
  EXPECT_EQ(trySource(one, 7).kick.nth, 1);
  EXPECT_EQ(trySource(one, 10).board, 1);
  EXPECT_EQ(trySource(one, 7 + 3 * 4).kick.nth, 2);
}

// A dead basin: a path still of the one cycle the chain closed (foundBy
// 0), kDeadBasinTries tries after it; from then on the tries at the base
// width (i = 1 mod 3) run kDeadBasinStretch times the board limit. A path
// of two cycles, or one found by a later try, is no dead basin yet.
TEST(CycleTries, GoFartherInADeadBasin) {
  std::vector<CycleBoards> one(1);
  one[0].boards.resize(2);
  const int first = kDeadBasinTries + 1;  // the first try that many after try 0
  for (int i = 1; i < first; ++i) EXPECT_EQ(tryBoards(one, i, 16), 16) << i;
  int longer = 0;
  for (int i = first; i < first + 9; ++i) {
    EXPECT_EQ(tryBoards(one, i, 16), i % 3 == 1 ? 16 * kDeadBasinStretch : 16) << i;
    longer += tryBoards(one, i, 16) > 16;
  }
  EXPECT_EQ(longer, 3);
  one[0].foundBy = 5;  // found by try 5: dead only kDeadBasinTries tries later
  EXPECT_EQ(tryBoards(one, first + 2, 16), 16);
  EXPECT_EQ(tryBoards(one, first + 6, 16), 16 * kDeadBasinStretch);
  std::vector<CycleBoards> two(2);
  for (auto& c : two) c.boards.resize(2);
  for (int i = 1; i < 100; ++i) EXPECT_EQ(tryBoards(two, i, 16), 16) << i;
}

TEST(TransitionGraph, FindsACycleRecordedAsAnImageAndReplaysItFromTheRealTiles) {
  const CycleBoards cycle = cycleOfTheFile();
  for (int g = 0; g < kSymmetries; ++g) {
    TransitionGraph graph;
    graph.addCycle(mapCycle(g, cycle));
    EXPECT_EQ(graph.nodes(), cycle.boards.size());
    const auto found = graph.cheapestCycle(cycle.start, std::numeric_limits<double>::infinity());
    ASSERT_TRUE(found) << g;
    EXPECT_TRUE(found->lead.empty());
    EXPECT_EQ(found->start.pos, cycle.start.pos);
    EXPECT_DOUBLE_EQ(found->mean(), cycle.mean());
    expectReplaysToItsStart(*found);
    // Not strictly cheaper than itself.
    EXPECT_FALSE(graph.cheapestCycle(cycle.start, cycle.mean())) << g;
  }
}

TEST(TransitionGraph, AHalfTurnThroughASymmetryIsPlayedRoundUntilItsStartComesBack) {
  // Board 1 of the turn as it is, board 2 from the image of its start under
  // g: together a cycle only up to g, played order(g) times round.
  const CycleBoards cycle = cycleOfTheFile();
  ASSERT_EQ(cycle.boards.size(), 2u);
  for (int g = 1; g < kSymmetries; ++g) {
    CycleBoards half = cycle, image = mapCycle(g, cycle);
    half.boards.resize(1);
    Board second = image.start;
    ASSERT_TRUE(playMoves(second, image.boards[0]));
    second.flip();
    TransitionGraph graph;
    graph.addCycle(half);                    // S0 -> S1
    graph.addCycle({second, {image.boards[1]}, {}});  // g(S1) -> g(S0)
    const auto found = graph.cheapestCycle(cycle.start, std::numeric_limits<double>::infinity());
    ASSERT_TRUE(found) << g;
    EXPECT_EQ(found->boards.size() % 2, 0u);
    EXPECT_DOUBLE_EQ(found->mean(), cycle.mean());
    expectReplaysToItsStart(*found);
  }
}

TEST(TransitionGraph, LeadsFromTheSearchStartToTheCycle) {
  const auto v = jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  ASSERT_TRUE(v.ok);
  const CycleBoards cycle = cycleOfTheFile();
  TransitionGraph graph;
  graph.addCycle({Board::start(), {v.entry.boards[0].moves}, {}});  // board 1 leads to the cycle's start
  graph.addCycle(mapCycle(3, cycle));
  const auto found = graph.cheapestCycle(Board::start(), std::numeric_limits<double>::infinity());
  ASSERT_TRUE(found);
  ASSERT_EQ(found->lead.size(), 1u);
  EXPECT_EQ(found->lead[0], v.entry.boards[0].moves);
  EXPECT_EQ(found->start.pos, cycle.start.pos);
  expectReplaysToItsStart(*found);
  // The cycle is not reachable from one of its own images' starts? It is:
  // every image of a start is the same node.
  EXPECT_TRUE(graph.cheapestCycle(mapBoard(5, cycle.start), std::numeric_limits<double>::infinity()));
}
