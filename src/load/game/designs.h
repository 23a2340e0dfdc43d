// Designs: read from a `designs:` map (a name defined in two templates files is an
// error), then their `extends` chains flattened into the game (cycles, chain length and
// layer counts limited; a design that cannot be resolved is listed as broken).
#pragma once
#include <map>
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

void read_designs(const YAML::Node& map, const std::string& file, const FontSet& fonts,
                  std::map<std::string, Design>* out, Diagnostics& d);

// Flattens `extends` chains: parent layers first, own background wins.
void resolve_designs(const std::map<std::string, Design>& own, const Templates& t, Game* g, Diagnostics& d);

}  // namespace cardstock::loading
