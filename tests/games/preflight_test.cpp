// Preflight through the binary: `check --stock tgc-poker` on a small game warns, at the
// design layer and the design in the game file, of text that leaves The Game Crafter's
// safe zone and of an edge the art does not bleed past; the game's own stocks (no
// preflight) say nothing; --strict makes the warnings errors.
#include <gtest/gtest.h>

#include <fstream>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// Line 7: a name 4 pt from the left edge (the safe zone is 9 pt in); the design fills a
// band at the top into the bleed, and nothing reaches the bottom edge.
const char* kGame =
    "game: shop\n"
    "title: Shop\n"
    "designs:\n"
    "  face:\n"
    "    layers:\n"
    "      - {type: rect, x: 0, y: 0, w: 100%, h: 20mm, fill: \"#203050\", bleed: true}\n"
    "      - {type: text, text: \"{word}\", x: 4pt, y: 30mm, w: 50mm, h: 10mm, size: 12pt}\n"
    "decks:\n"
    "  - id: cards\n"
    "    card: poker\n"
    "    stocks: [poker-3x3-letter]\n"
    "    face: face\n"
    "    cards:\n"
    "      - {id: shalom, word: Shalom}\n"
    "      - {id: todah, word: Todah}\n";

fs::path write_game() {
  const fs::path dir = testing::fresh_dir("preflight");
  std::ofstream(dir / "shop.yaml") << kGame;
  return dir / "shop.yaml";
}

}  // namespace

TEST(Preflight, CheckOnAShopStockWarnsOfTextOutsideTheSafeZoneAndArtShortOfTheBleed) {
  const fs::path game = write_game();
  const testing::Run run = testing::run_cardstock({"check", game.string(), "--stock", "tgc-poker"}, testing::source_dir());
  EXPECT_EQ(run.status, 0) << run.err;
  const std::string g = game.string();
  EXPECT_EQ(run.err,
            g + ":7:9: warning: deck 'cards' on stock 'tgc-poker': text 'Shalom' of card 'shalom' leaves the safe "
                "zone by 1.76 mm at the left (text must stay 3.175 mm inside the trim); so does it on 1 more card\n" +
                g + ":5:5: warning: deck 'cards' on stock 'tgc-poker': the face of card 'shalom' (design 'face') does "
                "not reach into the bleed at the bottom: the shop cuts inside the bleed, so a white sliver may show "
                "(give the design a background, or a rect or image with bleed: true); so does it on 1 more card\n");
  EXPECT_EQ(run.out, g + ": ok (1 deck, 2 cards, 1 output, 2 warning(s))\n");
}

// A picture over the whole card reaches the bleed only with `bleed: true` (image layers
// take it as rects do): without it, all four edges stop at the trim.
TEST(Preflight, AFullCardPictureReachesTheBleedWithBleedTrue) {
  const fs::path dir = testing::fresh_dir("preflight-image");
  std::ofstream(dir / "art.svg") << "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='14'>"
                                    "<rect width='10' height='14' fill='#336699'/></svg>";
  for (const bool bleed : {true, false}) {
    std::ofstream(dir / "pic.yaml")
        << "game: pic\ntitle: Pic\ndesigns:\n  face:\n    layers:\n"
           "      - {type: image, src: art.svg, fit: cover, x: 0, y: 0, w: 100%, h: 100%"
        << (bleed ? ", bleed: true" : "")
        << "}\ndecks:\n  - {id: cards, card: poker, stocks: [poker-3x3-letter], face: face, cards: [{id: a}]}\n";
    const testing::Run run =
        testing::run_cardstock({"check", (dir / "pic.yaml").string(), "--stock", "tgc-poker"}, testing::source_dir());
    EXPECT_EQ(run.status, 0) << run.err;
    if (bleed) {
      EXPECT_EQ(run.err, "");
    } else {
      EXPECT_EQ(run.err, (dir / "pic.yaml").string() +
                             ":5:5: warning: deck 'cards' on stock 'tgc-poker': the face of card 'a' (design 'face') "
                             "does not reach into the bleed at the top, right, bottom and left: the shop cuts inside "
                             "the bleed, so a white sliver may show (give the design a background, or a rect or "
                             "image with bleed: true)\n");
    }
  }
}

TEST(Preflight, HomeStocksAreNotPreflightedAndStrictMakesTheWarningsErrors) {
  const fs::path game = write_game();
  testing::Run run = testing::run_cardstock({"check", game.string()}, testing::source_dir());
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.err, "");
  run = testing::run_cardstock({"check", game.string(), "--stock", "tgc-poker", "--strict"}, testing::source_dir());
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find(game.string() + ":7:9: error: deck 'cards' on stock 'tgc-poker': text 'Shalom'"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find(game.string() + ":5:5: error: deck 'cards' on stock 'tgc-poker': the face of card"),
            std::string::npos)
      << run.err;
}

}  // namespace cardstock
