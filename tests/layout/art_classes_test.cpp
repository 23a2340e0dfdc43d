// ArtClasses: equal arts get one number, different arts never share one, whatever their
// keys hash to; numbers follow first appearance; each art object and size is keyed once.
#include "layout/art_classes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cardstock {

namespace {

CardArt named(const std::string& text) {
  CardArt a;
  ArtItem t;
  t.type = LayerType::Text;
  t.box = {6, 6, 50, 20};
  t.text = text;
  t.style.font = "Noto Serif";
  t.style.size = 15;
  a.items.push_back(t);
  return a;
}

PageArt::CardOnPage placed(const CardArt& art, double w = 180, double h = 252, int rotation = 0) {
  PageArt::CardOnPage c;
  c.art = &art;
  c.trim = rotation == 90 || rotation == 270 ? Rect{10, 10, h, w} : Rect{10, 10, w, h};
  c.rotation = rotation;
  return c;
}

// Runs the same cards through classes with the real hash and with one that makes every
// key collide: the numbers must be the same, so only the keys decide.
std::vector<size_t> numbers(const std::vector<PageArt::CardOnPage>& cards, bool collide, size_t* keys_out = nullptr) {
  ArtClasses classes = collide ? ArtClasses([](const std::string&) { return size_t{7}; }) : ArtClasses();
  std::vector<size_t> out;
  size_t keys = 0;
  std::string key;
  for (const auto& c : cards) {
    out.push_back(classes.add(c, &key));
    if (!key.empty()) ++keys;
  }
  EXPECT_EQ(keys, classes.size());
  if (keys_out) *keys_out = keys;
  return out;
}

}  // namespace

TEST(ArtClasses, CardsDifferingInOneCharacterNeverShareANumberEvenWhenTheirHashesCollide) {
  const CardArt abraham1 = named("Abraham 1"), abraham2 = named("Abraham 2"), again = named("Abraham 1"),
                abraham1_copy = named("Abraham 1");
  const std::vector<PageArt::CardOnPage> cards = {placed(abraham1), placed(abraham2), placed(again),
                                                  placed(abraham1_copy), placed(abraham2)};
  for (bool collide : {false, true}) {
    size_t keys = 0;
    EXPECT_EQ(numbers(cards, collide, &keys), (std::vector<size_t>{0, 1, 0, 0, 1})) << "collide " << collide;
    EXPECT_EQ(keys, 2u);
  }
}

TEST(ArtClasses, TheCardSizeIsPartOfTheArtAndATurnedCardIsTheSameArt) {
  const CardArt a = named("Sarah 2");
  const std::vector<PageArt::CardOnPage> cards = {placed(a), placed(a, 180, 252, 90), placed(a, 180, 253),
                                                  placed(a, 180, 252, 180)};
  for (bool collide : {false, true})
    EXPECT_EQ(numbers(cards, collide), (std::vector<size_t>{0, 0, 1, 0})) << "collide " << collide;
}

TEST(ArtClasses, FindAnswersForWhatWasAddedAfterTheComparingIsDone) {
  const CardArt a = named("Isaac 3"), b = named("Isaac 3"), c = named("Rebekah 4");
  ArtClasses classes;
  std::string key;
  EXPECT_EQ(classes.add(placed(a), &key), 0u);
  EXPECT_EQ(key.size() > 0, true);
  EXPECT_EQ(classes.add(placed(b), &key), 0u);
  EXPECT_TRUE(key.empty());
  classes.done_adding();
  EXPECT_EQ(classes.find(placed(a)), 0);
  EXPECT_EQ(classes.find(placed(b)), 0);
  EXPECT_EQ(classes.find(placed(c)), -1);
  EXPECT_EQ(classes.size(), 1u);
}

}  // namespace cardstock
