// board: the topology of a board of hex tiles (which tiles touch, where the extras go
// beside it), in integer hex coordinates; no geometry in points (layout places tiles).
#pragma once
#include <string>
#include <vector>

#include "model/model.h"

namespace cardstock {

/// A tile of a board in hex coordinates: `x2` counts half tiles from the widest row's
/// left edge, so rows can be centred and neighbours found by integer arithmetic.
struct BoardCell {
  int row = 0, x2 = 0;
  const Board::Cell* cell = nullptr;
  const Board::Extra* extra = nullptr;  // set for a tile laid beside the board
};

/// The board's cells, row by row.
std::vector<BoardCell> board_cells(const Board& b);

/// The hex step to the neighbour on `side` (ne, e, se, sw, w, nw): {rows, half tiles}.
/// False for any other side.
bool board_step(const std::string& side, int* drow, int* dx2);

/// The board's `extras`, each at the side of its `beside` tile, in `extras` order. An
/// extra whose `beside` tile is not on the board exactly once, or whose side is unknown,
/// is left out (check_board reports it).
std::vector<BoardCell> board_extra_cells(const Board& b);

/// True if two cells share an edge.
bool board_neighbours(const BoardCell& a, const BoardCell& b);

}  // namespace cardstock
