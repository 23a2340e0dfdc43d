// Preflight geometry without fonts (FixedMeasurer: a character 0.5 em wide, a line 1.2 em
// tall): the safe zone and bleed of a card on a shop's stock (its own size and an accepted
// one), where set text lies by its alignment and turn, which sides it leaves the safe zone
// on, and which edges the art does not bleed past.
#include "layout/preflight.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace cardstock {

namespace {

void expect_rect(const Rect& r, double x, double y, double w, double h) {
  EXPECT_NEAR(r.x, x, 1e-6);
  EXPECT_NEAR(r.y, y, 1e-6);
  EXPECT_NEAR(r.w, w, 1e-6);
  EXPECT_NEAR(r.h, h, 1e-6);
}

ArtItem text(const std::string& s, Rect box, Align align, VAlign valign, int rotate = 0) {
  ArtItem it;
  it.type = LayerType::Text;
  it.text = s;
  it.box = box;
  it.style.size = 10;  // FixedMeasurer: 5 pt a character, 12 pt a line
  it.style.align = align;
  it.valign = valign;
  it.rotate = rotate;
  return it;
}

}  // namespace

TEST(Preflight, SafeZoneAndBleedOfAPokerCardOnTheGameCrafterStock) {
  const Stock& tgc = *testing::shipped_templates().find_stock("tgc-poker");
  const CardSize& poker = *testing::shipped_templates().find_card("poker");
  expect_rect(stock_trim(tgc, poker), 0, 0, 180, 252);
  expect_rect(safe_zone(tgc, poker), 9, 9, 162, 234);       // 1/8 in inside the trim
  expect_rect(stock_bleed(tgc, poker), -9, -9, 198, 270);   // 1/8 in outside it
}

TEST(Preflight, AnAcceptedCardIsJudgedByTheStocksTrimCentredOnIt) {
  Stock s;
  s.card.width = Length{100};
  s.card.height = Length{200};
  s.card.safe = Length{10};
  s.card.bleed = Length{5};
  CardSize big;
  big.width = Length{120};
  big.height = Length{220};
  expect_rect(stock_trim(s, big), 10, 10, 100, 200);
  expect_rect(safe_zone(s, big), 20, 20, 80, 180);
  expect_rect(stock_bleed(s, big), 5, 5, 110, 210);
}

TEST(Preflight, TextInkIsPlacedByItsAlignmentAndTurn) {
  const FixedMeasurer m;
  const Rect box{0, 0, 100, 50};
  expect_rect(text_ink(text("abcd", box, Align::Left, VAlign::Top), m), 0, 0, 20, 12);
  expect_rect(text_ink(text("abcd", box, Align::Center, VAlign::Middle), m), 40, 19, 20, 12);
  expect_rect(text_ink(text("abcd", box, Align::Right, VAlign::Bottom), m), 80, 38, 20, 12);
  ArtItem rtl = text("abcd", box, Align::Left, VAlign::Top);
  rtl.style.rtl = true;  // a right-to-left paragraph starts at the right
  expect_rect(text_ink(rtl, m), 80, 0, 20, 12);
  // Turned 90 degrees about the box centre (50, 25).
  expect_rect(text_ink(text("abcd", box, Align::Center, VAlign::Middle, 90), m), 44, 15, 12, 20);
}

TEST(Preflight, TextOutsideTheSafeZoneSaysBySideAndHowFar) {
  const FixedMeasurer m;
  CardArt art;
  art.items.push_back(text("inside", {20, 20, 100, 50}, Align::Left, VAlign::Top));
  art.items.push_back(text("corner", {2, 5, 100, 50}, Align::Left, VAlign::Top));
  art.items.push_back(text("right", {100, 100, 80, 20}, Align::Right, VAlign::Top));
  const auto found = text_outside(art, {9, 9, 162, 234}, m);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].item, 1u);
  EXPECT_EQ(found[0].sides, (std::vector<std::string>{"top", "left"}));
  EXPECT_NEAR(found[0].by, 7, 1e-9);  // 9 - 2
  EXPECT_EQ(found[1].item, 2u);
  EXPECT_EQ(found[1].sides, std::vector<std::string>{"right"});
  EXPECT_NEAR(found[1].by, 9, 1e-9);  // its ink ends at 180, the zone at 171
}

TEST(Preflight, EdgesTheArtDoesNotBleedPast) {
  const Rect bleed{-9, -9, 198, 270};
  CardArt art;
  EXPECT_EQ(edges_short_of(art, bleed), (std::vector<std::string>{"top", "right", "bottom", "left"}));
  ArtItem band;  // a filled band across the top, run into the bleed on three sides
  band.type = LayerType::Rect;
  band.fill = Color{1, 0, 0, 1};
  band.box = {-9, -9, 198, 50};
  art.items.push_back(band);
  EXPECT_EQ(edges_short_of(art, bleed), std::vector<std::string>{"bottom"});
  ArtItem outline = band;  // an unfilled rect covers nothing
  outline.fill.none = true;
  outline.box = {-9, -9, 198, 270};
  art.items.push_back(outline);
  EXPECT_EQ(edges_short_of(art, bleed), std::vector<std::string>{"bottom"});
  art.background = Color{1, 1, 1, 1};  // a background fills the bleed all round
  EXPECT_TRUE(edges_short_of(art, bleed).empty());
}

}  // namespace cardstock
