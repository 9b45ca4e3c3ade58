#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

#include "nugget/chain/board_search.h"
#include "nugget/chain/chain.h"
#include "nugget/symmetry.h"
#include "nugget/chain/chain_beam.h"
#include "nugget/chain/cycle_tries.h"
#include "nugget/chain/enter_path.h"
#include "nugget/cycles/cycle.h"
#include "nugget/tables/endgame.h"
#include "nugget/heuristics.h"
#include "nugget/chain/shorten.h"
#include "nugget/aims/target.h"
#include "cycle_fixture.h"
#include "search/beam.h"
#include "search/ida.h"
#include "search/parallel.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

// A position `steps` legal moves before a solved layout, built by undoing
// random moves from a solved layout (hidden face all white: it does not
// matter to the shown-face rules). Returns the true distance bound.
Position walkBack(std::mt19937& rng, int steps, int* done) {
  const auto layouts = solvedLayouts();
  Position p = layouts[rng() % layouts.size()];
  *done = 0;
  for (int s = 0; s < steps; ++s) {
    std::vector<std::pair<Move, Position>> preds;
    for (int label = 0; label < kLabels; ++label)
      for (int q = 2; q <= 7; ++q) {
        const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(q)};
        Position prev = p;
        prev.undo(m);
        if (prev.farthestWhite(label) == q) preds.push_back({m, prev});
      }
    if (preds.empty()) break;
    p = preds[rng() % preds.size()].second;
    ++*done;
  }
  return p;
}

// Plays the moves, each checked to be legal with the p it names; returns the
// result, or nullopt at the first move that is not.
std::optional<Position> replay(Position p, const std::vector<Move>& moves) {
  for (Move m : moves) {
    if (p.farthestWhite(m.label) != m.p) return std::nullopt;
    p.apply(m);
  }
  return p;
}

}  // namespace

TEST(Endgame, SolvedLayoutsAre240GoalsInOneClass) {
  const auto layouts = solvedLayouts();
  ASSERT_EQ(layouts.size(), 240u);
  std::set<std::array<Bitboard, 3>> patterns;
  std::set<uint64_t> keys;
  for (const auto& p : layouts) {
    EXPECT_TRUE(p.solved());
    patterns.insert(p.plane[0]);
    keys.insert(EndgameTable::key(p));
  }
  EXPECT_EQ(patterns.size(), 240u);
  // The key ignores colour names and symmetries: one class for all (a
  // quarter turn turns horizontal stripes into vertical ones).
  EXPECT_EQ(keys.size(), 1u);
}

TEST(Endgame, KeyIgnoresColourNamesButNotLayout) {
  std::mt19937 rng(5);
  for (int i = 0; i < 200; ++i) {
    int steps = 0;
    const Position p = walkBack(rng, 1 + i % 5, &steps);
    // Rename the colours by a random permutation: same key.
    std::array<int, 6> rename{0, 1, 2, 3, 4, 5};
    std::shuffle(rename.begin() + 1, rename.end(), rng);
    Position q = p;
    for (auto& b : q.plane[0]) b = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      const int c = rename[static_cast<int>(p.colourAt(cell))];
      for (int j = 0; j < 3; ++j)
        if (c & (1 << j)) q.plane[0][j] |= cellBit(cell);
    }
    EXPECT_EQ(EndgameTable::key(q), EndgameTable::key(p));
    // Swapping a white and a coloured tile changes it.
    const Bitboard colouredCells = p.coloured(), whiteCells = p.white();
    const int a = std::countr_zero(colouredCells), b = std::countr_zero(whiteCells);
    Position r = p;
    for (auto& pl : r.plane[0]) {
      const Bitboard bit = (pl >> a) & 1;
      pl = (pl & ~cellBit(a)) | (bit << b);
    }
    EXPECT_NE(EndgameTable::key(r), EndgameTable::key(p));
  }
}

TEST(Endgame, TableDistancesAreExactAndFinishesSolve) {
  const EndgameTable table(2);
  // Layouts at distance 0, 1, 2 (240, 4800, 96000): 2, 40, 800 classes of
  // 120 colour renamings, and 1, 6, 108 up to the 8 symmetries as well (a
  // few layouts are their own image under some symmetry).
  EXPECT_EQ(table.size(), 1u + 6u + 108u);
  std::mt19937 rng(7);
  for (int i = 0; i < 300; ++i) {
    int steps = 0;
    const Position p = walkBack(rng, 1 + i % 2, &steps);
    const int d = table.distance(p);
    ASSERT_GE(d, 0);
    EXPECT_LE(d, steps);
    for (const auto& finish : table.finishes(p, 4)) {
      ASSERT_EQ(static_cast<int>(finish.size()), d);
      const auto q = replay(p, finish);
      ASSERT_TRUE(q);
      EXPECT_TRUE(q->solved());
    }
  }
  // Far from solved: not in the table.
  EXPECT_EQ(table.distance(Board::start().pos), -1);
}

TEST(Heuristics, AdmissibleOnesNeverOverestimate) {
  std::mt19937 rng(11);
  for (int i = 0; i < 2000; ++i) {
    int steps = 0;
    const Position p = walkBack(rng, 1 + i % 6, &steps);
    for (const auto& h : heur::registry()) {
      if (!h.admissible) continue;
      EXPECT_LE(h.value(p), steps * heur::kScale) << h.name;
    }
  }
}

TEST(Heuristics, AllAreZeroOnSolvedAndPositiveAtStart) {
  for (const auto& h : heur::registry()) {
    for (const auto& p : solvedLayouts()) ASSERT_EQ(h.value(p), 0) << h.name;
    EXPECT_GT(h.value(Board::start().pos), 0) << h.name;
  }
  EXPECT_EQ(heur::borderCount(Board::start().pos), 12);
  EXPECT_NE(heur::find(heur::defaultHeuristic().name), nullptr);
  EXPECT_EQ(heur::find("no-such"), nullptr);
}

TEST(Heuristics, StripeAssignmentIsExact) {
  // A horizontal layout with two rows swapped is still distance 0 (any order
  // of colours is a goal); moving one tile out costs one cell.
  Position p = solvedLayouts()[0];
  EXPECT_EQ(heur::stripeDistance(p), 0);
  std::array<uint8_t, 5> order{};
  EXPECT_EQ(heur::stripeDistance(p, true, &order) == 0 || heur::stripeDistance(p, false, &order) == 0, true);
}

TEST(Beam, SameResultWithOneOrTwoThreads) {
  BoardProblem problem;
  search::BeamOptions o;
  o.width = 300;
  auto run = [&](int threads) {
    search::ThreadLimit limit(threads);
    return search::beamSearch(problem, problem.state(Board::start().pos), o);
  };
  const auto a = run(1), b = run(2);
  ASSERT_FALSE(a.goals.empty());
  ASSERT_EQ(a.goals.size(), b.goals.size());
  for (size_t i = 0; i < a.goals.size(); ++i) EXPECT_EQ(a.goals[i].path, b.goals[i].path);
  EXPECT_EQ(a.stats.generated, b.stats.generated);
}

// A board problem with goals at every level (a fixed 1 in 61 of all shown
// faces), so that the goals found, with their paths, show what the beam kept
// at each level.
struct ManyGoals : BoardProblem {
  bool isGoal(const BoardState& s) const { return s.pos.shownHash() % 61 == 0; }
};

// The beam's definition, written plainly: all children as (score, salted
// hash, parent, move) keys sorted in full; the first `width` of them with
// distinct (score, hash), skipping hashes kept at earlier levels and the
// parent's parent; goals are not expanded. beamSearch must give exactly this.
template <class P>
std::vector<std::pair<std::vector<Move>, int32_t>> plainBeam(const P& p, const search::BeamOptions& o) {
  using Key = std::tuple<int32_t, uint64_t, uint32_t, int>;
  struct Node {
    BoardState s;
    uint64_t hash, parentHash;
    std::vector<Move> path;
  };
  const BoardState start = p.state(Board::start().pos);
  std::vector<Node> beam{{start, p.hash(start), p.hash(start), {}}};
  std::set<uint64_t> seen{p.hash(start)};
  std::vector<std::pair<std::vector<Move>, int32_t>> goals;
  int goalDepth = -1;
  for (int depth = 1; depth <= o.maxDepth && !beam.empty(); ++depth) {
    if (goalDepth >= 0 && depth > goalDepth + o.extraDepth) break;
    std::vector<Key> keys, goalKeys;
    for (uint32_t i = 0; i < beam.size(); ++i) {
      Move moves[P::kMaxMoves];
      const int n = p.moves(beam[i].s, moves);
      for (int j = 0; j < n; ++j) {
        const BoardState c = p.apply(beam[i].s, moves[j]);
        const uint64_t h = p.hash(c);
        if (h == beam[i].parentHash || seen.count(h)) continue;
        (p.isGoal(c) ? goalKeys : keys).push_back({p.score(c), search::mixSalt(h, o.salt), i, j});
      }
    }
    auto build = [&](const Key& k) {
      const Node& parent = beam[std::get<2>(k)];
      Move moves[P::kMaxMoves];
      p.moves(parent.s, moves);
      Node n{p.apply(parent.s, moves[std::get<3>(k)]), 0, parent.hash, parent.path};
      n.hash = p.hash(n.s);
      n.path.push_back(moves[std::get<3>(k)]);
      return n;
    };
    auto same = [](const Key& a, const Key& b) { return std::get<0>(a) == std::get<0>(b) && std::get<1>(a) == std::get<1>(b); };
    std::sort(goalKeys.begin(), goalKeys.end());
    for (size_t i = 0; i < goalKeys.size() && goals.size() < o.maxGoals; ++i) {
      if (i > 0 && same(goalKeys[i], goalKeys[i - 1])) continue;
      goals.push_back({build(goalKeys[i]).path, std::get<0>(goalKeys[i])});
    }
    if (!goalKeys.empty() && goalDepth < 0) goalDepth = depth;
    std::sort(keys.begin(), keys.end());
    std::vector<Node> next;
    for (size_t i = 0; i < keys.size() && next.size() < static_cast<size_t>(o.width); ++i)
      if (i == 0 || !same(keys[i], keys[i - 1])) next.push_back(build(keys[i]));
    for (const Node& n : next) seen.insert(n.hash);
    beam = std::move(next);
  }
  return goals;
}

// The selection by score histogram (keys scattered and sorted per bucket),
// the kept children built in the next level's expansion and the seen-set
// filled from the chosen keys, against the plain definition: every width from tiny to
// wider than a level, heuristics with few distinct scores (border: many
// ties) and many, salted or not, on one and two threads.
TEST(Beam, EqualsThePlainDefinition) {
  for (const char* name : {"chain", "border", "stripe"})
    for (int width : {1, 5, 64, 300, 3000})
      for (uint64_t salt : {0, 7}) {
        if (width > 300 && name[0] == 's') continue;  // stripe has no fast form: slow and no other path
        ManyGoals p;
        p.heuristic = heur::find(name);
        search::BeamOptions o;
        o.width = width;
        o.maxDepth = width > 300 ? 5 : 9;
        o.extraDepth = 99;
        o.maxGoals = 1 << 20;
        o.salt = salt;
        const auto want = plainBeam(p, o);
        ASSERT_GT(want.size(), 0u);
        for (int threads : {1, 2}) {
          search::ThreadLimit limit(threads);
          const auto got = search::beamSearch(p, p.state(Board::start().pos), o);
          ASSERT_EQ(got.goals.size(), want.size()) << name << " width " << width << " salt " << salt << " threads " << threads;
          for (size_t i = 0; i < want.size(); ++i) {
            ASSERT_EQ(got.goals[i].path, want[i].first) << name << " width " << width << " goal " << i;
            ASSERT_EQ(got.goals[i].score, want[i].second);
          }
        }
      }
}

TEST(Chain, SolvesBoardsAndEndsSolved) {
  Options opt;
  opt.beamWidth = 200;
  opt.endgameDepth = 2;
  const ChainSolver solver(opt);
  Board b = Board::start();
  for (int k = 1; k <= 3; ++k) {
    const BoardReport r = solver.solveBoard(b, k);
    ASSERT_GE(r.moves.size(), 12u);  // the hard floor
    ASSERT_LE(r.moves.size(), 99u);
    for (Move m : r.moves) {
      ASSERT_EQ(b.pos.farthestWhite(m.label), m.p);
      b.apply(m);
    }
    ASSERT_TRUE(b.pos.solved());
    b.flip();
  }
}

// Replays committed boards from the start of board 1: every move legal, every
// board solved, every final as recorded. Returns the next board's start.
Board replayCommitted(const std::vector<ChainBeam::Committed>& boards) {
  Board b = Board::start();
  for (const auto& c : boards) {
    EXPECT_GE(c.moves.size(), 12u);
    for (Move m : c.moves) {
      EXPECT_EQ(b.pos.farthestWhite(m.label), m.p);
      b.apply(m);
    }
    EXPECT_TRUE(b.pos.solved());
    EXPECT_EQ(b.tiles, c.final);
    b.flip();
  }
  return b;
}

TEST(ChainBeam, CommitsSolvedBoardsAndResumesExactly) {
  Options opt;
  opt.beamWidth = 100;
  opt.endgameDepth = 2;
  opt.shortenWindow = 3;
  const ChainSolver solver(opt);
  auto take = [](std::vector<ChainBeam::Committed>& into, std::vector<ChainBeam::Committed> more) {
    into.insert(into.end(), more.begin(), more.end());
  };
  ChainBeam a(solver, 3, Board::start(), 1);
  std::vector<ChainBeam::Committed> committed;
  for (int k = 0; k < 3; ++k) {
    a.advance();
    take(committed, a.takeShared());
  }
  EXPECT_EQ(a.solvedBoards(), 3);
  EXPECT_EQ(a.nextBoard(), static_cast<int>(committed.size()) + 1);
  ASSERT_FALSE(a.live().empty());
  EXPECT_LE(a.live().size(), 3u);

  // A second beam rebuilt from the committed boards and the pending nodes,
  // as a resumed run does, must go on exactly like the first.
  std::vector<std::pair<int, std::vector<Move>>> pending;
  for (const auto& n : a.nodes()) pending.emplace_back(n.parent, n.moves);
  ChainBeam b(solver, 3, replayCommitted(committed), a.nextBoard());
  ASSERT_TRUE(b.restore(pending, a.live(), a.solvedBoards()));
  std::vector<ChainBeam::Committed> fromA = committed, fromB = committed;
  for (int k = 0; k < 2; ++k) {
    a.advance();
    b.advance();
    take(fromA, a.takeShared());
    take(fromB, b.takeShared());
  }
  take(fromA, a.takeBest());
  take(fromB, b.takeBest());
  ASSERT_EQ(fromA.size(), 5u);
  ASSERT_EQ(fromB.size(), 5u);
  for (size_t i = 0; i < fromA.size(); ++i) {
    EXPECT_EQ(fromA[i].moves, fromB[i].moves) << "board " << i + 1;
    EXPECT_EQ(fromA[i].final, fromB[i].final) << "board " << i + 1;
  }
  replayCommitted(fromA);
  EXPECT_TRUE(a.live().empty());

  // Pending moves that do not replay are refused.
  pending.front().second.pop_back();
  ChainBeam c(solver, 3, replayCommitted(committed), static_cast<int>(committed.size()) + 1);
  EXPECT_FALSE(c.restore(pending, {0}, 3));
}

TEST(Chain, BestPrefixFollowsTheRankingRules) {
  std::vector<int> v(20, 30);
  EXPECT_EQ(bestPrefix(v), 20);
  v.push_back(10);  // lowers the mean: keep it
  EXPECT_EQ(bestPrefix(v), 21);
  v.push_back(90);  // raises it: drop it
  EXPECT_EQ(bestPrefix(v), 21);
  std::vector<int> flat(25, 20);  // equal means: more boards rank better
  EXPECT_EQ(bestPrefix(flat), 25);
}

TEST(Shorten, RemovesADetourAndKeepsTheEndState) {
  // A row pushed right then left with p = 7 both times is the identity on
  // every cell: the pair must disappear.
  Board b = Board::start();
  std::vector<Move> moves;
  for (const char* t : {"P", "5", "L"}) {
    Move m;
    ASSERT_FALSE(b.play(*parseMove(t), &m));
    moves.push_back(m);
  }
  Position mid = b.pos;
  // Find a move whose immediate inverse is also a legal move (a full rotation
  // of a line whose two ends are white).
  bool found = false;
  for (Move m : mid.legalMoves()) {
    Position x = mid;
    x.apply(m);
    for (Move back : x.legalMoves()) {
      Position y = x;
      y.apply(back);
      if (y == mid) {
        moves.push_back(m);
        moves.push_back(back);
        found = true;
        break;
      }
    }
    if (found) break;
  }
  ASSERT_TRUE(found);
  const Position start = Board::start().pos;
  const std::vector<Move> shorter = solve::shorten(start, moves, {4});
  EXPECT_LE(shorter.size(), moves.size() - 2);
  EXPECT_EQ(replay(start, shorter), replay(start, moves));
}

TEST(Shorten, NeverLongerAndSameEndOnRandomWalks) {
  std::mt19937 rng(5);
  for (int t = 0; t < 20; ++t) {
    Position start = Board::start().pos, end = start;
    std::vector<Move> moves;
    for (int i = 0; i < 12; ++i) {
      const MoveList l = end.legalMoves();
      const Move m = l[static_cast<int>(rng() % l.size)];
      end.apply(m);
      moves.push_back(m);
    }
    const auto s = solve::shorten(start, moves, {4});
    EXPECT_LE(s.size(), moves.size());
    EXPECT_EQ(replay(start, s), end);
  }
}

TEST(Ida, FindsOptimalFinishesNearTheGoal) {
  // Positions a few moves from solved: IDA* with an admissible bound finds a
  // solution no longer than the walk back, and it replays to a solved board.
  std::mt19937 rng(23);
  BoardProblem problem;
  problem.heuristic = heur::find("lines");
  search::IdaOptions o;
  o.nodeLimit = 2'000'000;
  for (int i = 0; i < 20; ++i) {
    int steps = 0;
    const Position p = walkBack(rng, 1 + i % 3, &steps);
    const auto r = search::idaStar(problem, problem.state(p), o);
    ASSERT_TRUE(r.solved) << "walk back " << steps;
    EXPECT_LE(static_cast<int>(r.path.size()), steps);
    const auto q = replay(p, r.path);
    ASSERT_TRUE(q);
    EXPECT_TRUE(q->solved());
  }
}

TEST(Ida, CanonicalOrderKeepsOneOfTwoCommutingPushes) {
  const BoardProblem problem;
  const Move row2{static_cast<uint8_t>(27 - 2), 7}, row4{static_cast<uint8_t>(27 - 4), 7}, col3{3, 7};
  EXPECT_TRUE(problem.canonical(row2, row4));
  EXPECT_FALSE(problem.canonical(row4, row2));
  EXPECT_TRUE(problem.canonical(row4, col3));  // a row and a column share a cell
}

// --- cycles (solve/cycle.h) ---

TEST(Cycle, FoundWhenAStartComesBackOnTheSameFace) {
  const Tiles start = startTiles();
  Tiles other = start;
  std::swap(other[0], other[48]);  // tile 1 (Y/W) and 49 (B/B): different colours
  jcgn::BoardRecord a{{}, start}, b{{}, other};
  EXPECT_FALSE(closedCycle(Board::start(), {a}));
  EXPECT_FALSE(closedCycle(Board::start(), {b, b}));  // board 3 starts from `other`, not from the start
  auto c = closedCycle(Board::start(), {b, a});        // board 3 starts as board 1 did
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 1);
  EXPECT_EQ(c->period, 2);
  c = closedCycle(Board::start(), {a, b, a});  // boards 2 and 4 start alike (face B)
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 2);
  EXPECT_EQ(c->period, 2);
  // Only colours count: tiles 2 and 6 are white on both faces.
  Tiles same = start;
  std::swap(same[1], same[5]);
  c = closedCycle(Board::start(), {b, {{}, same}});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 1);
  // An odd distance back is another face: never a cycle.
  EXPECT_FALSE(closedCycle(Board::start(), {a, b, b}));
}

TEST(Cycle, RealCycleIsFoundAndPlayedAgain) {
  // Board 1 was aimed at the end of a cycle board (enterCycleSooner), then
  // boards 2 and 3 alternate: board 4 starts as board 2 did.
  const auto v = jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  ASSERT_TRUE(v.ok) << v.message("cycle-6.jcgn");
  std::vector<jcgn::BoardRecord> boards(v.entry.boards.begin(), v.entry.boards.begin() + 2);
  EXPECT_FALSE(closedCycle(Board::start(), boards));
  boards.push_back(v.entry.boards[2]);
  const auto c = closedCycle(Board::start(), boards);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 2);
  EXPECT_EQ(c->period, 2);
  EXPECT_EQ(c->moves, static_cast<long>(boards[1].moves.size() + boards[2].moves.size()));
  repeatCycle(Board::start(), boards, *c, 30);
  ASSERT_EQ(boards.size(), 30u);
  // Played again exactly, and the whole chain verifies as an entry.
  for (size_t i = 3; i < 6; ++i) {
    EXPECT_EQ(boards[i].moves, v.entry.boards[i].moves);
    EXPECT_EQ(boards[i].final, v.entry.boards[i].final);
  }
  jcgn::Entry e;
  e.boards = boards;
  std::istringstream in(jcgn::toString(e));
  const auto again = jcgn::verify(in);
  EXPECT_TRUE(again.ok) << again.message("repeated");
  // Board 1, then boards 2 and 3 fifteen and fourteen times.
  EXPECT_EQ(again.entry.totalMoves(),
            static_cast<long>(boards[0].moves.size() + 15 * boards[1].moves.size() + 14 * boards[2].moves.size()));
}

TEST(Target, DistanceIsZeroExactlyAtTheTarget) {
  std::mt19937 rng(3);
  for (int i = 0; i < 100; ++i) {
    int steps = 0;
    const Position target = walkBack(rng, 1 + i % 8, &steps);
    const TargetDistance d(target);
    EXPECT_EQ(d(target), 0);
    Position other = target;
    const MoveList moves = other.legalMoves();
    other.apply(moves.moves[rng() % moves.size]);
    if (other.plane != target.plane) {
      EXPECT_GT(d(other), 0);
    }
  }
}

// Two tiles of one colour pair cannot both stand on one target cell: tile 41
// (blue on A, white on B) moved next to tile 3 (the same pair) at cell 2
// must still go to 41's cell (40). Nearest cells alone would count 1 (it
// is one step from cell 2); the assignment counts 9 (Manhattan (0,1) to
// (5,5), coloured tiles step one cell a move), plus tile 2's one step.
TEST(Target, TilesOfAPairAreAssignedToDistinctCells) {
  const Tiles start = startTiles();
  Tiles moved = start;
  std::swap(moved[1], moved[40]);  // tile 2 (white on both faces) <-> tile 41
  ASSERT_EQ(moved[1], 41);
  const TargetDistance d(Position::fromTiles(start, Face::A));
  const int score = d(Position::fromTiles(moved, Face::A));
  EXPECT_GE(score, 9);
  EXPECT_LE(score, 10);
}

TEST(Target, ReachesARandomStateExactly) {
  std::mt19937 rng(9);
  for (int i = 0; i < 6; ++i) {
    Position start = Board::start().pos, target = start;
    for (int k = 0; k < 4 + i % 3; ++k) {
      const MoveList moves = target.legalMoves();
      target.apply(moves.moves[rng() % moves.size]);
    }
    TargetOptions opt;
    opt.width = 500;
    const auto path = solveToState(start, target, opt);
    ASSERT_TRUE(path);
    Position at = start;
    for (Move m : *path) {
      ASSERT_EQ(at.farthestWhite(m.label), m.p);
      at.apply(m);
    }
    EXPECT_EQ(at.plane, target.plane);  // both faces
    EXPECT_LE(path->size(), 6u);
  }
}

// A push with p = 7 is undone by the opposite push (then p = 7 too): the
// moves with such a detour inserted after move k (the first k >= from where
// one exists) end where they did, two moves longer; none: no such k.
static std::optional<std::vector<Move>> withDetour(const Position& start, const std::vector<Move>& moves, size_t from) {
  auto opposite = [](int label) { return label < 7 ? 20 - label : label < 14 ? 27 - (label - 7) : label < 21 ? 20 - label : 34 - label; };
  Position at = start;
  for (size_t k = 0; k <= moves.size(); ++k) {
    if (k >= from)
      for (Move m : at.legalMoves()) {
        if (m.p != 7) continue;
        Position there = at;
        there.apply(m);
        const Move back{static_cast<uint8_t>(opposite(m.label)), 7};
        if (there.farthestWhite(back.label) != 7) continue;
        there.apply(back);
        if (there.plane != at.plane) continue;
        std::vector<Move> longer(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(k));
        longer.push_back(m);
        longer.push_back(back);
        longer.insert(longer.end(), moves.begin() + static_cast<std::ptrdiff_t>(k), moves.end());
        return longer;
      }
    if (k < moves.size()) at.apply(moves[k]);
  }
  return std::nullopt;
}

// Polishing must find the way without the detour, keep the end (both
// faces), and give moves that replay.
TEST(Target, PolishRemovesADetourAndKeepsTheEnd) {
  std::mt19937 rng(5);
  int checked = 0;
  for (int trial = 0; trial < 40 && checked < 3; ++trial) {
    const Position start = Board::start().pos;
    Position at = start;
    std::vector<Move> path;
    for (int k = 0; k < 10; ++k) {
      const MoveList moves = at.legalMoves();
      const Move m = moves.moves[rng() % moves.size];
      path.push_back(m);
      at.apply(m);
    }
    const auto longer = withDetour(start, path, 5);
    if (!longer) continue;
    const std::vector<Move> polished = polish(start, *longer);
    EXPECT_LE(polished.size(), path.size());
    Position end = start;
    for (Move m : polished) {
      ASSERT_EQ(end.farthestWhite(m.label), m.p);
      end.apply(m);
    }
    EXPECT_EQ(end.plane, at.plane);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// The winning aim polished in its chain: board 2 of the six-board cycle
// with a detour in it is the "aim"; polishAimed shortens it, keeps every
// later board's moves, and the chain still replays from the start (the
// finals written again).
TEST(Cycle, PolishAimedShortensTheAimedBoardAndKeepsTheRest) {
  std::vector<jcgn::BoardRecord> boards;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards));
  const Board start2 = Board::fromTiles(boards[0].final, Face::B);
  const auto longer = withDetour(start2.pos, boards[1].moves, boards[1].moves.size() / 2);
  ASSERT_TRUE(longer);
  std::vector<jcgn::BoardRecord> chain = boards;
  chain[1].moves = *longer;
  const Polished p = polishAimed(Board::start(), chain, *longer, 2);
  EXPECT_EQ(p.board, 2);
  EXPECT_EQ(p.before, static_cast<int>(longer->size()));
  EXPECT_LE(p.after, static_cast<int>(boards[1].moves.size()));
  EXPECT_EQ(static_cast<int>(chain[1].moves.size()), p.after);
  ASSERT_EQ(chain.size(), boards.size());
  EXPECT_EQ(chain[0].moves, boards[0].moves);
  for (size_t i = 2; i < chain.size(); ++i) EXPECT_EQ(chain[i].moves, boards[i].moves) << i;
  jcgn::Entry e;
  e.boards = chain;
  std::istringstream in(jcgn::toString(e));
  const auto v = jcgn::verify(in, true);
  EXPECT_TRUE(v.ok) << v.message("polished");
  // An aim that is none of boards 1..2: nothing to polish.
  std::vector<jcgn::BoardRecord> same = boards;
  EXPECT_EQ(polishAimed(Board::start(), same, *longer, 2).board, 0);
  EXPECT_EQ(same[1].moves, boards[1].moves);
}

TEST(Cycle, EnteredByAnExactEndAndPlayedOn) {
  std::vector<jcgn::BoardRecord> boards;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards));
  const auto c = closedCycle(Board::start(), boards);
  ASSERT_TRUE(c);
  const CycleBoards cycle = cycleBoards(Board::start(), boards, *c);
  ASSERT_EQ(cycle.boards.size(), 2u);
  EXPECT_EQ(cycle.moves(), c->moves);
  // Board 3 starts in the cycle (as board 1 of the turn's second board);
  // aimed at the end of the turn's board 2 (face A, as board 3), then on.
  const std::vector<jcgn::BoardRecord> prefix(boards.begin(), boards.begin() + 2);
  TargetOptions opt;
  opt.width = 3000;
  std::vector<std::pair<int, int>> aims;
  const std::vector<CycleBoards> path{cycle};
  const auto chain = enterPath(Board::start(), prefix, path, 0, 12, opt, [&](int j, int k, int moves) {
    aims.emplace_back(j, k);
    EXPECT_GT(moves, 0);
  });
  ASSERT_TRUE(chain);
  EXPECT_EQ(aims, (std::vector<std::pair<int, int>>{{3, 2}}));  // only the face-A board of the turn
  ASSERT_EQ(chain->size(), 12u);
  jcgn::Entry e;
  e.boards = *chain;
  std::istringstream in(jcgn::toString(e));
  EXPECT_TRUE(jcgn::verify(in, true).ok);
  // After the aimed board the chain goes round the cycle: boards 4, 5, ... are its boards 1, 2, ...
  for (size_t i = 3; i < chain->size(); ++i) EXPECT_EQ((*chain)[i].moves, cycle.boards[(i - 3) % 2]);
}

TEST(Cycle, PathPlaysEachCycleThenItsLeadThenTheLast) {
  std::vector<jcgn::BoardRecord> boards;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards));
  const auto c = closedCycle(Board::start(), boards);
  const CycleBoards first = cycleBoards(Board::start(), boards, *c);
  // A second cycle reached from the first's start by one turn of it (a
  // lead of two boards): the same turn, so the chain is the repeated one.
  CycleBoards second = first;
  second.lead = first.boards;
  std::vector<jcgn::BoardRecord> expected = boards;
  repeatCycle(Board::start(), expected, *c, 12);
  // Left just before the first cycle's board 2 (index 1): its rest of the turn, the lead, then round.
  std::vector<jcgn::BoardRecord> chain(boards.begin(), boards.begin() + 2);
  playPath(Board::start(), chain, {first, second}, 0, 1, 12);
  ASSERT_EQ(chain.size(), expected.size());
  // pathMoves counts the same boards' moves without playing them.
  long played = 0;
  for (size_t i = 2; i < chain.size(); ++i) played += static_cast<long>(chain[i].moves.size());
  EXPECT_EQ(pathMoves({first, second}, 0, 1, 10), played);
  EXPECT_EQ(pathMoves({first, second}, 0, 1, 0), 0);
  for (size_t i = 0; i < chain.size(); ++i) {
    EXPECT_EQ(chain[i].moves, expected[i].moves) << "board " << i + 1;
    EXPECT_EQ(chain[i].final, expected[i].final) << "board " << i + 1;
  }
  // A lead that does not fit where it is played is refused, not written.
  CycleBoards wrong = first;
  wrong.lead = {first.boards[1]};  // board 2 of the turn played where board 1 belongs
  std::vector<jcgn::BoardRecord> bad = boards;
  EXPECT_THROW(playPath(Board::start(), bad, {first, wrong}, 0, 0, 12), std::logic_error);
}

// The 2-board cycle of the data file's first 3 boards, and a solver at
// test-sized settings: what the cycle searches below start from.
CycleBoards cycleOfTheDataFile() {
  const auto v = jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  if (!v.ok) throw std::runtime_error("cycle-6.jcgn does not verify");
  std::vector<jcgn::BoardRecord> boards(v.entry.boards.begin(), v.entry.boards.begin() + 3);
  return cycleBoards(Board::start(), boards, *closedCycle(Board::start(), boards));
}
Options testSizedOptions() {
  Options opt;
  opt.endgameDepth = 2;
  opt.beamWidth = 60;
  opt.chainBeam = 2;
  opt.shortenWindow = 3;
  return opt;
}

// At test-sized settings the search seldom closes a cycle within 6 boards;
// what it returns must be a real one, and it must stop at the bound.
TEST(Cycle, SearchFromACycleReturnsNothingOrARealCycle) {
  const CycleBoards from = cycleOfTheDataFile();
  const ChainSolver solver(testSizedOptions());
  const auto found = cycleFrom(solver, from, 6);
  if (!found) return;
  // Its boards, played from its start, come back to it.
  Board b = found->start;
  for (const auto& moves : found->boards) {
    for (Move m : moves) {
      ASSERT_EQ(b.pos.farthestWhite(m.label), m.p);
      b.apply(m);
    }
    EXPECT_TRUE(b.pos.solved());
    b.flip();
  }
  EXPECT_EQ(b.pos.plane, found->start.pos.plane);
}

// A kicked search starts with another solution of the first board: a cycle
// it returns is real, and its lead (if any) starts with one of the first
// board's solutions.
TEST(Cycle, AKickedSearchReturnsNothingOrARealCycleThroughOneOfTheFirstBoardsSolutions) {
  const CycleBoards from = cycleOfTheDataFile();
  const ChainSolver solver(testSizedOptions());
  for (Kick kick : {Kick{1, false}, Kick{2, false}, Kick{1000, false}, Kick{2, true}}) {  // 1000: the last there is
    const auto found = cycleFrom(solver, from, 4, {}, kick);
    if (!found) continue;
    const auto again = replayCycle(from.start, found->lead, found->boards);
    ASSERT_TRUE(again) << "kick " << kick.nth;
    if (found->lead.empty()) continue;
    const auto ends = solver.endStates(from.start, 1);
    EXPECT_TRUE(std::any_of(ends.begin(), ends.end(), [&](const EndState& e) { return e.moves == found->lead[0]; }) ||
                found->lead[0] == from.boards[0])
        << "kick " << kick.nth;
  }
}

// A kick to the n-th end layout skips end states that end where an earlier
// one does (up to the 8 symmetries): kicks 1, 2, ... reach ever other
// layouts, each the first end state of its layout; a plain kick n is the
// n-th end state; past the last, the last.
TEST(Cycle, AKickToTheNthEndLayoutSkipsEndStatesEndingAlike) {
  const CycleBoards from = cycleOfTheDataFile();
  const ChainSolver solver(testSizedOptions());
  const auto ends = solver.endStates(from.start, 1);
  std::vector<uint64_t> layouts;
  for (const EndState& e : ends)
    if (std::find(layouts.begin(), layouts.end(), symmetricHash(e.end)) == layouts.end())
      layouts.push_back(symmetricHash(e.end));
  ASSERT_GE(layouts.size(), 3u) << "the fixture should give several end layouts";
  ASSERT_GT(ends.size(), layouts.size()) << "and several end states ending alike";
  for (size_t n = 0; n < layouts.size(); ++n) {
    const EndState& e = kicked(ends, {static_cast<int>(n), true});
    EXPECT_EQ(symmetricHash(e.end), layouts[n]) << n;
    const auto first = std::find_if(ends.begin(), ends.end(),
                                    [&](const EndState& x) { return symmetricHash(x.end) == layouts[n]; });
    EXPECT_EQ(&e, &*first) << n;
  }
  EXPECT_EQ(symmetricHash(kicked(ends, {1000, true}).end), layouts.back());
  EXPECT_EQ(&kicked(ends, {1, false}), &ends[1]);
  EXPECT_EQ(&kicked(ends, {1000, false}), &ends.back());
}

TEST(Cycle, RotatedStartsAtTheNextBoardWithALongerLead) {
  std::vector<jcgn::BoardRecord> boards;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards));
  const CycleBoards c = cycleBoards(Board::start(), boards, *closedCycle(Board::start(), boards));
  const CycleBoards r = rotated(c, 1);
  EXPECT_EQ(r.start.pos.plane, jcgn::nextStart(jcgn::Entry{{boards[0], boards[1]}}).pos.plane);  // where board 3 starts
  EXPECT_EQ(r.boards, (std::vector<std::vector<Move>>{c.boards[1], c.boards[0]}));
  EXPECT_EQ(r.lead, (std::vector<std::vector<Move>>{c.boards[0]}));
  EXPECT_EQ(r.moves(), c.moves());
  EXPECT_EQ(rotated(c, 2).start.pos.plane, c.start.pos.plane);  // a whole turn
  EXPECT_TRUE(sameCycle(c, r));
  EXPECT_TRUE(sameCycle(c, c));
  EXPECT_FALSE(sameCycle(c, CycleBoards{Board::start(), {boards[0].moves}, {}}));  // starts elsewhere
  // The rotated cycle in a path after the original one plays the same chain.
  std::vector<jcgn::BoardRecord> expected = boards, chain = boards;
  repeatCycle(Board::start(), expected, *closedCycle(Board::start(), boards), 10);
  CycleBoards second = r;  // its lead goes from c.start to r.start
  playPath(Board::start(), chain, {c, second}, 0, 0, 10);
  for (size_t i = 0; i < chain.size(); ++i) EXPECT_EQ(chain[i].moves, expected[i].moves) << "board " << i + 1;
}

// With all 8 images, the aims begin with exactly those of the two nearest
// (same boards, ends and results, same order), so a time limit that ends
// the aims early cuts only the farther images.
TEST(Cycle, TheTwoNearestImagesOfEveryEndAreAimedAtFirst) {
  std::vector<jcgn::BoardRecord> found;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(found));
  const auto c = closedCycle(Board::start(), found);
  ASSERT_TRUE(c);
  const std::vector<CycleBoards> path = {cycleBoards(Board::start(), found, *c)};
  using Report = std::vector<std::tuple<int, int, int>>;
  auto aims = [&](int images, size_t cut) {
    EnterOptions opt;
    opt.images = images;
    opt.target.width = 100;
    opt.widen = 1;
    Report seen;
    auto report = [&](int j, int k, int moves) { seen.emplace_back(j, k, moves); };
    auto enough = [&] { return seen.size() >= cut; };
    cheapestChain(Board::start(), found, path, 20, opt, {}, report, enough);
    return seen;
  };
  const Report two = aims(2, SIZE_MAX);
  ASSERT_FALSE(two.empty());
  EXPECT_EQ(aims(8, two.size()), two);
  EXPECT_EQ(aims(8, SIZE_MAX).size(), 4 * two.size());
}

// The fixture's cycle, then the same cycle reached from its start by two
// turns of it: a path of two cycles that share every board (empty when the
// fixture closes no cycle).
std::vector<CycleBoards> oneCycleTwiceOnAPath(const std::vector<jcgn::BoardRecord>& found) {
  const auto c = closedCycle(Board::start(), found);
  if (!c) return {};
  const CycleBoards first = cycleBoards(Board::start(), found, *c);
  CycleBoards second = first;
  second.lead = first.boards;
  second.lead.insert(second.lead.end(), first.boards.begin(), first.boards.end());
  return {first, second};
}

// A path whose two cycles share their boards has each aim once (the same
// board, the same target: the same moves), and widen 2 runs every aim
// again at twice the width, in the same order, after all of them: the
// reports are the one-pass reports twice over (`entering` says the width),
// the chain at most as long, and a resume from any point of either pass
// (AimProgress) ends with the same chain.
TEST(Cycle, EachTargetIsAimedAtOnceThenAgainWider) {
  std::vector<jcgn::BoardRecord> found;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(found));
  const std::vector<CycleBoards> path = oneCycleTwiceOnAPath(found);
  ASSERT_EQ(path.size(), 2u);
  const CycleBoards& first = path[0];
  using Report = std::vector<std::tuple<int, int, int>>;
  struct Run {
    Report seen;
    std::vector<std::pair<size_t, int>> entered;  // (cycle, width)
    std::vector<jcgn::BoardRecord> chain;
  };
  auto aims = [&](const std::vector<CycleBoards>& path, int widen, AimProgress* progress = nullptr,
                  size_t cut = SIZE_MAX) {
    EnterOptions opt;
    opt.images = 2;
    opt.target.width = 100;
    opt.widen = widen;
    Run r;
    auto report = [&](int j, int k, int moves) { r.seen.emplace_back(j, k, moves); };
    auto entering = [&](size_t cycle, int width) { r.entered.emplace_back(cycle, width); };
    auto enough = [&] { return r.seen.size() >= cut; };
    r.chain = cheapestChain(Board::start(), found, path, 20, opt, entering, report, enough, soloTeam(), progress);
    return r;
  };
  const Run one = aims({first}, 1);
  ASSERT_FALSE(one.seen.empty());
  EXPECT_EQ(aims(path, 1).seen, one.seen);  // not twice: the second cycle's ends are the first's
  const Run two = aims({first}, 2);
  ASSERT_EQ(two.seen.size(), 2 * one.seen.size());
  for (size_t i = 0; i < one.seen.size(); ++i) {
    EXPECT_EQ(std::get<0>(two.seen[i + one.seen.size()]), std::get<0>(one.seen[i]));
    EXPECT_EQ(std::get<1>(two.seen[i + one.seen.size()]), std::get<1>(one.seen[i]));
  }
  EXPECT_EQ(two.entered, (std::vector<std::pair<size_t, int>>{{0, 100}, {0, 200}}));
  auto total = [](const std::vector<jcgn::BoardRecord>& chain) { return jcgn::Entry{chain}.totalMoves(); };
  EXPECT_LE(total(two.chain), total(one.chain));
  for (size_t cut : {size_t{1}, one.seen.size() + 1}) {  // in either pass
    AimProgress at;
    aims({first}, 2, &at, cut);
    ASSERT_EQ(at.done, static_cast<int>(cut)) << cut;
    const Run resumed = aims({first}, 2, &at);
    EXPECT_EQ(total(resumed.chain), total(two.chain)) << cut;
    EXPECT_EQ(resumed.seen.size(), two.seen.size() - cut) << cut;
  }
}

// The second pass runs only when it is wider: not with widen 1, nor from a
// width at the cap (kMaxEnterWidth), and at most at the cap.
TEST(Cycle, TheSecondPassOfAimsIsWiderOrNone) {
  EnterOptions opt;
  opt.target.width = 100;
  opt.widen = 1;
  EXPECT_EQ(aimPasses(opt), 1);
  opt.widen = 4;
  EXPECT_EQ(aimPasses(opt), 2);
  EXPECT_EQ(widerWidth(opt), 400);
  opt.target.width = 30'000'000;
  EXPECT_EQ(aimPasses(opt), 2);
  EXPECT_EQ(widerWidth(opt), kMaxEnterWidth);
  opt.target.width = kMaxEnterWidth;
  EXPECT_EQ(aimPasses(opt), 1);
}

// The aims cheapestChain skips (their chain cannot beat the cheapest so
// far) never hold the cheapest: it ends as cheap as running every aim of
// every board and cycle (enterPath, which skips none) and the fallbacks.
TEST(Cycle, SkippingHopelessAimsKeepsTheCheapestChain) {
  std::vector<jcgn::BoardRecord> found;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(found));
  const std::vector<CycleBoards> path = oneCycleTwiceOnAPath(found);
  ASSERT_EQ(path.size(), 2u);
  const CycleBoards& first = path[0];
  auto total = [](const std::vector<jcgn::BoardRecord>& chain) { return jcgn::Entry{chain}.totalMoves(); };
  EnterOptions opt;
  opt.images = 8;
  opt.target.width = 100;
  opt.widen = 1;  // enterPath below aims at one width
  int run = 0;
  const long best =
      total(cheapestChain(Board::start(), found, path, 20, opt, {}, [&](int, int, int) { ++run; }));
  std::vector<jcgn::BoardRecord> round = found, along = found;
  playPath(Board::start(), round, {first}, 0, 0, 20);
  playPath(Board::start(), along, path, 0, 0, 20);
  long every = std::min(total(round), total(along));
  int all = 0;
  for (size_t i = 0; i < path.size(); ++i)
    for (int j = 1; j <= opt.boards; ++j) {
      const std::vector<jcgn::BoardRecord> before(found.begin(), found.begin() + (j - 1));
      const auto entered =
          enterPath(Board::start(), before, path, i, 20, opt.target, [&](int, int, int) { ++all; }, opt.images);
      if (entered) every = std::min(every, total(*entered));
    }
  EXPECT_EQ(best, every);
  EXPECT_LE(run, all);
}

TEST(Cycle, CheapestChainFallsBackToTheCycleAsFound) {
  std::vector<jcgn::BoardRecord> found;
  ASSERT_NO_FATAL_FAILURE(cycleSixBoards(found));
  const auto c = closedCycle(Board::start(), found);
  std::vector<jcgn::BoardRecord> expected = found;
  repeatCycle(Board::start(), expected, *c, 20);
  EnterOptions none;
  none.boards = 0;  // no aiming: only the chain as found, round its cycle
  const auto chain = cheapestChain(Board::start(), found, {cycleBoards(Board::start(), found, *c)}, 20, none);
  ASSERT_EQ(chain.size(), expected.size());
  for (size_t i = 0; i < chain.size(); ++i) EXPECT_EQ(chain[i].moves, expected[i].moves) << "board " << i + 1;
}
