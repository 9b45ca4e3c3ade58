// The bounded reader every parser and tool reads through (engine/text/
// lines.h): fed any bytes in any chunks, LineChecker finds the same first
// problem as checkText on the whole text, never reports one the text does
// not have, and readStream returns exactly the bytes (or refuses them).
// Small limits, so the fuzzer reaches every bound.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "text/lines.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const text::Limits limits{.maxLine = static_cast<size_t>(1 + data[0] % 64),
                            .maxLines = static_cast<size_t>(1 + data[0] / 16),
                            .maxBytes = 16 + size_t(data[1]) * 4};
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 2, size - 2);
  const auto whole = text::checkText(bytes, limits);
  text::LineChecker check(limits);
  std::optional<text::Problem> chunked;
  for (size_t at = 0, step = 1; at < bytes.size() && !chunked; at += step, step = step % 7 + 1)
    chunked = check.feed(bytes.substr(at, step));
  if (whole.has_value() != chunked.has_value()) std::abort();
  if (whole && (whole->line != chunked->line || whole->reason != chunked->reason)) std::abort();
  std::istringstream in{std::string(bytes)};
  try {
    if (text::readStream(in, "fuzz", limits) != bytes || whole) std::abort();
  } catch (const text::ReadError& e) {
    if (!whole || e.line() != whole->line) std::abort();
  }
  return 0;
}
