// What the tools ask of the terminal: whether to colour standard output,
// and progress lines on standard error (a bar in place on a terminal, whole
// lines otherwise, any thread may print).
#pragma once
#include <memory>
#include <mutex>
#include <string>

namespace cli {

// --color / --no-color / neither.
enum class ColourMode { Auto, Always, Never };
// Auto: only when standard output is a terminal, NO_COLOR is unset and TERM
// is not "dumb" (https://no-color.org).
bool useColour(ColourMode mode);

// Progress on standard error. quiet: prints nothing. Each call prints whole
// lines under one lock, so worker threads may report at once. On a terminal
// bar() redraws one line in place ("\r[####....] text", cleared to its end)
// and endBar() ends it; elsewhere (a log file, a pipe) bar() prints `text`
// as a line of its own, so a log keeps every step.
class Progress {
 public:
  explicit Progress(bool quiet);
  bool quiet() const { return quiet_; }
  bool terminal() const { return terminal_; }
  void line(const std::string& text) const;
  void bar(int done, int total, const std::string& text) const;
  void endBar() const;  // a newline after the bar, on a terminal

 private:
  bool quiet_;
  bool terminal_;
  std::shared_ptr<std::mutex> mutex_ = std::make_shared<std::mutex>();
};

}  // namespace cli
