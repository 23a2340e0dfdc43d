// Placed layers and stacks (layout/placement.h) on a poker card (63.5 x 88.9 mm, bleed
// and safe 3.175 mm): every box against values worked out by hand, to 0.01 mm.
#include <gtest/gtest.h>

#include "layout/placement.h"
#include "load/load.h"
#include "test_util.h"

namespace cardstock {

namespace {

using testing::mm;

void expect_box(const Rect& r, double x, double y, double w, double h, const std::string& what) {
  EXPECT_NEAR(mm(r.x), x, 0.01) << what;
  EXPECT_NEAR(mm(r.y), y, 0.01) << what;
  EXPECT_NEAR(mm(r.w), w, 0.01) << what;
  EXPECT_NEAR(mm(r.h), h, 0.01) << what;
}

// The design `face` of a game of one poker deck, its layers as written.
struct Placed {
  Diagnostics d;
  std::optional<Game> g;
  explicit Placed(const std::string& layers) {
    g = parse_game("game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n" + layers +
                       "decks:\n  - {id: d, face: face, cards: [{id: c1}]}\n",
                   "t.yaml", ".", testing::shipped_templates(), d);
  }
  const std::vector<Layer>& layers() const { return g->designs.at("face").layers; }
  // The boxes with each child's natural length given by `natural` (mm, by layer index).
  std::vector<Rect> place(const std::vector<double>& natural, std::vector<bool> shown = {}) {
    std::vector<const Layer*> ls;
    for (const Layer& l : layers()) ls.push_back(&l);
    if (shown.empty()) shown.assign(ls.size(), true);
    const NaturalLength n = [&](size_t i, double, bool) { return natural.at(i) * 72 / 25.4; };
    return place_layers(ls, shown, g->decks[0].card, n, "c1", d);
  }
};

}  // namespace

TEST(Placement, AnchorsAndInsetsPlaceTheBoxInTheTrimBleedSafeZoneOrAnInset) {
  Placed p(R"(      - {type: rect, anchor: bottom-right, inset: 3mm, w: 20mm, h: 10mm}
      - {type: rect, anchor: center, inset: safe, w: 50%, h: 25%}
      - {type: rect, inset: bleed}
      - {type: rect, anchor: top, inset: 10%, w: 20mm, h: 5mm}
      - {type: rect, inset: 2mm, x: 1mm, y: 10%, w: 5mm, h: 5mm}
      - {type: rect, x: 10%, y: 10%, w: 50%, h: 50%}
      - {type: rect, anchor: left}
)");
  ASSERT_EQ(p.d.str(), "");
  const auto b = p.place(std::vector<double>(7, 0));
  expect_box(b[0], 63.5 - 3 - 20, 88.9 - 3 - 10, 20, 10, "bottom-right, 3 mm in");
  // The safe zone is 57.15 x 82.55 mm from 3.175 mm; the box half its width, a quarter of its height.
  expect_box(b[1], 3.175 + (57.15 - 28.575) / 2, 3.175 + (82.55 - 20.6375) / 2, 28.575, 20.6375, "center of safe");
  expect_box(b[2], -3.175, -3.175, 69.85, 95.25, "the bleed");
  // 10% of the shorter side (63.5 mm) on every edge: 6.35 mm.
  expect_box(b[3], 6.35 + (50.8 - 20) / 2, 6.35, 20, 5, "top, 10% in");
  // x and y from the inset box's corner, y as a % of its height (84.9 mm).
  expect_box(b[4], 3, 2 + 8.49, 5, 5, "inset 2 mm, x 1 mm, y 10%");
  expect_box(b[5], 6.35, 8.89, 31.75, 44.45, "coordinates as before");
  expect_box(b[6], 0, 0, 63.5, 88.9, "anchored, no size: the whole box");
}

TEST(Placement, DownStackGivesEachChildItsNaturalOrGivenLengthOrAShareOfWhatIsLeft) {
  Placed p(R"(      - type: stack
        inset: 4mm
        gap: 2mm
        padding: 1mm
        align: center
        children:
          - {type: text, text: a}
          - {type: rect, grow: 1}
          - {type: rect, w: 50%, h: 20%}
          - {type: rect, grow: 3}
          - {type: text, text: e}
)");
  ASSERT_EQ(p.d.str(), "");
  // Room: 5 mm in, 53.5 x 78.9 mm. Fixed: 10 + 15.78 (20%) + three gaps of 2 = 31.78;
  // left 47.12 mm: a quarter to the first grow, three quarters to the second.
  const auto b = p.place({0, 10, 0, 0, 0, 7}, {true, true, true, true, true, false});
  expect_box(b[0], 4, 4, 55.5, 80.9, "the stack");
  expect_box(b[1], 5, 5, 53.5, 10, "natural");
  expect_box(b[2], 5, 17, 53.5, 11.78, "grow 1");
  expect_box(b[3], 5 + (53.5 - 26.75) / 2, 30.78, 26.75, 15.78, "h 20%, w 50% centred");
  expect_box(b[4], 5, 48.56, 53.5, 35.34, "grow 3");
  expect_box(b[5], 0, 0, 0, 0, "not shown: no room, no gap");
}

TEST(Placement, RightStackAndAStackInsideIt) {
  Placed p(R"(      - type: stack
        direction: right
        anchor: top-left
        w: 40mm
        h: 20mm
        children:
          - {type: rect, w: 10mm}
          - type: stack
            grow: 1
            children:
              - {type: text, text: p}
              - {type: rect, grow: 1}
)");
  ASSERT_EQ(p.d.str(), "");
  ASSERT_EQ(p.layers().size(), 5u);
  EXPECT_EQ(p.layers()[0].children, 4);
  EXPECT_EQ(p.layers()[2].children, 2);
  EXPECT_EQ(p.layers()[4].parent, 2);
  const auto b = p.place({0, 0, 0, 5, 0});
  expect_box(b[1], 0, 0, 10, 20, "w 10 mm");
  expect_box(b[2], 10, 0, 30, 20, "grows across the rest");
  expect_box(b[3], 10, 0, 30, 5, "natural, inside");
  expect_box(b[4], 10, 5, 30, 15, "grows down the rest");
}

TEST(Placement, ChildrenThatDoNotFitAreAnErrorAtTheStackWithByHowMuch) {
  Placed p(R"(      - type: stack
        name: body
        anchor: top
        h: 60mm
        children:
          - {type: text, text: a}
          - {type: rect, h: 41.2mm}
)");
  ASSERT_EQ(p.d.str(), "");
  p.place({0, 50, 0});
  EXPECT_EQ(p.d.str(), "t.yaml:6:9: error: card 'c1': stack 'body' children need 31.20 mm more height than the "
                       "60.00 mm box has\n");
  Placed fixed(R"(      - type: stack
        h: 30mm
        children: [{type: rect, h: 20mm}, {type: rect, h: 20mm}]
)");
  fixed.place({0, 0, 0});
  EXPECT_EQ(fixed.d.str(), "t.yaml:6:9: error: the stack's children need 10.00 mm more height than the 30.00 mm box has\n");
}

TEST(Placement, MistakesAreErrorsWhereTheyAreWritten) {
  Placed p(R"(      - {type: rect, anchor: centre, w: 10mm}
      - {type: rect, anchor: top, x: 2mm}
      - {type: rect, inset: saef}
      - {type: rect, grow: 1}
      - type: stack
        children:
          - {type: rect}
          - {type: text, text: t, y: 3mm}
)");
  EXPECT_EQ(p.d.str(),
            "t.yaml:6:30: error: 'anchor' must be 'top-left', 'top', 'top-right', 'left', 'center', 'right', "
            "'bottom-left', 'bottom' or 'bottom-right', not 'centre' (did you mean 'center'?)\n"
            "t.yaml:7:38: error: 'x' has no meaning with 'anchor': the anchor places the box (move it in from the edge "
            "with 'inset')\n"
            "t.yaml:8:29: error: 'inset' must be trim, bleed, safe, a length (3mm) or a % of the card's shorter side, "
            "not 'saef' (did you mean 'safe'?)\n"
            "t.yaml:12:13: error: a rect inside a down stack has no natural height: give it 'h' or 'grow'\n"
            "t.yaml:13:38: error: 'y' has no meaning inside a stack: the stack places its children (give w or h, "
            "grow, and the stack's align)\n");
}

}  // namespace cardstock
