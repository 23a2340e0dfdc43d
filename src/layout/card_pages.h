// card_pages: pages of one card each, as print shops take them. The page is the stock's
// card with its bleed; the deck's card (the stock's own size, or one it accepts, such as
// a 2.5 x 3.5 in poker card on a 63 x 88 mm shop card) is drawn at its own size, centred.
// The TrimBox is the stock's trim (where the shop cuts), the BleedBox the page. Pure
// geometry, points, origin top-left.
#pragma once
#include <cstddef>

#include "layout/layout.h"
#include "layout/pages.h"

namespace cardstock {

struct CardPage {
  double width = 0, height = 0;  // the page: the stock's card and its bleed
  Rect trim, bleed;              // where the deck's card and its art go
  PageBoxes boxes;               // media = bleed = the page; trim = the stock's trim
};

/// The page of a card of size `card` on stock `s` (whose card or accepted size it is).
CardPage card_page(const Stock& s, const CardSize& card);

/// `count` card copies one a page: each copy's front, and with `backs` its back beside
/// it, back first when the stock's order is back-front (DriveThruCards).
SheetLayout layout_card_pages(const Stock& s, const CardSize& card, size_t count, bool backs);

/// Puts each back page before the front page it follows (a stock's order back-front).
void backs_first(SheetLayout& sheets);

}  // namespace cardstock
