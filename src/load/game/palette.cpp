#include "load/game/palette.h"

#include "load/schema/schema.h"

namespace cardstock::loading {

void read_palette(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d) {
  if (!n || n.IsNull()) return;
  if (!n.IsMap()) {
    d.error(mark_of(n, file), "'colors' must be a map of names to colours");
    return;
  }
  for (const auto& kv : n) {
    const std::string name = kv.first.Scalar();
    auto c = kv.second.IsScalar() ? parse_color(kv.second.Scalar()) : std::nullopt;
    if (!c) {
      d.error(mark_of(kv.second, file),
              "colour '" + name + "' must be #rgb, #rrggbb or #rrggbbaa");
      continue;
    }
    g->palette[name] = *c;
  }
}

void check_literal_color(const std::string& expr, const Mark& m, const Game& g,
                         Diagnostics& d) {
  if (expr.empty() || expr.find('{') != std::string::npos) return;
  if (g.palette.count(expr) || parse_color(expr)) return;
  std::vector<std::string> names;
  for (const auto& kv : g.palette) names.push_back(kv.first);
  d.error(m, "'" + expr + "' is not a colour (use #rrggbb, none or a palette name)" +
                 did_you_mean(expr, names));
}

}  // namespace cardstock::loading
