#include "load/templates/papers.h"

#include <cmath>

#include "load/schema/schema.h"
#include "model/enums.h"

namespace cardstock::loading {

Paper read_paper(const YAML::Node& n, const std::string& file) {
  Reader r(n, Schemas::paper(), file);
  Paper p{r.str("id"), r.length("width"), r.length("height"), r.list("aliases"), r.mark(), r.length("margin")};
  p.everyday = r.boolean("everyday");
  p.booklet_page = r.str("booklet_page");
  p.replaces = r.str("replaces");
  return p;
}

CardSize read_card_size(const YAML::Node& n, const std::string& file, Diagnostics& d) {
  Reader r(n, Schemas::card_size(), file);
  CardSize c{r.str("id"),     r.length("width"),  r.length("height"), r.length("bleed"),
             r.length("safe"), r.length("radius"), r.list("aliases"),  r.mark()};
  c.shape = enum_value(kShapeNames, r.str("shape")).value_or(Shape::Rect);
  c.replaces = r.str("replaces");
  // A regular hexagon's box is fixed by its height; a circle's is square. Say so rather
  // than draw a squashed tile.
  if (c.shape == Shape::Hex && std::fabs(c.width.pt - c.height.pt * std::sqrt(3.0) / 2) > 0.01)
    d.error(r.mark("width"), "hex '" + c.id + "' must be " +
                                 format_number((c.height * (std::sqrt(3.0) / 2)).in_mm()) +
                                 "mm wide (height x 0.866), not " + format_number(c.width.in_mm()) +
                                 "mm");
  if (c.shape == Shape::Circle && std::fabs(c.width.pt - c.height.pt) > 0.01)
    d.error(r.mark("width"), "circle '" + c.id + "' must be as wide as it is high");
  return c;
}

}  // namespace cardstock::loading
