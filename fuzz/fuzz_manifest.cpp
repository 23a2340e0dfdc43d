// libFuzzer target: one input read as the manifest.json of an output folder, as
// `cardstock diff` reads one from anyone (base/json parse_json, diff/manifest_read),
// keeping the pages of every output it names. Every problem must come back as an error
// at its line:col: a crash, a sanitizer report, a leak or a timeout is a bug.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "base/json.h"
#include "diff/manifest_read.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cardstock::ManifestInfo m;
  cardstock::Diagnostics first, d;
  // First for its file names, then again keeping every output's pages.
  std::set<std::string> keep;
  if (cardstock::read_manifest(text, "manifest.json", {}, &m, first))
    for (const auto& o : m.outputs) keep.insert(o.file);
  cardstock::ManifestInfo all;
  const bool ok = cardstock::read_manifest(text, "manifest.json", keep, &all, d);
  if (!ok && !d.has_errors()) __builtin_trap();  // a refusal always says why
  const cardstock::JsonParsed parsed = cardstock::parse_json(text);
  if (!parsed.ok() && parsed.error_at > text.size()) __builtin_trap();  // a place in the text
  return 0;
}
