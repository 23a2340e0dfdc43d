// The parts of a game file beside its decks: boards (hex tiles assembled), tables of
// facts for the booklet, and the booklet's own keys. Problems reported, never thrown.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

Board read_board(const YAML::Node& n, const std::string& file, Diagnostics& d);

void read_tables(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d);

void read_booklet(const YAML::Node& n, const std::string& file, const FontSet& fonts, Game* g, Diagnostics& d);

}  // namespace cardstock::loading
