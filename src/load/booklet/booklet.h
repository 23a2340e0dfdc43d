// booklet: a game's rules text (a small Markdown subset) -> a list of blocks, with every
// directive ({{count}}, {{tally}}, {{card}}...) resolved against the loaded game, so the
// booklet states the same numbers as the cards. Problems go to Diagnostics with the
// Markdown file's line:col; nothing throws. Text comes out as Pango markup.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "model/booklet.h"
#include "model/model.h"

namespace cardstock {

/// Inline Markdown (**bold**, *italic*, \* escapes) to Pango markup. Unpaired markers
/// stay literal.
std::string inline_markup(const std::string& s);

/// A deck's name for a parts list: its title without a leading "<game title>: ".
std::string part_name(const Game& g, const Deck& d);

/// Parses `text` (the Markdown file `file`) into blocks, resolving directives against `g`.
std::vector<Block> parse_booklet(const std::string& text, const std::string& file, const Game& g,
                                 Diagnostics& d);

/// The booklet of `g` with `text` as its rules (cover and fonts from g.booklet, if any).
Booklet booklet_from_text(const Game& g, const std::string& text, const std::string& file,
                          Diagnostics& d);

/// Reads g.booklet's source (confined to the game's folder) and parses it; nullopt (with a diagnostic) if the game has no
/// booklet section or the file cannot be read.
std::optional<Booklet> load_booklet(const Game& g, Diagnostics& d);

}  // namespace cardstock
