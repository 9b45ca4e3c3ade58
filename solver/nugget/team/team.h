// The processes that solve one chain together (issue 15): `nugget solve`
// alone is a team of one; under `mpirun -np K` it is K processes, MPI
// between them (mpi_team.cpp, built only when MPI is found; team_session.h),
// oneTBB inside each. The solver's algorithms see only this interface.
//
// Every call is collective: each process of the team makes the same calls in
// the same order (the solver keeps them in step by making the same decisions
// everywhere: rank 0's, see agree()). What flows is text the solver formats
// itself (chain/cycle_tries.cpp: a try's cycle; chain/enter_path.cpp: an
// aim's moves), so the order of merging never depends on message timing:
// results are gathered, then merged in rank order.
#pragma once
#include <string>
#include <vector>

namespace nugget::solve {

class Team {
 public:
  virtual ~Team() = default;
  virtual int rank() const = 0;  // 0..size()-1; rank 0 is the one writer and decides
  virtual int size() const = 0;
  // Every process's `mine`, indexed by rank, on every process.
  virtual std::vector<std::string> allGather(const std::string& mine) = 0;
  // Every process's `mine`, indexed by rank, on rank 0 only (empty on the
  // others): what only the writer needs (the ranks' chains for the
  // checkpoint), so the others receive nothing.
  virtual std::vector<std::string> gather(const std::string& mine);
  // Rank 0's `value` on every process (the others' argument is unused).
  virtual std::string broadcast(const std::string& value) = 0;
  virtual void barrier() = 0;

  bool leader() const { return rank() == 0; }
  // Rank 0's answer on every process: decisions that depend on a clock or a
  // signal (stop, time budget) are agreed so the processes never diverge.
  bool agree(bool rank0Says);
};

// A message from another process this build cannot read: every process
// must run the same build (std::runtime_error naming what was expected).
[[noreturn]] void badTeamMessage(const std::string& what);

// A team of one: every call returns at once.
class SoloTeam final : public Team {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::vector<std::string> allGather(const std::string& mine) override { return {mine}; }
  std::vector<std::string> gather(const std::string& mine) override { return {mine}; }
  std::string broadcast(const std::string& value) override { return value; }
  void barrier() override {}
};

// The process-wide team of one (the default of Pipeline, searchCycles, cheapestChain).
Team& soloTeam();

}  // namespace nugget::solve
