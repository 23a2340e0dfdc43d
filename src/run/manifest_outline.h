// What a build needs of a previous manifest, read without building the rest of it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"

namespace cardstock {

/// A manifest as the cache and the stale-output sweep use it: its header (the keys before
/// "outputs": flat values as they are, lists of plain values as arrays, anything nested
/// deeper as null) and each output's file, key and the files a folder output holds (its
/// pages' then its saved object). `ok` is false, with nothing in it, for a text that is
/// not a JSON object. Never throws.
struct ManifestOutline {
  struct Output {
    std::string file, inputs_key;      // "" where absent or not text
    std::vector<std::string> inside;  // a folder output's pages' files, then its saved_object
  };
  Json header = Json::object();
  std::vector<Output> outputs;  // one per entry of "outputs", in order
  bool outputs_listed = false;  // "outputs" is there, as a list
  bool ok = false;
};

/// Reads `text` through nlohmann's SAX interface: the pages and cards (most of a big
/// deck's manifest) are looked at and dropped, never built. With `header_only` it stops
/// at "outputs" (which the writer puts last).
ManifestOutline read_manifest_outline(std::string_view text, bool header_only = false);

}  // namespace cardstock
