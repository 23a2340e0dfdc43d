// The qpdf pass every PDF goes through: page boxes written where the plan says, read
// back with poppler; Cairo's duplicated resource keys gone (`qpdf --check` clean); the
// same input gives the same bytes.
#include "output/pdf_finish.h"

#include <gtest/gtest.h>

#include <fstream>

#include "render/pdf.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// One page, `w` x `h`, showing the same image card four times (Cairo then names the
// image once per placement in the page's resources).
struct Drawn {
  std::string bytes;
  std::vector<PlannedPage> pages;
};

Drawn draw_image_page(const Typesetter& ts, const CardArt& art, double w, double h, PageBoxes boxes) {
  Drawn d;
  PlannedPage p{w, h, boxes, {}};
  for (int i = 0; i < 4; ++i)
    p.art.cards.push_back({&art, {10.0 + 40 * i, 10, 36, 50}, {10.0 + 40 * i, 10, 36, 50}, 0, Shape::Rect, 1});
  d.pages.push_back(p);
  Diagnostics diag;
  EXPECT_TRUE(render_pdf_bytes(&d.bytes, {"t", "test", "2026-01-01T00:00:00Z", w, h}, d.pages, ts, diag)) << diag.str();
  return d;
}

CardArt image_card() {
  CardArt art;
  ArtItem it;
  it.type = LayerType::Image;
  it.image = testing::source_dir() + "/content/assets/echad/maps/egypt.svg";
  it.box = {0, 0, 36, 50};
  art.items.push_back(it);
  return art;
}

}  // namespace

TEST(PdfFinish, BoxConvertsToPdfCoordinates) {
  // 10 pt from the left, 20 pt from the top of a 100 pt page, 30 x 40: PDF counts y up.
  EXPECT_EQ(pdf_box({10, 20, 30, 40}, 100), (std::vector<double>{10, 40, 40, 80}));
}

TEST(PdfFinish, WritesTrimAndBleedBoxesAndRemovesDuplicatedKeys) {
  Diagnostics d;
  auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  Typesetter ts(*fonts);
  const CardArt art = image_card();
  const fs::path dir = testing::fresh_dir("pdf-finish");
  // A card page: 2.75 x 3.75 in with the 2.5 x 3.5 in card in the middle.
  const PageBoxes boxes{{0, 0, 198, 270}, {9, 9, 180, 252}, {0, 0, 198, 270}};
  const Drawn drawn = draw_image_page(ts, art, 198, 270, boxes);
  // What the pass is for: Cairo's own bytes repeat the image's name in the resources.
  std::ofstream(dir / "cairo.pdf", std::ios::binary) << drawn.bytes;
  const testing::QpdfCheck raw = testing::qpdf_check(dir / "cairo.pdf");
  EXPECT_NE(raw.output.find("duplicated key"), std::string::npos) << raw.output;
  EXPECT_FALSE(raw.clean());

  std::string err;
  ASSERT_TRUE(finish_pdf(drawn.bytes, false, drawn.pages, {"2026-01-01T00:00:00Z", false, ""},
                         (dir / "done.pdf").string(), &err))
      << err;
  const testing::QpdfCheck done = testing::qpdf_check(dir / "done.pdf");
  EXPECT_TRUE(done.clean()) << done.output;
  const auto read = testing::read_boxes(dir / "done.pdf");
  ASSERT_EQ(read.size(), 1u);
  EXPECT_NEAR(read[0].trim.x, 9, 1e-3);
  EXPECT_NEAR(read[0].trim.y, 9, 1e-3);
  EXPECT_NEAR(read[0].trim.w, 180, 1e-3);
  EXPECT_NEAR(read[0].trim.h, 252, 1e-3);
  EXPECT_NEAR(read[0].bleed.w, 198, 1e-3);
  EXPECT_NEAR(read[0].bleed.h, 270, 1e-3);
  const std::string text = testing::slurp(dir / "done.pdf");
  EXPECT_NE(text.find("/BleedBox"), std::string::npos);

  // Same input, same bytes (the /ID comes from the content).
  ASSERT_TRUE(finish_pdf(drawn.bytes, false, drawn.pages, {"2026-01-01T00:00:00Z", false, ""},
                         (dir / "again.pdf").string(), &err))
      << err;
  EXPECT_TRUE(testing::slurp(dir / "again.pdf") == text);
}

TEST(PdfFinish, SheetsGetATrimBoxOfTheWholeSheetAndNoBleedBox) {
  Diagnostics d;
  auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  Typesetter ts(*fonts);
  const CardArt art = image_card();
  const fs::path dir = testing::fresh_dir("pdf-finish-sheet");
  const Drawn drawn = draw_image_page(ts, art, 612, 792, whole_page_boxes(612, 792));
  std::string err;
  ASSERT_TRUE(finish_pdf(drawn.bytes, false, drawn.pages, {}, (dir / "sheet.pdf").string(), &err)) << err;
  const std::string text = testing::slurp(dir / "sheet.pdf");
  EXPECT_NE(text.find("/TrimBox [ 0 0 612 792 ]"), std::string::npos);
  EXPECT_EQ(text.find("/BleedBox"), std::string::npos);
}

TEST(PdfFinish, APageCountOtherThanPlannedIsAnError) {
  Diagnostics d;
  auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  Typesetter ts(*fonts);
  const CardArt art = image_card();
  Drawn drawn = draw_image_page(ts, art, 612, 792, whole_page_boxes(612, 792));
  drawn.pages.push_back(drawn.pages[0]);
  std::string err;
  const fs::path dir = testing::fresh_dir("pdf-finish-count");
  EXPECT_FALSE(finish_pdf(drawn.bytes, false, drawn.pages, {}, (dir / "x.pdf").string(), &err));
  EXPECT_EQ(err, "the drawn PDF has 1 pages, not the 2 planned");
  EXPECT_FALSE(finish_pdf("not a pdf", false, drawn.pages, {}, (dir / "y.pdf").string(), &err));
  EXPECT_EQ(err.rfind("cannot finish the PDF: ", 0), 0u) << err;
}

}  // namespace cardstock
