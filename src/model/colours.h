// colours: what a colour written in a game or a spreadsheet cell means. One reading for
// every place a colour goes (a layer's fill, stroke and text colour, a background, a
// booklet's accent, an image deck's bleed_fill), so `Green` cannot be a colour in one and
// not in another.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"

namespace cardstock {

/// The colour `v` names: #rgb, #rrggbb or #rrggbbaa, `none`, a name of `palette` (the
/// game's `colors:`), else one of CSS's colour names (green, navy, rebeccapurple...). A
/// name is matched in any letter case and with spaces around it dropped (a spreadsheet's
/// `Green ` is `green`); the palette's names come first, so a game may give `green` a
/// green of its own. nullopt for anything else.
std::optional<Color> find_colour(const std::string& v, const std::map<std::string, Color>& palette);

/// The CSS colour names, sorted (for "did you mean" and the docs).
std::vector<std::string> css_colour_names();

/// What a colour may be, for a message about a value that is none: "a colour is #rrggbb,
/// a CSS colour name (green, navy...) or a name in colors:" (with the palette's names
/// when it has any).
std::string what_a_colour_is(const std::map<std::string, Color>& palette);

/// " (did you mean 'green'?)" for a value that is no colour: the nearest name of the
/// palette or of CSS's, or "".
std::string colour_did_you_mean(const std::string& v, const std::map<std::string, Color>& palette);

}  // namespace cardstock
