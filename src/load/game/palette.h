// A game's palette (`colors:`, names for colours) and the check of a literal colour
// expression against it. Problems reported, never thrown.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

void read_palette(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d);

// A literal colour expression (no {field}) can be checked once, at its layer.
void check_literal_color(const std::string& expr, const Mark& m, const Game& g, Diagnostics& d);

}  // namespace cardstock::loading
