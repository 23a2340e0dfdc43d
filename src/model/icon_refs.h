// icon_refs: the references to a game's icons inside text (`:name:`, `<icon name="name"/>`),
// found by their byte range; plain text work, no files (the `icons:` map is load/icons.h).
#pragma once
#include <string>
#include <vector>

namespace cardstock {

/// An icon reference found in text: its byte range and the name it gives.
struct IconRef {
  size_t at = 0, len = 0;
  std::string name;
};

/// The icon references in `text`, in order: `<icon name="x"/>` always (single or double
/// quotes, spaces allowed), and `:x:` (x a lower-case identifier) when `colons`.
std::vector<IconRef> icon_refs(const std::string& text, bool colons);

}  // namespace cardstock
