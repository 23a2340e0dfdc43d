// Templates layers through the real program: --templates before or after the command, a
// game's own font drawn from its own folder, and the shipped templates not found.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-font.h>

#include <fstream>
#include <memory>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST(TemplatesCli, LayersMayBeNamedBeforeOrAfterTheCommand) {
  const fs::path dir = testing::fresh_dir("templates-cli");
  write(dir / "layer" / "stocks" / "one.yaml", "id: poker-one\npaper: letter\ncard: poker\ngrid: {columns: 1, rows: 1}\n");
  write(dir / "g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
                        "decks:\n  - {id: d, face: face, stocks: [poker-one], cards: [{t: hi}]}\n");
  const std::string layer = (dir / "layer").string(), game = (dir / "g.yaml").string();
  testing::Run before = testing::run_cardstock({"--templates", layer, "check", game});
  EXPECT_EQ(before.status, 0) << before.err;
  testing::Run after = testing::run_cardstock({"build", game, "--templates", layer, "-o", (dir / "out").string()});
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_TRUE(fs::exists(dir / "out" / "g" / "d-poker-one.pdf"));
  // Without the layer the stock is unknown, and the message lists what there is.
  testing::Run without = testing::run_cardstock({"check", game});
  EXPECT_EQ(without.status, 1);
  EXPECT_NE(without.err.find(":7:34: error: unknown stock 'poker-one' (did you mean 'poker-a4'?); available: "), std::string::npos) << without.err;
  // `stocks` lists the layer's stocks, and with a game file that game's own.
  testing::Run stocks = testing::run_cardstock({"stocks", "--templates", layer});
  EXPECT_NE(stocks.out.find("\npoker-one "), std::string::npos) << stocks.out;
}

// --stock takes a stock the game defines, in its file or in its templates folders, as
// `cardstock stocks FILE` lists them; a misspelt one gets a did-you-mean among them.
TEST(TemplatesCli, StockOptionTakesTheGamesOwnStocks) {
  const fs::path dir = testing::fresh_dir("templates-own-stock");
  write(dir / "mine" / "stocks" / "two.yaml", "id: poker-two\npaper: letter\ncard: poker\ngrid: {columns: 2, rows: 1}\n");
  write(dir / "g.yaml", "game: g\ntitle: G\ntemplates: [mine]\n"
                        "stocks:\n  - {id: poker-one, paper: letter, card: poker, grid: {columns: 1, rows: 1}}\n"
                        "designs:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
                        "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{t: hi}]}\n");
  const std::string game = (dir / "g.yaml").string(), out = (dir / "out").string();
  for (const std::string stock : {"poker-one", "poker-two"}) {
    const testing::Run r = testing::run_cardstock({"build", game, "--stock", stock, "-o", out});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(fs::exists(dir / "out" / "g" / ("d-" + stock + ".pdf"))) << stock;
    const testing::Run listed = testing::run_cardstock({"stocks", game});
    EXPECT_NE(listed.out.find("\n" + stock + " "), std::string::npos) << listed.out;
  }
  const testing::Run typo = testing::run_cardstock({"build", game, "--stock", "poker-tow", "-o", out});
  EXPECT_EQ(typo.status, 2);
  EXPECT_EQ(typo.err, "cardstock: error: --stock: unknown stock 'poker-tow' (did you mean 'poker-two'?) (cardstock "
                      "stocks lists them; cardstock stocks FILE adds the game's own)\n");
}

// A game's own tarot replaces the shipped one with a note on every build; -q leaves the
// note out (errors and warnings stay), and `replaces: tarot` says it is meant.
TEST(TemplatesCli, QuietLeavesNoticesOutAndReplacesSilencesThem) {
  const fs::path dir = testing::fresh_dir("templates-quiet-note");
  const std::string game = (dir / "g.yaml").string(), out = (dir / "out").string();
  auto write_game = [&](const std::string& replaces) {
    write(dir / "g.yaml", "game: g\ntitle: G\ncard_sizes:\n  - {id: tarot, " + replaces +
                              "width: 70mm, height: 120mm}\nstocks:\n  - {id: t1, paper: a4, card: tarot, grid: "
                              "{columns: 1, rows: 1}}\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
                              "decks:\n  - {id: d, face: face, card: tarot, stocks: [t1], cards: [{t: hi}]}\n");
  };
  write_game("");
  const testing::Run loud = testing::run_cardstock({"build", game, "-o", out, "--force"});
  EXPECT_EQ(loud.status, 0) << loud.err;
  EXPECT_NE(loud.err.find(game + ":4:5: note: card size 'tarot' replaces the one defined at "), std::string::npos)
      << loud.err;
  const testing::Run quiet = testing::run_cardstock({"build", game, "-o", out, "--force", "-q"});
  EXPECT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(quiet.out, "");
  write_game("replaces: tarot, ");
  const testing::Run meant = testing::run_cardstock({"build", game, "-o", out, "--force"});
  EXPECT_EQ(meant.status, 0) << meant.err;
  EXPECT_EQ(meant.err, "");
}

TEST(TemplatesCli, AGamesOwnFontIsLoadedFromItsFolderAndEmbedded) {
  const fs::path dir = testing::fresh_dir("templates-font");
  fs::create_directories(dir / "fonts");
  fs::copy_file("/usr/share/fonts/truetype/noto/NotoSansDisplay-Regular.ttf", dir / "fonts" / "display.ttf");
  write(dir / "g.yaml", "game: g\ntitle: G\nfonts:\n  - {family: Noto Sans Display, files: [fonts/display.ttf]}\n"
                        "designs:\n  face:\n    layers: [{type: text, text: \"{t}\", font: Noto Sans Display}]\n"
                        "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{t: Shalom}]}\n");
  const std::string out = (dir / "out").string();
  testing::Run r = testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", out});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(out + "/g/d-poker-3x3-letter.pdf"));
  ASSERT_TRUE(doc);
  std::string names;
  for (const auto& f : doc->fonts()) names += f.name() + " ";
  EXPECT_NE(names.find("NotoSansDisplay"), std::string::npos) << names;
  // The font file is an input: the manifest lists it.
  EXPECT_NE(testing::slurp(out + "/g/manifest.json").find("fonts/display.ttf"), std::string::npos);
}

TEST(TemplatesCli, ShippedTemplatesNotFoundSaysWhereItLooked) {
  BuildOptions opt;
  opt.templates_dir = "";
  std::vector<std::string> looked;
  EXPECT_EQ(find_shipped_templates("/nowhere/bin/cardstock", "/nowhere/share/cardstock/templates", &looked), "");
  EXPECT_EQ(looked, (std::vector<std::string>{"/nowhere/share/cardstock/templates", "/nowhere/bin/templates",
                                              "/nowhere/templates", "/templates",
                                              "/nowhere/share/cardstock/templates"}));
  opt.templates_looked = looked;
  std::ostringstream out, err;
  EXPECT_EQ(check_files({testing::source_dir() + "/content/echad.yaml"}, opt, out, err), 1);
  EXPECT_EQ(err.str(),
            "cardstock: error: the shipped templates folder was not found (looked in /nowhere/share/cardstock/templates, "
            "/nowhere/bin/templates, /nowhere/templates, /templates, /nowhere/share/cardstock/templates); install "
            "cardstock with "
            "`cmake --install` or its .deb package, or run it from its build folder\n");
  // From its build folder, wherever that is (cmake -B /elsewhere), the program finds its
  // source tree's templates; a copy of it in another folder does not.
  const BuildTree tree{std::filesystem::path(CARDSTOCK_BINARY).parent_path().string(), testing::source_dir()};
  looked.clear();
  EXPECT_EQ(find_shipped_templates(CARDSTOCK_BINARY, "", &looked, tree), testing::source_dir() + "/templates");
  looked.clear();
  EXPECT_EQ(find_shipped_templates("/nowhere/bin/cardstock", "", &looked, tree), "");
}

}  // namespace cardstock
