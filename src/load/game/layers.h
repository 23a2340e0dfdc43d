// One design layer (rect, ellipse, line, text, image, stack) read from its validated map;
// an unknown or missing type is reported and read as an empty rect so loading goes on.
#pragma once
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

/// Appends the layer at `n` to `out`; a stack is followed by its children, each with
/// Layer::parent set (the design's layers hold a stack flattened, model/model.h).
void read_layer(const YAML::Node& n, const std::string& file, const FontSet& fonts, Diagnostics& d,
                std::vector<Layer>* out);

}  // namespace cardstock::loading
