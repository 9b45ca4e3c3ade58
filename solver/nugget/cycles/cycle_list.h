// The cycle list: the one reader and writer of the file that `nugget
// cycles` writes and `nugget solve --cycle-list` reads
// (docs/formats/cycles.md).
//
// One line a 2-board cycle, reversible (reversible.h) or general:
//
//   X t1 t2 ... t49 | m1 m2 ... mk
//   X t1 t2 ... t49 | m1 m2 ... mk | a1 a2 ... aj
//
// X is the layout solved on face A that both boards pass through (the A
// board ends there, the B board starts there, shown on face B); m1..mk are
// the B board's moves in full notation, each a whole-line push (p = 7). The
// A board is not written: it is the B board backwards, each push from the
// other end of its line. Blank lines and lines starting with '#' are
// skipped; anything else is an error. The second form writes the A board
// (a1..aj, any pushes) out: a cycle that is not the B board backwards, such
// as the 12-move cycles of later_board.h; its A board must come back to X's
// colours on both faces (tiles of one colour pair may trade places). Every
// cycle read is replayed by the engine both ways (the B board from X to a
// solved face B, the A board back to X), so a list that parses holds only
// real cycles. The writer uses the first form whenever it fits.
//
// Bounds (issue 59): a board of more than 99 moves is refused (no jcgn-1
// entry holds one); a list of more than kMaxCycleLines cycle lines is
// refused before any line is replayed (the aims rank 8 images of every
// cycle, about 2.5 ms a cycle on one core: 10,000 lines take ~25 s, 70,000
// took 2.5 min); a line that repeats an earlier cycle (the same X and
// boards) is skipped, counted in `duplicates`. A line that starts with a
// byte-order mark, a tab or a space is refused saying which.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nugget/cycles/cycle.h"

namespace nugget::solve {

// The list as text, one line a cycle (each as reversibleCycles returns it:
// start = X shown on face B, boards = {B board, A board}); the A board is
// written only when it is not the B board backwards.
std::string formatCycleList(const std::vector<CycleBoards>& cycles);

inline constexpr int kMaxCycleLines = 10'000;

// Parses and replays a list, each cycle once. Throws CycleListError naming
// the line (1-based) and what is wrong with it. `duplicates` (if given):
// the lines skipped as repeats of an earlier one.
std::vector<CycleBoards> parseCycleList(std::string_view text, int* duplicates = nullptr);
// The file read by the bounded reader (text/file.h), then parsed; errors
// name the file.
std::vector<CycleBoards> readCycleListFile(const std::string& path, int* duplicates = nullptr);

class CycleListError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace nugget::solve
