// 5RINGS in `games` (RULES.md section 5): the options of each subcommand,
// the board drawer and how the CLI words a bad move (Cli<games::Rings>, for
// front_end.h), and `analyze`, `play` (--humans, --cpu) and `match`
// (--seats, rotated every game) as five players take them. Moves are target
// squares ("E5").
#pragma once
#include <string>

#include "front_end.h"
#include "registry/games.h"

namespace gamescli {

template <>
struct Cli<games::Rings> {
  using S = rings::State;
  static std::string helpSection(const std::string& sub);
  // argv[0] is the subcommand; words that are no option are its arguments
  // (apply's moves, replay's FILE). Returns the exit code (common.h).
  static int run(const std::string& sub, int argc, char** argv);

  static S load(const std::string& path);
  static std::string positionText(const S& s);
  static std::string moveError(const S& s, const std::string& move, int index);
  static S replayStart(const records::Record& r) { return S(r.order); }
  static std::string replayTitle(const records::Record& r, const S& start);
  static std::string mover(const S& s) { return s.playerName(s.currentPlayer()); }
  static int cellOf(rings::Move m) { return m.to; }
  static std::string drawStart(const S&, bool) { return ""; }
  static std::string drawStep(const S& s, bool colour, int last);
  static std::string drawFinal(const S& s, bool colour, int last);
  static std::string finalResult(const S& s);
};

}  // namespace gamescli

// The rings front end under its own name (tests/rings/cli_test.cpp drives it
// in-process): Cli<games::Rings>::run, and a subcommand's usage, description
// and options.
int runRings(const std::string& subcommand, int argc, char** argv);
std::string ringsHelp(const std::string& subcommand);
