// A build without MPI: every `nugget solve` is a team of one (team_session.h).
#include "nugget/team/team_session.h"

namespace nugget::solve {

TeamSession::TeamSession() : team_(std::make_unique<SoloTeam>()) {}
TeamSession::~TeamSession() = default;
int TeamSession::leave(int rc, bool) { return rc; }

}  // namespace nugget::solve
