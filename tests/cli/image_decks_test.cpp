// A folder of pictures as a deck, through the real program (issue 31 §3): twenty pictures
// written here (PNG, JPEG, SVG; shaped like the trim or like the card with its bleed;
// some with rounded corners, one too small) become sheets, print-shop PNGs and a
// Tabletop Simulator deck. The shop PNGs are read back at the bleed, where mirror,
// extend and a colour each leave their own pixels.
#include <gtest/gtest.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <png.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <functional>

#include "load/images/image_decks.h"
#include "output_util.h"
#include "shops_util.h"

namespace cardstock::testing {
namespace {

namespace fs = std::filesystem;
using Rgba = std::array<unsigned char, 4>;
using Paint = std::function<Rgba(int x, int y)>;

const Rgba kRed{255, 0, 0, 255}, kGreen{0, 160, 0, 255}, kBlue{0, 0, 255, 255}, kYellow{255, 255, 0, 255};
const Rgba kClear{0, 0, 0, 0}, kWhite{255, 255, 255, 255}, kPurple{128, 0, 128, 255};

void write_png(const fs::path& p, int w, int h, const Paint& paint) {
  std::vector<unsigned char> px(static_cast<size_t>(w * h * 4));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) std::copy_n(paint(x, y).begin(), 4, px.begin() + (y * w + x) * 4);
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  img.width = static_cast<png_uint_32>(w);
  img.height = static_cast<png_uint_32>(h);
  img.format = PNG_FORMAT_RGBA;
  ASSERT_TRUE(png_image_write_to_file(&img, p.c_str(), 0, px.data(), 0, nullptr)) << p;
}

// A JPEG through gdk-pixbuf (librsvg's own picture loader): no encoder is needed here
// beyond what the program's JPEG decoding needs anyway.
void write_jpeg(const fs::path& p, int w, int h, const Paint& paint) {
  GdkPixbuf* pb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, w, h);
  guchar* data = gdk_pixbuf_get_pixels(pb);
  const int stride = gdk_pixbuf_get_rowstride(pb);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) std::copy_n(paint(x, y).begin(), 3, data + y * stride + x * 3);
  GError* err = nullptr;
  const bool ok = gdk_pixbuf_save(pb, p.c_str(), "jpeg", &err, "quality", "95", nullptr);
  g_object_unref(pb);
  ASSERT_TRUE(ok) << (err ? err->message : "gdk_pixbuf_save");
}

// A picture shaped like the poker trim at 300 dpi: a 1-pixel red edge, then green
// 60 pixels deep, then grey `shade` (so each card differs).
Paint ringed(int w, int h, unsigned char shade) {
  return [=](int x, int y) {
    const int edge = std::min(std::min(x, y), std::min(w - 1 - x, h - 1 - y));
    return edge == 0 ? kRed : edge < 60 ? kGreen : Rgba{shade, shade, shade, 255};
  };
}

// `body` with its corners rounded to radius r: outside the arc `corner`.
Paint rounded(int w, int h, int r, Rgba body, Rgba corner) {
  return [=](int x, int y) {
    const int cx = x < r ? r : x >= w - r ? w - 1 - r : x, cy = y < r ? r : y >= h - r ? h - 1 - r : y;
    return std::hypot(x - cx, y - cy) > r ? corner : body;
  };
}

std::string svg(const std::string& w, const std::string& h, const std::string& fill) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"" + h +
         "\" viewBox=\"0 0 100 140\" preserveAspectRatio=\"none\"><rect width=\"100\" height=\"140\" fill=\"" + fill +
         "\"/><rect x=\"20\" y=\"20\" width=\"60\" height=\"100\" fill=\"#fff\"/></svg>";
}

// The twenty pictures: 01-10 trim-shaped PNGs, 11-12 PNGs with their bleed, 13-14 PNGs
// with clear rounded corners, 15-17 JPEGs (17 with white rounded corners; 16 at 209 dpi),
// 18-20 SVGs (20 with its bleed).
fs::path picture_folder(const std::string& name) {
  const fs::path dir = fresh_dir("image-decks-" + name);
  fs::create_directories(dir / "art");
  auto at = [&](int n, const char* ext) {
    char b[16];
    std::snprintf(b, sizeof b, "%02d.%s", n, ext);
    return dir / "art" / b;
  };
  for (int n = 1; n <= 10; ++n) write_png(at(n, "png"), 750, 1050, ringed(750, 1050, static_cast<unsigned char>(n * 20)));
  for (int n = 11; n <= 12; ++n) write_png(at(n, "png"), 825, 1125, [](int, int) { return kBlue; });
  for (int n = 13; n <= 14; ++n) write_png(at(n, "png"), 750, 1050, rounded(750, 1050, 60, kYellow, kClear));
  write_jpeg(at(15, "jpg"), 750, 1050, [](int, int) { return Rgba{255, 128, 0, 255}; });
  write_jpeg(at(16, "jpg"), 523, 732, [](int, int) { return Rgba{255, 128, 0, 255}; });
  write_jpeg(at(17, "jpg"), 750, 1050, rounded(750, 1050, 60, kPurple, kWhite));
  std::ofstream(at(18, "svg")) << svg("2.5in", "3.5in", "#0cc");
  std::ofstream(at(19, "svg")) << svg("2.5in", "3.5in", "#c0c");
  std::ofstream(at(20, "svg")) << svg("2.75in", "3.75in", "#00f");
  write_png(dir / "back.png", 825, 1125, [](int, int) { return kPurple; });
  return dir;
}

const char* kGame = R"(game: pics
title: Pictures
decks:
  - id: art
    card: poker
    stocks: [poker-3x3-letter]
    cards: {images: "art/*", bleed_fill: mirror, back_images: back.png, counts: {"01": 2}}
  - {id: ext, card: poker, stocks: [poker-3x3-letter], cards: {images: "art/01.png"}}
  - {id: pink, card: poker, stocks: [poker-3x3-letter], cards: {images: "art/0?.png", bleed_fill: "#ff00ff"}}
)";

// An 8-bit RGB picture decoded with libpng's simplified API.
struct Pixels {
  unsigned width = 0, height = 0;
  std::vector<unsigned char> rgb;
  Rgba at(unsigned x, unsigned y) const {
    const size_t i = (static_cast<size_t>(y) * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2], 255};
  }
};

Pixels decode(const fs::path& p) {
  const std::string bytes = slurp(p);
  Pixels out;
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&img, bytes.data(), bytes.size())) return out;
  img.format = PNG_FORMAT_RGB;
  out.rgb.resize(PNG_IMAGE_SIZE(img));
  if (!png_image_finish_read(&img, nullptr, out.rgb.data(), 0, nullptr)) return {};
  out.width = img.width;
  out.height = img.height;
  return out;
}

// Whether `got` is `want` give or take `tol` a channel (JPEG and resampling blur a little).
::testing::AssertionResult near(const Rgba& got, const Rgba& want, int tol = 12) {
  for (int k = 0; k < 3; ++k)
    if (std::abs(got[static_cast<size_t>(k)] - want[static_cast<size_t>(k)]) > tol)
      return ::testing::AssertionFailure() << "got rgb(" << int(got[0]) << "," << int(got[1]) << "," << int(got[2])
                                           << "), want rgb(" << int(want[0]) << "," << int(want[1]) << ","
                                           << int(want[2]) << ")";
  return ::testing::AssertionSuccess();
}

size_t page_count(const nlohmann::json& manifest, const std::string& file) {
  for (const auto& o : manifest["outputs"])
    if (o["file"] == file) return o["page_count"].get<size_t>();
  return 0;
}

TEST(ImageDecks, TwentyPicturesMakeSheetsShopPngsAndTabletopSimulator) {
  const fs::path dir = picture_folder("all");
  std::ofstream(dir / "g.yaml") << kGame;
  const std::string warning =
      "art/16.jpg: warning: 209 dpi at print size (300 wanted): 523 x 732 px for 63.5 x 88.9 mm\n";
  const testing::Run home = run_cardstock({"build", "-o", "home", "g.yaml"}, dir.string());
  ASSERT_EQ(home.status, 0) << home.err;
  EXPECT_EQ(home.err, warning);
  EXPECT_EQ(home.out, "built home/pics/: 3 PDFs, 8 pages, manifest.json\n");
  // 21 cards (01 twice) on 3 x 3 sheets: 3 fronts and 3 backs.
  EXPECT_EQ(page_count(nlohmann::json::parse(slurp(dir / "home/pics/manifest.json")), "art-poker-3x3-letter.pdf"), 6u);

  const testing::Run shop = run_cardstock({"build", "-o", "shop", "g.yaml", "--stock", "tgc-poker"}, dir.string());
  ASSERT_EQ(shop.status, 0) << shop.err;
  EXPECT_EQ(shop.err, warning);
  const auto manifest = nlohmann::json::parse(slurp(dir / "shop/pics/manifest.json"));
  EXPECT_EQ(page_count(manifest, "art-tgc-poker"), 42u);  // a front and a back a card
  const fs::path art = dir / "shop/pics/art-tgc-poker", ext = dir / "shop/pics/ext-tgc-poker";
  const fs::path pink = dir / "shop/pics/pink-tgc-poker";
  for (const auto& f : files_in(art)) {
    const PngSize s = png_size(slurp(art / f));
    EXPECT_EQ(s.width, 825u) << f;
    EXPECT_EQ(s.height, 1125u) << f;
  }
  // 01 at the left edge's middle, in the bleed (x 0 to 37) and at the trim (x 37-38):
  // mirror shows the green band reflected, extend the red edge pixel, the colour itself.
  const Pixels m = decode(art / "001-01-front.png"), e = decode(ext / "001-01-front.png");
  const Pixels c = decode(pink / "001-01-front.png");
  ASSERT_EQ(m.width, 825u);
  EXPECT_TRUE(near(m.at(0, 562), kGreen));
  EXPECT_TRUE(near(m.at(20, 562), kGreen));
  EXPECT_TRUE(near(m.at(37, 562), kRed));
  EXPECT_TRUE(near(e.at(0, 562), kRed));
  EXPECT_TRUE(near(e.at(20, 562), kRed));
  EXPECT_TRUE(near(e.at(0, 0), kRed));
  EXPECT_TRUE(near(e.at(60, 562), kGreen));
  EXPECT_TRUE(near(c.at(0, 562), {255, 0, 255, 255}));
  EXPECT_TRUE(near(c.at(38, 562), kRed));
  // A picture with its bleed is drawn as it is; rounded corners are filled (clear PNG
  // corners and a JPEG's white ones); an SVG's bleed repeats its edge.
  EXPECT_TRUE(near(decode(art / "012-11-front.png").at(0, 0), kBlue, 0));
  EXPECT_TRUE(near(decode(art / "014-13-front.png").at(40, 40), kYellow));
  EXPECT_TRUE(near(decode(art / "014-13-front.png").at(0, 0), kYellow));
  EXPECT_TRUE(near(decode(art / "018-17-front.png").at(45, 45), kPurple, 24));
  EXPECT_TRUE(near(decode(art / "019-18-front.png").at(0, 562), {0, 204, 204, 255}));
  EXPECT_TRUE(near(decode(art / "021-20-front.png").at(0, 562), kBlue));
  EXPECT_TRUE(near(decode(art / "001-01-back.png").at(400, 500), kPurple));

  const testing::Run tts = run_cardstock({"build", "-o", "tts", "g.yaml", "--stock", "tts", "--tts-url",
                                 "https://example.com/cards/"},
                                dir.string());
  ASSERT_EQ(tts.status, 0) << tts.err;
  EXPECT_EQ(tts.err, warning);
  const auto save = nlohmann::json::parse(slurp(dir / "tts/pics/art-tts/pics-art.json"));
  EXPECT_EQ(save["ObjectStates"][0]["DeckIDs"].size(), 21u);
}

// What goes wrong is said where it is written, with what could be written instead.
TEST(ImageDecks, MistakesAreErrorsAtTheirKeysAndWarningsAtTheFile) {
  const fs::path dir = fresh_dir("image-decks-errors");
  fs::create_directories(dir / "art");
  fs::create_directories(dir / "backs");
  write_png(dir / "art/2.png", 750, 1050, [](int, int) { return kBlue; });
  write_png(dir / "art/10.png", 600, 600, [](int, int) { return kBlue; });
  write_png(dir / "backs/a.png", 750, 1050, [](int, int) { return kBlue; });
  std::ofstream(dir / "g.yaml") << "game: e\ntitle: E\ndecks:\n"
                                   "  - {id: a, card: poker, cards: {images: \"art/*.jpg\"}}\n"
                                   "  - {id: b, card: poker, cards: {images: \"art/*.png\", counts: {\"3\": 2}}}\n"
                                   "  - {id: c, card: poker, cards: {images: \"art/*.png\", back_images: \"backs/*\"}}\n"
                                   "  - {id: d, card: poker, cards: {images: \"art/*.png\", bleed_fill: mirrored}}\n";
  const testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("g.yaml:4:42: error: no picture matches 'art/*.jpg': folder 'art' holds 2.png, 10.png\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("g.yaml:5:64: error: unknown picture '3' (did you mean '2'?); available: 2, 10\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("g.yaml:6:68: error: 'backs/*' matches 1 picture, but 'art/*.png' matches 2: give one "
                       "back a card, or one file for them all\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("g.yaml:7:67: error: bleed_fill 'mirrored' is none of mirror, extend or a colour (did you "
                       "mean 'mirror'?): a colour is #rrggbb, a CSS colour name (green, navy...) or a name in "
                       "colors:\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("art/10.png: warning: 160 dpi at print size (300 wanted): 600 x 600 px for 69.9 x 95.3 mm "
                       "(the card with its bleed)\n"
                       "art/10.png: warning: 600 x 600 px is not the card's shape: stretched 36.4% to fit 69.9 x "
                       "95.3 mm (the card with its bleed)\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("missing required key 'face'"), std::string::npos) << r.err;
}

// A deck's own face draws every picture, with its path as {image}: here a caption under
// the picture. bleed_fill (for pictures drawn as the face) and a second back are errors
// at their keys (before, both keys were dropped in silence).
TEST(ImageDecks, TheDecksOwnFaceDrawsEachPictureWithItsPath) {
  const fs::path dir = fresh_dir("image-decks-own-face");
  fs::create_directories(dir / "art");
  write_png(dir / "art/01.png", 750, 750, [](int, int) { return kBlue; });
  write_png(dir / "art/02.png", 750, 750, [](int, int) { return kGreen; });
  const std::string design = "designs:\n  captioned:\n    layers:\n"
                             "      - {type: image, src: \"{image}\", x: 5mm, y: 5mm, w: 53.5mm, h: 53.5mm}\n"
                             "      - {type: text, text: \"caption {image}\", x: 5mm, y: 65mm, w: 53.5mm, h: 10mm}\n";
  std::ofstream(dir / "g.yaml") << "game: f\ntitle: F\n" + design +
                                       "decks:\n  - {id: a, card: poker, face: captioned, stocks: [poker-3x3-letter], "
                                       "cards: {images: \"art/*.png\"}}\n";
  const testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml", "--strict"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file((dir / "out/f/a-poker-3x3-letter.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  const auto bytes = page->text().to_utf8();
  const std::string text(bytes.begin(), bytes.end());
  EXPECT_NE(text.find("caption art/01.png"), std::string::npos) << text;
  EXPECT_NE(text.find("caption art/02.png"), std::string::npos) << text;
  // A picture added is a change here too (the pictures are inputs whichever design draws them).
  write_png(dir / "art/03.png", 750, 750, [](int, int) { return kRed; });
  const testing::Run again = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(again.out, "built out/f/: 1 PDF, 1 page, manifest.json\n") << again.err;
  std::ofstream(dir / "g.yaml") << "game: f\ntitle: F\n" + design +
                                       "decks:\n  - {id: a, card: poker, face: captioned, back: captioned, cards: {images: "
                                       "\"art/*.png\", bleed_fill: mirror, back_images: art/01.png}}\n";
  const testing::Run bad = run_cardstock({"build", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err,
            "g.yaml:9:101: error: 'bleed_fill' is for the pictures drawn as the face; with the deck's face 'captioned', "
            "place the picture in that design instead\n"
            "g.yaml:9:122: error: the deck has a back already ('captioned'): give 'back' or 'back_images'\n"
            "g.yaml: 2 error(s), 0 warning(s); nothing written\n");
}

// A picture added to the folder (or taken away) is a new card, though no file the last
// build read changed: the next build is not "up to date", with -j 1 or more.
TEST(ImageDecks, APictureAddedOrRemovedIsBuiltAgain) {
  const fs::path dir = fresh_dir("image-decks-added");
  fs::create_directories(dir / "art");
  write_png(dir / "art/1.png", 750, 1050, [](int, int) { return kBlue; });
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\n"
                                   "decks: [{id: a, card: poker, stocks: [poker-3x3-letter], cards: {images: \"art/*.png\"}}]\n";
  for (const char* jobs : {"1", "2"}) {
    SCOPED_TRACE(jobs);
    const std::string out = std::string("out") + jobs;
    testing::Run r = run_cardstock({"build", "-o", out, "g.yaml", "-j", jobs}, dir.string());
    EXPECT_EQ(r.out, "built " + out + "/g/: 1 PDF, 1 page, manifest.json\n") << r.err;
    r = run_cardstock({"build", "-o", out, "g.yaml", "-j", jobs}, dir.string());
    EXPECT_EQ(r.out, "up to date: " + out + "/g/\n") << r.err;
    write_png(dir / "art/2.png", 750, 1050, [](int, int) { return kGreen; });
    r = run_cardstock({"build", "-o", out, "g.yaml", "-j", jobs}, dir.string());
    EXPECT_EQ(r.out, "built " + out + "/g/: 1 PDF, 1 page, manifest.json\n") << r.err;
    EXPECT_NE(slurp(dir / out / "g/manifest.json").find("\"id\": \"2\""), std::string::npos);
    r = run_cardstock({"build", "-o", out, "g.yaml", "-j", jobs}, dir.string());
    EXPECT_EQ(r.out, "up to date: " + out + "/g/\n") << r.err;
    fs::remove(dir / "art/2.png");
    r = run_cardstock({"build", "-o", out, "g.yaml", "-j", jobs}, dir.string());
    EXPECT_EQ(r.out, "built " + out + "/g/: 1 PDF, 1 page, manifest.json\n") << r.err;
  }
}

TEST(ImageDecks, NaturalOrderCountsDigitsAsNumbers) {
  std::vector<std::string> v{"10.png", "2.png", "b.png", "a10.png", "a9.png", "02.png", "1.png"};
  std::sort(v.begin(), v.end(), loading::natural_less);
  EXPECT_EQ(v, (std::vector<std::string>{"1.png", "2.png", "02.png", "10.png", "a9.png", "a10.png", "b.png"}));
}

}  // namespace
}  // namespace cardstock::testing
