// layer_values: per-card layer values checked against the layer schemas (load/schema/layer_values.h).
#include "load/schema/layer_values.h"

#include "load/schema/schema.h"
#include "model/enums.h"

namespace cardstock {

namespace {

// The layer type's name in the schema tables: model/enums.h's one table.
std::string type_name(LayerType t) { return std::string(enum_name(kLayerTypeNames, t)); }

}  // namespace

bool is_layer_key(LayerType type, const std::string& key) {
  return Schemas::layer(type_name(type)).find(key) != nullptr;
}

std::string layer_value_problem(LayerType type, const std::string& key, const std::string& v) {
  const Field* f = Schemas::layer(type_name(type)).find(key);
  return f ? scalar_problem(*f, v) : "";
}

}  // namespace cardstock
