#include "nugget/cycles/cycle.h"

#include "nugget/chain/chain_beam.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/cycles/transitions.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace nugget::solve {
namespace {

Board after(const Board& start, const std::vector<jcgn::BoardRecord>& boards, size_t n) {
  if (n == 0) return start;
  const Face face = ((n % 2 == 0) == (start.face == Face::A)) ? Face::A : Face::B;
  return Board::fromTiles(boards[n - 1].final, face);
}

// Plays `moves` as the next board (checked move by move) and appends it.
void append(const Board& start, std::vector<jcgn::BoardRecord>& boards, const std::vector<Move>& moves) {
  Board b = after(start, boards, boards.size());
  if (!playMoves(b, moves)) throw std::logic_error("board " + std::to_string(boards.size() + 1) + " does not replay");
  if (!b.pos.solved()) throw std::logic_error("board " + std::to_string(boards.size() + 1) + " does not end solved");
  boards.push_back({moves, b.tiles});
}

// Where each board of the turn starts, and (last) where the turn ends up:
// period + 1 boards, the first and the last alike.
std::vector<Board> turnStarts(const CycleBoards& c) {
  std::vector<Board> out{c.start};
  for (const auto& moves : c.boards) {
    Board b = out.back();
    for (Move m : moves) b.apply(m);
    b.flip();
    out.push_back(b);
  }
  return out;
}

long totalMoves(const std::vector<jcgn::BoardRecord>& boards) {
  long t = 0;
  for (const auto& b : boards) t += static_cast<long>(b.moves.size());
  return t;
}

// One aim of enterPath: board j, starting at `from`, to the end of board k
// (0-based) of path[cycle] under symmetry g.
struct Aim {
  size_t cycle = 0;
  int j = 0, k = 0, g = 0;
  int rank = 0;  // g is the end's rank-th nearest image (0: the nearest)
  Position target;
  long around = 0;  // moves of the chain but this board's (cheapestChain)
};

// enterPath's aims from `from` at path[i], in its order: each end on j's
// face, at its `images` nearest images.
std::vector<Aim> aimsOf(const Board& from, int j, const std::vector<CycleBoards>& path, size_t i, int images) {
  // Board k ends where board k+1 starts, flipped back to its own face.
  std::vector<Board> ends = turnStarts(path[i]);
  ends.erase(ends.begin());
  std::vector<Aim> aims;
  for (int k = 0; k < static_cast<int>(ends.size()); ++k) {
    Board& end = ends[static_cast<size_t>(k)];
    end.flip();
    if (end.face != from.face) continue;
    // The images of this end, nearest first (ties: the identity first).
    std::vector<std::pair<int, int>> near;  // (distance, g)
    for (int g = 0; g < kSymmetries; ++g) near.emplace_back(TargetDistance(mapPosition(g, end.pos))(from.pos), g);
    std::sort(near.begin(), near.end());
    for (int n = 0; n < std::clamp(images, 1, kSymmetries); ++n) {
      const int g = near[static_cast<size_t>(n)].second;
      aims.push_back({i, j, k, g, n, mapPosition(g, end.pos)});
    }
  }
  return aims;
}

// The aims with one aim a target: of those with the same board j and the
// same target (both faces; a path's cycles often share boards, and then
// ends: 32 of seed 4's 56 aims in its main job of session 16 were such
// repeats), the first in order stays, aimed along the chain around it of
// the cheapest of them (the same moves, so that chain wins: nothing is lost).
std::vector<Aim> distinctAims(std::vector<Aim>&& aims) {
  std::vector<Aim> out;
  for (Aim& a : aims) {
    auto same = std::find_if(out.begin(), out.end(), [&](const Aim& o) { return o.j == a.j && o.target == a.target; });
    if (same == out.end()) {
      out.push_back(std::move(a));
    } else if (a.around < same->around) {
      same->cycle = a.cycle;
      same->k = a.k;
      same->g = a.g;
      same->around = a.around;
    }
  }
  return out;
}

// `boards`, then the aimed board's `moves`, then on along the aim's image of
// the path to `count` boards.
std::vector<jcgn::BoardRecord> chainAfterAim(const Board& start, const std::vector<jcgn::BoardRecord>& boards,
                                             const std::vector<CycleBoards>& path, const Aim& aim,
                                             const std::vector<Move>& moves, int count) {
  std::vector<jcgn::BoardRecord> chain = boards;
  append(start, chain, moves);
  const int next = (aim.k + 1) % static_cast<int>(path[aim.cycle].boards.size());
  if (aim.g == 0) {
    playPath(start, chain, path, aim.cycle, next, count);
  } else {
    std::vector<CycleBoards> image;
    for (const auto& c : path) image.push_back(mapCycle(aim.g, c));
    playPath(start, chain, image, aim.cycle, next, count);
  }
  return chain;
}

// ---- what the team's processes send each other (team.h): text lines.
// A round of cycle tries, per try: "try INDEX none", or "try INDEX found"
// then its "lead MOVES" and "turn MOVES" lines (the cycle as cycleFrom found
// it, its start replayed from the try's start). An aim: "aim MOVES" or "none".

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

}  // namespace

std::optional<Cycle> closedCycle(const Board& start, const std::vector<jcgn::BoardRecord>& boards) {
  const size_t n = boards.size();
  if (n < 2) return std::nullopt;
  const Position now = after(start, boards, n).pos;
  for (size_t j = n - 2;; j -= 2) {  // same face: an even distance back
    const Position then = after(start, boards, j).pos;
    // The identity first: a plain cycle is the shorter turn of the two.
    for (int g = 0; g < kSymmetries; ++g) {
      if (mapPosition(g, then).plane != now.plane) continue;
      Cycle c;
      c.first = static_cast<int>(j) + 1;
      c.base = static_cast<int>(n - j);
      c.symmetry = g;
      c.period = c.base * order(g);
      for (size_t i = j; i < n; ++i) c.moves += static_cast<long>(boards[i].moves.size());
      c.moves *= order(g);
      return c;
    }
    if (j < 2) break;
  }
  return std::nullopt;
}

std::optional<Cycle> closedCycle(const jcgn::Entry& entry) { return closedCycle(Board::start(), entry.boards); }

void repeatCycle(const Board& start, std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle, int count) {
  const int base = cycle.base ? cycle.base : cycle.period;
  while (static_cast<int>(boards.size()) < count)
    append(start, boards, mapMoves(cycle.symmetry, boards[boards.size() - base].moves));
}

void repeatCycle(jcgn::Entry& entry, const Cycle& cycle, int count) {
  repeatCycle(Board::start(), entry.boards, cycle, count);
}

long CycleBoards::moves() const {
  long t = 0;
  for (const auto& b : boards) t += static_cast<long>(b.size());
  return t;
}

CycleBoards cycleBoards(const Board& start, const std::vector<jcgn::BoardRecord>& boards, const Cycle& cycle) {
  const int end = cycle.first - 1 + cycle.period;
  std::vector<jcgn::BoardRecord> more;
  if (static_cast<int>(boards.size()) < end) {  // the images of the base boards, played
    more = boards;
    repeatCycle(start, more, cycle, end);
  }
  const auto& all = more.empty() ? boards : more;
  CycleBoards c;
  c.start = after(start, all, cycle.first - 1);
  for (int i = 0; i < cycle.period; ++i) c.boards.push_back(all[cycle.first - 1 + i].moves);
  return c;
}

bool sameCycle(const CycleBoards& a, const CycleBoards& b) {
  const auto sa = turnStarts(a), sb = turnStarts(b);
  for (int g = 0; g < kSymmetries; ++g)
    for (size_t i = 0; i + 1 < sa.size(); ++i)
      for (size_t j = 0; j + 1 < sb.size(); ++j)
        if (sa[i].pos.plane == mapPosition(g, sb[j].pos).plane) return true;
  return false;
}

CycleBoards mapCycle(int g, const CycleBoards& c) {
  CycleBoards m;
  m.start = mapBoard(g, c.start);
  for (const auto& b : c.boards) m.boards.push_back(mapMoves(g, b));
  for (const auto& b : c.lead) m.lead.push_back(mapMoves(g, b));
  m.foundBy = c.foundBy;
  return m;
}

CycleBoards rotated(const CycleBoards& cycle, int k) {
  const int period = static_cast<int>(cycle.boards.size());
  k = period ? k % period : 0;
  CycleBoards r;
  r.start = turnStarts(cycle)[k];
  r.lead = cycle.lead;
  r.lead.insert(r.lead.end(), cycle.boards.begin(), cycle.boards.begin() + k);
  for (int i = 0; i < period; ++i) r.boards.push_back(cycle.boards[(k + i) % period]);
  r.foundBy = cycle.foundBy;
  return r;
}

std::optional<CycleBoards> replayCycle(const Board& from, std::vector<std::vector<Move>> lead,
                                       std::vector<std::vector<Move>> turn) {
  auto play = [](Board& b, const std::vector<Move>& moves) {
    if (!playMoves(b, moves) || !b.pos.solved()) return false;
    b.flip();
    return true;
  };
  CycleBoards c;
  Board b = from;
  for (const auto& moves : lead)
    if (!play(b, moves)) return std::nullopt;
  c.start = b;
  for (const auto& moves : turn)
    if (!play(b, moves)) return std::nullopt;
  if (turn.empty() || b.pos.plane != c.start.pos.plane) return std::nullopt;
  c.lead = std::move(lead);
  c.boards = std::move(turn);
  return c;
}

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
  ChainBeam beam(solver, solver.options().chainBeam, after(origin, boards, boards.size()), 1);
  TransitionGraph graph;
  for (size_t b = 0; b < boards.size(); ++b) {
    const Board from = after(origin, boards, b);
    Board end = after(origin, boards, b + 1);
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

namespace {

// The `boards` boards playPath plays from board `next` of path[i]: each
// one's moves to `play`, in order.
template <class Play>
void walkPath(const std::vector<CycleBoards>& path, size_t i, int next, int boards, Play&& play) {
  for (size_t t = i; t < path.size(); ++t) {
    const auto& turn = path[t].boards;
    const int period = static_cast<int>(turn.size());
    if (t + 1 == path.size()) {
      for (int n = next; boards > 0; n = (n + 1) % period, --boards) play(turn[n]);
      return;
    }
    for (int n = next; n != 0 && boards > 0; n = (n + 1) % period, --boards) play(turn[n]);
    for (const auto& moves : path[t + 1].lead) {
      if (boards <= 0) return;
      play(moves);
      --boards;
    }
    next = 0;
  }
}

}  // namespace

void playPath(const Board& start, std::vector<jcgn::BoardRecord>& chain, const std::vector<CycleBoards>& path,
              size_t i, int next, int count) {
  walkPath(path, i, next, count - static_cast<int>(chain.size()),
           [&](const std::vector<Move>& moves) { append(start, chain, moves); });
}

long pathMoves(const std::vector<CycleBoards>& path, size_t i, int next, int boards) {
  long total = 0;
  walkPath(path, i, next, boards, [&](const std::vector<Move>& moves) { total += static_cast<long>(moves.size()); });
  return total;
}

std::optional<std::vector<jcgn::BoardRecord>> enterPath(const Board& start, const std::vector<jcgn::BoardRecord>& boards,
                                                        const std::vector<CycleBoards>& path, size_t i, int count,
                                                        const TargetOptions& opt, const EnterReport& report,
                                                        int images) {
  const int j = static_cast<int>(boards.size()) + 1;
  if (path[i].boards.empty() || j > count) return std::nullopt;
  const Board from = after(start, boards, boards.size());
  std::optional<std::vector<jcgn::BoardRecord>> best;
  long bestTotal = 0;
  for (const Aim& aim : aimsOf(from, j, path, i, images)) {
    const auto moves = solveToState(from.pos, aim.target, opt);
    if (report) report(j, aim.k + 1, moves ? static_cast<int>(moves->size()) : -1);
    if (!moves) continue;
    auto chain = chainAfterAim(start, boards, path, aim, *moves, count);
    const long total = totalMoves(chain);
    if (!best || total < bestTotal) {
      bestTotal = total;
      best = std::move(chain);
    }
  }
  return best;
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

namespace {

// a's mean below b's, exactly (cross-multiplied, no division).
bool cheaperCycle(const CycleBoards& a, const CycleBoards& b) {
  return a.moves() * static_cast<long>(b.boards.size()) < b.moves() * static_cast<long>(a.boards.size());
}

}  // namespace

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

namespace {

// The cheapest chain so far. A chain replaces it only when strictly
// cheaper, so the first among equals wins (whatever the team's size).
struct Cheapest {
  std::vector<jcgn::BoardRecord> chain;
  long total = 0;
  bool consider(std::vector<jcgn::BoardRecord>&& c) {
    const long t = totalMoves(c);
    if (t >= total) return false;
    total = t;
    chain = std::move(c);
    return true;
  }
};

// The chains that aim at nothing: `found` then path[0] round and round (the
// fallback), and `found` then along the whole path.
Cheapest chainsAlongPath(const Board& start, const std::vector<jcgn::BoardRecord>& found,
                         const std::vector<CycleBoards>& path, int count) {
  Cheapest best{found};
  playPath(start, best.chain, {path.front()}, 0, 0, count);
  best.total = totalMoves(best.chain);
  if (path.size() > 1) {
    std::vector<jcgn::BoardRecord> chain = found;
    playPath(start, chain, path, 0, 0, count);
    best.consider(std::move(chain));
  }
  return best;
}

// Every aim of enterPath for board j (1..opt.boards) at each cycle, the
// last cycle first, in the order they are run (cheapestChain, cycle.h).
std::vector<Aim> orderedAims(const Board& start, const std::vector<jcgn::BoardRecord>& found,
                             const std::vector<CycleBoards>& path, int count, const EnterOptions& opt) {
  std::vector<Aim> aims;
  for (size_t i = path.size(); i-- > 0 && opt.boards > 0;)
    for (int j = 1; j <= std::min(opt.boards, count) && j - 1 <= static_cast<int>(found.size()); ++j)
      if (!path[i].boards.empty())
        for (Aim& a : aimsOf(after(start, found, static_cast<size_t>(j - 1)), j, path, i, opt.images))
          aims.push_back(std::move(a));
  // The two nearest images of every end first, in that order, then the
  // farther ones rank by rank: a time limit that ends the aims cuts the
  // farther images, not the cycles and boards behind them. (The nearest
  // image is not the best: of 8 images of one end the best was the 2nd-8th,
  // results/history/golden-nugget.md, session 14.)
  // Within each of those two groups, the aims whose chain around them (the
  // boards before the aimed one, the path after it) is cheapest go first:
  // the cheapest cycle's before a dearer one's, whose boards lead through
  // the dearer cycles to the cheapest (in seed 1's main job of session 14,
  // half the aims were at its 19.5 cycle, and none of those could win).
  for (Aim& a : aims) {
    for (int b = 0; b < a.j - 1; ++b) a.around += static_cast<long>(found[static_cast<size_t>(b)].moves.size());
    a.around += pathMoves(path, a.cycle, (a.k + 1) % static_cast<int>(path[a.cycle].boards.size()), count - a.j);
  }
  std::stable_sort(aims.begin(), aims.end(), [](const Aim& a, const Aim& b) {
    const int ta = std::max(a.rank, 1), tb = std::max(b.rank, 1);
    return ta != tb ? ta < tb : a.around < b.around;
  });
  return distinctAims(std::move(aims));
}

// The aims of cheapestChain run in a fixed order, once at the base width,
// then (opt.widen > 1) once more at widen times the width: aim i of that
// order is aims[i % n], in pass i / n. Each process runs its aim of a round
// and every process then takes them all in order, so each ends with the
// same cheapest chain.
class AimRounds {
 public:
  AimRounds(const Board& start, const std::vector<jcgn::BoardRecord>& found, const std::vector<CycleBoards>& path,
            int count, const EnterOptions& opt)
      : start_(start), found_(found), path_(path), count_(count), opt_(opt),
        aims_(orderedAims(start, found, path, count, opt)), best_(chainsAlongPath(start, found, path, count)) {}

  size_t total() const { return aims_.size() * static_cast<size_t>(aimPasses(opt_)); }
  Cheapest& best() { return best_; }

  // Resumed: the cheapest aim so far replayed (it beat the chains along the
  // path, by the same rule).
  void resume(const AimProgress& at) {
    if (at.best < 0) return;
    if (at.best >= static_cast<int>(total()) || at.best >= at.done) throw std::invalid_argument("an aim that is not one");
    try {
      best_.consider(chainAfter(aim(static_cast<size_t>(at.best)), at.bestMoves));
    } catch (const std::logic_error& e) {
      throw std::invalid_argument(std::string("the cheapest aim so far: ") + e.what());
    }
  }

  // Aim i run by this process, as its team message: "aim MOVES" or "none";
  // empty when the aim is hopeless and not run.
  std::string run(size_t i) const {
    if (i >= total() || hopeless(aim(i))) return {};
    const Aim& a = aim(i);
    const auto moves = solveToState(from(a).pos, a.target, targetOptions(i));
    return moves ? "aim " + jcgn::formatMoves(*moves) : "none";
  }

  // Aim i's result as its process sent it: reported, and its chain
  // considered. Its moves when the chain is the cheapest so far.
  std::optional<std::vector<Move>> take(size_t i, const std::string& message,
                                        const std::function<void(size_t cycle, int width)>& entering,
                                        const EnterReport& report) {
    if (message.empty()) return std::nullopt;  // hopeless: not run
    const Aim& a = aim(i);
    const size_t pass = i / aims_.size();
    if (entering && (a.cycle != lastEntered_ || pass != lastPass_)) entering(a.cycle, targetOptions(i).width);
    lastEntered_ = a.cycle;
    lastPass_ = pass;
    const auto w = jcgn::fields(message);
    auto moves = w.size() > 1 && w[0] == "aim" ? jcgn::toMoves(w, 1) : std::nullopt;
    if (!moves && message != "none") badTeamMessage("an aim");
    if (report) report(a.j, a.k + 1, moves ? static_cast<int>(moves->size()) : -1);
    if (!moves || !best_.consider(chainAfter(a, *moves))) return std::nullopt;
    return moves;
  }

 private:
  const Aim& aim(size_t i) const { return aims_[i % aims_.size()]; }
  Board from(const Aim& a) const { return after(start_, found_, static_cast<size_t>(a.j - 1)); }
  TargetOptions targetOptions(size_t i) const {
    TargetOptions t = opt_.target;
    if (i >= aims_.size()) t.width = widerWidth(opt_);
    return t;
  }
  // An aim needs at least as many moves as the board needs to be solved at
  // all (heur::lineBound, admissible: the aim's end is a solved layout), so
  // one whose chain cannot beat the cheapest so far is not run. Every
  // process prunes the same aims (the cheapest so far is the same on all).
  bool hopeless(const Aim& a) const { return a.around + heur::lineBound(from(a).pos) >= best_.total; }
  std::vector<jcgn::BoardRecord> chainAfter(const Aim& a, const std::vector<Move>& moves) const {
    const std::vector<jcgn::BoardRecord> prefix(found_.begin(), found_.begin() + (a.j - 1));
    return chainAfterAim(start_, prefix, path_, a, moves, count_);
  }

  const Board& start_;
  const std::vector<jcgn::BoardRecord>& found_;
  const std::vector<CycleBoards>& path_;
  const int count_;
  const EnterOptions& opt_;
  const std::vector<Aim> aims_;
  Cheapest best_;
  size_t lastEntered_ = SIZE_MAX, lastPass_ = SIZE_MAX;  // the cycle and pass last named to `entering` (none yet)
};

}  // namespace

std::vector<jcgn::BoardRecord> cheapestChain(const Board& start, const std::vector<jcgn::BoardRecord>& found,
                                             const std::vector<CycleBoards>& path, int count, const EnterOptions& opt,
                                             const std::function<void(size_t cycle, int width)>& entering,
                                             const EnterReport& report, const std::function<bool()>& enough,
                                             Team& team, AimProgress* progress,
                                             const std::function<void(const AimProgress&)>& saved) {
  AimRounds aims(start, found, path, count, opt);
  AimProgress local;
  AimProgress& at = progress ? *progress : local;
  aims.resume(at);
  // Rounds of one aim a process, gathered, then reported and considered in
  // the aims' order (so the cheapest, the first among equals, wins as it
  // would alone), skipping the aims done.
  const size_t K = static_cast<size_t>(team.size()), rank = static_cast<size_t>(team.rank());
  const size_t total = aims.total();
  for (size_t round = static_cast<size_t>(at.done); round < total; round += K) {
    if (team.agree(enough && enough())) break;
    const std::vector<std::string> all = team.allGather(aims.run(round + rank));
    for (size_t r = 0; r < K && round + r < total; ++r) {
      if (auto moves = aims.take(round + r, all[r], entering, report)) {
        at.best = static_cast<int>(round + r);
        at.bestMoves = std::move(*moves);
      }
    }
    at.done = static_cast<int>(std::min(round + K, total));
    if (saved) saved(at);
  }
  return std::move(aims.best().chain);
}

Polished polishAimed(const Board& start, std::vector<jcgn::BoardRecord>& chain, const std::vector<Move>& aimed,
                     int boards, Team& team, const std::function<bool()>& enough) {
  size_t j = 0;
  while (j < chain.size() && static_cast<int>(j) < boards && chain[j].moves != aimed) ++j;
  if (j == chain.size() || static_cast<int>(j) >= boards || aimed.empty()) return {};
  const int before = static_cast<int>(aimed.size());
  std::string mine;
  if (team.leader()) mine = jcgn::formatMoves(polish(after(start, chain, j).pos, aimed, {.enough = enough}));
  const std::string theirs = team.broadcast(mine);
  const auto moves = jcgn::toMoves(jcgn::fields(theirs), 0);
  if (!moves || moves->empty()) badTeamMessage("a polished aim");
  const Polished done{static_cast<int>(j) + 1, before, static_cast<int>(moves->size())};
  if (moves->size() >= aimed.size()) return done;
  // The board ends where it did (up to tiles of one colour pair), so every
  // later board's moves replay; their finals are written again.
  std::vector<jcgn::BoardRecord> out(chain.begin(), chain.begin() + static_cast<std::ptrdiff_t>(j));
  append(start, out, *moves);
  for (size_t k = j + 1; k < chain.size(); ++k) append(start, out, chain[k].moves);
  chain = std::move(out);
  return done;
}

}  // namespace nugget::solve
