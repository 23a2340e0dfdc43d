// The fonts of a template layer: a fonts.yaml (families, default family, hyphenation
// dictionary) or a game's `fonts:` entries; font files found and checked, a game's
// confined to its folder. Problems reported, never thrown.
#pragma once
#include <filesystem>
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "load/templates/template_layer.h"
#include "model/model.h"

namespace cardstock::loading {

// One font family as a layer lists it: its files found and checked.
void read_font_family(const YAML::Node& f, const std::string& file, const std::filesystem::path& root,
                      const LayerOrigin& o, TemplateLayer& layer, Diagnostics& d);

// A layer's fonts.yaml: families, and the default family and hyphenation dictionary if
// it names them.
void read_fonts_file(Templates& t, const std::filesystem::path& root, const LayerOrigin& o, TemplateLayer& layer,
                     Diagnostics& d);

}  // namespace cardstock::loading
