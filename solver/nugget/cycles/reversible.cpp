#include "nugget/cycles/reversible.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <random>
#include <stdexcept>
#include <unordered_set>

#include "nugget/cycles/stripe_fit.h"
#include "nugget/symmetry.h"
#include "nugget/tiles.h"

namespace nugget::solve {

namespace {

constexpr int kCells = kSide * kSide;
constexpr int kInOut = 12;  // tiles that come in (and go out) on a board

bool inner(int cell) { return (kInner & cellBit(cell)) != 0; }
bool innerLine(int label) { return lineIndex(label) >= 1 && lineIndex(label) <= 5; }
// A line's bit: rows 0..6, columns 7..13.
uint32_t lineBit(int label) { return 1u << (lineIndex(label) + (isRowLabel(label) ? 0 : kSide)); }

class Search {
 public:
  Search(const ReversibleOptions& opt) : opt_(opt), rng_(opt.seed) {
    for (int l = 0; l < kLabels; ++l)
      for (int k = 0; k < kSide; ++k) cells_[l][k] = lineCell(l, k + 1);
    for (int c = 0; c < kCells; ++c) cur_[c] = c;
  }

  ReversibleResult run() {
    dfs(0, -1);
    result_.nodes = nodes_;
    result_.complete = !cut_;
    return std::move(result_);
  }

 private:
  bool strict() const { return opt_.strictBorderPushes >= 0; }
  bool done() {
    if (static_cast<int>(result_.cycles.size()) >= opt_.cycles || (opt_.nodes && nodes_ >= opt_.nodes) ||
        (opt_.stop && opt_.stop->load(std::memory_order_relaxed)))
      cut_ = true;
    return cut_;
  }

  // Where each tile of X ends in Z (cur_ holds the other direction).
  std::array<int, kCells> endOf() const {
    std::array<int, kCells> e;
    for (int cell = 0; cell < kCells; ++cell) e[cur_[cell]] = cell;
    return e;
  }

  // The tiles placed by the stripes' fit (stripe_fit.h), then both boards
  // replayed by the engine.
  void place(const StripeFit& f) {
    const Tiles x = placeTiles(endOf(), f, Face::A);
    if (!seen_.insert(symmetricHash(Position::fromTiles(x, Face::A))).second) return;
    Board b = Board::fromTiles(x, Face::A);
    if (!b.pos.solved()) return;
    b.flip();
    const Board start = b;
    std::vector<Move> forward, back;
    for (int label : line_) forward.push_back(Move{static_cast<uint8_t>(label), 7});
    for (auto it = line_.rbegin(); it != line_.rend(); ++it) back.push_back(Move{static_cast<uint8_t>(oppositeLabel(*it)), 7});
    if (!playMoves(b, forward) || !b.pos.solved()) return;
    b.flip();
    if (!playMoves(b, back) || !b.pos.solved() || b.tiles != x) return;
    result_.cycles.push_back(CycleBoards{start, {forward, back}, {}, 0});
  }

  // Depth-first over the pushes: a leaf wherever every tile of X's border
  // that must come in has (tryLeaf), a cut where too few can still come in
  // (cut), the pushes in a random order (the options' seed), each pruned
  // (allowed), made and undone (push).
  void dfs(int depth, int last) {
    ++nodes_;
    if (done()) return;
    if (in_ == kInOut) tryLeaf();
    const int left = opt_.moves - depth;
    if (left == 0 || cut(left)) return;
    std::array<int, kLabels> order;
    for (int l = 0; l < kLabels; ++l) order[l] = l;
    for (int i = kLabels - 1; i > 0; --i) std::swap(order[i], order[rng_() % static_cast<uint64_t>(i + 1)]);
    for (int label : order) {
      if (!allowed(label, depth, last)) continue;
      push(label, depth, left);
      if (done()) return;
    }
  }

  // A leaf once every far end's tile (white on both faces) is back on the
  // border: the pattern is fitted, and the tiles placed when it fits.
  void tryLeaf() {
    for (int cell = 0; cell < kCells; ++cell)
      if (inner(cell) && (farEnds_ >> cur_[cell] & 1)) return;
    ++result_.leaves;
    if (const auto f = fitStripes(endOf(), Face::A)) {
      ++result_.fits;
      place(*f);
    }
  }

  // The cut: tiles from X's border that are inside and not white-white
  // (fresh) must reach 12; one comes in a move, and only along an inner
  // line with a fresh tile at one end and a tile of X's border at the
  // other. A border push may open one more such line (a heuristic bound,
  // not a proof: it can only make the search miss cycles).
  bool cut(int left) const {
    int fresh = 0;
    for (int cell = 0; cell < kCells; ++cell)
      if (inner(cell) && !inner(cur_[cell]) && !(farEnds_ >> cur_[cell] & 1)) ++fresh;
    uint32_t usable = 0;
    for (int label = 0; label < kLabels; ++label) {
      if (!innerLine(label)) continue;
      const int nearTile = cur_[cells_[label][0]], farTile = cur_[cells_[label][6]];
      if (!inner(nearTile) && !(farEnds_ >> nearTile & 1) && !inner(farTile)) usable |= lineBit(label);
    }
    const int need = kInOut - fresh, slack = left - need;
    // Every push but the border ones brings a fresh tile in: a proof's cut.
    if (strict()) return need > left - (opt_.strictBorderPushes - borderPushes_);
    return slack < 0 || need > std::popcount(usable) + slack;
  }

  // Whether the push on `label` is searched after `last` at this depth.
  bool allowed(int label, int depth, int last) const {
    if (depth < static_cast<int>(opt_.prefix.size()) && label != opt_.prefix[static_cast<size_t>(depth)]) return false;
    if (last >= 0) {
      if (label == oppositeLabel(last)) return false;  // undoes the last push
      // Pushes on two rows (or two columns) touch no common cell: one order.
      if (isRowLabel(label) == isRowLabel(last) && lineIndex(label) < lineIndex(last)) return false;
    }
    const auto& cs = cells_[label];
    if (inner(cur_[cs[6]])) return false;  // the far end must hold a tile of X's border (white on both faces)
    if (!strict()) return true;
    // An inner push brings a fresh tile in (its near end: from X's border,
    // never a far end) and a tile of X's inside out (next to the far end).
    // Border pushes: exactly S, the one of S = 1 fixed by symmetry.
    const int entering = cur_[cs[0]], leaving = cur_[cs[5]];
    if (innerLine(label)) return !inner(entering) && !(farEnds_ >> entering & 1) && inner(leaving);
    return borderPushes_ < opt_.strictBorderPushes && (opt_.strictBorderPushes != 1 || label == 6);
  }

  // The push on `label` made, searched on from (when enough of X's border
  // can still come in, `left` moves including this one), and undone.
  void push(int label, int depth, int left) {
    const auto& cs = cells_[label];
    const int farTile = cur_[cs[6]];
    const bool innerPush = innerLine(label);
    const int before = in_;
    if (innerPush) {
      in_ += !inner(cur_[cs[0]]);  // the near end's tile comes in
      in_ -= !inner(cur_[cs[5]]);  // the tile next to the far end goes out
    }
    if (in_ + left - 1 >= kInOut) {
      const uint64_t farEnds = farEnds_;
      farEnds_ |= 1ull << farTile;
      std::array<int, kSide> saved;
      for (int k = 0; k < kSide; ++k) saved[k] = cur_[cs[k]];
      cur_[cs[0]] = saved[6];
      for (int k = 1; k < kSide; ++k) cur_[cs[k]] = saved[k - 1];
      line_.push_back(label);
      borderPushes_ += !innerPush;
      dfs(depth + 1, label);
      borderPushes_ -= !innerPush;
      line_.pop_back();
      for (int k = 0; k < kSide; ++k) cur_[cs[k]] = saved[k];
      farEnds_ = farEnds;
    }
    in_ = before;
  }

  const ReversibleOptions& opt_;
  std::mt19937_64 rng_;
  std::array<std::array<int, kSide>, kLabels> cells_{};
  std::array<int, kCells> cur_{};  // the cell of X each tile now at a cell came from
  int in_ = 0;                     // tiles of X's border now inside
  uint64_t farEnds_ = 0;           // cells of X whose tile served as a far end
  std::vector<int> line_;          // the pushes so far
  uint64_t nodes_ = 0;
  int borderPushes_ = 0;           // border pushes on the line so far (the strict mode counts them)
  bool cut_ = false;               // a bound, the cycle count or a stop ended the search
  std::unordered_set<uint64_t> seen_;
  ReversibleResult result_;
};

}  // namespace

ReversibleResult reversibleCycles(const ReversibleOptions& options) { return Search(options).run(); }

bool provedNone(int moves, ReversibleResult* result, const std::atomic<bool>* stop) {
  if (moves < kInOut || moves > kInOut + 1)
    throw std::invalid_argument("the exhaustive search is for 12 or 13 pushes (the argument in reversible.h)");
  ReversibleOptions o;
  o.moves = moves;
  o.strictBorderPushes = moves - kInOut;
  o.nodes = 0;
  o.cycles = 1;  // one found would end it: the answer is then no
  o.stop = stop;
  ReversibleResult r = reversibleCycles(o);
  const bool none = r.complete && r.fits == 0;
  if (result) *result = std::move(r);
  return none;
}

}  // namespace nugget::solve
