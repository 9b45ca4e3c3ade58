// What the tools ask of the terminal: whether to colour standard output,
// and progress lines on standard error (a bar in place on a terminal, whole
// lines otherwise, any thread may print).
#pragma once
#include <memory>
#include <mutex>
#include <string>

namespace cli {

// `word` as a POSIX shell reads it back as one argument, for a command a
// user pastes (solve's "continue with: ..."): as it is when every character
// is safe (letters, digits, _ . / : = , + @ % -), else single-quoted (a '
// written '\''), or, with a control character (a newline, a tab) in it,
// bash's $'...' with each such character as \n, \t or \xHH. A ; # ` | &
// $ * ? ~ ! < > ( ) [ ] { } or space is never left bare.
std::string shellWord(const std::string& word);

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
