#include "rings/state.h"

#include <cassert>
#include <cctype>
#include <stdexcept>

namespace rings {

int colourFromChar(char ch) {
  const auto pos = kColourChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
  return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

int colourFromName(std::string_view name) {
  if (name.size() == 1) return colourFromChar(name[0]);
  for (int p = 0; p < kPlayers; ++p) {
    const auto& full = kColourNames[p];
    if (full.size() != name.size()) continue;
    bool same = true;
    for (size_t i = 0; i < name.size(); ++i)
      same = same && std::tolower(static_cast<unsigned char>(name[i])) == full[i];
    if (same) return p;
  }
  return -1;
}

std::string squareName(int cell) {
  const int row = cell / kSide + 1;
  std::string s(1, static_cast<char>('A' + cell % kSide));
  if (row >= 10) s += static_cast<char>('0' + row / 10);
  s += static_cast<char>('0' + row % 10);
  return s;
}

int parseSquare(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return -1;
  const int col = std::toupper(static_cast<unsigned char>(name[0])) - 'A';
  if (col < 0 || col >= kSide) return -1;
  int row = 0;
  for (size_t i = 1; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return -1;
    row = row * 10 + (name[i] - '0');
  }
  if (name[1] == '0' || row < 1 || row > kSide) return -1;
  return (row - 1) * kSide + col;
}

const std::array<std::array<Jump, kDirections>, kCells>& jumpTable() {
  static const auto table = [] {
    // (row step, column step, length): orthogonal jumps go three squares,
    // diagonal ones two; every square strictly between is jumped over.
    constexpr int kStep[kDirections][3] = {{1, 0, 3},  {-1, 0, 3}, {0, 1, 3},  {0, -1, 3},
                                           {1, 1, 2},  {1, -1, 2}, {-1, 1, 2}, {-1, -1, 2}};
    std::array<std::array<Jump, kDirections>, kCells> t{};
    for (int cell = 0; cell < kCells; ++cell) {
      for (int d = 0; d < kDirections; ++d) {
        const int r = cell / kSide + kStep[d][0] * kStep[d][2];
        const int c = cell % kSide + kStep[d][1] * kStep[d][2];
        if (r < 0 || r >= kSide || c < 0 || c >= kSide) continue;
        Jump j;
        j.target = static_cast<uint8_t>(r * kSide + c);
        for (int k = 1; k < kStep[d][2]; ++k)
          j.over |= cellBit((cell / kSide + kStep[d][0] * k) * kSide + cell % kSide + kStep[d][1] * k);
        t[cell][d] = j;
      }
    }
    return t;
  }();
  return table;
}

// ------------------------------------------------------------ State

State::State(const std::array<uint8_t, kPlayers>& order) : order_(order) {
  uint8_t seen = 0;
  for (uint8_t p : order) {
    if (p >= kPlayers || (seen >> p & 1)) throw std::invalid_argument("rings: order must be a permutation of the five colours");
    seen |= static_cast<uint8_t>(1u << p);
  }
}

State State::newGame(uint64_t seed) {
  // Own Fisher-Yates over splitmix64 rather than std::shuffle, whose output
  // the standard leaves to the library: a seed must replay the same game on
  // any toolchain.
  auto next = [&seed] {
    uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  std::array<uint8_t, kPlayers> order{0, 1, 2, 3, 4};
  for (int i = kPlayers - 1; i > 0; --i) std::swap(order[i], order[next() % static_cast<uint64_t>(i + 1)]);
  return State(order);
}

int State::jumpsOf(int player, Move* out) const {
  const int from = ring_[player];
  if (from == kNoCell) return 0;
  int n = 0;
  for (const Jump& j : jumpTable()[from]) {
    if (j.target == kNoCell || (occupied_ & cellBit(j.target)) || (rings_ & j.over)) continue;
    out[n++] = Move{j.target};
  }
  return n;
}

bool State::hasJump(int player) const {
  const int from = ring_[player];
  if (from == kNoCell) return false;
  for (const Jump& j : jumpTable()[from])
    if (j.target != kNoCell && !(occupied_ & cellBit(j.target)) && !(rings_ & j.over)) return true;
  return false;
}

int State::legalMoves(Move* out) const {
  if (isTerminal()) return 0;
  if (!placementPhase()) return jumpsOf(currentPlayer(), out);
  int n = 0;
  for (Bits free = empty(); free; free &= free - 1) out[n++] = Move{static_cast<uint8_t>(lowest(free))};
  return n;
}

bool State::isLegal(Move m) const {
  if (isTerminal() || m.to >= kCells || (occupied_ & cellBit(m.to))) return false;
  if (placementPhase()) return true;
  for (const Jump& j : jumpTable()[ring_[currentPlayer()]])
    if (j.target == m.to) return !(rings_ & j.over);
  return false;
}

void State::apply(Move m) {
  assert(isLegal(m));
  const int p = currentPlayer();
  const Bits to = cellBit(m.to);
  if (placementPhase()) {
    ring_[p] = m.to;
    rings_ |= to;
    occupied_ |= to;
    ++placed_;
    // The last placement hands the turn back to the first in the order, and
    // from then on the elimination rule applies.
    if (placed_ < kPlayers) {
      ++turn_;
    } else {
      turn_ = static_cast<uint8_t>(kPlayers - 1);
      advance();
    }
    return;
  }
  const Bits from = cellBit(ring_[p]);
  trail_[p] |= from;  // the square left keeps a trail; it stays occupied
  rings_ = (rings_ & ~from) | to;
  occupied_ |= to;
  ring_[p] = m.to;
  advance();
}

void State::advance() {
  while (alive_ > 1) {
    turn_ = static_cast<uint8_t>((turn_ + 1) % kPlayers);
    const int p = order_[turn_];
    if (eliminated(p)) continue;
    if (hasJump(p)) return;
    eliminated_ |= static_cast<uint8_t>(1u << p);
    --alive_;
  }
  // One left: leave the turn on the winner so currentPlayer() stays meaningful.
  while (eliminated(order_[turn_])) turn_ = static_cast<uint8_t>((turn_ + 1) % kPlayers);
}

void State::settle() {
  if (placementPhase() || alive_ <= 1) {
    if (alive_ <= 1) advance();
    return;
  }
  if (eliminated(currentPlayer()) || !hasJump(currentPlayer())) {
    if (!eliminated(currentPlayer())) {
      eliminated_ |= static_cast<uint8_t>(1u << currentPlayer());
      --alive_;
    }
    advance();
  }
}

std::array<int, kPlayers> State::scores() const {
  std::array<int, kPlayers> s{};
  for (int p = 0; p < kPlayers; ++p) s[p] = count(trail_[p]) + (ring_[p] != kNoCell ? 1 : 0);
  if (const int w = winner(); w >= 0) s[w] += count(empty());
  return s;
}

int State::winner() const { return isTerminal() ? currentPlayer() : -1; }

std::array<double, kPlayers> State::returns() const {
  const auto s = scores();
  std::array<double, kPlayers> r{};
  for (int p = 0; p < kPlayers; ++p) r[p] = s[p] / 100.0;
  return r;
}

uint64_t State::hash() const {
  // Mix every word of the state through a 64-bit finaliser; equal states give
  // equal words, so equal hashes. Cheap enough for the transposition table.
  uint64_t h = 0x243F6A8885A308D3ull;
  auto mix = [&h](uint64_t w) {
    h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
  };
  for (const Bits t : trail_) {
    mix(static_cast<uint64_t>(t));
    mix(static_cast<uint64_t>(t >> 64));
  }
  uint64_t ringsWord = 0;
  for (int p = 0; p < kPlayers; ++p) ringsWord = ringsWord << 8 | ring_[p];
  mix(ringsWord);
  uint64_t meta = 0;
  for (int i = 0; i < kPlayers; ++i) meta = meta << 4 | order_[i];
  mix(meta << 24 | uint64_t{turn_} << 16 | uint64_t{placed_} << 8 | eliminated_);
  return h;
}

// ------------------------------------------------------------ building by hand

void State::setRing(int player, int cell) {
  if (ring_[player] != kNoCell) {
    rings_ &= ~cellBit(ring_[player]);
    occupied_ &= ~cellBit(ring_[player]);
    --placed_;
  }
  ring_[player] = static_cast<uint8_t>(cell);
  rings_ |= cellBit(cell);
  occupied_ |= cellBit(cell);
  ++placed_;
}

void State::addTrail(int player, int cell) {
  trail_[player] |= cellBit(cell);
  occupied_ |= cellBit(cell);
}

void State::setEliminated(int player) {
  if (eliminated(player)) return;
  eliminated_ |= static_cast<uint8_t>(1u << player);
  --alive_;
}

void State::setToMove(int player) {
  for (int i = 0; i < kPlayers; ++i)
    if (order_[i] == player) turn_ = static_cast<uint8_t>(i);
}

// ------------------------------------------------------------ notation

std::optional<Move> State::parseMove(std::string_view text) const {
  const int cell = parseSquare(text);
  return cell < 0 ? std::nullopt : std::optional<Move>(Move{static_cast<uint8_t>(cell)});
}

int State::ownerOf(int cell, bool* ring) const {
  for (int p = 0; p < kPlayers; ++p) {
    if (ring_[p] == cell) return *ring = true, p;
    if (trail_[p] & cellBit(cell)) return *ring = false, p;
  }
  return -1;
}

// The legality itself is isLegal; this only puts the reasons (the jump
// table, the occupied and ring sets) into words.
std::string State::whyIllegal(Move m) const {
  if (isLegal(m)) return "";
  if (isTerminal()) return "the game is over";
  const std::string sq = squareName(m.to);
  bool ring = false;
  if (const int owner = ownerOf(m.to, &ring); owner >= 0)
    return sq + " is occupied by " + (ring ? "the " + playerName(owner) + " ring" : "a " + playerName(owner) + " trail");
  const int from = ringCell(currentPlayer());
  for (const Jump& j : jumpTable()[from]) {
    if (j.target != m.to) continue;
    for (Bits over = j.over & rings_; over; over &= over - 1) {
      const int at = lowest(over);
      return sq + " is blocked by the " + playerName(ownerOf(at, &ring)) + " ring on " + squareName(at);
    }
  }
  return sq + " is not a jump from " + squareName(from) + ": a ring jumps three squares straight or two diagonally";
}

std::string State::resultText() const {
  if (!isTerminal()) return "ongoing";
  const auto sc = scores();
  std::string out = playerName(winner()) + " wins, scores";
  for (int p = 0; p < kPlayers; ++p) out += std::string(" ") + kColourChars[p] + "=" + std::to_string(sc[p]);
  return out;
}

}  // namespace rings
