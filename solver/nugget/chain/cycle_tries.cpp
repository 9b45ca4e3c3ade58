#include "nugget/chain/cycle_tries.h"

#include "nugget/chain/chain_beam.h"
#include "nugget/cycles/transitions.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace nugget::solve {
namespace {

// ---- what the team's processes send each other (team.h): text lines.
// A round of cycle tries, per try: "try INDEX none", or "try INDEX found"
// then its "lead MOVES" and "turn MOVES" lines (the cycle as cycleFrom found
// it, its start replayed from the try's start). (An aim's: enter_path.cpp.)

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  for (size_t at = 0; at < text.size();) {
    const size_t nl = std::min(text.find('\n', at), text.size());
    out.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return out;
}

void formatTry(std::string& out, int index, const std::optional<CycleBoards>& found, bool cut) {
  out += "try " + std::to_string(index) + (found ? " found\n" : cut ? " cut\n" : " none\n");
  if (!found) return;
  for (const auto& b : found->lead) out += "lead " + jcgn::formatMoves(b) + "\n";
  for (const auto& b : found->boards) out += "turn " + jcgn::formatMoves(b) + "\n";
}

// The tries of one process's message, by index, each replayed from the
// start `from(index)` it was run from.
struct TryMessage {
  int index = 0;
  std::optional<CycleBoards> found;
  bool cut = false;
};
std::vector<TryMessage> parseTries(std::string_view text, const std::function<Board(int)>& from) {
  std::vector<TryMessage> out;
  std::vector<std::vector<Move>> lead, turn;
  auto close = [&] {
    if (out.empty() || !out.back().found) return;
    auto c = replayCycle(from(out.back().index), std::move(lead), std::move(turn));
    if (!c) badTeamMessage("a cycle that replays");
    out.back().found = std::move(c);
    lead.clear();
    turn.clear();
  };
  for (std::string_view line : lines(text)) {
    const auto w = jcgn::fields(line);
    if (w.size() == 3 && w[0] == "try") {
      close();
      const auto index = jcgn::parseInt(w[1], 1, 1'000'000);
      if (!index || (w[2] != "none" && w[2] != "found" && w[2] != "cut")) badTeamMessage("a cycle try");
      out.push_back({*index, w[2] == "found" ? std::optional<CycleBoards>(CycleBoards{}) : std::nullopt, w[2] == "cut"});
    } else if (!w.empty() && (w[0] == "lead" || w[0] == "turn") && !out.empty() && out.back().found) {
      auto moves = jcgn::toMoves(w, 1);
      if (!moves || (w[0] == "lead" && !turn.empty())) badTeamMessage("a cycle board");
      (w[0] == "lead" ? lead : turn).push_back(std::move(*moves));
    } else {
      badTeamMessage("a cycle try");
    }
  }
  close();
  return out;
}

// a's mean below b's, exactly (cross-multiplied, no division).
bool cheaperCycle(const CycleBoards& a, const CycleBoards& b) {
  return a.moves() * static_cast<long>(b.boards.size()) < b.moves() * static_cast<long>(a.boards.size());
}

}  // namespace

const EndState& kicked(const std::vector<EndState>& ends, Kick kick) {
  if (ends.empty()) throw std::logic_error("kicked: no end states");
  const auto nth = static_cast<size_t>(std::max(kick.nth, 0));
  if (!kick.layouts) return ends[std::min(nth, ends.size() - 1)];
  std::vector<uint64_t> seen;  // a few hundred end states at most: a scan is enough
  const EndState* last = &ends.front();
  for (const EndState& e : ends) {
    const uint64_t h = symmetricHash(e.end);
    if (std::find(seen.begin(), seen.end(), h) != seen.end()) continue;
    if (seen.size() == nth) return e;
    seen.push_back(h);
    last = &e;
  }
  return *last;
}

std::optional<CycleBoards> cycleFrom(const ChainSolver& solver, const CycleBoards& from, int maxBoards,
                                     const std::function<bool()>& enough, Kick kick) {
  TransitionGraph graph;
  ChainBeam beam(solver, solver.options().chainBeam, from.start, 1);
  // Every board any chain solved, and the cycle it starts from: a cycle
  // through the chains' crossings, or a detour back into `from`, shows up
  // there before (or instead of) one chain closing one by itself.
  graph.addCycle(from);
  beam.observe([&](const Board& start, const EndState& e) { graph.add(start.pos, start.face, e.moves, e.end); });
  const double below = from.boards.empty() ? std::numeric_limits<double>::infinity() : from.mean();
  std::vector<jcgn::BoardRecord> seg;
  try {
    if (kick.nth > 0) {
      const std::vector<EndState> ends = solver.endStates(from.start, 1);
      for (const EndState& e : ends) graph.add(from.start.pos, from.start.face, e.moves, e.end);
      const EndState& first = kicked(ends, kick);
      if (!beam.restore({{-1, first.moves}}, {0}, 1)) throw std::logic_error("a kick that does not replay");
    }
    while (beam.solvedBoards() < maxBoards && !(enough && enough())) {
      beam.advance();
      for (const auto& c : beam.takeShared()) {
        seg.push_back({c.moves, c.final});
        if (auto cycle = closedCycle(from.start, seg)) {
          CycleBoards found = cycleBoards(from.start, seg, *cycle);
          for (int b = 0; b < cycle->first - 1; ++b) found.lead.push_back(seg[b].moves);
          if (auto cheaper = graph.cheapestCycle(from.start, std::min(below, found.mean()))) return cheaper;
          return found;
        }
      }
      if (auto cheaper = graph.cheapestCycle(from.start, below)) return cheaper;
    }
  } catch (const NoSolution&) {
  }
  return std::nullopt;
}

Stretch searchStretch(const ChainSolver& solver, const Board& origin, std::vector<jcgn::BoardRecord>& boards,
                      int maxBoards, const std::function<bool()>& enough) {
  ChainBeam beam(solver, solver.options().chainBeam, startAfter(origin, boards, boards.size()), 1);
  TransitionGraph graph;
  for (size_t b = 0; b < boards.size(); ++b) {
    const Board from = startAfter(origin, boards, b);
    Board end = startAfter(origin, boards, b + 1);
    end.flip();  // back to the face board b + 1 was solved on
    graph.add(from.pos, from.face, boards[b].moves, end.pos);
  }
  beam.observe([&](const Board& start, const EndState& e) { graph.add(start.pos, start.face, e.moves, e.end); });
  std::vector<jcgn::BoardRecord> seg = boards;
  try {
    while (beam.solvedBoards() < maxBoards) {
      if (enough && enough()) return {std::nullopt, true};
      beam.advance();
      for (const auto& c : beam.takeShared()) {
        seg.push_back({c.moves, c.final});
        if (auto cycle = closedCycle(origin, seg)) {
          CycleBoards found = cycleBoards(origin, seg, *cycle);
          for (int b = 0; b < cycle->first - 1; ++b) found.lead.push_back(seg[b].moves);
          if (auto cheaper = graph.cheapestCycle(origin, found.mean())) return {std::move(cheaper), false};
          return {std::move(found), false};
        }
      }
      if (auto any = graph.cheapestCycle(origin, std::numeric_limits<double>::infinity())) return {std::move(any), false};
    }
  } catch (const NoSolution&) {
    return {std::nullopt, false, true};
  }
  for (const auto& c : beam.takeBest()) seg.push_back({c.moves, c.final});
  boards = std::move(seg);
  return {};
}

int tryBoards(const std::vector<CycleBoards>& path, int i, int maxBoards) {
  const bool dead = path.size() == 1 && i - path[0].foundBy - 1 >= kDeadBasinTries;
  return dead && i % 3 == 1 ? maxBoards * kDeadBasinStretch : maxBoards;
}

TrySource trySource(const std::vector<CycleBoards>& path, int i) {
  const size_t last = path.size() - 1;
  auto period = [&](size_t c) { return static_cast<int>(path[c].boards.size()); };
  const int since = i - path[last].foundBy - 1;  // tries since the last cycle was found
  if (since < kFreshTries) return {last, ((i - 1) / 3) % period(last), 0};
  // Stuck: the cheapest cycles so far are the nearest to something
  // cheaper, but their other boards, with other seeds, lead elsewhere.
  const int group = (since - kFreshTries) / 3;  // one try of each width
  const int span = std::min(kBackTrack, static_cast<int>(path.size()));
  const size_t c = last - static_cast<size_t>(group % span);
  const int turn = group / span;
  const int pass = turn / period(c);
  if (pass < 3) return {c, turn % period(c), {1 + pass, false}};
  constexpr int far = static_cast<int>(std::size(kFarKicks));
  return {c, turn % period(c), {kFarKicks[(pass - 3) % far], true}};
}

int settle(std::vector<CycleBoards>& path, std::optional<Parked>& parked) {
  if (!parked) return 0;
  if (parked->from + 1 >= path.size()) throw std::logic_error("an exploration whose cycle left the path");
  const bool won = cheaperCycle(path.back(), parked->best(path));
  if (!won) {
    path.resize(parked->from + 1);
    for (CycleBoards& c : parked->cycles) path.push_back(std::move(c));
  }
  parked.reset();
  return won ? 1 : -1;
}

void explore(std::vector<CycleBoards>& path, std::optional<Parked>& parked, std::vector<CycleTry>& round, int next,
             int roundSize, const std::function<bool(const CycleBoards&)>& onPath) {
  if (round.empty()) return;
  if (parked) {
    // Every try of an exploration starts from the path's last cycle: it
    // ends before a try of the next round would be a stuck one (trySource).
    const bool won = cheaperCycle(path.back(), parked->best(path));
    if (won || next + roundSize - 1 - path.back().foundBy - 1 >= kFreshTries) round.back().settled = settle(path, parked);
    return;
  }
  const bool kept = std::any_of(round.begin(), round.end(), [](const CycleTry& t) { return t.kept; });
  if (kept || round.front().index - path.back().foundBy - 1 < kFreshTries) return;
  for (CycleTry& t : round) {
    if (!t.found || onPath(*t.found)) continue;
    // Only when every try of the next round is a fresh one from it (always
    // alone; for a team of 2 the round's last try; none for 3 or more).
    if (next + roundSize - 1 - t.index - 1 >= kFreshTries) continue;
    const size_t from = t.source.cycle;
    parked = Parked{from, {path.begin() + static_cast<std::ptrdiff_t>(from) + 1, path.end()}};
    path.resize(from + 1);
    path.push_back(*t.found);
    t.explored = true;
    return;
  }
}

void searchCycles(const ChainSolver& base, std::vector<CycleBoards>& path, int first, int last, int maxBoards,
                  const std::function<bool(const std::vector<CycleTry>&)>& after, Team& team,
                  const std::function<bool()>& cut, std::optional<Parked>* parked) {
  // An exploration under way when the tries end (a time limit, the last
  // try) is settled. (A stop, search::Stopped, leaves it: the last
  // checkpoint holds it, and a resume goes on with it.)
  auto end = [&] {
    if (parked) settle(path, *parked);
  };
  const int K = team.size();
  const int perRank = K == 1 ? 1 : 3;
  for (int round = first; round <= last; round += K * perRank) {
    // Every try of the round starts from the path as the round found it.
    const std::vector<CycleBoards> was = path;
    const CycleBoards& last_ = was.back();
    // From board r of a cycle's turn; a cycle found from there leads from
    // that cycle's start through those r boards.
    auto from = [&](int i) {
      const TrySource s = trySource(was, i);
      return rotated(was[s.cycle], s.board);
    };
    std::vector<CycleTry> tries;
    for (int i = round; i < round + K * perRank && i <= last; ++i) {
      CycleTry& t = tries.emplace_back();
      t.index = i;
      t.source = trySource(was, i);
      t.boards = tryBoards(was, i, maxBoards);
      t.seed = base.options().seed + 7919ull * static_cast<uint64_t>(i);
      t.width = base.options().beamWidth * (i % 3 == 1 ? 1 : i % 3 == 2 ? 2 : 4);
    }
    // This process's tries: perRank in a row (x1, x2 and x4 once each).
    std::string mine;
    for (int n = team.rank() * perRank; n < (team.rank() + 1) * perRank && n < static_cast<int>(tries.size()); ++n) {
      const CycleTry& t = tries[static_cast<size_t>(n)];
      Options o = base.options();
      o.seed = t.seed;
      o.beamWidth = t.width;
      const ChainSolver variant(o, base.sharedTable());
      const CycleBoards start = from(t.index);
      const auto found = cycleFrom(variant, {start.start, start.boards, {}}, t.boards, cut, t.source.kick);
      formatTry(mine, t.index, found, !found && cut && cut());
    }
    for (const std::string& message : team.allGather(mine))
      for (TryMessage& m : parseTries(message, [&](int i) { return from(i).start; })) {
        if (m.index < round || m.index >= round + static_cast<int>(tries.size())) badTeamMessage("a try of this round");
        CycleTry& t = tries[static_cast<size_t>(m.index - round)];
        t.found = std::move(m.found);
        t.cut = m.cut;
      }
    // Merged in try order: of the tries that would be kept (cheaper than the
    // last cycle, or as cheap and not on the path yet), the cheapest, the
    // first among equals, is appended.
    for (CycleTry& t : tries) {
      if (!t.found) continue;
      const CycleBoards& source = was[t.source.cycle];
      t.found->lead.insert(t.found->lead.begin(), source.boards.begin(), source.boards.begin() + t.source.board);
      t.found->foundBy = t.index;
    }
    auto onPath = [&](const CycleBoards& found) {
      return std::any_of(path.begin(), path.end(), [&](const CycleBoards& c) { return sameCycle(c, found); });
    };
    const int b = cheapestQualifying(tries, last_, onPath);
    CycleTry* best = b < 0 ? nullptr : &tries[static_cast<size_t>(b)];
    if (best) {
      best->kept = true;
      best->cheaper = cheaperCycle(*best->found, last_);
      // Found from path[c]: its lead starts there, so the cycles after c
      // (all dearer than this one) leave the path.
      path.resize(best->source.cycle + 1);
      path.push_back(*best->found);
    }
    if (parked) explore(path, *parked, tries, round + K * perRank, K * perRank, onPath);
    if (!team.agree(!after || after(tries))) return end();
  }
  end();
}

int cheapestQualifying(const std::vector<CycleTry>& tries, const CycleBoards& last,
                       const std::function<bool(const CycleBoards&)>& onPath) {
  int best = -1;
  for (size_t i = 0; i < tries.size(); ++i) {
    const auto& found = tries[i].found;
    if (!found) continue;
    const bool keep = cheaperCycle(*found, last) || (!cheaperCycle(last, *found) && !onPath(*found));
    if (!keep) continue;
    const CycleBoards* b = best < 0 ? nullptr : &*tries[static_cast<size_t>(best)].found;
    if (!b || cheaperCycle(*found, *b)) best = static_cast<int>(i);
  }
  return best;
}

}  // namespace nugget::solve
