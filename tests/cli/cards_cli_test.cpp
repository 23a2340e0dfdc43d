// `cardstock cards` (the card sizes, shipped and a game's own) and a `grid: auto` stock
// through the real program: the grid it chose in `cardstock stocks` and the manifest.
#include <gtest/gtest.h>

#include <fstream>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

TEST(CardsCli, ListsEveryShippedCardSizeWithItsMeasures) {
  const testing::Run r = testing::run_cardstock({"cards"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // tarot, mini-euro and bridge among them: no stock names them, and nothing listed them.
  EXPECT_EQ(r.out,
            "CARD              SIZE                BLEED      SAFE       RADIUS     SHAPE\n"
            "poker             63.5 x 88.9 mm      3.175 mm   3.175 mm   3.175 mm   rect\n"
            "bridge            57.15 x 88.9 mm     3.175 mm   3.175 mm   3.175 mm   rect\n"
            "mpc-poker         62.992 x 87.884 mm  3.048 mm   3 mm       0 mm       rect\n"
            "mini-euro         44 x 68 mm          3 mm       3 mm       3 mm       rect\n"
            "tarot             69.85 x 120.65 mm   3.175 mm   3.175 mm   3.175 mm   rect\n"
            "tablet            88.9 x 127 mm       3.175 mm   4.7625 mm  3.175 mm   rect\n"
            "hex-tile          63.7914 x 73.66 mm  0 mm       7.62 mm    0 mm       hex\n"
            "disc-1in          25.4 x 25.4 mm      1.5875 mm  2.032 mm   0 mm       circle\n"
            "token-round       19.05 x 19.05 mm    1.5875 mm  1.524 mm   0 mm       circle\n"
            "token-square      19.05 x 19.05 mm    1.5875 mm  1.524 mm   1.524 mm   rect\n"
            "standee           38.1 x 139.7 mm     1.5875 mm  2.54 mm    0 mm       rect\n"
            "business-card     88.9 x 50.8 mm      3.175 mm   3.175 mm   0 mm       rect\n"
            "business-card-eu  85 x 54 mm          3 mm       3 mm       0 mm       rect\n");
}

namespace {

// `cardstock COMMAND g.yaml` for a one-deck game whose file starts with `own` (its own
// card sizes or stocks) and whose deck has the keys `deck`.
testing::Run listed(const std::string& command, const std::string& own, const std::string& deck) {
  const fs::path dir = testing::fresh_dir("cards-cli-" + command);
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\n" << own
                                << "designs:\n  face:\n    layers: [{type: text, text: x}]\n"
                                   "decks:\n  - {id: d, face: face, "
                                << deck << ", cards: [{id: a}]}\n";
  testing::Run r = testing::run_cardstock({command, (dir / "g.yaml").string()});
  fs::remove_all(dir);
  return r;
}

}  // namespace

TEST(CardsCli, WithAGameFileListsItsOwnCardSizesToo) {
  const testing::Run r = listed("cards", "card_sizes:\n  - {id: square, width: 70mm, height: 70mm, bleed: 2mm, safe: 4mm}\n"
                                         "stocks:\n  - {id: sq, paper: a4, card: square, grid: auto}\n",
                                "card: square, stocks: [sq]");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\nsquare            70 x 70 mm          2 mm       4 mm       0 mm       rect\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\ntarot "), std::string::npos) << r.out;
}

// A game's own stock with grid: auto: Letter holds 2 x 3 poker cards turned, within the
// margin and the crop marks' room; `stocks` says so.
TEST(CardsCli, GridAutoShowsTheGridItChose) {
  const testing::Run r = listed("stocks", "stocks:\n  - {id: poker-auto, paper: letter, card: poker, grid: auto}\n",
                                "stocks: [poker-auto]");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\npoker-auto                  letter         poker             cardstock  2x3 r90  6     "),
            std::string::npos)
      << r.out;
}

// One stock for Letter and A4 (`paper: [letter, a4]`): one stock a paper, named
// <id>-<paper> and both named by the id, each with its own grid: auto; the deck prints on
// the paper --paper asks for, and the manifest says the grid chosen (issue 31 §2).
TEST(CardsCli, AStockOfSeveralPapersIsOneSheetAPaperWithItsGridInTheManifest) {
  const fs::path dir = testing::fresh_dir("cards-cli-papers");
  // g.yaml: the stock `mine` on `papers` (with `more` keys), a deck of two cards on `stocks`.
  auto write_game = [&dir](const std::string& papers, const std::string& more, const std::string& stocks) {
    std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\nstocks:\n  - {id: mine, paper: [" << papers
                                  << "], card: poker, grid: auto" << more
                                  << "}\ndesigns:\n  face:\n    layers: [{type: text, text: x}]\n"
                                     "decks:\n  - {id: d, face: face, stocks: ["
                                  << stocks << "], cards: [{id: a}, {id: b}]}\n";
  };
  write_game("letter, a4", ", gutter: 2mm", "mine");
  testing::Run r = testing::run_cardstock({"build", "g.yaml", "--paper", "all"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "built out/g/: 2 PDFs, 2 pages, manifest.json\n");
  const std::string m = testing::slurp(dir / "out/g/manifest.json");
  EXPECT_NE(m.find("\"file\": \"d-mine-letter.pdf\""), std::string::npos) << m;
  EXPECT_NE(m.find("\"grid\": {\"auto\": true, \"columns\": 2, \"rows\": 3, \"rotate\": 90}"), std::string::npos) << m;
  EXPECT_NE(m.find("\"file\": \"d-mine-a4.pdf\""), std::string::npos) << m;
  EXPECT_NE(m.find("\"grid\": {\"auto\": true, \"columns\": 2, \"rows\": 2, \"rotate\": 0}"), std::string::npos) << m;
  // --paper letter: that paper alone; --stock naming the family with --paper a4.
  r = testing::run_cardstock({"build", "g.yaml", "-o", "o2", "--paper", "letter"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "o2/g/d-mine-letter.pdf"));
  EXPECT_FALSE(fs::exists(dir / "o2/g/d-mine-a4.pdf"));
  r = testing::run_cardstock({"build", "g.yaml", "-o", "o3", "--stock", "mine", "--paper", "a4"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "o3/g/d-mine-a4.pdf"));
  r = testing::run_cardstock({"stocks", "g.yaml"}, dir.string());
  EXPECT_NE(r.out.find("\nmine-letter                 letter         poker             cardstock  2x3 r90  6"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nmine-a4                     a4             poker             cardstock  2x2      4"),
            std::string::npos) << r.out;
  // A misspelt family is suggested; a paper listed twice is an error at it.
  write_game("letter, a4", "", "mien");
  r = testing::run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unknown stock 'mien' (did you mean 'mine'?)"), std::string::npos) << r.err;
  write_game("letter, letter", "", "mine");
  r = testing::run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("g.yaml:4:32: error: paper 'letter' is listed twice in this stock\n"
                       "g.yaml:4:24: note: 'letter' is first listed here\n"),
            std::string::npos)
      << r.err;
  fs::remove_all(dir);
}

}  // namespace cardstock
