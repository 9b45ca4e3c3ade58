// The position list (engine/nugget/position_list.h): parsePositionList never
// crashes, and every position it reads is a permutation that its writer,
// formatPositionLine, writes as a line the parser reads back to the same
// position, board and reference.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nugget/position_list.h"

using namespace nugget;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<PositionLine> list;
  try {
    list = parsePositionList(text, "fuzz");
  } catch (const PositionListError&) {
    return 0;
  }
  for (const PositionLine& p : list) {
    if (!isPermutation(p.start.tiles)) std::abort();
    if (p.board < 0 || p.ref < -1) continue;  // "board -3": read as given, not written back
    const auto back = parsePositionList(formatPositionLine(p) + "\n", "back");
    if (back.size() != 1 || back[0].start.tiles != p.start.tiles || back[0].start.face != p.start.face ||
        back[0].board != p.board || back[0].ref != p.ref)
      std::abort();
  }
  return 0;
}
