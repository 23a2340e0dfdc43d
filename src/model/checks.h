// Deck rules checked after loading: declared counts (`expect`) and, for matching games,
// that no card's own fields belong together (`facts` + `unrelated`). Errors only.
#pragma once
#include "base/diag.h"
#include "model/model.h"

namespace cardstock {

void check_deck(const Deck& deck, Diagnostics& d);

/// The answer key's table: the columns (capitalised) and one row per fact entry, sorted
/// by name, values printed through the deck's `names`. In the column of an `unrelated`
/// rule's fact, an entry the rule excepts shows the rule's `note` instead of its values:
/// the same rule `check` applies, so the key cannot show a match the rules forbid.
struct AnswerKeyTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};
AnswerKeyTable answer_key_rows(const Deck& deck);

/// A board preview: its deck is a hex deck, every tile of the deck is placed exactly as
/// often as it is printed, neighbouring rows differ by one tile, and the set-up rules
/// (`apart`, `touch`) hold. Errors at the board's or the tile's mark.
void check_board(const Game& g, const Board& b, Diagnostics& d);

}  // namespace cardstock
