// The two solved layouts of one board fitted to the tiles: the one check
// and the one tile placement of the searches that work on cells alone
// (reversible.h, later_board.h).
//
// Such a search knows, for every cell of the start, the cell its tile ends
// on, not which tile it is. The start is solved on one face (`solved`), the
// end on the other. The 13 tiles coloured on both faces are exactly those
// inside at both ends; each has a start stripe i and an end stripe j, and
// the pairs (i, j) must be the colour pairs of the 13 two-faced tiles
// under some order of each face's stripe colours (a 5 x 5 0/1 pattern from
// the tile table, degrees 2 3 3 3 2 on both sides, its five rows distinct
// and its five columns distinct). Then every other tile is fixed by its two
// regions and one stripe colour, and any tile of the right colour pair will
// do.
#pragma once
#include <array>
#include <optional>

#include "nugget/board.h"

namespace nugget::solve {

// The stripes' orientations (0 rows, 1 columns) and colours: sigma maps a
// start stripe, tau an end stripe, to a colour index (0..4: Y B P R G).
struct StripeFit {
  int oa = 0, ob = 0;
  std::array<int, kColours> sigma{}, tau{};
};

// endOf[c]: the cell the tile at start cell c ends on. The first fit (rows
// before columns, start orientation first, sigma in lexicographic order);
// none when not exactly 13 tiles stay inside or no order of colours fits.
std::optional<StripeFit> fitStripes(const std::array<int, kCells>& endOf, Face solved);

// The start's tiles for a fit: in cell order, the lowest-numbered tile of
// the colour pair each cell asks for.
Tiles placeTiles(const std::array<int, kCells>& endOf, const StripeFit& fit, Face solved);

}  // namespace nugget::solve
