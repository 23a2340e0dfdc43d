// art_key: what makes two card drawings the same drawing. A PDF holds a drawing once and
// places it wherever it appears (render/); this says when that is allowed. Pure, no errors.
#pragma once
#include <string>

#include "layout/layout.h"

namespace cardstock {

/// Bytes that are equal for two arts exactly when every value drawn is equal: background,
/// and for each item in order its kind, box, colours, widths, text, style, icons, image
/// file, fit, rotation and lines shown. Not the source marks, layer numbers or overflow
/// flags, which are never drawn. `width` x `height` is the card size it is drawn at
/// (points), part of the key. Doubles compare by their bits: a card that differs from
/// another in any drawn value, however slightly, never shares its drawing.
std::string art_key(const CardArt& art, double width, double height);

}  // namespace cardstock
