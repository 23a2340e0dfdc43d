// name_pattern: a file-name pattern of * and ? in one folder, as a folder-of-pictures
// deck names its pictures (`cards: {images: "art/*.png"}`). The loader matches it to list
// the deck's cards; `watch` and `preview` match it to see that a file new in the folder
// is a new card. One matcher for both, so they never disagree.
#pragma once
#include <string>

namespace cardstock {

/// A pattern and the folder it is matched in (as the game names it, joined to the game's
/// folder).
struct NamePattern {
  std::string folder, pattern;
  bool operator==(const NamePattern&) const = default;
  bool operator<(const NamePattern& o) const { return folder != o.folder ? folder < o.folder : pattern < o.pattern; }
};

/// Whether file name `name` matches `pattern`: * any run of characters, ? one; a hidden
/// name (a leading dot) never does, as a shell's * leaves hidden files out.
bool name_matches(const std::string& pattern, const std::string& name);

}  // namespace cardstock
