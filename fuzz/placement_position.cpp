// The JC Shock / JC Attract position file (engine/placement/position_file.h):
// any bytes give a position or a PositionError; what is read is written and
// read back unchanged.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "placement/position_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const placement::PositionFile p = placement::parsePosition(text);
    const std::string once = placement::formatPosition(p.board, p.toMove);
    const placement::PositionFile q = placement::parsePosition(once);
    if (placement::formatPosition(q.board, q.toMove) != once) std::abort();
    (void)placement::drawBoard(p.board);
  } catch (const placement::PositionError&) {
  }
  return 0;
}
