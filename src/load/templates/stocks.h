// A stock (sheet, print shop or Tabletop Simulator files) read from its validated map:
// every value checked where it is read; *ok false if the stock cannot be used.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

Stock read_stock(const YAML::Node& n, const std::string& file, const Templates& t, Diagnostics& d, bool* ok);

/// The stocks a stock entry makes: itself, or with `paper: [letter, a4]` one stock a
/// paper, "<id>-<paper>" (aliases too), of family <id>. Those read with errors are left
/// out (*ok false).
std::vector<Stock> read_stocks(const YAML::Node& n, const std::string& file, const Templates& t, Diagnostics& d,
                               bool* ok);

}  // namespace cardstock::loading
