// A build without MPI: every `nugget solve` is a team of one (team_session.h).
#include "team_session.h"

namespace nugget::cli {

TeamSession::TeamSession() : team_(std::make_unique<solve::SoloTeam>()) {}
TeamSession::~TeamSession() = default;
int TeamSession::leave(int rc) { return rc; }

}  // namespace nugget::cli
