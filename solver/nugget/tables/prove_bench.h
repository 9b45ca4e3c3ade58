// The prover's bench (issue 62; Stockfish's `bench`): a fixed set of
// proofs, each with its nodes, time and nodes per second, and one
// signature, the nodes of all added up (`nugget prove --bench`). A change
// that alters the search (a bound, a pruning rule, the move order, the
// transposition table) changes the signature; a change of speed only the
// times.
//
// The signature is the same for every thread count: each proof runs
// serially (ProveOptions::serial: one thread, subtrees in order; the
// parallel search's nodes vary with the threads' timing), and the proofs
// are shared out between the threads. Each has its own 16 MB transposition
// table; the endgame table is built in memory at depth 5 (0.3 s), so no
// cache file changes a count.
//
// The set (benchCases): board 1 of the rules (examples/nugget/board-1.txt)
// to the bound 16 (ruled out: at least 17 moves), and positions near a
// solved layout, the end of a fixed 42-move solution of board 1: the
// solution's positions 14 and 12 moves before its end (optima 11 and 11),
// and random walks of 12 and 16 moves from it (std::mt19937 seeds 4 and 3,
// a move picked as rng() % count: the same on every platform; optima 10
// and 12). About 1.7 M nodes, 1-2 s on one thread (AMD EPYC, 2 vCPUs,
// shared). Positions of optimum 13-14 cost 15-600 M nodes: too slow for a
// test.
#pragma once
#include <string>
#include <vector>

#include "nugget/board.h"
#include "nugget/tables/endgame.h"
#include "nugget/tables/prove.h"

namespace nugget::solve {

constexpr int kBenchTableDepth = 5;

struct BenchCase {
  std::string name;
  Position pos;
  int maxBound = 99;  // ProveOptions::maxBound: a bound of a position too far to prove
};
std::vector<BenchCase> benchCases();

struct BenchLine {
  BenchCase what;
  ProveResult result;
};
// Every case proved (serially each, the cases in parallel on the program's
// threads), in the set's order. table: of depth kBenchTableDepth.
std::vector<BenchLine> runBench(const EndgameTable& table);
// The nodes of all lines added up.
uint64_t benchSignature(const std::vector<BenchLine>& lines);

}  // namespace nugget::solve
