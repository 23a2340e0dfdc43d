#include "plan/manifest.h"

#include <cstdio>
#include <sstream>

#include "base/length.h"
#include "base/text_check.h"
#include "base/version.h"

namespace cardstock {

std::string json_number(double v) { return format_number(v); }

std::string json_rect(const Rect& r) {
  return "[" + json_number(r.x) + ", " + json_number(r.y) + ", " + json_number(r.w) + ", " + json_number(r.h) + "]";
}

std::string json_point(double x, double y) { return "[" + json_number(x) + ", " + json_number(y) + "]"; }

std::string manifest_json(const ManifestHeader& h, const std::vector<PlannedOutput>& outputs) {
  std::ostringstream o;
  o << "{\n  \"game\": " << json_quote(h.game) << ",\n  \"title\": " << json_quote(h.title)
    << ",\n  \"source\": " << json_quote(h.source) << ",\n  \"generator\": "
    << json_quote(std::string("cardstock ") + kVersion) << ",\n  \"inputs_key\": " << json_quote(h.inputs_key)
    << ",\n  \"inputs\": [";
  for (size_t i = 0; i < h.inputs.size(); ++i) o << (i ? ", " : "") << json_quote(h.inputs[i]);
  o << "],\n  \"folders\": [";
  for (size_t i = 0; i < h.folders.size(); ++i) o << (i ? ", " : "") << json_quote(h.folders[i]);
  o << "]";
  if (!h.boxes.empty()) o << ",\n  \"boxes_mm\": " << h.boxes;
  o << ",\n  \"units\": \"pt\",\n  \"rect\": \"[x, y, width, height] from the page's top-left corner\",\n"
    << "  \"files\": [";
  // Every output's file, in the header: the no-op check reads the header alone (the
  // outputs below are most of a big deck's manifest) and needs only these to be there.
  for (size_t i = 0; i < outputs.size(); ++i) o << (i ? ", " : "") << json_quote(outputs[i].file);
  o << "],\n  \"outputs\": [";
  for (size_t i = 0; i < outputs.size(); ++i) {
    const PlannedOutput& p = outputs[i];
    const ManifestEntry& m = p.manifest;
    o << (i ? "," : "") << "\n    {\"file\": " << json_quote(p.file) << ", \"kind\": " << json_quote(kind_name(m.kind))
      << ", \"inputs_key\": " << json_quote(p.inputs_key);
    if (!m.deck.empty()) o << ", \"deck\": " << json_quote(m.deck);
    if (!m.stock.empty()) o << ", \"stock\": " << json_quote(m.stock);
    o << ", \"paper\": " << json_quote(m.paper) << ",\n     \"page_size\": [" << json_number(p.width) << ", "
      << json_number(p.height) << "], \"page_count\": " << p.pages.size() << m.extra << ",\n     \"pages\": [";
    if (m.pages) m.pages(o);
    o << "\n     ]}";
  }
  o << "\n  ]\n}\n";
  return o.str();
}

}  // namespace cardstock
