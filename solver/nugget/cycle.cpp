#include "nugget/cycle.h"

#include "nugget/chain_beam.h"
#include "nugget/symmetry.h"
#include "nugget/transitions.h"

#include <algorithm>
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
  return r;
}

std::optional<CycleBoards> cycleFrom(const ChainSolver& solver, const CycleBoards& from, int maxBoards,
                                     const std::function<bool()>& enough) {
  ChainBeam beam(solver, solver.options().chainBeam, from.start, 1);
  // Every board any chain solved, and the cycle it starts from: a cycle
  // through the chains' crossings, or a detour back into `from`, shows up
  // there before (or instead of) one chain closing one by itself.
  TransitionGraph graph;
  graph.addCycle(from);
  beam.observe([&](const Board& start, const EndState& e) { graph.add(start.pos, start.face, e.moves, e.end); });
  const double below = from.boards.empty() ? std::numeric_limits<double>::infinity() : from.mean();
  std::vector<jcgn::BoardRecord> seg;
  try {
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

void playPath(const Board& start, std::vector<jcgn::BoardRecord>& chain, const std::vector<CycleBoards>& path,
              size_t i, int next, int count) {
  for (size_t t = i; t < path.size(); ++t) {
    const auto& turn = path[t].boards;
    const int period = static_cast<int>(turn.size());
    if (t + 1 == path.size()) {
      for (int n = next; static_cast<int>(chain.size()) < count; n = (n + 1) % period) append(start, chain, turn[n]);
      return;
    }
    for (int n = next; n != 0 && static_cast<int>(chain.size()) < count; n = (n + 1) % period)
      append(start, chain, turn[n]);
    for (const auto& moves : path[t + 1].lead) {
      if (static_cast<int>(chain.size()) >= count) return;
      append(start, chain, moves);
    }
    next = 0;
  }
}

std::optional<std::vector<jcgn::BoardRecord>> enterPath(const Board& start, const std::vector<jcgn::BoardRecord>& boards,
                                                        const std::vector<CycleBoards>& path, size_t i, int count,
                                                        const TargetOptions& opt, const EnterReport& report,
                                                        int images) {
  const CycleBoards& cycle = path[i];
  const int period = static_cast<int>(cycle.boards.size());
  const int j = static_cast<int>(boards.size()) + 1;
  if (period == 0 || j > count) return std::nullopt;
  const Board from = after(start, boards, boards.size());
  // Board k ends where board k+1 starts, flipped back to its own face.
  std::vector<Board> ends = turnStarts(cycle);
  ends.erase(ends.begin());
  for (Board& e : ends) e.flip();
  std::optional<std::vector<jcgn::BoardRecord>> best;
  long bestTotal = 0;
  for (int k = 0; k < period; ++k) {
    if (ends[k].face != from.face) continue;
    // The images of this end, nearest first (ties: the identity first).
    std::vector<std::pair<int, int>> near;  // (distance, g)
    for (int g = 0; g < kSymmetries; ++g)
      near.emplace_back(TargetDistance(mapPosition(g, ends[k].pos))(from.pos), g);
    std::sort(near.begin(), near.end());
    for (int n = 0; n < std::clamp(images, 1, kSymmetries); ++n) {
      const int g = near[static_cast<size_t>(n)].second;
      const auto moves = solveToState(from.pos, mapPosition(g, ends[k].pos), opt);
      if (report) report(j, k + 1, moves ? static_cast<int>(moves->size()) : -1);
      if (!moves) continue;
      std::vector<jcgn::BoardRecord> chain = boards;
      append(start, chain, *moves);
      if (g == 0) {
        playPath(start, chain, path, i, (k + 1) % period, count);
      } else {
        std::vector<CycleBoards> image;
        for (const auto& c : path) image.push_back(mapCycle(g, c));
        playPath(start, chain, image, i, (k + 1) % period, count);
      }
      const long total = totalMoves(chain);
      if (!best || total < bestTotal) {
        bestTotal = total;
        best = std::move(chain);
      }
    }
  }
  return best;
}

void searchCycles(const ChainSolver& base, std::vector<CycleBoards>& path, int first, int last, int maxBoards,
                  const std::function<bool(const CycleTry&)>& after) {
  for (int i = first; i <= last; ++i) {
    CycleTry t;
    t.index = i;
    Options o = base.options();
    o.seed = base.options().seed + 7919ull * static_cast<uint64_t>(i);
    o.beamWidth = base.options().beamWidth * (i % 3 == 1 ? 1 : i % 3 == 2 ? 2 : 4);
    t.seed = o.seed;
    t.width = o.beamWidth;
    const ChainSolver variant(o, base.sharedTable());
    // From board r of the last cycle's turn; a cycle found from there leads
    // from the last cycle's start through those r boards.
    const CycleBoards& last_ = path.back();
    const int r = ((i - 1) / 3) % static_cast<int>(last_.boards.size());
    const CycleBoards from = rotated(last_, r);
    t.found = cycleFrom(variant, {from.start, from.boards, {}}, maxBoards);
    if (t.found) {
      t.found->lead.insert(t.found->lead.begin(), last_.boards.begin(), last_.boards.begin() + r);
      const long lhs = t.found->moves() * static_cast<long>(last_.boards.size());
      const long rhs = last_.moves() * static_cast<long>(t.found->boards.size());
      t.cheaper = lhs < rhs;
      t.kept = t.cheaper || (lhs == rhs && std::none_of(path.begin(), path.end(), [&](const CycleBoards& c) {
                               return sameCycle(c, *t.found);
                             }));
      if (t.kept) path.push_back(*t.found);
    }
    if (after && !after(t)) return;
  }
}

std::vector<jcgn::BoardRecord> cheapestChain(const Board& start, const std::vector<jcgn::BoardRecord>& found,
                                             const std::vector<CycleBoards>& path, int count, const EnterOptions& opt,
                                             const std::function<void(size_t cycle)>& entering,
                                             const EnterReport& report, const std::function<bool()>& enough) {
  // The fallback: found, then its cycle round and round.
  std::vector<jcgn::BoardRecord> best = found;
  playPath(start, best, {path.front()}, 0, 0, count);
  long bestTotal = totalMoves(best);
  auto consider = [&](std::vector<jcgn::BoardRecord>&& chain) {
    const long total = totalMoves(chain);
    if (total < bestTotal) {
      bestTotal = total;
      best = std::move(chain);
    }
  };
  if (path.size() > 1) {
    std::vector<jcgn::BoardRecord> chain = found;
    playPath(start, chain, path, 0, 0, count);
    consider(std::move(chain));
  }
  for (size_t i = path.size(); i-- > 0 && opt.boards > 0;) {
    if (enough && enough()) break;
    if (entering) entering(i);
    for (int j = 1; j <= opt.boards && j - 1 <= static_cast<int>(found.size()); ++j) {
      if (enough && enough()) break;
      const std::vector<jcgn::BoardRecord> prefix(found.begin(), found.begin() + (j - 1));
      if (auto chain = enterPath(start, prefix, path, i, count, opt.target, report, opt.images))
        consider(std::move(*chain));
    }
  }
  return best;
}

}  // namespace nugget::solve
