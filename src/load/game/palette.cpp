#include "load/game/palette.h"

#include "load/schema/schema.h"
#include "model/colours.h"

namespace cardstock::loading {

void read_palette(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d) {
  if (!n || n.IsNull()) return;
  if (!n.IsMap()) {
    d.error(mark_of(n, file), "'colors' must be a map of names to colours");
    return;
  }
  for (const auto& kv : n) {
    const std::string name = kv.first.Scalar();
    // A CSS name too (`ink: navy`); not another name of the palette, which is read in
    // no order.
    auto c = kv.second.IsScalar() ? find_colour(kv.second.Scalar(), {}) : std::nullopt;
    if (!c) {
      d.error(mark_of(kv.second, file), "colour '" + name + "' must be #rgb, #rrggbb, #rrggbbaa or a CSS colour name" +
                                            (kv.second.IsScalar() ? colour_did_you_mean(kv.second.Scalar(), {}) : ""));
      continue;
    }
    g->palette[name] = *c;
  }
}

void check_literal_color(const std::string& expr, const Mark& m, const Game& g,
                         Diagnostics& d) {
  if (expr.empty() || expr.find('{') != std::string::npos) return;
  if (find_colour(expr, g.palette)) return;
  d.error(m, "'" + expr + "' is not a colour" + colour_did_you_mean(expr, g.palette) + ": " +
                 what_a_colour_is(g.palette));
}

}  // namespace cardstock::loading
