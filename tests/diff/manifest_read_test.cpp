// The JSON a diff reads comes from anyone: every malformed input is an error at its
// line:col, never a crash; and what a manifest says is read, and checked, as it says it.
#include <gtest/gtest.h>

#include <string>

#include "base/json.h"
#include "diff/manifest_read.h"

namespace cardstock {

namespace {

// The first problem parse_json meets in `text`, as "line:col: why", or "" if it is valid.
std::string error_of(const std::string& text) {
  const JsonParsed p = parse_json(text);
  return p.ok() ? "" : json_place(text, p.error_at) + ": " + p.error;
}

}  // namespace

TEST(ParseJson, ReadsValuesAndWhereTheyAre) {
  const std::string text = R"({"a": [1, -2.5e1, true, null], "b": "x\"\u00e9\ud83d\ude00\n", "c": {}})";
  const JsonParsed p = parse_json(text);
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.value["a"][1].get<double>(), -25);
  EXPECT_EQ(p.value["b"].get<std::string>(), "x\"\xC3\xA9\xF0\x9F\x98\x80\n");
  ASSERT_EQ(p.span.items.size(), 3u);
  const JsonSpan& a = p.span.items[0];
  EXPECT_EQ(text.substr(a.begin, a.end - a.begin), "[1, -2.5e1, true, null]");
  ASSERT_EQ(a.items.size(), 4u);
  EXPECT_EQ(text.substr(a.items[1].begin, a.items[1].end - a.items[1].begin), "-2.5e1");
  EXPECT_EQ(text.substr(a.items[3].begin, a.items[3].end - a.items[3].begin), "null");
  const JsonSpan& b = p.span.items[1];
  EXPECT_EQ(text.substr(b.begin, b.end - b.begin), R"("x\"\u00e9\ud83d\ude00\n")");
  EXPECT_EQ(text.substr(p.span.items[2].begin, 2), "{}");
  EXPECT_EQ(p.span.end, text.size());
}

TEST(ParseJson, EveryMalformedTextIsAnErrorAtItsPlace) {
  // nlohmann-json's words; the place is the byte it stopped at.
  EXPECT_EQ(error_of(""), "1:1: syntax error while parsing value - unexpected end of input; expected '[', '{', or a literal");
  EXPECT_EQ(error_of("{\"a\": 1,}"), "1:9: syntax error while parsing object key - unexpected '}'; expected string literal");
  EXPECT_EQ(error_of("{\"a\" 1}"), "1:6: syntax error while parsing object separator - unexpected number literal; expected ':'");
  EXPECT_EQ(error_of("[1 2]"), "1:4: syntax error while parsing array - unexpected number literal; expected ']'");
  EXPECT_EQ(error_of("[1,\n 2,\n ]"), "3:2: syntax error while parsing value - unexpected ']'; expected '[', '{', or a literal");
  EXPECT_EQ(error_of("{\"a\": [1, 2}"), "1:12: syntax error while parsing array - unexpected '}'; expected ']'");
  EXPECT_EQ(error_of("[01]"), "1:3: syntax error while parsing array - unexpected number literal; expected ']'");
  EXPECT_EQ(error_of("[1.]"), "1:4: syntax error while parsing value - invalid number; expected digit after '.'");
  EXPECT_EQ(error_of("[1e999]"), "1:6: number overflow parsing '1e999'");
  EXPECT_EQ(error_of("[tru]"), "1:5: syntax error while parsing value - invalid literal");
  EXPECT_EQ(error_of("\"abc"), "1:5: syntax error while parsing value - invalid string: missing closing quote");
  EXPECT_EQ(error_of("\"a\tb\""),
            "1:3: syntax error while parsing value - invalid string: control character U+0009 (HT) must be escaped to "
            "\\u0009 or \\t");
  EXPECT_EQ(error_of("\"\\x41\""), "1:3: syntax error while parsing value - invalid string: forbidden character after backslash");
  EXPECT_EQ(error_of("\"\\ud800\""),
            "1:8: syntax error while parsing value - invalid string: surrogate U+D800..U+DBFF must be followed by "
            "U+DC00..U+DFFF");
  EXPECT_EQ(error_of("\"\\udc00x\""),
            "1:7: syntax error while parsing value - invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF");
  // The bytes read are not quoted back: they are not UTF-8.
  EXPECT_EQ(error_of("\"caf\xE9\""), "1:6: syntax error while parsing value - invalid string: ill-formed UTF-8 byte");
  EXPECT_EQ(error_of("\"\xC0\xAF\""), "1:2: syntax error while parsing value - invalid string: ill-formed UTF-8 byte");
  EXPECT_EQ(error_of("\"\xED\xA0\x80\""), "1:3: syntax error while parsing value - invalid string: ill-formed UTF-8 byte");
  EXPECT_EQ(error_of("{} x"), "1:4: syntax error while parsing value - invalid literal; expected end of input");
  EXPECT_EQ(error_of("{\"a\": {"), "1:8: syntax error while parsing object key - unexpected end of input; expected string literal");
  EXPECT_EQ(error_of("{\"a\": 1, \"a\": 2}"), "1:10: the key \"a\" is given twice in one object");
  EXPECT_EQ(error_of("\xEF\xBB\xBF{}"), "");  // a byte-order mark is tolerated
}

TEST(ParseJson, NestingIsBoundedNotACrash) {
  const std::string deep(100000, '[');
  EXPECT_EQ(error_of(deep), "1:65: nesting deeper than 64 levels");
  EXPECT_EQ(error_of(std::string(64, '[') + std::string(64, ']')), "");
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

// The error reading `text` reports, as "line:col: what" (its file is "m.json").
std::string manifest_error(const std::string& text) {
  ManifestInfo m;
  Diagnostics d;
  EXPECT_FALSE(read_manifest(text, "m.json", {"cards.pdf"}, &m, d));
  if (d.all().size() != 1) return d.str();
  const Diagnostic& e = d.all()[0];
  EXPECT_EQ(e.mark.file, "m.json");
  return std::to_string(e.mark.line) + ":" + std::to_string(e.mark.col) + ": " + e.message;
}

std::string with(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST(ManifestRead, KeepsThePagesAskedForAndDropsTheInputs) {
  ManifestInfo m;
  Diagnostics d;
  ASSERT_TRUE(read_manifest(kManifest, "m.json", {"cards.pdf"}, &m, d)) << d.str();
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
  ASSERT_TRUE(read_manifest(with(with(kManifest, "1111", "9999"), "\"b.ttf\"", "\"c.ttf\", \"d.svg\""), "m.json", {}, &other, d));
  EXPECT_EQ(other.comparable, m.comparable);
  ASSERT_TRUE(read_manifest(with(kManifest, "[36, 18, 180, 252]", "[36, 18, 180, 253]"), "m.json", {}, &other, d));
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
  EXPECT_EQ(manifest_error(with(kManifest, "\"page_count\": 2", "\"page_count\": \"2\"")),
            "6:80: expected a number, found a string");
  EXPECT_EQ(manifest_error(with(kManifest, "[36, 18, 180, 252]", "[36, 18, null, 252]")),
            "8:132: expected a number, found null");
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
