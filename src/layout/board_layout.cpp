// board_layout: a board preview's tiles placed and scaled on a page, and the cards they show.
#include <algorithm>
#include <map>
#include <optional>

#include "layout/layout.h"

namespace cardstock {

BoardLayout layout_board(const Board& b, double w, double h, const Rect& area) {
  BoardLayout out;
  const auto cells = board_cells(b), extras = board_extra_cells(b);
  if (cells.empty()) return out;
  int min_row = cells[0].row, max_row = min_row, min_x2 = cells[0].x2, max_x2 = min_x2;
  for (const auto* list : {&cells, &extras})
    for (const auto& c : *list) {
      min_row = std::min(min_row, c.row);
      max_row = std::max(max_row, c.row);
      min_x2 = std::min(min_x2, c.x2);
      max_x2 = std::max(max_x2, c.x2);
    }
  const double bw = (max_x2 - min_x2) * w / 2 + w;
  const double bh = h + 0.75 * h * (max_row - min_row);
  if (bw <= 0 || bh <= 0) return out;
  out.scale = std::min({1.0, area.w / bw, area.h / bh});
  const double x0 = area.x + (area.w - bw * out.scale) / 2;
  const double y0 = area.y + (area.h - bh * out.scale) / 2;
  auto place = [&](const BoardCell& c) {
    return Rect{x0 + (c.x2 - min_x2) * w / 2 * out.scale, y0 + (c.row - min_row) * 0.75 * h * out.scale,
                w * out.scale, h * out.scale};
  };
  for (const auto& c : cells) out.tiles.push_back(place(c));
  for (const auto& c : extras) out.extras.push_back(place(c));
  return out;
}

std::vector<Placement> board_placements(const Game& g, const Board& b, const BoardLayout& bl) {
  std::vector<Placement> out;
  // The first copy of each card of a deck, as an index into that deck's instances; each
  // deck is expanded once (a board may be large).
  std::map<std::string, std::pair<int, std::map<std::string, size_t>>> firsts;
  auto first_copy = [&](const std::string& deck_id, const std::string& card, int* deck) -> std::optional<size_t> {
    auto it = firsts.find(deck_id);
    if (it == firsts.end()) {
      std::pair<int, std::map<std::string, size_t>> f{-1, {}};
      for (size_t k = 0; k < g.decks.size() && f.first < 0; ++k) {
        if (g.decks[k].id != deck_id) continue;
        f.first = static_cast<int>(k);
        const auto instances = expand_instances(g.decks[k]);
        for (size_t i = 0; i < instances.size(); ++i) f.second.emplace(g.decks[k].cards[instances[i].card].id, i);
      }
      it = firsts.emplace(deck_id, std::move(f)).first;
    }
    auto c = it->second.second.find(card);
    if (c == it->second.second.end()) return std::nullopt;
    *deck = it->second.first;
    return c->second;
  };
  auto add = [&](const BoardCell& c, const Rect& r) {
    const std::string deck_id = c.extra && !c.extra->deck.empty() ? c.extra->deck : b.deck;
    int deck = -1;
    const auto slot = first_copy(deck_id, c.cell->card, &deck);
    if (!slot) return;
    Placement pl;
    pl.slot = *slot;
    pl.deck = deck_id == b.deck ? -1 : deck;
    pl.trim = pl.bleed = r;
    pl.scale = bl.scale;
    out.push_back(pl);
  };
  const auto cells = board_cells(b), extras = board_extra_cells(b);
  for (size_t i = 0; i < cells.size() && i < bl.tiles.size(); ++i) add(cells[i], bl.tiles[i]);
  for (size_t i = 0; i < extras.size() && i < bl.extras.size(); ++i) add(extras[i], bl.extras[i]);
  return out;
}
}  // namespace cardstock
