#include "nugget/tables/prove_bench.h"

#include <random>
#include <sstream>
#include <utility>

#include "search/parallel.h"

namespace nugget::solve {

namespace {

// A 42-move solution of board 1 (`nugget solve-board --position
// examples/nugget/board-1.txt --endgame-depth 5`): its end is the solved
// layout the near positions are taken around.
constexpr const char* kBoard1Solution =
    "27 S6 H6 D7 B7 77 D7 B7 B7 B6 56 U7 N7 U7 M2 U7 67 P7 N7 S7 J7 S7 L4 B7 I7 G7 I7 57 S7 L5 37 47 N7 U7 M5 27 "
    "D7 P7 56 F7 R7 J7";

Position board1() {
  Tiles tiles{};
  for (int i = 0; i < kCells; ++i) tiles[static_cast<size_t>(i)] = static_cast<uint8_t>(i + 1);
  return Position::fromTiles(tiles, Face::A);
}

std::vector<Move> solution() {
  std::vector<Move> moves;
  std::istringstream in(kBoard1Solution);
  for (std::string w; in >> w;) {
    const auto m = parseMove(w);
    moves.push_back(Move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(*m->p)});
  }
  return moves;
}

}  // namespace

std::vector<BenchCase> benchCases() {
  const Position start = board1();
  const std::vector<Move> moves = solution();
  std::vector<BenchCase> out{{"board 1 to 16", start, 16}};
  for (int before : {14, 12}) {
    Position p = start;
    for (size_t i = 0; i + static_cast<size_t>(before) < moves.size(); ++i) p.apply(moves[i]);
    out.push_back({"solution -" + std::to_string(before), p, 99});
  }
  Position end = start;
  for (Move m : moves) end.apply(m);
  for (const auto& [steps, seed] : {std::pair{12, 4u}, std::pair{16, 3u}}) {
    std::mt19937 rng(seed);
    Position p = end;
    for (int i = 0; i < steps; ++i) {
      const MoveList legal = p.legalMoves();
      p.apply(legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size))]);
    }
    out.push_back({"walk " + std::to_string(steps) + " seed " + std::to_string(seed), p, 99});
  }
  return out;
}

std::vector<BenchLine> runBench(const EndgameTable& table) {
  const std::vector<BenchCase> cases = benchCases();
  std::vector<BenchLine> lines(cases.size());
  search::parallelFor(size_t{0}, cases.size(), [&](size_t i) {
    ProveOptions o;
    o.ttBytes = 16u << 20;
    o.serial = true;
    o.maxBound = cases[i].maxBound;
    lines[i] = {cases[i], prove(cases[i].pos, table, o)};
  });
  return lines;
}

uint64_t benchSignature(const std::vector<BenchLine>& lines) {
  uint64_t n = 0;
  for (const BenchLine& l : lines) n += l.result.nodes;
  return n;
}

}  // namespace nugget::solve
