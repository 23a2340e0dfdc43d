// svg_cut: the SVG cut file format, written as text (no Cairo): one closed path per card
// outline (rounded rectangle, hexagon or circle) on a "Cut" layer and the registration
// marks on their own layer, in millimetres in the page's own coordinates (origin top-left,
// y down), on a page of the planned size. Deterministic: same plan, same bytes.
#pragma once
#include <string>

#include "plan/planned.h"

namespace cardstock {

/// The SVG text of `page` of `o` (its cards' outlines and registration marks).
std::string svg_cut_text(const PlannedOutput& o, const PlannedPage& page, const std::string& creator);

/// The SVG path data ("M ... Z", in mm) of a card's outline on the page.
std::string outline_path(const PageArt::CardOnPage& card);

}  // namespace cardstock
