#include "nugget/tables/prove_split.h"

#include <algorithm>
#include <charconv>

#include "nugget/jcgn.h"  // jcgn::formatMoves, toMoves: the project's one move-list writer and reader
#include "text/sha256.h"

namespace nugget::solve {

namespace {

constexpr std::string_view kHeader = "# nugget-prove-checkpoint 1";
constexpr int kNone = 1 << 20;  // ProveState's "none met yet"

// The done list as "done" lines of ascending ranges of the share's
// subtrees: with N parts "a-b" is a, a+N, ..., b ("0-15 17 19-40" for one
// part), short for the hundreds or thousands a bound has; a new line
// before 4000 characters (the readers' lines end at 4096).
std::string doneLines(const std::vector<uint32_t>& done, uint32_t step) {
  std::string out, line = "done";
  for (size_t i = 0; i < done.size();) {
    size_t j = i;
    while (j + 1 < done.size() && done[j + 1] == done[j] + step) ++j;
    std::string range = ' ' + std::to_string(done[i]) + (j > i ? '-' + std::to_string(done[j]) : std::string());
    if (line.size() + range.size() > 4000) out += line + '\n', line = "done";
    line += range;
    i = j + 1;
  }
  return out + line + '\n';
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> w;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t b = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > b) w.push_back(line.substr(b, i - b));
  }
  return w;
}

std::optional<uint64_t> number(std::string_view s) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v > (1u << 30)) return std::nullopt;
  return v;
}

// The reader of one "KEY VALUE..." line into cp; false when malformed.
bool readLine(std::string_view key, const std::vector<std::string_view>& w, std::string_view line,
              ProveCheckpoint& cp) {
  const auto num = [&](size_t i) { return i < w.size() ? number(w[i]) : std::nullopt; };
  if (key == "settings") {
    cp.settings = std::string(line.substr(std::min(line.size(), std::string_view("settings ").size())));
    return !cp.settings.empty();
  }
  if (key == "part") {
    const size_t slash = w.size() == 2 ? w[1].find('/') : std::string_view::npos;
    if (slash == std::string_view::npos) return false;
    const auto k = number(w[1].substr(0, slash)), n = number(w[1].substr(slash + 1));
    if (!k || !n || *k < 1 || *k > *n) return false;
    cp.part = static_cast<int>(*k) - 1;
    cp.parts = static_cast<int>(*n);
    return true;
  }
  if (key == "bound" || key == "frontier") {
    const auto v = num(1);
    if (!v || w.size() != 2 || (key == "bound" && *v > 99)) return false;
    if (key == "bound") cp.state.bound = static_cast<int>(*v); else cp.state.frontier = *v;
    return true;
  }
  if (key == "next") {
    if (w.size() == 2 && w[1] == "none") return cp.state.next = kNone, true;
    const auto v = num(1);
    return v && w.size() == 2 && *v <= 99 && (cp.state.next = static_cast<int>(*v), true);
  }
  if (key == "done") {
    const auto step = static_cast<uint64_t>(cp.parts);
    for (size_t i = 1; i < w.size(); ++i) {
      const size_t dash = w[i].find('-');
      const auto a = number(w[i].substr(0, dash));
      const auto b = dash == std::string_view::npos ? a : number(w[i].substr(dash + 1));
      if (!a || !b || *b < *a || (*b - *a) % step || *a % step != static_cast<uint64_t>(cp.part) ||
          (!cp.state.done.empty() && *a <= cp.state.done.back()) || *b >= cp.state.frontier)
        return false;
      for (uint64_t k = *a; k <= *b; k += step) cp.state.done.push_back(static_cast<uint32_t>(k));
    }
    return true;
  }
  if (key == "best") {
    if (w.size() == 2 && w[1] == "none") return cp.best.reset(), true;
    const auto n = num(1);
    auto moves = jcgn::toMoves(w, 2);
    if (!n || !moves || moves->size() != *n) return false;
    cp.best = std::move(*moves);
    return true;
  }
  return false;
}

}  // namespace

std::string formatProveCheckpoint(const ProveCheckpoint& cp) {
  std::string t = std::string(kHeader) + '\n';
  t += "settings " + cp.settings + '\n';
  t += "part " + std::to_string(cp.part + 1) + '/' + std::to_string(cp.parts) + '\n';
  t += "bound " + std::to_string(cp.state.bound) + '\n';
  t += "next " + (cp.state.next >= kNone ? std::string("none") : std::to_string(cp.state.next)) + '\n';
  t += "frontier " + std::to_string(cp.state.frontier) + '\n';
  t += doneLines(cp.state.done, static_cast<uint32_t>(cp.parts));
  if (cp.best) {
    t += "best " + std::to_string(cp.best->size());
    if (!cp.best->empty()) t += ' ' + jcgn::formatMoves(*cp.best);
    t += '\n';
  } else {
    t += "best none\n";
  }
  return t + "# sha256 " + text::sha256Hex(t) + '\n';
}

ProveCheckpoint parseProveCheckpoint(std::string_view text, const Position* start) {
  const size_t sumAt = text.rfind("# sha256 ");
  if (text.substr(0, kHeader.size()) != kHeader || text.substr(kHeader.size(), 1) != "\n")
    throw ProveCheckpointError(1, "not a prove checkpoint (no \"" + std::string(kHeader) + "\" line)");
  if (sumAt == std::string_view::npos || text.substr(sumAt) != "# sha256 " + text::sha256Hex(text.substr(0, sumAt)) + "\n")
    throw ProveCheckpointError(0, "the checksum does not match (the file is cut short or was edited)");
  ProveCheckpoint cp;
  const std::vector<std::string_view> keys = {"settings", "part", "bound", "next", "frontier", "done", "best"};
  size_t at = kHeader.size() + 1;
  int n = 2;
  size_t k = 0;  // the key expected next; "done" lines may repeat
  for (; at < sumAt; ++n) {
    const size_t eol = std::min(text.find('\n', at), sumAt);
    const std::string_view line = text.substr(at, eol - at);
    at = eol + 1;
    const auto w = words(line);
    const std::string_view key = w.empty() ? "" : w[0];
    if (key == "done" && k > 0 && keys[k - 1] == "done") --k;
    if (k >= keys.size() || key != keys[k])
      throw ProveCheckpointError(n, "expected a \"" + std::string(k < keys.size() ? keys[k] : "# sha256") + "\" line");
    if (!readLine(key, w, line, cp)) throw ProveCheckpointError(n, "malformed \"" + std::string(key) + "\" line");
    ++k;
  }
  if (k != keys.size()) throw ProveCheckpointError(n, "expected a \"" + std::string(keys[k]) + "\" line");
  Position end = start ? *start : Position{};
  if (start && cp.best && (!playMoves(end, *cp.best) || !end.solved()))
    throw ProveCheckpointError(n - 1, "the best solution does not solve the position");
  return cp;
}

CombinedProof combineParts(const std::vector<ProveCheckpoint>& parts) {
  if (parts.empty()) throw ProveCheckpointError(0, "no parts");
  const int n = parts.front().parts;
  if (static_cast<int>(parts.size()) != n)
    throw ProveCheckpointError(0, std::to_string(parts.size()) + " files for a proof in " + std::to_string(n) + " parts");
  std::vector<char> seen(static_cast<size_t>(n), 0);
  CombinedProof c;
  c.lowerBound = kNone;
  for (const ProveCheckpoint& p : parts) {
    if (p.parts != n || p.settings != parts.front().settings)
      throw ProveCheckpointError(0, "part " + std::to_string(p.part + 1) + "/" + std::to_string(p.parts) +
                                        " has other settings or another N than part " +
                                        std::to_string(parts.front().part + 1));
    if (seen[static_cast<size_t>(p.part)]++)
      throw ProveCheckpointError(0, "part " + std::to_string(p.part + 1) + " is given twice");
    c.lowerBound = std::min(c.lowerBound, p.state.bound);
    if (p.best && (c.upperBound < 0 || static_cast<int>(p.best->size()) < c.upperBound)) {
      c.upperBound = static_cast<int>(p.best->size());
      c.moves = *p.best;
    }
  }
  if (c.upperBound >= 0 && c.lowerBound >= c.upperBound) {
    c.lowerBound = c.upperBound;
    c.proven = true;
  } else {
    for (const ProveCheckpoint& p : parts)
      if (p.state.bound == c.lowerBound) c.lagging.push_back(p.part);
    std::sort(c.lagging.begin(), c.lagging.end());
  }
  return c;
}

}  // namespace nugget::solve
