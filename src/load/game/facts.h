// What matching games add to a deck: its facts table, the unrelated rules checked
// against it, the names values print as, and the answer key. Problems reported.
#pragma once
#include <string>

#include "base/diag.h"
#include "load/schema/schema.h"
#include "model/model.h"

namespace cardstock::loading {

void read_deck_facts(const Reader& r, const std::string& file, Deck* deck, Diagnostics& d);

}  // namespace cardstock::loading
