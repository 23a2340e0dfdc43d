// preview_assets: the preview page's files (HTML, CSS, JavaScript), compiled into the
// program from web/preview/ (CMake writes them into a generated source), so
// an installed program needs no extra files and nothing is fetched from the network.
#pragma once
#include <string_view>

namespace cardstock {

struct PreviewAsset {
  std::string_view name;  // "index.html", "preview.css", "preview.js"
  std::string_view type;  // its Content-Type
  std::string_view text;
};

/// The asset named `name`, or null.
const PreviewAsset* preview_asset(std::string_view name);

}  // namespace cardstock
