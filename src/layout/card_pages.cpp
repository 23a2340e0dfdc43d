#include "layout/card_pages.h"

#include <utility>

namespace cardstock {

CardPage card_page(const Stock& s, const CardSize& card) {
  CardPage p;
  p.width = (s.card.width + s.card.bleed * 2).pt;
  p.height = (s.card.height + s.card.bleed * 2).pt;
  const Rect page{0, 0, p.width, p.height};
  p.trim = {(p.width - card.width.pt) / 2, (p.height - card.height.pt) / 2, card.width.pt, card.height.pt};
  p.bleed = page;  // the card's art is clipped to the page (an accepted card's bleed covers it)
  p.boxes = {page, {s.card.bleed.pt, s.card.bleed.pt, s.card.width.pt, s.card.height.pt}, page};
  return p;
}

SheetLayout layout_card_pages(const Stock& s, const CardSize& card, size_t count, bool backs) {
  const CardPage cp = card_page(s, card);
  SheetLayout out{cp.width, cp.height, {}};
  for (size_t k = 0; k < count; ++k) {
    Placement pl;
    pl.slot = k;
    pl.trim = cp.trim;
    pl.bleed = cp.bleed;
    out.pages.push_back(Page{false, {pl}, {}, {}});
    if (backs) out.pages.push_back(Page{true, {pl}, {}, {}});
  }
  if (s.order == PageOrder::BackFront) backs_first(out);
  return out;
}

void backs_first(SheetLayout& sheets) {
  for (size_t i = 0; i + 1 < sheets.pages.size(); ++i)
    if (!sheets.pages[i].back && sheets.pages[i + 1].back) {
      std::swap(sheets.pages[i], sheets.pages[i + 1]);
      ++i;
    }
}

}  // namespace cardstock
