// art_items: the drawing items that planners make themselves (booklet frames, the
// calibration sheet, proof marks), built one way. Points, card- or page-local. No errors.
#pragma once
#include "layout/layout.h"

namespace cardstock {

/// Neither fill nor stroke.
inline const Color kNoPaint{0, 0, 0, 0, true};

/// A rectangle, filled and/or stroked, its corners rounded by `radius`.
ArtItem rect_item(const Rect& box, const Color& fill, const Color& stroke = kNoPaint, double stroke_width = 0,
                  double radius = 0);
/// An ellipse in `box`, filled and/or stroked.
ArtItem ellipse_item(const Rect& box, const Color& fill, const Color& stroke, double stroke_width);
/// A straight line from (x1, y1) to (x2, y2).
ArtItem line_item(double x1, double y1, double x2, double y2, const Color& stroke, double stroke_width);

}  // namespace cardstock
