#include "nugget/cycles/later_board.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <stdexcept>

#include "nugget/tiles.h"

namespace nugget::solve {

namespace {

// A stripe of the inner square: its row (horizontal) or column, 0..4.
int stripe(int cell, bool vertical) { return (vertical ? cell % kSide : cell / kSide) - 1; }
bool inside(int cell) { return (kInner >> cell) & 1; }

// The 13 two-faced tiles' colour pairs as a 5 x 5 0/1 pattern: pattern[a][b]
// is 1 when a tile is colour a on the start's solved face and b on the face
// to solve (colours 1..5 as 0..4). Computed from the tile table.
using Pattern = std::array<std::array<int, kColours>, kColours>;
Pattern twoFacedPattern(Face solvedAtStart) {
  Pattern p{};
  for (int t = 1; t <= kTiles; ++t) {
    const Colour s = tileColour(t, solvedAtStart), e = tileColour(t, other(solvedAtStart));
    if (s != White && e != White) ++p[s - 1][e - 1];
  }
  return p;
}

// Whether `m` is `pattern` with its rows and columns reordered.
bool samePattern(const Pattern& m, const Pattern& pattern) {
  std::array<int, kColours> want{}, have{};
  auto column = [](const Pattern& q, const std::array<int, kColours>& rows, int j) {
    int v = 0;
    for (int i = 0; i < kColours; ++i) v = v * 8 + q[rows[i]][j];
    return v;
  };
  const std::array<int, kColours> identity{0, 1, 2, 3, 4};
  for (int j = 0; j < kColours; ++j) want[j] = column(pattern, identity, j);
  std::sort(want.begin(), want.end());
  std::array<int, kColours> rows = identity;
  do {
    for (int j = 0; j < kColours; ++j) have[j] = column(m, rows, j);
    std::sort(have.begin(), have.end());
    if (have == want) return true;
  } while (std::next_permutation(rows.begin(), rows.end()));
  return false;
}

class Search {
 public:
  explicit Search(const LaterBoardOptions& o) : opt_(o) {
    patterns_[0] = twoFacedPattern(Face::A);  // face A solved, B to solve
    patterns_[1] = twoFacedPattern(Face::B);
    for (int l = 0; l < kLabels; ++l)
      for (int k = 1; k <= kSide; ++k) line_[l][k] = lineCell(l, k);
  }

  LaterBoardResult run() {
    State s;
    for (int c = 0; c < kCells; ++c) s.at[c] = static_cast<uint8_t>(c);
    s.coloured = kInner;
    done_ = false;
    visit(s, 0, -1);
    r_.complete = !done_;
    return std::move(r_);
  }

 private:
  // For every cell, the cell its tile ends on; `coloured`: the cells whose
  // tile ends inside (coloured on the face being solved).
  struct State {
    std::array<uint8_t, kCells> at;
    Bitboard coloured;
  };

  bool over() {
    if (done_) return true;
    if ((opt_.nodes && r_.nodes >= opt_.nodes) || (opt_.stop && opt_.stop->load(std::memory_order_relaxed)) ||
        (opt_.count && r_.found.size() >= static_cast<size_t>(opt_.count)))
      done_ = true;
    return done_;
  }

  // Some orientation of the end's stripes has at most 3 tiles of each on the
  // border, and 3 of at most two.
  static bool stripesFit(const State& s) {
    std::array<int, kSide> rows{}, cols{};
    for (Bitboard b = s.coloured & kBorder; b; b &= b - 1) {
      const int e = s.at[std::countr_zero(b)];
      ++rows[e / kSide];
      ++cols[e % kSide];
    }
    auto fits = [](const std::array<int, kSide>& k) {
      int threes = 0;
      for (int i = 1; i <= 5; ++i) {
        if (k[i] > 3) return false;
        threes += k[i] == 3;
      }
      return threes <= 2;
    };
    return fits(rows) || fits(cols);
  }

  void visit(const State& s, int depth, int previous) {
    if (over()) return;
    ++r_.nodes;
    if (opt_.progress && (r_.nodes & ((uint64_t{1} << 24) - 1)) == 0) opt_.progress(r_.nodes, r_.found.size());
    const int border = std::popcount(s.coloured & kBorder);
    const int left = opt_.moves - depth;
    if (12 - border > left || !stripesFit(s)) return;
    if (border == 12) leaf(s, depth);
    if (left == 0) return;
    for (int label = 0; label < kLabels; ++label) {
      if (depth == 0 && label > 3) break;  // the symmetries: columns 0..3 pushed down
      if (previous >= 0 && isRowLabel(label) == isRowLabel(previous) && lineIndex(label) != lineIndex(previous) &&
          label < previous)
        continue;  // commuting moves: one order
      undo(s, depth, label);
    }
  }

  // Every way back through a move at `label`.
  void undo(const State& s, int depth, int label) {
    const auto& c = line_[label];
    auto isColoured = [&](int k) { return (s.coloured >> c[k]) & 1; };
    if (isColoured(1)) return;  // position 1 holds the white the move carried
    int lastWhite = 1;
    for (int k = kSide; k >= 2; --k)
      if (!isColoured(k)) {
        lastWhite = k;
        break;
      }
    const int low = std::max(lastWhite, 2);
    bool moved = false;  // a coloured tile among positions 2..p
    for (int k = 2; k < low; ++k) moved |= isColoured(k);
    for (int p = low; p <= kSide; ++p) {
      moved |= isColoured(p);
      if (!moved) continue;
      State t = s;
      for (int k = 1; k < p; ++k) t.at[c[k]] = s.at[c[k + 1]];
      t.at[c[p]] = s.at[c[1]];
      for (int k = 1; k <= p; ++k) {
        if (inside(t.at[c[k]])) t.coloured |= cellBit(c[k]);
        else t.coloured &= ~cellBit(c[k]);
      }
      path_[depth] = Move{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
      visit(t, depth + 1, label);
      if (done_) return;
    }
  }

  // A start with 12 coloured border tiles: its tiles placed for either
  // question whose pattern fits, each replayed.
  void leaf(const State& s, int depth) {
    ++r_.leaves;
    bool counted = false;
    for (int q = 0; q < 2; ++q) {
      bool placed = false;
      for (int so = 0; so < 2 && !placed; ++so)
        for (int eo = 0; eo < 2 && !placed; ++eo) {
          Pattern m{};
          for (Bitboard b = s.coloured & kInner; b; b &= b - 1) {
            const int c = std::countr_zero(b);
            ++m[stripe(c, so)][stripe(s.at[c], eo)];
          }
          if (!samePattern(m, patterns_[q])) continue;
          if (!counted) ++r_.patterns, counted = true;
          if (std::optional<LaterBoard> b = place(s, depth, q == 0 ? Face::B : Face::A, so, eo)) {
            r_.found.push_back(std::move(*b));
            placed = true;
          }
        }
    }
  }

  // The tiles: start stripes coloured in some order, end stripes in some
  // order, each cell given a tile of the colour pair its two regions and
  // stripes ask for; then the board replayed.
  std::optional<LaterBoard> place(const State& s, int depth, Face toSolve, bool so, bool eo) const {
    const Face solved = other(toSolve);
    std::array<int, 36> stock{};  // tiles of each (solved face, face to solve) colour pair
    for (int t = 1; t <= kTiles; ++t) ++stock[tileColour(t, solved) * 6 + tileColour(t, toSolve)];
    std::array<int, kColours> a{1, 2, 3, 4, 5};
    do {
      std::array<int, kColours> b{1, 2, 3, 4, 5};
      do {
        std::array<int, 36> need{};
        std::array<int, kCells> pair{};
        for (int c = 0; c < kCells; ++c) {
          const int e = s.at[c];
          pair[c] = (inside(c) ? a[stripe(c, so)] : 0) * 6 + (inside(e) ? b[stripe(e, eo)] : 0);
          ++need[pair[c]];
        }
        if (need == stock) return build(pair, depth, toSolve);
      } while (std::next_permutation(b.begin(), b.end()));
    } while (std::next_permutation(a.begin(), a.end()));
    return std::nullopt;
  }

  std::optional<LaterBoard> build(const std::array<int, kCells>& pair, int depth, Face toSolve) const {
    const Face solved = other(toSolve);
    std::array<bool, kTiles + 1> used{};
    Tiles tiles{};
    for (int c = 0; c < kCells; ++c)
      for (int t = 1; t <= kTiles; ++t)
        if (!used[t] && tileColour(t, solved) * 6 + tileColour(t, toSolve) == pair[c]) {
          used[t] = true;
          tiles[c] = static_cast<uint8_t>(t);
          break;
        }
    LaterBoard later{Board::fromTiles(tiles, toSolve), {}};
    for (int k = depth - 1; k >= 0; --k) later.moves.push_back(path_[k]);
    Board other = later.start;
    other.flip();
    Board end = later.start;
    if (!other.pos.solved() || !playMoves(end, later.moves) || !end.pos.solved()) return std::nullopt;
    return later;
  }

  const LaterBoardOptions& opt_;
  std::array<Pattern, 2> patterns_;
  std::array<std::array<int, kSide + 1>, kLabels> line_{};
  std::array<Move, 32> path_{};
  LaterBoardResult r_;
  bool done_ = false;
};

}  // namespace

LaterBoardResult laterBoards(const LaterBoardOptions& options) {
  if (options.moves < 1 || options.moves > 20) throw std::invalid_argument("moves must be 1..20");
  return Search(options).run();
}

LaterCycleResult laterCycles(const LaterCycleOptions& options, const EndgameTable& table) {
  LaterCycleResult r;
  LaterBoardOptions boards = options.boards;
  const std::function<bool()> stopped = [&] { return options.boards.stop && options.boards.stop->load(); };
  // The later boards are looked for in batches, each batch's starts then
  // searched from, until enough cycles are found or the boards run out.
  for (int batch = 1; !stopped(); batch *= 2) {
    boards.count = options.boards.count ? std::min(options.boards.count, batch) : batch;
    r.boards = laterBoards(boards);
    for (size_t i = static_cast<size_t>(r.searched); i < r.boards.found.size() && !stopped(); ++i, ++r.searched) {
      const ExactCycleResult e = exactCycleSearch(r.boards.found[i].start, table, options.cycle, options.below);
      if (!e.best || e.best->boards.size() != 2) continue;
      CycleBoards c = e.best->start.face == Face::B ? *e.best : rotated(*e.best, 1);
      c.lead.clear();
      if (std::any_of(r.cycles.begin(), r.cycles.end(), [&](const CycleBoards& k) { return sameCycle(k, c); }))
        continue;
      r.cycles.push_back(c);
      if (options.found) options.found(c);
      if (static_cast<int>(r.cycles.size()) >= options.cycles) return r;
    }
    if (r.boards.complete || static_cast<size_t>(boards.count) > r.boards.found.size() ||
        (options.boards.count && boards.count >= options.boards.count))
      break;
  }
  return r;
}

}  // namespace nugget::solve
