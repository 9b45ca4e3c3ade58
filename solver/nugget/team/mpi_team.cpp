// The MPI team of `nugget solve` (team_session.h), through MPI's C API:
// the few collectives the solver needs (all-gather of byte strings,
// broadcast, barrier) map one to one onto MPI_Allgather(v), MPI_Bcast and
// MPI_Barrier, and the C API is what every MPI (Open MPI, MPICH) ships, with
// no Boost.MPI build or serialisation layer to agree on.
//
// Compiled only when CMake finds MPI (NUGGET_MPI). Only the thread that runs
// the pipeline calls MPI (MPI_THREAD_FUNNELED; oneTBB's workers never do).
#include <mpi.h>

#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "nugget/team/team_session.h"

namespace nugget::solve {
namespace {

constexpr size_t kMaxMessage = std::numeric_limits<int>::max();  // MPI counts are ints

class MpiTeam final : public Team {
 public:
  MpiTeam() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::vector<std::string> allGather(const std::string& mine) override {
    if (mine.size() > kMaxMessage) throw std::length_error("team message too long");
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<size_t>(size_)), offsets(static_cast<size_t>(size_));
    MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
    long total = 0;
    for (int r = 0; r < size_; ++r) {
      offsets[static_cast<size_t>(r)] = static_cast<int>(total);
      total += lengths[static_cast<size_t>(r)];
    }
    if (total > static_cast<long>(kMaxMessage)) throw std::length_error("team messages too long");
    std::string all(static_cast<size_t>(total), '\0');
    MPI_Allgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                   MPI_COMM_WORLD);
    std::vector<std::string> out;
    for (int r = 0; r < size_; ++r)
      out.push_back(all.substr(static_cast<size_t>(offsets[static_cast<size_t>(r)]),
                               static_cast<size_t>(lengths[static_cast<size_t>(r)])));
    return out;
  }

  std::vector<std::string> gather(const std::string& mine) override {
    if (mine.size() > kMaxMessage) throw std::length_error("team message too long");
    int length = static_cast<int>(mine.size());
    const bool root = rank_ == 0;
    std::vector<int> lengths(root ? static_cast<size_t>(size_) : 0), offsets(lengths.size());
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    long total = 0;
    for (size_t r = 0; r < lengths.size(); ++r) {
      offsets[r] = static_cast<int>(total);
      total += lengths[r];
    }
    if (total > static_cast<long>(kMaxMessage)) throw std::length_error("team messages too long");
    std::string all(static_cast<size_t>(total), '\0');
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
                MPI_COMM_WORLD);
    std::vector<std::string> out;
    for (size_t r = 0; r < lengths.size(); ++r)
      out.push_back(all.substr(static_cast<size_t>(offsets[r]), static_cast<size_t>(lengths[r])));
    return out;
  }

  std::string broadcast(const std::string& value) override {
    if (value.size() > kMaxMessage) throw std::length_error("team message too long");
    int length = rank_ == 0 ? static_cast<int>(value.size()) : 0;
    MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string out = rank_ == 0 ? value : std::string(static_cast<size_t>(length), '\0');
    MPI_Bcast(out.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
    return out;
  }

  void barrier() override { MPI_Barrier(MPI_COMM_WORLD); }

 private:
  int rank_ = 0, size_ = 1;
};

// Started by a launcher (mpirun, srun): a single process never touches MPI
// (an Open MPI singleton would start its runtime for nothing).
bool launchedByMpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

}  // namespace

TeamSession::TeamSession() {
  if (!launchedByMpi()) {
    team_ = std::make_unique<SoloTeam>();
    return;
  }
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  team_ = std::make_unique<MpiTeam>();
  mpi_ = true;
  // The processes that share this machine's memory (the memory guard of
  // `nugget solve` counts their beams together).
  MPI_Comm here;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &here);
  MPI_Comm_size(here, &processesHere_);
  MPI_Comm_rank(here, &rankHere_);
  MPI_Comm_free(&here);
}

TeamSession::~TeamSession() {
  if (mpi_) MPI_Finalize();
}

int TeamSession::leave(int rc, bool ownError) {
  if (!mpi_) return rc;
  if (ownError && team_->size() > 1) MPI_Abort(MPI_COMM_WORLD, rc);
  MPI_Finalize();
  mpi_ = false;
  return rc;
}

}  // namespace nugget::solve
