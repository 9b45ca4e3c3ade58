// A board as a standalone SVG 1.1 picture (`nugget show --svg`): coloured
// rounded squares with their tile numbers, the inner 5x5 square marked, the
// 28 border labels, under a caption. The one writer of the format; it
// draws what the text picture (board_text.h) draws.
#pragma once
#include <string>

#include "nugget/board.h"

namespace nugget {

// The caption is the title (wrapped at words), then describe(board), in
// lines that fit the picture's width: a line of n characters at font size f
// is at most n * kSvgCharEm * f pixels wide (a DejaVu Sans character is at
// most ~0.62 em wide on average), within kSvgSideMargin of each edge, so no
// line is cut off.
constexpr double kSvgCharEm = 0.62;
constexpr int kSvgSideMargin = 12;

// The picture; `title` (may be empty) is also its <title>.
std::string renderSvg(const Board& board, const std::string& title = "");

}  // namespace nugget
