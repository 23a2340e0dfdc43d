// Planning where it lives (plan/plan.h's plan_outputs), without fonts or Cairo: a small
// game planned on one shipped stock of each format (home sheets on Letter and on A3,
// labels, fold-over, a cutter's sheets and SVG cut file, a print shop's sheets and its
// one card a page, two shops' PNGs, Tabletop Simulator) under each option that changes
// what is planned (the defaults, --single-sided, --proof, --cmyk, --paper a3, a printer
// profile). Every output's file, kind, format, page size (to 0.01 mm), page count, folder
// files and pixels, and inputs are asserted, and its part of manifest.json parses and
// says the same (page count, first side, CMYK and ink limit where made in CMYK, never of
// a cut file, the printer profile). The expected values are worked out by hand from the
// stocks (templates/stocks/*.yaml), papers and card sizes, not read back from the code:
//
//   deck 'cards': 10 poker cards (a x4, b x3, c x3), a back design (it shows an image);
//   deck 'tiles': 2 poker cards, no back design;
//   deck 'hexes': 3 hex tiles (2.511474 x 2.9 in, no bleed) on their own stock, Letter
//   (10 a sheet), which --stock leaves them on; board 'table' shows them.
//
// Letter is 215.9 x 279.4 mm, A4 210 x 297, A3 297 x 420. A poker card is 2.5 x 3.5 in
// with a 1/8 in bleed: DriveThruCards' page is 2.75 x 3.75 in (69.85 x 95.25 mm);
// MakePlayingCards' card is 2.48 x 3.46 in with 0.12 in bleed (2.72 x 3.70 in, 69.088 x
// 93.98 mm, 816 x 1110 px at 300 dpi). A proof page holds as many cells (the card, its
// bleed and a 30 pt slug, 18 pt apart, 36 pt margins) as fit 1000 x 720 pt, a card's front
// and back in two: for poker 4 x 2 on 918 x 690 pt (323.85 x 243.42 mm), for the hex
// tile (180.83 x 208.8 pt) 4 x 2 on 849.31 x 567.6 pt (299.61 x 200.24 mm).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "load/printer.h"
#include "plan/manifest.h"
#include "plan/plan.h"
#include "plan/prepare.h"
#include "test_util.h"

namespace cardstock {
namespace {

const char* const kGame = R"(game: g
title: Planned
designs:
  face:
    layers:
      - {type: text, text: "{name}", x: 5mm, y: 5mm, w: 50mm, h: 10mm, size: 10pt}
  back:
    layers:
      - {type: image, src: "assets/dayenu/walnut.svg", x: 10mm, y: 10mm, w: 20mm, h: 20mm}
decks:
  - id: cards
    face: face
    back: back
    stocks: [poker-3x3-letter]
    cards:
      - {id: a, name: Alpha, count: 4}
      - {id: b, name: Beta, count: 3}
      - {id: c, name: Gamma, count: 3}
  - id: tiles
    face: face
    stocks: [poker-3x3-letter]
    cards:
      - {id: x, name: Ex}
      - {id: y, name: Why}
  - id: hexes
    card: hex-tile
    face: face
    stocks: [hex-tile-letter]
    cards:
      - {id: h1, name: One}
      - {id: h2, name: Two}
      - {id: h3, name: Three}
boards:
  - id: table
    deck: hexes
    rows:
      - [h1, h2]
      - [h3]
)";

constexpr double kLetterW = 215.9, kLetterH = 279.4;

// The game above, prepared with fixed text metrics (once: every case plans it afresh).
const PreparedGame& game() {
  static const FixedMeasurer measurer;
  static const PreparedGame* p = [] {
    auto* g = new PreparedGame;
    g->source = "g.yaml";
    auto parsed = parse_game(kGame, "g.yaml", testing::source_dir() + "/content", testing::shipped_templates(),
                             g->diags);
    if (!parsed) throw std::runtime_error(g->diags.str());
    g->game = std::move(*parsed);
    prepare_game(*g, testing::shipped_templates(), measurer, false);
    if (g->diags.has_errors()) throw std::runtime_error(g->diags.str());
    return g;
  }();
  return *p;
}

const PrinterProfile& printer() {
  static const PrinterProfile pr = [] {
    Diagnostics d;
    auto p = parse_printer_profile("name: school-laser\nduplex_offset: {x: 0.8mm, y: -0.5mm}\n", "printer.yaml", d);
    if (!p) throw std::runtime_error(d.str());
    return *p;
  }();
  return pr;
}

enum class Variant { Defaults, SingleSided, Proof, Cmyk, PaperA3, Printer };

const char* variant_name(Variant v) {
  switch (v) {
    case Variant::Defaults: return "Defaults";
    case Variant::SingleSided: return "SingleSided";
    case Variant::Proof: return "Proof";
    case Variant::Cmyk: return "Cmyk";
    case Variant::PaperA3: return "PaperA3";
    case Variant::Printer: return "Printer";
  }
  return "?";
}

// One output a deck makes on a stock, as worked out by hand.
struct Row {
  std::string file;
  OutputKind kind;
  OutputFormat format;
  double w_mm, h_mm;
  size_t pages, pages_single;       // with backs, and under --single-sided
  std::vector<std::string> files;   // a folder's files (pages, then texts), with backs
  std::vector<std::string> files_single;
  bool deck_inputs = true;          // its inputs are its deck's (a cut file has none)
  bool printer = false;             // the manifest names the printer profile (back pages corrected)
  std::vector<std::pair<int, int>> pixels;  // a folder's: each page's, or one for every page
  bool backs_first = false;         // with backs, each back page before its front (a shop's order)
  double ink_limit = 0;             // the stock's CMYK ink limit (and its black in black ink only)
};

struct StockCase {
  std::string name;   // for the test's name
  std::string stock;
  std::string paper;  // a sheet stock's paper, which --paper chooses ("": a shop's cards, always made)
  std::vector<Row> cards, tiles;
};

Row sheet(const std::string& file, OutputKind kind, OutputFormat f, double w, double h, size_t pages, size_t single,
          bool printer = false) {
  Row r{file, kind, f, w, h, pages, single, {}, {}, true, printer, {}, false, 0};
  return r;
}

Row cut_file(const std::string& file) {
  Row r{file, OutputKind::CutFile, OutputFormat::SvgCut, kLetterW, kLetterH, 1, 1, {}, {}, false, false, {}, false, 0};
  return r;
}

Row folder(const std::string& file, OutputKind kind, double w, double h, std::vector<std::string> files,
           std::vector<std::string> single, std::vector<std::pair<int, int>> pixels) {
  Row r{file, kind, OutputFormat::Png, w, h, 0, 0, std::move(files), std::move(single), true, false,
        std::move(pixels), false, 0};
  return r;
}

// DriveThruCards' order and ink: each back before its front, at most 240 % ink.
Row shop_pdf(const std::string& file, size_t pages, size_t single) {
  Row r = sheet(file, OutputKind::Cards, OutputFormat::PdfCmyk, 69.85, 95.25, pages, single);
  r.backs_first = true;
  r.ink_limit = 240;
  return r;
}

// The images of a png stock: one a card face, numbered in deck order, "-copyN" past the
// first copy.
std::vector<std::string> card_images(const std::vector<std::pair<std::string, int>>& cards, size_t width,
                                     bool backs) {
  std::vector<std::string> out;
  size_t n = 0;
  for (const auto& [id, count] : cards)
    for (int copy = 1; copy <= count; ++copy) {
      std::string num = std::to_string(++n);
      num.insert(0, width - num.size(), '0');
      const std::string stem = num + "-" + id + (copy > 1 ? "-copy" + std::to_string(copy) : "");
      out.push_back(stem + "-front.png");
      if (backs) out.push_back(stem + "-back.png");
    }
  return out;
}

std::vector<StockCase> stock_cases() {
  const auto C = OutputKind::Cards;
  const auto P = OutputFormat::Pdf;
  const std::vector<std::pair<std::string, int>> cards = {{"a", 4}, {"b", 3}, {"c", 3}}, tiles = {{"x", 1}, {"y", 1}};
  return {
      // 3 x 3 on Letter: 10 cards are 2 sheets, each a front and a back page.
      {"HomeSheets", "poker-3x3-letter", "letter",
       {sheet("cards-poker-3x3-letter.pdf", C, P, kLetterW, kLetterH, 4, 2, true)},
       {sheet("tiles-poker-3x3-letter.pdf", C, P, kLetterW, kLetterH, 1, 1)}},
      // 2 x 4 labels: never a back page.
      {"Labels", "poker-labels-letter", "letter",
       {sheet("cards-poker-labels-letter.pdf", OutputKind::Labels, P, kLetterW, kLetterH, 2, 2)},
       {sheet("tiles-poker-labels-letter.pdf", OutputKind::Labels, P, kLetterW, kLetterH, 1, 1)}},
      // 3 x 6 on A3, turned: 10 cards are a sheet, its front and its back; --paper a3 keeps it.
      {"HomeSheetsA3", "poker-3x6-a3", "a3",
       {sheet("cards-poker-3x6-a3.pdf", C, P, 297, 420, 2, 1, true)},
       {sheet("tiles-poker-3x6-a3.pdf", C, P, 297, 420, 1, 1)}},
      // Print & Play Games: 18 a 12 x 18 in sheet (304.8 x 457.2 mm), each front then its
      // back; a sheet stock like the home ones (--paper chooses it, a printer profile
      // corrects its backs).
      {"PrintShopSheets", "ppg-poker-18up", "tabloid-extra",
       {sheet("cards-ppg-poker-18up.pdf", C, P, 304.8, 457.2, 2, 1, true)},
       {sheet("tiles-ppg-poker-18up.pdf", C, P, 304.8, 457.2, 1, 1)}},
      // 4 a page, the backs beside them across the fold whatever --single-sided says.
      {"Foldover", "poker-foldover-letter", "letter",
       {sheet("cards-poker-foldover-letter.pdf", OutputKind::Foldover, P, kLetterW, kLetterH, 3, 3)},
       {sheet("tiles-poker-foldover-letter.pdf", OutputKind::Foldover, P, kLetterW, kLetterH, 1, 1)}},
      // 2 x 2 in a Cricut frame: 3 sheets; the cut file shows the first front page.
      {"Cutter", "poker-cricut-letter", "letter",
       {sheet("cards-poker-cricut-letter.pdf", C, P, kLetterW, kLetterH, 6, 3, true),
        cut_file("cards-poker-cricut-letter-cut.svg")},
       {sheet("tiles-poker-cricut-letter.pdf", C, P, kLetterW, kLetterH, 1, 1),
        cut_file("tiles-poker-cricut-letter-cut.svg")}},
      // DriveThruCards: a page a card face, in CMYK (the stock asks for it).
      {"PrintShopPdf", "dtc-poker", "", {shop_pdf("cards-dtc-poker.pdf", 20, 10)},
       {shop_pdf("tiles-dtc-poker.pdf", 2, 2)}},
      // MakePlayingCards: a folder of PNGs, three-digit numbers, 816 x 1110 px.
      {"PrintShopPng", "mpc-poker", "",
       {folder("cards-mpc-poker", OutputKind::Images, 69.088, 93.98, card_images(cards, 3, true),
               card_images(cards, 3, false), {{816, 1110}})},
       {folder("tiles-mpc-poker", OutputKind::Images, 69.088, 93.98, card_images(tiles, 3, false),
               card_images(tiles, 3, false), {{816, 1110}})}},
      // The Game Crafter: the poker card and its bleed, 2.75 x 3.75 in, 825 x 1125 px.
      {"PrintShopPngTgc", "tgc-poker", "",
       {folder("cards-tgc-poker", OutputKind::Images, 69.85, 95.25, card_images(cards, 3, true),
               card_images(cards, 3, false), {{825, 1125}})},
       {folder("tiles-tgc-poker", OutputKind::Images, 69.85, 95.25, card_images(tiles, 3, false),
               card_images(tiles, 3, false), {{825, 1125}})}},
      // Tabletop Simulator: the smallest grid at 300 dpi (no side over 4096 px: at most 5
      // columns of 2.5 in, 3 rows of 3.5 in) holding the cards and the hidden cell: 10 cards
      // on 4 x 3 (10 x 10.5 in), 2 on 2 x 2 (5 x 7 in); a face sheet, the back image and
      // the saved object, backs or not.
      {"Tts", "tts", "",
       {folder("cards-tts", OutputKind::Tts, 254, 266.7, {"g-cards-1.png", "g-cards-back.png", "g-cards.json"},
               {"g-cards-1.png", "g-cards-back.png", "g-cards.json"}, {{3000, 3150}, {750, 1050}})},
       {folder("tiles-tts", OutputKind::Tts, 127, 177.8, {"g-tiles-1.png", "g-tiles-back.png", "g-tiles.json"},
               {"g-tiles-1.png", "g-tiles-back.png", "g-tiles.json"}, {{1500, 2100}, {750, 1050}})}},
  };
}

struct Expected {
  std::string file;
  OutputKind kind;
  OutputFormat format;
  double w_mm, h_mm;
  size_t pages;
  std::vector<std::string> files;  // a folder's
  std::vector<std::string> inputs;
  bool printer;
  std::vector<std::pair<int, int>> pixels = {};  // a folder's, a page each
  std::string first_side = "front";              // the manifest's first page ("": none said)
  double ink_limit = 0;
};

// Whether the case's stock makes sheets under its options: --paper a3 leaves out the
// stocks on other papers.
bool made_under(const StockCase& c, Variant v) { return v != Variant::PaperA3 || c.paper.empty() || c.paper == "a3"; }

std::string walnut() { return testing::source_dir() + "/content/assets/dayenu/walnut.svg"; }

// What the case plans, in plan_outputs' order: per deck its stock's outputs, then its
// proof; then the board (of the hex tiles, no inputs of its own) on each paper.
std::vector<Expected> expected(const StockCase& c, Variant v) {
  std::vector<Expected> out;
  const bool cmyk = v == Variant::Cmyk, single = v == Variant::SingleSided;
  auto pdf = [cmyk](OutputFormat f) { return cmyk && f == OutputFormat::Pdf ? OutputFormat::PdfCmyk : f; };
  for (const bool is_cards : {true, false}) {
    const std::vector<Row>& rows = is_cards ? c.cards : c.tiles;
    const std::vector<std::string> inputs = is_cards ? std::vector<std::string>{walnut()} : std::vector<std::string>{};
    if (made_under(c, v))
      for (const Row& r : rows) {
        const bool png = r.format == OutputFormat::Png;
        const std::vector<std::string>& files = single ? r.files_single : r.files;
        // A folder has a page a file, but for a saved object (a text), the last of a tts folder.
        const size_t pages = png ? files.size() - (r.kind == OutputKind::Tts ? 1 : 0) : single ? r.pages_single : r.pages;
        Expected e{r.file, r.kind, pdf(r.format), r.w_mm, r.h_mm, pages, files,
                   r.deck_inputs ? inputs : std::vector<std::string>{}, r.printer && v == Variant::Printer};
        for (size_t k = 0; k < r.pixels.size() && png; ++k) e.pixels.push_back(r.pixels[k]);
        if (r.pixels.size() == 1) e.pixels.assign(pages, r.pixels[0]);
        // A cut file's page is no side; a shop's back comes first when there are backs.
        e.first_side = r.kind == OutputKind::CutFile          ? ""
                       : r.backs_first && is_cards && !single ? "back"
                                                              : "front";
        e.ink_limit = r.ink_limit;
        out.push_back(e);
      }
    // 10 cards and their backs are 20 cells, 3 pages of 8; 2 cards without backs, 1.
    if (v == Variant::Proof)
      out.push_back({std::string(is_cards ? "cards" : "tiles") + "-proof.pdf", OutputKind::Proof, OutputFormat::Pdf,
                     323.85, 243.4167, size_t{is_cards ? 3u : 1u}, {}, inputs, false});
  }
  // The hex tiles: one Letter sheet, no backs; a proof page of 3 cells.
  if (v != Variant::PaperA3)
    out.push_back({"hexes-hex-tile-letter.pdf", OutputKind::Cards, pdf(OutputFormat::Pdf), kLetterW, kLetterH, 1, {},
                   {}, false});
  if (v == Variant::Proof)
    out.push_back({"hexes-proof.pdf", OutputKind::Proof, OutputFormat::Pdf, 299.61, 200.237, 1, {}, {}, false});
  const std::vector<std::pair<std::string, std::pair<double, double>>> papers =
      v == Variant::PaperA3 ? std::vector<std::pair<std::string, std::pair<double, double>>>{{"a3", {297, 420}}}
                            : std::vector<std::pair<std::string, std::pair<double, double>>>{
                                  {"letter", {kLetterW, kLetterH}}, {"a4", {210, 297}}};
  for (const auto& paper : papers)
    out.push_back({"table-" + paper.first + ".pdf", OutputKind::Board, pdf(OutputFormat::Pdf), paper.second.first,
                   paper.second.second, 1, {}, {}, false});
  return out;
}

PlanOptions options(const StockCase& c, Variant v) {
  PlanOptions o;
  o.stocks = {c.stock};
  o.backs = v != Variant::SingleSided;
  o.proof = v == Variant::Proof;
  o.cmyk = v == Variant::Cmyk;
  if (v == Variant::PaperA3) o.paper = "a3";
  return o;
}

// The manifest as a build assembles it from these outputs.
std::string manifest_of(const std::vector<PlannedOutput>& outs) {
  const ManifestHeader h{"g", "Planned", "g.yaml", {}, "", {}, ""};
  return manifest_json(h, outs);
}

void check_output(const PlannedOutput& o, const Expected& e) {
  SCOPED_TRACE(e.file);
  EXPECT_EQ(o.file, e.file);
  EXPECT_EQ(kind_name(o.manifest.kind), std::string(kind_name(e.kind)));
  EXPECT_EQ(format_name(o.format), std::string(format_name(e.format)));
  EXPECT_NEAR(testing::mm(o.width), e.w_mm, 0.01);
  EXPECT_NEAR(testing::mm(o.height), e.h_mm, 0.01);
  EXPECT_EQ(o.pages.size(), e.pages);
  EXPECT_EQ(o.folder_files(), e.files);
  EXPECT_EQ(o.page_pixels, e.pixels);
  EXPECT_EQ(o.inputs, e.inputs);
  EXPECT_EQ(o.ink_limit, e.ink_limit);
  EXPECT_EQ(o.near_black_to_k, e.ink_limit > 0);
  // Its part of the manifest parses, and says what the plan says.
  const std::string text = manifest_of({o});
  nlohmann::json m;
  ASSERT_NO_THROW(m = nlohmann::json::parse(text)) << text.substr(0, 2000);
  const nlohmann::json& out = m.at("outputs").at(0);
  EXPECT_EQ(out.at("file"), e.file);
  EXPECT_EQ(out.at("kind"), kind_name(e.kind));
  EXPECT_EQ(out.at("page_count"), e.pages);
  EXPECT_EQ(out.at("pages").size(), e.pages);
  EXPECT_EQ(out.contains("printer"), e.printer);
  EXPECT_EQ(out.at("pages").at(0).value("side", ""), e.first_side);
  // CMYK is said of the PDFs made in it, never of a cut file or images (nor is the ink).
  EXPECT_EQ(out.value("color", ""), e.format == OutputFormat::PdfCmyk ? "cmyk" : "");
  EXPECT_EQ(out.value("ink_limit", 0.0), e.ink_limit);
  EXPECT_EQ(out.value("black", ""), e.ink_limit > 0 ? "pure-k" : "");
  if (e.printer) {
    EXPECT_EQ(out.at("printer").at("name"), "school-laser");
  }
}

// The case's name in gtest's messages.
[[maybe_unused]] void PrintTo(const StockCase& c, std::ostream* os) { *os << c.stock; }
[[maybe_unused]] void PrintTo(Variant v, std::ostream* os) { *os << variant_name(v); }

using Case = std::tuple<StockCase, Variant>;

class PlanOutputs : public ::testing::TestWithParam<Case> {};

TEST_P(PlanOutputs, FilesKindsFormatsPageSizesCountsInputsAndManifest) {
  const StockCase& c = std::get<0>(GetParam());
  const Variant v = std::get<1>(GetParam());
  Diagnostics d;
  const auto outs = plan_outputs(game(), testing::shipped_templates(), options(c, v), d,
                                 v == Variant::Printer ? &printer() : nullptr);
  if (!made_under(c, v)) {
    EXPECT_NE(d.str().find("deck 'cards' has no stock on a3 paper, which --paper asks for; its stocks are " + c.stock +
                           " (" + c.paper + ")"),
              std::string::npos)
        << d.str();
  }
  if (v == Variant::PaperA3) {
    EXPECT_NE(d.str().find("deck 'hexes' has no stock on a3 paper, which --paper asks for; its stocks are "
                           "hex-tile-letter (letter)"),
              std::string::npos)
        << d.str();
  } else {
    EXPECT_FALSE(d.has_errors()) << d.str();
  }
  const std::vector<Expected> want = expected(c, v);
  std::vector<std::string> got_files, want_files;
  for (const auto& o : outs) got_files.push_back(o.file);
  for (const auto& e : want) want_files.push_back(e.file);
  ASSERT_EQ(got_files, want_files);
  for (size_t i = 0; i < outs.size(); ++i) check_output(outs[i], want[i]);
  // The whole manifest parses and lists every file.
  nlohmann::json all;
  ASSERT_NO_THROW(all = nlohmann::json::parse(manifest_of(outs)));
  EXPECT_EQ(all.at("files"), want_files);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return std::get<0>(info.param).name + "_" + variant_name(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Stocks, PlanOutputs,
                         ::testing::Combine(::testing::ValuesIn(stock_cases()),
                                            ::testing::Values(Variant::Defaults, Variant::SingleSided, Variant::Proof,
                                                              Variant::Cmyk, Variant::PaperA3, Variant::Printer)),
                         case_name);

}  // namespace
}  // namespace cardstock
