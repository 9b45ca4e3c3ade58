#include "nugget/chain/shorten.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace nugget::solve {
namespace {

// All moves m with prev.apply(m) == pos: undo every (label, p) and keep it
// when it really is the move played from the result.
template <class F>
void forEachPredecessor(const Position& pos, F&& f) {
  for (int label = 0; label < kLabels; ++label)
    for (int p = 2; p <= 7; ++p) {
      const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
      Position prev = pos;
      prev.undo(m);
      if (prev.farthestWhite(label) == p) f(m, prev);
    }
}

// hash -> path from the root (forward: moves from start; backward: moves
// that lead from the state to the target, in order).
using Frontier = std::unordered_map<uint64_t, std::vector<Move>>;

Frontier expandForward(const Position& root, int depth) {
  Frontier seen{{root.hash(), {}}};
  std::vector<std::pair<Position, std::vector<Move>>> layer{{root, {}}};
  for (int d = 0; d < depth; ++d) {
    std::vector<std::pair<Position, std::vector<Move>>> next;
    for (const auto& [pos, path] : layer)
      for (Move m : pos.legalMoves()) {
        Position child = pos;
        child.apply(m);
        auto [it, fresh] = seen.try_emplace(child.hash(), path);
        if (!fresh) continue;
        it->second.push_back(m);
        next.emplace_back(child, it->second);
      }
    layer.swap(next);
  }
  return seen;
}

// Searches a path from `from` to exactly `to` shorter than `limit` moves.
std::optional<std::vector<Move>> shorterPath(const Position& from, const Position& to, int limit) {
  const int total = limit - 1;  // at most this many moves
  const int a = total / 2, b = total - a;
  const Frontier forward = expandForward(from, a);
  // Backward breadth-first, checking each state against the forward set;
  // the first meeting at the smallest backward depth gives the shortest.
  std::optional<std::vector<Move>> best;
  std::unordered_map<uint64_t, int> seen{{to.hash(), 0}};
  std::vector<std::pair<Position, std::vector<Move>>> layer{{to, {}}};
  for (int d = 0; d <= b; ++d) {
    for (const auto& [pos, tail] : layer) {
      auto it = forward.find(pos.hash());
      if (it == forward.end()) continue;
      std::vector<Move> path = it->second;
      path.insert(path.end(), tail.begin(), tail.end());
      if (static_cast<int>(path.size()) < limit && (!best || path.size() < best->size())) best = path;
    }
    if (best || d == b) break;
    std::vector<std::pair<Position, std::vector<Move>>> next;
    for (const auto& [pos, tailOf] : layer) {
      const std::vector<Move>& tail = tailOf;  // a lambda may not capture a structured binding in clang 14 (em++)
      forEachPredecessor(pos, [&](Move m, const Position& prev) {
        if (!seen.try_emplace(prev.hash(), d + 1).second) return;
        std::vector<Move> t{m};
        t.insert(t.end(), tail.begin(), tail.end());
        next.emplace_back(prev, std::move(t));
      });
    }
    layer.swap(next);
  }
  return best;
}

bool replays(Position pos, const std::vector<Move>& moves, const Position& expected) {
  return playMoves(pos, moves) && pos == expected;
}

}  // namespace

std::vector<Move> shorten(const Position& start, std::vector<Move> moves, const ShortenOptions& opt) {
  Position end = start;
  for (Move m : moves) end.apply(m);
  bool improved = true;
  while (improved) {
    improved = false;
    for (int w = 2; w <= opt.maxWindow && !improved; ++w) {
      // States along the current list.
      std::vector<Position> states{start};
      for (Move m : moves) {
        states.push_back(states.back());
        states.back().apply(m);
      }
      for (int i = 0; i + w <= static_cast<int>(moves.size()); ++i) {
        auto path = shorterPath(states[i], states[i + w], w);
        if (!path) continue;
        std::vector<Move> candidate(moves.begin(), moves.begin() + i);
        candidate.insert(candidate.end(), path->begin(), path->end());
        candidate.insert(candidate.end(), moves.begin() + i + w, moves.end());
        // Hash collisions are possible in the meeting test: trust only a replay.
        if (!replays(start, candidate, end)) continue;
        moves.swap(candidate);
        improved = true;
        break;
      }
    }
  }
  return moves;
}

}  // namespace nugget::solve
