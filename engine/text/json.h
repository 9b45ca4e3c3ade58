// The one JSON writer of the project: one object on one line, keys in the
// order added. Every --json of both tools (through cli/common/json.h) and
// the analysis lines of solver/game/analysis_text.h write with it, so that
// text is escaped one way everywhere. Header-only, standard library only
// (the browser edition can build it too).
//   Json().add("ok", true).add("mean", 17.3, 4).str()  ->  {"ok": true, "mean": 17.3000}
//   Json(Json::Compact).add("ok", true).str()            ->  {"ok":true}   (games)
#pragma once
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace text {

// Text as a JSON string's contents: quotes, backslashes and control
// characters escaped; bytes outside ASCII become "?" (\u003f), so the
// output is ASCII whatever the input's encoding.
inline std::string jsonEscape(std::string_view s) {
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

class Json {
 public:
  // Spaced: ", " and ": " between items (nugget); Compact: none (games).
  enum Layout { Spaced, Compact };
  explicit Json(Layout layout = Spaced) : compact_(layout == Compact) {}
  Json& add(const std::string& key, const std::string& value) {
    std::string quoted(1, '"');
    quoted += jsonEscape(value);
    quoted += '"';
    return raw(key, quoted);
  }
  Json& add(const std::string& key, const char* value) { return add(key, std::string(value)); }
  Json& add(const std::string& key, long long value) { return raw(key, std::to_string(value)); }
  Json& add(const std::string& key, int value) { return add(key, static_cast<long long>(value)); }
  Json& add(const std::string& key, long value) { return add(key, static_cast<long long>(value)); }
  Json& add(const std::string& key, unsigned long long value) { return raw(key, std::to_string(value)); }
  Json& add(const std::string& key, unsigned long value) { return raw(key, std::to_string(value)); }
  Json& add(const std::string& key, bool value) { return raw(key, value ? "true" : "false"); }
  // NaN and the infinities: null.
  Json& add(const std::string& key, double value, int decimals) {
    char buf[64];
    if (!std::isfinite(value)) return raw(key, "null");
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return raw(key, buf);
  }
  Json& null(const std::string& key) { return raw(key, "null"); }
  // An already formed value (a nested object). Appends, not
  // `"..." + std::string&&`: GCC 12 warns falsely (-Wrestrict) on that.
  Json& raw(const std::string& key, const std::string& value) {
    text_ += text_.empty() ? "{\"" : compact_ ? ",\"" : ", \"";
    text_ += jsonEscape(key);
    text_ += compact_ ? "\":" : "\": ";
    text_ += value;
    return *this;
  }
  std::string str() const { return text_.empty() ? "{}" : text_ + "}"; }

 private:
  std::string text_;
  bool compact_;
};

}  // namespace text
