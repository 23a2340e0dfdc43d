// preflight: what a print shop would object to on a card, found from its resolved art
// (pure geometry, card-local points): text whose ink leaves the stock's safe zone, and
// card edges the art does not run past into the bleed. Used by `check`/`build` on stocks
// with `preflight: true` and by the proof pages.
#pragma once
#include <string>
#include <vector>

#include "layout/layout.h"

namespace cardstock {

/// The stock's safe zone in the coordinates of a card of size `card` drawn on it: the
/// stock card's `safe` inside the stock's trim, which is centred on the card.
Rect safe_zone(const Stock& stock, const CardSize& card);

/// Where a card of size `card` on `stock` is cut (the stock's trim, centred on the card)
/// and how far its art must reach (that trim grown by the stock card's bleed).
Rect stock_trim(const Stock& stock, const CardSize& card);
Rect stock_bleed(const Stock& stock, const CardSize& card);

/// The rectangle the set text of `it` (a text item) covers: its measured extent placed in
/// its box by its alignment, turned with the item.
Rect text_ink(const ArtItem& it, const TextMeasurer& m);

/// A text item whose ink leaves `safe`: the item's index in CardArt::items, its ink, how
/// far it reaches out (points) and on which sides ("top", "left"...).
struct SafeZoneProblem {
  size_t item = 0;
  Rect ink;
  double by = 0;
  std::vector<std::string> sides;
};
std::vector<SafeZoneProblem> text_outside(const CardArt& art, const Rect& safe, const TextMeasurer& m);

/// The sides of `bleed` ("top", "right", "bottom", "left") that nothing of `art` reaches:
/// not its background, not a filled rect or an image running to that edge.
std::vector<std::string> edges_short_of(const CardArt& art, const Rect& bleed);

}  // namespace cardstock
