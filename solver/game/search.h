// What every player in solver/game takes and gives back: the limits of one
// search, its statistics, and its result.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace game {

// Zero means "no limit" for each field. A player stops at the first limit
// reached; with no limit at all a player uses its own default (see players).
struct SearchLimits {
  int64_t timeMs = 0;      // wall-clock budget for one move
  uint64_t nodes = 0;      // alpha-beta: positions visited
  int depth = 0;           // alpha-beta: deepest iteration, in plies
  uint64_t playouts = 0;   // MCTS: playouts over all threads
  int threads = 1;         // MCTS: root-parallel trees (one is reproducible)
  uint64_t seed = 1;       // MCTS, random: same seed and one thread => same move
};

struct SearchStats {
  uint64_t nodes = 0;       // alpha-beta: positions visited; MCTS: tree nodes
  uint64_t playouts = 0;    // MCTS
  uint64_t ttHits = 0;      // alpha-beta: transposition-table cutoffs
  int depth = 0;            // alpha-beta: last completed iteration
  double elapsedMs = 0;
};

// A game-theoretic value found by search, from the view of the player to move.
enum class Proof : uint8_t { None, Win, Loss, Draw };

template <class Move>
struct SearchResult {
  Move move{};
  bool hasMove = false;  // false only when the position has no legal move
  // alpha-beta: the evaluation (larger is better for the player to move);
  // MCTS: the mean return of the player to move after `move`, in [0, 1].
  double value = 0;
  Proof proof = Proof::None;
  int proofPlies = 0;  // for Win/Loss: plies (both sides' moves) to the end
  SearchStats stats;
};

inline std::string proofText(Proof p, int plies) {
  const std::string length = " in " + std::to_string(plies) + (plies == 1 ? " ply" : " plies") + " (" +
                             std::to_string((plies + 1) / 2) + ((plies + 1) / 2 == 1 ? " move" : " moves") +
                             " of the winner)";
  switch (p) {
    case Proof::Win: return "proven win" + length;
    case Proof::Loss: return "proven loss" + length;
    case Proof::Draw: return "proven draw";
    case Proof::None: break;
  }
  return "not proven";
}

// Wall-clock deadline; `expired()` is cheap enough to call every few hundred nodes.
class Deadline {
 public:
  explicit Deadline(int64_t ms) : start_(Clock::now()), ms_(ms) {}
  bool expired() const { return ms_ > 0 && elapsedMs() >= double(ms_); }
  double elapsedMs() const { return std::chrono::duration<double, std::milli>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
  int64_t ms_;
};

}  // namespace game
