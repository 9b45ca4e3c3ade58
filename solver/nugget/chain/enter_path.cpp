#include "nugget/chain/enter_path.h"

#include "nugget/heuristics.h"
#include "nugget/jcgn.h"
#include "nugget/symmetry.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace nugget::solve {
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
  appendBoard(start, chain, moves);
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

}  // namespace

void playPath(const Board& start, std::vector<jcgn::BoardRecord>& chain, const std::vector<CycleBoards>& path,
              size_t i, int next, int count) {
  walkPath(path, i, next, count - static_cast<int>(chain.size()),
           [&](const std::vector<Move>& moves) { appendBoard(start, chain, moves); });
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
  const Board from = startAfter(start, boards, boards.size());
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
// last cycle first, in the order they are run (cheapestChain, enter_path.h).
std::vector<Aim> orderedAims(const Board& start, const std::vector<jcgn::BoardRecord>& found,
                             const std::vector<CycleBoards>& path, int count, const EnterOptions& opt) {
  std::vector<Aim> aims;
  for (size_t i = path.size(); i-- > 0 && opt.boards > 0;)
    for (int j = 1; j <= std::min(opt.boards, count) && j - 1 <= static_cast<int>(found.size()); ++j)
      if (!path[i].boards.empty())
        for (Aim& a : aimsOf(startAfter(start, found, static_cast<size_t>(j - 1)), j, path, i, opt.images))
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
  Board from(const Aim& a) const { return startAfter(start_, found_, static_cast<size_t>(a.j - 1)); }
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
  if (team.leader()) mine = jcgn::formatMoves(polish(startAfter(start, chain, j).pos, aimed, {.enough = enough}));
  const std::string theirs = team.broadcast(mine);
  const auto moves = jcgn::toMoves(jcgn::fields(theirs), 0);
  if (!moves || moves->empty()) badTeamMessage("a polished aim");
  const Polished done{static_cast<int>(j) + 1, before, static_cast<int>(moves->size())};
  if (moves->size() >= aimed.size()) return done;
  // The board ends where it did (up to tiles of one colour pair), so every
  // later board's moves replay; their finals are written again.
  std::vector<jcgn::BoardRecord> out(chain.begin(), chain.begin() + static_cast<std::ptrdiff_t>(j));
  appendBoard(start, out, *moves);
  for (size_t k = j + 1; k < chain.size(); ++k) appendBoard(start, out, chain[k].moves);
  chain = std::move(out);
  return done;
}

}  // namespace nugget::solve
