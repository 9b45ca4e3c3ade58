// The cycle fixture of the solver tests: data/cycle-6.jcgn, whose boards 2
// and 3 form a cycle of two boards (board 4 starts as board 2 did).
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nugget/jcgn.h"

// Its first three boards (the chain up to the cycle's close), verified.
// Use as ASSERT_NO_FATAL_FAILURE(cycleSixBoards(boards)).
inline void cycleSixBoards(std::vector<nugget::jcgn::BoardRecord>& boards) {
  const auto v = nugget::jcgn::verifyFile(std::string(NUGGET_SOLVER_DATA) + "/cycle-6.jcgn", true);
  ASSERT_TRUE(v.ok) << v.message("cycle-6.jcgn");
  boards.assign(v.entry.boards.begin(), v.entry.boards.begin() + 3);
}
