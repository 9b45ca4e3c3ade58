#include "nugget/chain/chain_beam.h"
#include "nugget/symmetry.h"

#include <algorithm>
#include <tuple>

#include "search/parallel.h"
#include <unordered_set>

#include "nugget/chain/shorten.h"

namespace nugget::solve {

ChainBeam::ChainBeam(const ChainSolver& solver, int width, const Board& start, int board)
    : solver_(solver), width_(std::max(width, 1)), start_(start), nextBoard_(board), solvedBoards_(board - 1) {}

Board ChainBeam::startOf(int node) const {
  if (node < 0) return start_;
  Board b = nodes_[node].end;
  b.flip();
  return b;
}

Board ChainBeam::endOf(int parent, const std::vector<Move>& moves) const {
  Board b = startOf(parent);
  for (Move m : moves) b.apply(m);
  return b;
}

void ChainBeam::advance() {
  const std::vector<int> parents = live_.empty() ? std::vector<int>{-1} : live_;
  const int board = solvedBoards_ + 1;
  const double nextWeight = solver_.options().nextWeight;

  struct Pick {
    double key;
    int total;
    int parentRank;
    int index;
  };
  // Every chain's board is solved independently: in parallel over chains
  // (each beam is parallel inside too; small beams alone leave cores idle).
  std::vector<std::vector<EndState>> found(parents.size());
  std::vector<uint64_t> generated(parents.size(), 0);
  std::vector<char> failedAt(parents.size(), 0);
  search::parallelFor(size_t{0}, parents.size(), [&](size_t r) {
    try {
      found[r] = solver_.endStates(startOf(parents[r]), board, &generated[r]);
    } catch (const NoSolution& e) {
      generated[r] = e.generated;
      failedAt[r] = 1;
    }
  });
  if (observer_)
    for (size_t r = 0; r < parents.size(); ++r) {
      const Board start = startOf(parents[r]);
      for (const EndState& c : found[r]) observer_(start, c);
    }
  std::vector<Pick> picks;
  int failed = 0;
  for (size_t r = 0; r < parents.size(); ++r) {
    generated_ += generated[r];
    if (failedAt[r]) {
      ++failed;
      continue;
    }
    const int parentTotal = parents[r] < 0 ? 0 : nodes_[parents[r]].total;
    for (size_t i = 0; i < found[r].size(); ++i) {
      const EndState& c = found[r][i];
      const int total = parentTotal + static_cast<int>(c.moves.size());
      picks.push_back({double(total) * heur::kScale + nextWeight * c.next, total, int(r), int(i)});
    }
  }
  if (failed == static_cast<int>(parents.size()))
    throw NoSolution("board " + std::to_string(board) + ": no solution within 99 moves on any chain", generated_);

  // Best first; the order depends on nothing but the candidates themselves.
  std::sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) {
    return std::tie(a.key, a.total, a.parentRank, a.index) < std::tie(b.key, b.total, b.parentRank, b.index);
  });
  std::vector<int> next;
  std::unordered_set<uint64_t> ends;
  for (const Pick& p : picks) {
    if (static_cast<int>(next.size()) >= width_) break;
    const EndState& c = found[p.parentRank][p.index];
    // The same end state reached worse, or an image of it (symmetry.h: the
    // same cost from there on) is no new chain.
    if (!ends.insert(symmetricHash(c.end)).second) continue;
    Node n;
    n.parent = parents[p.parentRank];
    n.moves = c.moves;
    n.end = endOf(n.parent, n.moves);
    n.total = p.total;
    nodes_.push_back(std::move(n));
    next.push_back(static_cast<int>(nodes_.size()) - 1);
  }
  live_ = std::move(next);
  ++solvedBoards_;
  compact();
}

ChainBeam::Committed ChainBeam::commit(int node) {
  Node& n = nodes_[node];
  Committed c;
  c.moves = n.moves;
  const int shortenWindow = solver_.options().shortenWindow;
  if (shortenWindow >= 2) c.moves = shorten(start_.pos, c.moves, {shortenWindow});
  // The shortened moves end in the same colours, but tiles of equal colours
  // may have traded places: the tiles come from a replay, and every pending
  // board after this one is replayed from them.
  Board end = start_;
  for (Move m : c.moves) end.apply(m);
  c.final = end.tiles;
  const int spent = static_cast<int>(n.moves.size());
  start_ = end;
  start_.flip();
  ++nextBoard_;
  for (Node& other : nodes_) {
    if (other.parent == node) other.parent = -1;
    other.total -= spent;
  }
  n.parent = -2;  // detached: compact() drops it
  return c;
}

std::vector<ChainBeam::Committed> ChainBeam::takeShared() {
  std::vector<Committed> out;
  while (!live_.empty()) {
    // The board right after the committed start, if every live chain has it.
    int shared = -2;
    for (int leaf : live_) {
      int n = leaf;
      while (nodes_[n].parent >= 0) n = nodes_[n].parent;
      if (shared == -2) shared = n;
      if (n != shared) return out;
    }
    out.push_back(commit(shared));
    // A single live chain at the committed board itself: the beam restarts
    // from the committed start.
    std::erase(live_, shared);
    compact();
    replay();
  }
  return out;
}

std::vector<ChainBeam::Committed> ChainBeam::takeBest() { return takeChain(0); }

int ChainBeam::closingChain(const std::vector<uint64_t>& committed) const {
  const int next = solvedBoards_ + 1;
  for (size_t r = 0; r < live_.size(); ++r) {
    const uint64_t h = symmetricHash(startOf(live_[r]).pos);
    std::vector<int> chain;  // the leaf first, up to the node after the committed start
    for (int n = live_[r]; n >= 0; n = nodes_[n].parent) chain.push_back(n);
    for (size_t i = 0; i < chain.size(); ++i) {
      const int board = nextBoard_ + static_cast<int>(chain.size() - 1 - i);  // board chain[i] solved
      if ((next - board) % 2 == 0 && symmetricHash(startOf(nodes_[chain[i]].parent).pos) == h)
        return static_cast<int>(r);
    }
    for (int board = nextBoard_ - 1; board >= 1; --board)
      if ((next - board) % 2 == 0 && static_cast<size_t>(board) <= committed.size() && committed[board - 1] == h)
        return static_cast<int>(r);
  }
  return -1;
}

std::vector<ChainBeam::Committed> ChainBeam::takeChain(int rank) {
  std::vector<Committed> out;
  if (rank < 0 || rank >= static_cast<int>(live_.size())) return out;
  live_ = {live_[static_cast<size_t>(rank)]};
  compact();  // the best chain alone, in order: node i is board i after the start
  for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
    out.push_back(commit(i));
    replay();
  }
  live_.clear();
  compact();
  return out;
}

void ChainBeam::replay() {
  for (Node& n : nodes_) {  // parents come before children
    if (n.parent < -1) continue;
    n.end = endOf(n.parent, n.moves);
  }
}

int ChainBeam::bestPendingMoves() const { return live_.empty() ? 0 : nodes_[live_.front()].total; }

int ChainBeam::lastMoves() const {
  return live_.empty() ? 0 : static_cast<int>(nodes_[live_.front()].moves.size());
}

void ChainBeam::compact() {
  std::vector<char> keep(nodes_.size(), 0);
  for (int leaf : live_)
    for (int n = leaf; n >= 0 && !keep[n]; n = nodes_[n].parent) keep[n] = 1;
  std::vector<int> remap(nodes_.size(), -1);
  std::vector<Node> kept;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (!keep[i]) continue;
    remap[i] = static_cast<int>(kept.size());
    kept.push_back(std::move(nodes_[i]));
  }
  for (Node& n : kept)
    if (n.parent >= 0) n.parent = remap[n.parent];
  for (int& leaf : live_) leaf = remap[leaf];
  nodes_ = std::move(kept);
}

bool ChainBeam::restore(const std::vector<std::pair<int, std::vector<Move>>>& pending, const std::vector<int>& live,
                        int solvedBoards) {
  std::vector<Node> nodes;
  for (const auto& [parent, moves] : pending) {
    if (parent < -1 || parent >= static_cast<int>(nodes.size())) return false;
    Node n;
    n.parent = parent;
    n.moves = moves;
    n.end = parent < 0 ? start_ : nodes[parent].end;
    if (parent >= 0) n.end.flip();
    if (!playMoves(n.end, moves) || !n.end.pos.solved()) return false;
    n.total = (parent < 0 ? 0 : nodes[parent].total) + static_cast<int>(moves.size());
    nodes.push_back(std::move(n));
  }
  for (int l : live)
    if (l < 0 || l >= static_cast<int>(nodes.size())) return false;
  nodes_ = std::move(nodes);
  live_ = live;
  solvedBoards_ = solvedBoards;
  return true;
}

}  // namespace nugget::solve
