// Decks from spreadsheets through the real program: an .xlsx as LibreOffice writes it, one
// written by openpyxl and an .ods (tests/sheets/, made by make_fixtures.py) each build;
// the text on the page and the manifest's sources come from their cells, and an error
// names its cell as the spreadsheet does (file:tab!B7).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <poppler-document.h>
#include <poppler-page.h>

#include "output_util.h"

namespace cardstock::testing {
namespace {

namespace fs = std::filesystem;

std::string game(const std::string& cards) {
  return "game: g\ntitle: G\ndesigns:\n  face:\n    layers:\n"
         "      - {type: text, text: \"{name} ({latin_name}) {born} {weight} {share} {wild}\", size: 7pt}\n"
         "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: " + cards + "}\n";
}

// A fresh folder with g.yaml and the fixture `sheet`.
fs::path folder(const std::string& name, const std::string& sheet, const std::string& cards) {
  const fs::path dir = fresh_dir("sheets-cli-" + name);
  fs::copy_file(source_dir() + "/tests/sheets/" + sheet, dir / sheet);
  std::ofstream(dir / "g.yaml") << game(cards);
  return dir;
}

std::string page_text(const fs::path& pdf) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc) return "(no PDF)";
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  std::string t = utf8(page->text());
  std::string out;  // runs of white space as one space: the text is laid out in lines
  for (char c : t) {
    const bool ws = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (!ws || (!out.empty() && out.back() != ' ')) out += ws ? ' ' : c;
  }
  return out;
}

TEST(SheetsCli, XlsxFromLibreOfficeAndOpenpyxlAndOdsBuild) {
  for (const std::string sheet : {"animals-lo.xlsx", "animals-openpyxl.xlsx", "animals.ods"}) {
    SCOPED_TRACE(sheet);
    const fs::path dir = folder(sheet, sheet, "{sheet: " + sheet + ", id_from: Name}");
    const cardstock::testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find(sheet + ":Animals!A1: note: the header row's names are read as field names: 'Name' as "
                                 "{name}, 'Latin name' as {latin_name}, "),
              std::string::npos)
        << r.err;
    const std::string text = page_text(dir / "out/g/d-poker-3x3-letter.pdf");
    EXPECT_NE(text.find("Red fox (Vulpes vulpes) 2024-03-05 6.50 25% TRUE"), std::string::npos) << text;
    EXPECT_NE(text.find("Hedgehog (Erinaceus europaeus) 2023-11-30 0.80 13% FALSE"), std::string::npos) << text;
    const auto manifest = nlohmann::json::parse(slurp(dir / "out/g/manifest.json"));
    const std::string m = manifest.dump();
    EXPECT_NE(m.find("\"source\":\"" + sheet + ":Animals!A4\""), std::string::npos) << m.substr(0, 2000);
    EXPECT_NE(m.find(sheet), std::string::npos);
  }
}

TEST(SheetsCli, ErrorsNameTheirCell) {
  const fs::path dir = folder("errors", "animals-openpyxl.xlsx", "{sheet: animals-openpyxl.xlsx, tab: Bad count}");
  cardstock::testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("animals-openpyxl.xlsx:'Bad count'!B3: error: 'count' must be a whole number, not 'three'\n"),
            std::string::npos)
      << r.err;
  std::ofstream(dir / "g.yaml") << game("{sheet: animals-openpyxl.xlsx, tab: Merged}");
  r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("animals-openpyxl.xlsx:Merged!A3: error: cells A3:B3 are merged: each field of a card needs "
                       "a cell of its own; unmerge them\n"),
            std::string::npos)
      << r.err;
  fs::copy_file(source_dir() + "/tests/sheets/bomb.xlsx", dir / "bomb.xlsx");
  std::ofstream(dir / "g.yaml") << game("{sheet: bomb.xlsx}");
  r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "bomb.xlsx:Animals: error: cannot read bomb.xlsx: its part xl/sharedStrings.xml unpacks to 65 MB; "
                   "the limit is 64 MB\ng.yaml: 1 error(s), 0 warning(s); check failed\n");
}

// Without id_from the rows are numbered, and one note says so and what to write instead
// (issue 32); --quiet leaves only diagnostics that are not notes.
TEST(SheetsCli, NumberedRowsAreNotedOnceWithTheColumnToNameThemBy) {
  const fs::path dir = folder("numbered", "animals.ods", "{sheet: animals.ods}");
  cardstock::testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string note = "g.yaml:8:68: note: 3 cards are numbered ('d-1' to 'd-3'), and messages, image files and "
                           "diff lines call them so: 'id_from: name' names them after their name\n";
  EXPECT_NE(r.err.find(note), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(note), r.err.rfind(note)) << r.err;
  r = run_cardstock({"build", "-o", "out", "g.yaml", "-q", "--force"}, dir.string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  std::ofstream(dir / "g.yaml") << game("{sheet: animals.ods, id_from: name}");
  r = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(r.err.find("numbered"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cardstock::testing
