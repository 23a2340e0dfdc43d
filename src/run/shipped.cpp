// shipped: find_shipped_folder and the folders it finds (run/shipped.h).
#include "run/shipped.h"

#include "run/examples.h"

namespace fs = std::filesystem;

namespace cardstock {

const ShippedFolder kShippedTemplates{"share/cardstock/templates", "templates", [](const fs::path& dir) {
                                        std::error_code ec;
                                        return fs::is_regular_file(dir / "cards.yaml", ec);
                                      }};
const ShippedFolder kShippedExamples{"share/cardstock/examples", "content",
                                     [](const fs::path& dir) { return !examples_in(dir.string()).empty(); }};

std::string find_shipped_folder(const std::string& exe, const ShippedFolder& what, const std::string& configured,
                                std::vector<std::string>* looked, const BuildTree& tree) {
  std::vector<fs::path> places;
  std::error_code ec;
  if (!exe.empty()) {
    const fs::path bin = fs::path(exe).parent_path();
    places.push_back(bin.parent_path() / what.installed);
    // Only the program in its own build folder: an installed or copied one never reads
    // the source tree it happened to be built from.
    if (!tree.dir.empty() && !tree.source.empty() && fs::equivalent(bin, tree.dir, ec))
      places.push_back(fs::path(tree.source) / what.source);
    // A build folder in the source tree (build/, or build/<config>/): no higher, so a copy
    // of the program elsewhere never picks up some unrelated folder of that name.
    fs::path p = bin;
    for (int up = 0; up < 3 && !p.empty(); ++up, p = p.parent_path()) {
      places.push_back(p / what.source);
      if (p == p.root_path()) break;
    }
  }
  if (!configured.empty()) places.push_back(configured);
  for (const auto& p : places) {
    looked->push_back(p.string());
    if (what.holds(p)) return p.string();
  }
  return "";
}

}  // namespace cardstock
