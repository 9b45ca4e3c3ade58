// The one JSON writer of the command-line tools: one object on one line,
// keys in the order added, for every --json output.
//   Json().add("ok", true).add("mean", 17.3, 4).str()  ->  {"ok": true, "mean": 17.3000}
//   Json(Json::Compact).add("ok", true).str()            ->  {"ok":true}   (games)
#pragma once
#include <string>
#include <string_view>

namespace cli {

// Text as a JSON string's contents: quotes, backslashes and control
// characters escaped; bytes outside ASCII become "?" (\u003f), so the
// output is ASCII whatever the input's encoding.
std::string jsonEscape(std::string_view s);

class Json {
 public:
  // Spaced: ", " and ": " between items (nugget); Compact: none (games).
  enum Layout { Spaced, Compact };
  explicit Json(Layout layout = Spaced) : compact_(layout == Compact) {}
  Json& add(const std::string& key, const std::string& value);
  Json& add(const std::string& key, const char* value);
  Json& add(const std::string& key, long long value);
  Json& add(const std::string& key, int value) { return add(key, static_cast<long long>(value)); }
  Json& add(const std::string& key, long value) { return add(key, static_cast<long long>(value)); }
  Json& add(const std::string& key, unsigned long long value) { return raw(key, std::to_string(value)); }
  Json& add(const std::string& key, unsigned long value) { return raw(key, std::to_string(value)); }
  Json& add(const std::string& key, bool value);
  Json& add(const std::string& key, double value, int decimals);  // NaN, infinities: null
  Json& null(const std::string& key);
  Json& raw(const std::string& key, const std::string& json);  // an already formed value (a nested object)
  std::string str() const;

 private:
  std::string text_;
  bool compact_;
};

}  // namespace cli
