// icons: the `icons:` map of a game file (names for SVG or PNG files that text shows
// inline); the references to them inside text are model/icon_refs.h.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/icon_refs.h"
#include "model/model.h"

namespace cardstock {

/// Reads `icons:` (node `n` of `file`) into g->icons: every name a lower-case identifier,
/// every file inside g->dir (unless g->allow_outside), a .svg or .png that passes the
/// image checks of images.h. Each problem is an error at the value's file:line:col.
void read_icons(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d);

}  // namespace cardstock
