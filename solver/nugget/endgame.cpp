#include "nugget/endgame.h"

#include <algorithm>
#include <array>
#include <bit>

#include <tbb/parallel_for.h>

namespace nugget::solve {

std::vector<Position> solvedLayouts() {
  std::vector<Position> out;
  std::array<int, 5> order{1, 2, 3, 4, 5};
  do {
    for (int horizontal = 1; horizontal >= 0; --horizontal) {
      Position p;
      for (int r = 1; r <= 5; ++r)
        for (int c = 1; c <= 5; ++c) {
          const int colour = order[(horizontal ? r : c) - 1];
          for (int j = 0; j < 3; ++j)
            if (colour & (1 << j)) p.plane[0][j] |= cellBit(r * kSide + c);
        }
      out.push_back(p);
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return out;
}

uint64_t EndgameTable::key(const Position& pos) {
  // Moves see only white versus coloured, so renaming the colours commutes
  // with every move and maps the 240 goals onto each other (120 orders per
  // orientation). Keying the layout with its colours renamed in order of
  // first appearance (lowest cell first) stores one layout per class: the
  // table is 120 times smaller, which buys one or two more moves of depth.
  std::array<Bitboard, kColours> mask;
  for (int c = 0; c < kColours; ++c) mask[c] = pos.colourMask(static_cast<Colour>(c + 1));
  // Masks are disjoint, so their lowest bits differ (an absent colour sorts last).
  auto low = [](Bitboard m) { return m ? (m & (~m + 1)) : ~Bitboard{0}; };
  for (int i = 1; i < kColours; ++i)
    for (int j = i; j > 0 && low(mask[j]) < low(mask[j - 1]); --j) std::swap(mask[j], mask[j - 1]);
  uint64_t h = 0x6A09E667F3BCC909ull;
  for (Bitboard x : mask) {
    h = (h ^ x) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
  }
  h *= 0xD6E8FEB86659FD93ull;
  h ^= h >> 32;
  return h ? h : 1;
}

void EndgameTable::insert(uint64_t k, int d) {
  if ((size_ + 1) * 2 > keys_.size()) {
    std::vector<uint64_t> oldKeys;
    std::vector<uint8_t> oldDist;
    oldKeys.swap(keys_);
    oldDist.swap(dist_);
    keys_.assign(std::max<size_t>(oldKeys.size() * 2, 1 << 16), 0);
    dist_.assign(keys_.size(), 0);
    size_ = 0;
    for (size_t i = 0; i < oldKeys.size(); ++i)
      if (oldKeys[i]) insert(oldKeys[i], oldDist[i]);
  }
  const size_t mask = keys_.size() - 1;
  for (size_t i = k & mask;; i = (i + 1) & mask) {
    if (keys_[i] == k) {
      // On a (rare) key collision keep the smaller distance: a lower bound
      // stays a lower bound, and every finish is re-checked move by move.
      dist_[i] = std::min<uint8_t>(dist_[i], static_cast<uint8_t>(d));
      return;
    }
    if (keys_[i] == 0) {
      keys_[i] = k;
      dist_[i] = static_cast<uint8_t>(d);
      ++size_;
      return;
    }
  }
}

int EndgameTable::lookup(uint64_t k) const {
  if (keys_.empty()) return -1;
  const size_t mask = keys_.size() - 1;
  for (size_t i = k & mask;; i = (i + 1) & mask) {
    if (keys_[i] == k) return dist_[i];
    if (keys_[i] == 0) return -1;
  }
}

int EndgameTable::distance(const Position& pos) const { return lookup(key(pos)); }

EndgameTable::EndgameTable(int depth) : depth_(depth) {
  // One goal per orientation: the other 119 colour orders share its key.
  std::vector<Position> frontier;
  for (const Position& p : solvedLayouts())
    if (lookup(key(p)) < 0) {
      insert(key(p), 0);
      frontier.push_back(p);
    }
  for (int d = 1; d <= depth; ++d) {
    // Predecessors are found in parallel against the table as it stood
    // after level d-1 (read only), then inserted in one thread in chunk
    // order, which also drops duplicates within the level. The last level
    // keeps keys only: its layouts are never expanded (at depth 6 that is
    // most of the memory).
    const bool last = d == depth;
    const size_t chunks = std::min<size_t>(frontier.size(), 256);
    std::vector<std::vector<uint64_t>> keys(chunks);
    std::vector<std::vector<Position>> layouts(chunks);
    tbb::parallel_for(size_t{0}, chunks, [&](size_t c) {
      const size_t from = frontier.size() * c / chunks, to = frontier.size() * (c + 1) / chunks;
      for (size_t i = from; i < to; ++i) {
        for (int label = 0; label < kLabels; ++label) {
          for (int p = 2; p <= 7; ++p) {
            const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
            Position prev = frontier[i];
            prev.undo(m);
            if (prev.farthestWhite(label) != p) continue;  // m is not the move played there
            const uint64_t k = key(prev);
            if (lookup(k) >= 0) continue;
            keys[c].push_back(k);
            if (!last) layouts[c].push_back(prev);
          }
        }
      }
    });
    std::vector<Position> next;
    for (size_t c = 0; c < chunks; ++c) {
      for (size_t i = 0; i < keys[c].size(); ++i) {
        if (lookup(keys[c][i]) >= 0) continue;
        insert(keys[c][i], d);
        if (!last) next.push_back(layouts[c][i]);
      }
      std::vector<uint64_t>().swap(keys[c]);
      std::vector<Position>().swap(layouts[c]);
    }
    frontier.swap(next);
  }
}

std::vector<std::vector<Move>> EndgameTable::finishes(const Position& pos, size_t limit) const {
  std::vector<std::vector<Move>> out;
  std::vector<Move> path;
  auto walk = [&](auto&& self, const Position& at, int d) -> void {
    if (out.size() >= limit) return;
    if (d == 0) {
      if (at.solved()) out.push_back(path);
      return;
    }
    for (Move m : at.legalMoves()) {
      Position child = at;
      child.apply(m);
      if (distance(child) != d - 1) continue;
      path.push_back(m);
      self(self, child, d - 1);
      path.pop_back();
      if (out.size() >= limit) return;
    }
  };
  const int d = distance(pos);
  if (d >= 0) walk(walk, pos, d);
  return out;
}

}  // namespace nugget::solve
