#include "nugget/cycles/later_board.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <stdexcept>

#include "nugget/cycles/stripe_fit.h"

namespace nugget::solve {

namespace {

bool inside(int cell) { return (kInner >> cell) & 1; }

class Search {
 public:
  explicit Search(const LaterBoardOptions& o) : opt_(o) {
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
  // question whose stripes fit (stripe_fit.h), each board replayed.
  void leaf(const State& s, int depth) {
    ++r_.leaves;
    std::array<int, kCells> endOf;
    for (int c = 0; c < kCells; ++c) endOf[c] = s.at[c];
    bool counted = false;
    for (const Face solved : {Face::A, Face::B}) {
      const std::optional<StripeFit> fit = fitStripes(endOf, solved);
      if (!fit) continue;
      if (!counted) ++r_.patterns, counted = true;
      LaterBoard later{Board::fromTiles(placeTiles(endOf, *fit, solved), other(solved)), {}};
      for (int k = depth - 1; k >= 0; --k) later.moves.push_back(path_[k]);
      Board solvedFace = later.start;
      solvedFace.flip();
      Board end = later.start;
      if (solvedFace.pos.solved() && playMoves(end, later.moves) && end.pos.solved()) r_.found.push_back(std::move(later));
    }
  }

  const LaterBoardOptions& opt_;
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

}  // namespace nugget::solve
