#include "nugget/aims/target.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <unordered_map>

#include "nugget/chain/board_search.h"
#include "nugget/chain/shorten.h"
#include "search/beam.h"

namespace nugget::solve {
namespace {

int pairAt(const Position& p, int cell) {
  return static_cast<int>(p.colourAt(cell, 0)) * 6 + static_cast<int>(p.colourAt(cell, 1));
}

// steps[white][a][b]: fewest moves taking a tile from cell a to cell b.
struct Steps {
  std::array<std::array<std::array<uint8_t, kCells>, kCells>, 2> steps;
  Steps() {
    for (int white = 0; white < 2; ++white)
      for (int a = 0; a < kCells; ++a) {
        auto& d = steps[white][a];
        d.fill(255);
        d[a] = 0;
        int queue[kCells], head = 0, tail = 0;
        queue[tail++] = a;
        while (head < tail) {
          const int c = queue[head++], r = c / kSide, k = c % kSide;
          int next[8], n = 0;
          if (r > 0) next[n++] = c - kSide;
          if (r < kSide - 1) next[n++] = c + kSide;
          if (k > 0) next[n++] = c - 1;
          if (k < kSide - 1) next[n++] = c + 1;
          if (white) {  // to the force point of either end of its row or column
            next[n++] = r * kSide;
            next[n++] = r * kSide + kSide - 1;
            next[n++] = k;
            next[n++] = (kSide - 1) * kSide + k;
          }
          for (int i = 0; i < n; ++i)
            if (d[next[i]] == 255) {
              d[next[i]] = static_cast<uint8_t>(d[c] + 1);
              queue[tail++] = next[i];
            }
        }
      }
  }
};

// The score is the target distance alone: the board heuristic is set to one
// without an incremental form, so apply() computes no summary.
struct TargetProblem : BoardProblem {
  const Position* target = nullptr;
  const TargetDistance* distance = nullptr;
  const search::SeenSet* alsoGoals = nullptr;
  const search::SeenSet* frontier = nullptr;
  TargetProblem() { heuristic = heur::find("border"); }
  uint64_t hash(const BoardState& s) const { return s.pos.hash(); }  // both faces: the target is exact
  // A move brings at most one coloured tile in from the border, so a state
  // within d moves of the target has at most d more coloured border tiles:
  // the frontier's hash is looked up only for those (a bit count, where the
  // lookup cost a third of the aims' speed).
  int frontierBorder = -1;
  bool isGoal(const BoardState& s) const {
    return s.pos.plane == target->plane ||
           (frontier && std::popcount(s.pos.coloured() & kBorder) <= frontierBorder &&
            frontier->contains(s.pos.hash())) ||
           (alsoGoals && s.pos.solved() && alsoGoals->contains(s.pos.hash()));
  }
  int32_t score(const BoardState& s) const { return (*distance)(s.pos); }
};

const Steps& steps() {
  static const Steps s;
  return s;
}

}  // namespace

TargetDistance::TargetDistance(const Position& target) {
  const auto& st = steps().steps;
  for (int pair = 0; pair < 36; ++pair) {
    const int white = pair / 6 == 0;
    for (int c = 0; c < kCells; ++c) {
      int best = 255;
      for (int d = 0; d < kCells; ++d)
        if (pairAt(target, d) == pair) best = std::min<int>(best, st[white][c][d]);
      dist_[pair][c] = static_cast<uint8_t>(best == 255 ? 0 : best);
    }
  }
  std::array<int, 36> index;
  index.fill(-1);
  for (int d = 0; d < kCells; ++d) {
    const int pair = pairAt(target, d);
    if (index[pair] < 0) {
      index[pair] = classes_.size;
      classes_.at[classes_.size++] = {static_cast<uint8_t>(pair / 6), static_cast<uint8_t>(pair % 6)};
    }
    Class& k = classes_.at[index[pair]];
    if (k.count < kSmall) k.cells[k.count] = static_cast<uint8_t>(d);
    ++k.count;
  }
}

int TargetDistance::operator()(const Position& pos) const {
  const auto& st = steps().steps;
  std::array<Bitboard, 6> shown, hidden;
  shown[0] = pos.white(0);
  hidden[0] = pos.white(1);
  const auto s = pos.colourMasks(0), h = pos.colourMasks(1);
  for (int c = 0; c < kColours; ++c) shown[c + 1] = s[c], hidden[c + 1] = h[c];
  int sum = 0;
  for (int i = 0; i < classes_.size; ++i) {
    const Class& k = classes_.at[i];
    Bitboard cells = shown[k.shown] & hidden[k.hidden];
    const auto& d = st[k.shown == 0];
    const uint8_t* t = k.cells;
    if (k.count > kSmall) {  // the tiles white on both faces: each to its nearest target cell
      const auto& near = dist_[k.shown * 6 + k.hidden];
      for (; cells; cells &= cells - 1) sum += near[std::countr_zero(cells)];
      continue;
    }
    int a[kSmall];
    for (int n = 0; cells && n < kSmall; cells &= cells - 1) a[n++] = std::countr_zero(cells);
    if (k.count == 1) {
      sum += d[a[0]][t[0]];
    } else if (k.count == 2) {
      sum += std::min(d[a[0]][t[0]] + d[a[1]][t[1]], d[a[0]][t[1]] + d[a[1]][t[0]]);
    } else {  // 3: the cheapest of the 6 assignments
      sum += std::min({d[a[0]][t[0]] + std::min(d[a[1]][t[1]] + d[a[2]][t[2]], d[a[1]][t[2]] + d[a[2]][t[1]]),
                       d[a[0]][t[1]] + std::min(d[a[1]][t[0]] + d[a[2]][t[2]], d[a[1]][t[2]] + d[a[2]][t[0]]),
                       d[a[0]][t[2]] + std::min(d[a[1]][t[0]] + d[a[2]][t[1]], d[a[1]][t[1]] + d[a[2]][t[0]])});
    }
  }
  return sum;
}

int targetScore(const Position& from, const Position& target) { return TargetDistance(target)(from); }

namespace {

// The states within `depth` moves of `target`, backward: for each, the
// move that leads one step on toward the target (by hash; the way on is
// replayed before it is trusted).
struct Frontier {
  search::SeenSet hashes;
  std::unordered_map<uint64_t, std::pair<Position, Move>> next;  // state's hash -> (state, its move on)
  Frontier(const Position& target, int depth) {
    std::vector<Position> level{target};
    hashes.insert(target.hash());
    for (int d = 0; d < depth; ++d) {
      std::vector<Position> below;
      for (const Position& t : level)
        for (int label = 0; label < kLabels; ++label)
          for (int p = 2; p <= kSide; ++p) {
            const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
            Position before = t;
            before.undo(m);
            if (before.farthestWhite(label) != p) continue;
            const uint64_t h = before.hash();
            if (hashes.contains(h)) continue;
            hashes.insert(h);
            next.emplace(h, std::make_pair(before, m));
            below.push_back(before);
          }
      level = std::move(below);
    }
  }
  // The moves from `at` on to the target, or none when the hash was not it.
  std::optional<std::vector<Move>> wayOn(Position at, const Position& target) const {
    std::vector<Move> way;
    while (at != target) {
      const auto it = next.find(at.hash());
      if (it == next.end() || it->second.first != at || way.size() > 64) return std::nullopt;
      way.push_back(it->second.second);
      at.apply(it->second.second);
    }
    return way;
  }
};

}  // namespace

std::optional<std::vector<Move>> solveToState(const Position& start, const Position& target, const TargetOptions& opt) {
  const TargetDistance distance(target);
  TargetProblem problem;
  problem.target = &target;
  problem.distance = &distance;
  problem.alsoGoals = opt.alsoGoals;
  std::optional<Frontier> frontier;
  if (opt.frontierDepth > 0) {
    frontier.emplace(target, opt.frontierDepth);
    problem.frontier = &frontier->hashes;
    problem.frontierBorder = std::popcount(target.coloured() & kBorder) + opt.frontierDepth;
  }
  search::BeamOptions bo;
  bo.width = opt.width;
  bo.maxDepth = opt.maxMoves;
  bo.maxGoals = 1;
  bo.stop = opt.stop;
  const auto result = search::beamSearch(problem, problem.state(start), bo);
  if (opt.children) *opt.children += result.stats.generated;
  if (result.goals.empty()) return std::nullopt;
  std::vector<Move> moves = result.goals.front().path;
  const Position& reached = result.goals.front().state.pos;
  if (frontier && reached != target && !(opt.alsoGoals && reached.solved() && opt.alsoGoals->contains(reached.hash()))) {
    const auto way = frontier->wayOn(reached, target);
    if (!way) return std::nullopt;  // a hash met by chance
    moves.insert(moves.end(), way->begin(), way->end());
  }
  if (opt.shortenWindow >= 2) moves = shorten(start, moves, {opt.shortenWindow});
  return moves;
}

std::vector<Move> polish(const Position& start, std::vector<Move> moves, const PolishOptions& opt) {
  TargetOptions t;
  t.width = opt.width;
  t.shortenWindow = 0;
  t.children = opt.children;
  auto enough = [&] { return opt.enough && opt.enough(); };
  std::vector<Position> at;  // at[i]: the state after moves[0..i)
  auto replay = [&] {
    at.assign(1, start);
    for (Move m : moves) {
      at.push_back(at.back());
      at.back().apply(m);
    }
  };
  replay();
  // Each splice makes the path shorter, so this ends.
  for (bool gained = true; gained;) {
    gained = false;
    for (int len = opt.minSegment; len <= opt.maxSegment; ++len)
      for (int i = 0; i + len <= static_cast<int>(moves.size()); ++i) {
        if (enough()) return moves;
        t.maxMoves = len - 1;
        const auto way = solveToState(at[static_cast<size_t>(i)], at[static_cast<size_t>(i + len)], t);
        if (!way || static_cast<int>(way->size()) >= len) continue;
        moves.erase(moves.begin() + i, moves.begin() + i + len);
        moves.insert(moves.begin() + i, way->begin(), way->end());
        replay();
        gained = true;
      }
  }
  if (opt.shortenWindow >= 2) moves = shorten(start, moves, {opt.shortenWindow});
  return moves;
}

}  // namespace nugget::solve
