#include "layout/layout.h"

#include <gtest/gtest.h>

#include <cmath>

#include "test_util.h"

namespace cardstock {

using testing::mm;

namespace {

const Stock& stock(const std::string& id) {
  const Stock* s = testing::shipped_templates().find_stock(id);
  if (!s) throw std::runtime_error("no stock " + id);
  return *s;
}

// Every slot of a full page, in millimetres: {x, y, w, h}.
void expect_slots_mm(const Stock& s, double x0, double y0, double w, double h, double dx,
                     double dy) {
  auto slots = grid_slots(s);
  ASSERT_EQ(slots.size(), static_cast<size_t>(s.columns * s.rows));
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.columns; ++c) {
      const Rect& t = slots[r * s.columns + c];
      EXPECT_NEAR(mm(t.x), x0 + c * dx, 0.01) << "col " << c << " row " << r;
      EXPECT_NEAR(mm(t.y), y0 + r * dy, 0.01) << "col " << c << " row " << r;
      EXPECT_NEAR(mm(t.w), w, 0.01);
      EXPECT_NEAR(mm(t.h), h, 0.01);
    }
}

// True if the segment passes through the open interior of `r` (shrunk by 0.01 mm).
bool enters(const CutSegment& s, const Rect& r) {
  const double e = 0.01 * 72 / 25.4;
  const double x0 = r.x + e, x1 = r.right() - e, y0 = r.y + e, y1 = r.bottom() - e;
  const double sx0 = std::min(s.x1, s.x2), sx1 = std::max(s.x1, s.x2);
  const double sy0 = std::min(s.y1, s.y2), sy1 = std::max(s.y1, s.y2);
  return sx1 > x0 && sx0 < x1 && sy1 > y0 && sy0 < y1;
}

}  // namespace

TEST(Layout, Poker3x3LetterSlots) {
  // 3 x 63.5 = 190.5 mm of 215.9: 12.7 mm each side; 3 x 88.9 = 266.7 of 279.4: 6.35 mm.
  expect_slots_mm(stock("poker-3x3-letter"), 12.7, 6.35, 63.5, 88.9, 63.5, 88.9);
}

TEST(Layout, Poker3x3A4Slots) {
  expect_slots_mm(stock("poker-3x3-a4"), 9.75, 15.15, 63.5, 88.9, 63.5, 88.9);
}

TEST(Layout, LabelStockLetterSlotsAreTurnedCards) {
  // Turned cards are 88.9 wide, 63.5 tall; 1/8 in gutter; 2 x 4 centred on Letter.
  const double gutter = 3.175;
  expect_slots_mm(stock("poker-labels-letter"), (215.9 - 2 * 88.9 - gutter) / 2,
                  (279.4 - 4 * 63.5 - 3 * gutter) / 2, 88.9, 63.5, 88.9 + gutter, 63.5 + gutter);
  EXPECT_EQ(stock("poker-labels-letter").rotate, 90);
}

TEST(Layout, LabelStockA4Slots) {
  const double gutter = 3.175;
  expect_slots_mm(stock("poker-labels-a4"), (210 - 2 * 88.9 - gutter) / 2,
                  (297 - 4 * 63.5 - 3 * gutter) / 2, 88.9, 63.5, 88.9 + gutter, 63.5 + gutter);
}

TEST(Layout, EchadOnLabelStockIsSevenPages) {
  SheetLayout l = layout_sheets(stock("poker-labels-letter"), 54, false);
  EXPECT_EQ(l.pages.size(), 7u);
  EXPECT_EQ(l.pages.back().placements.size(), 6u);
  for (const auto& p : l.pages) {
    EXPECT_FALSE(p.back);
    for (const auto& pl : p.placements) EXPECT_EQ(pl.rotation, 90);
  }
}

TEST(Layout, CardstockInterleavesFrontsAndBacks) {
  SheetLayout l = layout_sheets(stock("poker-3x3-letter"), 54, true);
  ASSERT_EQ(l.pages.size(), 12u);
  for (size_t i = 0; i < l.pages.size(); ++i) EXPECT_EQ(l.pages[i].back, i % 2 == 1);
  EXPECT_DOUBLE_EQ(l.width, 612);
  EXPECT_DOUBLE_EQ(l.height, 792);
  EXPECT_EQ(layout_sheets(stock("poker-3x3-letter"), 10, true).pages.size(), 4u);
  EXPECT_EQ(layout_sheets(stock("poker-3x3-letter"), 10, false).pages.size(), 2u);
}

TEST(Layout, BacksMirrorFrontsForLongEdgeDuplex) {
  const Stock& s = stock("poker-3x3-letter");
  SheetLayout l = layout_sheets(s, 7, true);  // a partial page: mirroring must still hold
  ASSERT_EQ(l.pages.size(), 2u);
  const Page& front = l.pages[0];
  const Page& back = l.pages[1];
  ASSERT_EQ(front.placements.size(), back.placements.size());
  for (size_t i = 0; i < front.placements.size(); ++i) {
    const Placement& f = front.placements[i];
    const Placement& b = back.placements[i];
    EXPECT_EQ(f.slot, b.slot);
    EXPECT_NEAR(b.trim.x, 612 - f.trim.right(), 1e-9);
    EXPECT_NEAR(b.trim.y, f.trim.y, 1e-9);
    EXPECT_NEAR(b.trim.w, f.trim.w, 1e-9);
    EXPECT_NEAR(b.bleed.x, 612 - f.bleed.right(), 1e-9);
    EXPECT_EQ(b.rotation, 0);
  }
  // The first card's back sits in the top-right slot.
  EXPECT_NEAR(mm(back.placements[0].trim.x), 12.7 + 2 * 63.5, 0.01);
  EXPECT_TRUE(back.cuts.empty());
}

TEST(Layout, ShortEdgeDuplexMirrorsVerticallyAndTurnsBacks) {
  Stock s = stock("poker-3x3-letter");
  s.duplex = Duplex::ShortEdge;
  SheetLayout l = layout_sheets(s, 9, true);
  const Placement& f = l.pages[0].placements[0];
  const Placement& b = l.pages[1].placements[0];
  EXPECT_NEAR(b.trim.x, f.trim.x, 1e-9);
  EXPECT_NEAR(b.trim.y, 792 - f.trim.bottom(), 1e-9);
  EXPECT_EQ(b.rotation, 180);
}

TEST(Layout, CutGuidesNeverEnterACardAndMarksStayOutOfTheBleed) {
  for (const char* id : {"poker-3x3-letter", "poker-3x3-a4", "poker-labels-letter",
                         "poker-labels-a4", "tablet-2x2-letter", "tablet-2x2-a4",
                         "token-square-letter", "token-square-a4", "standee-letter"}) {
    const Stock& s = stock(id);
    SheetLayout l = layout_sheets(s, s.columns * s.rows, false);
    const Page& p = l.pages[0];
    ASSERT_FALSE(p.cuts.empty()) << id;
    for (const auto& c : p.cuts) {
      EXPECT_GE(std::min(c.x1, c.x2), 0) << id;
      EXPECT_LE(std::max(c.x1, c.x2), l.width) << id;
      EXPECT_GE(std::min(c.y1, c.y2), 0) << id;
      EXPECT_LE(std::max(c.y1, c.y2), l.height) << id;
      for (const auto& pl : p.placements) {
        EXPECT_FALSE(enters(c, pl.trim)) << id << " cut (" << c.x1 << "," << c.y1 << ")-("
                                         << c.x2 << "," << c.y2 << ")";
        if (c.kind == CutKind::Mark) {
          EXPECT_FALSE(enters(c, pl.bleed)) << id;
        }
      }
    }
  }
}

TEST(Layout, CutGuidesLandExactlyOnCardEdges) {
  const Stock& s = stock("poker-3x3-letter");
  SheetLayout l = layout_sheets(s, 9, false);
  std::vector<double> xs, ys;
  for (const auto& pl : l.pages[0].placements) {
    xs.push_back(pl.trim.x);
    xs.push_back(pl.trim.right());
    ys.push_back(pl.trim.y);
    ys.push_back(pl.trim.bottom());
  }
  auto on_edge = [](double v, const std::vector<double>& edges) {
    for (double e : edges)
      if (std::fabs(v - e) < 1e-9) return true;
    return false;
  };
  int lines = 0, marks = 0;
  for (const auto& c : l.pages[0].cuts) {
    (c.kind == CutKind::Line ? lines : marks)++;
    if (c.x1 == c.x2) {
      EXPECT_TRUE(on_edge(c.x1, xs)) << c.x1;
    } else {
      EXPECT_TRUE(on_edge(c.y1, ys)) << c.y1;
    }
  }
  EXPECT_EQ(lines, 8);       // 4 vertical + 4 horizontal edge lines
  // Each horizontal edge is marked at both ends. The vertical edges are not: the grid
  // leaves 1/4 in above and below it, all of it the margin printers cannot print, so a
  // mark there would not be printed (the cut lines still mark those edges).
  EXPECT_EQ(marks, 4 * 2);
  for (const auto& c : l.pages[0].cuts)
    if (c.kind == CutKind::Mark) {
      EXPECT_EQ(c.y1, c.y2);
      // ...and the marks at the sides start at the printable edge, 1/4 in in.
      const double outer = std::min(mm(std::min(c.x1, c.x2)), 215.9 - mm(std::max(c.x1, c.x2)));
      EXPECT_NEAR(outer, 6.35, 0.01);
    }
}

TEST(Layout, BleedIsKeptOnOuterSidesOnly) {
  const Stock& s = stock("poker-3x3-letter");
  SheetLayout l = layout_sheets(s, 9, false);
  const Placement& corner = l.pages[0].placements[0];
  EXPECT_NEAR(corner.trim.x - corner.bleed.x, 9, 1e-9);  // 1/8 in outside
  EXPECT_NEAR(corner.bleed.right(), corner.trim.right(), 1e-9);  // butted neighbour
  const Placement& middle = l.pages[0].placements[4];
  EXPECT_NEAR(middle.bleed.x, middle.trim.x, 1e-9);
  EXPECT_NEAR(middle.bleed.w, middle.trim.w, 1e-9);
}

TEST(Layout, FitTextShrinksInTenthsAndReportsOverflow) {
  FixedMeasurer m;
  TextStyle st;
  st.size = 20;
  // "abcdefghij" is 10 chars x 0.5 em: fits 50 pt wide at exactly 10 pt.
  FitResult r = fit_text("abcdefghij", st, 50, 100, 6, true, m);
  EXPECT_DOUBLE_EQ(r.size, 10);
  EXPECT_FALSE(r.overflow);
  r = fit_text("abcdefghij", st, 50, 100, 12, true, m);
  EXPECT_DOUBLE_EQ(r.size, 12);
  EXPECT_TRUE(r.overflow);
  r = fit_text("abcdefghij", st, 50, 100, 6, false, m);
  EXPECT_DOUBLE_EQ(r.size, 20);
  EXPECT_TRUE(r.overflow);
}

// A table too long for one page at 8 pt (the answer key) takes more pages rather than
// smaller type: the fewest pages at 8 pt, in the largest type that keeps to that many,
// every row once, the header row on every page and "(continued)" after the first.
TEST(Layout, LongTablesTakeMorePagesNeverTypeBelowEightPoints) {
  FixedMeasurer m;
  TableSpec t;
  t.title = "Key";
  t.header = {"Name", "Facts"};
  for (int i = 0; i < 90; ++i) t.rows.push_back({"name " + std::to_string(i), "fact"});
  bool overflow = true;
  const auto pages = layout_table(t, 612, 792, 36, m, &overflow);
  EXPECT_FALSE(overflow);
  ASSERT_GE(pages.size(), 2u);
  int rows = 0;
  double smallest = 100;
  for (size_t k = 0; k < pages.size(); ++k) {
    int headers = 0;
    for (const auto& it : pages[k]) {
      if (it.type != LayerType::Text) continue;
      EXPECT_LE(it.box.bottom(), 792 - 36 + 1e-6) << "page " << k + 1 << ": " << it.text;
      if (it.text == "Key" || it.text == "Key (continued)") {
        EXPECT_EQ(it.text == "Key", k == 0);
        continue;
      }
      smallest = std::min(smallest, it.style.size);
      headers += it.text == "Name";
      rows += it.text.rfind("name ", 0) == 0;
    }
    EXPECT_EQ(headers, 1) << "page " << k + 1;
  }
  EXPECT_EQ(rows, 90);
  EXPECT_GE(smallest, 8);
  // One page fewer would need smaller type than 8 pt; at 8 pt it takes no fewer pages.
  t.rows.resize(10);
  EXPECT_EQ(layout_table(t, 612, 792, 36, m, &overflow).size(), 1u);
}

TEST(Layout, BleedRectLayersReachTheBleedEdge) {
  Diagnostics d;
  auto g = parse_game(R"(game: t
title: T
designs:
  face:
    layers:
      - {type: rect, h: 20mm, fill: "#ff0000", bleed: true}
decks:
  - {id: d, face: face, cards: [{id: a}]}
)",
                      "t.yaml", ".", testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  FixedMeasurer m;
  CardArt art = resolve_card(*g, g->decks[0], g->decks[0].cards[0], g->designs.at("face"), m, d);
  EXPECT_EQ(d.str(), "");
  ASSERT_EQ(art.items.size(), 1u);
  EXPECT_NEAR(art.items[0].box.x, -9, 1e-9);
  EXPECT_NEAR(art.items[0].box.y, -9, 1e-9);
  EXPECT_NEAR(art.items[0].box.w, 180 + 18, 1e-9);
  EXPECT_NEAR(mm(art.items[0].box.h), 20 + 3.175, 0.01);  // bottom edge is inside the card
}

}  // namespace cardstock

namespace cardstock {

namespace {

const Stock& hex_stock(const std::string& id) {
  const Stock* s = testing::shipped_templates().find_stock(id);
  if (!s) throw std::runtime_error("no stock " + id);
  return *s;
}

bool same_point(const Point& a, const Point& b) {
  return std::fabs(a.x - b.x) < 1e-9 && std::fabs(a.y - b.y) < 1e-9;
}

}  // namespace

TEST(Hex, TileCornersOnLetterToAHundredthOfAMillimetre) {
  // 2.9 in point to point; width 2.9 x sqrt(3)/2 in; a 3-2-3-2 honeycomb centred on Letter.
  const double in = 25.4, h = 2.9 * in, w = h * std::sqrt(3.0) / 2;
  const double x0 = (8.5 * in - 3 * w) / 2, y0 = (11 * in - (h + 3 * 0.75 * h)) / 2;
  auto slots = grid_slots(hex_stock("hex-tile-letter"));
  ASSERT_EQ(slots.size(), 10u);
  const int rows[] = {0, 0, 0, 1, 1, 2, 2, 2, 3, 3};
  const int cols[] = {0, 1, 2, 0, 1, 0, 1, 2, 0, 1};
  for (size_t i = 0; i < slots.size(); ++i) {
    const double cx = x0 + cols[i] * w + (rows[i] % 2 ? w / 2 : 0) + w / 2;
    const double cy = y0 + rows[i] * 0.75 * h + h / 2;
    const double want[6][2] = {{cx, cy - h / 2},         {cx + w / 2, cy - h / 4},
                               {cx + w / 2, cy + h / 4}, {cx, cy + h / 2},
                               {cx - w / 2, cy + h / 4}, {cx - w / 2, cy - h / 4}};
    auto c = hex_corners(slots[i]);
    for (int k = 0; k < 6; ++k) {
      EXPECT_NEAR(mm(c[k].x), want[k][0], 0.01) << "tile " << i << " corner " << k;
      EXPECT_NEAR(mm(c[k].y), want[k][1], 0.01) << "tile " << i << " corner " << k;
    }
  }
}

TEST(Hex, NeighboursShareEdgesExactly) {
  auto s = grid_slots(hex_stock("hex-tile-letter"));
  // Same row: tile 0's right edge is tile 1's left edge.
  auto a = hex_corners(s[0]), b = hex_corners(s[1]);
  EXPECT_TRUE(same_point(a[1], b[5]));
  EXPECT_TRUE(same_point(a[2], b[4]));
  // Offset row: tile 0's lower-right edge is tile 3's upper-left edge.
  auto c = hex_corners(s[3]);
  EXPECT_TRUE(same_point(a[2], c[0]));
  EXPECT_TRUE(same_point(a[3], c[5]));
  // And tile 3's upper-right edge is tile 1's lower-left edge.
  EXPECT_TRUE(same_point(b[3], c[1]));
  EXPECT_TRUE(same_point(b[4], c[0]));
}

TEST(Hex, EveryEdgeIsCutOnceAndTilesStayOnThePage) {
  for (const char* id : {"hex-tile-letter", "hex-tile-a4"}) {
    const Stock& st = hex_stock(id);
    SheetLayout l = layout_sheets(st, 30, false);
    ASSERT_EQ(l.pages.size(), 3u) << id;
    const Page& p = l.pages[0];
    // 10 tiles x 6 edges, less 18 shared (6 within rows, 12 between rows).
    EXPECT_EQ(p.cuts.size(), 42u) << id;
    for (const auto& pl : p.placements) {
      EXPECT_EQ(pl.rotation, 0);
      for (const Point& q : hex_corners(pl.trim)) {
        EXPECT_GE(q.x, 0.25 * 72) << id;  // a quarter inch of printer margin at least
        EXPECT_LE(q.x, l.width - 0.25 * 72) << id;
        EXPECT_GE(q.y, 0.25 * 72) << id;
        EXPECT_LE(q.y, l.height - 0.25 * 72) << id;
      }
    }
    // Every cut is an edge of some tile on the page.
    for (const auto& c : p.cuts) {
      bool found = false;
      for (const auto& pl : p.placements) {
        auto k = hex_corners(pl.trim);
        for (int i = 0; i < 6; ++i) {
          const Point& u = k[i];
          const Point& v = k[(i + 1) % 6];
          found = found || (same_point(u, {c.x1, c.y1}) && same_point(v, {c.x2, c.y2})) ||
                  (same_point(v, {c.x1, c.y1}) && same_point(u, {c.x2, c.y2}));
        }
      }
      EXPECT_TRUE(found);
    }
  }
}

TEST(Hex, RoundPiecesGetOneCircleEach) {
  const Stock& st = hex_stock("disc-1in-letter");
  SheetLayout l = layout_sheets(st, 30, false);
  ASSERT_EQ(l.pages.size(), 1u);
  const Page& p = l.pages[0];
  EXPECT_TRUE(p.cuts.empty());
  ASSERT_EQ(p.circles.size(), 30u);
  for (size_t i = 0; i < p.circles.size(); ++i) {
    const Rect& t = p.placements[i].trim;
    EXPECT_NEAR(p.circles[i].cx, t.x + t.w / 2, 1e-9);
    EXPECT_NEAR(p.circles[i].cy, t.y + t.h / 2, 1e-9);
    EXPECT_NEAR(mm(p.circles[i].r), 12.7, 0.01);
  }
}

TEST(Hex, SquashedHexAndHoneycombOfRectanglesAreRefused) {
  Diagnostics d;
  auto s = parse_stock("id: x\npaper: letter\ncard: poker\npacking: honeycomb\ngrid: {columns: 2, rows: 2}\n",
                       "x.yaml", testing::shipped_templates(), d);
  EXPECT_FALSE(s);
  EXPECT_EQ(d.str(), "x.yaml:4:10: error: honeycomb packing needs hex pieces, but 'poker' is not a hex\n");
}

}  // namespace cardstock

namespace cardstock {

TEST(Hex, SpacedPackingOutlinesEveryTileOnItsOwn) {
  Diagnostics d;
  auto s = parse_stock("id: spaced\npaper: letter\ncard: hex-tile\npacking: grid\ngrid: {columns: 3, rows: 3}\n"
                       "gutter: 0.125in\ncut: lines\n",
                       "spaced.yaml", testing::shipped_templates(), d);
  ASSERT_TRUE(s) << d.str();
  SheetLayout l = layout_sheets(*s, 9, false);
  ASSERT_EQ(l.pages.size(), 1u);
  EXPECT_EQ(l.pages[0].cuts.size(), 9u * 6);  // no shared edges
  const auto a = hex_corners(l.pages[0].placements[0].trim);
  const auto b = hex_corners(l.pages[0].placements[1].trim);
  EXPECT_NEAR(mm(b[5].x - a[1].x), 3.175, 0.01);  // the gutter between neighbours
}

}  // namespace cardstock

namespace cardstock {

namespace {

// A measurer that knows no fonts but reports what a font set would: Arabic letters are
// drawn by "DejaVu Sans", CJK by nothing, and "Noto Sans Hebrew" has no italic face.
class FontsFake : public FixedMeasurer {
 public:
  std::vector<FontIssue> font_issues(const std::string& text, const TextStyle& st, double) const override {
    std::vector<FontIssue> out;
    if (text.find("\xd9\x85") != std::string::npos) {  // U+0645 ARABIC LETTER MEEM
      FontIssue f;
      f.family = st.font;
      f.used = "DejaVu Sans";
      f.script = "arabic";
      f.chars = {U'\u0645'};
      f.suggest = {"Noto Sans Arabic"};
      out.push_back(f);
    }
    if (text.find("\xe6\xbc\xa2") != std::string::npos) {  // U+6F22
      FontIssue f;
      f.kind = FontIssue::Kind::Missing;
      f.family = st.font;
      f.chars = {U'\u6F22'};
      out.push_back(f);
    }
    if (st.font == "Noto Sans Hebrew" && (st.italic || text.find("<i>") != std::string::npos)) {
      FontIssue f;
      f.kind = FontIssue::Kind::NoFace;
      f.family = st.font;
      f.italic = true;
      out.push_back(f);
    }
    return out;
  }
};

std::string font_diagnostics(const std::string& yaml) {
  Diagnostics d;
  auto g = parse_game(yaml, "t.yaml", ".", testing::shipped_templates(), d);
  if (!g || d.has_errors()) return "load: " + d.str();
  FontsFake m;
  for (const auto& deck : g->decks)
    for (const auto& card : deck.cards) resolve_card(*g, deck, card, g->designs.at(deck.face), m, d);
  return d.str();
}

}  // namespace

// Where a font problem is reported: at the card field the characters came from (the
// layer named in the advice), else at the layer's text, once however many cards show
// it; a missing face at the key that asked for it.
TEST(Layout, FontIssuesAreReportedWhereTheTextCameFrom) {
  const std::string y = R"(game: t
title: T
designs:
  face:
    layers:
      - {type: text, text: "{name} \u6F22", w: 50mm, h: 20mm}
      - {type: text, text: "{word}", font: Noto Sans Hebrew, style: italic, w: 50mm, h: 20mm}
      - {type: text, text: "<i>{word}</i>", markup: true, font: Noto Sans Hebrew, w: 50mm, h: 20mm}
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards:
      - {id: a, name: "سلام", word: "שלום"}
      - {id: b, name: "Beta", word: "אחד"}
)";
  EXPECT_EQ(font_diagnostics(y),
            "t.yaml:14:23: warning: 'سلام' has Arabic characters (U+0645 'م') that Noto Sans does not have: they "
            "are drawn in DejaVu Sans instead (use font: Noto Sans Arabic for the layer at t.yaml:6:9)\n"
            "t.yaml:6:28: error: '{name} 漢' has characters that no font of the set has (U+6F22 '漢'): they "
            "would be drawn as empty boxes (remove them, or add a font that has them to templates/fonts.yaml)\n"
            "t.yaml:7:69: warning: Noto Sans Hebrew has no italic face: '{word}' is drawn upright (use a family "
            "that has one, or style: normal)\n"
            "t.yaml:8:28: warning: Noto Sans Hebrew has no italic face: '<i>{word}</i>' is drawn upright (use a "
            "family that has one, or drop the <i>)\n");
}

TEST(Layout, FontIssueMessages) {
  FontIssue f;
  f.kind = FontIssue::Kind::Fallback;
  f.family = "Noto Sans Hebrew";
  f.used = "DejaVu Sans";
  f.script = "common";
  f.chars = {U'\u2605', U'1'};
  EXPECT_EQ(font_issue_message(f, "★ 1", "fix"),
            "'★ 1' has characters (U+2605 '★', U+0031 '1') that Noto Sans Hebrew does not have: they are "
            "drawn in DejaVu Sans instead (fix)");
  f.script = "old-italic";
  f.chars = {U'\U00010300'};
  EXPECT_EQ(font_issue_message(f, std::string(50, 'x'), "fix"),
            "'" + std::string(37, 'x') + "...' has Old italic characters (U+10300 '\xf0\x90\x8c\x80') that Noto Sans "
            "Hebrew does not have: they are drawn in DejaVu Sans instead (fix)");
  f = FontIssue{};
  f.kind = FontIssue::Kind::NoFace;
  f.family = "X";
  f.bold = f.italic = true;
  EXPECT_EQ(font_issue_message(f, "t", "fix"), "X has no bold italic face: 't' is drawn upright in its regular weight (fix)");
  f.italic = false;
  EXPECT_EQ(font_issue_message(f, "t", "fix"), "X has no bold face: 't' is drawn in its regular weight (fix)");
  EXPECT_EQ(or_list({"A", "B", "C"}), "A, B or C");
}

}  // namespace cardstock
