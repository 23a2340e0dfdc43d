// The previous manifest is read by SAX (run/manifest_outline.h): what it gives must be
// what reading the whole value gives, for the manifests cardstock writes and for any
// other text a folder may hold.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "base/json.h"
#include "run/manifest_outline.h"

namespace cardstock {

namespace {

// The same outline, from the whole parsed value: the reference.
ManifestOutline outline_by_value(const std::string& text) {
  ManifestOutline out;
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object()) return out;
  out.ok = true;
  for (const auto& [k, v] : j.items()) {
    if (k == "outputs") continue;
    if (v.is_array()) {
      Json list = Json::array();
      for (const auto& x : v) {
        if (x.is_structured()) {
          list = nullptr;
          break;
        }
        list.push_back(x);
      }
      out.header[k] = list;
    } else {
      out.header[k] = v.is_object() ? Json(nullptr) : v;
    }
  }
  const auto outputs = j.find("outputs");
  out.outputs_listed = outputs != j.end() && outputs->is_array();
  if (!out.outputs_listed) return out;
  auto text_of = [](const Json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  for (const auto& o : *outputs) {
    ManifestOutline::Output entry;
    if (o.is_object()) {
      entry.file = text_of(o, "file");
      entry.inputs_key = text_of(o, "inputs_key");
      if (const auto pages = o.find("pages"); pages != o.end() && pages->is_array())
        for (const auto& pg : *pages)
          if (pg.is_object() && !text_of(pg, "file").empty()) entry.inside.push_back(text_of(pg, "file"));
      if (!text_of(o, "saved_object").empty()) entry.inside.push_back(text_of(o, "saved_object"));
    }
    out.outputs.push_back(entry);
  }
  return out;
}

void expect_same(const std::string& text) {
  const ManifestOutline a = read_manifest_outline(text), b = outline_by_value(text);
  EXPECT_EQ(a.ok, b.ok) << text;
  EXPECT_EQ(a.header.dump(), b.header.dump()) << text;
  EXPECT_EQ(a.outputs_listed, b.outputs_listed) << text;
  ASSERT_EQ(a.outputs.size(), b.outputs.size()) << text;
  for (size_t i = 0; i < a.outputs.size(); ++i) {
    EXPECT_EQ(a.outputs[i].file, b.outputs[i].file) << text;
    EXPECT_EQ(a.outputs[i].inputs_key, b.outputs[i].inputs_key) << text;
    EXPECT_EQ(a.outputs[i].inside, b.outputs[i].inside) << text;
  }
}

const char* kManifest = R"({
  "game": "demo", "title": "Demo", "source": "g.yaml", "inputs_key": "k0",
  "inputs": ["a.yaml", "b.svg"], "folders": ["/t"], "boxes_mm": {"trim": [1, 2]},
  "units": "pt",
  "outputs": [
    {"file": "cards.pdf", "kind": "cards", "inputs_key": "k1", "page_size": [612, 792],
     "pages": [{"page": 1, "cards": [{"id": "c1", "rect": [36, 18, 180, 252]}]}]},
    {"file": "tts", "kind": "tts", "inputs_key": "k2",
     "pages": [{"file": "face-1.png", "cards": []}, {"file": "back-1.png"}], "saved_object": "deck.json"},
    {"file": "cut.svg", "inputs_key": "k3", "saved_object": "x.json", "pages": [{"file": "p.png"}]}
  ]
})";

}  // namespace

TEST(ManifestOutline, GivesWhatTheWholeValueGives) {
  const ManifestOutline o = read_manifest_outline(kManifest);
  ASSERT_TRUE(o.ok);
  EXPECT_EQ(o.header["game"], "demo");
  EXPECT_EQ(o.header["inputs"], Json::array({"a.yaml", "b.svg"}));
  EXPECT_TRUE(o.header["boxes_mm"].is_null());
  ASSERT_EQ(o.outputs.size(), 3u);
  EXPECT_EQ(o.outputs[0].file, "cards.pdf");
  EXPECT_EQ(o.outputs[0].inputs_key, "k1");
  EXPECT_TRUE(o.outputs[0].inside.empty());
  EXPECT_EQ(o.outputs[1].inside, (std::vector<std::string>{"face-1.png", "back-1.png", "deck.json"}));
  EXPECT_EQ(o.outputs[2].inside, (std::vector<std::string>{"p.png", "x.json"}));
  expect_same(kManifest);
}

TEST(ManifestOutline, HeaderOnlyStopsAtTheOutputs) {
  const ManifestOutline o = read_manifest_outline(kManifest, true);
  EXPECT_TRUE(o.ok);
  EXPECT_EQ(o.header["source"], "g.yaml");
  EXPECT_TRUE(o.outputs.empty());
  EXPECT_FALSE(read_manifest_outline("{\"game\": ", true).ok);
}

TEST(ManifestOutline, AnyOtherTextGivesWhatTheWholeValueGives) {
  for (const char* text :
       {"", "3", "\"x\"", "[]", "[{\"file\": \"a.pdf\"}]", "{}", "{\"outputs\": 3}", "{\"outputs\": {}}",
        "{\"outputs\": [3, \"a\", [1], {\"file\": 4}, {\"file\": \"b.pdf\", \"pages\": {\"file\": \"q\"}}]}",
        "{\"outputs\": [{\"pages\": [[{\"file\": \"deep\"}], {\"file\": [\"x\"]}, {\"file\": \"ok.png\"}]}]}",
        "{\"inputs\": [1, [2], 3], \"game\": {\"a\": 1}, \"outputs\": []}", "{\"a\": 1} trailing",
        "{\"file\": \"\xff\"}", "{\"outputs\": [{\"file\": \"a.pdf\", \"file\": \"b.pdf\"}]}"})
    expect_same(text);
  // Every cut of a real manifest: a build killed while another wrote it leaves any prefix.
  const std::string full = kManifest;
  for (size_t n = 0; n <= full.size(); ++n) expect_same(full.substr(0, n));
}

}  // namespace cardstock
