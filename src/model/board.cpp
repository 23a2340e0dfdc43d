#include "model/board.h"

#include <cstdlib>
#include <map>

#include "model/enums.h"

namespace cardstock {

std::vector<BoardCell> board_cells(const Board& b) {
  size_t widest = 0;
  for (const auto& r : b.rows) widest = std::max(widest, r.size());
  std::vector<BoardCell> out;
  for (size_t i = 0; i < b.rows.size(); ++i)
    for (size_t j = 0; j < b.rows[i].size(); ++j)
      out.push_back({static_cast<int>(i), static_cast<int>(widest - b.rows[i].size() + 2 * j),
                     &b.rows[i][j]});
  return out;
}

bool board_neighbours(const BoardCell& a, const BoardCell& b) {
  const int dr = std::abs(a.row - b.row), dx = std::abs(a.x2 - b.x2);
  return (dr == 0 && dx == 2) || (dr == 1 && dx == 1);
}

bool board_step(const std::string& side, int* drow, int* dx2) {
  const auto step = enum_value(kHexSideNames, side);
  if (!step) return false;
  *drow = step->drow;
  *dx2 = step->dx2;
  return true;
}

std::vector<BoardCell> board_extra_cells(const Board& b) {
  std::map<std::string, std::vector<BoardCell>> by_card;
  for (const auto& c : board_cells(b)) by_card[c.cell->card].push_back(c);
  std::vector<BoardCell> out;
  for (const auto& e : b.extras) {
    int dr = 0, dx = 0;
    auto it = by_card.find(e.beside);
    if (it == by_card.end() || it->second.size() != 1 || !board_step(e.side, &dr, &dx)) continue;
    out.push_back({it->second[0].row + dr, it->second[0].x2 + dx, &e.cell, &e});
  }
  return out;
}

}  // namespace cardstock
