// Papers and card sizes as a templates file or a game file writes them (validated maps
// in, model values out; shape and size problems reported, never thrown).
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

Paper read_paper(const YAML::Node& n, const std::string& file);

CardSize read_card_size(const YAML::Node& n, const std::string& file, Diagnostics& d);

template <class T>
void check_positive_size(const T& x, const std::string& what, Diagnostics& d) {
  if (x.width.pt <= 0 || x.height.pt <= 0)
    d.error(x.mark, what + " '" + x.id + "' must have a width and height above zero");
}

}  // namespace cardstock::loading
