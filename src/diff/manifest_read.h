// manifest_read: what `cardstock diff` needs of a manifest.json that may come from
// anyone: each output's file and page count, and for chosen outputs where every card was
// placed on every page (its id, copy, side, source file:line:col, rectangle). Checked
// for shape as well as syntax; the first problem is reported at its file:line:col.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"

namespace cardstock {

/// Most placements one manifest page may list.
inline constexpr long kMaxPlacementsPerPage = 10000;

/// A rectangle in points from the page's top-left corner.
struct PageBox {
  double x = 0, y = 0, w = 0, h = 0;
  bool operator==(const PageBox&) const = default;
};

struct ManifestPlacement {
  std::string id;      // card id ("page-3" for a booklet page on an imposed sheet)
  long copy = 0;       // 0 = not given
  std::string side;    // "front", "back" or ""
  std::string source;  // "content/dayenu.yaml:133:9" or ""
  PageBox rect;
  double rotation = 0;
};

struct ManifestPage {
  long page = 0;  // 1-based
  std::vector<ManifestPlacement> placements;
};

struct ManifestOutput {
  std::string file;
  long page_count = 0;
  std::vector<ManifestPage> pages;  // only for the outputs asked for, else empty
};

struct ManifestInfo {
  std::vector<ManifestOutput> outputs;
  /// The text without the values of "inputs" and "inputs_key" (which change with every
  /// edit of a source file, even a comment): two manifests whose `comparable` texts are
  /// equal describe the same outputs.
  std::string comparable;
  const ManifestOutput* find(const std::string& file) const;
};

/// Reads manifest `text` (the file `path`), keeping the pages of the outputs named in
/// `keep_pages`. False with an error ("path:12:7: error: 'rect' must be four numbers") if
/// it is not JSON or not a manifest.
bool read_manifest(std::string_view text, const std::string& path, const std::set<std::string>& keep_pages,
                   ManifestInfo* out, Diagnostics& d);

}  // namespace cardstock
