// The JSON a diff reads comes from anyone: every malformed input is an error at its
// line:col, never a crash; and what a manifest says is read, and checked, as it says it.
#include "review/json_reader.h"

#include <gtest/gtest.h>

#include <string>

#include "review/manifest_read.h"

namespace cardstock {

namespace {

// The first error met skipping the whole of `text`, or "" if it is valid JSON.
std::string error_of(const std::string& text) {
  JsonReader r(text);
  r.skip();
  r.finish();
  return r.error();
}

}  // namespace

TEST(JsonReader, ReadsWhatItIsAskedFor) {
  JsonReader r(R"({"a": [1, -2.5e1, true, null], "b": "x\"\u00e9\ud83d\ude00\n", "c": {}})");
  ASSERT_TRUE(r.begin_object());
  std::string key, s;
  ASSERT_TRUE(r.next_key(&key));
  EXPECT_EQ(key, "a");
  ASSERT_TRUE(r.begin_array());
  double v = 0;
  bool b = false;
  ASSERT_TRUE(r.next_item());
  ASSERT_TRUE(r.number(&v));
  EXPECT_EQ(v, 1);
  ASSERT_TRUE(r.next_item());
  ASSERT_TRUE(r.number(&v));
  EXPECT_EQ(v, -25);
  ASSERT_TRUE(r.next_item());
  ASSERT_TRUE(r.boolean(&b));
  EXPECT_TRUE(b);
  ASSERT_TRUE(r.next_item());
  EXPECT_EQ(r.peek(), JsonReader::Type::Null);
  ASSERT_TRUE(r.skip());
  EXPECT_FALSE(r.next_item());
  ASSERT_TRUE(r.next_key(&key));
  EXPECT_EQ(key, "b");
  ASSERT_TRUE(r.string(&s));
  EXPECT_EQ(s, "x\"\xC3\xA9\xF0\x9F\x98\x80\n");
  ASSERT_TRUE(r.next_key(&key));
  const size_t at = r.value_end();
  ASSERT_TRUE(r.skip());
  EXPECT_EQ(r.value_begin(), at + 1);  // the space after ':' is not part of the value
  EXPECT_EQ(r.value_end(), at + 3);
  EXPECT_FALSE(r.next_key(&key));
  EXPECT_TRUE(r.finish()) << r.error();
}

TEST(JsonReader, EveryMalformedTextIsAnErrorAtItsPlace) {
  EXPECT_EQ(error_of(""), "1:1: expected a value, found the end of the text");
  EXPECT_EQ(error_of("{\"a\": 1,}"), "1:9: expected a key (a string), found '}'");
  EXPECT_EQ(error_of("{\"a\" 1}"), "1:6: expected ':' after the key, found '1'");
  EXPECT_EQ(error_of("[1 2]"), "1:4: expected ',' or ']' in an array, found '2'");
  EXPECT_EQ(error_of("[1,\n 2,\n ]"), "3:2: expected a value, found ']'");
  EXPECT_EQ(error_of("{\"a\": [1, 2}"), "1:12: expected ',' or ']' in an array, found '}'");
  EXPECT_EQ(error_of("[01]"), "1:3: expected ',' or ']' in an array, found '1'");
  EXPECT_EQ(error_of("[1.]"), "1:4: a number wants digits after '.', found ']'");
  EXPECT_EQ(error_of("[1e999]"), "1:2: the number 1e999 is out of range");
  EXPECT_EQ(error_of("[tru]"), "1:2: expected a value, found 't'");
  EXPECT_EQ(error_of("\"abc"), "1:1: a string is not closed");
  EXPECT_EQ(error_of("\"a\tb\""), "1:3: a control character (byte 0x09) inside a string; write it as an escape");
  EXPECT_EQ(error_of("\"\\x41\""), "1:2: unknown escape '\\x' in a string");
  EXPECT_EQ(error_of("\"\\ud800\""), "1:2: a lone surrogate '\\ud800'");
  EXPECT_EQ(error_of("\"\\udc00x\""), "1:2: a lone surrogate '\\udc00'");
  EXPECT_EQ(error_of("\"caf\xE9\""), "1:5: byte 0xE9 is not UTF-8");
  EXPECT_EQ(error_of("\"\xC0\xAF\""), "1:2: byte 0xC0 is not UTF-8");     // an overlong '/'
  EXPECT_EQ(error_of("\"\xED\xA0\x80\""), "1:2: byte 0xED is not UTF-8");  // a surrogate
  EXPECT_EQ(error_of("{} x"), "1:4: unexpected 'x' after the end of the JSON value");
  EXPECT_EQ(error_of("{\"a\": {"), "1:8: expected a key (a string), found the end of the text");
  EXPECT_EQ(error_of("\xEF\xBB\xBF{}"), "");  // a byte-order mark is tolerated
}

TEST(JsonReader, NestingIsBoundedNotACrash) {
  const std::string deep(100000, '[');
  EXPECT_EQ(error_of(deep), "1:65: nesting deeper than 64 levels");
  EXPECT_EQ(error_of(std::string(64, '[') + std::string(64, ']')), "");
}

TEST(JsonReader, TypedReadsSayWhatTheyFound) {
  JsonReader r(R"({"n": "3"})");
  std::string key;
  ASSERT_TRUE(r.begin_object());
  ASSERT_TRUE(r.next_key(&key));
  long n = 0;
  EXPECT_FALSE(r.integer(&n, 0, 10));
  EXPECT_EQ(r.error(), "1:7: expected a number, found a string");
  JsonReader w("[2.5, 11]");
  ASSERT_TRUE(w.begin_array());
  ASSERT_TRUE(w.next_item());
  EXPECT_FALSE(w.integer(&n, 0, 10));
  EXPECT_EQ(w.error(), "1:2: expected a whole number from 0 to 10, found 2.5");
}

namespace {

const char* kManifest = R"({
  "game": "g",
  "inputs_key": "1111",
  "inputs": ["a.yaml", "b.ttf"],
  "outputs": [
    {"file": "cards.pdf", "kind": "cards", "inputs_key": "2222", "page_count": 2,
     "pages": [
      {"page": 1, "side": "front", "placements": [{"id": "x", "copy": 1, "source": "g.yaml:7:9", "side": "front", "rect": [36, 18, 180, 252], "bleed": [27, 9, 189, 261], "rotation": 0}], "cuts": [{"kind": "line", "from": [0, 0], "to": [1, 1]}]},
      {"page": 2, "side": "back", "placements": []}
     ]},
    {"file": "rules.pdf", "kind": "booklet", "inputs_key": "3333", "page_count": 1, "pages": [{"page": 1}]}
  ]
}
)";

std::string manifest_error(const std::string& text) {
  ManifestInfo m;
  std::string err;
  EXPECT_FALSE(read_manifest(text, {"cards.pdf"}, &m, &err));
  return err;
}

std::string with(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST(ManifestRead, KeepsThePagesAskedForAndDropsTheInputs) {
  ManifestInfo m;
  std::string err;
  ASSERT_TRUE(read_manifest(kManifest, {"cards.pdf"}, &m, &err)) << err;
  ASSERT_EQ(m.outputs.size(), 2u);
  const ManifestOutput* cards = m.find("cards.pdf");
  ASSERT_NE(cards, nullptr);
  EXPECT_EQ(cards->page_count, 2);
  ASSERT_EQ(cards->pages.size(), 2u);
  ASSERT_EQ(cards->pages[0].placements.size(), 1u);
  const ManifestPlacement& p = cards->pages[0].placements[0];
  EXPECT_EQ(p.id, "x");
  EXPECT_EQ(p.copy, 1);
  EXPECT_EQ(p.source, "g.yaml:7:9");
  EXPECT_EQ(p.side, "front");
  EXPECT_EQ(p.rect, (PageBox{36, 18, 180, 252}));
  EXPECT_TRUE(m.find("rules.pdf")->pages.empty());  // not asked for
  EXPECT_EQ(m.find("nothing.pdf"), nullptr);
  // The inputs and their keys change with a comment in a source: not part of what is compared.
  EXPECT_EQ(m.comparable.find("1111"), std::string::npos);
  EXPECT_EQ(m.comparable.find("b.ttf"), std::string::npos);
  EXPECT_EQ(m.comparable.find("2222"), std::string::npos);
  EXPECT_NE(m.comparable.find("\"page_count\": 2"), std::string::npos);
  ManifestInfo other;
  ASSERT_TRUE(read_manifest(with(with(kManifest, "1111", "9999"), "\"b.ttf\"", "\"c.ttf\", \"d.svg\""), {}, &other, &err));
  EXPECT_EQ(other.comparable, m.comparable);
  ASSERT_TRUE(read_manifest(with(kManifest, "[36, 18, 180, 252]", "[36, 18, 180, 253]"), {}, &other, &err));
  EXPECT_NE(other.comparable, m.comparable);
}

TEST(ManifestRead, ShapeErrorsNameTheirPlace) {
  EXPECT_EQ(manifest_error("[]"), "1:1: expected an object, found an array");
  EXPECT_EQ(manifest_error("{\"game\": \"g\"}"), "1:1: it has no \"outputs\" list (is it a cardstock manifest.json?)");
  EXPECT_EQ(manifest_error(with(kManifest, "[36, 18, 180, 252]", "[36, 18, 180]")),
            "8:123: 'rect' must be four numbers [x, y, w, h]");
  EXPECT_EQ(manifest_error(with(kManifest, "[36, 18, 180, 252]", "[36, 18, -180, 252]")),
            "8:123: 'rect' has a negative width or height");
  EXPECT_EQ(manifest_error(with(kManifest, "\"rect\": [36, 18, 180, 252], ", "")),
            "8:51: placement 'x' has no \"rect\"");
  EXPECT_EQ(manifest_error(with(kManifest, "{\"page\": 2, \"side\": \"back\"", "{\"page\": 3, \"side\": \"back\"")),
            "7:15: output 'cards.pdf' lists page 3 of 2");
  EXPECT_EQ(manifest_error(with(kManifest, "\"page_count\": 1", "\"page_count\": 1e9")),
            "11:82: expected a whole number from 0 to 50000, found 1e9");
  EXPECT_EQ(manifest_error(with(kManifest, "\"rules.pdf\"", "\"cards.pdf\"")), "11:5: output 'cards.pdf' is listed twice");
  EXPECT_EQ(manifest_error("{\"outputs\": [{\"page_count\": 1}]}"), "1:14: an output has no \"file\"");
  EXPECT_EQ(manifest_error(with(kManifest, "\"file\": \"rules.pdf\", ", "")),
            "11:72: \"pages\" comes before \"file\" (not a cardstock manifest?)");
  // Cut off anywhere, it is an error, never a crash.
  const std::string whole = kManifest;
  for (size_t n = 0; n + 2 < whole.size(); n += 7) EXPECT_NE(manifest_error(whole.substr(0, n)), "") << n;
}

TEST(ManifestRead, APageMayListOnlySoManyPlacements) {
  std::string many = "{\"outputs\": [{\"file\": \"cards.pdf\", \"page_count\": 1, \"pages\": [{\"page\": 1, \"placements\": [";
  for (long i = 0; i <= kMaxPlacementsPerPage; ++i) many += (i ? "," : "") + std::string("{\"id\": \"a\", \"rect\": [0, 0, 1, 1]}");
  many += "]}]}]}";
  EXPECT_EQ(manifest_error(many), "1:89: a page lists more than 10000 placements");
}

}  // namespace cardstock
