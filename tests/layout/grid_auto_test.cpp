// grid: auto on every shipped paper with every shipped card size, against a brute-force
// count written here (every rectangle of every candidate grid placed and checked against
// the printable room); the sheets it lays out (inside the margin, crop marks drawn),
// turned cards' duplex backs, and the message of a grid too big for its paper.
#include <gtest/gtest.h>

#include <algorithm>

#include "layout/layout.h"
#include "load/load.h"
#include "test_util.h"

namespace cardstock {

namespace {

constexpr double kMm = 72 / 25.4;

struct Count {
  int cards = 0, rotate = 0;
};

// The most cards `w` x `h` (points) with gutter `g` that lie wholly inside the paper
// less `side` on every side: every grid up to 60 x 60 placed card by card, upright and
// turned. Upright wins a tie.
Count brute_force(double paper_w, double paper_h, double side, double w, double h, double g) {
  Count best;
  const double eps = 0.01 * kMm;
  for (int rotate : {0, 90}) {
    const double fw = rotate ? h : w, fh = rotate ? w : h;
    for (int c = 1; c <= 60; ++c)
      for (int r = 1; r <= 60; ++r) {
        bool inside = true;
        // The last card first: a grid too big fails at once.
        for (int k = c * r - 1; k >= 0 && inside; --k) {
          const double x = side + (k % c) * (fw + g), y = side + (k / c) * (fh + g);
          inside = x + fw <= paper_w - side + eps && y + fh <= paper_h - side + eps;
        }
        if (inside && c * r > best.cards) best = {c * r, rotate};
      }
  }
  return best;
}

std::optional<Stock> auto_stock(const Paper& paper, const CardSize& card, const std::string& gutter,
                                const std::string& cut, Diagnostics& d) {
  return parse_stock("id: s\npaper: " + paper.id + "\ncard: " + card.id + "\ngrid: auto\ngutter: " + gutter +
                         "\ncut: " + cut + "\n",
                     "s.yaml", testing::shipped_templates(), d);
}

// The diagnostics of a stock file that must not load.
std::string error_of(const std::string& yaml) {
  Diagnostics d;
  EXPECT_FALSE(parse_stock(yaml, "s.yaml", testing::shipped_templates(), d)) << yaml;
  return d.str();
}

}  // namespace

TEST(GridAuto, EveryShippedPaperAndCardSizeHoldsTheBruteForceCount) {
  const Templates& t = testing::shipped_templates();
  ASSERT_GE(t.papers.size(), 8u);
  ASSERT_GE(t.cards.size(), 13u);
  int checked = 0;
  for (const Paper& paper : t.papers)
    for (const CardSize& card : t.cards)
      for (const std::string gutter : {"0", "0.125in", "5mm"})
        for (const std::string cut : {"both", "lines"}) {
          const std::string what = paper.id + " " + card.id + " gutter " + gutter + " cut " + cut;
          // The printable margin (0.25 in), and for crop marks the bleed, the 2 pt gap and
          // a 0.25 in mark (the default mark_length).
          const double side = 0.25 * 72 + (cut == "both" ? card.bleed.pt + 2 + 0.25 * 72 : 0);
          const double g = gutter == "0" ? 0 : gutter == "5mm" ? 5 * kMm : 0.125 * 72;
          const Count want = brute_force(paper.width.pt, paper.height.pt, side, card.width.pt, card.height.pt, g);
          Diagnostics d;
          const auto s = auto_stock(paper, card, gutter, cut, d);
          ++checked;
          if (want.cards == 0) {
            EXPECT_FALSE(s) << what;
            EXPECT_NE(d.str().find("error: stock 's': not one " + card.id + " card fits " + paper.id), std::string::npos)
                << what << ": " << d.str();
            continue;
          }
          ASSERT_TRUE(s) << what << ": " << d.str();
          EXPECT_EQ(d.str(), "") << what;
          EXPECT_EQ(s->columns * s->rows, want.cards) << what;
          EXPECT_EQ(s->rotate, want.rotate) << what;
          // The sheet it lays out: every card inside the printable margin, no two overlapping.
          const SheetLayout l = layout_sheets(*s, static_cast<size_t>(want.cards), true);
          ASSERT_EQ(l.pages.size(), 2u) << what;
          const auto& cards = l.pages[0].placements;
          ASSERT_EQ(cards.size(), static_cast<size_t>(want.cards)) << what;
          for (size_t i = 0; i < cards.size(); ++i) {
            EXPECT_TRUE(Rect({side, side, paper.width.pt - 2 * side, paper.height.pt - 2 * side}).contains(cards[i].trim, 0.01 * kMm))
                << what << " card " << i;
            for (size_t j = i + 1; j < cards.size(); ++j) {
              const Rect &a = cards[i].trim, &b = cards[j].trim;
              const bool apart = a.right() <= b.x + 1e-6 || b.right() <= a.x + 1e-6 || a.bottom() <= b.y + 1e-6 ||
                                 b.bottom() <= a.y + 1e-6;
              EXPECT_TRUE(apart) << what << " cards " << i << " and " << j;
            }
          }
          // Room for crop marks is room used: every outer edge has its marks.
          if (cut == "both" && card.shape == Shape::Rect) {
            const auto marks = std::count_if(l.pages[0].cuts.begin(), l.pages[0].cuts.end(),
                                             [](const CutSegment& c) { return c.kind == CutKind::Mark; });
            // Each distinct card edge across and down: with no gutter neighbours share theirs.
            const int xs = g == 0 ? s->columns + 1 : 2 * s->columns, ys = g == 0 ? s->rows + 1 : 2 * s->rows;
            EXPECT_EQ(marks, 2 * (xs + ys)) << what;
          }
        }
  EXPECT_EQ(checked, static_cast<int>(t.papers.size() * t.cards.size() * 6));
}

// Poker cards on Letter with crop marks: 2 x 2 upright, 2 x 3 turned (6 cards).
TEST(GridAuto, PokerOnLetterTurnsTheCardsAndTheirBacksLineUp) {
  const Templates& t = testing::shipped_templates();
  for (const std::string duplex : {"long-edge", "short-edge"}) {
    Diagnostics d;
    const auto s = parse_stock("id: s\npaper: letter\ncard: poker\ngrid: auto\nduplex: " + duplex + "\n", "s.yaml", t, d);
    ASSERT_TRUE(s) << d.str();
    EXPECT_EQ(s->columns, 2);
    EXPECT_EQ(s->rows, 3);
    EXPECT_EQ(s->rotate, 90);
    const SheetLayout l = layout_sheets(*s, 6, true);
    ASSERT_EQ(l.pages.size(), 2u);
    const auto &front = l.pages[0].placements, &back = l.pages[1].placements;
    ASSERT_EQ(back.size(), 6u);
    for (size_t k = 0; k < 6; ++k) {
      // The back lands behind its front when the sheet turns over its long (vertical)
      // or short (horizontal) edge, turned so it reads the way its front does.
      const Rect& f = front[k].trim;
      const Rect& b = back[k].trim;
      EXPECT_EQ(front[k].rotation, 90);
      if (duplex == "long-edge") {
        EXPECT_NEAR(b.x, 612 - f.right(), 0.01 * kMm) << k;
        EXPECT_NEAR(b.y, f.y, 0.01 * kMm) << k;
        EXPECT_EQ(back[k].rotation, 270) << k;
      } else {
        EXPECT_NEAR(b.x, f.x, 0.01 * kMm) << k;
        EXPECT_NEAR(b.y, 792 - f.bottom(), 0.01 * kMm) << k;
        EXPECT_EQ(back[k].rotation, 90) << k;
      }
      EXPECT_NEAR(b.w, 3.5 * 72, 0.01 * kMm);
      EXPECT_NEAR(b.h, 2.5 * 72, 0.01 * kMm);
    }
  }
}

TEST(GridAuto, IsForPlainSheetsOnly) {
  EXPECT_EQ(error_of("id: s\npaper: letter\ncard: poker\nkind: foldover\ngrid: auto\n"),
            "s.yaml:5:7: error: stock 's': grid: auto does not lay out fold-over sheets; give columns and rows\n");
  EXPECT_EQ(error_of("id: s\ncard: poker\nformat: tts\ngrid: auto\n"),
            "s.yaml:4:7: error: stock 's': grid: auto fills a paper, and this stock has none; give columns and rows\n");
  // A5 less 0.25 in margin, 0.125 in bleed, 2 pt gap and a 2 in mark on each side.
  EXPECT_EQ(error_of("id: s\npaper: a5\ncard: tarot\ngrid: auto\nmark_length: 2in\n"),
            "s.yaml:4:7: error: stock 's': not one tarot card fits a5 paper within its margin and crop marks "
            "(25.9 x 87.9 mm)\n");
  EXPECT_EQ(error_of("id: s\npaper: letter\ncard: poker\ngrid: autp\n"),
            "s.yaml:4:7: error: 'grid' must be a map or 'auto'\n");
}

// A grid too big for its paper says what fits in its own orientation, and how much
// more the grid asked for needs, in mm to one decimal.
TEST(GridAuto, AGridThatDoesNotFitSaysWhatFits) {
  EXPECT_EQ(error_of("id: s\npaper: letter\ncard: poker\ngrid: {columns: 3, rows: 4}\n"),
            "s.yaml:4:7: error: stock 's': 3 x 4 poker cards need 190.5 x 355.6 mm but letter paper is "
            "215.9 x 279.4 mm: 3 x 3 fits; 3 x 4 needs 76.2 mm more height\n");
  EXPECT_EQ(error_of("id: s\npaper: a4\ncard: poker\ngrid: {columns: 4, rows: 4, rotate: 90}\ngutter: 2mm\n"),
            "s.yaml:4:7: error: stock 's': 4 x 4 poker cards need 361.6 x 260 mm but a4 paper is "
            "210 x 297 mm: 2 x 4 fits; 4 x 4 needs 151.6 mm more width\n");
}

}  // namespace cardstock
