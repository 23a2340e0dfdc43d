// Icons inside text, read back from the PDF: the page is rasterised by poppler at 288 dpi
// (4 px a point, no anti-aliasing) and the icon's red pixels are compared with the black
// pixels of the letters beside it: its bottom on their baseline, 1 em (the text's size)
// tall, as wide as its picture's proportions make it, between the words it sits between.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "run/build.h"
#include "layout/layout.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

constexpr double kPxPerPt = 4;  // 288 dpi

// The bounding box, in points on the page, of the pixels inside `area` for which
// `want(r, g, b)` holds; w = 0 if there are none.
template <class Want>
Rect pixels(const poppler::image& img, const Rect& area, Want want) {
  const int x0 = int(area.x * kPxPerPt), x1 = int(area.right() * kPxPerPt);
  const int y0 = int(area.y * kPxPerPt), y1 = int(area.bottom() * kPxPerPt);
  int lx = 1 << 30, ly = 1 << 30, hx = -1, hy = -1;
  for (int y = std::max(0, y0); y < std::min(img.height(), y1); ++y) {
    const auto* row = reinterpret_cast<const unsigned char*>(img.const_data()) + size_t(y) * img.bytes_per_row();
    for (int x = std::max(0, x0); x < std::min(img.width(), x1); ++x) {
      const unsigned char* p = row + 4 * x;  // ARGB32 in memory: B, G, R, A
      if (!want(p[2], p[1], p[0])) continue;
      lx = std::min(lx, x), hx = std::max(hx, x), ly = std::min(ly, y), hy = std::max(hy, y);
    }
  }
  if (hx < 0) return {};
  return {lx / kPxPerPt, ly / kPxPerPt, (hx + 1 - lx) / kPxPerPt, (hy + 1 - ly) / kPxPerPt};
}

bool red(int r, int g, int b) { return r > 200 && g < 80 && b < 80; }
bool blue(int r, int g, int b) { return b > 200 && r < 80 && g < 80; }
bool black(int r, int g, int b) { return r < 100 && g < 100 && b < 100; }

const char* kGame = R"(game: icons
title: Icons
icons:
  coin: icons/coin.svg
  wide: icons/wide.png
designs:
  face:
    layers:
      - {type: text, text: "{text}", x: 4mm, y: 4mm, w: 56mm, h: 40mm, size: "{size}", color: "#000"}
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards: {csv: cards.csv}
)";

uint32_t crc32_of(const std::string& s) {
  uint32_t c = 0xffffffffu;
  for (unsigned char b : s) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return ~c;
}

std::string be32(uint32_t v) {
  return {char(v >> 24), char((v >> 16) & 0xff), char((v >> 8) & 0xff), char(v & 0xff)};
}

std::string crc_chunk(const std::string& type, const std::string& data) {
  return be32(uint32_t(data.size())) + type + data + be32(crc32_of(type + data));
}

// A solid blue RGB PNG of w x h pixels, its pixels in one stored (uncompressed) deflate
// block: small pictures need no zlib.
std::string blue_png(int w, int h) {
  std::string raw;
  for (int y = 0; y < h; ++y) {
    raw += '\0';  // filter: none
    for (int x = 0; x < w; ++x) raw += std::string("\x00\x00\xff", 3);
  }
  uint32_t a = 1, b = 0;  // adler32
  for (unsigned char c : raw) a = (a + c) % 65521, b = (b + a) % 65521;
  const uint16_t n = uint16_t(raw.size());
  std::string z = "\x78\x01";
  z += '\x01';  // final stored block
  z += char(n & 0xff), z += char(n >> 8), z += char(~n & 0xff), z += char((~n >> 8) & 0xff);
  z += raw + be32((b << 16) | a);
  std::string ihdr = be32(uint32_t(w)) + be32(uint32_t(h)) + std::string("\x08\x02\x00\x00\x00", 5);
  return std::string("\x89PNG\r\n\x1a\n", 8) + crc_chunk("IHDR", ihdr) + crc_chunk("IDAT", z) +
         crc_chunk("IEND", "");
}

}  // namespace

TEST(Icons, SitOnTheBaselineAtTheTextSize) {
  const fs::path dir = testing::fresh_dir("icons-render");
  fs::create_directories(dir / "icons");
  std::ofstream(dir / "icons/coin.svg")
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
         "fill=\"#ff0000\"/></svg>\n";
  std::ofstream(dir / "icons/wide.png", std::ios::binary) << blue_png(20, 10);
  std::ofstream(dir / "icons.yaml") << kGame;
  std::ofstream(dir / "cards.csv") << "text,size\n\"HH :coin: HH\",20pt\n\"H <icon name=\"\"wide\"\"/> H\",10pt\n";
  BuildOptions opt = testing::build_options(dir / "out");
  opt.paper = "letter";
  opt.strict = true;
  std::ostringstream out, err;
  ASSERT_EQ(build_files({(dir / "icons.yaml").string()}, opt, out, err), 0) << err.str();
  ASSERT_EQ(testing::without_numbering_note(err.str()), "");
  // The icon files are inputs of the deck: the manifest lists them (a change redraws it).
  const std::string manifest = testing::slurp(dir / "out/icons/manifest.json");
  for (const char* f : {"/icons/coin.svg\"", "/icons/wide.png\""})
    EXPECT_NE(manifest.find(f), std::string::npos) << f;
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((dir / "out/icons/d-poker-3x3-letter.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  const poppler::image img = poppler::page_renderer().render_page(page.get(), 72 * kPxPerPt, 72 * kPxPerPt);
  ASSERT_TRUE(img.is_valid());
  const SheetLayout l = layout_sheets(*testing::shipped_templates().find_stock("poker-3x3-letter"), 2, true);
  struct Want {
    double size, aspect;
    bool (*colour)(int, int, int);
  };
  const Want wants[] = {{20, 1, red}, {10, 2, blue}};
  for (size_t c = 0; c < 2; ++c) {
    const Rect trim = l.pages[0].placements[c].trim;
    const Rect icon = pixels(img, trim, wants[c].colour);
    ASSERT_GT(icon.w, 0) << "card " << c + 1 << ": no icon drawn";
    // The letters left and right of the icon, on the same line (clear of the cut lines).
    const double in = 8;
    const Rect left = pixels(img, {trim.x + in, icon.y - 5, icon.x - trim.x - in, icon.h + 10}, black);
    const Rect right = pixels(img, {icon.right(), icon.y - 5, trim.right() - in - icon.right(), icon.h + 10}, black);
    ASSERT_GT(left.w, 0);
    ASSERT_GT(right.w, 0);
    const double baseline = left.bottom();  // an H stands on the baseline
    EXPECT_NEAR(right.bottom(), baseline, 0.26) << "card " << c + 1;
    EXPECT_NEAR(icon.bottom(), baseline, 0.51) << "card " << c + 1;  // two pixels
    EXPECT_NEAR(icon.h, wants[c].size, 0.51) << "card " << c + 1;
    EXPECT_NEAR(icon.w, wants[c].size * wants[c].aspect, 0.51) << "card " << c + 1;
    // Taller than the capitals beside it, which are about 0.71 em in Noto Sans.
    EXPECT_NEAR(left.h / wants[c].size, 0.714, 0.03) << "card " << c + 1;
    // Set like a glyph between the words, with a space's gap each side.
    EXPECT_GT(icon.x - left.right(), 0.15 * wants[c].size);
    EXPECT_GT(right.x - icon.right(), 0.15 * wants[c].size);
  }
}

// Like a glyph: in right-to-left text the icon is ordered with the Hebrew words (the
// first word right of it), and a line too narrow for it breaks before it.
TEST(Icons, OrderedRightToLeftAndBrokenLikeAGlyph) {
  const fs::path dir = testing::fresh_dir("icons-flow");
  fs::create_directories(dir / "icons");
  std::ofstream(dir / "icons/coin.svg")
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
         "fill=\"#ff0000\"/></svg>\n";
  std::ofstream(dir / "flow.yaml") << R"(game: flow
title: Flow
icons: {coin: icons/coin.svg}
designs:
  rtl:
    layers:
      - {type: text, text: "{text}", x: 4mm, y: 4mm, w: 56mm, h: 20mm, size: 20pt, font: Noto Sans Hebrew, dir: rtl,
         align: right}
  narrow:
    layers:
      - {type: text, text: "{text}", x: 4mm, y: 4mm, w: 27mm, h: 40mm, size: 20pt, shrink: false}
decks:
  - id: d
    face: rtl
    stocks: [poker-3x3-letter]
    cards:
      - {text: "א :coin: בבבב"}
      - {face: narrow, text: "HH HH :coin: HH"}
)";
  BuildOptions opt = testing::build_options(dir / "out");
  opt.paper = "letter";
  opt.strict = true;
  std::ostringstream out, err;
  ASSERT_EQ(build_files({(dir / "flow.yaml").string()}, opt, out, err), 0) << err.str();
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((dir / "out/flow/d-poker-3x3-letter.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  const poppler::image img = poppler::page_renderer().render_page(page.get(), 72 * kPxPerPt, 72 * kPxPerPt);
  const SheetLayout l = layout_sheets(*testing::shipped_templates().find_stock("poker-3x3-letter"), 2, true);
  const double in = 8;
  // Right to left: one letter (the first word) right of the icon, four left of it.
  Rect trim = l.pages[0].placements[0].trim;
  Rect icon = pixels(img, trim, red);
  ASSERT_GT(icon.w, 0);
  const Rect left = pixels(img, {trim.x + in, icon.y - 5, icon.x - trim.x - in, icon.h + 10}, black);
  const Rect right = pixels(img, {icon.right(), icon.y - 5, trim.right() - in - icon.right(), icon.h + 10}, black);
  EXPECT_GT(left.w, 3 * right.w) << left.w << " pt left of the icon, " << right.w << " pt right of it";
  EXPECT_NEAR(icon.bottom(), right.bottom(), 0.51);  // Hebrew letters stand on the baseline too
  // A line too narrow for "HH HH" and the icon: the icon starts the second line.
  trim = l.pages[0].placements[1].trim;
  icon = pixels(img, trim, red);
  ASSERT_GT(icon.w, 0);
  const Rect first_line = pixels(img, {trim.x + in, trim.y + in, trim.w - 2 * in, icon.y - trim.y - in}, black);
  ASSERT_GT(first_line.w, 0);
  EXPECT_GT(icon.y, first_line.bottom());
  const double box_left = trim.x + 4 * 72 / 25.4;
  EXPECT_NEAR(icon.x - box_left, 20.0 / 16, 0.51);  // the icon's side bearing, 1/16 em
}

}  // namespace cardstock
