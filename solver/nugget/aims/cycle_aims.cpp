#include "nugget/aims/cycle_aims.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "search/beam.h"

namespace nugget::solve {

Board cycleEntry(const CycleBoards& cycle) {
  Board x = cycle.start;
  x.flip();
  return x;
}

std::vector<CycleImage> rankImages(const Position& from, const GoodSet& set, const std::atomic<bool>* stop) {
  std::vector<CycleImage> out;
  const auto& members = set.members();
  for (size_t i = 0; i < members.size(); ++i) {
    if (stop && stop->load(std::memory_order_relaxed)) throw search::Stopped();
    if (members[i].face != Face::A) continue;
    for (int g = 0; g < kSymmetries; ++g) out.push_back({targetScore(from, mapPosition(g, members[i].end)), i, g});
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// Every image of every member with face A solved: the aims' other goals.
std::unique_ptr<search::SeenSet> imageHashes(const GoodSet& set) {
  auto s = std::make_unique<search::SeenSet>(set.size() * kSymmetries);
  for (const GoodMember& m : set.members())
    if (m.face == Face::A)
      for (int g = 0; g < kSymmetries; ++g) s->insert(mapPosition(g, m.end).hash());
  return s;
}

}  // namespace

CycleAims::CycleAims(const Board& start, const GoodSet& set, CycleAimOptions opt, Team& team)
    : start_(start),
      set_(set),
      opt_(std::move(opt)),
      team_(team),
      ranked_(rankImages(start.pos, set, opt_.target.stop)),
      goals_(imageHashes(set)) {
  const int n = static_cast<int>(ranked_.size());
  first_ = std::clamp(opt_.from, 0, n);
  total_ = opt_.count > 0 ? std::min(opt_.count, n - first_) : n - first_;
  batch_ = opt_.batch > 0 ? std::min(opt_.batch, total_) : total_;
  passes_ = aimPasses(opt_.target.width, opt_.widen);
}

CycleAims::~CycleAims() = default;

int CycleAims::aims() const { return total_ * passes_; }

// Aim `index` in batch k (of batch_ ranks, the last one fewer): the batch's
// ranks at the base width, then again wider.
CycleAims::Slot CycleAims::slotOf(int index) const {
  const int perBatch = std::max(batch_, 1) * passes_;
  const int k = index / perBatch, within = index % perBatch;
  const int size = std::max(std::min(batch_, total_ - k * batch_), 1);
  return {first_ + k * batch_ + within % size, within / size};
}

const CycleImage& CycleAims::imageOf(int index) const { return ranked_[static_cast<size_t>(slotOf(index).rank)]; }

int CycleAims::widthOf(int index) const {
  if (slotOf(index).pass == 0) return opt_.target.width;
  return widerWidth(opt_.target.width, opt_.widen);
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
  // A resumed list: every kept aim must still reach an image of a member.
  for (const auto& [index, moves] : done.kept)
    if (index < 0 || index >= aims() || !reached(moves))
      throw std::invalid_argument("a kept aim that does not reach the good set");
  const int K = team_.size(), rank = team_.rank(), total = aims();
  for (int round = done.done; round < total; round += K) {
    if (team_.agree(enough && enough())) break;
    std::string mine;
    if (round + rank < total) {
      const CycleImage& image = imageOf(round + rank);
      TargetOptions to = opt_.target;
      to.width = widthOf(round + rank);
      to.alsoGoals = goals_.get();
      auto moves = solveToState(start_.pos, mapPosition(image.symmetry, set_.members()[image.member].end), to);
      if (moves && !reached(*moves)) moves.reset();  // a hash met by chance, not a member
      mine = moves ? "aim " + jcgn::formatMoves(*moves) : "none";
    }
    const std::vector<std::string> all = team_.allGather(mine);
    for (int r = 0; r < K && round + r < total; ++r) {
      const auto w = jcgn::fields(all[static_cast<size_t>(r)]);
      const auto moves = w.size() > 1 && w[0] == "aim" ? jcgn::toMoves(w, 1) : std::nullopt;
      if (!moves && all[static_cast<size_t>(r)] != "none") badTeamMessage("an aim");
      if (report)
        report({round + r, slotOf(round + r).rank, imageOf(round + r), widthOf(round + r),
                moves ? int(moves->size()) : -1, moves ? reached(*moves) : std::nullopt});
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
  CycleEntry best{order.front().second, *reached(order.front().second), static_cast<int>(order.front().second.size())};
  std::string mine;
  if (team_.leader()) {
    PolishOptions po;
    po.maxSegment = opt_.polishMaxSegment();
    po.width = opt_.polishWidth;
    po.enough = enough;
    po.children = opt_.target.children;  // the aims' count goes on through the polish (`nugget bench`)
    for (const auto& [index, moves] : order) {
      if (enough && enough()) break;
      std::vector<Move> p = polish(start_.pos, moves, po);
      if (p.size() < best.moves.size()) best = {std::move(p), *reached(moves), best.before};
    }
    mine = "polished " + jcgn::formatMoves(best.moves);
  }
  // The team takes rank 0's result: the polish reads rank 0's clock.
  const std::string theirs = team_.broadcast(mine);
  const auto w = jcgn::fields(theirs);
  const bool ok = w.size() > 1 && w[0] == "polished";
  const auto moves = ok ? jcgn::toMoves(w, 1) : std::nullopt;
  const auto image = moves ? reached(*moves) : std::nullopt;
  if (!image) badTeamMessage("a polished aim");
  best.moves = *moves;
  best.image = *image;
  return best;
}

std::optional<CycleImage> CycleAims::reached(const std::vector<Move>& moves) const {
  Board b = start_;
  if (!playMoves(b, moves) || !b.pos.solved()) return std::nullopt;
  const auto found = set_.find(b.pos);
  if (!found || set_.members()[static_cast<size_t>(found->member)].face != start_.face) return std::nullopt;
  return CycleImage{targetScore(start_.pos, b.pos), static_cast<size_t>(found->member), found->symmetry};
}

jcgn::Entry CycleAims::chain(const CycleEntry& entry, int count) const {
  return set_.chain(start_, entry.moves, static_cast<int32_t>(entry.image.member), entry.image.symmetry, count);
}

}  // namespace nugget::solve
