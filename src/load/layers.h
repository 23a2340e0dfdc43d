// One design layer (rect, ellipse, line, text, image) read from its validated map; an
// unknown or missing type is reported and read as an empty rect so loading goes on.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

Layer read_layer(const YAML::Node& n, const std::string& file, const FontSet& fonts, Diagnostics& d);

}  // namespace cardstock::loading
