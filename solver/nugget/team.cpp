#include "nugget/team.h"

namespace nugget::solve {

bool Team::agree(bool rank0Says) {
  if (size() == 1) return rank0Says;
  return broadcast(rank0Says ? "1" : "0") == "1";
}

Team& soloTeam() {
  static SoloTeam solo;
  return solo;
}

}  // namespace nugget::solve
