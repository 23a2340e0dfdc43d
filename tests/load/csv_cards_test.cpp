// Cards from a CSV file beside the game file: fields, ids, counts, and every diagnostic
// about a value at the CSV's line:col of its cell.
#include "load/sheets/csv_cards.h"

#include <gtest/gtest.h>

#include <fstream>

#include "layout/layout.h"
#include "load/images/images.h"
#include "load/load.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// A game whose deck reads `cards` (YAML text after "cards:"), its design showing {word}
// and {meaning}.
std::string game_with(const std::string& cards, const std::string& layers = "") {
  return "game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n"
         "      - {type: text, text: \"{word}\", h: 20mm}\n"
         "      - {type: text, text: \"{meaning}\", y: 20mm, h: 20mm}\n" +
         layers + "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards:" + cards;
}

struct Loaded {
  std::optional<Game> game;
  std::string diags;  // the folder written as "D"
};

// Writes `files` (name, bytes) and t.yaml into a fresh folder, loads t.yaml and lays out
// every card's face with FixedMeasurer (so value problems found at layout are reported).
Loaded load(const std::string& yaml, const std::vector<std::pair<std::string, std::string>>& files,
            const std::string& dir_name = "csv-cards") {
  const fs::path dir = testing::fresh_dir(dir_name);
  for (const auto& [name, bytes] : files) {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << bytes;
  }
  std::ofstream(dir / "t.yaml", std::ios::binary) << yaml;
  Diagnostics d;
  Loaded l;
  l.game = load_game((dir / "t.yaml").string(), testing::shipped_templates(), d);
  if (l.game && !d.has_errors()) {
    FixedMeasurer m;
    for (const auto& deck : l.game->decks)
      for (const auto& card : deck.cards) resolve_card(*l.game, deck, card, l.game->designs.at(deck.face), m, d);
  }
  l.diags = testing::without_numbering_note(d.str());
  for (size_t at = 0; (at = l.diags.find(dir.string(), at)) != std::string::npos;) l.diags.replace(at, dir.string().size(), "D");
  return l;
}

// A mark with the test's folder written as "D".
std::string shown(const Mark& m, const Game& g) {
  std::string s = m.str();
  return s.replace(0, g.dir.size(), "D");
}

std::string ids_of(const Deck& deck) {
  std::string s;
  for (const auto& c : deck.cards) s += (s.empty() ? "" : " ") + c.id + "x" + std::to_string(c.count);
  return s;
}

}  // namespace

// Rows without an id are numbered ("d-2"), and every message, image file, Tabletop
// Simulator card and diff line calls them so: one note per file says so and names the
// first column whose values could name them (issue 32). Nothing with id_from or ids.
TEST(CsvCards, NumberedRowsGetOneNoteNamingAColumn) {
  auto raw = [](const std::string& cards, const std::string& csv) {
    const fs::path dir = testing::fresh_dir("csv-numbered");
    std::ofstream(dir / "words.csv", std::ios::binary) << csv;
    std::ofstream(dir / "t.yaml", std::ios::binary) << game_with(cards);
    Diagnostics d;
    load_game((dir / "t.yaml").string(), testing::shipped_templates(), d);
    return testing::replace_all(d.str(), dir.string(), "D");
  };
  const std::string words = "word,meaning\nshalom,peace\ntodah,thanks\nboker,morning\n";
  EXPECT_EQ(raw(" {csv: words.csv}\n", words),
            "D/t.yaml:12:18: note: 3 cards are numbered ('d-1' to 'd-3'), and messages, image files and diff "
            "lines call them so: 'id_from: word' names them after their word\n");
  // The first column repeats a value: the next one that does not is named.
  EXPECT_EQ(raw(" {csv: words.csv}\n", "meaning,word\nhello,shalom\nhello,todah\n"),
            "D/t.yaml:12:18: note: 2 cards are numbered ('d-1' to 'd-2'), and messages, image files and diff "
            "lines call them so: 'id_from: word' names them after their word\n");
  // No column names every card once; one row.
  EXPECT_EQ(raw(" {csv: words.csv}\n", "word,meaning\nx,y\nx,y\n"),
            "D/t.yaml:12:18: note: 2 cards are numbered ('d-1' to 'd-2'), and messages, image files and diff "
            "lines call them so: give the rows an 'id' column, or name a column with unique values in 'id_from:'\n");
  EXPECT_EQ(raw(" {csv: words.csv}\n", "word\nshalom\n"),
            "D/t.yaml:12:18: note: 1 card is numbered ('d-1'), and messages, image files and diff lines call "
            "them so: 'id_from: word' names them after their word\n");
  EXPECT_EQ(raw(" {csv: words.csv, id_from: word}\n", words), "");
  EXPECT_EQ(raw(" {csv: words.csv}\n", "id,word\na,shalom\nb,todah\n"), "");
}

TEST(CsvCards, FieldsCountsAndPlacesComeFromTheCells) {
  // As a spreadsheet exports it: a byte-order mark, CRLF, a quoted cell over two lines.
  const std::string csv =
      "\xEF\xBB\xBFword,meaning,count\r\n"
      "shalom,\"peace,\r\nwholeness\",2\r\n"
      "todah,thanks,\r\n";
  auto l = load(game_with(" {csv: words.csv}\n"), {{"words.csv", csv}});
  ASSERT_EQ(l.diags, "");
  ASSERT_TRUE(l.game);
  const Deck& deck = l.game->decks[0];
  ASSERT_EQ(deck.cards.size(), 2u);
  EXPECT_EQ(ids_of(deck), "d-1x2 d-2x1");  // an empty count cell is one copy
  const Card& c = deck.cards[0];
  EXPECT_EQ(c.fields.at("meaning"), "peace,\nwholeness");
  EXPECT_FALSE(c.fields.count("count"));
  EXPECT_EQ(shown(c.mark, *l.game), "D/words.csv:2:1");
  EXPECT_EQ(shown(c.field_marks.at("word"), *l.game), "D/words.csv:2:1");
  EXPECT_EQ(shown(c.field_marks.at("meaning"), *l.game), "D/words.csv:2:8");
  // The cell after the two-line one is on the line where it is.
  EXPECT_EQ(shown(deck.cards[1].field_marks.at("meaning"), *l.game), "D/words.csv:4:7");
  EXPECT_EQ(deck.csv_files, std::vector<std::string>{l.game->dir + "/words.csv"});
}

TEST(CsvCards, ValueProblemsAreReportedAtTheirCell) {
  const std::string csv =
      "id,word,meaning,count,pic\n"
      "a b,x,\"two\nlines\",three,\n"
      "ok,y,z,200000,nope\n";
  auto l = load(game_with(" {csv: words.csv}\n", "      - {type: image, src: \"{pic}.svg\", when: \"{pic}\"}\n"),
                {{"words.csv", csv}});
  EXPECT_EQ(l.diags,
            "D/words.csv:2:1: error: card id 'a b' cannot name a file: it contains a space (ids name output files: "
            "use letters, digits, '-', '_' and '.' only, not starting with '.', 1 to 64 characters)\n"
            "D/words.csv:3:8: error: 'count' must be a whole number, not 'three'\n"
            "D/words.csv:4:8: error: count 200000 is out of range (0 to 100000 copies)\n");
  // Laid out (no load errors this time): the image a cell names is checked at that cell.
  auto m = load(game_with(" {csv: words.csv}\n", "      - {type: image, src: \"{pic}.svg\", when: \"{pic}\"}\n"),
                {{"words.csv", "word,meaning,pic\nx,\"two\nlines\",nope\n"}});
  EXPECT_EQ(m.diags, "D/words.csv:3:8: error: card 'd-1': image 'nope.svg' cannot be read: No such file or directory "
                     "(looked for D/nope.svg) (layer at D/t.yaml:8:9)\n");
}

TEST(CsvCards, AColumnADesignNamesWronglyGetsDidYouMeanOnce) {
  auto l = load(game_with(" {csv: words.csv}\n"), {{"words.csv", "word,meanings\na,b\nc,d\n"}});
  EXPECT_EQ(l.diags,
            "D/t.yaml:7:28: error: design 'face' uses {meaning}, but D/words.csv has no column 'meaning' (did you "
            "mean 'meanings'?); its columns are meanings, word\n");
}

TEST(CsvCards, RowsMixWithYamlCardsAndIdsAreUniqueAndFileSafe) {
  const std::string csv =
      "word;meaning\n"
      "Shalom;peace\n"
      "shalom!;again\n"
      ";no word\n"
      "Café au lait;coffee\n"
      "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D;Hebrew\n"
      ";;\n";  // a row of empty cells, as spreadsheets export: no card
  auto l = load(game_with("\n      - {id: first, word: W, meaning: M}\n"
                          "      - {csv: words.csv, id_from: word}\n"
                          "      - {word: V, meaning: N}\n"),
                {{"words.csv", csv}});
  ASSERT_EQ(l.diags, "");
  EXPECT_EQ(ids_of(l.game->decks[0]), "firstx1 shalomx1 shalom-2x1 d-4x1 cafe-au-laitx1 d-6x1 d-7x1");
  EXPECT_EQ(id_from_value("  Ünïcode -- Ærø! "), "unicode-aero");
  EXPECT_EQ(id_from_value(std::string(100, 'a')).size(), 60u);
}

TEST(CsvCards, AnIdUsedTwiceIsAnErrorAtTheSecondWithANoteAtTheFirst) {
  auto l = load(game_with("\n      - {id: x, word: W, meaning: M}\n      - {csv: words.csv}\n"),
                {{"words.csv", "id,word,meaning\ny,a,b\nx,c,d\n"}});
  EXPECT_EQ(l.diags,
            "D/words.csv:3:1: error: card id 'x' is used twice in deck 'd'\n"
            "D/t.yaml:13:14: note: 'x' is first used here\n");
}

TEST(CsvCards, HeaderProblems) {
  auto l = load(game_with(" {csv: words.csv}\n"),
                {{"words.csv", "word,Part of speech,word,,meaning,!!\na,b,c,d,e,f,g,h\n"}});
  EXPECT_EQ(l.diags,
            "D/words.csv:1:21: error: column 'word' is named twice in the header row: rename or remove one\n"
            "D/words.csv:1:1: note: 'word' is first named here\n"
            "D/words.csv:1:35: error: column name '!!' must be a field name: lower-case letters, digits and _\n"
            "D/words.csv:1:1: note: the header row's names are read as field names: 'Part of speech' as "
            "{part_of_speech}\n"
            "D/words.csv:2:7: error: column 4 has a value but no name in the header row (D/words.csv:1:26): name "
            "the column or empty it\n"
            "D/words.csv:2:13: error: this row has a value in column 7, but the header row names only 6 columns\n");
  // Headers as a teacher types them: read as field names, said once; two that read as
  // one name are an error naming both columns.
  auto t = load(game_with(" {csv: words.csv, id_from: Word}\n"), {{"words.csv", "Word,Meaning \nShalom,peace\n"}});
  EXPECT_EQ(t.diags, "D/words.csv:1:1: note: the header row's names are read as field names: 'Word' as {word}, "
                     "'Meaning ' as {meaning}\n");
  ASSERT_TRUE(t.game);
  EXPECT_EQ(t.game->decks[0].cards.at(0).id, "shalom");
  EXPECT_EQ(load(game_with(" {csv: words.csv}\n"), {{"words.csv", "word,meaning,Word\na,b,c\n"}}).diags,
            "D/words.csv:1:14: error: columns 1 ('word') and 3 ('Word') are both read as the field name 'word': "
            "rename one of them\n"
            "D/words.csv:1:1: note: 'word' is here\n"
            "D/words.csv:1:1: note: the header row's names are read as field names: 'Word' as {word}\n");
  // A separator guessed wrong shows in the header.
  auto s = load(game_with(" {csv: words.csv, separator: \";\"}\n"), {{"words.csv", "word,meaning\na,b\n"}});
  EXPECT_EQ(s.diags,
            "D/words.csv:1:1: error: column name 'word,meaning' must be a field name: lower-case letters, digits "
            "and _, such as 'word_meaning'; the cells are read as separated by ';': if they are separated by ',', "
            "say so with separator: \",\"\n");
  auto u = load(game_with(" {csv: words.csv, id_from: wrod}\n"), {{"words.csv", "word,meaning\na,b\n"}});
  EXPECT_EQ(u.diags,
            "D/t.yaml:12:38: error: 'id_from' names the column 'wrod', which D/words.csv does not have (did you "
            "mean 'word'?); its columns are word, meaning\n");
}

// A spreadsheet's "Unicode text" (UTF-16LE, tabs) and UTF-16BE, with and without a
// byte-order mark: read as the text they stand for, positions in its UTF-8 bytes.
TEST(CsvCards, Utf16FilesAreRead) {
  auto utf16 = [](const std::string& ascii_and_shin, bool le, bool bom) {
    std::string out = bom ? (le ? "\xFF\xFE" : "\xFE\xFF") : "";
    for (char c : ascii_and_shin) {
      const std::string unit = c == '#' ? std::string("\x05\xE9", 2) : std::string("\0", 1) + c;  // '#': U+05E9
      out += le ? std::string{unit[1], unit[0]} : unit;
    }
    return out;
  };
  for (const bool le : {true, false})
    for (const bool bom : {true, false}) {
      SCOPED_TRACE(std::string(le ? "LE" : "BE") + (bom ? " with BOM" : " without BOM"));
      auto l = load(game_with(" {csv: words.txt}\n"),
                    {{"words.txt", utf16("word\tmeaning\tcount\r\n#alom\tpeace\t2\r\nx\ty\tz\r\n", le, bom)}});
      EXPECT_EQ(l.diags, "D/words.txt:3:5: error: 'count' must be a whole number, not 'z'\n");
      ASSERT_TRUE(l.game);
      EXPECT_EQ(l.game->decks[0].cards.at(0).fields.at("word"), "\xD7\xA9" "alom");
      EXPECT_EQ(l.game->decks[0].cards.at(0).count, 2);
    }
}

// A colour from a cell is reported at the cell, not at the row's first column.
TEST(CsvCards, AColourFromACellIsReportedAtTheCell) {
  auto l = load(game_with(" {csv: words.csv}\n", "      - {type: rect, w: 5mm, h: 5mm, fill: \"{ink}\"}\n"),
                {{"words.csv", "word,meaning,ink\na,b,#00ff00\nc,d,purplish\n"}});
  EXPECT_EQ(l.diags, "D/words.csv:3:5: error: card 'd-2': {ink} is not a colour: 'purplish'; a colour is #rrggbb, a CSS "
                     "colour name (green, navy...) or a name in colors: (design 'face' at D/t.yaml:8:9)\n");
}

TEST(CsvCards, SeparatorsTabsAndShortRows) {
  auto tsv = load(game_with(" {csv: words.tsv}\n"), {{"words.tsv", "word\tmeaning\na, b\tc; d\ne\n"}});
  ASSERT_EQ(tsv.diags, "");
  const Deck& deck = tsv.game->decks[0];
  EXPECT_EQ(deck.cards[0].fields.at("word"), "a, b");
  EXPECT_EQ(deck.cards[0].fields.at("meaning"), "c; d");
  // A short row (Excel drops trailing empty cells) has the missing field empty.
  EXPECT_EQ(deck.cards[1].fields.at("meaning"), "");
  auto tab = load(game_with(" {csv: words.txt, separator: tab}\n"), {{"words.txt", "word\tmeaning\na,b\tc\n"}});
  ASSERT_EQ(tab.diags, "");
  EXPECT_EQ(tab.game->decks[0].cards[0].fields.at("word"), "a,b");
}

TEST(CsvCards, FileProblems) {
  EXPECT_EQ(load(game_with(" {csv: nope.csv}\n"), {}).diags,
            "D/t.yaml:12:18: error: cannot read CSV 'nope.csv': No such file or directory (looked for D/nope.csv)\n");
  const std::string outside = load(game_with(" {csv: ../x.csv}\n"), {}).diags;
  EXPECT_NE(outside.find("D/t.yaml:12:18: error: CSV '../x.csv' leads outside the project folder "), std::string::npos)
      << outside;
  EXPECT_NE(outside.find("(pass --allow-outside to permit it)"), std::string::npos) << outside;
  EXPECT_EQ(load(game_with(" {csv: words.csv}\n"), {{"words.csv", "word,meaning\ncaf\xE9,coffee\n"}}).diags,
            "D/words.csv:2:4: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 or "
            "Windows-1252)\n"
            "D/words.csv: note: spreadsheets write UTF-8 when saving as \"CSV UTF-8\" (Excel) or with the character "
            "set \"Unicode (UTF-8)\" (LibreOffice)\n");
  EXPECT_EQ(load(game_with(" {csv: words.csv}\n"), {{"words.csv", std::string("\xFF\xFEw\0\x00\xD8", 6)}}).diags,
            "D/words.csv: error: this file reads as UTF-16 text (a spreadsheet's \"Unicode text\"), but byte 5 is no "
            "UTF-16 character: save it as \"CSV UTF-8\"\n");
  EXPECT_EQ(load(game_with(" {csv: words.csv}\n"), {{"words.csv", "\n\n"}}).diags,
            "D/t.yaml:12:18: error: 'words.csv' has no rows: its first row must name the fields (such as "
            "word,meaning)\n");
  EXPECT_EQ(load(game_with(" {csv: words.csv, id: word}\n"), {{"words.csv", "word,meaning\n"}}).diags,
            "D/t.yaml:12:29: error: unknown key 'id' in card source\n");
  EXPECT_EQ(load(game_with(" {csv: words.csv, separator: \"|\"}\n"), {{"words.csv", "word,meaning\n"}}).diags,
            "D/t.yaml:12:40: error: 'separator' must be ',', ';' or 'tab', not '|' (did you mean ','?)\n");
}

// Layer keys whose values are lengths, numbers, choices or true/false may come from a
// {field}: checked per card as a written value is, wrong ones reported at the cell.
TEST(CsvCards, LayerPropertiesFromFieldsAreCheckedAtTheirCell) {
  const std::string yaml =
      "game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n"
      "      - {type: text, text: \"{word}\", x: \"{x}\", w: 40mm, h: 20mm, size: \"{size}\", align: \"{align}\"}\n"
      "      - {type: rect, radius: \"{r}\", stroke: \"#000\", rotate: \"{turn}\"}\n"
      "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards: {csv: w.csv}\n";
  const std::string csv = "word,x,size,align,r,turn\n"
                          "a,12.5mm,14pt,center,2mm,180\n"
                          "b,12,0pt,centre,-1mm,45\n";
  const fs::path dir = testing::fresh_dir("csv-per-card");
  std::ofstream(dir / "t.yaml") << yaml;
  std::ofstream(dir / "w.csv") << csv;
  Diagnostics d;
  auto g = load_game((dir / "t.yaml").string(), testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  ASSERT_EQ(testing::without_numbering_note(d.str()), "");
  d = Diagnostics{};  // (the numbering note gone: what follows is layout's)
  FixedMeasurer m;
  const Deck& deck = g->decks[0];
  const CardArt a = resolve_card(*g, deck, deck.cards[0], g->designs.at("face"), m, d);
  ASSERT_EQ(d.str(), "");
  ASSERT_EQ(a.items.size(), 2u);
  EXPECT_NEAR(testing::mm(a.items[0].box.x), 12.5, 0.01);
  EXPECT_NEAR(a.items[0].style.size, 14, 1e-9);
  EXPECT_EQ(a.items[0].style.align, Align::Center);
  EXPECT_NEAR(testing::mm(a.items[1].radius), 2, 0.01);
  EXPECT_EQ(a.items[1].rotate, 180);
  // Every wrong value, at its cell, saying what it must be; the key keeps its default.
  const CardArt b = resolve_card(*g, deck, deck.cards[1], g->designs.at("face"), m, d);
  EXPECT_EQ(testing::replace_all(d.str(), dir.string(), "D"),
            "D/w.csv:3:3: error: card 'd-2': 'x' is {x}, which must be a length with a unit (mm, cm, in or pt) or a "
            "percentage, not '12' (layer at D/t.yaml:6:9)\n"
            "D/w.csv:3:6: error: card 'd-2': 'size' is {size}, which must be above zero and at most 1000pt, not '0pt' "
            "(layer at D/t.yaml:6:9)\n"
            "D/w.csv:3:10: error: card 'd-2': 'align' is {align}, which must be 'left', 'center', 'right' or "
            "'justify', not 'centre' (did you mean 'center'?) (layer at D/t.yaml:6:9)\n"
            "D/w.csv:3:22: error: card 'd-2': 'rotate' is {turn}, which must be '0', '90', '180' or '270', not '45' "
            "(layer at D/t.yaml:7:9)\n"
            "D/w.csv:3:17: error: card 'd-2': 'radius' is {r}, which must not be negative, not '-1mm' (layer at "
            "D/t.yaml:7:9)\n");
  EXPECT_NEAR(b.items[0].style.size, 10, 1e-9);  // the schema's default
  // A brace left open is an error where it is written, as for any template.
  EXPECT_EQ(testing::diagnostics_of("game: t\ntitle: T\ndesigns:\n  face:\n    layers: [{type: text, text: a, "
                                    "size: \"{size\"}]\ndecks:\n  - {id: d, face: face, cards: [{size: 1pt}]}\n"),
            "t.yaml:5:42: error: 'size': unclosed '{' in '{size'\n");
}

// `fit:` from a cell: each card's image fills its box its own way; a wrong word is an
// error at its cell with the nearest one.
TEST(CsvCards, FitFromACell) {
  const std::string yaml =
      "game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n"
      "      - {type: image, src: p.svg, w: 20mm, h: 30mm, fit: \"{fit}\"}\n"
      "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards: {csv: w.csv}\n";
  const Loaded l =
      load(yaml, {{"w.csv", "fit\ncover\nstretch\nfil\n"}, {"p.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"}},
           "csv-fit");
  ASSERT_TRUE(l.game);
  EXPECT_EQ(l.diags, "D/w.csv:4:1: error: card 'd-3': 'fit' is {fit}, which must be 'contain', 'cover' or 'stretch', "
                     "not 'fil' (layer at D/t.yaml:6:9)\n");
  Diagnostics d;
  FixedMeasurer m;
  const Deck& deck = l.game->decks[0];
  const Fit want[] = {Fit::Cover, Fit::Stretch, Fit::Contain};  // the last keeps the default
  for (size_t c = 0; c < 3; ++c) {
    const CardArt a = resolve_card(*l.game, deck, deck.cards[c], l.game->designs.at("face"), m, d);
    ASSERT_EQ(a.items.size(), 1u);
    EXPECT_EQ(a.items[0].fit, want[c]) << c;
  }
}

TEST(CsvCards, FieldNamesSuggestedForHeaders) {
  EXPECT_EQ(field_name_for("Part of speech"), "part_of_speech");
  EXPECT_EQ(field_name_for("2nd"), "f_2nd");
  EXPECT_EQ(field_name_for("שלום"), "");
}

}  // namespace cardstock
