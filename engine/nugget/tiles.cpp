#include "nugget/tiles.h"

namespace nugget {
namespace {
// Faces A and B of tiles 1..49, transcribed from the table in RULES.md.
constexpr char kFaceA[] = "YWBWPWRWPWRWGWBWYWBWGWGWGWYWYWRWPWYWRWPWBWGWRWPWB";
constexpr char kFaceB[] = "WWWYWWYYPWWBWBPGWWRWYWWYWGWWPWGWGPBGRRRWWPBWWRWWB";
static_assert(sizeof(kFaceA) == 50 && sizeof(kFaceB) == 50);
}  // namespace

std::optional<Colour> colourFromChar(char ch) {
  switch (ch) {
    case 'W': return White;
    case 'Y': return Yellow;
    case 'B': return Blue;
    case 'P': return Pink;
    case 'R': return Red;
    case 'G': return Green;
    default: return std::nullopt;
  }
}

Colour tileColour(int tile, Face f) {
  const char* table = f == Face::A ? kFaceA : kFaceB;
  return *colourFromChar(table[tile - 1]);
}

Tiles startTiles() {
  Tiles t{};
  for (int i = 0; i < kTiles; ++i) t[i] = static_cast<uint8_t>(i + 1);
  return t;
}

}  // namespace nugget
