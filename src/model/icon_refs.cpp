// icon_refs: the icon references of text found with two regular expressions (model/icon_refs.h).
#include "model/icon_refs.h"

#include <algorithm>
#include <regex>

namespace cardstock {

std::vector<IconRef> icon_refs(const std::string& text, bool colons) {
  static const std::regex tag(R"re(<icon\s+name\s*=\s*(?:"([^"]*)"|'([^']*)')\s*/>)re");
  static const std::regex colon(R"(:([a-z][a-z0-9_-]*):)");
  std::vector<IconRef> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator(); ++it)
    out.push_back({static_cast<size_t>(it->position()), static_cast<size_t>(it->length()),
                   (*it)[1].matched ? (*it)[1].str() : (*it)[2].str()});
  if (colons) {
    // Left to right, a match consumes its closing colon: ":a::b:" is two icons, "10:30:" none.
    for (auto it = std::sregex_iterator(text.begin(), text.end(), colon); it != std::sregex_iterator(); ++it) {
      const size_t at = static_cast<size_t>(it->position());
      bool inside_tag = false;
      for (const auto& r : out) inside_tag = inside_tag || (at >= r.at && at < r.at + r.len);
      if (inside_tag) continue;
      // "\:x:" writes ":x:" itself: a teacher's "10:30:" or a word between colons when
      // the game has an icon of that name.
      const bool escaped = at > 0 && text[at - 1] == '\\';
      out.push_back({escaped ? at - 1 : at, static_cast<size_t>(it->length()) + (escaped ? 1 : 0),
                     (*it)[1].str(), escaped});
    }
  }
  std::sort(out.begin(), out.end(), [](const IconRef& a, const IconRef& b) { return a.at < b.at; });
  return out;
}

}  // namespace cardstock
