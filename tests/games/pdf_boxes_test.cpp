// Every PDF the shipped games build: `qpdf --check` clean (no duplicated keys, no damage)
// and a TrimBox on every page: the sheet itself for home-print sheets and booklets.
#include <gtest/gtest.h>

#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

TEST(PdfBoxes, EveryShippedPdfIsQpdfCleanWithATrimBoxOnEveryPage) {
  const fs::path out = testing::fresh_dir("pdf-boxes");
  const testing::Run r = testing::run_cardstock({"build", "-o", out.string(), "-j", "2"}, testing::source_dir());
  ASSERT_EQ(r.status, 0) << r.err;
  int pdfs = 0, pages = 0;
  for (const auto& f : testing::tree_of(out)) {
    if (fs::path(f).extension() != ".pdf") continue;
    ++pdfs;
    const testing::QpdfCheck c = testing::qpdf_check(out / f);
    EXPECT_TRUE(c.clean()) << f << ":\n" << c.output;
    for (const auto& b : testing::read_boxes(out / f)) {
      ++pages;
      EXPECT_NEAR(b.trim.x, 0, 1e-3) << f;
      EXPECT_NEAR(b.trim.y, 0, 1e-3) << f;
      EXPECT_NEAR(b.trim.w, b.media.w, 1e-3) << f;
      EXPECT_NEAR(b.trim.h, b.media.h, 1e-3) << f;
    }
    // The TrimBox is written, not poppler's fallback to the MediaBox.
    EXPECT_NE(testing::plain_pdf(out / f).find("/TrimBox"), std::string::npos) << f;
  }
  EXPECT_EQ(pdfs, 58);
  EXPECT_GT(pages, 600);
}

}  // namespace cardstock
