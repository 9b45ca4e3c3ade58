#include "nugget/aims/cycle_aims.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "nugget/run/checkpoint.h"
#include "nugget/symmetry.h"

namespace nugget::solve {

Board cycleEntry(const CycleBoards& cycle) {
  Board x = cycle.start;
  x.flip();
  return x;
}

std::vector<CycleImage> rankImages(const Position& from, const std::vector<CycleBoards>& cycles) {
  std::vector<CycleImage> out;
  out.reserve(cycles.size() * kSymmetries);
  for (size_t i = 0; i < cycles.size(); ++i) {
    const Position x = cycleEntry(cycles[i]).pos;
    for (int g = 0; g < kSymmetries; ++g) out.push_back({TargetDistance(mapPosition(g, x))(from), i, g});
  }
  std::sort(out.begin(), out.end());
  return out;
}

CycleAims::CycleAims(const Board& start, const std::vector<CycleBoards>& cycles, CycleAimOptions opt, Team& team)
    : start_(start), cycles_(cycles), opt_(std::move(opt)), team_(team), ranked_(rankImages(start.pos, cycles)) {
  const int n = static_cast<int>(ranked_.size());
  first_ = std::clamp(opt_.from, 0, n);
  perPass_ = opt_.count > 0 ? std::min(opt_.count, n - first_) : n - first_;
  EnterOptions widened;
  widened.target = opt_.target;
  widened.widen = opt_.widen;
  passes_ = aimPasses(widened);
}

int CycleAims::aims() const { return perPass_ * passes_; }

const CycleImage& CycleAims::imageOf(int index) const {
  return ranked_[static_cast<size_t>(first_ + index % perPass_)];
}

int CycleAims::widthOf(int index) const {
  if (index < perPass_) return opt_.target.width;
  EnterOptions widened;
  widened.target = opt_.target;
  widened.widen = opt_.widen;
  return widerWidth(widened);
}

void CycleAims::keep(AimsDone& done, int index, std::vector<Move> moves) const {
  done.kept.emplace_back(index, std::move(moves));
  size_t shortest = SIZE_MAX;
  for (const auto& [i, m] : done.kept) shortest = std::min(shortest, m.size());
  const size_t slack = static_cast<size_t>(std::max(opt_.polishSlack, 0));
  std::erase_if(done.kept, [&](const auto& k) { return k.second.size() > shortest + slack; });
}

void CycleAims::run(AimsDone& done, const std::function<bool()>& enough,
                    const std::function<void(const AimReport&)>& report,
                    const std::function<void(const AimsDone&)>& saved) {
  // A resumed list: every kept aim must still reach its image.
  for (const auto& [index, moves] : done.kept) {
    Board b = start_;
    if (index < 0 || index >= aims() || !playMoves(b, moves) ||
        b.pos != mapPosition(imageOf(index).symmetry, cycleEntry(cycles_[imageOf(index).cycle]).pos))
      throw std::invalid_argument("a kept aim that does not reach its cycle");
  }
  const int K = team_.size(), rank = team_.rank(), total = aims();
  for (int round = done.done; round < total; round += K) {
    if (team_.agree(enough && enough())) break;
    std::string mine;
    if (round + rank < total) {
      const CycleImage& image = imageOf(round + rank);
      TargetOptions to = opt_.target;
      to.width = widthOf(round + rank);
      const auto moves =
          solveToState(start_.pos, mapPosition(image.symmetry, cycleEntry(cycles_[image.cycle]).pos), to);
      mine = moves ? "aim " + formatMoves(*moves) : "none";
    }
    const std::vector<std::string> all = team_.allGather(mine);
    for (int r = 0; r < K && round + r < total; ++r) {
      const auto w = jcgn::fields(all[static_cast<size_t>(r)]);
      const auto moves = w.size() > 1 && w[0] == "aim" ? toMoves(w, 1) : std::nullopt;
      if (!moves && all[static_cast<size_t>(r)] != "none") badTeamMessage("an aim");
      if (report)
        report({round + r, first_ + (round + r) % perPass_, imageOf(round + r), widthOf(round + r),
                moves ? int(moves->size()) : -1});
      if (moves) keep(done, round + r, *moves);
    }
    done.done = std::min(round + K, total);
    if (saved) saved(done);
  }
}

std::optional<CycleEntry> CycleAims::best(const AimsDone& done, const std::function<bool()>& enough) {
  if (done.kept.empty()) return std::nullopt;
  // The kept aims, shortest first (aim order among equals); the first is the
  // best before the polish, and only a strictly shorter polish replaces it.
  std::vector<std::pair<int, std::vector<Move>>> order = done.kept;
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
  CycleEntry best{order.front().second, imageOf(order.front().first), static_cast<int>(order.front().second.size())};
  std::string mine;
  if (team_.leader()) {
    PolishOptions po;
    po.maxSegment = opt_.polishMaxSegment();
    po.width = opt_.polishWidth;
    po.enough = enough;
    for (const auto& [index, moves] : order) {
      if (enough && enough()) break;
      std::vector<Move> p = polish(start_.pos, moves, po);
      if (p.size() < best.moves.size()) best = {std::move(p), imageOf(index), best.before};
    }
    mine = "polished " + std::to_string(best.image.cycle) + " " +
           std::to_string(best.image.symmetry) + " " + formatMoves(best.moves);
  }
  // The team takes rank 0's result: the polish reads rank 0's clock.
  const std::string theirs = team_.broadcast(mine);
  const auto w = jcgn::fields(theirs);
  const bool ok = w.size() > 3 && w[0] == "polished";
  const auto moves = ok ? toMoves(w, 3) : std::nullopt;
  const auto cycle = ok ? jcgn::parseInt(w[1], 0, int(cycles_.size()) - 1) : std::nullopt;
  const auto g = ok ? jcgn::parseInt(w[2], 0, kSymmetries - 1) : std::nullopt;
  if (!moves || !cycle || !g) badTeamMessage("a polished aim");
  for (const CycleImage& im : ranked_)
    if (im.cycle == static_cast<size_t>(*cycle) && im.symmetry == *g) best.image = im;
  best.moves = *moves;
  return best;
}

jcgn::Entry CycleAims::chain(const CycleEntry& entry, int count) const {
  jcgn::Entry e;
  const CycleBoards& c = cycles_[entry.image.cycle];
  const int g = entry.image.symmetry;
  const std::vector<std::vector<Move>> turn{mapMoves(g, c.boards[0]), mapMoves(g, c.boards[1])};
  for (int k = 0; k < count; ++k) {
    const std::vector<Move>& moves = k == 0 ? entry.moves : turn[static_cast<size_t>(k - 1) % 2];
    Board b = jcgn::nextStart(e);
    if (!playMoves(b, moves) || !b.pos.solved()) throw std::logic_error("a cycle entry that does not replay");
    e.boards.push_back({moves, b.tiles});
  }
  return e;
}

}  // namespace nugget::solve
