// The registry's games in the `games` front end: a game's key to its
// Cli<D> (front_end.h), and every game's help.
#include <string>

#include "front_end.h"
#include "placement.h"
#include "registry/games.h"
#include "rings.h"

namespace gamescli {

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
