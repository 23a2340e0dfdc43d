// layer_values: per-card layer values checked against the layer schemas (load/layer_values.h).
#include "load/layer_values.h"

#include "load/schema.h"

namespace cardstock {

namespace {

// The layer type's name in the schema tables.
const char* type_name(LayerType t) {
  switch (t) {
    case LayerType::Rect: return "rect";
    case LayerType::Ellipse: return "ellipse";
    case LayerType::Line: return "line";
    case LayerType::Text: return "text";
    case LayerType::Image: return "image";
  }
  return "rect";
}

}  // namespace

bool is_layer_key(LayerType type, const std::string& key) {
  return Schemas::layer(type_name(type)).find(key) != nullptr;
}

std::string layer_value_problem(LayerType type, const std::string& key, const std::string& v) {
  const Field* f = Schemas::layer(type_name(type)).find(key);
  return f ? scalar_problem(*f, v) : "";
}

}  // namespace cardstock
