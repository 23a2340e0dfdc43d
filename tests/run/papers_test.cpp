// Papers are data (templates/papers.yaml): which papers --paper takes, which sheet a
// booklet folds into, and where one-page outputs go all come from it, for the shipped
// papers and for a game's own. Run through the real binary, as a user would.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "base/json.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {
namespace {

// A deck on the given stocks and a one-section booklet, in a fresh folder.
fs::path booklet_game(const std::string& name, const std::string& stocks, const std::string& extra = "") {
  const fs::path dir = testing::fresh_dir(name);
  std::ofstream(dir / "r.md") << "# Play\n\nTake turns until the deck runs out.\n";
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: Papers\n" << extra
                                << "designs:\n  face:\n    layers: [{type: text, text: \"{name}\"}]\n"
                                   "decks:\n  - id: d\n    face: face\n    stocks: ["
                                << stocks << "]\n    cards: [{id: a, name: Ace}, {id: b, name: Bee}]\nbooklet: {source: r.md}\n";
  return dir;
}

// Each PDF the manifest lists, with its page size in millimetres.
std::map<std::string, std::pair<double, double>> first_pages(const fs::path& manifest) {
  std::map<std::string, std::pair<double, double>> out;
  const Json m = Json::parse(testing::slurp(manifest));
  for (const auto& o : m["outputs"]) {
    const auto& size = o["page_size"];
    out[o["file"].get<std::string>()] = {size[0].get<double>() * 25.4 / 72, size[1].get<double>() * 25.4 / 72};
  }
  return out;
}

TEST(Papers, AnA3BuildFoldsItsBookletFromA3IntoA4Pages) {
  const fs::path dir = booklet_game("papers-a3", "poker-3x6-a3");
  const auto r = testing::run_cardstock({"build", "g.yaml", "-o", "out", "--paper", "a3", "-j", "1"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto pages = first_pages(dir / "out/g/manifest.json");
  ASSERT_TRUE(pages.count("rules-a4.pdf")) << r.out;
  ASSERT_TRUE(pages.count("rules-booklet-a3.pdf")) << r.out;
  EXPECT_NEAR(pages.at("rules-a4.pdf").first, 210, 0.01);
  EXPECT_NEAR(pages.at("rules-a4.pdf").second, 297, 0.01);
  // The imposed sheet is A3 turned: two A4 pages side by side.
  EXPECT_NEAR(pages.at("rules-booklet-a3.pdf").first, 420, 0.01);
  EXPECT_NEAR(pages.at("rules-booklet-a3.pdf").second, 297, 0.01);
  EXPECT_FALSE(fs::exists(dir / "out/g/rules-a5.pdf"));
  EXPECT_FALSE(fs::exists(dir / "out/g/rules-half-letter.pdf"));
}

// A game's own B5, with its own booklet pairing, works as A4 does: --paper takes it.
TEST(Papers, AGamesOwnPaperIsChosenByPaperAndFoldsItsOwnBooklet) {
  const fs::path dir = booklet_game(
      "papers-b5", "poker-b5",
      "papers:\n  - {id: b5, width: 176mm, height: 250mm, booklet_page: b6}\n"
      "  - {id: b6, width: 125mm, height: 176mm}\n"
      "stocks:\n  - {id: poker-b5, paper: b5, card: poker, grid: {columns: 2, rows: 2}, gutter: 0,\n"
      "     description: Four poker cards on B5}\n");
  const auto r = testing::run_cardstock({"build", "g.yaml", "-o", "out", "--paper", "b5", "-j", "1"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto pages = first_pages(dir / "out/g/manifest.json");
  ASSERT_TRUE(pages.count("d-poker-b5.pdf")) << r.out;
  ASSERT_TRUE(pages.count("rules-b6.pdf")) << r.out;
  ASSERT_TRUE(pages.count("rules-booklet-b5.pdf")) << r.out;
  EXPECT_NEAR(pages.at("d-poker-b5.pdf").first, 176, 0.01);
  EXPECT_NEAR(pages.at("rules-b6.pdf").first, 125, 0.01);
  EXPECT_NEAR(pages.at("rules-booklet-b5.pdf").first, 250, 0.01);
  // A paper no game and no template has is still a usage error, naming the game's too.
  const auto bad = testing::run_cardstock({"build", "g.yaml", "-o", "out", "--paper", "b6x"}, dir.string());
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("cardstock: error: --paper: unknown paper 'b6x' (did you mean 'b6'?); the papers are all, "
                         "letter, a4, legal, tabloid, a3, a5, half-letter, tabloid-extra, b5 or b6\n"),
            std::string::npos)
      << bad.err;
}

// A sheet papers.yaml pairs with no booklet page: the booklet is not made, and the
// build says so instead of leaving it out in silence.
TEST(Papers, APaperWithoutABookletPageSaysTheBookletIsNotMade) {
  const fs::path dir = booklet_game(
      "papers-legal", "poker-legal",
      "stocks:\n  - {id: poker-legal, paper: legal, card: poker, grid: {columns: 3, rows: 3}, gutter: 0,\n"
      "     description: Nine poker cards on Legal}\n");
  const auto r = testing::run_cardstock({"build", "g.yaml", "-o", "out", "--paper", "legal", "-j", "1"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("g.yaml:14:10: warning: no booklet on legal paper: its papers.yaml entry ("), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("templates/papers.yaml:8:5) gives no booklet_page"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(dir / "out/g/d-poker-legal.pdf"));
  EXPECT_FALSE(fs::exists(dir / "out/g/rules-booklet-legal.pdf"));
}

}  // namespace
}  // namespace cardstock
