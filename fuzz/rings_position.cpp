// The 5RINGS position file (engine/rings/position_file.h): any bytes give a
// state or a PositionError; parsePosition(formatPosition(s)) == s.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "rings/position_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const rings::State s = rings::parsePosition(text);
    const std::string once = rings::formatPosition(s);
    if (rings::formatPosition(rings::parsePosition(once)) != once) std::abort();
  } catch (const rings::PositionError&) {
  }
  return 0;
}
