#include "model/enums.h"

namespace cardstock {

namespace {

// The one list of a layer's choice keys: calls `f(table, member)` for `key` and returns
// true, or returns false if `key` is not a choice. Both lookups below go through it, so a
// key cannot have names without being set, or the reverse.
template <class F>
bool with_layer_choice(Layer& l, std::string_view key, F&& f) {
  if (key == "rotate") f(kRotateNames, l.rotate);
  else if (key == "weight") f(kWeightNames, l.bold);
  else if (key == "style") f(kStyleNames, l.italic);
  else if (key == "dir") f(kDirNames, l.rtl);
  else if (key == "align") f(kAlignNames, l.align);
  else if (key == "valign") f(kVAlignNames, l.valign);
  else if (key == "fit") f(kFitNames, l.fit);
  else return false;
  return true;
}

}  // namespace

std::vector<std::string> layer_choice_names(std::string_view key) {
  std::vector<std::string> names;
  Layer l;
  with_layer_choice(l, key, [&](const auto& table, auto&) { names = enum_names(table); });
  return names;
}

bool set_layer_choice(Layer& l, std::string_view key, std::string_view name) {
  bool known = false;
  with_layer_choice(l, key, [&](const auto& table, auto& member) {
    if (const auto v = enum_value(table, name)) {
      member = *v;
      known = true;
    }
  });
  return known;
}

}  // namespace cardstock
