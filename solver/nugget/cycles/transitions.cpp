#include "nugget/cycles/transitions.h"

#include <deque>
#include <limits>

#include "nugget/symmetry.h"
#include "search/min_mean_cycle.h"

namespace nugget::solve {

uint64_t TransitionGraph::key(const Position& pos, Face face) {
  return symmetricHash(pos) ^ (face == Face::B ? 0x9e3779b97f4a7c15ull : 0);
}

std::pair<int, int> TransitionGraph::find(const Position& pos, Face face) const {
  const auto it = byHash_.find(key(pos, face));
  if (it == byHash_.end()) return {-1, 0};
  const Position& rep = reps_[static_cast<size_t>(it->second)];
  for (int g = 0; g < kSymmetries; ++g)
    if (mapPosition(g, rep).plane == pos.plane) return {it->second, g};
  return {-2, 0};
}

std::pair<int, int> TransitionGraph::node(const Position& pos, Face face) {
  const auto found = find(pos, face);
  if (found.first != -1) return found;
  reps_.push_back(pos);
  byHash_.emplace(key(pos, face), static_cast<int>(reps_.size()) - 1);
  return {static_cast<int>(reps_.size()) - 1, 0};
}

void TransitionGraph::add(const Position& start, Face face, const std::vector<Move>& moves, const Position& end) {
  Position next = end;
  next.flip();
  const auto [u, gu] = node(start, face);
  const auto [w, gw] = node(next, other(face));
  if (u < 0 || w < 0) return;  // a hash collision: the arc is left out, nothing wrong is kept
  const uint64_t key = (static_cast<uint64_t>(u) << 32) | static_cast<uint32_t>(w);
  const auto it = arcOf_.find(key);
  if (it != arcOf_.end() && arcs_[static_cast<size_t>(it->second)].moves.size() <= moves.size()) return;
  // From u's representative R: the moves mapped by gu^-1 end at gu^-1(next)
  // = gu^-1 gw (R_w).
  Arc a{u, w, compose(inverse(gu), gw), mapMoves(inverse(gu), moves)};
  if (it == arcOf_.end()) {
    arcOf_.emplace(key, static_cast<int>(arcs_.size()));
    arcs_.push_back(std::move(a));
  } else {
    arcs_[static_cast<size_t>(it->second)] = std::move(a);
  }
}

void TransitionGraph::addCycle(const CycleBoards& cycle) {
  Board b = cycle.start;
  for (const auto& moves : cycle.boards) {
    const Position start = b.pos;
    const Face face = b.face;
    if (!playMoves(b, moves)) return;
    add(start, face, moves, b.pos);
    b.flip();
  }
}

std::optional<CycleBoards> TransitionGraph::cheapestCycle(const Board& from, double below) const {
  std::vector<search::Arc> weighted;
  weighted.reserve(arcs_.size());
  for (const Arc& a : arcs_) weighted.push_back({a.from, a.to, static_cast<int64_t>(a.moves.size())});
  const search::MeanCycle cycle = search::minMeanCycle(static_cast<int>(reps_.size()), weighted);
  if (cycle.empty() || !(cycle.mean() < below)) return std::nullopt;

  // The fewest boards from `from` to a node of the cycle (breadth first,
  // arcs in order: the same graph gives the same lead).
  const auto [root, groot] = find(from.pos, from.face);
  if (root < 0) return std::nullopt;
  std::vector<int> onCycle(reps_.size(), -1);  // position round the cycle
  for (size_t i = 0; i < cycle.arcs.size(); ++i)
    onCycle[static_cast<size_t>(arcs_[static_cast<size_t>(cycle.arcs[i])].from)] = static_cast<int>(i);
  std::vector<std::vector<int>> out(reps_.size());
  for (size_t a = 0; a < arcs_.size(); ++a) out[static_cast<size_t>(arcs_[a].from)].push_back(static_cast<int>(a));
  std::vector<int> via(reps_.size(), -2);  // arc that reached the node; -1: the root
  std::deque<int> queue{root};
  via[static_cast<size_t>(root)] = -1;
  int entry = -1;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    if (onCycle[static_cast<size_t>(v)] >= 0) {
      entry = v;
      break;
    }
    for (int a : out[static_cast<size_t>(v)]) {
      const auto w = static_cast<size_t>(arcs_[static_cast<size_t>(a)].to);
      if (via[w] != -2) continue;
      via[w] = a;
      queue.push_back(static_cast<int>(w));
    }
  }
  if (entry < 0) return std::nullopt;
  std::vector<int> leadArcs;
  for (int v = entry; via[static_cast<size_t>(v)] >= 0; v = arcs_[static_cast<size_t>(via[static_cast<size_t>(v)])].from)
    leadArcs.push_back(via[static_cast<size_t>(v)]);
  std::reverse(leadArcs.begin(), leadArcs.end());

  // Replay: the board shows frame(representative) of the node it is at.
  Board b = from;
  int frame = groot;
  auto play = [&](int arc, std::vector<std::vector<Move>>& into) {
    const Arc& a = arcs_[static_cast<size_t>(arc)];
    std::vector<Move> moves = mapMoves(frame, a.moves);
    if (!playMoves(b, moves) || !b.pos.solved()) return false;
    b.flip();
    frame = compose(frame, a.symmetry);
    into.push_back(std::move(moves));
    return true;
  };
  CycleBoards found;
  for (int a : leadArcs)
    if (!play(a, found.lead)) return std::nullopt;
  found.start = b;
  // Round the cycle from the entry until the board is back where it
  // started: one lap, or up to 4 when a lap ends at an image of the start.
  const size_t k = cycle.arcs.size();
  const size_t first = static_cast<size_t>(onCycle[static_cast<size_t>(entry)]);
  for (size_t i = 0; i < 4 * k; ++i) {
    if (!play(cycle.arcs[(first + i) % k], found.boards)) return std::nullopt;
    if ((i + 1) % k == 0 && b.pos.plane == found.start.pos.plane && b.face == found.start.face) return found;
  }
  return std::nullopt;  // a symmetry of order above 4 cannot be: the arcs were wrong
}

}  // namespace nugget::solve
