// Deck rules checked after loading: declared counts (`expect`) and, for matching games,
// that no card's own fields belong together (`facts` + `unrelated`). Errors only.
#pragma once
#include "diag.h"
#include "model.h"

namespace cardstock {

void check_deck(const Deck& deck, Diagnostics& d);

/// A board preview: its deck is a hex deck, every tile of the deck is placed exactly as
/// often as it is printed, neighbouring rows differ by one tile, and the set-up rules
/// (`apart`, `touch`) hold. Errors at the board's or the tile's mark.
void check_board(const Game& g, const Board& b, Diagnostics& d);

}  // namespace cardstock
