// JC Shock and JC Attract in `games` (RULES.md sections 2-4): the options of
// each subcommand, the board drawer, and how the CLI words a bad move; the
// subcommands themselves are front_end.h's, except `play` and `match`, whose
// options (--white/--black, --a/--b) are the two-player games' own.
#pragma once
#include <string>

#include "front_end.h"
#include "placement/state.h"
#include "registry/games.h"

namespace gamescli {

template <class D>
struct PlacementCli {
  using S = typename D::State;
  static std::string helpSection(const std::string& sub);
  static int run(const std::string& sub, int argc, char** argv);

  static S load(const std::string& path);
  static std::string positionText(const S& s);
  static std::string moveError(const S& s, const std::string& move, int index);
  static S replayStart(const records::Record& r) { return S(r.size); }
  static std::string replayTitle(const records::Record& r, const S& start);
  static std::string mover(const S& s) { return std::string(1, placement::pieceChar(s.toMove())); }
  static int cellOf(typename S::Move m) { return m; }
  static std::string drawStart(const S& s, bool colour);
  static std::string drawStep(const S& s, bool colour, int last);
  static std::string drawFinal(const S& s, bool colour, int last);
  static std::string finalResult(const S& s);
};

template <>
struct Cli<games::Shock> : PlacementCli<games::Shock> {};
template <>
struct Cli<games::Attract> : PlacementCli<games::Attract> {};

extern template struct PlacementCli<games::Shock>;
extern template struct PlacementCli<games::Attract>;

}  // namespace gamescli
