// Deck rules checked after loading: declared counts (`expect`) and, for matching games,
// that no card's own fields belong together (`facts` + `unrelated`). Errors only.
#pragma once
#include "diag.h"
#include "model.h"

namespace cardstock {

void check_deck(const Deck& deck, Diagnostics& d);

}  // namespace cardstock
