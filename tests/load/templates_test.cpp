// Templates in layers: a game's own card sizes, stocks, papers and fonts (in its file or
// in folders beside it) and --templates folders, over the shipped templates; a name
// defined twice in one layer is an error, one replacing a lower layer's is a note.
#include <gtest/gtest.h>

#include <fstream>

#include "layout/layout.h"
#include "load/load.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const char* kGame = R"(game: t
title: T
designs:
  face:
    layers: [{type: text, text: "{word}"}]
)";

struct Loaded {
  std::optional<Game> game;
  std::string diags;  // the folder written as "D", the source tree as "S"
};

// Writes `files` and t.yaml (`yaml`) into a fresh folder and loads t.yaml over `t`.
Loaded load(const std::string& yaml, const std::vector<std::pair<std::string, std::string>>& files = {},
            const Templates& t = testing::shipped_templates()) {
  const fs::path dir = testing::fresh_dir("templates-layers");
  for (const auto& [name, bytes] : files) {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << bytes;
  }
  std::ofstream(dir / "t.yaml") << yaml;
  Diagnostics d;
  Loaded l;
  l.game = load_game((dir / "t.yaml").string(), t, d);
  l.diags = d.str();
  for (const auto& [from, to] : {std::pair{dir.string(), std::string("D")}, {testing::source_dir(), "S"}})
    for (size_t at = 0; (at = l.diags.find(from, at)) != std::string::npos;) l.diags.replace(at, from.size(), to);
  return l;
}

double mm(double pt) { return testing::mm(pt); }

}  // namespace

TEST(Templates, AGameDefinesItsOwnCardSizeStockAndPaper) {
  auto l = load(std::string(kGame) + R"(papers:
  - {id: square, width: 200mm, height: 200mm}
card_sizes:
  - {id: word-card, width: 70mm, height: 120mm, bleed: 2mm}
stocks:
  - {id: words-2x1, paper: a4, card: word-card, grid: {columns: 2, rows: 2}, description: Four word cards on A4}
  - {id: words-square, paper: square, card: word-card, grid: {columns: 2, rows: 1}}
decks:
  - {id: d, card: word-card, face: face, stocks: [words-2x1, words-square], cards: [{word: a}]}
)");
  ASSERT_EQ(l.diags, "");
  ASSERT_TRUE(l.game && l.game->templates);
  const Deck& deck = l.game->decks[0];
  EXPECT_EQ(deck.card.id, "word-card");
  ASSERT_EQ(deck.stocks.size(), 2u);
  // 2 x 2 cards of 70 x 120 mm centred on A4 (210 x 297 mm).
  const auto slots = grid_slots(deck.stocks[0]);
  ASSERT_EQ(slots.size(), 4u);
  EXPECT_NEAR(mm(slots[0].x), 35, 0.01);
  EXPECT_NEAR(mm(slots[0].y), 28.5, 0.01);
  EXPECT_NEAR(mm(slots[0].w), 70, 0.01);
  EXPECT_NEAR(mm(slots[3].x), 105, 0.01);
  EXPECT_NEAR(mm(slots[3].bottom()), 268.5, 0.01);
  EXPECT_NEAR(mm(deck.stocks[1].paper.width.pt), 200, 0.01);
  // The shipped templates are untouched: another game cannot see these.
  EXPECT_FALSE(testing::shipped_templates().find_stock("words-2x1"));
  EXPECT_TRUE(l.game->templates->find_stock("poker-3x3-letter"));
}

TEST(Templates, ReplacingAShippedNameIsANoteAndTwiceInOneLayerAnError) {
  const std::string stock = "{id: poker-3x3-letter, paper: letter, card: poker, grid: {columns: 2, rows: 2}}";
  auto l = load(std::string(kGame) + "stocks:\n  - " + stock +
                "\ndecks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{word: a}]}\n");
  EXPECT_EQ(l.diags,
            "D/t.yaml:7:5: note: stock 'poker-3x3-letter' replaces the one defined at "
            "S/templates/stocks/poker-3x3-letter.yaml:1:1 (say replaces: poker-3x3-letter to mean it and silence "
            "this)\n");
  EXPECT_EQ(l.game->decks[0].stocks[0].columns, 2);
  // An alias of a shipped stock is hidden, and says whose it was.
  auto a = load(std::string(kGame) + "stocks:\n  - {id: mine, aliases: [poker-letter], paper: letter, card: poker, "
                                     "grid: {columns: 1, rows: 1}}\ndecks:\n  - {id: d, face: face, stocks: "
                                     "[poker-letter], cards: [{word: a}]}\n");
  EXPECT_EQ(a.diags,
            "D/t.yaml:7:5: note: stock 'mine': the name 'poker-letter' now means this stock, not stock "
            "'poker-3x3-letter' (S/templates/stocks/poker-3x3-letter.yaml:1:1)\n");
  EXPECT_EQ(a.game->decks[0].stocks[0].id, "mine");
  // Twice in the game's own layer: an error at the second, a note at the first.
  auto twice = load(std::string(kGame) + "card_sizes:\n  - {id: c, width: 1in, height: 1in}\n"
                                         "  - {id: c, width: 2in, height: 2in}\n"
                                         "decks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_EQ(twice.diags,
            "D/t.yaml:8:5: error: card size 'c' is defined twice\n"
            "D/t.yaml:7:5: note: card size 'c' is first defined here\n");
}

// `replaces:` says a replacement is meant: no note. It must be the entry's own id, and
// name something below to replace (else a warning with the nearest id).
TEST(Templates, ReplacesSaysAReplacementIsMeant) {
  auto meant = load(std::string(kGame) + "card_sizes:\n  - {id: tarot, replaces: tarot, width: 70mm, height: 120mm}\n"
                                         "decks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_EQ(meant.diags, "");
  auto other = load(std::string(kGame) + "card_sizes:\n  - {id: tarot, replaces: taro, width: 70mm, height: 120mm}\n"
                                         "decks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_EQ(other.diags, "D/t.yaml:7:5: warning: card size 'tarot': replaces: 'taro' must be its own id, 'tarot' (a "
                         "definition replaces the one with the same id)\n"
                         "D/t.yaml:7:5: note: card size 'tarot' replaces the one defined at S/templates/cards.yaml:9:5 "
                         "(say replaces: tarot to mean it and silence this)\n");
  auto nothing = load(std::string(kGame) + "papers:\n  - {id: leter, replaces: leter, width: 8in, height: 10in}\n"
                                           "decks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_EQ(nothing.diags, "D/t.yaml:7:5: warning: paper 'leter' says replaces: leter, but no paper below it has that "
                           "id (did you mean 'letter'?)\n");
}

TEST(Templates, AGamesOwnPokerIsNotTheShippedStocksPoker) {
  auto l = load(std::string(kGame) + "card_sizes:\n  - {id: poker, width: 70mm, height: 120mm}\n"
                                     "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{word: a}]}\n");
  EXPECT_EQ(l.diags,
            "D/t.yaml:7:5: note: card size 'poker' replaces the one defined at S/templates/cards.yaml:4:5 (say "
            "replaces: poker to mean it and silence this)\n"
            "D/t.yaml:9:34: error: stock 'poker-3x3-letter' holds poker cards as S/templates/cards.yaml:4:5 defines "
            "them (63.5 x 88.9 mm), but deck 'd' has poker cards of D/t.yaml:7:5 (70 x 120 mm): define a stock for "
            "them\n");
}

TEST(Templates, FoldersBesideTheGameAreLayersInOrder) {
  const std::string stock = "paper: letter\ncard: tall\ngrid: {columns: 1, rows: 1}\n";
  auto l = load(std::string(kGame) + "templates: [a, b]\n"
                                     "decks:\n  - {id: d, card: tall, face: framed-word, stocks: [tall-1, tall-2], "
                                     "cards: [{word: a}]}\n",
                {{"a/cards.yaml", "cards:\n  - {id: tall, width: 2in, height: 5in}\n"},
                 {"a/stocks/one.yaml", "id: tall-1\n" + stock},
                 {"b/stocks/two.yaml", "id: tall-2\n" + stock},
                 {"b/designs/mine.yaml", "designs:\n  framed-word:\n    layers: [{type: text, text: \"{word}\"}]\n"}});
  ASSERT_EQ(l.diags, "");
  EXPECT_EQ(l.game->decks[0].stocks[1].card.height.pt, 360);
  EXPECT_TRUE(l.game->designs.count("framed-word"));
  // Every file of the layers is an input of the game's outputs.
  EXPECT_EQ(l.game->template_files.size(), 4u);
  // A name twice in one folder is an error; a folder that is not there is said so.
  auto twice = load(std::string(kGame) + "templates: a\ndecks:\n  - {id: d, face: face, cards: [{word: a}]}\n",
                    {{"a/cards.yaml", "cards:\n  - {id: tall, width: 2in, height: 5in}\n"},
                     {"a/stocks/one.yaml", "id: tall-1\n" + stock},
                     {"a/stocks/two.yaml", "id: tall-1\n" + stock}});
  EXPECT_EQ(twice.diags,
            "D/a/stocks/two.yaml:1:1: error: stock 'tall-1' is defined twice\n"
            "D/a/stocks/one.yaml:1:1: note: stock 'tall-1' is first defined here\n");
  auto missing = load(std::string(kGame) + "templates: [mine]\ndecks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_EQ(missing.diags, "D/t.yaml:6:13: error: templates folder 'mine' not found (looked for D/mine)\n");
  auto outside = load(std::string(kGame) + "templates: [../x]\ndecks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_NE(outside.diags.find("D/t.yaml:6:13: error: templates folder '../x' leads outside the project folder"),
            std::string::npos)
      << outside.diags;
}

TEST(Templates, ALayerOverTheShippedOnesAddsAndReplacesWithNotes) {
  const fs::path dir = testing::fresh_dir("templates-layer");
  fs::create_directories(dir / "stocks");
  fs::create_directories(dir / "designs");
  std::ofstream(dir / "papers.yaml") << "papers:\n  - {id: letter, width: 8.5in, height: 11in}\n  - {id: b5, width: "
                                        "176mm, height: 250mm}\n";
  std::ofstream(dir / "stocks" / "b5.yaml") << "id: poker-b5\npaper: b5\ncard: poker\ngrid: {columns: 2, rows: 2}\n";
  std::ofstream(dir / "designs" / "d.yaml") << "designs:\n  mine:\n    layers: []\n";
  Diagnostics d;
  Templates t = testing::shipped_templates();
  add_templates(t, dir.string(), d);
  std::string diags = testing::replace_all(testing::replace_all(d.str(), dir.string(), "D"), testing::source_dir(), "S");
  EXPECT_EQ(diags, "D/papers.yaml:2:5: note: paper 'letter' replaces the one defined at S/templates/papers.yaml:6:5 "
                   "(say replaces: letter to mean it and silence this)\n");
  EXPECT_TRUE(t.find_stock("poker-b5"));
  EXPECT_TRUE(t.find_stock("poker-3x3-letter"));
  // The shipped folder named again adds nothing (and says nothing).
  Diagnostics again;
  add_templates(t, testing::source_dir() + "/templates", again);
  EXPECT_EQ(again.str(), "");
  // Unknown names list what the layers hold.
  auto l = load(std::string(kGame) + "decks:\n  - {id: d, face: face, stocks: [poker-b6], cards: [{word: a}]}\n", {}, t);
  EXPECT_NE(l.diags.find("D/t.yaml:7:34: error: unknown stock 'poker-b6' (did you mean 'poker-b5'?); available: "),
            std::string::npos)
      << l.diags;
  EXPECT_NE(l.diags.find(", poker-b5"), std::string::npos) << l.diags;
}

TEST(Templates, AGamesOwnDesignReplacingAShippedOneIsANote) {
  Templates t = testing::shipped_templates();
  Design shipped;
  shipped.name = "framed";
  shipped.mark = {"S/templates/designs/library.yaml", 3, 3};
  t.designs["framed"] = shipped;
  auto l = load("game: t\ntitle: T\ndesigns:\n  framed:\n    layers: []\n"
                "decks:\n  - {id: d, face: framed, cards: [{word: a}]}\n",
                {}, t);
  EXPECT_EQ(l.diags, "D/t.yaml:5:5: note: design 'framed' replaces the one defined at S/templates/designs/library.yaml:3:3\n");
}

TEST(Templates, AGamesFontFilesStayInItsFolder) {
  auto l = load(std::string(kGame) + "fonts:\n  - {family: Mine, files: [../mine.ttf]}\n"
                                     "decks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_NE(l.diags.find("D/t.yaml:7:28: error: font file '../mine.ttf' leads outside the project folder"),
            std::string::npos)
      << l.diags;
  auto m = load(std::string(kGame) + "fonts:\n  - {family: Mine, files: [mine.ttf]}\n"
                                     "decks:\n  - {id: d, face: face, cards: [{word: a}]}\n");
  EXPECT_EQ(m.diags, "D/t.yaml:7:28: error: font file 'mine.ttf' of 'Mine' cannot be used: No such file or directory\n");
}

}  // namespace cardstock
