// Helpers shared by the nugget tests.
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace nugget::testing {

// The valid 20-board example: the committed copy in tests/nugget/data, or the
// shared one when the copy is missing.
inline std::string examplePath() {
  for (const char* p : {NUGGET_EXAMPLE_LOCAL, NUGGET_EXAMPLE_SHARED})
    if (std::filesystem::exists(p)) return p;
  return NUGGET_EXAMPLE_LOCAL;
}

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

inline std::string joinLines(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

inline std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> w;
  std::istringstream in(line);
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

inline std::string unwords(const std::vector<std::string>& w) {
  std::string s;
  for (const auto& x : w) s += (s.empty() ? "" : " ") + x;
  return s;
}

}  // namespace nugget::testing
