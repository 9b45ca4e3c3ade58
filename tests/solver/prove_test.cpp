// The exact search (solver/nugget/tables/prove.h) against exhaustive search.
//
// Positions: random walks of 4..8 legal moves from a real solved board (its
// hidden face a real one, so ends differ in both faces), hence within that
// many moves of solved. The reference optimum: every move sequence of up to
// 3 moves, exhaustively, each end looked up in a depth-5 table (itself a
// plain backward breadth-first search): exact for optima up to 8. The
// reference ends: every move sequence within the limit, pruned only where
// the depth-5 table proves the goal out of reach. The prover under test uses
// a depth-0 table (the solved layouts alone), so its own bounds, transposition table and move pruning
// do nearly all the work.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "nugget/tables/endgame.h"
#include "nugget/heuristics.h"
#include "nugget/tables/prove.h"
#include "nugget/symmetry.h"
#include "search/parallel.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

const EndgameTable& small() {
  static const EndgameTable t(0);
  return t;
}
const EndgameTable& reference() {
  static const EndgameTable t(5);
  return t;
}

// A small transposition table: the tests' searches are small.
ProveOptions fast() {
  ProveOptions o;
  o.ttBytes = 4 << 20;
  return o;
}

// Board 1's final of the test chain: solved, face A shown, a real face B.
Position solvedBoard() {
  std::ifstream in(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("final ", 0) == 0) {
      const auto tiles = parseTiles(line.substr(6));
      EXPECT_TRUE(tiles);
      Position p = Position::fromTiles(*tiles, Face::A);
      EXPECT_TRUE(p.solved());
      return p;
    }
  ADD_FAILURE() << "no final line in cycle-6.jcgn";
  return {};
}

Position walk(std::mt19937& rng, int steps) {
  Position p = solvedBoard();
  for (int i = 0; i < steps; ++i) {
    const MoveList moves = p.legalMoves();
    p.apply(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size))]);
  }
  return p;
}

// Exhaustive: min over sequences of <= 3 moves of length + reference distance.
int referenceOptimum(const Position& start) {
  int best = 99;
  auto dfs = [&](auto&& self, const Position& p, int g) -> void {
    const int d = reference().distance(p);
    if (d >= 0) best = std::min(best, g + d);
    if (g == 3) return;
    for (Move m : p.legalMoves()) {
      Position c = p;
      c.apply(m);
      self(self, c, g + 1);
    }
  };
  dfs(dfs, start, 0);
  return best <= 8 ? best : -1;
}

// Every solved layout within `limit` moves: symmetric hash -> fewest moves.
std::map<uint64_t, int> referenceEnds(const Position& start, int limit) {
  std::map<uint64_t, int> ends;
  auto dfs = [&](auto&& self, const Position& p, int g) -> void {
    const int rem = limit - g;
    const int d = reference().distance(p);
    if (d > rem || (d < 0 && rem <= reference().depth())) return;  // the table proves it out of reach
    if (p.solved()) {
      auto [it, fresh] = ends.emplace(symmetricHash(p), g);
      if (!fresh) it->second = std::min(it->second, g);
    }
    if (rem == 0) return;
    for (Move m : p.legalMoves()) {
      Position c = p;
      c.apply(m);
      self(self, c, g + 1);
    }
  };
  dfs(dfs, start, 0);
  return ends;
}

}  // namespace

// h never exceeds the distance, both with the table and beyond it.
TEST(Prove, BoundIsAdmissible) {
  std::mt19937 rng(3);
  for (int i = 0; i < 400; ++i) {
    const Position p = walk(rng, 1 + i % 8);
    const int d = reference().distance(p);
    if (d < 0) continue;
    EXPECT_LE(heur::lineBound(p), d);
    EXPECT_LE(exactBound(p, small()), d);
    EXPECT_EQ(exactBound(p, reference()), d);
  }
}

TEST(Prove, OptimumEqualsExhaustiveSearch) {
  std::mt19937 rng(17);
  int checked = 0;
  for (int i = 0; i < 40; ++i) {
    const Position p = walk(rng, 4 + i % 5);
    const int want = referenceOptimum(p);
    ASSERT_GE(want, 0);
    const ProveResult r = prove(p, small(), fast());
    ASSERT_TRUE(r.proven);
    EXPECT_EQ(r.upperBound, want) << "walk " << i;
    // The moves given really solve it, in that many moves.
    Position q = p;
    ASSERT_TRUE(playMoves(q, r.moves));
    EXPECT_TRUE(q.solved());
    EXPECT_EQ(static_cast<int>(r.moves.size()), want);
    ++checked;
  }
  EXPECT_EQ(checked, 40);
}

// A known longer solution is only an upper bound: the search still finds the optimum.
TEST(Prove, KnownSolutionOnlyBounds) {
  std::mt19937 rng(23);
  const Position p = walk(rng, 6);
  const int want = referenceOptimum(p);
  const ProveResult plain = prove(p, small(), fast());
  std::vector<Move> longer = plain.moves;
  // A detour: a p = 7 push and its undo.
  Position q = p;
  for (Move m : q.legalMoves())
    if (m.p == 7) {
      q.apply(m);
      for (Move back : q.legalMoves()) {
        Position r = q;
        r.apply(back);
        if (r == p) {
          longer.insert(longer.begin(), {m, back});
          break;
        }
      }
      break;
    }
  const ProveResult r = prove(p, small(), fast(), &longer);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.upperBound, want);
}

TEST(Prove, SameOptimumOnOneAndTwoThreads) {
  std::mt19937 rng(29);
  for (int i = 0; i < 6; ++i) {
    const Position p = walk(rng, 8);
    ProveResult one, two;
    {
      search::ThreadLimit c(1);
      one = prove(p, small(), fast());
    }
    {
      search::ThreadLimit c(2);
      two = prove(p, small(), fast());
    }
    EXPECT_EQ(one.upperBound, two.upperBound);
    EXPECT_TRUE(one.proven && two.proven);
  }
}

TEST(Prove, SolvedPositionHasOptimumZero) {
  const ProveResult r = prove(solvedBoard(), small(), fast());
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.upperBound, 0);
  EXPECT_TRUE(r.moves.empty());
}

// A node limit stops the search with a lower bound that is still true.
TEST(Prove, NodeLimitGivesATrueLowerBound) {
  std::mt19937 rng(31);
  const Position p = walk(rng, 8);
  const int want = referenceOptimum(p);
  ProveOptions o = fast();
  o.nodeLimit = 1;
  const ProveResult r = prove(p, small(), o);
  EXPECT_LE(r.lowerBound, want);
  if (!r.proven) {
    EXPECT_TRUE(r.stopped);
  }
}

// Every solved layout within optimum + slack, counted once up to symmetry,
// each with its fewest moves, and the moves given reach it.
TEST(Prove, EndsEqualExhaustiveSearch) {
  std::mt19937 rng(37);
  for (int i = 0; i < 12; ++i) {
    const Position p = walk(rng, 4 + i % 3);
    const int opt = referenceOptimum(p);
    for (int slack = 0; slack <= 2; ++slack) {
      const auto want = referenceEnds(p, opt + slack);
      const EndsResult got = solvedEnds(p, small(), opt + slack, fast());
      ASSERT_TRUE(got.complete);
      std::map<uint64_t, int> have;
      for (const End& e : got.ends) {
        Position q = p;
        ASSERT_TRUE(playMoves(q, e.moves));
        EXPECT_EQ(q, e.pos);
        EXPECT_TRUE(q.solved());
        EXPECT_TRUE(have.emplace(symmetricHash(q), static_cast<int>(e.moves.size())).second) << "an end listed twice";
      }
      EXPECT_EQ(have, want) << "walk " << i << " slack " << slack;
    }
  }
}

// The ends' questions run in parallel (one loop a layer), but the ends and
// their move lists are those of a serial walk: the same for any thread count.
TEST(Prove, SameEndsAndMovesOnOneAndTwoThreads) {
  std::mt19937 rng(41);
  for (int i = 0; i < 6; ++i) {
    const Position p = walk(rng, 5 + i % 3);
    const int limit = referenceOptimum(p) + 2;
    EndsResult one, two;
    {
      search::ThreadLimit c(1);
      one = solvedEnds(p, small(), limit, fast());
    }
    {
      search::ThreadLimit c(2);
      two = solvedEnds(p, small(), limit, fast());
    }
    ASSERT_TRUE(one.complete && two.complete);
    ASSERT_EQ(one.ends.size(), two.ends.size()) << "walk " << i;
    for (size_t k = 0; k < one.ends.size(); ++k) {
      EXPECT_EQ(one.ends[k].pos, two.ends[k].pos) << "walk " << i << " end " << k;
      EXPECT_EQ(one.ends[k].moves, two.ends[k].moves) << "walk " << i << " end " << k;
    }
  }
}
