// proof: pages for checking cards on a screen (`build --proof`), pure geometry. One card
// face a cell, each with room under it for a slug; over each card its trim line, its
// safe-zone line, its bleed tinted, the boxes layout placed, and a red outline round any text that overflows its
// box or leaves the safe zone. Points, origin top-left.
#pragma once
#include <string>
#include <vector>

#include "layout/layout.h"

namespace cardstock {

/// Height of the slug under each card (three lines of 7 pt type) and the space around.
inline constexpr double kSlugHeight = 30;
inline constexpr double kProofGap = 18;
inline constexpr double kProofMargin = 36;
/// The page a proof fills at most (a screen, landscape); a bigger card gets one a page.
inline constexpr double kProofMaxWidth = 1000, kProofMaxHeight = 720;

/// Proof pages for `count` copies of cards of `size`: in deck order each copy's front,
/// then (with `backs`) its back (Placement::back), cells as many as fit kProofMax*, every
/// page the same size. Placement::slot is the copy's index in the deck's instances.
SheetLayout layout_proof(const CardSize& size, size_t count, bool backs);

/// Where the slug of the card placed at `pl` goes: under its bleed, as wide.
Rect slug_box(const Placement& pl);

/// What is drawn over a card of size `size` whose trim is at `trim` on the page: the
/// bleed tinted (rectangular cards), the trim and safe-zone lines (a hexagon's or
/// circle's own outline), thin orange outlines round the boxes layout placed
/// (CardArt::placed: anchored and inset layers, stacks and their children), and red outlines round text that overflows or leaves the
/// safe zone (measured with `m`; the zone tested is the rectangle `safe` inside the trim).
std::vector<ArtItem> proof_marks(const CardArt& art, const CardSize& size, const Rect& trim, const TextMeasurer& m);

}  // namespace cardstock
