// font_issues: a text layer's font issues, reported where they come from (a card field,
// the layer's text, style or weight); resolve_card's part of layout/text.cpp.
#pragma once
#include <vector>

#include "base/diag.h"
#include "layout/layout.h"

namespace cardstock {

/// Reports the font issues of text layer `l` drawn for `card` where the characters came
/// from: the card field whose value holds them, else the layer's `text`; a missing face
/// at the `style` or `weight` that asked for it. Messages quote the design's text, not the
/// card's, so a problem of the design is listed once, not once per card.
void report_font_issues(const std::vector<FontIssue>& issues, const Card& card, const Layer& l, Diagnostics& d);

}  // namespace cardstock
