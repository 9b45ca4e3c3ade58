// The reversible cycles revcycle.cpp prints, read back (revaim.cpp,
// revlead.cpp). Each line "X t1 ... t49 | m1 ... mk": X (solved on face A)
// and the B board's pushes, each p = 7; the A board is their reverse, each
// pushed from the other end of its line (reversible.h).
#pragma once
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nugget/board.h"

struct RevCycle {
  nugget::Tiles x{};
  std::vector<nugget::Move> bBoard, aBoard;
};

inline std::vector<RevCycle> readRevCycles(const std::string& path) {
  using namespace nugget;
  std::vector<RevCycle> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("X ", 0) != 0) continue;
    const size_t bar = line.find('|');
    RevCycle c;
    c.x = *parseTiles(line.substr(2, bar - 2));
    std::istringstream moves(line.substr(bar + 1));
    std::string m;
    while (moves >> m) c.bBoard.push_back(Move{uint8_t(parseMove(m)->label), uint8_t(7)});
    for (auto it = c.bBoard.rbegin(); it != c.bBoard.rend(); ++it)
      c.aBoard.push_back(Move{uint8_t(oppositeLabel(it->label)), uint8_t(7)});
    out.push_back(std::move(c));
  }
  return out;
}
