// icon_refs: the references to a game's icons inside text (`:name:`, `<icon name="name"/>`),
// found by their byte range; plain text work, no files (the `icons:` map is load/images/icons.h).
#pragma once
#include <string>
#include <vector>

namespace cardstock {

/// An icon reference found in text: its byte range and the name it gives. An escaped one
/// (`\:x:`) is no icon: it stands for its text without the backslash, `:x:`.
struct IconRef {
  size_t at = 0, len = 0;
  std::string name;
  bool escaped = false;
  /// What an escaped reference stands for: its text after the backslash, with a word
  /// joiner (U+2060, invisible, no glyph) after the first colon, so that no later step
  /// (a table cell read again, the check of printed text) takes it for an icon code.
  std::string literal(const std::string& text) const {
    return text.substr(at + 1, 1) + "\xE2\x81\xA0" + text.substr(at + 2, len - 2);
  }
};

/// The icon references in `text`, in order: `<icon name="x"/>` always (single or double
/// quotes, spaces allowed), and `:x:` (x a lower-case identifier) when `colons`; a `:x:`
/// right after a backslash comes back escaped, the backslash in its range.
std::vector<IconRef> icon_refs(const std::string& text, bool colons);

}  // namespace cardstock
