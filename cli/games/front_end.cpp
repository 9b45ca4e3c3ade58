#include "front_end.h"

namespace gamescli {

Turn humanTurn(const HumanPrompt& prompt, const std::function<bool(const std::string& word)>& accept,
               std::string& why) {
  for (;;) {
    std::cout << prompt.ask << std::flush;
    std::string line;
    const text::LineRead got = text::getLine(std::cin, line, &why);
    if (got == text::LineRead::End) return Turn::EndOfInput;
    if (got == text::LineRead::Refused) return Turn::Refused;
    std::string word;
    if (prompt.wholeLine) {
      line.erase(0, line.find_first_not_of(" \t\r"));
      line.erase(line.find_last_not_of(" \t\r") + 1);
      word = line;
    } else {
      std::istringstream(line) >> word;
    }
    if (word.empty()) continue;
    if (word == "quit" || word == "exit") return Turn::Quit;
    if (std::find(prompt.listWords.begin(), prompt.listWords.end(), word) != prompt.listWords.end()) {
      prompt.list();
      continue;
    }
    if (accept(word)) return Turn::Played;
  }
}

}  // namespace gamescli
