// One card a page, as print shops take them: the page is the stock's card with its bleed,
// the deck's card centred on it, TrimBox at the stock's trim; backs first where the shop
// asks. Geometry to 0.01 mm, no fonts.
#include "layout/card_pages.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace cardstock {

namespace {

const Stock& stock(const std::string& id) { return *testing::shipped_templates().find_stock(id); }
const CardSize& card(const std::string& id) { return *testing::shipped_templates().find_card(id); }

void expect_rect(const Rect& r, double x, double y, double w, double h) {
  EXPECT_NEAR(testing::mm(r.x), x, 0.01);
  EXPECT_NEAR(testing::mm(r.y), y, 0.01);
  EXPECT_NEAR(testing::mm(r.w), w, 0.01);
  EXPECT_NEAR(testing::mm(r.h), h, 0.01);
}

}  // namespace

TEST(CardPages, APokerCardOnItsOwnStockFillsThePageWithItsBleed) {
  const CardPage p = card_page(stock("tgc-poker"), card("poker"));
  EXPECT_NEAR(p.width, 198, 1e-9);   // 2.75 in
  EXPECT_NEAR(p.height, 270, 1e-9);  // 3.75 in
  expect_rect(p.trim, 3.175, 3.175, 63.5, 88.9);
  expect_rect(p.boxes.trim, 3.175, 3.175, 63.5, 88.9);
  expect_rect(p.boxes.bleed, 0, 0, 69.85, 95.25);
}

TEST(CardPages, AnAcceptedPokerCardIsCentredOnTheShopsSmallerTrim) {
  // MakePlayingCards: 2.48 x 3.46 in and 0.12 in bleed, a 2.72 x 3.70 in (69.088 x 93.98
  // mm) page; the 63.5 x 88.9 mm poker card is drawn at its own size in the middle, the
  // TrimBox is the shop's knife (62.992 x 87.884 mm, 3.048 mm in).
  const CardPage p = card_page(stock("mpc-poker"), card("poker"));
  expect_rect({0, 0, p.width, p.height}, 0, 0, 69.088, 93.98);
  expect_rect(p.trim, 2.794, 2.54, 63.5, 88.9);
  expect_rect(p.boxes.trim, 3.048, 3.048, 62.992, 87.884);
  expect_rect(p.bleed, 0, 0, 69.088, 93.98);
}

TEST(CardPages, DriveThruCardsWantsEachBackBeforeItsFront) {
  const SheetLayout l = layout_card_pages(stock("dtc-poker"), card("poker"), 3, true);
  ASSERT_EQ(l.pages.size(), 6u);
  for (size_t i = 0; i < l.pages.size(); ++i) {
    EXPECT_EQ(l.pages[i].back, i % 2 == 0) << i;
    ASSERT_EQ(l.pages[i].placements.size(), 1u);
    EXPECT_EQ(l.pages[i].placements[0].slot, i / 2) << i;
    EXPECT_TRUE(l.pages[i].cuts.empty());
  }
  // Fronts only (no back design): one page a card.
  EXPECT_EQ(layout_card_pages(stock("dtc-poker"), card("poker"), 3, false).pages.size(), 3u);
  // Front then back where the stock does not say otherwise.
  const SheetLayout t = layout_card_pages(stock("tgc-poker"), card("poker"), 2, true);
  ASSERT_EQ(t.pages.size(), 4u);
  EXPECT_FALSE(t.pages[0].back);
  EXPECT_TRUE(t.pages[1].back);
}

TEST(CardPages, SheetsWithoutCutGuides) {
  const SheetLayout l = layout_sheets(stock("ppg-poker-18up"), 18, true);
  ASSERT_EQ(l.pages.size(), 2u);
  EXPECT_EQ(l.pages[0].placements.size(), 18u);
  EXPECT_TRUE(l.pages[0].cuts.empty());
  // Turned sideways, 0.25 in apart, the grid centred on the 12 x 18 in sheet.
  expect_rect(l.pages[0].placements[0].trim, 12.7, 22.225, 88.9, 63.5);  // (18 - 16.25) / 2 in down
  expect_rect(l.pages[0].placements[0].bleed, 9.525, 19.05, 95.25, 69.85);
  EXPECT_EQ(l.pages[0].placements[0].rotation, 90);
}

}  // namespace cardstock
