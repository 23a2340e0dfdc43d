// The shipped designs (templates/designs/library.yaml) through the real program: the
// example sheet of every design (examples/designs/designs.yaml) builds with --strict,
// and the boxes its manifest gives (boxes_mm) are those worked out by hand for a poker
// card (63.5 x 88.9 mm, safe zone 3.175 mm), to 0.01 mm. Where a child's length is its
// text's natural height (which the fonts decide), the test holds the stack's sums: the
// children and gaps fill its room exactly, one after another.
#include <gtest/gtest.h>

#include <fstream>

#include "base/json.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

struct Boxes {
  Json all;
  // The box of layer `layer` of card `card` (design sides: the front), [x, y, w, h] mm.
  std::vector<double> of(const std::string& card, const std::string& layer) const {
    for (const Json& e : all)
      for (const Json& c : e.at("cards"))
        if (c.get<std::string>() == card && e.at("layers").contains(layer))
          return e.at("layers").at(layer).get<std::vector<double>>();
    ADD_FAILURE() << "no box " << layer << " of card " << card;
    return {0, 0, 0, 0};
  }
};

void expect_box(const std::vector<double>& b, double x, double y, double w, double h, const std::string& what) {
  ASSERT_EQ(b.size(), 4u) << what;
  EXPECT_NEAR(b[0], x, 0.01) << what;
  EXPECT_NEAR(b[1], y, 0.01) << what;
  EXPECT_NEAR(b[2], w, 0.01) << what;
  EXPECT_NEAR(b[3], h, 0.01) << what;
}

Boxes build(const fs::path& game, const fs::path& out, std::string* err) {
  const testing::Run r = testing::run_cardstock({"build", "--strict", game.string(), "-o", out.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  *err = r.err;
  std::ifstream in(out / game.stem() / "manifest.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const JsonParsed p = parse_json(text);
  EXPECT_TRUE(p.ok()) << p.error;
  Boxes b;
  if (p.ok() && p.value.contains("boxes_mm")) b.all = p.value.at("boxes_mm");
  return b;
}

// A down stack's children `names` lie one under another, `gap` apart, from the top of
// its room to its bottom (`top`, `bottom` in mm), across its room's width `w` at `x`.
void expect_stacked(const Boxes& b, const std::string& card, const std::vector<std::string>& names, double x,
                    double top, double w, double bottom, double gap) {
  double y = top;
  for (const auto& n : names) {
    const auto box = b.of(card, n);
    EXPECT_NEAR(box[1], y, 0.02) << card << " " << n;
    if (n != "rule") {
      EXPECT_NEAR(box[0], x, 0.01) << card << " " << n;
      EXPECT_NEAR(box[2], w, 0.01) << card << " " << n;
    }
    y = box[1] + box[3] + gap;
  }
  EXPECT_NEAR(y - gap, bottom, 0.02) << card << ": the children fill the stack";
}

}  // namespace

TEST(DesignsCli, EveryShippedDesignResolvesToTheBoxesWorkedOutByHand) {
  const fs::path out = testing::fresh_dir("designs-cli");
  std::string err;
  const Boxes b = build(testing::source_dir() + "/examples/designs/designs.yaml", out, &err);
  EXPECT_EQ(err, "");
  ASSERT_TRUE(b.all.is_array()) << "no boxes_mm in the manifest";
  // framed: 4% of 63.5 mm = 2.54 mm in on every side.
  expect_box(b.of("framed", "frame"), 2.54, 2.54, 58.42, 83.82, "framed");
  // Stacks 8% in: 5.08 mm; their room 53.34 x 78.74 mm.
  for (const char* card : {"title-and-text", "word-card", "question", "vocab-front", "vocab-front-rtl"})
    expect_box(b.of(card, "body"), 5.08, 5.08, 53.34, 78.74, card);
  expect_stacked(b, "title-and-text", {"title", "rule", "text"}, 5.08, 5.08, 53.34, 83.82, 2);
  expect_box(b.of("title-and-text", "rule"), 5.08 + 53.34 / 4, b.of("title-and-text", "rule")[1], 26.67, 0,
             "rule: half the width, centred");
  expect_stacked(b, "word-card", {"word", "picture", "meaning"}, 5.08, 5.08, 53.34, 83.82, 2);
  expect_stacked(b, "question", {"mark", "question"}, 5.08, 5.08, 53.34, 83.82, 2);
  expect_stacked(b, "vocab-front", {"picture", "word", "example"}, 5.08, 5.08, 53.34, 83.82, 2);
  expect_stacked(b, "vocab-front-rtl", {"picture", "word", "example"}, 5.08, 5.08, 53.34, 83.82, 2);
  // big-number: 84% x 50% centred; corners 30% x 12% of the box 8% in (53.34 x 78.74).
  expect_box(b.of("big-number", "number"), 5.08, 22.225, 53.34, 44.45, "number");
  expect_box(b.of("big-number", "corner"), 5.08, 5.08, 16.002, 9.4488, "corner");
  expect_box(b.of("big-number", "corner-turned"), 58.42 - 16.002, 83.82 - 9.4488, 16.002, 9.4488, "corner-turned");
  expect_box(b.of("answer", "answer"), 6.35, 6.35, 50.8, 76.2, "answer: 10% in");
  // photo-caption: the band 24% of the card at its foot; the caption 19% of the safe zone
  // (82.55 mm) at the safe zone's foot.
  expect_box(b.of("photo-caption", "band"), 0, 88.9 - 21.336, 63.5, 21.336, "band");
  expect_box(b.of("photo-caption", "caption"), 3.175, 85.725 - 15.6845, 57.15, 15.6845, "caption");
  // vocab-back: 40% of the box 8% in, centred.
  expect_box(b.of("vocab-back", "translation"), 5.08, 5.08 + 78.74 * 0.3, 53.34, 31.496, "translation");
}

// A picture's natural height is its width at its proportions: a PNG's pixels, an SVG's
// width and height, else its viewBox.
TEST(DesignsCli, APictureInAStackIsAsTallAsItsProportionsMakeIt) {
  const fs::path dir = testing::fresh_dir("designs-cli-pictures");
  fs::copy(testing::source_dir() + "/examples/designs/pictures", dir / "pictures");
  std::ofstream(dir / "pictures" / "band.svg")
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 45\"><rect width=\"100\" height=\"45\"/></svg>\n";
  std::ofstream(dir / "g.yaml") << R"(game: g
title: G
designs:
  face:
    layers:
      - type: stack
        name: body
        inset: 5mm
        gap: 1mm
        children:
          - {type: image, name: wide, src: pictures/apple.svg}
          - {type: image, name: boxed, src: pictures/band.svg, w: 50%}
          - {type: rect, name: rest, grow: 1}
decks:
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: c}]}
)";
  std::string err;
  const Boxes b = build(dir / "g.yaml", dir / "out", &err);
  EXPECT_EQ(err, "");
  // Room: 53.5 x 78.9 mm. apple.svg is 120 x 100: 44.583 mm tall; band.svg has only a
  // viewBox, 100 x 45: 26.75 mm wide, 12.0375 mm tall.
  expect_box(b.of("c", "wide"), 5, 5, 53.5, 53.5 * 100 / 120, "apple");
  expect_box(b.of("c", "boxed"), 5, 5 + 44.5833 + 1, 26.75, 12.0375, "band");
  expect_box(b.of("c", "rest"), 5, 5 + 44.5833 + 1 + 12.0375 + 1, 53.5, 78.9 - 44.5833 - 12.0375 - 2, "rest");
}

}  // namespace cardstock
