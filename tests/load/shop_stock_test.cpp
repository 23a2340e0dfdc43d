// Print-shop and digital-table stocks: the shipped ones load with the numbers their
// comments cite, and every bad value of the new keys is an error at its place that says
// what is allowed.
#include <gtest/gtest.h>

#include "load/load.h"
#include "test_util.h"

namespace cardstock {

namespace {

using testing::shipped_templates;

// The diagnostics of a stock file's text (and whether it loaded).
std::string stock_errors(const std::string& text, bool* loaded = nullptr,
                         const Templates& t = shipped_templates()) {
  Diagnostics d;
  const auto s = parse_stock(text, "s.yaml", t, d);
  if (loaded) *loaded = s.has_value();
  return d.str();
}

const Stock& shipped(const std::string& id) {
  const Stock* s = shipped_templates().find_stock(id);
  if (!s) throw std::runtime_error("no stock " + id);
  return *s;
}

}  // namespace

TEST(ShopStocks, ShippedStocksCarryTheShopsNumbers) {
  const Stock& tgc = shipped("tgc-poker");
  EXPECT_EQ(tgc.format, StockFormat::Png);
  EXPECT_EQ(tgc.dpi, 300);
  EXPECT_TRUE(tgc.card_pages());
  EXPECT_TRUE(tgc.preflight);
  // 2.75 x 3.75 in at 300 dpi = 825 x 1125 px; the safe zone 675 x 975 px.
  EXPECT_NEAR((tgc.card.width + tgc.card.bleed * 2).in_inches() * tgc.dpi, 825, 1e-9);
  EXPECT_NEAR((tgc.card.height + tgc.card.bleed * 2).in_inches() * tgc.dpi, 1125, 1e-9);
  EXPECT_NEAR((tgc.card.width - tgc.card.safe * 2).in_inches() * tgc.dpi, 675, 1e-9);
  EXPECT_NEAR((tgc.card.height - tgc.card.safe * 2).in_inches() * tgc.dpi, 975, 1e-9);

  const Stock& mpc = shipped("mpc-poker");
  EXPECT_EQ(mpc.format, StockFormat::Png);
  // MPC's template in inches: 2.48 x 3.46 in cut, 2.72 x 3.70 in = 816 x 1110 px with bleed.
  EXPECT_NEAR(mpc.card.width.in_inches(), 2.48, 1e-9);
  EXPECT_NEAR(mpc.card.height.in_inches(), 3.46, 1e-9);
  EXPECT_NEAR(mpc.card.bleed.in_inches(), 0.12, 1e-9);
  EXPECT_NEAR((mpc.card.width + mpc.card.bleed * 2).in_inches() * mpc.dpi, 816, 1e-9);
  EXPECT_NEAR((mpc.card.height + mpc.card.bleed * 2).in_inches() * mpc.dpi, 1110, 1e-9);
  EXPECT_TRUE(mpc.holds(*shipped_templates().find_card("poker")));
  EXPECT_FALSE(mpc.holds(*shipped_templates().find_card("tarot")));

  const Stock& dtc = shipped("dtc-poker");
  EXPECT_EQ(dtc.format, StockFormat::Pdf);
  EXPECT_TRUE(dtc.card_pages());
  EXPECT_EQ(dtc.order, PageOrder::BackFront);
  EXPECT_TRUE(dtc.cmyk);
  EXPECT_EQ(dtc.ink_limit, 240);
  EXPECT_NEAR((dtc.card.width + dtc.card.bleed * 2).in_inches(), 2.75, 1e-9);
  EXPECT_NEAR((dtc.card.height + dtc.card.bleed * 2).in_inches(), 3.75, 1e-9);

  const Stock& ppg = shipped("ppg-poker-18up");
  EXPECT_NEAR(ppg.paper.width.in_inches(), 12, 1e-9);
  EXPECT_NEAR(ppg.paper.height.in_inches(), 18, 1e-9);
  EXPECT_EQ(ppg.columns * ppg.rows, 18);
  EXPECT_EQ(ppg.cut, CutStyle::None);

  const Stock& tts = shipped("tts");
  EXPECT_EQ(tts.format, StockFormat::Tts);
  EXPECT_EQ(tts.columns, 10);
  EXPECT_EQ(tts.rows, 7);
  for (const char* id : {"tgc-poker", "mpc-poker", "dtc-poker", "ppg-poker-18up", "tts"})
    EXPECT_FALSE(shipped(id).description.empty()) << id;
}

TEST(ShopStocks, BadValuesAreErrorsAtTheirPlace) {
  const std::string png = "id: s\ncard: poker\nformat: png\n";
  EXPECT_EQ(stock_errors(png + "dpi: 0\n"), "s.yaml:4:6: error: stock 's': dpi must be 1 to 1200, not 0\n");
  EXPECT_EQ(stock_errors(png + "dpi: 1000000000\n"),
            "s.yaml:4:6: error: stock 's': dpi must be 1 to 1200, not 1000000000\n");
  // An int cast would wrap this to 300; it is refused as written.
  EXPECT_EQ(stock_errors(png + "dpi: 4294967596\n"),
            "s.yaml:4:6: error: stock 's': dpi must be 1 to 1200, not 4294967596\n");
  EXPECT_EQ(stock_errors(png + "dpi: lots\n"), "s.yaml:4:6: error: 'dpi' must be a whole number, not 'lots'\n");
  // A 20 x 20 in game board at 600 dpi: 144 megapixels, 576 MB to draw.
  Templates t = shipped_templates();
  t.cards.push_back({"board", Length::inches(20), Length::inches(20), Length::inches(0), Length::inches(0.25),
                     {}, {}, {}});
  EXPECT_EQ(stock_errors("id: s\ncard: board\nformat: png\ndpi: 600\n", nullptr, t),
            "s.yaml:4:6: error: stock 's': one card image at 600 dpi would be 12000 x 12000 pixels; the limit is "
            "40 megapixels an image\n");
  EXPECT_EQ(stock_errors("id: s\ncard: board\nformat: png\ndpi: 300\n", nullptr, t), "");
  EXPECT_EQ(stock_errors(png + "paper: letter\n"),
            "s.yaml:4:8: error: stock 's': a png stock makes images, not sheets: it takes no paper\n");
  EXPECT_EQ(stock_errors(png + "grid: {columns: 2, rows: 2}\n"),
            "s.yaml:4:7: error: stock 's': a png stock makes one image a card face: it takes no grid\n");
  EXPECT_EQ(stock_errors(png + "cmyk: true\n"),
            "s.yaml:4:7: error: stock 's': cmyk converts PDFs; the images of a png stock stay RGB\n");
  EXPECT_EQ(stock_errors(png + "format2: png\n"),
            "s.yaml:4:1: error: unknown key 'format2' in stock (did you mean 'format'?)\n");
  EXPECT_EQ(stock_errors("id: s\ncard: poker\nformat: jpeg\n"),
            "s.yaml:3:9: error: 'format' must be 'pdf', 'png' or 'tts', not 'jpeg'\n");
  EXPECT_EQ(stock_errors("id: s\ncard: poker\norder: backwards\n"),
            "s.yaml:3:8: error: 'order' must be 'front-back' or 'back-front', not 'backwards'\n");
}

TEST(ShopStocks, SheetsAndCardPagesAndTtsGrids) {
  EXPECT_EQ(stock_errors("id: s\npaper: letter\ncard: poker\n"),
            "s.yaml:1:1: error: stock 's': a stock with a paper needs a grid (the columns and rows of cards on it)\n");
  EXPECT_EQ(stock_errors("id: s\ncard: poker\ngrid: {columns: 3, rows: 3}\n"),
            "s.yaml:3:7: error: stock 's': it has no paper, so each page is one card: it takes no grid\n");
  bool loaded = false;
  EXPECT_EQ(stock_errors("id: s\ncard: poker\n", &loaded), "");
  EXPECT_TRUE(loaded);  // one card a page
  const std::string tts = "id: s\ncard: poker\nformat: tts\n";
  EXPECT_EQ(stock_errors(tts),
            "s.yaml:1:1: error: stock 's': a tts stock needs a grid: the cells of a Tabletop Simulator deck sheet "
            "(at most 10 x 7)\n");
  EXPECT_EQ(stock_errors(tts + "grid: {columns: 11, rows: 7}\n"),
            "s.yaml:4:7: error: stock 's': a Tabletop Simulator deck sheet has at most 10 x 7 cells and at least 2 "
            "(the last one is the hidden-card image), not 11 x 7\n");
  EXPECT_EQ(stock_errors(tts + "grid: {columns: 1, rows: 1}\n"),
            "s.yaml:4:7: error: stock 's': a Tabletop Simulator deck sheet has at most 10 x 7 cells and at least 2 "
            "(the last one is the hidden-card image), not 1 x 1\n");
  // A count that would overflow an int is refused where it is read, before any product.
  EXPECT_EQ(stock_errors(tts + "grid: {columns: 4294967297, rows: 4294967297}\n"),
            "s.yaml:4:7: error: grid must have 1 to 100 columns and rows, not 4294967297 x 4294967297\n");
}

TEST(ShopStocks, InkLimitAndAcceptedCardSizes) {
  const std::string pdf = "id: s\ncard: poker\ncmyk: true\n";
  EXPECT_EQ(stock_errors(pdf + "ink_limit: 0\n"),
            "s.yaml:4:12: error: stock 's': ink_limit is a total ink percentage from 1 to 400 (four inks at 100 %), "
            "not 0\n");
  EXPECT_EQ(stock_errors(pdf + "ink_limit: 1e300\n"),
            "s.yaml:4:12: error: stock 's': ink_limit is a total ink percentage from 1 to 400 (four inks at 100 %), "
            "not " + format_number(1e300) + "\n");
  EXPECT_EQ(stock_errors(pdf + "ink_limit: 240\n"), "");
  // The nearest name, then every card size there is (issue 17: unknown names list them).
  const std::string pokr = stock_errors("id: s\ncard: mpc-poker\naccepts: [pokr]\n");
  EXPECT_EQ(pokr.rfind("s.yaml:3:11: error: unknown card size 'pokr' (did you mean 'poker'?); available: poker, ", 0), 0u)
      << pokr;
  // Mini-euro cards (44 x 68 mm) with their 3 mm bleed cannot cover a 2.72 x 3.70 in page.
  EXPECT_EQ(stock_errors("id: s\ncard: mpc-poker\naccepts: [poker, mini-euro]\n"),
            "s.yaml:3:18: error: stock 's' cannot take mini-euro cards: with their bleed they are 50 x 74 mm, "
            "smaller than its 69.088 x 93.98 mm page\n");
}

TEST(ShopStocks, ADeckMayUseAStockThatAcceptsItsCardSize) {
  const std::string game = R"(game: t
title: T
designs:
  f: {background: "#ffffff"}
decks:
  - id: d
    card: poker
    face: f
    stocks: [mpc-poker, tgc-poker, tts]
    cards: [{id: a}]
  - id: e
    card: tarot
    face: f
    stocks: [mpc-poker]
    cards: [{id: b}]
)";
  EXPECT_EQ(testing::diagnostics_of(game),
            "t.yaml:14:14: error: stock 'mpc-poker' holds mpc-poker cards (62.992 x 87.884 mm), but deck 'e' has tarot "
            "cards (69.85 x 120.65 mm)\n");
}

}  // namespace cardstock
