// `build --proof` on Echad: cards-proof.pdf beside the other outputs, read back with
// poppler: every copy's front and back one a cell, the slug of a known card (deck, id,
// copy, side, YAML file:line), page boxes (TrimBox the whole page, no bleed), qpdf
// --check clean, and the manifest's entry.
#include <gtest/gtest.h>

#include "load/load.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

TEST(Proof, EchadProofHasEveryCardWithItsSlugAndPageBoxes) {
  const fs::path out = testing::fresh_dir("proof");
  const testing::Run run = testing::run_cardstock(
      {"build", "content/echad.yaml", "-o", out.string(), "--proof", "--paper", "letter"}, testing::source_dir());
  ASSERT_EQ(run.status, 0) << run.err;
  const fs::path pdf = out / "echad" / "cards-proof.pdf";
  ASSERT_TRUE(fs::exists(pdf));
  EXPECT_TRUE(fs::exists(out / "echad" / "cards-poker-3x3-letter.pdf"));  // beside the normal outputs
  Diagnostics d;
  const auto game = load_game("content/echad.yaml", testing::shipped_templates(), d);
  ASSERT_TRUE(game) << d.str();
  const Card& third = game->decks.at(0).cards.at(2);
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  ASSERT_TRUE(doc);
  ASSERT_EQ(doc->pages(), 14);  // 54 fronts and 54 backs, 8 a page
  std::unique_ptr<poppler::page> first(doc->create_page(0));
  const std::string text = testing::utf8(first->text());
  // Cells 5 and 6 of page 1: the third card's front and back, each with its slug.
  const std::string source = "content/echad.yaml:" + std::to_string(third.mark.line);
  EXPECT_NE(text.find("cards / " + third.id + " / copy 1 / front"), std::string::npos) << text;
  EXPECT_NE(text.find("cards / " + third.id + " / copy 1 / back"), std::string::npos) << text;
  EXPECT_NE(text.find(source), std::string::npos) << text;
  EXPECT_NE(text.find("proof of deck 'cards', page 1 of 14"), std::string::npos) << text;
  // For screens: one size for every page, trimmed as it is, no bleed.
  for (const auto& b : testing::read_boxes(pdf)) {
    EXPECT_NEAR(b.media.w, 918, 1e-3);
    EXPECT_NEAR(b.media.h, 690, 1e-3);
    EXPECT_NEAR(b.trim.w, 918, 1e-3);
    EXPECT_NEAR(b.trim.h, 690, 1e-3);
    EXPECT_NEAR(b.bleed.w, 918, 1e-3);
  }
  const testing::QpdfCheck c = testing::qpdf_check(pdf);
  EXPECT_TRUE(c.clean()) << c.output;
  // The manifest lists it with every placement and its source.
  const std::string m = testing::slurp(out / "echad" / "manifest.json");
  const size_t at = m.find("\"file\": \"cards-proof.pdf\", \"kind\": \"proof\"");
  ASSERT_NE(at, std::string::npos) << m.substr(0, 2000);
  EXPECT_NE(m.find("\"deck\": \"cards\", \"paper\": \"\",\n     \"page_size\": [918, 690], \"page_count\": 14", at),
            std::string::npos);
  EXPECT_NE(m.find("\"id\": \"" + third.id + "\", \"copy\": 1, \"source\": \"" + third.mark.str() + "\", \"side\": \"back\"",
                   at),
            std::string::npos);
}

}  // namespace cardstock
