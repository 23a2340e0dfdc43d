// layer_values: a layer key's value read per card (a {field} filled in) checked as the
// schema checks a written one. Free of YAML, so layout can ask without including it.
#pragma once
#include <string>

#include "model/model.h"

namespace cardstock {

/// True if `key` is a key of a layer of type `type` in the schema tables.
bool is_layer_key(LayerType type, const std::string& key);

/// What is wrong with `v` as the value of `key` of a `type` layer, as words to follow
/// the key ("must be a length with a unit (mm, cm, in or pt), not '12'"), or "" (also for
/// a key the layer does not have).
std::string layer_value_problem(LayerType type, const std::string& key, const std::string& v);

}  // namespace cardstock
