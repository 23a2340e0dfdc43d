#include "load/game/layers.h"

#include <algorithm>

#include "load/game/layer_placement.h"
#include "load/names.h"
#include "load/schema/schema.h"
#include "model/enums.h"

namespace cardstock::loading {

namespace {

// A layer whose type is missing or unknown: reported, and read as an empty rectangle
// (no size) so the design still loads and every other problem in it is reported too.
Layer untyped_layer(const YAML::Node& n, const std::string& type, const std::vector<std::string>& types,
                    const std::string& file, Diagnostics& d) {
  if (!n.IsMap()) {
    d.error(mark_of(n, file), "a layer must be a map with a 'type' key");
  } else if (!n["type"]) {
    d.error(mark_of(n, file), "missing required key 'type' in layer (one of rect, ellipse, "
                              "line, text, image, stack)");
  } else {
    const std::string hint = did_you_mean(type, types);
    d.error(mark_of(n["type"], file),
            "unknown layer type '" + type + "'" +
                (hint.empty() ? " (use rect, ellipse, line, text, image or stack)" : hint));
  }
  Layer l;
  l.type = LayerType::Rect;
  l.mark = mark_of(n, file);
  l.w = l.h = {0, false};
  return l;
}

// A text layer's font: a family of the font set, else a warning and the default family.
std::string text_font(const Reader& r, const FontSet& fonts, Diagnostics& d) {
  const std::string font = r.str("font");
  if (fonts.has(font)) return font;
  const auto names = family_names(fonts);
  d.warning(r.mark("font"), "unknown font '" + font + "'" + did_you_mean(font, names) + "; using '" +
                                fonts.default_family + "'" + available(names));
  return fonts.default_family;
}

// size and min_size: above zero (validate() refused negatives), at most kMaxFontSizePt,
// and min_size no larger than size.
void text_sizes(const Reader& r, Layer* l, Diagnostics& d) {
  l->size = r.length("size");
  l->min_size = r.length("min_size");
  if (l->size.pt == 0) d.error(r.mark("size"), "'size' must be above zero");
  if (l->min_size.pt == 0) d.error(r.mark("min_size"), "'min_size' must be above zero");
  for (const char* key : {"size", "min_size"})
    if (r.length(key).pt > kMaxFontSizePt)
      d.error(r.mark(key), std::string("'") + key + "' is " + format_number(r.length(key).pt) +
                               "pt; a font size may be at most " + format_number(kMaxFontSizePt) + "pt");
  if (l->min_size.pt > l->size.pt) l->min_size = l->size;
}

void read_text_layer(const Reader& r, const FontSet& fonts, Layer* l, Diagnostics& d) {
  l->text = r.str("text");
  l->text_mark = r.mark("text");
  l->style_mark = r.mark("style");
  l->weight_mark = r.mark("weight");
  l->font = text_font(r, fonts, d);
  text_sizes(r, l, d);
  l->shrink = r.boolean("shrink");
  l->color = r.str("color");
  l->markup = r.boolean("markup");
  l->line_spacing = r.number("line_spacing");
  if (l->line_spacing <= 0 || l->line_spacing > 10)
    d.error(r.mark("line_spacing"), "'line_spacing' must be above 0 and at most 10");
}

void read_image_layer(const Reader& r, Layer* l) {
  l->src = r.str("src");
  l->src_mark = r.mark("src");
}

// Checks shared by every layer type: a box above zero (a line's w and h are a vector and
// may be anything), and texts within kMaxTextBytes whose {field} references parse.
void check_layer(const Reader& r, const Schema& s, const Layer& l, Diagnostics& d) {
  for (const char* key : {"w", "h"})
    if (l.type != LayerType::Line && r.has(key) && r.rel_length(key).value <= 0)
      d.error(r.mark(key), std::string("'") + key + "' must be above zero");
  for (const char* key : {"when", "text", "src", "fill", "stroke", "color"}) {
    if (!s.find(key) || !r.has(key)) continue;
    if (r.str(key).size() > kMaxTextBytes) {
      d.error(r.mark(key), "'" + std::string(key) + "' is " + std::to_string(r.str(key).size()) +
                               " bytes long; a text may be at most " + std::to_string(kMaxTextBytes) + " bytes");
      continue;
    }
    if (const std::string err = read_template(r.str(key)).error; !err.empty())
      d.error(r.mark(key), "'" + std::string(key) + "': " + err);
  }
}

}  // namespace

namespace {

// Stacks inside stacks this deep are refused (each level is a layer the design draws).
constexpr int kMaxStackDepth = 16;

void read_into(const YAML::Node& n, const std::string& file, const FontSet& fonts, Diagnostics& d,
               std::vector<Layer>* out, size_t stack, int depth);

// A stack's children, each appended after it (and after the children before it).
void read_children(const Reader& r, const std::string& file, const FontSet& fonts, Diagnostics& d,
                   std::vector<Layer>* out, size_t at, int depth) {
  const YAML::Node kids = r.node("children");
  if (!kids || kids.IsNull()) return;
  if (!kids.IsSequence()) {
    d.error(r.mark("children"), "'children' must be a list of layers");
    return;
  }
  if (depth >= kMaxStackDepth) {
    d.error(r.mark("children"), "stacks are nested more than " + std::to_string(kMaxStackDepth) + " deep here");
    return;
  }
  for (const auto& kid : kids) read_into(kid, file, fonts, d, out, at, depth + 1);
  (*out)[at].children = static_cast<int>(out->size() - at - 1);
}

// Reads the layer at `n` onto the end of `out`; `stack` is the index in `out` of the
// stack it is a child of (`depth` > 0), and a stack's children follow it.
void read_into(const YAML::Node& n, const std::string& file, const FontSet& fonts, Diagnostics& d,
               std::vector<Layer>* out, size_t stack, int depth) {
  const std::string type = n.IsMap() && n["type"] ? n["type"].as<std::string>("") : "";
  const auto types = Schemas::layer_types();
  const size_t at = out->size();
  if (std::find(types.begin(), types.end(), type) == types.end()) {
    out->push_back(untyped_layer(n, type, types, file, d));
    if (depth > 0) out->back().parent = static_cast<int>(at - stack);
    return;
  }
  const Schema& s = Schemas::layer(type);
  validate(n, s, file, d);
  Reader r(n, s, file);
  Layer l;
  l.type = *enum_value(kLayerTypeNames, type);
  l.mark = r.mark();
  l.x = r.rel_length("x");
  l.y = r.rel_length("y");
  l.w = r.rel_length("w");
  l.h = r.rel_length("h");
  l.when = r.str("when");
  if (depth > 0) l.parent = static_cast<int>(at - stack);
  if (l.type == LayerType::Stack) read_stack_keys(r, &l);
  read_placement(r, depth > 0 ? &(*out)[stack] : nullptr, &l, d);
  auto opt = [&](const char* key) { return s.find(key) ? r.str(key) : std::string(); };
  l.fill = opt("fill");
  l.stroke = opt("stroke");
  if (s.find("stroke_width")) l.stroke_width = r.length("stroke_width");
  if (s.find("radius")) l.radius = r.length("radius");
  if (s.find("bleed")) l.bleed = r.boolean("bleed");
  if (l.type == LayerType::Text) read_text_layer(r, fonts, &l, d);
  if (l.type == LayerType::Image) read_image_layer(r, &l);
  // Every choice (rotate, align, fit...) through its table, as layout sets a {field}
  // giving one; a wrong word (reported by validate) keeps the default.
  for (const Field& f : s.fields)
    if (f.kind == Kind::Enum) set_layer_choice(l, f.name, r.str(f.name));
  for (const Field& f : s.fields)
    if (f.per_card && r.has(f.name) && r.str(f.name).find('{') != std::string::npos)
      l.per_card.push_back({f.name, r.str(f.name), r.mark(f.name)});
  check_layer(r, s, l, d);
  out->push_back(std::move(l));
  if (out->back().type == LayerType::Stack) read_children(r, file, fonts, d, out, at, depth);
}

}  // namespace

void read_layer(const YAML::Node& n, const std::string& file, const FontSet& fonts, Diagnostics& d,
                std::vector<Layer>* out) {
  read_into(n, file, fonts, d, out, 0, 0);
}

}  // namespace cardstock::loading
