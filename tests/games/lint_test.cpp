// The lint for what is printed (plan/lint.h), through the real program: markup left
// unexpanded fails `check` and `build` at its source; small type is a warning, an error
// under --strict, and a design or stock may set its own floor.
#include <gtest/gtest.h>

#include "output_util.h"
#include "plan/lint.h"

namespace cardstock::testing {
namespace {

namespace fs = std::filesystem;

fs::path game_dir(const std::string& name, const std::string& game, const std::string& rules = "") {
  const fs::path dir = fresh_dir(name);
  fs::create_directories(dir / "icons");
  std::ofstream(dir / "icons/coin.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
                                           "<rect width=\"10\" height=\"10\" fill=\"#ff0000\"/></svg>\n";
  std::ofstream(dir / "g.yaml") << game;
  if (!rules.empty()) std::ofstream(dir / "r.md") << rules;
  return dir;
}

const char* const kHead = R"(game: g
title: Coins
icons: {coin: icons/coin.svg}
designs:
  face:
    layers: [{type: text, text: "{name}", size: 12pt}]
)";

TEST(PrintedText, AnIconCodeInAHandWrittenBookletTableFailsAtTheTablesLine) {
  const fs::path dir = game_dir("lint-table", std::string(kHead) + R"(decks:
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, name: Alpha}]}
booklet: {source: r.md}
)",
                                "# Costs\n\nPrices, as the cards show them:\n\n| Thing | Price |\n| --- | --- |\n"
                                "| Camel | 3 :coin: |\n");
  const cardstock::testing::Run c = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(c.status, 1);
  EXPECT_EQ(c.err,
            "r.md:5:1: error: printed text shows the icon code ':coin:' unexpanded on 4 outputs (the first "
            "'rules-half-letter.pdf')\ng.yaml: 1 error(s), 0 warning(s); check failed\n");
  const cardstock::testing::Run b = run_cardstock({"build", "-q", "-o", "out", "g.yaml"}, dir.string());
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.err.find("r.md:5:1: error: printed text shows the icon code ':coin:' unexpanded"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "out/g"));
}

TEST(PrintedText, MarkupIsReportedWhereItWasWrittenTheCardOrTheLayer) {
  const fs::path dir = game_dir("lint-where", std::string(kHead) + R"(  bold:
    layers: [{type: text, text: "**{name}**", size: 12pt}]
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards:
      - {id: a, name: Alpha}
      - {id: b, name: "Beta {gamma}"}
  - id: e
    face: bold
    stocks: [poker-3x3-letter]
    cards: [{id: x, name: Ex}, {id: y, name: Why}]
)");
  const cardstock::testing::Run c = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(c.status, 1);
  EXPECT_EQ(c.err,
            "g.yaml:15:9: error: printed text shows the field reference '{gamma}' unexpanded on card 'b'\n"
            "g.yaml:8:33: error: printed text shows the Markdown emphasis '**Ex**' unexpanded on 2 cards (the "
            "first card 'x')\n"
            "g.yaml: 2 error(s), 0 warning(s); check failed\n");
}

TEST(PrintedText, SmallTypeIsAWarningStrictMakesItAnErrorAndADesignOrStockSetsItsOwnFloor) {
  const std::string small = R"(game: g
title: Small
designs:
  face:
    layers: [{type: text, text: "{name}", size: 6pt}]
decks:
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, name: Alpha}, {id: b, name: Beta}]}
)";
  const fs::path dir = game_dir("lint-small", small);
  const std::string warning =
      "g.yaml:5:33: warning: text set at 6 pt, below the legible 7 pt: raise its size or min_size (or give the "
      "design a legible_size) on 2 cards (the first card 'a')\n";
  const cardstock::testing::Run c = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(c.status, 0);
  EXPECT_EQ(c.err, warning);
  const cardstock::testing::Run s = run_cardstock({"check", "--strict", "g.yaml"}, dir.string());
  EXPECT_EQ(s.status, 1);
  EXPECT_NE(s.err.find("g.yaml:5:33: error: text set at 6 pt, below the legible 7 pt"), std::string::npos) << s.err;

  // The design says 6 pt is meant.
  std::string own = small;
  own.replace(own.find("  face:\n"), 8, "  face:\n    legible_size: 6pt\n");
  std::ofstream(dir / "g.yaml") << own;
  const cardstock::testing::Run d = run_cardstock({"check", "--strict", "g.yaml"}, dir.string());
  EXPECT_EQ(d.status, 0) << d.err;
  EXPECT_EQ(d.err, "");

  // A stock of small pieces says so for every deck printed on it.
  std::string stock = small;
  stock.replace(stock.find("designs:"), 8,
                "stocks:\n  - {id: tiny, paper: letter, card: poker, grid: {columns: 3, rows: 3}, legible_size: 5pt}\n"
                "designs:");
  stock.replace(stock.find("[poker-3x3-letter]"), 18, "[tiny]");
  std::ofstream(dir / "g.yaml") << stock;
  const cardstock::testing::Run t = run_cardstock({"check", "--strict", "g.yaml"}, dir.string());
  EXPECT_EQ(t.status, 0) << t.err;
}

TEST(PrintedText, OnlyTheGamesIconNamesCountAsIconCodes) {
  Game g;
  g.icons["hay"] = Icon{"hay", "hay.svg", "hay.svg", {}};
  std::string token;
  EXPECT_EQ(unexpanded_markup("1 :hay: Hay", g, &token), "the icon code ':hay:'");
  EXPECT_EQ(token, ":hay:");
  EXPECT_EQ(unexpanded_markup("at 10:30:00, see: note: here", g), "");
  EXPECT_EQ(unexpanded_markup("ratio 3:hay", g), "");
  EXPECT_EQ(unexpanded_markup("Hello {name}!", g, &token), "the field reference '{name}'");
  EXPECT_EQ(token, "{name}");
  EXPECT_EQ(unexpanded_markup("a { b } c", g), "");
  EXPECT_EQ(unexpanded_markup("x <icon name='hay'/>", g), "an <icon> tag");
  EXPECT_EQ(unexpanded_markup("a **bold** b", g), "the Markdown emphasis '**bold**'");
  EXPECT_EQ(unexpanded_markup("2 * 3 * 4", g), "");
  EXPECT_EQ(unexpanded_markup("see [the rules](http://x.org)", g), "the Markdown link '[the rules](http://x.org)'");
  EXPECT_EQ(unexpanded_markup("snake_case_name and __init__", g), "the Markdown emphasis '__init__'");
}

TEST(PrintedText, TheShippedGamesPrintNoMarkupAndNoTypeBelowSevenPoints) {
  const cardstock::testing::Run c = run_cardstock({"check", "--strict", "content/dayenu.yaml", "content/echad.yaml", "content/prophets.yaml",
                               "content/unity.yaml"},
                              source_dir());
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.err, "");
}

}  // namespace
}  // namespace cardstock::testing
