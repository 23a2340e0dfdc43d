// art_key: two arts share one drawing in a PDF exactly when their keys are equal. Every
// drawn value, changed alone, changes the key; what is never drawn does not.
#include "layout/art_key.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

namespace cardstock {

namespace {

CardArt sample() {
  CardArt a;
  a.background = {1, 0.9, 0.8, 1, false};
  ArtItem t;
  t.type = LayerType::Text;
  t.box = {6, 6, 50, 20};
  t.text = "Abraham 1";
  t.style.font = "Noto Serif";
  t.style.size = 15;
  t.style.icons = {"", "icons/coin.svg"};
  t.color = {0.1, 0.3, 0.6, 1, false};
  a.items.push_back(t);
  ArtItem img;
  img.type = LayerType::Image;
  img.box = {6, 30, 50, 40};
  img.image = "/game/assets/map.svg";
  a.items.push_back(img);
  return a;
}

}  // namespace

TEST(ArtKey, EqualArtsHaveEqualKeysWhereverTheyAreHeld) {
  const CardArt a = sample(), b = sample();
  EXPECT_EQ(art_key(a, 180, 252), art_key(b, 180, 252));
}

TEST(ArtKey, EveryDrawnValueChangesTheKey) {
  const std::string base = art_key(sample(), 180, 252);
  const std::vector<std::pair<const char*, std::function<void(CardArt&)>>> changes = {
      {"one character of the text", [](CardArt& a) { a.items[0].text = "Abraham 2"; }},
      {"background", [](CardArt& a) { a.background.g = 0.91; }},
      {"background none", [](CardArt& a) { a.background.none = true; }},
      {"box x", [](CardArt& a) { a.items[0].box.x += 1e-9; }},
      {"box h", [](CardArt& a) { a.items[1].box.h = 41; }},
      {"kind", [](CardArt& a) { a.items[1].type = LayerType::Rect; }},
      {"fill", [](CardArt& a) { a.items[0].fill.r = 0.5; }},
      {"stroke", [](CardArt& a) { a.items[0].stroke.a = 0.5; }},
      {"colour", [](CardArt& a) { a.items[0].color.b = 0.61; }},
      {"stroke width", [](CardArt& a) { a.items[0].stroke_width = 1; }},
      {"radius", [](CardArt& a) { a.items[0].radius = 2; }},
      {"font", [](CardArt& a) { a.items[0].style.font = "Noto Sans"; }},
      {"bold", [](CardArt& a) { a.items[0].style.bold = true; }},
      {"italic", [](CardArt& a) { a.items[0].style.italic = true; }},
      {"size", [](CardArt& a) { a.items[0].style.size = 14.9; }},
      {"align", [](CardArt& a) { a.items[0].style.align = Align::Center; }},
      {"rtl", [](CardArt& a) { a.items[0].style.rtl = true; }},
      {"markup", [](CardArt& a) { a.items[0].style.markup = true; }},
      {"line spacing", [](CardArt& a) { a.items[0].style.line_spacing = 1.2; }},
      {"an icon", [](CardArt& a) { a.items[0].style.icons[1] = "icons/star.svg"; }},
      {"valign", [](CardArt& a) { a.items[0].valign = VAlign::Middle; }},
      {"image", [](CardArt& a) { a.items[1].image = "/game/assets/map2.svg"; }},
      {"fit", [](CardArt& a) { a.items[1].fit = Fit::Cover; }},
      {"rotate", [](CardArt& a) { a.items[1].rotate = 90; }},
      {"first line", [](CardArt& a) { a.items[0].first_line = 1; }},
      {"line count", [](CardArt& a) { a.items[0].line_count = 2; }},
      {"an item more", [](CardArt& a) { a.items.push_back(a.items[1]); }},
      {"items swapped", [](CardArt& a) { std::swap(a.items[0], a.items[1]); }},
  };
  for (const auto& [what, change] : changes) {
    CardArt a = sample();
    change(a);
    EXPECT_NE(art_key(a, 180, 252), base) << what;
  }
  EXPECT_NE(art_key(sample(), 180.01, 252), base) << "card width";
  EXPECT_NE(art_key(sample(), 180, 252.01), base) << "card height";
  // Text split differently between fields is not the same text.
  CardArt x = sample(), y = sample();
  x.items[0].text = "ab";
  x.items[0].style.font = "c";
  y.items[0].text = "a";
  y.items[0].style.font = "bc";
  EXPECT_NE(art_key(x, 1, 1), art_key(y, 1, 1));
}

TEST(ArtKey, WhatIsNeverDrawnLeavesTheKey) {
  const std::string base = art_key(sample(), 180, 252);
  CardArt a = sample();
  a.items[0].source = Mark{"other.yaml", 3, 4};
  a.items[0].layer = 7;
  a.items[0].overflow = true;
  EXPECT_EQ(art_key(a, 180, 252), base);
}

}  // namespace cardstock
