// JC Attract's short forced wins (issue 49): every position of
// positions/attract_short_wins.txt (found along random games by
// tools/find_attract_wins.cpp) is checked three ways:
//   - an exhaustive search written here, independent of the players (no
//     table, no evaluation, no pruning but "one winning move is enough" and
//     "one saving reply is enough"), confirms the label: the side to move
//     wins within K plies and not within K - 2 (a win in K plies is one in
//     (K + 1) / 2 of the winner's moves), or loses within K plies whatever
//     it does, and not within K - 2;
//   - alpha-beta (depth 5) finds it and proves it: Proof::Win in exactly K
//     plies, and its move wins within K plies by the exhaustive check; a
//     loss in K plies: Proof::Loss in K plies;
//   - MCTS with its solver (100,000 playouts, one thread) proves every win
//     (Proof::Win), and its move wins by the exhaustive check within the
//     plies it reports; and proves the losses (Proof::Loss).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "game/alphabeta.h"
#include "game/mcts.h"
#include "placement/attract.h"
#include "placement/eval.h"
#include "placement/position_file.h"

namespace {

using S = placement::AttractState;

struct Case {
  std::string label;  // "win in 3 plies (seed 12)"
  bool win = false;
  int plies = 0;
  S state;
};

std::vector<Case> loadCases() {
  std::ifstream in(std::string(POSITIONS_DIR) + "/attract_short_wins.txt");
  std::vector<Case> out;
  std::string line, block, label;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      label = line.substr(2);
      continue;
    }
    if (line == "---") {
      Case c;
      c.label = label;
      c.win = label.rfind("win", 0) == 0;
      c.plies = std::stoi(label.substr(label.find(" in ") + 4));
      c.state = placement::stateOf<S>(placement::parsePosition(block, label), label);
      out.push_back(c);
      block.clear();
      continue;
    }
    block += line + "\n";
  }
  return out;
}

bool losesWithin(const S& s, int plies);

// The player to move wins by force within `plies` plies.
bool winsWithin(const S& s, int plies) {
  if (plies <= 0) return false;
  S::Move moves[S::kMaxMoves];
  const int n = s.legalMoves(moves);
  const int me = s.currentPlayer();
  for (int i = 0; i < n; ++i) {  // immediate wins first: they are cheap
    S c = s;
    c.apply(moves[i]);
    if (c.isTerminal() && c.returns()[me] >= 1.0) return true;
  }
  if (plies < 3) return false;
  for (int i = 0; i < n; ++i) {
    S c = s;
    c.apply(moves[i]);
    if (!c.isTerminal() && losesWithin(c, plies - 1)) return true;
  }
  return false;
}

// Whatever the player to move plays, the opponent wins within `plies` plies
// (counted from here, this player's move included).
bool losesWithin(const S& s, int plies) {
  if (plies < 2) return false;
  S::Move moves[S::kMaxMoves];
  const int n = s.legalMoves(moves);
  const int me = s.currentPlayer();
  for (int i = 0; i < n; ++i) {
    S c = s;
    c.apply(moves[i]);
    if (c.isTerminal()) {
      if (c.returns()[me] > 0.0) return false;  // a win or a draw saves it
      continue;
    }
    if (!winsWithin(c, plies - 1)) return false;
  }
  return true;
}

TEST(AttractShortWins, TheSetIsNotEmptyAndHoldsWinsInOneTwoAndThreeMoves) {
  const auto cases = loadCases();
  int byPlies[6] = {};
  for (const Case& c : cases)
    if (c.win && c.plies <= 5) ++byPlies[c.plies];
  EXPECT_GT(byPlies[1], 0);
  EXPECT_GT(byPlies[3], 0);
  EXPECT_GT(byPlies[5], 0);
}

TEST(AttractShortWins, LabelsHoldByExhaustiveSearch) {
  for (const Case& c : loadCases()) {
    if (c.win) {
      EXPECT_TRUE(winsWithin(c.state, c.plies)) << c.label;
      EXPECT_FALSE(winsWithin(c.state, c.plies - 2)) << c.label;
    } else {
      EXPECT_TRUE(losesWithin(c.state, c.plies)) << c.label;
      EXPECT_FALSE(losesWithin(c.state, c.plies - 2)) << c.label;
    }
  }
}

TEST(AttractShortWins, AlphaBetaFindsAndProvesEachInExactlyItsPlies) {
  for (const Case& c : loadCases()) {
    game::AlphaBeta<S, placement::AttractEval> ab({}, {.ttMegabytes = 4});
    const auto r = ab.search(c.state, {.depth = 5});
    EXPECT_EQ(r.proof, c.win ? game::Proof::Win : game::Proof::Loss) << c.label;
    EXPECT_EQ(r.proofPlies, c.plies) << c.label;
    if (c.win) {
      S after = c.state;
      after.apply(r.move);
      EXPECT_TRUE((after.isTerminal() && after.returns()[c.state.currentPlayer()] >= 1.0) ||
                  losesWithin(after, c.plies - 1))
          << c.label << ": " << c.state.moveName(r.move);
    }
  }
}

TEST(AttractShortWins, MctsSolverProvesEachWin) {
  for (const Case& c : loadCases()) {
    game::Mcts<S> mcts;
    const auto r = mcts.search(c.state, {.playouts = 100000, .threads = 1, .seed = 1});
    EXPECT_EQ(r.proof, c.win ? game::Proof::Win : game::Proof::Loss) << c.label;
    if (c.win && r.proof == game::Proof::Win) {
      EXPECT_GE(r.proofPlies, c.plies) << c.label;  // no shorter win exists
      S after = c.state;
      after.apply(r.move);
      if (r.proofPlies <= 5) {
        EXPECT_TRUE((after.isTerminal() && after.returns()[c.state.currentPlayer()] >= 1.0) ||
                    losesWithin(after, r.proofPlies - 1))
            << c.label << ": " << c.state.moveName(r.move);
      }
    }
  }
}

// Without the solver, MCTS proves only wins in one ply (its root check):
// the solver is what proves the longer ones.
TEST(AttractShortWins, WithoutTheSolverLongerWinsAreNotProven) {
  int proven = 0, longer = 0;
  for (const Case& c : loadCases()) {
    if (!c.win || c.plies == 1) continue;
    ++longer;
    game::Mcts<S> mcts({.solver = false});
    proven += mcts.search(c.state, {.playouts = 2000, .threads = 1, .seed = 1}).proof == game::Proof::Win;
  }
  EXPECT_GT(longer, 0);
  EXPECT_EQ(proven, 0);
}

}  // namespace
