#include "base/xml.h"

namespace cardstock {

std::string xml_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;  // HTML attributes may be single-quoted
      default: o += c;
    }
  }
  return o;
}

}  // namespace cardstock
