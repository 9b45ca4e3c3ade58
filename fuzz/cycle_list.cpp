// The cycle list reader (solver/nugget/cycles/cycle_list.h, issue 59): any
// text is parsed (every line replayed by the engine both ways) or refused
// with a CycleListError; a list that parses is written and read back to the
// same cycles and the same text, with no repeated cycle and no board of
// more than 99 moves in it.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nugget/cycles/cycle_list.h"

using namespace nugget::solve;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    int duplicates = 0;
    const auto cycles = parseCycleList(text, &duplicates);
    if (duplicates < 0) std::abort();
    const std::string again = formatCycleList(cycles);
    int none = -1;
    const auto back = parseCycleList(again, &none);
    if (none != 0 || back.size() != cycles.size() || formatCycleList(back) != again) std::abort();
    for (const CycleBoards& c : back)
      for (const auto& board : c.boards)
        if (board.empty() || board.size() > 99) std::abort();
  } catch (const CycleListError& e) {
    (void)e.what();
  }
  return 0;
}
