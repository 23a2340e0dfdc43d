// A deck read from its validated map: its card size and stocks, designs that exist,
// expected counts, facts, and cards (YAML rows, CSV files, folders of pictures) with unique
// ids. A folder of pictures adds the designs that show them to the game.
#pragma once
#include <string>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

Deck read_deck(const YAML::Node& n, const std::string& file, const Templates& t, Game& g, Diagnostics& d);

}  // namespace cardstock::loading
