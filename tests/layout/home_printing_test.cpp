// Issue 16's geometry, to a hundredth of a millimetre and without fonts: the non-printable
// margin, fold-over sheets, the duplex correction of a printer profile, the calibration
// sheet, print-then-cut registration marks and the label products' layouts.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>

#include "layout/calibration.h"
#include "layout/cutter.h"
#include "layout/layout.h"
#include "test_util.h"

namespace cardstock {

using testing::mm;

namespace {

const double kHundredth = 0.01;  // mm

const Stock& stock(const std::string& id) {
  const Stock* s = testing::shipped_templates().find_stock(id);
  if (!s) throw std::runtime_error("no stock " + id);
  return *s;
}

Point centre(const Rect& r) { return {r.x + r.w / 2, r.y + r.h / 2}; }

// How a printer with `p`'s error prints a point drawn at `q` (the model the correction
// inverts): turned by the rotation about the page centre, then moved by the offset.
Point printed(const Point& q, const PrinterProfile& p, double w, double h) {
  const double a = p.rotation * M_PI / 180, cx = w / 2, cy = h / 2;
  const double dx = q.x - cx, dy = q.y - cy;
  return {cx + dx * std::cos(a) - dy * std::sin(a) + p.offset_x.pt, cy + dx * std::sin(a) + dy * std::cos(a) + p.offset_y.pt};
}

}  // namespace

// ---- the non-printable margin ----------------------------------------------------------

TEST(Margin, PapersDefaultToAQuarterInch) {
  for (const auto& p : testing::shipped_templates().papers) EXPECT_NEAR(mm(p.margin.pt), 6.35, 1e-9) << p.id;
  EXPECT_NEAR(mm(stock("poker-3x3-letter").margin.pt), 6.35, 1e-9);
}

TEST(Margin, AGridAsWideAsThePaperIsCaught) {
  // Four 2 1/8 in cards across 8 1/2 in Letter: the outer columns touch the paper's edge.
  Stock s = stock("poker-3x3-letter");
  s.card.width = Length::inches(2.125);
  s.card.height = Length::inches(3);
  s.columns = 4;
  s.rows = 3;
  s.cut = CutStyle::Lines;
  const MarginIntrusions m = within_margin(layout_sheets(s, 12, true), s.margin.pt);
  EXPECT_EQ(m.cards, 6);   // the two outer columns of three rows
  EXPECT_EQ(m.guides, 6);  // the two outer vertical lines, the four horizontal ones spanning the paper
  EXPECT_EQ(m.registration, 0);
  EXPECT_NEAR(m.closest, 0, 1e-9);
  // With a printer that prints to the edge, nothing is inside.
  EXPECT_FALSE(within_margin(layout_sheets(s, 12, true), 0).any());
}

TEST(Margin, NoShippedStockPutsAnythingInsideIt) {
  for (const Stock& s : testing::shipped_templates().stocks) {
    // A print shop's or Tabletop Simulator's stock has no paper and no printer margin: each
    // page or image is one card with its bleed, to the edge (tests/layout/card_pages_test).
    if (s.card_pages()) continue;
    const SheetLayout l = layout_sheets(s, grid_slots(s).size(), s.kind != StockKind::Labels);
    const MarginIntrusions m = within_margin(l, s.margin.pt);
    EXPECT_FALSE(m.any()) << s.id << ": " << m.cards << " cards, " << m.guides << " guides, " << m.registration
                          << " marks, closest " << mm(m.closest) << " mm";
  }
}

TEST(Margin, CropMarksStopAtThePrintableEdge) {
  // A4's 3 x 3 grid leaves 15.15 mm above and below it: the marks there run from 6.35 mm
  // in. At the sides it leaves 9.75 mm, of which the bleed and the mark's gap take 3.88:
  // a mark would start and end inside the margin, so there is none.
  const Stock& s = stock("poker-3x3-a4");
  int side = 0;
  const SheetLayout l = layout_sheets(s, 9, false);
  for (const auto& c : l.pages[0].cuts) {
    if (c.kind != CutKind::Mark) continue;
    EXPECT_GE(mm(std::min({c.x1, c.x2, c.y1, c.y2})), 6.35 - 1e-9);
    EXPECT_LE(mm(std::max(c.x1, c.x2)), 210 - 6.35 + 1e-9);
    EXPECT_LE(mm(std::max(c.y1, c.y2)), 297 - 6.35 + 1e-9);
    EXPECT_EQ(c.x1, c.x2);  // no side marks
    if (std::fabs(mm(std::min(c.y1, c.y2)) - 6.35) < kHundredth) ++side;
  }
  EXPECT_EQ(side, 4);  // the four vertical edges, at the top
}

// ---- fold-over sheets ------------------------------------------------------------------

TEST(Foldover, BacksAreMirroredAcrossTheFoldLineOnTheSamePage) {
  for (const char* id : {"poker-foldover-letter", "poker-foldover-a4"}) {
    const Stock& s = stock(id);
    const double W = s.paper.width.pt;
    const SheetLayout l = layout_sheets(s, 10, true);
    ASSERT_EQ(l.pages.size(), 3u) << id;  // four pairs a sheet
    for (const Page& p : l.pages) EXPECT_FALSE(p.back) << id;
    const Page& first = l.pages[0];
    ASSERT_EQ(first.placements.size(), 8u);
    for (size_t k = 0; k < 4; ++k) {
      const Placement& f = first.placements[k];
      const Placement& b = first.placements[k + 4];
      EXPECT_FALSE(f.back);
      EXPECT_TRUE(b.back);
      EXPECT_EQ(b.slot, f.slot);
      // Folding along x = W/2 takes (x, y) to (W - x, y): the back lies behind its front.
      EXPECT_NEAR(mm(b.trim.x), mm(W - f.trim.right()), kHundredth);
      EXPECT_NEAR(mm(b.trim.y), mm(f.trim.y), kHundredth);
      EXPECT_NEAR(mm(b.bleed.x), mm(W - f.bleed.right()), kHundredth);
      EXPECT_EQ(f.rotation, 90);
      EXPECT_EQ(b.rotation, 270);  // reads upright when the folded card is turned over
      // Fronts left of the fold gap, backs right of it; a card's bleed reaches halfway.
      EXPECT_NEAR(mm(f.trim.right()), mm(W / 2) - 6.35, kHundredth);
      EXPECT_NEAR(mm(f.bleed.right()), mm(W / 2) - 3.175, kHundredth);
      EXPECT_NEAR(mm(b.trim.x), mm(W / 2) + 6.35, kHundredth);
    }
    EXPECT_EQ(l.pages[2].placements.size(), 4u);  // two pairs on the last sheet
  }
}

TEST(Foldover, TheFoldLineIsDashedAtTheCentreAndNoCutCrossesIt) {
  const Stock& s = stock("poker-foldover-letter");
  const double W = s.paper.width.pt;
  const Page p = layout_sheets(s, 4, true).pages[0];
  int folds = 0, marks = 0, lines = 0;
  for (const auto& c : p.cuts) {
    if (c.kind == CutKind::Fold) {
      ++folds;
      EXPECT_NEAR(mm(c.x1), 107.95, kHundredth);
      EXPECT_NEAR(mm(c.x2), 107.95, kHundredth);
      EXPECT_GE(mm(std::min(c.y1, c.y2)), 6.35);
      continue;
    }
    (c.kind == CutKind::Mark ? marks : lines)++;
    // Cut guides go round the fronts only: none reaches the fold gap or the backs.
    EXPECT_LE(mm(std::max(c.x1, c.x2)), mm(W / 2) - 6.35 + kHundredth);
  }
  EXPECT_EQ(folds, 1);
  EXPECT_EQ(lines, 2 + 5);      // the fronts' two long edges and five short ones
  EXPECT_EQ(marks, 2 * 2 + 5);  // above and below the column; left of every short edge
}

TEST(Foldover, AHorizontalFoldPutsBacksBelowTurnedRound) {
  Stock s = stock("poker-foldover-letter");
  s.fold = Fold::Horizontal;
  s.rotate = 0;
  s.columns = 3;
  s.rows = 1;
  const double H = s.paper.height.pt;
  const Page p = layout_sheets(s, 3, true).pages[0];
  ASSERT_EQ(p.placements.size(), 6u);
  for (size_t k = 0; k < 3; ++k) {
    const Placement& f = p.placements[k];
    const Placement& b = p.placements[k + 3];
    EXPECT_NEAR(mm(b.trim.y), mm(H - f.trim.bottom()), kHundredth);
    EXPECT_NEAR(mm(b.trim.x), mm(f.trim.x), kHundredth);
    EXPECT_EQ(b.rotation, 180);
    EXPECT_NEAR(mm(f.trim.bottom()), mm(H / 2) - 6.35, kHundredth);
  }
}

TEST(Foldover, ADeckWithoutBacksPrintsItsFrontsOnly) {
  const Page p = layout_sheets(stock("poker-foldover-a4"), 4, false).pages[0];
  EXPECT_EQ(p.placements.size(), 4u);
  for (const auto& pl : p.placements) EXPECT_FALSE(pl.back);
}

// ---- the duplex correction -------------------------------------------------------------

TEST(Duplex, AnOffsetMovesEveryBackByExactlyItsNegation) {
  const Stock& s = stock("poker-3x3-letter");
  PrinterProfile p;
  p.offset_x = Length::mm(0.8);
  p.offset_y = Length::mm(-0.5);
  const SheetLayout plain = layout_sheets(s, 12, true);
  SheetLayout fixed = plain;
  correct_backs(fixed, p, false);
  for (size_t i = 0; i < plain.pages.size(); ++i)
    for (size_t k = 0; k < plain.pages[i].placements.size(); ++k) {
      const Placement& a = plain.pages[i].placements[k];
      const Placement& b = fixed.pages[i].placements[k];
      const double dx = plain.pages[i].back ? -0.8 : 0, dy = plain.pages[i].back ? 0.5 : 0;
      EXPECT_NEAR(mm(b.trim.x - a.trim.x), dx, 1e-9);
      EXPECT_NEAR(mm(b.trim.y - a.trim.y), dy, 1e-9);
      EXPECT_NEAR(mm(b.bleed.x - a.bleed.x), dx, 1e-9);
      EXPECT_NEAR(mm(b.bleed.y - a.bleed.y), dy, 1e-9);
      EXPECT_EQ(b.tilt, 0);
    }
  // A short-edge stock's backs are turned round by the printer: the offset shows negated.
  SheetLayout tumbled = plain;
  correct_backs(tumbled, p, true);
  EXPECT_NEAR(mm(tumbled.pages[1].placements[0].trim.x - plain.pages[1].placements[0].trim.x), 0.8, 1e-9);
  EXPECT_NEAR(mm(tumbled.pages[1].placements[0].trim.y - plain.pages[1].placements[0].trim.y), -0.5, 1e-9);
}

TEST(Duplex, ARotationTurnsEveryBackAboutThePageCentre) {
  const Stock& s = stock("poker-3x3-letter");
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  PrinterProfile p;
  p.offset_x = Length::mm(1.2);
  p.offset_y = Length::mm(0.7);
  p.rotation = 0.2;
  const SheetLayout plain = layout_sheets(s, 9, true);
  SheetLayout fixed = plain;
  correct_backs(fixed, p, false);
  const auto& before = plain.pages[1].placements;
  const auto& after = fixed.pages[1].placements;
  for (size_t k = 0; k < before.size(); ++k) {
    EXPECT_NEAR(after[k].tilt, -0.2, 1e-12);
    EXPECT_NEAR(after[k].trim.w, before[k].trim.w, 1e-9);
    // The printer's error applied to what is drawn puts each card's centre back where it
    // belongs: exactly, not to first order.
    const Point back = printed(centre(after[k].trim), p, W, H);
    const Point want = centre(before[k].trim);
    EXPECT_NEAR(mm(back.x), mm(want.x), 1e-9);
    EXPECT_NEAR(mm(back.y), mm(want.y), 1e-9);
  }
  // With no offset the corner card's centre turns by the angle about the page centre.
  PrinterProfile turn;
  turn.rotation = 0.2;
  const Placement c = corrected_placement(before[0], turn, false, W, H);
  const Point a = centre(before[0].trim), b = centre(c.trim);
  const double angle_before = std::atan2(a.y - H / 2, a.x - W / 2), angle_after = std::atan2(b.y - H / 2, b.x - W / 2);
  EXPECT_NEAR((angle_after - angle_before) * 180 / M_PI, -0.2, 1e-9);
  EXPECT_NEAR(std::hypot(b.x - W / 2, b.y - H / 2), std::hypot(a.x - W / 2, a.y - H / 2), 1e-9);
}

// ---- the calibration sheet -------------------------------------------------------------

namespace {

// The text item whose box is centred (to 0.01 mm) at `x` among items whose box reaches `y`.
std::string label_at(const std::vector<ArtItem>& items, double x, double y0, double y1) {
  for (const auto& it : items)
    if (it.type == LayerType::Text && std::fabs(mm(it.box.x + it.box.w / 2) - mm(x)) < kHundredth &&
        it.box.y >= y0 && it.box.y <= y1)
      return it.text;
  return "";
}

}  // namespace

TEST(Calibration, TargetsAndScalesOnLetterAndA4) {
  for (const auto& [w, h] : std::vector<std::pair<double, double>>{{612, 792}, {Length::mm(210).pt, Length::mm(297).pt}}) {
    const CalibrationSheet s = calibration_sheet(w, h, "Noto Sans");
    ASSERT_EQ(s.targets.size(), 5u);
    EXPECT_EQ(s.targets[0].name, "centre");
    EXPECT_NEAR(s.targets[0].at.x, w / 2, 1e-9);
    EXPECT_NEAR(s.targets[0].at.y, h / 2, 1e-9);
    // The corner columns are 143.24 mm apart, so that (right - left) x 0.4 is in degrees.
    const double span = s.targets[2].at.x - s.targets[1].at.x;
    EXPECT_NEAR(mm(span) * kCalibrationDegPerMm * M_PI / 180, 1, 1e-12);
    // Every target well inside the printable area, with room for its scales.
    for (const auto& t : s.targets) {
      EXPECT_GE(mm(std::min(t.at.x, w - t.at.x)), 30) << t.name;
      EXPECT_GE(mm(std::min(t.at.y, h - t.at.y)), 40) << t.name;
    }
    // An x and a y scale behind every target, printed flip on long edge: the back's
    // (w - x, y) is behind the front's (x, y), and it names the target as it sees it.
    ASSERT_EQ(s.scales.size(), 10u);
    for (size_t i = 0; i < 5; ++i) {
      for (const CalibrationScale& sc : {s.scales[2 * i], s.scales[2 * i + 1]}) {
        EXPECT_NEAR(mm(sc.zero.x), mm(w - s.targets[i].at.x), kHundredth);
        EXPECT_NEAR(mm(sc.zero.y), mm(s.targets[i].at.y), kHundredth);
        EXPECT_NEAR(mm(sc.step), 0.25, 1e-12);
        EXPECT_NEAR(mm(sc.range), 5, 1e-12);
      }
      EXPECT_EQ(s.scales[2 * i].axis, 'x');
      EXPECT_EQ(s.scales[2 * i + 1].axis, 'y');
    }
    EXPECT_EQ(s.scales[2].target, "top right");  // behind the front's top left
    EXPECT_EQ(s.scales[4].target, "top left");
  }
}

TEST(Calibration, ATickEveryQuarterMillimetre) {
  const CalibrationSheet s = calibration_sheet(612, 792, "Noto Sans");
  const CalibrationScale& x = s.scales[0];
  for (int k = -20; k <= 20; ++k) {
    const double at = x.zero.x + k * x.step;
    int found = 0;
    for (const auto& it : s.back)
      if (it.type == LayerType::Line && it.box.w == 0 && std::fabs(mm(it.box.x) - mm(at)) < kHundredth &&
          std::fabs(it.box.y - x.base.y) < 1e-9)
        ++found;
    EXPECT_EQ(found, 1) << k;
  }
}

TEST(Calibration, TheNumberTheTargetFallsOnIsTheBacksOffset) {
  // Seen against the light, the front's target (x, y) is at the back's (w - x, y); a back
  // printed (dx, dy) off carries its scales with it. The x scale's number under the
  // target's vertical line, and the y scale's beside its horizontal one, must be dx and dy.
  const double w = 612, h = 792;
  const CalibrationSheet s = calibration_sheet(w, h, "Noto Sans");
  for (const auto& [dx, dy] : std::vector<std::pair<int, int>>{{2, -4}, {-2, 4}, {4, 0}, {0, -2}}) {
    const Point seen{w - s.targets[0].at.x, s.targets[0].at.y};
    const CalibrationScale& xs = s.scales[0];
    const CalibrationScale& ys = s.scales[1];
    const double ox = Length::mm(dx).pt, oy = Length::mm(dy).pt;
    // Where the target falls, in the moved back's own coordinates.
    const double tx = seen.x - ox, ty = seen.y - oy;
    EXPECT_EQ(label_at(s.back, tx, xs.base.y, xs.base.y + Length::mm(4).pt), dx > 0 ? "+" + std::to_string(dx) : std::to_string(dx));
    // The y scale's numbers are boxes centred vertically on their ticks.
    std::string y_label;
    for (const auto& it : s.back)
      if (it.type == LayerType::Text && it.box.x > ys.base.x && it.box.x < ys.base.x + Length::mm(4).pt &&
          std::fabs(mm(it.box.y + it.box.h / 2) - mm(ty)) < kHundredth)
        y_label = it.text;
    EXPECT_EQ(y_label, dy > 0 ? "+" + std::to_string(dy) : std::to_string(dy));
  }
}

TEST(Calibration, ThreeLinesOfInstructionsOnTheFront) {
  const CalibrationSheet s = calibration_sheet(612, 792, "Noto Sans");
  const auto lines = calibration_instructions();
  ASSERT_EQ(lines.size(), 3u);
  for (const auto& l : lines) {
    int n = 0;
    for (const auto& it : s.front) n += it.type == LayerType::Text && it.text == l;
    EXPECT_EQ(n, 1) << l;
  }
  EXPECT_NE(lines[2].find("x 0.4deg"), std::string::npos);
}

// ---- print-then-cut machines -----------------------------------------------------------

TEST(Cutter, SilhouetteType1MarksTenMillimetresIn) {
  const CutterGeometry g = cutter_geometry(Cutter::Silhouette, 612, 792);
  ASSERT_EQ(g.marks.size(), 3u);
  // A 5 mm square at the top left...
  EXPECT_TRUE(g.marks[0].filled);
  EXPECT_NEAR(mm(g.marks[0].points[0].x), 10, 1e-9);
  EXPECT_NEAR(mm(g.marks[0].points[0].y), 10, 1e-9);
  EXPECT_NEAR(mm(g.marks[0].points[2].x), 15, 1e-9);
  // ...an L at the top right, its corner 10 mm from the top and right edges, arms 20 mm...
  const auto& tr = g.marks[1].points;
  ASSERT_EQ(tr.size(), 3u);
  EXPECT_NEAR(mm(tr[1].x), 215.9 - 10, 1e-9);
  EXPECT_NEAR(mm(tr[1].y), 10, 1e-9);
  EXPECT_NEAR(mm(tr[1].x - tr[0].x), 20, 1e-9);
  EXPECT_NEAR(mm(tr[2].y - tr[1].y), 20, 1e-9);
  EXPECT_NEAR(mm(g.marks[1].stroke), 0.5, 1e-9);
  // ...and one at the bottom left.
  EXPECT_NEAR(mm(g.marks[2].points[1].x), 10, 1e-9);
  EXPECT_NEAR(mm(g.marks[2].points[1].y), 279.4 - 10, 1e-9);
  EXPECT_TRUE(cutter_geometry(Cutter::None, 612, 792).marks.empty());
}

TEST(Cutter, CricutAreaIsItsLargestPrintThenCutImageCentred) {
  const CutterGeometry g = cutter_geometry(Cutter::Cricut, 612, 792);
  EXPECT_NEAR(g.cut_area.w, 6.75 * 72, 1e-9);
  EXPECT_NEAR(g.cut_area.h, 9.25 * 72, 1e-9);
  EXPECT_NEAR(g.cut_area.x, (612 - 6.75 * 72) / 2, 1e-9);
  ASSERT_EQ(g.marks.size(), 2u);
  EXPECT_TRUE(g.marks[0].closed);
  EXPECT_TRUE(g.marks[1].filled);
}

TEST(Cutter, ShippedCutterStocksKeepCardsInsideTheMarks) {
  int cutters = 0;
  for (const Stock& s : testing::shipped_templates().stocks) {
    EXPECT_TRUE(stock_problems(s).empty()) << s.id << ": " << (stock_problems(s).empty() ? "" : stock_problems(s)[0]);
    if (s.cutter == Cutter::None) continue;
    ++cutters;
    const CutterGeometry g = cutter_geometry(s.cutter, s.paper.width.pt, s.paper.height.pt);
    const Page p = layout_sheets(s, grid_slots(s).size(), false).pages[0];
    EXPECT_EQ(p.registration.size(), g.marks.size()) << s.id;
    for (const auto& pl : p.placements) EXPECT_TRUE(g.cut_area.contains(pl.trim)) << s.id;
  }
  EXPECT_EQ(cutters, 4);
  EXPECT_EQ(grid_slots(stock("poker-silhouette-letter")).size(), 6u);
  EXPECT_EQ(grid_slots(stock("poker-silhouette-a4")).size(), 6u);
  EXPECT_EQ(grid_slots(stock("poker-cricut-letter")).size(), 4u);
}

TEST(Cutter, CardsOutsideTheMarksAreNamed) {
  Stock s = stock("poker-3x3-letter");
  s.cutter = Cutter::Silhouette;
  const auto problems = stock_problems(s);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0],
            "6 of its 9 cards (the first, card 1, at 12.7, 6.35 mm) lie outside the area a Silhouette Cameo can cut, "
            "10, 10 to 205.9, 269.4 mm (their bleed within 0, 0 to 215.9, 279.4 mm)");
  EXPECT_EQ(problems[1],
            "3 of its 9 cards (the first, card 1, at 12.7, 6.35 mm) lie on the corners its sensor reads the "
            "registration marks in (10, 10 to 30, 30 mm and the like)");
}

// ---- label products and big papers -----------------------------------------------------

namespace {

// A label product's layout as glabels-qt's template database gives it (inches).
struct Product {
  const char* stock;
  const char* name;  // as the stock's description must name it
  double label_w, label_h;
  int nx, ny;
  double x0, y0, dx, dy;
};

}  // namespace

TEST(Labels, ProductsMatchTheirTemplatesToAHundredthOfAnInch) {
  const double mm_in = 1 / 25.4;
  const Product products[] = {
      // templates/online-templates.xml OL1025; sheetlabels SL114 the same.
      {"ol1025-disc-1in-letter", "OL1025", 1, 1, 7, 9, 0.375, 0.5, 1.125, 1.125},
      // templates/online-templates.xml OL5275 (dx 0.813); sheetlabels SL115 (dx 0.812).
      {"ol5275-token-round-letter", "OL5275", 0.75, 0.75, 9, 12, 0.625, 0.656, 0.813, 0.813},
      // templates/avery-us-templates.xml 5371 (8371, 8372, 8471 equivalent).
      {"avery-5371-business-letter", "Avery 5371", 3.5, 2, 2, 5, 0.75, 0.5, 3.5, 2},
      // templates/avery-iso-templates.xml C32011-10, in mm.
      {"avery-c32011-business-a4", "Avery C32011", 85 * mm_in, 54 * mm_in, 2, 5, 15 * mm_in, 13.5 * mm_in, 95 * mm_in, 54 * mm_in},
  };
  for (const Product& p : products) {
    const Stock& s = stock(p.stock);
    const auto slots = grid_slots(s);
    ASSERT_EQ(slots.size(), static_cast<size_t>(p.nx * p.ny)) << p.stock;
    const double in = 72;
    EXPECT_NEAR(slots[0].w / in, p.label_w, 0.01) << p.stock;
    EXPECT_NEAR(slots[0].h / in, p.label_h, 0.01) << p.stock;
    EXPECT_NEAR(slots[0].x / in, p.x0, 0.01) << p.stock;
    EXPECT_NEAR(slots[0].y / in, p.y0, 0.01) << p.stock;
    EXPECT_NEAR((slots[1].x - slots[0].x) / in, p.dx, 0.01) << p.stock;
    EXPECT_NEAR((slots[static_cast<size_t>(p.nx)].y - slots[0].y) / in, p.dy, 0.01) << p.stock;
    // The last label too: the pitch is right all the way across and down.
    EXPECT_NEAR(slots.back().x / in, p.x0 + (p.nx - 1) * p.dx, 0.01) << p.stock;
    EXPECT_NEAR(slots.back().y / in, p.y0 + (p.ny - 1) * p.dy, 0.01) << p.stock;
    EXPECT_EQ(s.cut, CutStyle::None) << p.stock;  // the sheet is cut already
    EXPECT_NE(s.description.find(p.name), std::string::npos) << p.stock << ": " << s.description;
  }
}

TEST(Labels, FullSheetProductsHoldTheirCards) {
  // Avery 8165: templates/avery-us-templates.xml, one 8.5 x 11 in label at 0, 0. The A4
  // one: templates/dataline-iso-templates.xml 57130, 199.6 x 289.1 mm at 5.2, 3.95 mm.
  const std::map<std::string, std::array<double, 4>> areas = {
      {"avery-8165-poker-letter", {0, 0, 215.9, 279.4}}, {"a4-full-label-poker", {5.2, 3.95, 199.6, 289.1}}};
  for (const auto& [id, a] : areas) {
    const Stock& s = stock(id);
    ASSERT_TRUE(s.label_area.set) << id;
    EXPECT_NEAR(s.label_area.x.in_mm(), a[0], 0.254) << id;  // a hundredth of an inch
    EXPECT_NEAR(s.label_area.y.in_mm(), a[1], 0.254) << id;
    EXPECT_NEAR(s.label_area.w.in_mm(), a[2], 0.254) << id;
    EXPECT_NEAR(s.label_area.h.in_mm(), a[3], 0.254) << id;
    EXPECT_EQ(grid_slots(s).size(), 8u);
    EXPECT_TRUE(stock_problems(s).empty()) << id;
  }
  Stock off = stock("a4-full-label-poker");
  off.label_area.w = Length::mm(100);
  const auto problems = stock_problems(off);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "4 of its 8 cards (the first, card 2, at 106.59, 16.74 mm) do not lie on its label, "
                         "5.2, 3.95 to 105.2, 293.05 mm");
}

TEST(Labels, TabloidAndA3HoldEighteenTurnedPokerCards) {
  for (const char* id : {"poker-3x6-tabloid", "poker-3x6-a3"}) {
    const Stock& s = stock(id);
    EXPECT_EQ(grid_slots(s).size(), 18u) << id;
    EXPECT_EQ(s.rotate, 90) << id;
    // Upright they would be 4 x 4 = 16: turning them wins two cards a sheet.
    const int upright = static_cast<int>((s.paper.width.pt - 2 * s.margin.pt) / s.card.width.pt) *
                        static_cast<int>((s.paper.height.pt - 2 * s.margin.pt) / s.card.height.pt);
    EXPECT_EQ(upright, 16) << id;
  }
}

}  // namespace cardstock
