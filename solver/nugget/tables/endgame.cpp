#include "nugget/tables/endgame.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "search/parallel.h"

#include "nugget/tables/endgame_store.h"
#include "nugget/heuristics.h"
#include "nugget/symmetry.h"

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

namespace {

// The hash byte of a coloured-cells bitboard as given (keyGroup canonicalises first).
int groupOf(Bitboard coloured) {
  uint64_t w = coloured * 0x9E3779B97F4A7C15ull;
  w ^= w >> 29;
  w *= 0xBF58476D1CE4E5B9ull;
  return static_cast<int>(w >> 56);
}

// The key of a layout as it lies (no symmetry), given its three shown-face
// planes and their union (spread, see below).
uint64_t layoutKey(Bitboard a, Bitboard b, Bitboard c, Bitboard coloured) {
  // Moves see only white versus coloured, so renaming the colours commutes
  // with every move and maps the 240 goals onto each other (120 orders per
  // orientation). Keying the layout with its colours renamed in order of
  // first appearance (lowest cell first) stores one layout per class.
  const auto masks = colourMasks(a, b, c);
  // Masks are disjoint, so their lowest bits differ (an absent colour sorts
  // last, after the present ones, in colour order). Each mask's place is
  // counted, not found by swapping: no branch to mispredict.
  Bitboard low[kColours];
  for (int i = 0; i < kColours; ++i) low[i] = masks[i] ? (masks[i] & (~masks[i] + 1)) : ~Bitboard{0};
  Bitboard sorted[kColours];
  for (int i = 0; i < kColours; ++i) {
    int place = 0;
    for (int j = 0; j < kColours; ++j) place += (low[j] < low[i]) | ((low[j] == low[i]) & (j < i));
    sorted[place] = masks[i];
  }
  uint64_t h = 0x6A09E667F3BCC909ull;
  for (Bitboard x : sorted) {
    h = (h ^ x) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
  }
  h *= 0xD6E8FEB86659FD93ull;
  h ^= h >> 32;
  const uint64_t k = (static_cast<uint64_t>(groupOf(coloured)) << (store::kKeyBits - 8)) | (h >> (72 - store::kKeyBits));
  return k ? k : 1;
}

// The key works on the board spread to 8 bits a row (cell (r, c) at bit
// 8r + c, row 7 and column 7 empty): there a transpose is the three swaps of
// an 8x8 one, an up-down mirror a byte swap and a shift, a left-right one a
// bit reversal within bytes and a shift (mapBitboard needs twice as many
// operations on 7-bit rows). Spreading keeps the order of the cells, so the
// least image is the same either way.
constexpr Bitboard spread(Bitboard x) {
  x = (x & 0x000000000FFFFFFFull) | ((x & 0x0001FFFFF0000000ull) << 4);     // rows 4-6 to the upper half
  x = (x & 0x00003FFF00003FFFull) | ((x & 0x0FFFC0000FFFC000ull) << 2);     // rows 2-3 of each half up
  return (x & 0x007F007F007F007Full) | ((x & 0x3F803F803F803F80ull) << 1);  // odd rows up
}
constexpr Bitboard swapBits(Bitboard x, Bitboard mask, int shift) {
  const Bitboard t = mask & (x ^ (x << shift));
  return x ^ t ^ (t >> shift);
}
constexpr Bitboard transpose8(Bitboard x) {  // (r, c) -> (c, r)
  x = swapBits(x, 0x0F0F0F0F00000000ull, 28);
  x = swapBits(x, 0x3333000033330000ull, 14);
  return swapBits(x, 0x5500550055005500ull, 7);
}
constexpr Bitboard mirrorColumns8(Bitboard x) {  // c -> 6 - c: c -> 7 - c in every byte, then one place down
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  return x >> 1;
}
constexpr Bitboard mirrorRows8(Bitboard x) { return __builtin_bswap64(x) >> 8; }  // r -> 6 - r
// Symmetry g (symmetry.h's numbering) on a spread board.
inline Bitboard map8(int g, Bitboard x) {
  if (g & 4) x = transpose8(x);
  if (g & 1) x = mirrorColumns8(x);
  if (g & 2) x = mirrorRows8(x);
  return x;
}

// The least of the 8 images of a spread coloured-cells board, and which
// symmetries give it (a bit each).
struct LeastImage {
  Bitboard image;
  unsigned which;
};
inline LeastImage leastImage(Bitboard coloured) {
  Bitboard all[kSymmetries];
  for (int t = 0; t < 2; ++t) {
    const Bitboard x = t ? transpose8(coloured) : coloured, m = mirrorColumns8(x);
    all[4 * t] = x;
    all[4 * t + 1] = m;
    all[4 * t + 2] = mirrorRows8(x);
    all[4 * t + 3] = mirrorRows8(m);
  }
  Bitboard least = all[0];
  for (int g = 1; g < kSymmetries; ++g) least = std::min(least, all[g]);
  unsigned which = 0;
  for (int g = 0; g < kSymmetries; ++g) which |= static_cast<unsigned>(all[g] == least) << g;
  return {least, which};
}

}  // namespace

uint64_t EndgameTable::key(const Position& pos) {
  // The rules are the same under the 8 symmetries (symmetry.h), so a layout
  // and its images are one entry, keyed by one image of them all: the one
  // whose coloured cells, read as a number, are least (8 images of one
  // bitboard, cheap), and among several such (a coloured set with a symmetry
  // of its own: near the goals, nearly only the goals) the least key. Every
  // image of a layout picks the same, as the images of an image are the
  // same 8. The table is about 8 times smaller than keyed by colours alone.
  const Bitboard a = spread(pos.plane[0][0]), b = spread(pos.plane[0][1]), c = spread(pos.plane[0][2]);
  auto [least, which] = leastImage(a | b | c);
  uint64_t best = ~uint64_t{0};
  do {
    const int g = std::countr_zero(which);
    which &= which - 1;
    best = std::min(best, layoutKey(map8(g, a), map8(g, b), map8(g, c), least));
  } while (which);
  return best;
}

int EndgameTable::keyGroup(Bitboard coloured) { return groupOf(leastImage(spread(coloured)).image); }

namespace {

// A predecessor is named by its frontier index and j = label * 6 + (p - 2).
constexpr int kPredMoves = kLabels * 6;
constexpr size_t kPredEstimate = 48;  // predecessors of a layout, about (store::candidateBudget)
Move predMove(int j) { return {static_cast<uint8_t>(j / 6), static_cast<uint8_t>(2 + j % 6)}; }

// Calls f(prev, j) for every layout prev that reaches x in one move and
// whose coloured cells pass want(coloured) (a test of the key group,
// EndgameTable::keyGroup). The moves are
// found from x's white cells alone rather than by trying all 168 undos: the
// move (label, p) put a white tile at position 1, and it was the farthest
// white of its line, so positions p+1..7 are coloured in x (and in prev).
// With q the farthest white position of x's line, that leaves p = q..7, p >= 2,
// where p = q needs a coloured tile among 2..q-1 (else nothing coloured
// moved). The group is known from prev's coloured cells before its key is
// computed: a slice of the key space skips the key of every other slice.
template <class Want, class F>
void forPredecessors(const Position& x, Want&& want, F&& f) {
  const Bitboard white = x.white();
  for (int label = 0; label < kLabels; ++label) {
    if (!(white & cellBit(lineCell(label, 1)))) continue;
    int q = 1;
    for (int k = 7; k >= 2; --k)
      if (white & cellBit(lineCell(label, k))) {
        q = k;
        break;
      }
    bool colouredBeforeQ = false;
    for (int k = 2; k < q; ++k) colouredBeforeQ |= !(white & cellBit(lineCell(label, k)));
    for (int p = std::max(q, 2); p <= 7; ++p) {
      if (p == q && !colouredBeforeQ) continue;
      const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
      Position prev = x;
      prev.undo(m);
      if (!want(prev.coloured())) continue;
      f(prev, label * 6 + (p - 2));
    }
  }
}

// A layout of a frontier: the shown face alone (half a Position; the hidden
// face plays no part in the table).
struct Layout {
  Bitboard plane[3];
  static Layout of(const Position& p) { return {{p.plane[0][0], p.plane[0][1], p.plane[0][2]}}; }
  Position position() const {
    Position p;
    for (int j = 0; j < 3; ++j) p.plane[0][j] = plane[j];
    return p;
  }
};

// Which of `parts` (<= 256) slices of the key space holds keys of this group:
// slices are ranges of the key's top byte, so monotone in the key.
size_t partOfGroup(int group, size_t parts) { return static_cast<size_t>(group) * parts >> 8; }
size_t part(uint64_t k, size_t parts) { return partOfGroup(static_cast<int>(k >> (store::kKeyBits - 8)), parts); }

// Fills the image's bucket index and entries with keys in ascending order.
struct Emitter {
  uint32_t* index;
  uint8_t* entries;
  int bucketBits, entryBytes;
  uint64_t n = 0;
  std::array<uint64_t, 8> perDistance{};
  void add(uint64_t k, int d) {
    ++perDistance[d];
    const uint64_t v = ((k & store::lowKeyMask(bucketBits)) << 3) | static_cast<uint64_t>(d);
    std::memcpy(entries + n * entryBytes, &v, entryBytes);  // the low bytes (little-endian)
    ++index[(k >> (store::kKeyBits - bucketBits)) + 1];
    ++n;
  }
  void finish() {
    for (size_t j = 1; j <= (size_t{1} << bucketBits); ++j) index[j] += index[j - 1];
  }
};

// Candidates of one slice, in anonymous memory reserved for the most there
// can be (every predecessor of every layout) and committed only as written.
// Chunks append blocks of them through one cursor, so they land in no fixed
// order; they are sorted next, and the sort's total order makes the result
// the same whatever the threads did. One array, not one per chunk copied
// into another: the candidates are held once, not twice, at the peak.
template <class T>
struct Candidates {
  TableImage memory;
  T* data = nullptr;
  std::atomic<size_t> used{0};
  T* begin() { return data; }
  T* end() { return data + used.load(std::memory_order_relaxed); }
  size_t size() const { return used.load(std::memory_order_relaxed); }
  T& operator[](size_t i) { return data[i]; }
};

// A chunk's writer: blocks of 512 through the shared cursor.
template <class T>
class Sink {
 public:
  explicit Sink(Candidates<T>& to) : to_(to) {}
  ~Sink() { flush(); }
  void push_back(const T& x) {
    block_[n_++] = x;
    if (n_ == kBlock) flush();
  }

 private:
  static constexpr size_t kBlock = 512;
  void flush() {
    if (!n_) return;
    const size_t at = to_.used.fetch_add(n_, std::memory_order_relaxed);
    std::memcpy(to_.data + at, block_, n_ * sizeof(T));
    n_ = 0;
  }
  Candidates<T>& to_;
  T block_[kBlock];
  size_t n_ = 0;
};

// gen(from, to, sink) for chunks of [0, count), in parallel, into one array.
// `stopped` is asked between pieces of about 1024 items (well under 0.1 s
// each); once it says so the rest is skipped and TableBuildStopped thrown
// here, on the caller's thread (not through oneTBB's workers).
template <class T, class Gen>
std::unique_ptr<Candidates<T>> collect(size_t count, const std::function<bool()>& stopped, Gen&& gen) {
  auto out = std::make_unique<Candidates<T>>();
  out->memory = store::anonymous(std::max<size_t>(count, 1) * kPredMoves * sizeof(T));
  out->data = reinterpret_cast<T*>(const_cast<uint8_t*>(out->memory.base));
  const size_t chunks = std::min<size_t>(count, 256);
  std::atomic<bool> abandoned{false};
  search::parallelFor(size_t{0}, chunks, [&](size_t c) {
    Sink<T> sink(*out);
    const size_t to = count * (c + 1) / chunks;
    for (size_t from = count * c / chunks; from < to; from += 1024) {
      if (abandoned.load(std::memory_order_relaxed)) return;
      if (stopped && stopped()) {
        abandoned.store(true, std::memory_order_relaxed);
        return;
      }
      gen(from, std::min(from + 1024, to), sink);
    }
  });
  if (abandoned.load()) throw TableBuildStopped();
  return out;
}

std::string millions(uint64_t n) {
  char s[32];
  std::snprintf(s, sizeof s, n >= 100000 ? "%.1f M" : "%.0f", n >= 100000 ? n / 1e6 : static_cast<double>(n));
  return s;
}

// Slice p of `parts` of the key space (ranges of the key's top byte): the
// candidates of one slice are held at a time.
struct Slice {
  size_t p = 0, parts = 1;
  bool holds(uint64_t k) const { return parts == 1 || part(k, parts) == p; }
  bool holdsGroup(Bitboard coloured) const {
    return parts == 1 || partOfGroup(EndgameTable::keyGroup(coloured), parts) == p;
  }
};

// Builds a table image level by level, backwards from the solved layouts:
// level d is every predecessor of level d-1 not in an earlier level. The
// known levels are sorted keys with their distances; the last level is
// merged with them straight into the image, in key order.
class ImageBuilder {
 public:
  ImageBuilder(int depth, const TableLog& progress, size_t budget, const TableStop& stop)
      : depth_(depth), progress_(progress), budget_(budget ? budget : store::candidateBudget(depth)), stop_(stop),
        bucketBits_(store::bucketBitsFor(store::expectedEntries(depth))),
        entryBytes_(store::entryBytesFor(bucketBits_)) {}

  TableImage build() {
    // Step 1. Level 0: the solved layouts.
    solvedLevel();
    if (depth_ == 0) {
      openOutput(knownKeys_.size());
      for (uint64_t k : knownKeys_) out_.add(k, 0);
    }
    // Step 2. Levels 1..depth-1, kept to expand.
    for (int d = 1; d < depth_; ++d) keepLevel(d);
    // Step 3. The last level, written into the image with the known ones.
    if (depth_ > 0) emitLastLevel(depth_);
    // Step 4. The bucket index, the header and the checksum.
    return finishImage();
  }

 private:
  void report(const std::string& what, uint64_t entries) const {
    if (!progress_) return;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    char line[160];
    std::snprintf(line, sizeof line, "endgame table depth %d: %s, %s entries, %.0f s", depth_, what.c_str(),
                  millions(entries).c_str(), s);
    progress_(line);
  }
  void reportSlice(int d, const Slice& slice, uint64_t entries) const {
    if (slice.parts > 1)
      report("level " + std::to_string(d) + "/" + std::to_string(depth_) + " part " + std::to_string(slice.p + 1) +
                 "/" + std::to_string(slice.parts),
             entries);
  }
  void checkStop() const {
    if (stop_ && stop_()) throw TableBuildStopped();
  }

  // Levels 0..d-1 are sorted keys with their distances, and level d-1's
  // layouts (one per key) are to expand. Duplicates within a level are
  // dropped by sorting (key, origin) and keeping the first: deterministic
  // whatever the threads do. Any layout of a class gives the class's
  // predecessors.
  void solvedLevel() {
    std::vector<std::pair<uint64_t, Position>> goals;
    for (const Position& p : solvedLayouts()) goals.push_back({EndgameTable::key(p), p});
    std::stable_sort(goals.begin(), goals.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [k, p] : goals)
      if (knownKeys_.empty() || knownKeys_.back() != k) {
        knownKeys_.push_back(k);
        knownDist_.push_back(0);
        frontier_.push_back(Layout::of(p));
      }
    report("level 0/" + std::to_string(depth_), knownKeys_.size());
  }

  // The slices a level's predecessors are gathered in, so that the
  // candidates of one (candidateBytes each) fit the budget.
  size_t slicesFor(size_t candidateBytes) const {
    return std::clamp<size_t>(frontier_.size() * kPredEstimate * candidateBytes / budget_, 1, 256);
  }

  void openOutput(uint64_t maxEntries) {
    image_ = store::anonymous(store::imageBytes(bucketBits_, maxEntries));
    uint8_t* base = const_cast<uint8_t*>(image_.base);
    out_ = Emitter{reinterpret_cast<uint32_t*>(base + store::indexOffset()), base + store::entriesOffset(bucketBits_),
                   bucketBits_, entryBytes_};
  }

  // Level d (not the last): the frontier's predecessors, slice by slice,
  // sorted, stripped of keys already known, then merged into the known
  // keys; their layouts are the next frontier.
  void keepLevel(int d) {
    struct Candidate {
      uint64_t key, origin;  // origin: frontier index << 8 | j
    };
    const size_t parts = slicesFor(sizeof(Candidate));
    std::vector<uint64_t> levelKeys;
    std::vector<Layout> next;
    size_t knownAt = 0;  // known keys below the current slice are done
    for (size_t p = 0; p < parts; ++p) {
      const Slice slice{p, parts};
      auto want = [&](Bitboard coloured) { return slice.holdsGroup(coloured); };
      auto candidates = collect<Candidate>(frontier_.size(), stop_, [&](size_t from, size_t to, auto& v) {
        for (size_t i = from; i < to; ++i)
          forPredecessors(frontier_[i].position(), want, [&](const Position& prev, int j) {
            v.push_back({EndgameTable::key(prev), (uint64_t{i} << 8) | static_cast<uint64_t>(j)});
          });
      });
      auto& cands = *candidates;
      search::parallelSort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) {
        return a.key != b.key ? a.key < b.key : a.origin < b.origin;
      });
      checkStop();
      for (size_t i = 0; i < cands.size(); ++i) {
        const uint64_t k = cands[i].key;
        if (i > 0 && cands[i - 1].key == k) continue;
        while (knownAt < knownKeys_.size() && knownKeys_[knownAt] < k) ++knownAt;
        if (knownAt < knownKeys_.size() && knownKeys_[knownAt] == k) continue;
        levelKeys.push_back(k);
        Position prev = frontier_[cands[i].origin >> 8].position();
        prev.undo(predMove(static_cast<int>(cands[i].origin & 0xff)));
        next.push_back(Layout::of(prev));
      }
      reportSlice(d, slice, knownKeys_.size() + levelKeys.size());
    }
    mergeLevel(d, levelKeys);
    frontier_.swap(next);
    report("level " + std::to_string(d) + "/" + std::to_string(depth_), knownKeys_.size());
  }

  // Known keys += level d's (both sorted).
  void mergeLevel(int d, const std::vector<uint64_t>& levelKeys) {
    std::vector<uint64_t> keys(knownKeys_.size() + levelKeys.size());
    std::vector<uint8_t> dist(keys.size());
    for (size_t i = 0, a = 0, b = 0; i < keys.size(); ++i) {
      const bool fromKnown = b == levelKeys.size() || (a < knownKeys_.size() && knownKeys_[a] < levelKeys[b]);
      keys[i] = fromKnown ? knownKeys_[a] : levelKeys[b];
      dist[i] = fromKnown ? knownDist_[a++] : static_cast<uint8_t>((++b, d));
    }
    knownKeys_.swap(keys);
    knownDist_.swap(dist);
  }

  // The last level d: the frontier's predecessors' keys, slice by slice,
  // sorted and merged with the known keys of the slice into the image, in
  // key order (a key known already keeps its distance).
  void emitLastLevel(int d) {
    const size_t parts = slicesFor(sizeof(uint64_t));
    openOutput(knownKeys_.size() + frontier_.size() * kPredMoves);
    size_t knownAt = 0;  // known keys below the current slice are written
    for (size_t p = 0; p < parts; ++p) {
      const Slice slice{p, parts};
      auto want = [&](Bitboard coloured) { return slice.holdsGroup(coloured); };
      auto keys = collect<uint64_t>(frontier_.size(), stop_, [&](size_t from, size_t to, auto& v) {
        for (size_t i = from; i < to; ++i)
          forPredecessors(frontier_[i].position(), want,
                          [&](const Position& prev, int) { v.push_back(EndgameTable::key(prev)); });
      });
      search::parallelSort(keys->begin(), keys->end());
      checkStop();
      for (uint64_t *k = keys->begin(), *end = std::unique(keys->begin(), keys->end()); k != end; ++k) {
        for (; knownAt < knownKeys_.size() && knownKeys_[knownAt] <= *k; ++knownAt)
          out_.add(knownKeys_[knownAt], knownDist_[knownAt]);
        if (knownAt == 0 || knownKeys_[knownAt - 1] != *k) out_.add(*k, d);
      }
      for (; knownAt < knownKeys_.size() && slice.holds(knownKeys_[knownAt]); ++knownAt)
        out_.add(knownKeys_[knownAt], knownDist_[knownAt]);
      reportSlice(d, slice, out_.n);
    }
  }

  TableImage finishImage() {
    out_.finish();
    if (out_.n >= (uint64_t{1} << 32)) throw std::length_error("endgame table: more than 2^32 entries");
    auto* h = reinterpret_cast<store::Header*>(const_cast<uint8_t*>(image_.base));
    std::memcpy(h->magic, store::kMagic, sizeof h->magic);
    h->version = store::kFormatVersion;
    h->depth = static_cast<uint32_t>(depth_);
    h->bucketBits = static_cast<uint32_t>(bucketBits_);
    h->entryBytes = static_cast<uint32_t>(entryBytes_);
    h->keyFingerprint = store::keyFingerprint();
    h->entries = out_.n;
    for (int d = 0; d < 8; ++d) h->perDistance[d] = out_.perDistance[d];
    h->imageBytes = store::imageBytes(bucketBits_, out_.n);
    store::shrink(image_, h->imageBytes);
    h->checksum = store::checksum(image_.base, image_.bytes);
    report("done", out_.n);
    return std::move(image_);
  }

  const int depth_;
  const TableLog& progress_;
  const size_t budget_;
  const TableStop& stop_;
  const std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
  const int bucketBits_, entryBytes_;
  std::vector<uint64_t> knownKeys_;
  std::vector<uint8_t> knownDist_;
  std::vector<Layout> frontier_;
  TableImage image_;
  Emitter out_{};
};

}  // namespace

size_t store::candidateBudget(int depth) { return depth >= 7 ? size_t{512} << 20 : size_t{256} << 20; }

TableImage store::buildImage(int depth, const TableLog& progress, size_t budget, const TableStop& stop) {
  if (depth < 0 || depth > store::kMaxDepth) throw std::invalid_argument("endgame table depth must be 0..7");
  return ImageBuilder(depth, progress, budget, stop).build();
}

EndgameTable::EndgameTable(int depth, const TableLog& progress, const TableStop& stop)
    : EndgameTable(store::buildImage(depth, progress, 0, stop)) {}

EndgameTable::EndgameTable(TableImage image) : image_(std::move(image)) {
  const auto* h = reinterpret_cast<const store::Header*>(image_.base);
  depth_ = static_cast<int>(h->depth);
  size_ = h->entries;
  bucketBits_ = static_cast<int>(h->bucketBits);
  entryBytes_ = static_cast<int>(h->entryBytes);
  entryMask_ = entryBytes_ == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * entryBytes_)) - 1;
  index_ = reinterpret_cast<const uint32_t*>(image_.base + store::indexOffset());
  entries_ = image_.base + store::entriesOffset(bucketBits_);
}

size_t EndgameTable::entriesAt(int d) const {
  return d < 0 || d > 7 ? 0 : reinterpret_cast<const store::Header*>(image_.base)->perDistance[d];
}

uint64_t EndgameTable::entry(size_t i) const {
  uint64_t v;
  std::memcpy(&v, entries_ + i * entryBytes_, sizeof v);
  return v & entryMask_;
}

// The first entry >= want in [lo, hi) (hi when none), by a binary search
// without branches on the data: a bucket holds ~10 entries in random order
// of size, so a branch per step would be mispredicted half the time.
size_t EndgameTable::lowerBound(size_t lo, size_t hi, uint64_t want) const {
  if (lo == hi) return hi;
  size_t base = lo, n = hi - lo;
  while (n > 1) {
    const size_t half = n / 2;
    base += (entry(base + half) < want) * half;
    n -= half;
  }
  return base + (entry(base) < want);
}

int EndgameTable::find(uint64_t k, size_t lo, size_t hi) const {
  const uint64_t want = (k & store::lowKeyMask(bucketBits_)) << 3;  // the entry's value with distance 0
  const size_t at = lowerBound(lo, hi, want);
  if (at == hi) return -1;
  const uint64_t v = entry(at);
  return (v >> 3) == (want >> 3) ? static_cast<int>(v & 7) : -1;
}

int EndgameTable::lookup(uint64_t k) const {
  const uint64_t bucket = k >> (store::kKeyBits - bucketBits_);
  return find(k, index_[bucket], index_[bucket + 1]);
}

void EndgameTable::distances(const Position* const* pos, int n, int* out) const {
  constexpr int kBatch = 32;
  for (int first = 0; first < n; first += kBatch) {
    const int m = std::min(kBatch, n - first);
    uint64_t keys[kBatch];
    uint32_t lo[kBatch], hi[kBatch];
    int todo[kBatch], count = 0;
    for (int i = 0; i < m; ++i) {
      out[first + i] = -1;
      if (heur::lineBound(*pos[first + i]) > depth_) continue;
      keys[count] = key(*pos[first + i]);
      __builtin_prefetch(index_ + (keys[count] >> (store::kKeyBits - bucketBits_)));
      todo[count++] = first + i;
    }
    for (int c = 0; c < count; ++c) {
      const uint64_t bucket = keys[c] >> (store::kKeyBits - bucketBits_);
      lo[c] = index_[bucket];
      hi[c] = index_[bucket + 1];
      __builtin_prefetch(entries_ + size_t{lo[c]} * entryBytes_);
      __builtin_prefetch(entries_ + size_t{hi[c]} * entryBytes_);
    }
    for (int c = 0; c < count; ++c) out[todo[c]] = find(keys[c], lo[c], hi[c]);
  }
}

int EndgameTable::distance(const Position& pos) const {
  if (heur::lineBound(pos) > depth_) return -1;
  return lookup(key(pos));
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
