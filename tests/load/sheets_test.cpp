// Cards from spreadsheets (.xlsx, .ods): the fixtures of tests/sheets/ (made by
// make_fixtures.py: openpyxl's, LibreOffice's and a hand-assembled .ods) read into the
// same cards as a CSV file would give, every message at its cell (file:tab!B7).
#include <gtest/gtest.h>

#include <fstream>

#include "layout/layout.h"
#include "load/load.h"
#include "load/sheets/sheet_parts.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

std::string game_with(const std::string& cards, const std::string& text = "{name}") {
  return "game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n"
         "      - {type: text, text: \"" + text + "\", h: 20mm}\n"
         "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards: " + cards + "\n";
}

struct Loaded {
  std::optional<Game> game;
  std::string diags;  // the folder written as "D"
};

// Copies the fixture `sheet` of tests/sheets/ into a fresh folder beside t.yaml, loads
// it and lays out every card (so value problems found at layout are reported too).
Loaded load(const std::string& yaml, const std::string& sheet) {
  const fs::path dir = testing::fresh_dir("sheets");
  fs::copy_file(testing::source_dir() + "/tests/sheets/" + sheet, dir / sheet);
  std::ofstream(dir / "t.yaml", std::ios::binary) << yaml;
  Diagnostics d;
  Loaded l;
  l.game = load_game((dir / "t.yaml").string(), testing::shipped_templates(), d);
  if (l.game && !d.has_errors()) {
    FixedMeasurer m;
    for (const auto& deck : l.game->decks)
      for (const auto& card : deck.cards) resolve_card(*l.game, deck, card, l.game->designs.at(deck.face), m, d);
  }
  l.diags = testing::replace_all(testing::without_numbering_note(d.str()), dir.string(), "D");
  return l;
}

// A card's fields in column order of the fixtures' Animals tab, joined with " | ".
std::string fields_of(const Card& c) {
  std::string s;
  for (const char* f : {"name", "latin_name", "fact_1", "colour", "born", "weight", "share", "wild"})
    s += (s.empty() ? "" : " | ") + c.fields.at(f);
  return s + " | x" + std::to_string(c.count);
}

}  // namespace

// The same deck five ways: each gives the same cards, as the cells show them. The
// animals-libreoffice files are animals-openpyxl.xlsx opened and saved by LibreOffice
// Calc 7.4 (soffice --headless --convert-to xlsx / ods), as a teacher's save makes them.
TEST(Sheets, OpenpyxlLibreOfficeAndOdsGiveTheSameCards) {
  for (const char* file : {"animals-openpyxl.xlsx", "animals-lo.xlsx", "animals.ods", "animals-libreoffice.xlsx",
                           "animals-libreoffice.ods"}) {
    SCOPED_TRACE(file);
    auto l = load(game_with(std::string("{sheet: ") + file + ", id_from: Name}"), file);
    ASSERT_TRUE(l.game);
    EXPECT_EQ(l.diags, std::string("D/") + file +
                           ":Animals!A1: note: the header row's names are read as field names: 'Name' as {name}, "
                           "'Latin name' as {latin_name}, 'Fact 1' as {fact_1}, 'Count' as {count}, 'Colour' as "
                           "{colour}, 'Born' as {born} and 3 more\n");
    const Deck& deck = l.game->decks[0];
    ASSERT_GE(deck.cards.size(), 2u);
    EXPECT_EQ(fields_of(deck.cards[0]), "Red fox | Vulpes vulpes | Hunts  at night | #c0392b | 2024-03-05 | 6.50 | "
                                        "25% | TRUE | x2");
    EXPECT_EQ(fields_of(deck.cards[1]), "Hedgehog | Erinaceus europaeus | Eats beetles | #7f8c8d | 2023-11-30 | 0.80 | "
                                        "13% | FALSE | x1");
    EXPECT_EQ(deck.cards[0].id, "red-fox");
    // Row 3 is empty: skipped, and the rows after it keep their own numbers.
    EXPECT_EQ(testing::replace_all(deck.cards[1].mark.str(), l.game->dir, "D"), std::string("D/") + file + ":Animals!A4");
    EXPECT_EQ(testing::replace_all(deck.cards[1].field_marks.at("fact_1").str(), l.game->dir, "D"),
              std::string("D/") + file + ":Animals!C4");
    ASSERT_EQ(deck.csv_files.size(), 1u);  // an input of the game: watch and the cache see it
    EXPECT_EQ(deck.csv_files[0], l.game->dir + "/" + file);
  }
}

TEST(Sheets, AnOdsRepeatsCellsWithTextAndSkipsAMillionEmptyRows) {
  auto l = load(game_with("{sheet: animals.ods}"), "animals.ods");
  ASSERT_TRUE(l.game);
  const Deck& deck = l.game->decks[0];
  ASSERT_EQ(deck.cards.size(), 3u);
  EXPECT_EQ(deck.cards[2].fields.at("name"), "Owl");
  EXPECT_EQ(deck.cards[2].fields.at("latin_name"), "Owl");
  EXPECT_EQ(deck.cards[2].id, "d-3");
}

TEST(Sheets, TabsAreChosenByName) {
  auto plants = load(game_with("{sheet: animals-openpyxl.xlsx, tab: Plants}"), "animals-openpyxl.xlsx");
  ASSERT_TRUE(plants.game);
  EXPECT_EQ(plants.game->decks[0].cards.at(0).fields.at("height"), "30");
  auto typo = load(game_with("{sheet: animals-openpyxl.xlsx, tab: Plnats}"), "animals-openpyxl.xlsx");
  EXPECT_EQ(typo.diags, "D/t.yaml:11:48: error: D/animals-openpyxl.xlsx has no tab 'Plnats' (did you mean "
                        "'Plants'?); its tabs are Animals, Plants, Merged, Twice, Bad count\n");
}

TEST(Sheets, MergedCellsAreAnErrorAtTheCell) {
  EXPECT_EQ(load(game_with("{sheet: animals-openpyxl.xlsx, tab: Merged}"), "animals-openpyxl.xlsx").diags,
            "D/animals-openpyxl.xlsx:Merged!A3: error: cells A3:B3 are merged: each field of a card needs a cell "
            "of its own; unmerge them\n");
  EXPECT_EQ(load(game_with("{sheet: animals.ods, tab: Merged}"), "animals.ods").diags,
            "D/animals.ods:Merged!A2: error: cells A2:B2 are merged: each field of a card needs a cell of its own; "
            "unmerge them\n");
}

TEST(Sheets, TwoHeadersReadAsOneNameAreAnErrorNamingBoth) {
  EXPECT_EQ(load(game_with("{sheet: animals-openpyxl.xlsx, tab: Twice}"), "animals-openpyxl.xlsx").diags,
            "D/animals-openpyxl.xlsx:Twice!C1: error: columns B ('Fact 1') and C ('fact_1') are both read as the "
            "field name 'fact_1': rename one of them\n"
            "D/animals-openpyxl.xlsx:Twice!B1: note: 'Fact 1' is here\n"
            "D/animals-openpyxl.xlsx:Twice!A1: note: the header row's names are read as field names: 'Name' as "
            "{name}, 'Fact 1' as {fact_1}\n");
}

TEST(Sheets, ABadValueIsReportedAtItsCell) {
  EXPECT_EQ(load(game_with("{sheet: animals-openpyxl.xlsx, tab: Bad count}"), "animals-openpyxl.xlsx").diags,
            "D/animals-openpyxl.xlsx:'Bad count'!A1: note: the header row's names are read as field names: 'Name' "
            "as {name}, 'Count' as {count}, 'Colour' as {colour}\n"
            "D/animals-openpyxl.xlsx:'Bad count'!B3: error: 'count' must be a whole number, not 'three'\n");
  // A colour from a cell, checked when the card is laid out: at the cell, not the row.
  auto c = load("game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n"
                "      - {type: rect, x: 0, y: 0, w: 5mm, h: 5mm, fill: \"{latin_name}\"}\n"
                "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: {sheet: animals-lo.xlsx}}\n",
                "animals-lo.xlsx");
  EXPECT_NE(c.diags.find("D/animals-lo.xlsx:Animals!B2: error: card 'd-1': {latin_name} is not a colour: 'Vulpes "
                         "vulpes'; a colour is #rrggbb, a CSS colour name (green, navy...) or a name in colors: "
                         "(design 'face' at D/t.yaml:6:9)\n"),
            std::string::npos)
      << c.diags;
}

TEST(Sheets, AZipBombAndFilesThatAreNoSpreadsheetAreRefused) {
  EXPECT_EQ(load(game_with("{sheet: bomb.xlsx}"), "bomb.xlsx").diags,
            "D/bomb.xlsx:Animals: error: cannot read D/bomb.xlsx: its part xl/sharedStrings.xml unpacks to 65 MB; "
            "the limit is 64 MB\n");
  EXPECT_EQ(load(game_with("{sheet: bomb-lying.xlsx}"), "bomb-lying.xlsx").diags,
            "D/bomb-lying.xlsx:Animals: error: cannot read D/bomb-lying.xlsx: its part xl/sharedStrings.xml unpacks to "
            "more than 64 MB; the limit is 64 MB\n");
  // A long text repeated across columns and rows: bounded as the parts are, not 1.4 GB.
  EXPECT_EQ(load(game_with("{sheet: wide.ods}"), "wide.ods").diags,
            "D/wide.ods:Wide!JZU2: error: the cells of this tab hold more than 64 MB of text; the limit is 64 MB\n");
  EXPECT_EQ(load(game_with("{sheet: make_fixtures.py}"), "make_fixtures.py").diags,
            "D/t.yaml:11:20: error: D/make_fixtures.py is no .xlsx or .ods workbook (for a CSV file, write csv: "
            "instead of sheet:)\n");
  EXPECT_EQ(load(game_with("{sheet: animals.ods, separator: \";\"}"), "animals.ods").diags,
            "D/t.yaml:11:44: error: 'separator' is for CSV files: a spreadsheet's cells are apart already\n");
}

TEST(Sheets, NumbersAreShownAsTheirFormatSays) {
  using sheets::shown_number;
  EXPECT_EQ(shown_number("3", "General", false), "3");
  EXPECT_EQ(shown_number("0.30000000000000004", "General", false), "0.3");
  EXPECT_EQ(shown_number("1234567.891", "#,##0.00", false), "1,234,567.89");
  EXPECT_EQ(shown_number("0.125", "0.0%", false), "12.5%");
  EXPECT_EQ(shown_number("2.5", "[$\xE2\x82\xAC-407] #,##0.00", false), "\xE2\x82\xAC 2.50");
  EXPECT_EQ(shown_number("45356", "d-mmm-yy", false), "2024-03-05");
  EXPECT_EQ(shown_number("45356.6041666667", "m/d/yy h:mm", false), "2024-03-05 14:30");
  EXPECT_EQ(shown_number("0.5", "h:mm:ss", false), "12:00:00");
  EXPECT_EQ(shown_number("59", "yyyy-mm-dd", false), "1900-02-28");
  EXPECT_EQ(shown_number("0", "yyyy-mm-dd", true), "1904-01-01");
  EXPECT_EQ(shown_number("12345", "0.00E+00", false), "1.23E+04");
  EXPECT_EQ(sheets::iso_date_time("2024-03-05T00:00:00"), "2024-03-05");
  EXPECT_EQ(sheets::iso_date_time("2024-03-05T14:30:00"), "2024-03-05 14:30");
}

}  // namespace cardstock
