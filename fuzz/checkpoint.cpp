// The solve checkpoint reader (solver/nugget/run/checkpoint.h). The input is
// read as it is (the checksum rejects nearly every mutation), then sealed
// with its own checksum so the fuzzer reaches the line parser and the entry
// replay behind it; what is read is written back byte for byte.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nugget/run/checkpoint.h"
#include "text/sha256.h"

using namespace nugget::solve;

namespace {
void check(const std::string& text) {
  try {
    const Checkpoint cp = parseCheckpoint(text);
    (void)cp.pendingDepth();
    const std::string again = formatCheckpoint(cp);
    if (formatCheckpoint(parseCheckpoint(again)) != again) std::abort();
  } catch (const CheckpointError& e) {
    (void)e.message("fuzz");
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check(text);
  if (!text.empty() && text.back() == '\n') check(text + "# sha256 " + text::sha256Hex(text) + "\n");
  return 0;
}
