// Reversible 2-board cycles (session 21, issue 26): a board whose every move
// is a whole-line push (p = 7) that carries a white-on-both-faces tile from
// the far end to the near end is undone, move by move in reverse order, by
// the opposite pushes on the other face (each again p = 7: the far end then
// holds that same white-white tile). So if X (A solved) goes to Z (B solved)
// by k such pushes on face B, Z goes back to X by k pushes on face A: a
// 2-board cycle of mean k.
//
// The pushes are fixed permutations of cells, whatever the tiles, so the
// search runs on cells alone: which cells of X end inside Z. A solution
// needs exactly 12 tiles in and 12 out; the 13 that stay inside hold the 13
// tiles coloured on both faces, so the pairs (A stripe of their cell in X,
// B stripe of their cell in Z) must form the pattern of those 13 tiles'
// colour pairs under some order of the A and the B colours. Each solution
// is then filled with tiles and replayed by the engine.
//
// Build: g++ -O3 -march=native -std=c++20 -Iengine results/experiments/revcycle.cpp \
//   build/engine/nugget/libnugget_engine.a -o /tmp/revcycle
// Run:   /tmp/revcycle MAXK [SECONDS] [SEED] [CUTGAIN] [STRICT]
// (STRICT 1 with MAXK 13: the exhaustive search for 13 pushes, below)
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "nugget/board.h"
#include "nugget/symmetry.h"
#include <set>
#include "nugget/tiles.h"

using namespace nugget;

namespace {

std::array<std::array<int, 7>, kLabels> cellsOf;  // the cells of each label's line, from the force point
bool innerCell(int cell) { return (kInner & cellBit(cell)) != 0; }
bool innerLine(int label) { return lineIndex(label) >= 1 && lineIndex(label) <= 5; }

int maxK = 14;
std::array<int, 49> cur;  // original cell (in X) of the tile now at each cell
int in = 0;               // tiles from X's border now inside
uint64_t flagged = 0;     // original cells whose tile served as a far end (must be white-white)
std::vector<int> line;    // the pushes so far
uint64_t nodes = 0, leaves = 0, hits = 0;
std::mt19937 rng(1);
double limitSeconds = 60;
int cutGain = 1;  // lines a border push may open (the cut above)
// Strict mode (session 22, 13 pushes): the search restricted to what a
// 13-push cycle must be, so that it is exhaustive, with no heuristic cut.
// 12 tiles must come in and a push brings at most one, so of 13 pushes at
// least 12 are inner pushes bringing one in. All 13 on inner lines is
// impossible: an inner line's ends change only by its own pushes and by
// border pushes; pushed again with no border push between, it brings in
// its own out-tile (the other way) or a white-white tile (the same way, its
// near end then holds the tile it carried): an extra in-event, beyond the
// 12 the 12 B-only tiles need, for each of the >= 3 lines pushed twice
// (13 pushes, 10 inner lines), and 13 pushes allow one. So exactly one
// border push and 12 inner pushes that each bring in a B-only tile for
// good and take out an A-only tile for good: the near end a fresh tile
// (from X's border, no far end before), the 6th cell a tile of X's inside.
// Under the 8 symmetries the border push is the top push of column 6
// (label 7): the symmetries act freely on the 8 (side, direction) pairs.
// STRICT = S > 0: exactly S border pushes and every other push brings a
// B-only tile in and an A-only one out for good (S = 1 is the 13-push case
// above, with the symmetry fixed; S = 2 at 14 pushes finds a kind of the
// known cycles again, a check of this mode).
int strict = 0;
int borderPushes = 0;
std::chrono::steady_clock::time_point t0;

// The colour pairs of the tiles coloured on both faces, as a 5x5 mask: bit
// b of pattern[a] when a tile is A colour a+1, B colour b+1.
std::array<int, 5> pattern{};
std::array<int, 5> columnMask{};  // for each B colour: the A colours it meets

struct Found {
  std::vector<int> pushes;
  std::array<int, 49> cur;
  int oa, ob;
  std::array<int, 5> sigma, tau;  // stripe index -> colour index
};
std::vector<Found> found;

// Does the inner->inner set fit the pattern? Fills f's orders on success.
bool fits(Found& f) {
  std::array<std::array<int, 2>, 13> stay;
  int n = 0;
  for (int cell = 0; cell < 49; ++cell) {
    if (!innerCell(cell) || !innerCell(cur[cell])) continue;
    if (n == 13) return false;
    stay[n++] = {cur[cell], cell};
  }
  if (n != 13) return false;
  for (int oa = 0; oa < 2; ++oa)
    for (int ob = 0; ob < 2; ++ob) {
      std::array<int, 5> m{};  // m[i]: B stripes met by A stripe i
      bool dup = false;
      for (auto [x, z] : stay) {
        const int i = oa == 0 ? x / 7 - 1 : x % 7 - 1;
        const int j = ob == 0 ? z / 7 - 1 : z % 7 - 1;
        if (m[i] >> j & 1) dup = true;
        m[i] |= 1 << j;
      }
      if (dup) continue;
      std::array<int, 5> sigma{0, 1, 2, 3, 4};
      do {
        // column j's mask over A colours, under sigma
        std::array<int, 5> tau{};
        int used = 0;
        bool ok = true;
        for (int j = 0; j < 5 && ok; ++j) {
          int mask = 0;
          for (int i = 0; i < 5; ++i)
            if (m[i] >> j & 1) mask |= 1 << sigma[i];
          int b = -1;
          for (int c = 0; c < 5; ++c)
            if (columnMask[c] == mask) b = c;
          if (b < 0 || (used >> b & 1)) ok = false;
          else {
            used |= 1 << b;
            tau[j] = b;
          }
        }
        if (ok) {
          f.oa = oa;
          f.ob = ob;
          f.sigma = sigma;
          f.tau = tau;
          return true;
        }
      } while (std::next_permutation(sigma.begin(), sigma.end()));
    }
  return false;
}

void dfs(int depth, int last) {
  ++nodes;
  if ((nodes & 0xfffff) == 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limitSeconds)
    throw 0;
  if (in == 12) {
    bool ok = true;
    for (int cell = 0; cell < 49; ++cell)
      if (innerCell(cell) && (flagged >> cur[cell] & 1)) ok = false;
    if (ok) {
      ++leaves;
      Found f;
      if (fits(f)) {
        ++hits;
        f.pushes = line;
        f.cur = cur;
        found.push_back(f);
      }
    }
  }
  if (depth == maxK || in + (maxK - depth) < 12) return;
  // Fresh tiles inside (from X's border, not a far end: the B-only tiles to
  // be) must reach 12; a move brings in at most one, and only an inner line
  // with a fresh tile at one end and a tile of X's border at the other can.
  // A border push changes the ends of one side; counted as one new line at
  // most (a heuristic cut, not a proof: it only makes the search miss some).
  int fresh = 0, usable = 0;
  for (int cell = 0; cell < 49; ++cell)
    if (innerCell(cell) && !innerCell(cur[cell]) && !(flagged >> cur[cell] & 1)) ++fresh;
  uint32_t usableLines = 0;  // bit: row index or 7 + column index
  for (int label = 0; label < kLabels; ++label) {
    if (!innerLine(label)) continue;
    const auto& cs = cellsOf[label];
    const int nearT = cur[cs[0]], farT = cur[cs[6]];
    if (!innerCell(nearT) && !(flagged >> nearT & 1) && !innerCell(farT))
      usableLines |= 1u << (lineIndex(label) + (isRowLabel(label) ? 0 : 7));
  }
  usable = __builtin_popcount(usableLines);
  const int need = 12 - fresh, slack = (maxK - depth) - need;
  if (strict) {
    if (need > (maxK - depth) - (strict - borderPushes)) return;
  } else if (slack < 0 || need > usable / 1 + slack * cutGain) {
    return;
  }
  std::array<int, kLabels> order;
  for (int l = 0; l < kLabels; ++l) order[l] = l;
  std::shuffle(order.begin(), order.end(), rng);
  for (int label : order) {
    if (last >= 0) {
      if (label == oppositeLabel(last)) continue;
      if (isRowLabel(label) == isRowLabel(last) && lineIndex(label) < lineIndex(last)) continue;  // commuting
    }
    const auto& cs = cellsOf[label];
    const int far = cur[cs[6]];
    if (innerCell(far)) continue;  // the far end must hold a tile of X's border (white-white)
    // A move (p = 7) must move a coloured tile: positions 1..6 hold one (checked in the replay).
    const int entering = cur[cs[0]], leaving = cur[cs[5]];
    const bool inner = innerLine(label);
    if (strict) {
      if (inner && (innerCell(entering) || (flagged >> entering & 1) || !innerCell(leaving))) continue;
      if (!inner && (borderPushes >= strict || (strict == 1 && label != 6))) continue;
    }
    const int before = in;
    if (inner) {
      if (!innerCell(entering)) ++in;
      if (!innerCell(leaving)) --in;
    }
    if (in + (maxK - depth - 1) < 12) {
      in = before;
      continue;
    }
    const uint64_t savedFlags = flagged;
    flagged |= 1ull << far;
    std::array<int, 7> saved;
    for (int k = 0; k < 7; ++k) saved[k] = cur[cs[k]];
    cur[cs[0]] = saved[6];
    for (int k = 1; k < 7; ++k) cur[cs[k]] = saved[k - 1];
    if (depth <= 1)
      std::fprintf(stderr, "%*s%c (%llu nodes, %.0f s)\n", 2 * depth, "", labelChar(label), (unsigned long long)nodes,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    line.push_back(label);
    if (!inner) ++borderPushes;
    dfs(depth + 1, label);
    if (!inner) --borderPushes;
    line.pop_back();
    for (int k = 0; k < 7; ++k) cur[cs[k]] = saved[k];
    flagged = savedFlags;
    in = before;
  }
}

// Tiles for a solution; then the engine replays both boards.
bool replay(const Found& f) {
  std::array<std::vector<int>, 5> bothByPair[5];
  std::array<std::vector<int>, 5> aOnly, bOnly;
  std::vector<int> whites;
  for (int t = 1; t <= 49; ++t) {
    const int a = tileColour(t, Face::A), b = tileColour(t, Face::B);
    if (a && b) bothByPair[a - 1][b - 1].push_back(t);
    else if (a) aOnly[a - 1].push_back(t);
    else if (b) bOnly[b - 1].push_back(t);
    else whites.push_back(t);
  }
  std::array<int, 49> where;  // final cell of the tile from each X cell
  for (int cell = 0; cell < 49; ++cell) where[f.cur[cell]] = cell;
  Tiles x{};
  for (int cell = 0; cell < 49; ++cell) {
    const int z = where[cell];
    const int i = f.oa == 0 ? cell / 7 - 1 : cell % 7 - 1;
    const int j = f.ob == 0 ? z / 7 - 1 : z % 7 - 1;
    std::vector<int>* pool;
    if (innerCell(cell) && innerCell(z)) pool = &bothByPair[f.sigma[i]][f.tau[j]];
    else if (innerCell(cell)) pool = &aOnly[f.sigma[i]];
    else if (innerCell(z)) pool = &bOnly[f.tau[j]];
    else pool = &whites;
    if (pool->empty()) return false;
    x[cell] = pool->back();
    pool->pop_back();
  }
  Board b = Board::fromTiles(x, Face::A);
  if (!b.pos.solved()) return false;
  b.flip();  // face B: the next board
  std::vector<Move> forward, back;
  for (int label : f.pushes) forward.push_back(Move{uint8_t(label), uint8_t(7)});
  if (!playMoves(b, forward) || !b.pos.solved()) return false;
  b.flip();  // face A
  for (auto it = f.pushes.rbegin(); it != f.pushes.rend(); ++it) back.push_back(Move{uint8_t(oppositeLabel(*it)), uint8_t(7)});
  if (!playMoves(b, back) || !b.pos.solved() || b.tiles != x) return false;
  static std::set<uint64_t> seen;
  if (!seen.insert(symmetricHash(Position::fromTiles(x, Face::A))).second) return false;
  // One line a cycle: X's tiles (A solved), then the B board's moves.
  std::printf("X %s |", tilesToString(x).c_str());
  for (Move m : forward) std::printf(" %s", m.full().c_str());
  std::printf("\n");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  maxK = argc > 1 ? std::atoi(argv[1]) : 14;
  limitSeconds = argc > 2 ? std::atof(argv[2]) : 60;
  rng.seed(argc > 3 ? std::atoi(argv[3]) : 1);
  cutGain = argc > 4 ? std::atoi(argv[4]) : 1;
  strict = argc > 5 ? std::atoi(argv[5]) : 0;
  for (int l = 0; l < kLabels; ++l)
    for (int k = 0; k < 7; ++k) cellsOf[l][k] = lineCell(l, k + 1);
  for (int t = 1; t <= 49; ++t) {
    const int a = tileColour(t, Face::A), b = tileColour(t, Face::B);
    if (a && b) {
      pattern[a - 1] |= 1 << (b - 1);
      columnMask[b - 1] |= 1 << (a - 1);
    }
  }
  for (int c = 0; c < 49; ++c) cur[c] = c;
  t0 = std::chrono::steady_clock::now();
  try {
    dfs(0, -1);
  } catch (int) {
    std::printf("time limit\n");
  }
  std::printf("max %d pushes: %llu nodes, %llu leaves (12 in, white-white ends outside), %llu fit the pattern\n", maxK,
              (unsigned long long)nodes, (unsigned long long)leaves, (unsigned long long)hits);
  int shown = 0;
  for (const Found& f : found)
    if (replay(f)) ++shown;
  std::printf("%d distinct cycles (up to the 8 symmetries), each replayed both ways\n", shown);
}
