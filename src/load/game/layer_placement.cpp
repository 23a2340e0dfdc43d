// layer_placement: placement keys read and checked at their file:line:col
// (load/game/layer_placement.h); layout/placement.h resolves them to points.
#include "load/game/layer_placement.h"

#include "base/length.h"
#include "model/enums.h"

namespace cardstock::loading {

namespace {

// `inset:` a word (trim, bleed, safe) or a length or percentage inside the trim.
void read_inset(const Reader& r, Layer* l, Diagnostics& d) {
  if (!r.has("inset")) return;
  const YAML::Node n = r.node("inset");
  const std::string v = n.IsScalar() ? n.Scalar() : "";
  if (const auto word = enum_value(kInsetNames, v)) {
    l->inset = *word;
    return;
  }
  if (const auto len = parse_rel_length(v, nullptr); len && len->value >= 0) {
    l->inset = Inset::By;
    l->inset_by = *len;
    return;
  }
  d.error(r.mark("inset"), "'inset' must be trim, bleed, safe, a length (3mm) or a % of the card's shorter side, not '" +
                               v + "'" + did_you_mean(v, enum_names(kInsetNames)));
}

const char* main_key(const Layer& stack) { return stack.direction == StackDir::Down ? "h" : "w"; }

// A child of a stack: the stack places it, so it gives neither x, y, anchor nor inset,
// and a child with no natural size (not a text or an image) needs its length or a grow.
void check_child(const Reader& r, const Layer& stack, const Layer& l, Diagnostics& d) {
  const std::string in = "inside a stack: the stack places its children";
  for (const char* key : {"x", "y", "anchor", "inset"})
    if (r.has(key)) d.error(r.mark(key), std::string("'") + key + "' has no meaning " + in + " (give w or h, grow, and the stack's align)");
  const char* len = main_key(stack);
  const bool natural = l.type == LayerType::Text || l.type == LayerType::Image;
  if (!natural && l.grow == 0 && !r.has(len))
    d.error(r.mark(), std::string("a ") + std::string(enum_name(kLayerTypeNames, l.type)) + " inside a " +
                          (stack.direction == StackDir::Down ? "down" : "right") + " stack has no natural " +
                          (stack.direction == StackDir::Down ? "height" : "width") + ": give it '" + len +
                          "' or 'grow'");
}

}  // namespace

void read_placement(const Reader& r, const Layer* stack, Layer* l, Diagnostics& d) {
  l->name = r.str("name");
  l->has_x = r.has("x");
  l->has_y = r.has("y");
  l->has_w = r.has("w");
  l->has_h = r.has("h");
  if (r.has("anchor")) {
    if (const auto a = enum_value(kAnchorNames, r.str("anchor"))) l->anchor = *a;  // else validate() said so
    for (const char* key : {"x", "y"})
      if (!stack && r.has(key))
        d.error(r.mark(key), std::string("'") + key + "' has no meaning with 'anchor': the anchor places the box "
                                                        "(move it in from the edge with 'inset')");
  }
  read_inset(r, l, d);
  l->grow = r.number("grow");
  if (l->grow < 0) d.error(r.mark("grow"), "'grow' must be 0 or more");
  if (stack) check_child(r, *stack, *l, d);
}

void read_stack_keys(const Reader& r, Layer* l) {
  if (const auto v = enum_value(kStackDirNames, r.str("direction"))) l->direction = *v;
  if (const auto v = enum_value(kStackAlignNames, r.str("align"))) l->cross = *v;
  l->gap = r.length("gap");
  l->padding = r.length("padding");
}

}  // namespace cardstock::loading
