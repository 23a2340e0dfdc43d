// placement: the boxes of a design's layers for one card, in card points (origin at the
// trim's top-left, y down). Coordinate layers keep x, y, w, h (% of the card); placed
// layers are anchored in the card, its bleed, its safe zone or an inset (% of that box);
// a stack lays its children out one after another with a gap, each its natural size or
// a share of the room left (grow). Pure geometry: natural sizes come from the caller.
// docs/format.md, "Placed layers and stacks", is the vocabulary.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "layout/layout.h"
#include "model/model.h"

namespace cardstock {

/// What placing asks of the caller for layer `i` shown in a stack: its natural length
/// along the stack (`down`: its height; else its width) when it is `cross` points across.
using NaturalLength = std::function<double(size_t i, double cross, bool down)>;

/// The box of every layer of `layers` (a design's, children after their stack; null
/// entries are not shown) on a card of `size`. `shown[i]` false: the layer takes no room
/// in its stack (its `when` or its text or picture came out empty); its box is then empty.
/// A stack whose children need more room than it has is an error at the stack's mark,
/// "stack 'body' children need 31.20 mm more height than the 60.00 mm box has", prefixed
/// with "card '<card>': " when the room they need depends on the card (a natural size).
std::vector<Rect> place_layers(const std::vector<const Layer*>& layers, const std::vector<bool>& shown,
                               const CardSize& size, const NaturalLength& natural, const std::string& card,
                               Diagnostics& d);

/// The box a layer not in a stack takes on a card of `size` (x, y, w, h or its anchor).
Rect card_box(const Layer& l, const CardSize& size);

}  // namespace cardstock
