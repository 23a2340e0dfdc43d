#include "plan/manifest.h"

#include <cstdio>
#include <sstream>

#include "base/length.h"
#include "base/text_check.h"
#include "base/version.h"

namespace cardstock {

std::string json_string(const std::string& s) {
  std::string o = "\"";
  // A file name that is not UTF-8 (Latin-1, say) keeps its bytes readable as "\xE9":
  // the manifest stays JSON, and valid names are written as they are.
  for (unsigned char c : utf8_or_escaped(s)) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          o += buf;
        } else {
          o += static_cast<char>(c);
        }
    }
  }
  return o + "\"";
}

std::string json_number(double v) { return format_number(v); }

std::string json_rect(const Rect& r) {
  return "[" + json_number(r.x) + ", " + json_number(r.y) + ", " + json_number(r.w) + ", " + json_number(r.h) + "]";
}

std::string json_point(double x, double y) { return "[" + json_number(x) + ", " + json_number(y) + "]"; }

std::string manifest_json(const ManifestHeader& h, const std::vector<PlannedOutput>& outputs) {
  std::ostringstream o;
  o << "{\n  \"game\": " << json_string(h.game) << ",\n  \"title\": " << json_string(h.title)
    << ",\n  \"source\": " << json_string(h.source) << ",\n  \"generator\": "
    << json_string(std::string("cardstock ") + kVersion) << ",\n  \"inputs_key\": " << json_string(h.inputs_key)
    << ",\n  \"inputs\": [";
  for (size_t i = 0; i < h.inputs.size(); ++i) o << (i ? ", " : "") << json_string(h.inputs[i]);
  o << "],\n  \"folders\": [";
  for (size_t i = 0; i < h.folders.size(); ++i) o << (i ? ", " : "") << json_string(h.folders[i]);
  o << "],\n  \"units\": \"pt\",\n  \"rect\": \"[x, y, width, height] from the page's top-left corner\",\n"
    << "  \"outputs\": [";
  for (size_t i = 0; i < outputs.size(); ++i) {
    const PlannedOutput& p = outputs[i];
    const ManifestEntry& m = p.manifest;
    o << (i ? "," : "") << "\n    {\"file\": " << json_string(p.file) << ", \"kind\": " << json_string(kind_name(m.kind))
      << ", \"inputs_key\": " << json_string(p.inputs_key);
    if (!m.deck.empty()) o << ", \"deck\": " << json_string(m.deck);
    if (!m.stock.empty()) o << ", \"stock\": " << json_string(m.stock);
    o << ", \"paper\": " << json_string(m.paper) << ",\n     \"page_size\": [" << json_number(p.width) << ", "
      << json_number(p.height) << "], \"page_count\": " << p.pages.size() << m.extra << ",\n     \"pages\": [";
    if (m.pages) m.pages(o);
    o << "\n     ]}";
  }
  o << "\n  ]\n}\n";
  return o.str();
}

}  // namespace cardstock
