// icons: the `icons:` map of a game file (names for SVG or PNG files that text shows
// inline) and the references to them inside text (`:name:`, `<icon name="name"/>`).
#pragma once
#include <map>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock {

/// Reads `icons:` (node `n` of `file`) into g->icons: every name a lower-case identifier,
/// every file inside g->dir (unless g->allow_outside), a .svg or .png that passes the
/// image checks of images.h. Each problem is an error at the value's file:line:col.
void read_icons(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d);

/// An icon reference found in text: its byte range and the name it gives.
struct IconRef {
  size_t at = 0, len = 0;
  std::string name;
};

/// The icon references in `text`, in order: `<icon name="x"/>` always (single or double
/// quotes, spaces allowed), and `:x:` (x a lower-case identifier) when `colons`.
std::vector<IconRef> icon_refs(const std::string& text, bool colons);

}  // namespace cardstock
