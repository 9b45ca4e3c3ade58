// A team of processes (solver/nugget/team/team.h) without MPI: two Teams on two
// threads, meeting in a hub that delays every arrival by a random time, so
// the order in which the ranks' messages arrive changes from run to run.
// What the team computes must not: the portfolio of seeds of the chain phase
// (pipeline.h) ends every rank with the same chain, the cheapest of the
// ranks' (the lowest rank among equals), stopped and resumed to the same
// chain; a round of cycle tries (cycle_tries.h, searchCycles) appends the same
// cycle whatever the arrival order. The rules themselves (the cheapest, the
// first among equals) are checked on scripted costs: at test-sized settings
// the tries seldom find a cycle.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <iostream>
#include <mutex>
#include <random>
#include <thread>

#include "nugget/chain/cycle_tries.h"
#include "nugget/cycles/cycle.h"
#include "nugget/run/pipeline.h"
#include "nugget/team/team.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

// Where the threads of one team meet: every collective is an exchange of
// one string a rank, returned to all once every rank has arrived.
class Hub {
 public:
  Hub(int size, unsigned delaySeed) : size_(size), slots_(static_cast<size_t>(size)), rng_(delaySeed) {}

  std::vector<std::string> exchange(int rank, const std::string& mine) {
    // A random wait before arriving: which rank comes first is left to chance.
    int micros;
    {
      std::lock_guard<std::mutex> l(m_);
      micros = static_cast<int>(rng_() % 3000);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(micros));
    std::unique_lock<std::mutex> l(m_);
    const uint64_t generation = generation_;
    slots_[static_cast<size_t>(rank)] = mine;
    arrivals_.push_back(rank);
    if (++arrived_ == size_) {
      result_ = slots_;
      arrived_ = 0;
      ++generation_;
      cv_.notify_all();
      return result_;
    }
    // result_ stays until this rank arrives again: it is read before that.
    cv_.wait(l, [&] { return generation_ != generation; });
    return result_;
  }
  const std::vector<int>& arrivals() const { return arrivals_; }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  int size_, arrived_ = 0;
  uint64_t generation_ = 0;
  std::vector<std::string> slots_, result_;
  std::mt19937 rng_;
  std::vector<int> arrivals_;  // ranks in the order they arrived, every exchange
};

class ThreadTeam final : public Team {
 public:
  ThreadTeam(Hub& hub, int rank, int size) : hub_(hub), rank_(rank), size_(size) {}
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::vector<std::string> allGather(const std::string& mine) override { return hub_.exchange(rank_, mine); }
  std::string broadcast(const std::string& value) override { return hub_.exchange(rank_, value)[0]; }
  void barrier() override { hub_.exchange(rank_, ""); }

 private:
  Hub& hub_;
  int rank_, size_;
};

// Runs body(team) on one thread a rank; returns what each returned, by rank.
template <class R>
std::vector<R> onTeam(int size, unsigned delaySeed, const std::function<R(Team&)>& body, std::vector<int>* arrivals = nullptr) {
  Hub hub(size, delaySeed);
  std::vector<R> out(static_cast<size_t>(size));
  std::vector<std::exception_ptr> errors(static_cast<size_t>(size));
  std::vector<std::thread> threads;
  for (int r = 0; r < size; ++r)
    threads.emplace_back([&, r] {
      ThreadTeam team(hub, r, size);
      try {
        out[static_cast<size_t>(r)] = body(team);
      } catch (...) {
        errors[static_cast<size_t>(r)] = std::current_exception();
      }
    });
  for (auto& t : threads) t.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  if (arrivals) *arrivals = hub.arrivals();
  return out;
}

// The pipeline tests' small settings: 8 boards, 2 chains, table depth 2.
PipelineOptions small() {
  PipelineOptions o;
  o.route = Route::Chain;
  o.chain.solver.boards = 8;
  o.chain.solver.beamWidth = 60;
  o.chain.solver.endgameDepth = 2;
  o.chain.solver.chainBeam = 2;
  o.chain.solver.shortenWindow = 3;
  o.chain.cycleTries = 0;
  o.chain.enter.boards = 0;
  o.chain.searchBoards = 0;
  o.chain.tableCache = false;
  return o;
}

std::string chainText(const Outcome& o) { return jcgn::toString(o.chain); }

// Whether the ranks arrived in more than one order over the exchanges.
bool orderVaried(const std::vector<int>& arrivals, int size) {
  bool firstWas0 = false, firstWas1 = false;
  for (size_t i = 0; i + static_cast<size_t>(size) <= arrivals.size(); i += static_cast<size_t>(size))
    (arrivals[i] == 0 ? firstWas0 : firstWas1) = true;
  return firstWas0 && firstWas1;
}

}  // namespace

// No cycle may close (repeat off): the job goes on with the cheapest chain
// of the ranks, rank 0's among equals, each the chain one process with that
// rank's seed finds; the same chain on every rank and for any arrival order.
TEST(Portfolio, CheapestChainOfTheRanksWinsWhateverTheArrivalOrder) {
  PipelineOptions o = small();
  o.chain.repeat = false;
  auto solo = [&](uint64_t seed) {
    PipelineOptions s = o;
    s.chain.solver.seed = seed;
    return Pipeline(s).run();
  };
  const Outcome seed0 = solo(0), seed1 = solo(kPortfolioSeedStep);
  const Outcome& cheapest = seed1.chain.totalMoves() < seed0.chain.totalMoves() ? seed1 : seed0;
  for (unsigned delays : {1u, 2u}) {
    std::vector<int> arrivals;
    const auto out = onTeam<std::string>(2, delays, [&](Team& team) { return chainText(Pipeline(o, {}, team).run()); },
                                         &arrivals);
    EXPECT_EQ(out[0], out[1]) << "the ranks disagree (delays " << delays << ")";
    EXPECT_EQ(out[0], chainText(cheapest)) << "not the cheapest chain of the two seeds (delays " << delays << ")";
    EXPECT_TRUE(orderVaried(arrivals, 2)) << "the hub's delays did not change the arrival order";
  }
}

// A cycle of `period` boards and `moves` moves in all (the moves are
// placeholders: the merge rules look at costs only).
CycleBoards cycleOf(long moves, int period) {
  CycleBoards c;
  c.boards.assign(static_cast<size_t>(period), {});
  for (long m = 0; m < moves; ++m) c.boards[static_cast<size_t>(m % period)].push_back(Move{0, 2});
  return c;
}

// The portfolio's rule: the cheapest cycle by mean, the lowest rank among
// equals, whatever the ranks' order of arrival (the input is by rank).
TEST(Portfolio, CheapestCycleWinsTheLowestRankAmongEquals) {
  auto cycle = [](long moves, int period) { return std::optional<Cycle>(Cycle{1, period, moves, period, 0}); };
  EXPECT_EQ(portfolioWinner({std::nullopt, std::nullopt}), -1);
  EXPECT_EQ(portfolioWinner({std::nullopt, cycle(37, 2)}), 1);
  EXPECT_EQ(portfolioWinner({cycle(37, 2), cycle(36, 2)}), 1);
  EXPECT_EQ(portfolioWinner({cycle(36, 2), cycle(72, 4), cycle(35, 2)}), 2);
  EXPECT_EQ(portfolioWinner({cycle(74, 4), std::nullopt, cycle(37, 2), cycle(37, 2)}), 0) << "equal means: rank 0";
  EXPECT_EQ(portfolioWinner({std::nullopt, cycle(72, 4), cycle(36, 2)}), 1) << "equal means: the lower rank";
}

// With cycles (the default): every rank ends with the same chain, the same
// for two arrival orders; the chain is one of the two seeds' as one process
// finds it (a rank that closes a cycle first ends the chain phase for all).
TEST(Portfolio, SameChainOnEveryRankAndForAnyArrivalOrder) {
  PipelineOptions o = small();
  std::vector<std::string> first;
  for (unsigned delays : {3u, 4u}) {
    const auto out = onTeam<std::string>(2, delays, [&](Team& team) { return chainText(Pipeline(o, {}, team).run()); });
    EXPECT_EQ(out[0], out[1]) << "the ranks disagree (delays " << delays << ")";
    if (first.empty())
      first = out;
    else
      EXPECT_EQ(out[0], first[0]) << "another arrival order gave another chain";
  }
  PipelineOptions s = o;
  const std::string seed0 = chainText(Pipeline(s).run());
  s.chain.solver.seed = kPortfolioSeedStep;
  const std::string seed1 = chainText(Pipeline(s).run());
  EXPECT_TRUE(first[0] == seed0 || first[0] == seed1) << "the chain is neither seed's";
}

// A stop at board 4 (rank 0's decision): the checkpoint holds rank 1's
// chain too, and both ranks resumed from it end as the uninterrupted job.
TEST(Portfolio, StoppedAndResumedEndsAsTheUninterruptedJob) {
  const PipelineOptions o = small();
  const auto full = onTeam<std::string>(2, 5, [&](Team& team) { return chainText(Pipeline(o, {}, team).run()); });
  std::string saved;
  onTeam<int>(2, 6, [&](Team& team) {
    PipelineEvents ev;
    Pipeline* running = nullptr;
    ev.checkpoint = [&](const Checkpoint& cp) { saved = formatCheckpoint(cp); };  // rank 0 alone
    ev.chain.board = [&](const BoardDone& b) {
      if (b.board == 4 && team.leader()) running->requestStop();
    };
    Pipeline p(o, ev, team);
    running = &p;
    EXPECT_EQ(p.run().stop, Stop::Requested);
    return 0;
  });
  ASSERT_FALSE(saved.empty());
  const Checkpoint cp = parseCheckpoint(saved);
  ASSERT_EQ(cp.ranks.size(), 1u) << "no chain of rank 1 in the checkpoint";
  EXPECT_NE(saved.find("\n# rank 1\n"), std::string::npos);
  const auto resumed = onTeam<std::string>(2, 7, [&](Team& team) {
    Pipeline p(o, {}, team);
    p.resume(cp);
    return chainText(p.run());
  });
  EXPECT_EQ(resumed[0], full[0]);
  EXPECT_EQ(resumed[1], full[0]);
  // Another number of processes is refused.
  Pipeline one(o);
  EXPECT_THROW(one.resume(cp), CheckpointError);
}

// The rule of a round of cycle tries, in try order: cheaper than the last
// cycle, or as cheap and not on the path, qualifies; the cheapest, the
// first among equals, wins.
TEST(SearchCycles, CheapestQualifyingTryFirstAmongEquals) {
  const CycleBoards last = cycleOf(37, 2);  // mean 18.5
  auto round = [](std::vector<std::optional<CycleBoards>> found) {
    std::vector<CycleTry> tries;
    for (size_t i = 0; i < found.size(); ++i) {
      CycleTry& t = tries.emplace_back();
      t.index = static_cast<int>(i) + 1;
      t.found = std::move(found[i]);
    }
    return tries;
  };
  auto nowhere = [](const CycleBoards&) { return false; };
  auto everywhere = [](const CycleBoards&) { return true; };
  EXPECT_EQ(cheapestQualifying(round({std::nullopt, std::nullopt}), last, nowhere), -1);
  EXPECT_EQ(cheapestQualifying(round({cycleOf(38, 2), cycleOf(57, 3)}), last, nowhere), -1) << "dearer";
  EXPECT_EQ(cheapestQualifying(round({cycleOf(37, 2)}), last, everywhere), -1) << "as cheap, on the path";
  EXPECT_EQ(cheapestQualifying(round({cycleOf(74, 4)}), last, nowhere), 0) << "as cheap, another cycle";
  EXPECT_EQ(cheapestQualifying(round({std::nullopt, cycleOf(74, 4), cycleOf(72, 4), cycleOf(36, 2), cycleOf(35, 2)}),
                               last, nowhere),
            4);
  EXPECT_EQ(cheapestQualifying(round({cycleOf(37, 2), cycleOf(72, 4), std::nullopt, cycleOf(36, 2)}), last, nowhere), 1)
      << "equal means: the first in try order";
  // As cheap and on the path loses to as cheap and new, whatever the order.
  auto onlyFirst = [&](const CycleBoards& c) { return c.boards.size() == 2; };
  EXPECT_EQ(cheapestQualifying(round({cycleOf(37, 2), cycleOf(74, 4)}), last, onlyFirst), 1);
}

// The exploration of a stuck path (cycle_tries.h, Parked): a dearer cycle a try
// finds once the last cycle had its kFreshTries tries is explored, the
// path's cycles after the try's source parked; the exploration ends when
// its last cycle beats the parked best (kept), or before a try of the next
// round would be past that cycle's fresh tries (the parked come back); a
// round of several tries (a team) ends it a round early rather than let a
// stuck try of the old path run from the explored one.
TEST(SearchCycles, AStuckPathExploresADearerCycleUntilItWinsOrItsTriesAreOver) {
  auto with = [](CycleBoards c, int foundBy) {
    c.foundBy = foundBy;
    return c;
  };
  auto tryOf = [](int index, size_t source, std::optional<CycleBoards> found) {
    CycleTry t;
    t.index = index;
    t.source.cycle = source;
    t.found = std::move(found);
    return std::vector<CycleTry>{t};
  };
  const CycleBoards c0 = cycleOf(37, 2), c1 = with(cycleOf(34, 2), 3);  // 18.5, then 17 found by try 3
  const CycleBoards dearer = with(cycleOf(38, 2), 10), better = with(cycleOf(36, 2), 12), best = with(cycleOf(33, 2), 20);
  // Synthetic cycles: one is on the path when the path holds one of its cost.
  std::vector<CycleBoards> path = {c0, c1};
  auto onPath = [&path](const CycleBoards& c) {
    return std::any_of(path.begin(), path.end(), [&](const CycleBoards& p) { return p.moves() == c.moves(); });
  };
  std::optional<Parked> parked;

  // Not stuck yet (try 9: 5 tries since try 3 found the last cycle): nothing.
  auto round = tryOf(9, 0, dearer);
  explore(path, parked, round, 10, 1, onPath);
  EXPECT_FALSE(parked);
  EXPECT_FALSE(round[0].explored);
  // Stuck (try 10: 6 since), but the cycle found is on the path: nothing.
  round = tryOf(10, 0, c1);
  explore(path, parked, round, 11, 1, onPath);
  EXPECT_FALSE(parked);
  // Stuck, a dearer cycle from cycle 0: explored, cycle 1 parked.
  round = tryOf(10, 0, dearer);
  explore(path, parked, round, 11, 1, onPath);
  ASSERT_TRUE(parked);
  EXPECT_TRUE(round[0].explored);
  EXPECT_EQ(parked->from, 0u);
  ASSERT_EQ(parked->cycles.size(), 1u);
  EXPECT_EQ(parked->cycles[0].moves(), 34);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path.back().moves(), 38);
  // A cheaper one found from it joins the path (the merge), still dearer
  // than the parked 17: the exploration goes on for its fresh tries...
  path.push_back(better);
  round = tryOf(12, 1, better);
  explore(path, parked, round, 13, 1, onPath);
  EXPECT_TRUE(parked);
  round = tryOf(17, 2, std::nullopt);
  explore(path, parked, round, 18, 1, onPath);  // try 18: 5 since try 12
  EXPECT_TRUE(parked);
  EXPECT_EQ(round[0].settled, 0);
  // ... and ends before try 19 (6 since): the parked cycle comes back.
  round = tryOf(18, 2, std::nullopt);
  explore(path, parked, round, 19, 1, onPath);
  EXPECT_FALSE(parked);
  EXPECT_EQ(round[0].settled, -1);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path.back().moves(), 34);
  EXPECT_EQ(path.back().foundBy, 3);

  // Stuck again: an exploration whose cycle gets below the parked best wins at once.
  round = tryOf(19, 1, with(cycleOf(38, 2), 19));
  explore(path, parked, round, 20, 1, onPath);
  ASSERT_TRUE(parked);
  EXPECT_EQ(parked->from, 1u);
  EXPECT_TRUE(parked->cycles.empty()) << "explored from the last cycle: nothing after it to park";
  path.push_back(best);
  round = tryOf(20, 2, best);
  explore(path, parked, round, 21, 1, onPath);
  EXPECT_FALSE(parked);
  EXPECT_EQ(round[0].settled, 1);
  ASSERT_EQ(path.size(), 4u);
  EXPECT_EQ(path.back().moves(), 33);

  // settle() when the tries end: a dearer explored last gives way.
  std::vector<CycleBoards> p2 = {c0, with(cycleOf(40, 2), 30)};
  std::optional<Parked> parked2 = Parked{0, {c1}};
  EXPECT_EQ(settle(p2, parked2), -1);
  ASSERT_EQ(p2.size(), 2u);
  EXPECT_EQ(p2.back().moves(), 34);
  EXPECT_EQ(settle(p2, parked2), 0) << "nothing parked";

  // A team's rounds of 6 tries (tries 61..66 here): only the round's last
  // try may start an exploration, whose next round is all fresh tries.
  std::vector<CycleBoards> p4 = {c0, c1};
  std::optional<Parked> parked4;
  std::vector<CycleTry> six;
  for (int i = 61; i <= 66; ++i) six.push_back(tryOf(i, 0, with(cycleOf(38 + i - 61, 2), i))[0]);
  explore(p4, parked4, six, 67, 6, onPath);
  ASSERT_TRUE(parked4);
  EXPECT_FALSE(six[0].explored);
  EXPECT_TRUE(six[5].explored);
  EXPECT_EQ(p4.back().foundBy, 66);
  six.pop_back();
  std::vector<CycleBoards> p5 = {c0, c1};
  std::optional<Parked> parked5;
  explore(p5, parked5, six, 67, 6, onPath);
  EXPECT_FALSE(parked5) << "tries 61..65: the next round would hold stuck tries";

  // A team's rounds of 6 tries: the exploration ends a round early rather
  // than have a try of the next round past its fresh tries.
  std::vector<CycleBoards> p3 = {c0, with(cycleOf(38, 2), 40)};
  std::optional<Parked> parked3 = Parked{0, {c1}};
  round = tryOf(41, 1, std::nullopt);
  explore(p3, parked3, round, 42, 6, onPath);  // tries 42..47: 1..6 since try 40
  EXPECT_FALSE(parked3);
  EXPECT_EQ(p3.back().moves(), 34);
}

// One round of 6 cycle tries (3 a rank) from the cycle of the fixture's
// boards 1-3: whatever order the tries' messages arrive in, every rank
// appends the same cycle, and it is the one the rule picks among the six
// tries run here one by one: cheaper than the last cycle, or as cheap and
// not yet on the path; the cheapest, the first in try order among equals.
TEST(SearchCycles, RoundMergedInTryOrderWhateverTheArrivalOrder) {
  const auto v = jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  ASSERT_TRUE(v.ok);
  std::vector<jcgn::BoardRecord> boards(v.entry.boards.begin(), v.entry.boards.begin() + 3);
  const std::vector<CycleBoards> path0 = {cycleBoards(Board::start(), boards, *closedCycle(Board::start(), boards))};
  Options opt;
  opt.endgameDepth = 2;
  opt.beamWidth = 30;
  opt.chainBeam = 2;
  opt.shortenWindow = 3;
  const ChainSolver solver(opt);
  const int maxBoards = 4;
  auto describe = [](const std::vector<CycleBoards>& path) {
    std::string s;
    for (const auto& c : path) s += std::to_string(c.lead.size()) + "+" + std::to_string(c.moves()) + "/" +
                                    std::to_string(c.boards.size()) + " " + tilesToString(c.start.tiles) + ";";
    return s;
  };
  std::vector<std::string> first;
  std::vector<std::vector<CycleTry>> rounds(2);
  for (unsigned delays : {8u, 9u}) {
    const auto out = onTeam<std::string>(2, delays, [&](Team& team) {
      std::vector<CycleBoards> path = path0;
      searchCycles(solver, path, 1, 6, maxBoards, [&](const std::vector<CycleTry>& round) {
        if (team.leader()) rounds[delays - 8] = round;
        return false;
      }, team);
      return describe(path);
    });
    EXPECT_EQ(out[0], out[1]) << "the ranks disagree (delays " << delays << ")";
    if (first.empty())
      first = out;
    else
      EXPECT_EQ(out[0], first[0]) << "another arrival order appended another cycle";
  }
  // The rule, from the six tries' results as the round reported them.
  ASSERT_EQ(rounds[0].size(), 6u);
  const CycleBoards& last = path0.back();
  const CycleTry* best = nullptr;
  auto cheaperThan = [](const CycleBoards& a, const CycleBoards& b) {
    return a.moves() * long(b.boards.size()) < b.moves() * long(a.boards.size());
  };
  for (const CycleTry& t : rounds[0]) {
    if (!t.found) continue;
    const bool qualifies = cheaperThan(*t.found, last) || (!cheaperThan(last, *t.found) && !sameCycle(last, *t.found));
    if (qualifies && (!best || cheaperThan(*t.found, *best->found))) best = &t;
  }
  std::vector<CycleBoards> expected = path0;
  if (best) expected.push_back(*best->found);
  int found = 0;
  for (const CycleTry& t : rounds[0]) found += t.found.has_value();
  std::cout << "the round: " << found << " of 6 tries found a cycle, " << (best ? "one kept" : "none kept") << '\n';
  EXPECT_EQ(first[0], describe(expected));
  for (const CycleTry& t : rounds[0]) EXPECT_EQ(t.kept, &t == best) << "try " << t.index;
}
