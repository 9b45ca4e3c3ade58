// Golden Nugget pieces: the 49 two-faced tiles of RULES.md section 1.
#pragma once
#include <array>
#include <cstdint>
#include <optional>

namespace nugget {

// Colour codes fit in 3 bits; white is 0 so "coloured" is the OR of the
// three bit-planes of a face (see Position).
enum Colour : uint8_t { White = 0, Yellow = 1, Blue = 2, Pink = 3, Red = 4, Green = 5 };
constexpr int kColours = 5;  // coloured ones, Yellow..Green

enum class Face : uint8_t { A = 0, B = 1 };
constexpr Face other(Face f) { return f == Face::A ? Face::B : Face::A; }
constexpr char faceChar(Face f) { return f == Face::A ? 'A' : 'B'; }
// Odd boards show face A, even boards face B.
constexpr Face faceOfBoard(int k) { return (k % 2 == 1) ? Face::A : Face::B; }

constexpr char colourChar(Colour c) { return "WYBPRG"[c]; }
std::optional<Colour> colourFromChar(char ch);

// Colour of tile t (1..49) on face f.
Colour tileColour(int tile, Face f);

constexpr int kTiles = 49;
using Tiles = std::array<uint8_t, kTiles>;  // cell index (r*7+c) -> tile number

// Board 1: tiles in row-major order.
Tiles startTiles();

}  // namespace nugget
