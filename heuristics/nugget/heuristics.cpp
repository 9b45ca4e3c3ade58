#include "nugget/heuristics.h"

#include <algorithm>
#include <bit>
#if defined(__AVX2__)
#include <immintrin.h>
#endif
#include <cstdlib>
#include <limits>

namespace nugget::heur {
namespace {

constexpr Bitboard kCorners = cellBit(0) | cellBit(6) | cellBit(42) | cellBit(48);

constexpr Bitboard innerRow(int i) {  // inner cells of row i+1
  return Bitboard{0x1F} << ((i + 1) * kSide + 1);
}
constexpr Bitboard innerColumn(int i) {  // inner cells of column i+1
  Bitboard b = 0;
  for (int r = 1; r <= 5; ++r) b |= cellBit(r * kSide + i + 1);
  return b;
}

constexpr Bitboard wholeRow(int x) { return Bitboard{0x7F} << (x * kSide); }
constexpr Bitboard wholeColumn(int x) {
  Bitboard b = 0;
  for (int r = 0; r < kSide; ++r) b |= cellBit(r * kSide + x);
  return b;
}

// Border cells at the two ends of inner row/column i+1.
constexpr Bitboard rowEnds(int i) { return cellBit((i + 1) * kSide) | cellBit((i + 1) * kSide + 6); }
constexpr Bitboard columnEnds(int i) { return cellBit(i + 1) | cellBit(6 * kSide + i + 1); }

// Best assignment of colours to lines for an integer gain matrix.
template <class Matrix>
int maxAssignment(const Matrix& gain, std::array<uint8_t, 5>* order) {
  // DP over the set of colours used by the first popcount(mask) lines.
  std::array<int, 32> best;
  std::array<uint8_t, 32> choice{};
  best.fill(std::numeric_limits<int>::min());
  best[0] = 0;
  for (int mask = 0; mask < 31; ++mask) {
    if (best[mask] == std::numeric_limits<int>::min()) continue;
    const int line = std::popcount(static_cast<unsigned>(mask));
    for (int c = 0; c < 5; ++c) {
      if (mask & (1 << c)) continue;
      const int next = mask | (1 << c);
      const int v = best[mask] + gain[line][c];
      if (v > best[next]) {
        best[next] = v;
        choice[next] = static_cast<uint8_t>(c);
      }
    }
  }
  if (order) {
    int mask = 31;
    for (int line = 4; line >= 0; --line) {
      (*order)[line] = static_cast<uint8_t>(choice[mask] + 1);
      mask &= ~(1 << choice[mask]);
    }
  }
  return best[31];
}

// kUpTo[vertical][t]: the cells of columns (vertical) or rows 0..t.
constexpr std::array<std::array<Bitboard, 6>, 2> kUpTo = [] {
  std::array<std::array<Bitboard, 6>, 2> up{};
  for (int t = 0; t < 6; ++t)
    for (int x = 0; x <= t; ++x) {
      up[0][t] |= wholeRow(x);
      up[1][t] |= wholeColumn(x);
    }
  return up;
}();

// The cheapest assignment of 5 colours to 5 stripes, cost[colour][stripe]:
// a DP over the set of colours given to the first stripes. Fully unrolled,
// the popcounts and bit tests are constants and no branch is left.
inline int minAssignment(const std::array<std::array<int, 5>, 5>& cost) {
  std::array<int, 32> best;
  best[0] = 0;
#pragma GCC unroll 32
  for (int mask = 1; mask < 32; ++mask) {
    const int stripe = std::popcount(static_cast<unsigned>(mask)) - 1;
    int b = std::numeric_limits<int>::max();
#pragma GCC unroll 5
    for (int c = 0; c < 5; ++c)
      if (mask & (1 << c)) b = std::min(b, best[mask ^ (1 << c)] + cost[c][stripe]);
    best[mask] = b;
  }
  return best[31];
}

#if defined(__AVX2__)
// The same minimum by brute force over the 120 colour orders at once: the
// orders are the byte lanes of four 32-byte vectors (padded with order 0),
// each colour's five stripe costs one byte row, gathered per lane with a
// shuffle. No entry exceeds 25 and no sum 125, so bytes never overflow.
struct Orders {
  alignas(32) std::array<std::array<std::array<uint8_t, 32>, 5>, 4> stripe{};  // [vector][colour][lane]
  constexpr Orders() {
    std::array<uint8_t, 5> p = {0, 1, 2, 3, 4};
    int n = 0;
    do {
      for (int k = 0; k < 5; ++k) stripe[n / 32][k][n % 32] = p[k];
      ++n;
    } while (std::next_permutation(p.begin(), p.end()));
    for (; n < 128; ++n)
      for (int k = 0; k < 5; ++k) stripe[n / 32][k][n % 32] = static_cast<uint8_t>(k);
  }
};
constexpr Orders kOrders{};

inline int minAssignmentBytes(const std::array<uint64_t, 5>& rows) {  // rows[colour]: byte s = cost at stripe s
  __m256i best = _mm256_set1_epi8(static_cast<char>(0xFF));
  for (int v = 0; v < 4; ++v) {
    __m256i sum = _mm256_setzero_si256();
    for (int k = 0; k < 5; ++k) {
      const __m256i row = _mm256_set1_epi64x(static_cast<long long>(rows[k]));
      const __m256i idx = _mm256_load_si256(reinterpret_cast<const __m256i*>(kOrders.stripe[v][k].data()));
      sum = _mm256_add_epi8(sum, _mm256_shuffle_epi8(row, idx));
    }
    best = _mm256_min_epu8(best, sum);
  }
  const __m128i x = _mm_min_epu8(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1));
  const __m128i w = _mm_min_epu16(_mm_cvtepu8_epi16(x), _mm_cvtepu8_epi16(_mm_srli_si128(x, 8)));
  return _mm_cvtsi128_si32(_mm_minpos_epu16(w)) & 0xFFFF;
}
#endif

// displacement(face, vertical) from the face's three bit-planes.
inline int fastDisplacement(const std::array<Bitboard, 3>& pl, int vertical) {
  const auto masks = colourMasks(pl[0], pl[1], pl[2]);
  const auto& up = kUpTo[vertical];
#if defined(__AVX2__)
  std::array<uint64_t, 5> rows;
#else
  std::array<std::array<int, 5>, 5> cost;
#endif
  for (int k = 0; k < 5; ++k) {
    const Bitboard m = masks[k];
    const int n = std::popcount(m);
    int below[6], sum = 0;
    for (int t = 0; t < 6; ++t) sum += below[t] = std::popcount(m & up[t]);
    // cost(0) = sum of line indices = sum over t of tiles beyond line t.
    int at = 6 * n - sum;
#if defined(__AVX2__)
    uint64_t row = 0;
    for (int s = 0; s < 5; ++s) row |= static_cast<uint64_t>(at += 2 * below[s] - n) << (8 * s);
    rows[k] = row;
#else
    for (int s = 0; s < 5; ++s) cost[k][s] = at += 2 * below[s] - n;
#endif
  }
#if defined(__AVX2__)
  return minAssignmentBytes(rows);
#else
  return minAssignment(cost);
#endif
}

#if defined(__AVX2__)
// ------------------------------------------------------- children of a node
// The beam asks for all children of a node together, so the node's own costs
// are prepared once: for each face and orientation the 120 colour orders'
// total costs (four vectors of bytes, as in minAssignmentBytes). A push moves
// tiles along one line only, so a child's cost matrix differs from its
// parent's only in the rows of the colours whose tiles in that line moved,
// and only by that line's share: kLineCost[mask] (byte s = sum over the set
// bits x of |x - (s+1)|, at most 5 x 5 = 25 as a colour has 5 tiles) of the
// colour's cells in the line, after minus before. Each changed colour adds
// its difference to the orders' totals with one shuffle per vector; sums
// are taken mod 256, exact since every true total is at most 125.
constexpr std::array<uint64_t, 128> kLineCost = [] {
  std::array<uint64_t, 128> t{};
  for (int m = 0; m < 128; ++m)
    for (int s = 0; s < 5; ++s) {
      uint64_t c = 0;
      for (int x = 0; x < 7; ++x)
        if (m & (1 << x)) c += static_cast<uint64_t>(x > s + 1 ? x - (s + 1) : s + 1 - x);
      t[m] |= c << (8 * s);
    }
  return t;
}();

// The 7 cells of line `line` (a row, or a column when `column`) of a plane,
// as bits 0..6 in index order.
inline unsigned lineSlice(Bitboard b, int line, bool column) {
  if (!column) return static_cast<unsigned>(b >> (line * kSide)) & 0x7F;
  constexpr Bitboard kColumn0 = 1ull | 1ull << 7 | 1ull << 14 | 1ull << 21 | 1ull << 28 | 1ull << 35 | 1ull << 42;
  constexpr Bitboard kGather = 1ull | 1ull << 6 | 1ull << 12 | 1ull << 18 | 1ull << 24 | 1ull << 30 | 1ull << 36;
  return static_cast<unsigned>((((b >> line) & kColumn0) * kGather) >> 36) & 0x7F;
}

struct OrderCosts {
  __m256i v[4];
};

inline OrderCosts orderCosts(const std::array<Bitboard, 3>& pl, int vertical) {
  const auto masks = colourMasks(pl[0], pl[1], pl[2]);
  const auto& up = kUpTo[vertical];
  OrderCosts out;
  for (auto& x : out.v) x = _mm256_setzero_si256();
  for (int k = 0; k < 5; ++k) {
    const Bitboard m = masks[k];
    const int n = std::popcount(m);
    int below[6], sum = 0;
    for (int t = 0; t < 6; ++t) sum += below[t] = std::popcount(m & up[t]);
    int at = 6 * n - sum;
    uint64_t row = 0;
    for (int s = 0; s < 5; ++s) row |= static_cast<uint64_t>(at += 2 * below[s] - n) << (8 * s);
    const __m256i r = _mm256_set1_epi64x(static_cast<long long>(row));
    for (int v = 0; v < 4; ++v)
      out.v[v] = _mm256_add_epi8(
          out.v[v], _mm256_shuffle_epi8(r, _mm256_load_si256(reinterpret_cast<const __m256i*>(kOrders.stripe[v][k].data()))));
  }
  return out;
}

inline int minOrder(const OrderCosts& o) {
  const __m256i best = _mm256_min_epu8(_mm256_min_epu8(o.v[0], o.v[1]), _mm256_min_epu8(o.v[2], o.v[3]));
  const __m128i x = _mm_min_epu8(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1));
  const __m128i w = _mm_min_epu16(_mm_cvtepu8_epi16(x), _mm_cvtepu8_epi16(_mm_srli_si128(x, 8)));
  return _mm_cvtsi128_si32(_mm_minpos_epu16(w)) & 0xFFFF;
}

#endif

Summary pack(const Displacements& d) {
  return Summary{d.d[0][0]} | Summary{d.d[0][1]} << 8 | Summary{d.d[1][0]} << 16 | Summary{d.d[1][1]} << 24;
}
Displacements unpack(Summary x) {
  Displacements d;
  d.d[0][0] = static_cast<uint8_t>(x);
  d.d[0][1] = static_cast<uint8_t>(x >> 8);
  d.d[1][0] = static_cast<uint8_t>(x >> 16);
  d.d[1][1] = static_cast<uint8_t>(x >> 24);
  return d;
}

}  // namespace

Displacements displacements(const Position& pos) {
  Displacements d;
  for (int face = 0; face < 2; ++face)
    for (int vertical = 0; vertical < 2; ++vertical)
      d.d[face][vertical] = static_cast<uint8_t>(fastDisplacement(pos.plane[face], vertical));
  return d;
}

Displacements displacementsAfter(const Position& child, const Displacements& parent, Move move) {
  Displacements d = parent;
  const int changed = isRowLabel(move.label) ? 1 : 0;  // a row push moves tiles across columns
  for (int face = 0; face < 2; ++face) d.d[face][changed] = static_cast<uint8_t>(fastDisplacement(child.plane[face], changed));
  return d;
}

int alignedCost(const Position& pos, const AlignedWeights& w) {
  const Bitboard col = pos.coloured();
  const int base = std::popcount(col & kInner) * w.wrongInner + std::popcount(col & kBorder) * w.otherBorder;
  std::array<Bitboard, 5> masks;
  for (int c = 0; c < 5; ++c) masks[c] = pos.colourMask(static_cast<Colour>(c + 1));
  int best = 1 << 30;
  for (int horizontal = 0; horizontal < 2; ++horizontal) {
    std::array<std::array<int, 5>, 5> gain;
    for (int i = 0; i < 5; ++i) {
      const Bitboard in = horizontal ? innerRow(i) : innerColumn(i);
      const Bitboard ends = horizontal ? rowEnds(i) : columnEnds(i);
      for (int c = 0; c < 5; ++c)
        gain[i][c] = std::popcount(masks[c] & in) * w.wrongInner +
                     std::popcount(masks[c] & ends) * (w.otherBorder - w.alignedBorder);
    }
    best = std::min(best, base - maxAssignment(gain, nullptr));
  }
  return best;
}

int displacement(const Position& pos, int face, bool vertical) {
  // count[colour][x]: tiles of the colour in row/column x (0..6).
  std::array<std::array<int, 7>, 5> count;
  for (int c = 0; c < 5; ++c) {
    const Bitboard m = pos.colourMask(static_cast<Colour>(c + 1), face);
    for (int x = 0; x < 7; ++x) count[c][x] = std::popcount(m & (vertical ? wholeColumn(x) : wholeRow(x)));
  }
  // gain = -cost so maxAssignment finds the cheapest colour order.
  std::array<std::array<int, 5>, 5> gain;
  for (int i = 0; i < 5; ++i)
    for (int c = 0; c < 5; ++c) {
      int steps = 0;
      for (int x = 0; x < 7; ++x) steps += count[c][x] * std::abs(x - (i + 1));
      gain[i][c] = -steps;
    }
  return -maxAssignment(gain, nullptr);
}

int displacementCost(const Position& pos, const DisplacementWeights& w) {
  int best = 1 << 30;
  for (int vertical = 0; vertical < 2; ++vertical) {
    int h = w.perStep * displacement(pos, 0, vertical);
    if (w.nextPerStep) h += w.nextPerStep * displacement(pos, 1, !vertical);
    best = std::min(best, h);
  }
  return kScale * borderCount(pos) + best;
}

int borderCount(const Position& pos) { return std::popcount(pos.coloured() & kBorder); }

int lineBound(const Position& pos) {
  const Bitboard c = pos.coloured();
  return std::popcount(c & kBorder) + std::popcount(c & kCorners);
}

LineCounts lineCounts(const Position& pos, bool horizontal) {
  LineCounts count{};
  for (int col = 1; col <= kColours; ++col) {
    const Bitboard m = pos.colourMask(static_cast<Colour>(col)) & kInner;
    for (int i = 0; i < 5; ++i)
      count[i][col - 1] = static_cast<uint8_t>(std::popcount(m & (horizontal ? innerRow(i) : innerColumn(i))));
  }
  return count;
}

int bestAssignment(const LineCounts& count, std::array<uint8_t, 5>* order) { return maxAssignment(count, order); }

int stripeDistance(const Position& pos, bool horizontal, std::array<uint8_t, 5>* order) {
  return 25 - bestAssignment(lineCounts(pos, horizontal), order);
}

int stripeDistance(const Position& pos) {
  return std::min(stripeDistance(pos, true), stripeDistance(pos, false));
}

namespace {

int scaledBorder(const Position& p) { return kScale * borderCount(p); }
int scaledLineBound(const Position& p) { return kScale * lineBound(p); }
int scaledStripe(const Position& p) { return kScale * stripeDistance(p); }
// Weighted: every coloured border tile costs a move; a misplaced inner tile
// (wrong line for the nearest layout) costs about half of one, since one
// column or row push can move several; corners cost an extra half.
int combined(const Position& p) {
  const int border = borderCount(p);
  const int misplaced = stripeDistance(p) - border;  // inner whites are the border count
  return kScale * border + kScale / 2 * std::popcount(p.coloured() & kCorners) + (kScale * 3 / 4) * misplaced;
}

int aligned(const Position& p) { return alignedCost(p); }

// displacementCost from the four displacements: with {16, 0} the
// "displacement" heuristic, with {16, 3} "chain". 3/16 per hidden step:
// tuned on 50-board chains (2 to 4 are within noise; more costs this board
// more than it saves the next, see results/README.md).
template <int kPerStep, int kNextPerStep>
int fromDisplacements(const Position& p, const Displacements& d) {
  int best = 1 << 30;
  for (int vertical = 0; vertical < 2; ++vertical)
    best = std::min(best, kPerStep * d.d[0][vertical] + kNextPerStep * d.d[1][!vertical]);
  return kScale * borderCount(p) + best;
}
template <int kPerStep, int kNextPerStep>
int fromSummary(const Position& p, Summary summary) {
  return fromDisplacements<kPerStep, kNextPerStep>(p, unpack(summary));
}
template <int kPerStep, int kNextPerStep>
int fromScratch(const Position& p) {
  return fromDisplacements<kPerStep, kNextPerStep>(p, displacements(p));
}
Summary summarise(const Position& p) { return pack(displacements(p)); }
Summary update(const Position& child, Summary parent, Move m) {
  return pack(displacementsAfter(child, unpack(parent), m));
}
#if defined(__AVX2__)
// kRotated[forward][p][m]: the cells `m` of a line (bit x = cell x in index
// order) after the move of farthest white p rotates the line's segment 1..p
// one cell away from its force point; forward when the index grows away
// from the force point (Position::apply moves the tiles the same way).
constexpr std::array<std::array<std::array<uint8_t, 128>, 8>, 2> kRotated = [] {
  std::array<std::array<std::array<uint8_t, 128>, 8>, 2> t{};
  for (int p = 1; p <= 7; ++p)
    for (unsigned m = 0; m < 128; ++m) {
      const unsigned low = (1u << p) - 1;
      const unsigned seg = m & low;  // forward: cells 0..p-1, p-1 the farthest
      t[1][p][m] = static_cast<uint8_t>((m & ~low) | (((seg << 1) | (seg >> (p - 1))) & low));
      const int q = 7 - p;  // backward: cells q..6, q the farthest
      const unsigned back = m >> q;
      t[0][p][m] = static_cast<uint8_t>((m & ((1u << q) - 1)) | ((((back >> 1) | ((back & 1) << (p - 1))) & low) << q));
    }
  return t;
}();

// The colours of the lines of a node, computed once a line: byte k of
// packed[face][column][line] holds the cells of colour k+1.
struct NodeLines {
  explicit NodeLines(const Position& p) : pos(p) {}
  const Position& pos;
  uint64_t packed[2][2][7];
  uint32_t ready = 0;
  uint64_t get(int face, bool column, int line) {
    const int bit = face * 14 + column * 7 + line;
    if (!(ready >> bit & 1)) {
      const auto& pl = pos.plane[face];
      const auto c = colourMasks(lineSlice(pl[0], line, column), lineSlice(pl[1], line, column), lineSlice(pl[2], line, column));
      uint64_t x = 0;
      for (int k = 0; k < 5; ++k) x |= uint64_t{c[k]} << (8 * k);
      packed[face][column][line] = x;
      ready |= 1u << bit;
    }
    return packed[face][column][line];
  }
};

// kChange[forward][p][m]: what the move of farthest white p (see kRotated)
// does to a colour whose cells in the line are `m`: bytes 0..4 the change of
// its cost at each stripe (kLineCost after - before, mod 256: exact once
// added to totals that end in 0..125), byte 5 the smallest change (signed).
const std::array<std::array<std::array<uint64_t, 128>, 8>, 2> kChange = [] {
  std::array<std::array<std::array<uint64_t, 128>, 8>, 2> t{};
  for (int forward = 0; forward < 2; ++forward)
    for (int p = 1; p <= 7; ++p)
      for (int m = 0; m < 128; ++m) {
        const int now = kRotated[forward][p][m];
        uint64_t w = 0;
        int least = 1 << 30;
        for (int s = 0; s < 5; ++s) {
          const int d = static_cast<int>((kLineCost[now] >> (8 * s)) & 0xFF) - static_cast<int>((kLineCost[m] >> (8 * s)) & 0xFF);
          w |= static_cast<uint64_t>(static_cast<uint8_t>(d)) << (8 * s);
          least = std::min(least, d);
        }
        t[forward][p][m] = w | static_cast<uint64_t>(static_cast<uint8_t>(least)) << 40;
      }
  return t;
}();

// One face of one child: what its move does to each colour's cost.
struct LineChange {
  std::array<uint64_t, 5> change;
  LineChange(uint64_t before, Move move) {
    const auto& table = kChange[move.label < 7 || move.label >= 21][move.p];
    for (int k = 0; k < 5; ++k) change[k] = table[(before >> (8 * k)) & 0x7F];
  }
  // A lower bound on the child's displacement from the parent's (exact) one:
  // the minimum over orders of parent + change is at least the parent's
  // minimum plus each colour's smallest change.
  int bound(int parent) const {
    int at = parent;
    for (int k = 0; k < 5; ++k) at += static_cast<int8_t>(change[k] >> 40);
    return std::max(at, 0);
  }
  // The exact displacement: the parent's order costs plus the line's
  // changes (colours the move leaves alone have none: skipping them is
  // cheaper than adding zeros, measured with heuristics_bench).
  int exact(const OrderCosts& parent) const {
    OrderCosts o = parent;
    for (int k = 0; k < 5; ++k) {
      if (!(change[k] & 0xFFFFFFFFFFull)) continue;
      const __m256i r = _mm256_set1_epi64x(static_cast<long long>(change[k] & 0xFFFFFFFFFFull));
      for (int v = 0; v < 4; ++v)
        o.v[v] = _mm256_add_epi8(o.v[v], _mm256_shuffle_epi8(r, _mm256_load_si256(reinterpret_cast<const __m256i*>(
                                                                   kOrders.stripe[v][k].data()))));
    }
    return minOrder(o);
  }
};
#endif

// The values of a node's children. A child's move changes one orientation
// c on both faces, so of the two terms of the minimum, A = perStep * d0[c] +
// nextPerStep * d1[!c] and B = perStep * d0[!c] + nextPerStep * d1[c], each
// has one changed displacement: A this face's, B the hidden face's. Both
// have cheap lower bounds (LineChange::bound); the term with the lower
// bound is computed exactly first, and the other only when its bound does
// not already exceed it (about 2% of the beam's children, measured on
// beam_bench). The value is exact either way. The node's order costs are
// prepared once for each orientation and face some child needs.
template <int kPerStep, int kNextPerStep>
void childValues(const Position& parent, Summary summary, const Move* moves, const Position* const* kids, int n,
                 int32_t* out) {
#if defined(__AVX2__)
  const Displacements d = unpack(summary);
  OrderCosts costs[2][2];  // [changed orientation][face]
  bool ready[2][2] = {};
  auto exact = [&](const LineChange& change, int c, int face) {
    if (!ready[c][face]) {
      costs[c][face] = orderCosts(parent.plane[face], c);
      ready[c][face] = true;
    }
    return change.exact(costs[c][face]);
  };
  NodeLines lines(parent);
  for (int i = 0; i < n; ++i) {
    const bool row = isRowLabel(moves[i].label);
    const int c = row ? 1 : 0;  // a row push moves tiles across columns
    const int line = lineIndex(moves[i].label);
    const LineChange shown(lines.get(0, !row, line), moves[i]);
    const int fixedA = kNextPerStep * d.d[1][!c], fixedB = kPerStep * d.d[0][!c];
    int a = kPerStep * shown.bound(d.d[0][c]) + fixedA;
    int best;
    if constexpr (kNextPerStep == 0) {  // B is known: the hidden face has no weight
      best = a >= fixedB ? fixedB : std::min(kPerStep * exact(shown, c, 0) + fixedA, fixedB);
    } else {
      const LineChange hidden(lines.get(1, !row, line), moves[i]);
      int b = kNextPerStep * hidden.bound(d.d[1][c]) + fixedB;
      if (a <= b) {
        a = kPerStep * exact(shown, c, 0) + fixedA;
        best = a <= b ? a : std::min(a, kNextPerStep * exact(hidden, c, 1) + fixedB);
      } else {
        b = kNextPerStep * exact(hidden, c, 1) + fixedB;
        best = b <= a ? b : std::min(b, kPerStep * exact(shown, c, 0) + fixedA);
      }
    }
    out[i] = kScale * borderCount(*kids[i]) + best;
  }
#else
  (void)parent;
  for (int i = 0; i < n; ++i) out[i] = fromSummary<kPerStep, kNextPerStep>(*kids[i], update(*kids[i], summary, moves[i]));
#endif
}
constexpr Incremental kDisplacedIncremental{summarise, update, fromSummary<16, 0>, childValues<16, 0>};
constexpr Incremental kChainedIncremental{summarise, update, fromSummary<16, 3>, childValues<16, 3>};

}  // namespace

const std::vector<Heuristic>& registry() {
  static const std::vector<Heuristic> r = {
      {"border", "coloured tiles on the border", true, scaledBorder},
      {"lines", "border count plus coloured corners (each needs a border-line move first)", true, scaledLineBound},
      {"stripe", "cells differing from the nearest of the 240 stripe layouts", false, scaledStripe},
      {"combined", "border tiles + 3/4 per misplaced inner tile + 1/2 per coloured corner", false, combined},
      {"aligned", "per-tile costs: inner in stripe 0, inner elsewhere 2.5, border at its stripe's end 1, other border 2", false,
       aligned},
      {"displacement", "coloured border tiles + steps each tile stands from its colour's stripe (best orientation and order)",
       false, fromScratch<16, 0>, kDisplacedIncremental},
      {"chain", "displacement + 3/16 per step of the hidden face from crossing stripes (prepares the next board)", false,
       fromScratch<16, 3>, kChainedIncremental},
  };
  return r;
}

const Heuristic* find(std::string_view name) {
  for (const auto& h : registry())
    if (h.name == name) return &h;
  return nullptr;
}

std::string names() {
  std::string s;
  for (const auto& h : registry()) s += (s.empty() ? "" : ", ") + h.name;
  return s;
}

const Heuristic& defaultHeuristic() { return *find("chain"); }

}  // namespace nugget::heur
