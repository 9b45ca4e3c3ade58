#include "nugget/team/team.h"

#include <stdexcept>

namespace nugget::solve {

bool Team::agree(bool rank0Says) {
  if (size() == 1) return rank0Says;
  return broadcast(rank0Says ? "1" : "0") == "1";
}

std::vector<std::string> Team::gather(const std::string& mine) {
  // By default all of them, kept on rank 0 (a team with a cheaper way overrides it).
  std::vector<std::string> all = allGather(mine);
  if (!leader()) all.clear();
  return all;
}

Team& soloTeam() {
  static SoloTeam solo;
  return solo;
}

void badTeamMessage(const std::string& what) {
  throw std::runtime_error("internal error: a team message that is not " + what +
                           " (every process must run the same build)");
}

}  // namespace nugget::solve
