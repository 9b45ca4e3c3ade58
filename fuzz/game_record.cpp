// The game record (engine/records/game_record.h): any bytes give a record or
// a RecordError; what is read is written, and read back the same.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "records/game_record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const records::Record r = records::parseRecord(text);
    const std::string once = records::formatRecord(r);
    if (!(records::parseRecord(once) == r)) std::abort();
  } catch (const records::RecordError&) {
  }
  return 0;
}
