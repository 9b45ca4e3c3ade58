// Move and tile notation (engine/nugget/board.h): parseMove, parseTiles, and
// moves played from the start as `nugget replay` plays them.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "nugget/board.h"

using namespace nugget;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (const auto m = parseMove(text); m && m->p) {
    const Move move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(*m->p)};
    const auto back = parseMove(move.full());
    if (!back || back->label != m->label || back->p != m->p) std::abort();
  }
  std::string err;
  if (const auto tiles = parseTiles(text, &err)) {
    if (!isPermutation(*tiles) || parseTiles(tilesToString(*tiles)) != tiles) std::abort();
  }
  // Words as moves from board 1 (at most 200: the words, not the search, are fuzzed).
  Board board = Board::start();
  std::istringstream words(text);
  int n = 0;
  for (std::string w; words >> w && n < 200; ++n) {
    const auto m = parseMove(w);
    if (!m) break;
    Move played;
    if (board.play(*m, &played)) break;
  }
  return 0;
}
