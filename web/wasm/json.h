// The JSON the bindings hand the page (web/wasm/*.cpp): a string quoted and
// escaped, and an array of items each turned to JSON by f. Written once for
// every module.
#pragma once
#include <string>

namespace webjson {

inline std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

template <class T, class F>
std::string jsonArray(const T& items, F f) {
  std::string out = "[";
  bool first = true;
  for (const auto& x : items) {
    if (!first) out += ',';
    first = false;
    out += f(x);
  }
  return out + "]";
}

}  // namespace webjson
