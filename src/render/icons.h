// Inside render/: icons in text. Each icon's place (U+FFFC) becomes a Pango shape the size
// of its picture at 1 em, drawn from the ImageCache; an icon that cannot be used is
// reported when the game is prepared, so drawing skips it silently.
#pragma once
#include "layout/text_measure.h"
#include "render/image_cache.h"

namespace cardstock {

/// Gives each U+FFFC of `layout`'s text that `st` names an icon for a shape as wide as the
/// icon drawn 1 em (the text's size) tall, its bottom on the baseline, with the font's
/// ascent and descent as its logical extent so it neither raises nor deepens its line.
/// Pango then breaks, justifies, fits and orders (right-to-left too) it like a glyph.
void add_icon_shapes(PangoLayout* layout, const TextStyle& st, ImageCache& images);

/// Draws an icon's shape (pango_cairo_context_set_shape_renderer, `data` the ImageCache):
/// the current point is the shape's origin on the baseline; the icon fills its ink
/// rectangle, as vector art when it is an SVG (a recording surface).
void draw_icon(cairo_t* cr, PangoAttrShape* shape, gboolean do_path, gpointer data);

}  // namespace cardstock
