#include "common/json.h"

#include <cmath>
#include <cstdio>

namespace cli {

std::string jsonEscape(std::string_view s) {
  std::string out;
  for (unsigned char ch : s) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (ch < 0x20 || ch >= 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", ch < 0x7F ? ch : '?');
          out += buf;
        } else {
          out += static_cast<char>(ch);
        }
    }
  }
  return out;
}

// Appends, not `"..." + std::string&&`: GCC 12 warns falsely (-Wrestrict) on that.
Json& Json::raw(const std::string& key, const std::string& value) {
  text_ += text_.empty() ? "{\"" : compact_ ? ",\"" : ", \"";
  text_ += jsonEscape(key);
  text_ += compact_ ? "\":" : "\": ";
  text_ += value;
  return *this;
}
Json& Json::add(const std::string& key, const std::string& value) {
  std::string quoted(1, '"');
  quoted += jsonEscape(value);
  quoted += '"';
  return raw(key, quoted);
}
Json& Json::add(const std::string& key, const char* value) { return add(key, std::string(value)); }
Json& Json::add(const std::string& key, long long value) { return raw(key, std::to_string(value)); }
Json& Json::add(const std::string& key, bool value) { return raw(key, value ? "true" : "false"); }
Json& Json::add(const std::string& key, double value, int decimals) {
  char buf[64];
  if (!std::isfinite(value)) return raw(key, "null");
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return raw(key, buf);
}
Json& Json::null(const std::string& key) { return raw(key, "null"); }
std::string Json::str() const { return text_.empty() ? "{}" : text_ + "}"; }

}  // namespace cli
