// The compiled part of the front end (front_end.h): the registry's games
// (a key to its Cli<D>, every game's help) and a human's turn.
#include "front_end.h"

#include <string>

#include "placement.h"
#include "registry/games.h"
#include "rings.h"

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

// Every game's options for `games SUB --help` without --game: each game's
// section once (JC Shock and JC Attract share theirs).
std::string allHelp(const std::string& sub) {
  std::string out, last;
  games::Registry::forEach([&]<class D>() {
    const std::string section = gamescli::Cli<D>::helpSection(sub);
    if (section != last) out += section;
    last = section;
  });
  return out;
}

int runGame(const std::string& key, const std::string& sub, int argc, char** argv) {
  int code = cli::kExitUsage;
  if (games::Registry::visit(key, [&]<class D>() { code = Cli<D>::run(sub, argc, argv); })) return code;
  return cli::guarded("games", sub, [&]() -> int {
    throw UsageError("unknown game '" + key + "' (" + game::joined(games::Registry::kKeys) + ")");
  }, kStyle);
}

}  // namespace gamescli
