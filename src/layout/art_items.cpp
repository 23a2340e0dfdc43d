#include "layout/art_items.h"

namespace cardstock {

namespace {

ArtItem painted(LayerType type, const Rect& box, const Color& fill, const Color& stroke, double stroke_width) {
  ArtItem it;
  it.type = type;
  it.box = box;
  it.fill = fill;
  it.stroke = stroke;
  it.stroke_width = stroke_width;
  return it;
}

}  // namespace

ArtItem rect_item(const Rect& box, const Color& fill, const Color& stroke, double stroke_width, double radius) {
  ArtItem it = painted(LayerType::Rect, box, fill, stroke, stroke_width);
  it.radius = radius;
  return it;
}

ArtItem ellipse_item(const Rect& box, const Color& fill, const Color& stroke, double stroke_width) {
  return painted(LayerType::Ellipse, box, fill, stroke, stroke_width);
}

ArtItem line_item(double x1, double y1, double x2, double y2, const Color& stroke, double stroke_width) {
  // A line's box runs from its start to its end (w and h may be negative).
  return painted(LayerType::Line, {x1, y1, x2 - x1, y2 - y1}, kNoPaint, stroke, stroke_width);
}

}  // namespace cardstock
