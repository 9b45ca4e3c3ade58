// The aims the aim experiments share (aimbench.cpp, aimball.cpp,
// aimscore.cpp): board 1 aimed at the A end of two boards of each entry's
// last cycle (its last odd board and the odd board two before it), at the
// `images` nearest images of each, nearest first as the pipeline orders them.
#pragma once
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "nugget/jcgn.h"
#include "nugget/symmetry.h"
#include "nugget/target.h"

struct AimTarget {
  std::string name;  // "ENTRY board K g=G"
  nugget::Position target;
};

inline std::vector<AimTarget> aimTargets(const std::vector<std::string>& entries, int images) {
  using namespace nugget;
  const Board b1 = Board::start();
  std::vector<AimTarget> out;
  for (const std::string& file : entries) {
    const auto v = jcgn::verifyFile(file);
    const auto& bs = v.entry.boards;
    for (int back = 1; back <= 4; back += 2) {
      // An odd board (face A): a 0-based index that is even.
      const size_t last = bs.size() % 2 == 1 ? bs.size() - back : bs.size() - back - 1;
      const Board endA = Board::fromTiles(bs[last].final, Face::A);
      std::vector<std::pair<int, int>> near;  // (distance, g)
      for (int g = 0; g < kSymmetries; ++g)
        near.emplace_back(solve::TargetDistance(mapPosition(g, endA.pos))(b1.pos), g);
      std::sort(near.begin(), near.end());
      for (int k = 0; k < images; ++k) {
        const int g = near[static_cast<size_t>(k)].second;
        out.push_back({file + " board " + std::to_string(last + 1) + " g=" + std::to_string(g), mapPosition(g, endA.pos)});
      }
    }
  }
  return out;
}
