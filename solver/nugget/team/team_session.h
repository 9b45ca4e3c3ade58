// The processes of one `nugget solve` run (team.h): under `mpirun -np K`
// (a build with MPI, mpi_team.cpp) the K processes of MPI_COMM_WORLD;
// otherwise, or in a build without MPI (solo_team.cpp), a team of one and no
// MPI call at all (the program is then the single-process one). A program
// makes one session, for its whole run: it joins and leaves the MPI job.
//
// A process that dies takes the job down: MPI's default error handler
// (MPI_ERRORS_ARE_FATAL) aborts every process when a message cannot reach
// one, and mpirun reports the rank that died. The last checkpoint (rank 0
// writes it atomically) lets `--resume` go on.
#pragma once
#include <memory>

#include "nugget/team/team.h"

namespace nugget::solve {

class TeamSession {
 public:
  TeamSession();   // joins the MPI job when mpirun started this process
  ~TeamSession();  // leaves it, if leave() did not
  TeamSession(const TeamSession&) = delete;
  TeamSession& operator=(const TeamSession&) = delete;

  Team& team() { return *team_; }
  // Processes of this job on this machine, this one included (MPI's
  // shared-memory split of the job; 1 alone): they share its memory.
  int processesHere() const { return processesHere_; }
  // This process's place among them (0..processesHere()-1): a message true
  // of the whole machine is printed by its first process only.
  int rankHere() const { return rankHere_; }
  // This process's end with exit code `rc`. `ownError`: rc reports an error
  // that may be this process's own (bad arguments, a failed write: rank 0
  // alone writes files), so with K processes it aborts the whole job
  // (MPI_Abort: the others stop, mpirun says which rank failed); any other
  // end is the same on every process (decisions are rank 0's) and the job
  // ends normally (MPI_Finalize). Returns rc.
  int leave(int rc, bool ownError);

 private:
  std::unique_ptr<Team> team_;
  bool mpi_ = false;  // MPI_Init done, MPI_Finalize not yet
  int processesHere_ = 1;
  int rankHere_ = 0;
};

}  // namespace nugget::solve
