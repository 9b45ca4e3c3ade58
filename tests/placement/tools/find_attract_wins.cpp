// Finds JC Attract 8x8 positions whose side to move wins by force within
// 5 plies (3 of its own moves) or loses by force within 4 plies, along
// random games (game::Rng, fixed seeds): alpha-beta with a node budget
// proves them; the list goes to standard output as position blocks, each
// preceded by `# win in K plies` or `# loss in K plies` and followed by
// `---`. tests/placement/positions/attract_short_wins.txt was written by
//   build/bin/find_attract_wins 8 > tests/placement/positions/attract_short_wins.txt
// stopped by hand after its first 24 blocks (a full run goes on to 8 losses of each length)
// and attract_wins_test.cpp checks every block with an exhaustive search of
// its own (independent of alpha-beta) and with both players' searches.
#include <cstdlib>
#include <iostream>
#include <map>

#include "game/alphabeta.h"
#include "game/rng.h"
#include "placement/attract.h"
#include "placement/eval.h"
#include "placement/position_file.h"

int main(int argc, char** argv) {
  using S = placement::AttractState;
  const int wanted = argc > 1 ? std::atoi(argv[1]) : 40;  // positions per kind (win 1/3/5, loss 2/4) at most
  std::map<std::pair<int, int>, int> found;                // (win?, plies) -> count
  int total = 0;
  for (uint64_t seed = 1; seed < 400 && total < 5 * wanted; ++seed) {
    game::Rng rng(seed);
    S s(8);
    S::Move moves[S::kMaxMoves];
    int inGame = 0;
    while (!s.isTerminal()) {
      game::AlphaBeta<S, placement::AttractEval> ab({}, {.ttMegabytes = 4});
      const auto r = ab.search(s, {.nodes = 400000, .depth = 5});
      if (r.proof == game::Proof::Win || r.proof == game::Proof::Loss) {
        const std::pair<int, int> kind{r.proof == game::Proof::Win, r.proofPlies};
        // Wins in more than one ply are the interesting ones; keep fewer of the one-ply wins.
        const int cap = kind.first && kind.second == 1 ? wanted / 4 : wanted;
        if (found[kind] < cap && (kind.first ? kind.second <= 5 : kind.second <= 4)) {
          ++found[kind];
          ++total;
          std::cout << "# " << (kind.first ? "win" : "loss") << " in " << kind.second << " plies (seed " << seed
                    << ")\n"
                    << placement::formatPosition(s.board(), s.toMove()) << "---" << std::endl;
        }
        if (++inGame == 3) break;  // at most three positions a game: the rest of a decided game is alike
      }
      const int n = s.legalMoves(moves);
      s.apply(moves[rng.below(uint32_t(n))]);
    }
  }
  for (const auto& [k, n] : found)
    std::cerr << (k.first ? "win" : "loss") << " in " << k.second << " plies: " << n << '\n';
}
