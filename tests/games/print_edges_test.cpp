// Print at the edges, as the real binary writes it and read back: no cut guide around
// the empty slots of a last sheet (manifest and raster), the imposed booklet's cover band
// and folios inside the quarter inch printers leave unprinted, creep, and a right-bound
// Hebrew booklet's page order. Positions are hand-computed, to 0.01 mm.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "layout/layout.h"
#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::mm;
using testing::run_cardstock;
using testing::slurp;
using testing::utf8;

namespace {

constexpr double kHundredth = 0.01;  // mm
constexpr double kPt = 72.0 / 25.4;  // points a millimetre
constexpr double kFootTop = 552;     // points: below every A5 text area (which ends at 550.5)

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// Eleven poker cards on 3x3 Letter sheets (cut: both): page 2 holds two, in row 0.
std::string eleven_cards() {
  std::string g = R"(game: g
title: Guides
designs:
  face:
    background: "#ffffff"
    layers:
      - {type: text, text: "{word}", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 18pt, align: center}
decks:
  - id: cards
    stocks: [poker-3x3-letter]
    face: face
    cards:
)";
  for (int k = 1; k <= 11; ++k) g += "      - {id: c" + std::to_string(k) + ", word: C" + std::to_string(k) + "}\n";
  return g;
}

json output_of(const json& manifest, const std::string& file) {
  for (const auto& o : manifest["outputs"])
    if (o["file"] == file) return o;
  ADD_FAILURE() << "no output " << file;
  return json::object();
}

std::unique_ptr<poppler::document> open(const fs::path& p) {
  return std::unique_ptr<poppler::document>(poppler::document::load_from_file(p.string()));
}

// Page `i` of `doc` rendered at `dpi`, as 8-bit grey levels a row at a time.
struct Grey {
  int w = 0, h = 0;
  std::vector<unsigned char> px;
  int at(int x, int y) const { return px[static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x)]; }
};
Grey render(poppler::document& doc, int i, double dpi) {
  std::unique_ptr<poppler::page> page(doc.create_page(i));
  poppler::page_renderer r;
  r.set_image_format(poppler::image::format_gray8);
  const poppler::image img = r.render_page(page.get(), dpi, dpi);
  Grey g{img.width(), img.height(), {}};
  for (int y = 0; y < g.h; ++y) {
    const char* row = img.const_data() + static_cast<long>(y) * img.bytes_per_row();
    g.px.insert(g.px.end(), row, row + g.w);
  }
  return g;
}

// Pixels darker than near-white in the rectangle (mm) of a page rendered at `dpi`.
int dark_pixels(const Grey& g, double dpi, double x0, double y0, double x1, double y1) {
  const double k = dpi / 25.4;
  int n = 0;
  for (int y = static_cast<int>(y0 * k); y < static_cast<int>(y1 * k) && y < g.h; ++y)
    for (int x = static_cast<int>(x0 * k); x < static_cast<int>(x1 * k) && x < g.w; ++x) n += g.at(x, y) < 200;
  return n;
}

// content/ copied to a fresh folder, `game`.yaml's booklet section changed by replacing
// `from` with `to`, and built on A4 by the binary into dir/out; the game's output folder.
fs::path build_booklet(const std::string& name, const std::string& game, const std::string& from,
                       const std::string& to, std::vector<std::string> extra = {}) {
  const fs::path dir = testing::fresh_dir(name);
  fs::copy(testing::source_dir() + "/content", dir / "content", fs::copy_options::recursive);
  const fs::path yaml = dir / "content" / (game + ".yaml");
  const std::string text = slurp(yaml);
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  write(yaml, text.substr(0, at) + to + text.substr(at + from.size()));
  std::vector<std::string> args{"build",   yaml.string(),   "-o",      (dir / "out").string(), "--paper", "a4",
                                "--force", "--single-sided", "--stock", "poker-3x3-a4"};
  for (std::string& a : extra) {
    if (a.find(':') != std::string::npos) {  // a file's text: written there, named by its path
      write(dir / "printer.yaml", a);
      a = (dir / "printer.yaml").string();
    }
    args.push_back(a);
  }
  const auto r = run_cardstock(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return dir / "out" / game;
}

Rect rect_of(const json& j) { return {j[0], j[1], j[2], j[3]}; }

// The box (points) of the word `text` on page `i` of `doc` lying below `below` (points).
Rect word_box(poppler::document& doc, int i, const std::string& text, double below) {
  std::unique_ptr<poppler::page> page(doc.create_page(i));
  for (const auto& b : page->text_list())
    if (utf8(b.text()) == text && b.bbox().y() > below)
      return {b.bbox().x(), b.bbox().y(), b.bbox().width(), b.bbox().height()};
  return {};
}

// Every folio on the imposed sides lies where the reading-order page has it, moved by
// its half's corner (the manifest's rect): read back from both PDFs.
void expect_folios_placed(poppler::document& reading, poppler::document& sheets, const json& imposed) {
  const int n_pages = imposed["booklet_pages"];
  int seen = 0;
  for (size_t k = 0; k < imposed["pages"].size(); ++k)
    for (const auto& half : imposed["pages"][k]["placements"]) {
      const int num = half["page"];
      if (num < 3 || num > n_pages) continue;  // no folio on the cover, contents and blanks
      const Rect box = rect_of(half["rect"]);
      const Rect there = word_box(reading, num - 1, std::to_string(num), kFootTop);
      const Rect here = word_box(sheets, static_cast<int>(k), std::to_string(num), kFootTop);
      EXPECT_NEAR(mm(here.x), mm(there.x + box.x), kHundredth) << "page " << num;
      EXPECT_NEAR(mm(here.y), mm(there.y + box.y), kHundredth) << "page " << num;
      ++seen;
    }
  EXPECT_GT(seen, 8);
}

}  // namespace

// Page 2 of the sheets holds cards 10 and 11 in the first two slots of row 0 (Letter,
// poker cards 63.5 x 88.9 mm, no gutter: the grid starts 12.7 mm in and 6.35 mm down).
// Its lines run only along those two cards; its marks only at the edges that bound them.
TEST(EmptySlots, TheLastSheetsCutsBoundOnlyItsCards) {
  const fs::path dir = testing::fresh_dir("edges-guides");
  write(dir / "g.yaml", eleven_cards());
  const auto r = run_cardstock({"build", "g.yaml", "-o", "out", "--force", "--single-sided"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const json m = json::parse(slurp(dir / "out/g/manifest.json"));
  const json sheets = output_of(m, "cards-poker-3x3-letter.pdf");
  ASSERT_EQ(sheets["pages"].size(), 2u);
  std::vector<std::array<double, 4>> lines;
  std::set<double> mark_x, mark_y;
  const auto r2 = [](double pt) { return std::round(mm(pt) * 100) / 100; };
  for (const auto& c : sheets["pages"][1]["cuts"]) {
    const double x1 = c["from"][0], y1 = c["from"][1], x2 = c["to"][0], y2 = c["to"][1];
    if (c["kind"] == "line") lines.push_back({mm(x1), mm(y1), mm(x2), mm(y2)});
    if (c["kind"] == "mark" && std::fabs(x1 - x2) < 1e-9) mark_x.insert(r2(x1));
    if (c["kind"] == "mark" && std::fabs(y1 - y2) < 1e-9) mark_y.insert(r2(y1));
  }
  // Hand-computed: x = 12.7, 76.2, 139.7 mm from y 6.35 to 95.25 mm; y = 6.35 and 95.25 mm
  // from x 12.7 to 139.7 mm. No line at x = 203.2 mm or along rows 1 and 2.
  std::vector<std::array<double, 4>> want{{12.7, 6.35, 12.7, 95.25},  {76.2, 6.35, 76.2, 95.25},
                                          {139.7, 6.35, 139.7, 95.25}, {12.7, 6.35, 139.7, 6.35},
                                          {12.7, 95.25, 139.7, 95.25}};
  std::sort(lines.begin(), lines.end());
  std::sort(want.begin(), want.end());
  ASSERT_EQ(lines.size(), want.size());
  for (size_t k = 0; k < want.size(); ++k)
    for (size_t j = 0; j < 4; ++j) EXPECT_NEAR(lines[k][j], want[k][j], kHundredth) << "line " << k;
  for (double x : mark_x) EXPECT_TRUE(x == 12.7 || x == 76.2 || x == 139.7) << "mark at x " << x << " mm";
  EXPECT_EQ(mark_y, (std::set<double>{6.35, 95.25}));
  // Page 1 is full: its lines still run across the whole grid, 3 x 3 cards.
  int full = 0;
  for (const auto& c : sheets["pages"][0]["cuts"])
    if (c["kind"] == "line") ++full;
  EXPECT_EQ(full, 8);
  // Read back from the raster: the seven empty slots (rows 1 and 2, and slot 3) show no
  // guide, not even at their edges; the filled row shows its lines.
  auto doc = open(dir / "out/g/cards-poker-3x3-letter.pdf");
  ASSERT_TRUE(doc);
  const double dpi = 100;
  const Grey g = render(*doc, 1, dpi);
  EXPECT_EQ(dark_pixels(g, dpi, 11.7, 95.25 + 0.6, 204.2, 274.05), 0);
  EXPECT_EQ(dark_pixels(g, dpi, 139.7 + 0.6, 5.35, 204.2, 95.25 + 0.6), 0);
  EXPECT_GT(dark_pixels(g, dpi, 75.9, 20, 76.5, 80), 50);  // the line between cards 10 and 11
}

// Echad on A4 with `creep: 0.2mm`. A5 pages (148 x 210 mm) two-up on A4 landscape
// (297 x 210 mm): the fold is at 148.5 mm, the pages of sheet s (0 the outermost) start
// at 0.5 + 0.2 s mm (left half) and 148.5 - 0.2 s mm (right half).
TEST(BookletEdges, BandFoliosAndCreepOnA4) {
  const fs::path out = build_booklet("edges-creep", "echad", "  accent: blue\n", "  accent: blue\n  creep: 0.2mm\n");
  const json m = json::parse(slurp(out / "manifest.json"));
  const json reading = output_of(m, "rules-a5.pdf"), imposed = output_of(m, "rules-booklet-a4.pdf");
  // The cover band: a quarter inch (6.35 mm) in from the top and both sides, down to
  // 42 % of the page (88.2 mm).
  const Rect band = rect_of(reading["pages"][0]["band"]);
  EXPECT_NEAR(mm(band.x), 6.35, kHundredth);
  EXPECT_NEAR(mm(band.y), 6.35, kHundredth);
  EXPECT_NEAR(mm(band.right()), 148 - 6.35, kHundredth);
  EXPECT_NEAR(mm(band.bottom()), 88.2, kHundredth);
  // Every folio's line ends 6.35 mm above the foot (203.65 mm), and its digits too.
  auto doc = open(out / "rules-a5.pdf");
  ASSERT_TRUE(doc);
  int folios = 0;
  for (const auto& pg : reading["pages"]) {
    if (pg["role"] != "body") continue;
    EXPECT_NEAR(mm(rect_of(pg["foot"]).bottom()), 203.65, kHundredth);
    const int n = pg["page"];
    const Rect w = word_box(*doc, n - 1, std::to_string(n), kFootTop);
    EXPECT_GT(w.h, 0) << "page " << n;
    EXPECT_LE(mm(w.bottom()), 203.65) << "page " << n;
    ++folios;
  }
  EXPECT_GT(folios, 8);
  // Creep: each side's halves, from the manifest, and its folios read back from the PDF
  // where the reading-order page has them, moved by the half's corner.
  auto sheets = open(out / "rules-booklet-a4.pdf");
  ASSERT_TRUE(sheets);
  EXPECT_NEAR(mm(imposed["creep"]), 0.2, kHundredth);
  for (size_t k = 0; k < imposed["pages"].size(); ++k) {
    const json& side = imposed["pages"][k];
    const double s = static_cast<double>(k / 2);
    const Rect left = rect_of(side["placements"][0]["rect"]), right = rect_of(side["placements"][1]["rect"]);
    EXPECT_NEAR(mm(left.x), 0.5 + 0.2 * s, kHundredth) << "side " << k;
    EXPECT_NEAR(mm(right.x), 148.5 - 0.2 * s, kHundredth) << "side " << k;
  }
  expect_folios_placed(*doc, *sheets, imposed);
  // Sheet 1's front (the fold at 148.5 mm, page 1 on the right half): the band's accent
  // stops 6.35 mm from the top and right edges, and leaves the top fold mark alone.
  const json& fold = imposed["pages"][0]["cuts"][0];
  EXPECT_EQ(fold["kind"], "fold");
  EXPECT_NEAR(mm(fold["from"][0]), 148.5, kHundredth);
  EXPECT_NEAR(mm(fold["from"][1]), 6.35, kHundredth);
  EXPECT_NEAR(mm(fold["to"][1]), 6.35 + mm(14), kHundredth);
  const double dpi = 300;
  const Grey g = render(*sheets, 0, dpi);
  EXPECT_EQ(dark_pixels(g, dpi, 150, 0, 297, 6.25), 0);           // above the band
  EXPECT_EQ(dark_pixels(g, dpi, 148.5 + 148 - 6.25, 0, 297, 80), 0);  // right of it
  EXPECT_EQ(dark_pixels(g, dpi, 148.9, 6, 154.75, 12), 0);        // between fold mark and band
  EXPECT_GT(dark_pixels(g, dpi, 155, 6.45, 156, 7.45), 100);      // the band's corner
}

// A printer whose backs land 1 mm right and 0.5 mm low on its portrait paper. On the
// landscape sheet (turned a quarter turn anticlockwise onto the paper) that offset is
// (-0.5, 1) mm; the sheet is printed flip on short edge, so it is applied negated (as for
// a card stock) and each back half is drawn moved by (-0.5, +1) mm: left halves at x 0,
// right halves at 148 mm, both at y 1 mm. Fronts stay at 0.5 and 148.5 mm, y 0.
TEST(BookletEdges, APrinterProfileMovesTheImposedBacks) {
  const fs::path out = build_booklet("edges-printer", "echad", "  accent: blue\n", "  accent: blue\n",
                                     {"--printer", "name: test\nduplex_offset: {x: 1mm, y: 0.5mm}\n"});
  const json m = json::parse(slurp(out / "manifest.json"));
  const json imposed = output_of(m, "rules-booklet-a4.pdf");
  ASSERT_TRUE(imposed.contains("printer"));
  EXPECT_FALSE(output_of(m, "rules-a5.pdf").contains("printer"));
  for (size_t k = 0; k < imposed["pages"].size(); ++k) {
    const bool back = k % 2 == 1;
    const json& side = imposed["pages"][k]["placements"];
    EXPECT_NEAR(mm(rect_of(side[0]["rect"]).x), back ? 0.0 : 0.5, kHundredth) << "side " << k;
    EXPECT_NEAR(mm(rect_of(side[1]["rect"]).x), back ? 148.0 : 148.5, kHundredth) << "side " << k;
    EXPECT_NEAR(mm(rect_of(side[0]["rect"]).y), back ? 1.0 : 0.0, kHundredth) << "side " << k;
  }
  auto reading = open(out / "rules-a5.pdf"), sheets = open(out / "rules-booklet-a4.pdf");
  ASSERT_TRUE(reading && sheets);
  expect_folios_placed(*reading, *sheets, imposed);
}

// The Hebrew quick reference shipped with Dayenu (content/dayenu.quick-he.md), as its
// header comment says to print it: `language: he` binds it on the right.
TEST(BookletEdges, AHebrewBookletIsBoundOnTheRight) {
  const fs::path out = build_booklet("edges-hebrew", "dayenu", "  source: dayenu.rules.md\n  title: \"Dayenu\"\n",
                                     "  source: dayenu.quick-he.md\n  title: \"\u05d3\u05d9\u05d9\u05e0\u05d5\"\n"
                                     "  language: he\n");
  const json m = json::parse(slurp(out / "manifest.json"));
  const json imposed = output_of(m, "rules-booklet-a4.pdf"), reading = output_of(m, "rules-a5.pdf");
  EXPECT_EQ(imposed["binding"], "right");
  const int padded = imposed["padded_pages"];
  ASSERT_GE(padded, 4);
  // Sheet s's front: page 2s+1 on the left, P-2s on the right; its back: P-2s-1 on the
  // left, 2s+2 on the right (a left-bound booklet has each pair the other way round).
  ASSERT_EQ(imposed["pages"].size(), static_cast<size_t>(padded / 2));
  for (int s = 0; s < padded / 4; ++s) {
    const json& front = imposed["pages"][2 * s]["placements"];
    const json& back = imposed["pages"][2 * s + 1]["placements"];
    EXPECT_EQ(front[0]["page"], 2 * s + 1);
    EXPECT_EQ(front[1]["page"], padded - 2 * s);
    EXPECT_EQ(back[0]["page"], padded - 2 * s - 1);
    EXPECT_EQ(back[1]["page"], 2 * s + 2);
  }
  // Read back: the cover's title (poppler gives its letters one by one) is on the left
  // half of sheet 1's front.
  auto sheets = open(out / "rules-booklet-a4.pdf");
  ASSERT_TRUE(sheets);
  const Rect dalet = word_box(*sheets, 0, "\u05d3", 0);
  EXPECT_GT(dalet.w, 0);
  EXPECT_LT(dalet.right(), 148.5 * kPt);
  // Odd pages are left-hand pages: the wide margin (44 x 0.97268 pt) is at their right,
  // the folio at their left; even pages the other way round.
  auto doc = open(out / "rules-a5.pdf");
  ASSERT_TRUE(doc);
  int checked = 0;
  for (const auto& pg : reading["pages"]) {
    if (pg["role"] != "body") continue;
    const int n = pg["page"];
    const Rect a = rect_of(pg["text_area"]);
    const double outer = 34 * 595.28 / 612, inner = 44 * 595.28 / 612;
    EXPECT_NEAR(mm(a.x), mm(n % 2 ? outer : inner), kHundredth) << "page " << n;
    const Rect w = word_box(*doc, n - 1, std::to_string(n), kFootTop);
    EXPECT_NEAR(mm(n % 2 ? w.x : w.right()), mm(n % 2 ? a.x : a.right()), 0.5) << "page " << n;
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

}  // namespace cardstock
