#include "nugget/board.h"

#include <charconv>

namespace nugget {
namespace {

// Per (label, p) masks and rotation amounts, so a move is four AND/OR and two
// rotates per bit-plane. Rotating by (d mod 64) acts as a shift by d here
// because every bit moved stays inside the 49-bit board.
struct MoveMask {
  Bitboard segment;  // positions 1..p
  Bitboard body;     // positions 1..p-1 (they step away from the force point)
  Bitboard last;     // position p (its tile goes to position 1)
  Bitboard first;    // position 1 (undo: goes back to p)
  Bitboard tail;     // positions 2..p (undo: step back toward the force point)
  uint8_t step;      // rotate-left amount for one step away from the force point
  uint8_t back;      // rotate-left amount from position p to position 1
};

struct Tables {
  std::array<std::array<MoveMask, 8>, kLabels> masks{};
  // p for a 7-bit white mask whose bit k is position k+1, counted forwards
  // (bit order = position order) or backwards; 0 = illegal.
  std::array<uint8_t, 128> pForward{}, pBackward{};

  constexpr Tables() {
    for (int label = 0; label < kLabels; ++label) {
      const int d = lineCell(label, 2) - lineCell(label, 1);
      for (int p = 1; p <= 7; ++p) {
        MoveMask m{};
        for (int k = 1; k <= p; ++k) {
          const Bitboard b = cellBit(lineCell(label, k));
          m.segment |= b;
          if (k < p) m.body |= b;
          if (k > 1) m.tail |= b;
        }
        m.last = cellBit(lineCell(label, p));
        m.first = cellBit(lineCell(label, 1));
        m.step = static_cast<uint8_t>((d + 64) % 64);
        m.back = static_cast<uint8_t>(((-(p - 1) * d) % 64 + 64) % 64);
        masks[label][p] = m;
      }
    }
    for (int w = 0; w < 128; ++w) {
      pForward[w] = pFor(w);
      int rev = 0;
      for (int k = 0; k < 7; ++k)
        if (w & (1 << k)) rev |= 1 << (6 - k);
      pBackward[w] = pFor(rev);
    }
  }
  static constexpr uint8_t pFor(int w) {
    if (w == 0) return 0;  // no white tile in the line
    int p = 0;
    for (int k = 0; k < 7; ++k)
      if (w & (1 << k)) p = k + 1;
    const int before = (1 << (p - 1)) - 1;  // positions 1..p-1
    if ((~w & before) == 0) return 0;       // p = 1, or 1..p-1 all white: nothing coloured moves
    return static_cast<uint8_t>(p);
  }
};
constexpr Tables kT{};

constexpr Bitboard kColumn0 = [] {
  Bitboard b = 0;
  for (int r = 0; r < kSide; ++r) b |= cellBit(r * kSide);
  return b;
}();
// Multiplying column 0 (bits 0,7,...,42) by sum 2^(6k) puts row j at bit 36+j;
// all 49 partial products land on distinct bits, so nothing carries.
constexpr Bitboard kGatherColumn = 1ull | 1ull << 6 | 1ull << 12 | 1ull << 18 | 1ull << 24 | 1ull << 30 | 1ull << 36;

inline unsigned rowBits(Bitboard b, int r) { return static_cast<unsigned>(b >> (r * kSide)) & 0x7F; }
inline unsigned columnBits(Bitboard b, int c) {
  return static_cast<unsigned>((((b >> c) & kColumn0) * kGatherColumn) >> 36) & 0x7F;
}

// Masks for the stripe test: a cell and its right (down) neighbour, both inside.
constexpr Bitboard kHorizontalPairs = [] {
  Bitboard b = 0;
  for (int r = 1; r <= 5; ++r)
    for (int c = 1; c <= 4; ++c) b |= cellBit(r * kSide + c);
  return b;
}();
constexpr Bitboard kVerticalPairs = [] {
  Bitboard b = 0;
  for (int r = 1; r <= 4; ++r)
    for (int c = 1; c <= 5; ++c) b |= cellBit(r * kSide + c);
  return b;
}();

}  // namespace

std::optional<int> labelFromChar(char ch) {
  if (ch >= '1' && ch <= '7') return ch - '1';
  if (ch >= 'A' && ch <= 'U') return ch - 'A' + 7;
  return std::nullopt;
}

std::optional<MoveText> parseMove(std::string_view text) {
  if (text.empty() || text.size() > 2) return std::nullopt;
  auto label = labelFromChar(text[0]);
  if (!label) return std::nullopt;
  MoveText m{*label, std::nullopt};
  if (text.size() == 2) {
    if (text[1] < '1' || text[1] > '7') return std::nullopt;
    m.p = text[1] - '0';
  }
  return m;
}

// ---------------------------------------------------------------- Position
Position Position::fromTiles(const Tiles& tiles, Face shown) {
  Position pos;
  for (int cell = 0; cell < kCells; ++cell) {
    for (int f = 0; f < 2; ++f) {
      const Colour c = tileColour(tiles[cell], f == 0 ? shown : other(shown));
      for (int j = 0; j < 3; ++j)
        if (c & (1 << j)) pos.plane[f][j] |= cellBit(cell);
    }
  }
  return pos;
}

Bitboard Position::colourMask(Colour c, int face) const {
  const auto& pl = plane[face];
  Bitboard m = kFull;
  for (int j = 0; j < 3; ++j) m &= (c & (1 << j)) ? pl[j] : ~pl[j];
  return m;
}

Colour Position::colourAt(int cell, int face) const {
  int c = 0;
  for (int j = 0; j < 3; ++j) c |= static_cast<int>((plane[face][j] >> cell) & 1) << j;
  return static_cast<Colour>(c);
}

int Position::farthestWhite(int label) const {
  const Bitboard w = white();
  const int line = lineIndex(label);
  const unsigned bits = isRowLabel(label) ? rowBits(w, line) : columnBits(w, line);
  // Forward when bit order (column or row index) grows away from the force
  // point: columns pushed down (0..6) and rows pushed right (21..27).
  const bool forward = label < 7 || label >= 21;
  return forward ? kT.pForward[bits] : kT.pBackward[bits];
}

MoveList Position::legalMoves() const {
  MoveList list;
  const Bitboard w = white();
  unsigned col[7], row[7];
  for (int i = 0; i < 7; ++i) {
    col[i] = columnBits(w, i);
    row[i] = rowBits(w, i);
  }
  auto push = [&](int label, uint8_t p) {
    list.moves[list.size] = Move{static_cast<uint8_t>(label), p};
    list.size += p != 0;
  };
  for (int c = 0; c < 7; ++c) push(c, kT.pForward[col[c]]);
  for (int r = 0; r < 7; ++r) push(7 + r, kT.pBackward[row[r]]);
  for (int c = 6; c >= 0; --c) push(20 - c, kT.pBackward[col[c]]);
  for (int r = 6; r >= 0; --r) push(27 - r, kT.pForward[row[r]]);
  return list;
}

// The masks are copied into locals first: stores into the planes could alias
// the table otherwise, and the compiler would reload it for every word.
void Position::apply(Move m) {
  const MoveMask& mm = kT.masks[m.label][m.p];
  const Bitboard keep = ~mm.segment, body = mm.body, last = mm.last;
  const int step = mm.step, back = mm.back;
  for (auto& face : plane)
    for (Bitboard& x : face) {
      const Bitboard v = x;
      x = (v & keep) | std::rotl(v & body, step) | std::rotl(v & last, back);
    }
}

void Position::undo(Move m) {
  const MoveMask& mm = kT.masks[m.label][m.p];
  const Bitboard keep = ~mm.segment, tail = mm.tail, first = mm.first;
  const int step = mm.step, back = mm.back;
  for (auto& face : plane)
    for (Bitboard& x : face) {
      const Bitboard v = x;
      x = (v & keep) | std::rotr(v & tail, step) | std::rotr(v & first, back);
    }
}

bool Position::solvedHorizontal() const {
  if (coloured() != kInner) return false;
  Bitboard diff = 0;
  for (Bitboard x : plane[0]) diff |= x ^ (x >> 1);
  return (diff & kHorizontalPairs) == 0;
}

bool Position::solvedVertical() const {
  if (coloured() != kInner) return false;
  Bitboard diff = 0;
  for (Bitboard x : plane[0]) diff |= x ^ (x >> kSide);
  return (diff & kVerticalPairs) == 0;
}

bool Position::solved() const {
  if (coloured() != kInner) return false;
  Bitboard h = 0, v = 0;
  for (Bitboard x : plane[0]) {
    h |= x ^ (x >> 1);
    v |= x ^ (x >> kSide);
  }
  return (h & kHorizontalPairs) == 0 || (v & kVerticalPairs) == 0;
}

uint64_t Position::shownHash() const {
  Position shown = *this;
  shown.plane[1] = {};
  return shown.hash();
}

uint64_t Position::hash() const {
  // A fixed multiply-xorshift mix of the six words: deterministic across runs
  // and platforms, which the reproducible beam search relies on.
  uint64_t h = 0x243F6A8885A308D3ull;
  for (const auto& face : plane)
    for (Bitboard x : face) {
      h = (h ^ x) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 32);
}

// ---------------------------------------------------------------- Board
Board Board::fromTiles(const Tiles& tiles, Face face) {
  Board b;
  b.tiles = tiles;
  b.face = face;
  b.pos = Position::fromTiles(tiles, face);
  return b;
}

std::optional<std::string> Board::play(const MoveText& m, Move* played) {
  const int p = pos.farthestWhite(m.label);
  if (p == 0) {
    const Bitboard w = pos.white();
    bool anyWhite = false;
    for (int k = 1; k <= 7; ++k) anyWhite |= (w >> lineCell(m.label, k)) & 1;
    return anyWhite ? std::string("it would move no coloured tile") : std::string("the line has no white tile");
  }
  if (m.p && *m.p != p) return "farthest white is at " + std::to_string(p);
  const Move mv{static_cast<uint8_t>(m.label), static_cast<uint8_t>(p)};
  apply(mv);
  if (played) *played = mv;
  return std::nullopt;
}

void Board::apply(Move m) {
  pos.apply(m);
  const uint8_t moving = tiles[lineCell(m.label, m.p)];
  for (int k = m.p; k > 1; --k) tiles[lineCell(m.label, k)] = tiles[lineCell(m.label, k - 1)];
  tiles[lineCell(m.label, 1)] = moving;
}

void Board::undo(Move m) {
  pos.undo(m);
  const uint8_t moving = tiles[lineCell(m.label, 1)];
  for (int k = 1; k < m.p; ++k) tiles[lineCell(m.label, k)] = tiles[lineCell(m.label, k + 1)];
  tiles[lineCell(m.label, m.p)] = moving;
}

void Board::flip() {
  pos.flip();
  face = other(face);
}

bool isPermutation(const Tiles& tiles) {
  std::array<bool, kTiles + 1> seen{};
  for (uint8_t t : tiles) {
    if (t < 1 || t > kTiles || seen[t]) return false;
    seen[t] = true;
  }
  return true;
}

std::string tilesToString(const Tiles& tiles) {
  std::string s;
  for (int i = 0; i < kTiles; ++i) {
    if (i) s += ' ';
    s += std::to_string(tiles[i]);
  }
  return s;
}

std::optional<Tiles> parseTiles(std::string_view text, std::string* error) {
  Tiles t{};
  int n = 0;
  size_t i = 0;
  auto fail = [&](std::string msg) -> std::optional<Tiles> {
    if (error) *error = std::move(msg);
    return std::nullopt;
  };
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size()) break;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    const std::string_view tok = text.substr(i, j - i);
    int v = 0;
    auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc{} || ptr != tok.data() + tok.size() || v < 1 || v > kTiles)
      return fail("bad tile number \"" + std::string(tok.substr(0, 20)) + "\"");
    if (n == kTiles) return fail("more than 49 tile numbers");
    t[n++] = static_cast<uint8_t>(v);
    i = j;
  }
  if (n != kTiles) return fail("49 tile numbers needed, got " + std::to_string(n));
  if (!isPermutation(t)) return fail("tile numbers repeat (not a permutation of 1..49)");
  return t;
}

}  // namespace nugget
