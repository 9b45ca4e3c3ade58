// The rings front end of `games` (cli/games/rings.cpp) driven in-process:
// output of apply/moves, error exits, and a terminal game fed bad input and
// then cut off by end of input.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rings.h"

namespace {

struct Outcome {
  int code = 0;
  std::string out, err;
};

// Runs `games <args>` as main.cpp would (argv[0] is the subcommand), with
// `input` as standard input.
Outcome run(std::vector<std::string> args, const std::string& input = "") {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  std::istringstream in(input);
  std::ostringstream out, err;
  auto* oldIn = std::cin.rdbuf(in.rdbuf());
  auto* oldOut = std::cout.rdbuf(out.rdbuf());
  auto* oldErr = std::cerr.rdbuf(err.rdbuf());
  Outcome r;
  r.code = runRings(args[0], static_cast<int>(argv.size()), argv.data());
  std::cin.rdbuf(oldIn);
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::string writeTemp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

const std::string kTwoLeft =
    "K.Y.G.....\n..........\n..........\n.........B\n..........\n"
    "..........\n..........\n.......r..\n..........\n......r..R\n"
    "order B R K Y G\nto_move B\neliminated K Y G\n";

TEST(RingsCli, MovesAndApply) {
  const std::string file = writeTemp("rings_two_left.txt", kTwoLeft);
  Outcome r = run({"moves", "--game", "rings", "--position", file});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "blue to move, 5 moves: J4 H5 G7 H9 J10\n");
  r = run({"apply", "--game", "rings", "--position", file, "J4"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("result: blue wins, scores B=94 K=1 R=3 Y=1 G=1\n"), std::string::npos) << r.out;
  r = run({"apply", "--game", "rings", "--position", file, "J10"});
  EXPECT_NE(r.out.find("result: ongoing\n"), std::string::npos);
  EXPECT_NE(r.out.find("to_move R\n"), std::string::npos);
}

TEST(RingsCli, ErrorsExitWithoutCrashing) {
  const std::string file = writeTemp("rings_two_left.txt", kTwoLeft);
  EXPECT_EQ(run({"apply", "--game", "rings", "--position", file, "A1"}).code, 1);  // illegal
  EXPECT_EQ(run({"apply", "--game", "rings", "--position", file, "Z9"}).code, 1);  // not a square
  EXPECT_EQ(run({"moves", "--game", "rings"}).code, 2);                             // no file
  EXPECT_EQ(run({"moves", "--game", "rings", "--bogus"}).code, 2);
  EXPECT_EQ(run({"fly", "--game", "rings"}).code, 2);
  std::string badBoard = "x.........\n";
  for (int i = 0; i < 9; ++i) badBoard += "..........\n";
  const Outcome bad = run({"moves", "--game", "rings", "--position", writeTemp("rings_bad.txt", badBoard)});
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("line 1"), std::string::npos) << bad.err;
  EXPECT_EQ(run({"play", "--game", "rings", "--humans", "purple"}).code, 2);
  EXPECT_EQ(run({"match", "--game", "rings", "--seats", "mcts,random"}).code, 2);
  EXPECT_EQ(run({"match", "--help"}).code, 0);
}

TEST(RingsCli, PlayReasksBadInputAndStopsCleanlyAtEndOfInput) {
  const Outcome r = run({"play", "--game", "rings", "--humans", "blue,black,red,yellow,green", "--no-colour", "--seed", "3"},
                    "\nnonsense\nK11\nmoves\nA1\nA1\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("'nonsense' is not a square"), std::string::npos);
  EXPECT_NE(r.out.find("legal: A1 B1"), std::string::npos);
  EXPECT_NE(r.out.find("A1 is not legal"), std::string::npos);  // second A1: taken
  EXPECT_NE(r.out.find("end of input"), std::string::npos);
}

TEST(RingsCli, ComputerGameAndMatchRunToTheEnd) {
  Outcome r = run({"play", "--game", "rings", "--cpu", "random", "--seed", "2", "--no-colour"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find(" wins, scores B="), std::string::npos);
  r = run({"match", "--game", "rings", "--seats", "paranoid,random,random,random,random", "--games", "2", "--time-ms",
           "5", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("per player kind"), std::string::npos) << r.out;
}

}  // namespace
