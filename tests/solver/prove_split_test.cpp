// A proof that spreads and resumes (solver/nugget/tables/prove_split.h):
// the checkpoint's text round trip and its checks, the rule that combines
// parts, and, on the library, the shares of a split proof adding up to the
// whole and a stopped search resumed to the same answer. Positions: the
// bench's (prove_bench.h), near a solved layout, with a depth-5 table (0.3 s to build, ~0.2 s a proof).
#include <gtest/gtest.h>

#include "nugget/tables/prove_bench.h"
#include "nugget/tables/prove_split.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

const EndgameTable& table() {
  static const EndgameTable t(5);
  return t;
}

ProveOptions serial() {
  ProveOptions o;
  o.ttBytes = 4 << 20;
  o.serial = true;
  return o;
}

// "walk 12 seed 4" (optimum 10) and "solution -12" (optimum 11).
std::vector<Position> positions() {
  std::vector<Position> out;
  for (const BenchCase& c : benchCases())
    if (c.name == "walk 12 seed 4" || c.name == "solution -12") out.push_back(c.pos);
  return out;
}

ProveCheckpoint sample() {
  ProveCheckpoint cp;
  cp.settings = "position=1 2 3 A endgame-depth=3 split-depth=2";
  cp.part = 1;
  cp.parts = 3;
  cp.state = ProveState{12, 13, 400, {1, 4, 7, 10, 22, 25}};
  cp.best = std::vector<Move>{Move{3, 7}, Move{15, 2}};
  return cp;
}

}  // namespace

TEST(ProveCheckpoint, RoundTripsAndWritesRangesOfTheShare) {
  const ProveCheckpoint cp = sample();
  const std::string text = formatProveCheckpoint(cp);
  EXPECT_NE(text.find("\ndone 1-10 22-25\n"), std::string::npos) << text;
  EXPECT_EQ(parseProveCheckpoint(text), cp);
  ProveCheckpoint none = cp;
  none.best.reset();
  none.state.next = 1 << 20;
  none.state.done.clear();
  EXPECT_EQ(parseProveCheckpoint(formatProveCheckpoint(none)), none);
}

TEST(ProveCheckpoint, LongDoneListsSpanLines) {
  ProveCheckpoint cp = sample();
  cp.parts = 1;
  cp.part = 0;
  cp.state.frontier = 20000;
  cp.state.done.clear();
  for (uint32_t i = 0; i < 20000; i += 2) cp.state.done.push_back(i);  // no two in a row: no range
  const std::string text = formatProveCheckpoint(cp);
  for (size_t at = 0, eol; (eol = text.find('\n', at)) != std::string::npos; at = eol + 1)
    EXPECT_LT(eol - at, 4096u);
  EXPECT_EQ(parseProveCheckpoint(text), cp);
}

TEST(ProveCheckpoint, RefusesDamage) {
  std::string text = formatProveCheckpoint(sample());
  EXPECT_THROW(parseProveCheckpoint(text.substr(0, text.size() - 10)), ProveCheckpointError);
  text[text.find("bound 12")] = 'B';
  EXPECT_THROW(parseProveCheckpoint(text), ProveCheckpointError);  // the checksum
  ProveCheckpoint outside = sample();
  outside.state.done.push_back(401);  // beyond the frontier
  EXPECT_THROW(parseProveCheckpoint(formatProveCheckpoint(outside)), ProveCheckpointError);
  ProveCheckpoint other = sample();
  other.state.done = {2};  // not of part 2/3's share
  EXPECT_THROW(parseProveCheckpoint(formatProveCheckpoint(other)), ProveCheckpointError);
}

TEST(ProveCheckpoint, CombineTakesTheLeastBoundAndTheBestSolution) {
  ProveCheckpoint a = sample(), b = sample(), c = sample();
  a.part = 0, b.part = 1, c.part = 2;
  a.state.bound = 13, b.state.bound = 12, c.state.bound = 14;
  a.best.reset(), c.best.reset();
  b.best = std::vector<Move>(12, Move{3, 7});
  CombinedProof p = combineParts({a, b, c});
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.lowerBound, 12);
  b.best = std::vector<Move>(14, Move{3, 7});
  p = combineParts({a, b, c});
  EXPECT_FALSE(p.proven);
  EXPECT_EQ(p.lowerBound, 12);
  EXPECT_EQ(p.upperBound, 14);
  EXPECT_EQ(p.lagging, std::vector<int>{1});
  EXPECT_THROW(combineParts({a, b}), ProveCheckpointError);     // a part missing
  EXPECT_THROW(combineParts({a, a, c}), ProveCheckpointError);  // a part twice
  c.settings += " other";
  EXPECT_THROW(combineParts({a, b, c}), ProveCheckpointError);
}

// Each share's bound and solution, combined, give the whole proof's optimum.
TEST(ProveSplit, SharesAddUpToTheWhole) {
  for (const Position& pos : positions()) {
    const ProveResult whole = prove(pos, table(), serial());
    ASSERT_TRUE(whole.proven);
    for (int parts : {2, 3}) {
      std::vector<ProveCheckpoint> cps;
      for (int k = 0; k < parts; ++k) {
        ProveOptions o = serial();
        o.part = k;
        o.parts = parts;
        o.maxBound = whole.upperBound;  // every share stops at the same bound
        const ProveResult r = prove(pos, table(), o);
        cps.push_back({"s", k, parts, ProveState{r.lowerBound, 1 << 20, 0, {}}, r.upperBound >= 0 ? std::optional(r.moves) : std::nullopt});
      }
      const CombinedProof c = combineParts(cps);
      EXPECT_TRUE(c.proven) << parts;
      EXPECT_EQ(c.upperBound, whole.upperBound) << parts;
    }
  }
}

// A search stopped by a node limit, resumed from its last state (as often
// as it takes), ends with the uninterrupted search's optimum and solution.
TEST(ProveSplit, ResumedSearchEndsAsAnUninterruptedOne) {
  for (const Position& pos : positions()) {
    const ProveResult whole = prove(pos, table(), serial());
    ProveState state;
    ProveResult r;
    int runs = 0;
    do {
      ProveOptions o = serial();
      o.nodeLimit = whole.nodes / 4 + 1;
      const ProveState from = state;
      o.resume = runs ? &from : nullptr;
      o.onState = [&](const ProveState& s) { state = s; };
      o.stateSeconds = 0;
      r = prove(pos, table(), o);
      ++runs;
    } while (r.stopped && runs < 50);
    EXPECT_GT(runs, 2);
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.upperBound, whole.upperBound);
    EXPECT_EQ(r.moves, whole.moves);
  }
}
