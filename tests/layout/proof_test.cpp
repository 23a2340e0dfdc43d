// Proof pages without fonts: cells of a poker deck (4 x 2 on a 918 x 690 pt page, front
// then back), the slug under each card, and the marks drawn over a card (bleed tint,
// trim and safe lines, a red outline round text outside the safe zone or overflowing).
#include "layout/proof.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace cardstock {

namespace {

const CardSize& poker() { return *testing::shipped_templates().find_card("poker"); }

void expect_rect(const Rect& r, double x, double y, double w, double h) {
  EXPECT_NEAR(r.x, x, 1e-6);
  EXPECT_NEAR(r.y, y, 1e-6);
  EXPECT_NEAR(r.w, w, 1e-6);
  EXPECT_NEAR(r.h, h, 1e-6);
}

}  // namespace

TEST(Proof, PokerCardsFourByTwoFrontThenBackWithRoomForTheSlug) {
  const SheetLayout l = layout_proof(poker(), 5, true);  // 10 cells: 8 + 2
  EXPECT_NEAR(l.width, 36 + 4 * 198 + 3 * 18 + 36, 1e-9);          // 918
  EXPECT_NEAR(l.height, 36 + 2 * (270 + 30) + 18 + 36, 1e-9);      // 690
  ASSERT_EQ(l.pages.size(), 2u);
  ASSERT_EQ(l.pages[0].placements.size(), 8u);
  ASSERT_EQ(l.pages[1].placements.size(), 2u);
  const Placement& first = l.pages[0].placements[0];
  expect_rect(first.bleed, 36, 36, 198, 270);
  expect_rect(first.trim, 45, 45, 180, 252);
  EXPECT_FALSE(first.back);
  EXPECT_TRUE(l.pages[0].placements[1].back);
  EXPECT_EQ(l.pages[0].placements[1].slot, 0u);
  EXPECT_EQ(l.pages[0].placements[2].slot, 1u);
  expect_rect(l.pages[0].placements[4].bleed, 36, 36 + 300 + 18, 198, 270);  // second row
  expect_rect(slug_box(first), 36, 309, 198, 27);  // under the bleed, inside the cell
  EXPECT_FALSE(l.pages[0].back);
  EXPECT_EQ(layout_proof(poker(), 5, false).pages[0].placements[1].slot, 1u);  // fronts only
}

TEST(Proof, MarksTintTheBleedLineTheTrimAndSafeZoneAndOutlineProblemTextInRed) {
  const FixedMeasurer m;
  CardArt art;
  ArtItem fine;
  fine.type = LayerType::Text;
  fine.text = "ok";
  fine.box = {20, 20, 100, 20};
  fine.style.size = 10;
  ArtItem out = fine;  // 4 pt from the left edge: outside the 9 pt safe zone
  out.text = "edge";
  out.box = {4, 100, 100, 20};
  art.items = {fine, out};
  const Rect trim{45, 45, 180, 252};
  const auto marks = proof_marks(art, poker(), trim, m);
  ASSERT_EQ(marks.size(), 7u);  // 4 bleed bands, trim, safe zone, one red outline
  expect_rect(marks[0].box, 36, 36, 198, 9);  // the top band of the bleed
  EXPECT_LT(marks[0].fill.a, 0.5);            // see-through: the art shows under it
  expect_rect(marks[4].box, 45, 45, 180, 252);
  EXPECT_TRUE(marks[4].fill.none);
  expect_rect(marks[5].box, 54, 54, 162, 234);  // 1/8 in inside the trim
  // The red outline: "edge" is 4 x 5 pt wide, 12 pt tall at (4, 100), grown by 1 pt.
  expect_rect(marks[6].box, 45 + 3, 45 + 99, 22, 14);
  EXPECT_NEAR(marks[6].stroke.r, 0.9, 1e-9);
  EXPECT_NEAR(marks[6].stroke.g, 0, 1e-9);
  // Text that overflows its box is outlined with its box, wherever it is.
  art.items[0].overflow = true;
  EXPECT_EQ(proof_marks(art, poker(), trim, m).size(), 8u);
}

}  // namespace cardstock
