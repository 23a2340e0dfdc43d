#include "load/load.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "layout/layout.h"
#include "load/images/images.h"
#include "test_util.h"

namespace cardstock {

using testing::diagnostics_of;
using testing::shipped_templates;

namespace {

// A minimal valid game; tests splice one fault into it.
const char* kGood = R"(game: t
title: T
designs:
  face:
    layers:
      - type: text
        text: "{name}"
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards:
      - id: a
        name: Alpha
)";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  auto at = s.find(from);
  if (at == std::string::npos) throw std::logic_error("fixture lacks " + from);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST(Load, ShippedTemplatesLoadCleanly) {
  Diagnostics d;
  Templates t = load_templates(testing::source_dir() + "/templates", d);
  EXPECT_EQ(d.str(), "");
  EXPECT_TRUE(t.find_stock("poker-3x3-letter"));
  EXPECT_TRUE(t.find_stock("poker-3x3-a4"));
  EXPECT_EQ(t.find_stock("echad-labels"), t.find_stock("poker-labels-letter"));
  ASSERT_TRUE(t.find_card("poker"));
  EXPECT_NEAR(testing::mm(t.find_card("poker")->width.pt), 63.5, 1e-9);
  EXPECT_NEAR(testing::mm(t.find_card("poker")->height.pt), 88.9, 1e-9);
  EXPECT_NEAR(t.find_card("poker")->bleed.pt, 9, 1e-9);
}

TEST(Load, GoodFileHasNoDiagnostics) {
  Diagnostics d;
  auto g = parse_game(kGood, "t.yaml", ".", shipped_templates(), d);
  EXPECT_EQ(d.str(), "");
  ASSERT_TRUE(g);
  ASSERT_EQ(g->decks.size(), 1u);
  EXPECT_EQ(g->decks[0].cards[0].fields.at("name"), "Alpha");
  EXPECT_EQ(g->decks[0].cards[0].mark.str(), "t.yaml:13:9");
}

TEST(Load, YamlSyntaxError) {
  // At the '[' left open, not where yaml-cpp gave up (the line after).
  EXPECT_EQ(diagnostics_of("game: t\ntitle: [unclosed\n"),
            "t.yaml:2:8: error: YAML syntax: this '[' is never closed (a ']' is missing)\n");
  EXPECT_EQ(diagnostics_of("game: t\ntitle: G: H\n"), "t.yaml:2:9: error: YAML syntax: illegal map value\n");
}

TEST(Load, UnknownKeyGetsDidYouMean) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "        text: \"{name}\"\n",
                                   "        text: \"{name}\"\n        sise: 12pt\n")),
            "t.yaml:8:9: error: unknown key 'sise' in text layer (did you mean 'size'?)\n");
  EXPECT_EQ(diagnostics_of(replace(kGood, "    face: face\n", "    face: face\n    stock: [a]\n")),
            "t.yaml:11:5: error: unknown key 'stock' in deck (did you mean 'stocks'?)\n");
}

TEST(Load, WrongTypesAndUnits) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "        text: \"{name}\"\n",
                                   "        text: \"{name}\"\n        size: 12\n")),
            "t.yaml:8:15: error: 'size' must be a length with a unit (mm, cm, in or pt), not '12'\n");
  EXPECT_EQ(diagnostics_of(replace(kGood, "        text: \"{name}\"\n",
                                   "        text: \"{name}\"\n        x: [1]\n")),
            "t.yaml:8:12: error: 'x' must be a length or percentage\n");
  EXPECT_EQ(diagnostics_of(replace(kGood, "        name: Alpha\n",
                                   "        name: Alpha\n        count: many\n")),
            "t.yaml:15:16: error: 'count' must be a whole number, not 'many'\n");
}

TEST(Load, UnknownLayerTypes) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "type: text", "type: txt")),
            "t.yaml:6:15: error: unknown layer type 'txt' (did you mean 'text'?)\n");
  EXPECT_EQ(diagnostics_of(replace(kGood, "type: text", "type: {a: 1}")),
            "t.yaml:6:15: error: unknown layer type '' (use rect, ellipse, line, text, image or stack)\n");
}

TEST(Load, MissingRequiredKey) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "    face: face\n", "")),
            "t.yaml:9:5: error: missing required key 'face' in deck\n");
}

TEST(Load, UnknownStockCardSizeAndDesign) {
  // The nearest name, and every name there is (stocks by id: their aliases work too).
  const std::string stock = diagnostics_of(replace(kGood, "[poker-3x3-letter]", "[poker-3x3-leter]"));
  EXPECT_EQ(stock.rfind("t.yaml:11:14: error: unknown stock 'poker-3x3-leter' (did you mean "
                        "'poker-3x3-letter'?); available: ", 0), 0u) << stock;
  for (const auto& s : shipped_templates().stocks) EXPECT_NE(stock.find(" " + s.id), std::string::npos) << s.id;
  EXPECT_EQ(stock.find(" poker-letter"), std::string::npos) << stock;  // an alias
  const std::string card = diagnostics_of(replace(kGood, "    face: face\n", "    face: face\n    card: pokr\n"));
  EXPECT_EQ(card.rfind("t.yaml:11:11: error: unknown card size 'pokr' (did you mean 'poker'?); available: poker, ", 0),
            0u) << card;
  EXPECT_NE(card.find(", tarot, "), std::string::npos) << card;
  const std::string design = diagnostics_of(replace(kGood, "    face: face\n", "    face: fase\n"));
  EXPECT_EQ(design.rfind("t.yaml:10:11: error: unknown design 'fase' (did you mean 'face'?); available: ", 0), 0u)
      << design;
  EXPECT_NE(design.find(" face"), std::string::npos) << design;
}

TEST(Load, CardLargerThanItsStock) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "    face: face\n", "    face: face\n    card: tablet\n")),
            "t.yaml:12:14: error: stock 'poker-3x3-letter' holds poker cards (63.5 x 88.9 mm), "
            "but deck 'd' has tablet cards (88.9 x 127 mm)\n");
  Diagnostics d;
  auto s = parse_stock(R"(id: big
paper: letter
card: tarot
grid: {columns: 3, rows: 3}
)",
                       "big.yaml", shipped_templates(), d);
  EXPECT_FALSE(s);
  EXPECT_EQ(d.str(),
            "big.yaml:4:7: error: stock 'big': 3 x 3 tarot cards need 209.55 x 361.95 mm but "
            "letter paper is 215.9 x 279.4 mm: 3 x 2 fits; 3 x 3 needs 82.6 mm more height\n");
}

TEST(Load, BadColoursAndFonts) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "        text: \"{name}\"\n",
                                   "        text: \"{name}\"\n        color: blu\n"
                                   "        font: Comic Sans\n")),
            "t.yaml:9:15: warning: unknown font 'Comic Sans'; using 'Noto Sans'; available: Noto Sans, Noto Serif, "
            "Noto Sans Hebrew, Noto Serif Hebrew, DejaVu Sans, Noto Sans Arabic\n"
            "t.yaml:6:9: error: 'blu' is not a colour (did you mean 'blue'?): a colour is #rrggbb, a CSS colour name "
            "(green, navy...) or a name in colors:\n");
  EXPECT_EQ(diagnostics_of(replace(kGood, "designs:\n", "colors: {blue: \"#00f\"}\ndesigns:\n") +
                               ""),
            "");
}

TEST(Load, ExtendsCycleIsReported) {
  const std::string y = replace(kGood, "  face:\n", "  face:\n    extends: other\n") +
                        "";
  const std::string cyc = replace(y, "decks:\n", "  other:\n    extends: face\ndecks:\n");
  const std::string out = diagnostics_of(cyc);
  EXPECT_NE(out.find("error: design 'face' extends itself: face -> other -> face"),
            std::string::npos)
      << out;
}

TEST(Load, AbsurdCountIsOutOfRange) {
  EXPECT_EQ(diagnostics_of(replace(kGood, "        name: Alpha\n",
                                   "        name: Alpha\n        count: 1000000000\n")),
            "t.yaml:15:16: error: count 1000000000 is out of range (0 to 100000 copies)\n");
}

TEST(Load, DuplicateCardIdsAndBadFieldNames) {
  EXPECT_EQ(diagnostics_of(std::string(kGood) + "      - id: a\n        name: Beta\n        Bad: 1\n"),
            "t.yaml:15:13: error: card id 'a' is used twice in deck 'd'\n"
            "t.yaml:13:13: note: 'a' is first used here\n"
            "t.yaml:17:9: error: card field name 'Bad' must be lower-case letters, digits and _\n");
}

TEST(Load, MissingFieldAndImageAreReportedPerCard) {
  Diagnostics d;
  auto g = parse_game(replace(replace(kGood, "\"{name}\"", "\"{nme}\""), "decks:\n",
                              "  back:\n    layers:\n      - {type: image, src: \"maps/{name}.svg\"}\ndecks:\n"),
                      "t.yaml", testing::source_dir() + "/content", shipped_templates(), d);
  ASSERT_TRUE(g);
  EXPECT_EQ(d.str(), "");
  FixedMeasurer m;
  const Deck& deck = g->decks[0];
  resolve_card(*g, deck, deck.cards[0], g->designs.at("face"), m, d);
  resolve_card(*g, deck, deck.cards[0], g->designs.at("back"), m, d);
  EXPECT_EQ(d.str(),
            "t.yaml:16:9: error: card 'a' has no field 'nme' (did you mean 'name'?), used by "
            "design 'face' at t.yaml:6:9\n"
            "t.yaml:17:15: error: card 'a': image 'maps/Alpha.svg' cannot be read: No such file or directory "
            "(looked for " + testing::source_dir() + "/content/maps/Alpha.svg) (layer at t.yaml:10:9)\n");
}

TEST(Load, TextOverflowIsAWarning) {
  Diagnostics d;
  auto g = parse_game(replace(kGood, "        text: \"{name}\"\n",
                              "        text: \"{name} {name} {name} {name}\"\n        w: 10mm\n"
                              "        h: 5mm\n"),
                      "t.yaml", ".", shipped_templates(), d);
  ASSERT_TRUE(g);
  FixedMeasurer m;
  const Deck& deck = g->decks[0];
  CardArt art = resolve_card(*g, deck, deck.cards[0], g->designs.at("face"), m, d);
  EXPECT_EQ(d.str(),
            "t.yaml:15:9: warning: card 'a': text 'Alpha Alpha Alpha Alpha' overflows its 10 x 5 "
            "mm box at 6pt (layer at t.yaml:6:9)\n");
  ASSERT_EQ(art.items.size(), 1u);
  EXPECT_TRUE(art.items[0].overflow);
  d.make_warnings_errors();
  EXPECT_TRUE(d.has_errors());
}

}  // namespace cardstock

namespace cardstock {

// Found by fuzzing: a size of 1e18 pt overflowed the conversions after it (undefined
// behaviour), and a grid of 4294967297 columns wrapped to 1 when cast to int.
TEST(Load, AbsurdLengthsAndGridSizesAreRefused) {
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "        text: \"{name}\"\n",
                                            "        text: \"{name}\"\n        size: 1e18pt\n")),
            "t.yaml:8:15: error: 'size' must be at most 1000in, not '1e18pt'\n");
  Diagnostics d;
  EXPECT_FALSE(parse_stock("id: wide\npaper: letter\ncard: poker\ngrid: {columns: 4294967297, rows: 1}\n",
                           "wide.yaml", testing::shipped_templates(), d));
  EXPECT_EQ(d.str(), "wide.yaml:4:7: error: grid must have 1 to 100 columns and rows, not 4294967297 x 1\n");
}

}  // namespace cardstock

namespace cardstock {

// Text that cannot be drawn exactly is never dropped in silence: bytes that are not
// UTF-8, NUL bytes and control characters are errors at their exact place in the file,
// and again at the scalar when an escape makes them only once the YAML is parsed.
TEST(Load, TextThatIsNotUtf8IsAnErrorAtItsByte) {
  // A Latin-1 file: é is the single byte 0xE9.
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", "name: Caf\xe9 \xe9")),
            "t.yaml:14:18: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like "
            "Latin-1 or Windows-1252)\n");
  // In a key, in a comment, and every kind of malformed sequence, one report a line.
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "title: T\n",
                                            "title: T\n# caf\xe9\nna\xefve: 1\n"
                                            "a: \"\xc0\xaf\"\nb: \xed\xa0\x80\nc: x\xe2\x82\n"
                                            "d: \xf4\x90\x80\x80\ne: \x80\n")),
            "t.yaml:3:6: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 or "
            "Windows-1252)\n"
            "t.yaml:4:3: error: byte 0xEF is not UTF-8: save the file as UTF-8 (it looks like Latin-1 or "
            "Windows-1252)\n"
            "t.yaml:5:5: error: bytes 0xC0 0xAF are an overlong encoding of U+002F, which UTF-8 forbids: "
            "save the file as UTF-8\n"
            "t.yaml:6:4: error: bytes 0xED 0xA0 0x80 encode U+D800, a UTF-16 surrogate (CESU-8), which "
            "UTF-8 forbids: save the file as UTF-8\n"
            "t.yaml:7:5: error: bytes 0xE2 0x82 start a UTF-8 character but end too soon: save the file "
            "as UTF-8\n"
            "t.yaml:8:4: error: bytes 0xF4 0x90 0x80 0x80 encode a value beyond U+10FFFF, the last "
            "Unicode character: save the file as UTF-8\n"
            "t.yaml:9:4: error: byte 0x80 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 "
            "or Windows-1252)\n");
}

TEST(Load, NulBytesAndControlCharactersAreErrors) {
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", std::string("name: Al\0pha", 12))),
            "t.yaml:14:17: error: a NUL byte (U+0000) cannot be drawn: remove it\n");
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", "name: A\x01lpha\x0b \x1b[31m \x7f \xc2\x85")),
            "t.yaml:14:16: error: control character U+0001 cannot be drawn: remove it\n");
  // Escapes make them only when parsed: reported at the scalar, keys included. yaml-cpp
  // turns "\N" into the lone byte 0x85, which is not UTF-8.
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "        name: Alpha\n",
                                            "        name: \"A\\x01lpha\"\n        b: \"\\u0000z\"\n"
                                            "        c: \"\\e[2J\"\n        d: \"new\\Nline\"\n"
                                            "        \"e\\0\": 1\n        f: \"\\x7f\\x9b\"\n")),
            "t.yaml:14:15: error: \"A\\x01lpha\": control character U+0001 cannot be drawn: remove it\n"
            "t.yaml:15:12: error: \"\\x00z\": a NUL byte (U+0000) cannot be drawn: remove it\n"
            "t.yaml:16:12: error: \"\\x1B[2J\": control character U+001B cannot be drawn: remove it\n"
            "t.yaml:17:12: error: \"new\\x85line\": byte 0x85 is not UTF-8: remove it\n"
            "t.yaml:18:9: error: \"e\\x00\": a NUL byte (U+0000) cannot be drawn: remove it\n"
            "t.yaml:19:12: error: \"\\x7F\\x9B\": control character U+007F cannot be drawn: remove it\n"
            "t.yaml:18:9: error: card field name 'e\\x00' must be lower-case letters, digits and _\n");
}

TEST(Load, ReplacementCharacterIsAWarningAndLayoutCharactersAreText) {
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", "name: \"Caf\\uFFFD\"")),
            "t.yaml:14:15: warning: \"Caf\xef\xbf\xbd\": U+FFFD '\xef\xbf\xbd', the replacement character, "
            "stands for a letter lost when this text was converted from another encoding: type the "
            "letter again\n");
  // A byte-order mark at the start, CRLF line ends, tabs and escaped line breaks are fine.
  std::string crlf;
  for (char c : std::string(kGood)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_EQ(testing::diagnostics_of("\xef\xbb\xbf" + crlf), "");
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", "name: \"Al\\tpha\\r\\n\\L\\P\"\t# tab")), "");
  // With the mark, columns on the first line do not count it (as yaml-cpp's do not).
  EXPECT_EQ(testing::diagnostics_of("\xef\xbb\xbfgame: \xe9\n"),
            "t.yaml:1:7: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 "
            "or Windows-1252)\n");
}

TEST(Load, TemplatesFilesAreCheckedTheSameWay) {
  Diagnostics d;
  EXPECT_FALSE(parse_stock("id: s\ndescription: \"Nine \\x01 cards\"\npaper: letter\ncard: poker\n"
                           "grid: {columns: 3, rows: 3}\n# \xff\n",
                           "s.yaml", shipped_templates(), d));
  EXPECT_EQ(d.str(), "s.yaml:6:3: error: byte 0xFF is not UTF-8: save the file as UTF-8 (it looks like "
                     "Latin-1 or Windows-1252)\n");
  Diagnostics d2;
  EXPECT_FALSE(parse_stock("id: s\ndescription: \"Nine \\x01 cards\"\npaper: letter\ncard: poker\n"
                           "grid: {columns: 3, rows: 3}\n",
                           "s.yaml", shipped_templates(), d2));
  EXPECT_EQ(d2.str(), "s.yaml:2:14: error: \"Nine \\x01 cards\": control character U+0001 cannot be "
                      "drawn: remove it\n");
}

}  // namespace cardstock

namespace cardstock {

// yaml-cpp keeps both entries of a key written twice, and each reader took one of them:
// every map a user writes reports the second at its place, with a note at the first.
TEST(Load, DuplicateKeysInAnyMapAreErrorsWithANoteAtTheFirst) {
  const std::string y = R"(game: t
title: T
colors: {ink: "#000", paper: "#fff", ink: "#111"}
designs:
  face:
    layers:
      - {type: text, text: "{name}", size: 9pt, size: 10pt}
  face:
    background: ink
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    expect: {total: 1, by: name, counts: {Alpha: 1, Alpha: 1}}
    cards:
      - id: a
        name: Alpha
        name: Beta
tables:
  t: {columns: [a], rows: [[1]]}
  t: {columns: [b], rows: [[2]]}
title: U
)";
  EXPECT_EQ(testing::diagnostics_of(y),
            "t.yaml:3:38: error: 'ink' is defined twice in 'colors': rename or remove one\n"
            "t.yaml:3:10: note: 'ink' is first defined here\n"
            "t.yaml:7:49: error: 'size' is defined twice in an entry of 'layers': rename or remove one\n"
            "t.yaml:7:38: note: 'size' is first defined here\n"
            "t.yaml:8:3: error: 'face' is defined twice in 'designs': rename or remove one\n"
            "t.yaml:5:3: note: 'face' is first defined here\n"
            "t.yaml:14:53: error: 'Alpha' is defined twice in 'counts': rename or remove one\n"
            "t.yaml:14:43: note: 'Alpha' is first defined here\n"
            "t.yaml:18:9: error: 'name' is defined twice in an entry of 'cards': rename or remove one\n"
            "t.yaml:17:9: note: 'name' is first defined here\n"
            "t.yaml:21:3: error: 't' is defined twice in 'tables': rename or remove one\n"
            "t.yaml:20:3: note: 't' is first defined here\n"
            "t.yaml:22:1: error: 'title' is defined twice in the file: rename or remove one\n"
            "t.yaml:2:1: note: 'title' is first defined here\n");
  // A map of many keys (looked up by hash past the first 16): a key given again, early or
  // late, is found as in a short map.
  std::string colors = "colors: {";
  for (int i = 0; i < 40; ++i) colors += "c" + std::to_string(i) + ": \"#000\", ";
  colors += "c3: \"#111\", c35: \"#222\"}\n";
  EXPECT_EQ(testing::diagnostics_of("game: t\ntitle: T\n" + colors),
            "t.yaml:3:520: error: 'c3' is defined twice in 'colors': rename or remove one\n"
            "t.yaml:3:46: note: 'c3' is first defined here\n"
            "t.yaml:3:532: error: 'c35' is defined twice in 'colors': rename or remove one\n"
            "t.yaml:3:455: note: 'c35' is first defined here\n"
            "t.yaml:1:1: error: missing required key 'decks' in game\n");
  // Keys are compared as written: quoting or escapes that make the same text are the same key.
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "        name: Alpha\n",
                                            "        name: Alpha\n        \"n\\x61me\": Beta\n")),
            "t.yaml:15:9: error: 'name' is defined twice in an entry of 'cards': rename or remove one\n"
            "t.yaml:14:9: note: 'name' is first defined here\n");
}

TEST(Load, DuplicateIdsPointAtTheFirst) {
  const std::string y = R"(game: t
title: T
designs:
  face: {layers: [{type: rect}]}
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter, poker-letter]
    facts:
      key: name
      entries:
        - {name: x}
        - {name: x}
    cards: [{id: a, name: x}]
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: b, name: x}]}
boards:
  - {id: b, deck: d, rows: [[a]]}
  - {id: b, deck: d, rows: [[a]]}
)";
  EXPECT_EQ(testing::diagnostics_of(y),
            "t.yaml:8:32: error: stock 'poker-3x3-letter' is listed twice in deck 'd'\n"
            "t.yaml:8:14: note: 'poker-3x3-letter' is first listed here\n"
            "t.yaml:13:11: error: fact entry 'x' is listed twice\n"
            "t.yaml:12:11: note: 'x' is first listed here\n"
            "t.yaml:15:5: error: deck id 'd' is used twice\n"
            "t.yaml:6:5: note: 'd' is first used here\n"
            "t.yaml:18:5: error: board id 'b' is used twice\n"
            "t.yaml:17:5: note: 'b' is first used here\n");
}

TEST(Load, TemplatesNamesAreUniqueAcrossFiles) {
  namespace fs = std::filesystem;
  const fs::path dir = testing::fresh_dir("dup-templates");
  fs::copy(testing::source_dir() + "/templates", dir, fs::copy_options::recursive);
  fs::remove(dir / "designs" / "library.yaml");  // it names Noto Serif, which this fonts.yaml lacks
  {
    std::ofstream(dir / "stocks" / "zz-copy.yaml")
        << "id: my-stock\naliases: [poker-letter]\npaper: letter\ncard: poker\ngrid: {columns: 3, rows: 3}\n";
    fs::create_directories(dir / "designs");
    std::ofstream(dir / "designs" / "a.yaml") << "designs:\n  plain: {background: \"#fff\"}\n";
    std::ofstream(dir / "designs" / "b.yaml") << "designs:\n  plain: {background: \"#000\"}\n";
    std::ofstream(dir / "fonts.yaml") << "default: Noto Sans\nfonts:\n"
                                         "  - {family: Noto Sans, files: [/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf]}\n"
                                         "  - {family: Noto Sans, files: [/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf]}\n";
  }
  Diagnostics d;
  load_templates(dir.string(), d);
  std::string out = d.str();
  for (size_t at; (at = out.find(dir.string())) != std::string::npos;) out.replace(at, dir.string().size(), "T");
  fs::remove_all(dir);
  EXPECT_EQ(out,
            "T/fonts.yaml:4:14: error: font family 'Noto Sans' is listed twice\n"
            "T/fonts.yaml:3:14: note: 'Noto Sans' is first used here\n"
            "T/stocks/zz-copy.yaml:1:1: error: stock 'my-stock': the name 'poker-letter' is already one of "
            "stock 'poker-3x3-letter'\n"
            "T/stocks/poker-3x3-letter.yaml:1:1: note: stock 'poker-3x3-letter' is first defined here\n"
            "T/designs/b.yaml:2:10: error: design 'plain' is defined twice in the templates\n"
            "T/designs/a.yaml:2:10: note: design 'plain' is first defined here\n");
}

}  // namespace cardstock

namespace cardstock {

// yaml-cpp's Load read the first document of a file and dropped the rest unseen.
TEST(Load, ASecondYamlDocumentIsAnError) {
  EXPECT_EQ(testing::diagnostics_of(std::string(kGood) + "---\n      - id: b\n        name: Beta\n...\nc: 1\n"),
            "t.yaml:15:1: error: a game file holds one YAML document; this second document (after '---') "
            "and the 1 after it would be ignored: join them to the first or remove them\n");
  // An explicit start, an end marker and an empty last document lose nothing.
  EXPECT_EQ(testing::diagnostics_of("# a game\n--- # starts here\n" + std::string(kGood) + "...\n---\n"), "");
  // Errors in a later document are no longer skipped either.
  EXPECT_EQ(testing::diagnostics_of(std::string(kGood) + "---\nx: [unclosed\n"),
            "t.yaml:16:4: error: YAML syntax: this '[' is never closed (a ']' is missing)\n");
  Diagnostics d;
  EXPECT_FALSE(parse_stock("id: s\npaper: letter\ncard: poker\ngrid: {columns: 3, rows: 3}\n--- \nid: t\n",
                           "s.yaml", shipped_templates(), d));
  EXPECT_EQ(d.str(), "s.yaml:5:1: error: a stock file holds one YAML document; this second document (after "
                     "'---') would be ignored: join it to the first or remove it\n");
}

}  // namespace cardstock

namespace cardstock {

// Found by fuzzing: yaml-cpp's LoadAll made empty documents for ever from a ',' at the top
// level. Later documents are now counted by parser events, stopping when it stalls; what
// it cannot read after a '---' is reported like any ignored document.
TEST(Load, AStalledParserEndsTheDocumentCount) {
  EXPECT_EQ(testing::diagnostics_of(",x\n{{y\n"), "t.yaml:1:1: error: game must be a map of keys to values\n");
  EXPECT_EQ(testing::diagnostics_of(std::string(kGood) + "---\n,x: 1\n"),
            "t.yaml:15:1: error: a game file holds one YAML document; this second document (after '---') "
            "would be ignored: join it to the first or remove it\n");
}

}  // namespace cardstock

namespace cardstock {

TEST(Load, AWholeLatin1FileIsListedTenLinesAndACount) {
  std::string y = "game: t\ntitle: T\n";
  for (int i = 0; i < 25; ++i) y += "# caf\xe9\n";
  const std::string out = testing::diagnostics_of(y);
  EXPECT_EQ(out.substr(0, out.find('\n') + 1),
            "t.yaml:3:6: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 or "
            "Windows-1252)\n");
  EXPECT_EQ(out.substr(out.rfind('\n', out.size() - 2) + 1), "t.yaml: error: 15 more line(s) with such characters are not listed\n");
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 11);
}

}  // namespace cardstock

namespace cardstock {

// yaml-cpp reads past a tag (`!include x` is the text "x"), so a tag was dropped without a
// word. Every explicit tag is an error at its place, the standard ones (`!!str`) too:
// cardstock reads every value as its text and has no use for them.
TEST(Load, YamlTagsAreErrorsAtTheirPlace) {
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "title: T\n", "title: !include title.txt\n")),
            "t.yaml:2:8: error: YAML tags are not supported: remove '!include' and write the value itself\n");
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", "name: !!str Alpha")),
            "t.yaml:14:15: error: YAML tags are not supported: remove '!!str' and write the value itself\n");
  // On a key, a list, a map, in flow, and written out in full.
  EXPECT_EQ(testing::diagnostics_of(replace(replace(replace(kGood, "      - id: a\n", "      - !k id: a\n"),
                                                    "stocks: [poker-3x3-letter]",
                                                    "stocks: !list [poker-3x3-letter]"),
                                            "      - type: text\n        text: \"{name}\"\n",
                                            "      - !<tag:example.com,2024:layer> {type: text, text: !t \"{name}\"}\n")),
            "t.yaml:6:9: error: YAML tags are not supported: remove '!<tag:example.com,2024:layer>' and write the "
            "value itself\n"
            "t.yaml:6:58: error: YAML tags are not supported: remove '!t' and write the value itself\n"
            "t.yaml:10:13: error: YAML tags are not supported: remove '!list' and write the value itself\n"
            "t.yaml:12:9: error: YAML tags are not supported: remove '!k' and write the value itself\n");
  // A plain `!` only says "text", as quotes do: allowed.
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "name: Alpha", "name: ! Alpha")), "");
  // Templates files are read the same way.
  Diagnostics d;
  parse_stock("id: s\npaper: !!str letter\ncard: poker\ngrid: {columns: 3, rows: 3}\n", "s.yaml",
              shipped_templates(), d);
  EXPECT_EQ(d.str(), "s.yaml:2:8: error: YAML tags are not supported: remove '!!str' and write the value itself\n");
}

// A key that is a list, a map or null (`? [a, b]: x`) was kept by yaml-cpp and dropped by
// every reader, which look keys up by their text: an error at its place, in any map.
TEST(Load, MapKeysThatAreNotTextAreErrors) {
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "designs:\n",
                                            "colors:\n  ? [a, b]\n  : \"#123456\"\n  {x: 1}: \"#000000\"\n"
                                            "  ~: \"#111111\"\n  ink: \"#222222\"\ndesigns:\n")),
            "t.yaml:4:5: error: a map key must be text, not a list (in 'colors')\n"
            "t.yaml:6:3: error: a map key must be text, not a map (in 'colors')\n"
            "t.yaml:7:3: error: a map key must be text, not empty or null (in 'colors')\n");
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "        name: Alpha\n", "        name: Alpha\n        [x]: 1\n")),
            "t.yaml:15:9: error: a map key must be text, not a list (in an entry of 'cards')\n");
  EXPECT_EQ(testing::diagnostics_of(replace(kGood, "title: T\n", "title: T\n{a: b}: c\n")),
            "t.yaml:3:1: error: a map key must be text, not a map (in the file)\n");
  Diagnostics d;
  parse_stock("id: s\npaper: letter\ncard: poker\ngrid: {columns: 3, rows: 3, [1]: 2}\n", "s.yaml",
              shipped_templates(), d);
  EXPECT_EQ(d.str(), "s.yaml:4:29: error: a map key must be text, not a list (in 'grid')\n");
}

// yaml-cpp reports nesting past its limit where its scanner stopped reading: the end of a
// line of brackets, or the next line. It is reported where the level past the limit is.
TEST(Load, DeepNestingIsReportedWhereItIs) {
  const std::string head = "game: t\ntitle: T\ndecks: ";
  // "decks: " then '[' #1 at column 8: '[' #499 is the 500th level (the root map is the first).
  EXPECT_EQ(testing::diagnostics_of(head + std::string(100000, '[') + std::string(100000, ']') + "\n"),
            "t.yaml:3:506: error: YAML nesting is deeper than 500 levels\n");
  EXPECT_EQ(testing::diagnostics_of(head + std::string(100000, '[') + "\nx: 1\n").substr(0, 9), "t.yaml:3:");
  // Over lines: a list of lists, each on a line of its own.
  std::string lines = "game: t\ntitle: T\ndecks:\n";
  for (int i = 0; i < 600; ++i) lines += std::string(2 * i, ' ') + "-\n";
  EXPECT_EQ(testing::diagnostics_of(lines), "t.yaml:502:997: error: YAML nesting is deeper than 500 levels\n");
}

}  // namespace cardstock
