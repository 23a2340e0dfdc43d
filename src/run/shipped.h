// shipped: where the folders the program ships with are (its templates, its example
// games, its documentation), found by one rule: beside the installed program, in the
// source tree when the program is still in its build folder, or where it was to be
// installed.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "run/build.h"

namespace cardstock {

/// One of the folders the program ships with.
struct ShippedFolder {
  std::string installed;  // its place under the installed prefix: "share/cardstock/templates"
  std::string source;     // its place in the source tree: "templates"
  /// True if a folder is that one (templates: it holds cards.yaml).
  bool (*holds)(const std::filesystem::path& dir);
};

/// The folder `what` of the program at `exe`: <prefix>/<installed> when it is installed in
/// <prefix>/bin; <source>/<what.source> of the source tree when `exe` is still in the
/// build folder it was built in (`tree`); else <what.source> beside it or at most two
/// folders up (a build folder inside the source tree); else `configured` (the path it was
/// to be installed at). "" if none of them holds it; *looked lists the places tried.
std::string find_shipped_folder(const std::string& exe, const ShippedFolder& what, const std::string& configured,
                                std::vector<std::string>* looked, const BuildTree& tree = {});

/// The shipped folders: templates (cards.yaml in it) and the example games
/// (share/cardstock/examples, content/ of the source tree: run/examples.h).
extern const ShippedFolder kShippedTemplates, kShippedExamples;

}  // namespace cardstock
