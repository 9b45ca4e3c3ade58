// The position list: one Golden Nugget position a line, as `nugget
// solve-board --position`, `prove --position`, `cycle-search` and
// `evaluate --boards-file` read it (docs/formats/position-list.md):
//
//   # a comment line
//   1 2 3 ... 49 A  # board 1 ref 40
//
// 49 tile numbers (row-major, top-left first, each of 1..49 once), then the
// face shown, A or B; '#' starts a comment to the end of the line. In the
// comment, "board K" names the position's board (default: its rank among
// the positions, from 1) and "ref M" a known solution length (default -1:
// none). Blank and comment-only lines are skipped; a list has at least one
// position.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nugget/board.h"

namespace nugget {

struct PositionLine {
  int board = 0;  // "# board K", else the line's rank among positions
  int ref = -1;   // "ref M": a known solution length, -1 if none
  Board start;
};

// A list that breaks the format: what() is "NAME:LINE: reason" (or
// "NAME: no positions"), NAME the name given to the parser (a path).
struct PositionListError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The one parser of the format; `name` only names the text in errors.
std::vector<PositionLine> parsePositionList(std::string_view text, const std::string& name);

// The list in the file `path`, read by the bounded reader (text/file.h: a
// regular file, 16 MiB, lines of 4096 characters), then parsed. A file that
// cannot be read is a PositionListError too: "cannot read the position file
// PATH: reason".
std::vector<PositionLine> readPositionList(const std::string& path);

// The one writer: "t1 ... t49 F  # board K" (and " ref M" when ref >= 0),
// a line parsePositionList reads back to the same position, board and ref.
std::string formatPositionLine(const PositionLine& p);

}  // namespace nugget
