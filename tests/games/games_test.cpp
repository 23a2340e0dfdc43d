// Every shipped game: it checks clean, its declared counts are the ones the issues and
// rulebooks ask for, and in every produced sheet PDF every piece of text lies inside a
// card (read back with poppler).
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <memory>
#include <sstream>

#include "run/build.h"
#include "model/checks.h"
#include "layout/layout.h"
#include "plan/plan.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const Game& game(const std::string& id) {
  static std::map<std::string, Game> cache;
  auto it = cache.find(id);
  if (it != cache.end()) return it->second;
  Diagnostics d;
  auto g = load_game(testing::source_dir() + "/content/" + id + ".yaml", testing::shipped_templates(), d);
  if (!g || d.has_errors()) throw std::runtime_error(d.str());
  return cache[id] = *g;
}

const Deck& deck(const std::string& g, const std::string& id) {
  for (const auto& d : game(g).decks)
    if (d.id == id) return d;
  throw std::runtime_error("no deck " + id + " in " + g);
}

std::map<std::string, long> count_by(const Deck& d, const std::string& field) {
  std::map<std::string, long> m;
  for (const auto& c : d.cards) m[c.fields.count(field) ? c.fields.at(field) : ""] += c.count;
  return m;
}

using testing::utf8;

// Builds `id` into a fresh folder and checks every text box of every sheet page.
void expect_text_inside_cards(const std::string& id) {
  fs::path out = testing::fresh_dir("games-" + id);
  BuildOptions opt = testing::build_options(out);
  std::ostringstream o, e;
  ASSERT_EQ(build_files({testing::source_dir() + "/content/" + id + ".yaml"}, opt, o, e), 0) << e.str();
  int checked_pages = 0;
  for (const auto& d : game(id).decks) {
    for (const auto& stock : d.stocks) {
      const bool backs = deck_has_backs(d, stock, opt.backs);  // the planners' own rule
      SheetLayout l = layout_sheets(stock, d.total_cards(), backs);
      const std::string file = (out / id / (d.id + "-" + stock.id + ".pdf")).string();
      std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(file));
      ASSERT_TRUE(doc) << file;
      ASSERT_EQ(doc->pages(), static_cast<int>(l.pages.size())) << file;
      for (int i = 0; i < doc->pages(); ++i) {
        std::unique_ptr<poppler::page> page(doc->create_page(i));
        for (const auto& b : page->text_list()) {
          auto r = b.bbox();
          Rect box{r.x(), r.y(), r.width(), r.height()};
          bool inside = false;
          for (const auto& pl : l.pages[i].placements) inside = inside || pl.trim.contains(box, 0.5);
          EXPECT_TRUE(inside) << file << " page " << i + 1 << ": '" << utf8(b.text())
                              << "' at " << box.x << "," << box.y << " lies outside every card";
        }
        ++checked_pages;
      }
    }
  }
  EXPECT_GT(checked_pages, 0);
}

}  // namespace

TEST(Games, EveryShippedGameChecksClean) {
  for (const char* id : {"echad", "dayenu", "unity", "prophets"}) {
    Diagnostics d;
    auto g = load_game(testing::source_dir() + "/content/" + id + ".yaml", testing::shipped_templates(), d);
    ASSERT_TRUE(g) << id;
    for (const auto& dk : g->decks) check_deck(dk, d);
    EXPECT_EQ(d.str(), "") << id;
  }
}

TEST(Games, DayenuSeriesAreComplete) {
  // Distinct cards per series (a series card may be printed in several copies).
  const Deck& d = game("dayenu").decks.at(0);
  std::map<std::string, int> rows;
  for (const auto& c : d.cards) rows[c.fields.at("series")]++;
  EXPECT_EQ(rows["chad-gadya"], 10);
  EXPECT_EQ(rows["plagues"], 10);
  EXPECT_EQ(rows["who-knows-one"], 13);
  ASSERT_TRUE(d.expect && d.expect->total);
  EXPECT_EQ(*d.expect->total, d.total_cards());
}

TEST(Games, UnityHasAllThreeGroupsAndEveryFestival) {
  const Deck& d = game("unity").decks.at(0);
  auto by = count_by(d, "group");
  EXPECT_GT(by["righteous"], 0);
  EXPECT_GT(by["evil"], 0);
  EXPECT_GE(by["festival"], 8);
  ASSERT_TRUE(d.expect && d.expect->total);
  EXPECT_EQ(*d.expect->total, d.total_cards());
}

TEST(Games, ProphetsDecksHaveTheRulebookCounts) {
  const Deck& res = deck("prophets", "resources");
  EXPECT_EQ(res.total_cards(), 162);
  for (const auto& [k, n] : count_by(res, "name")) EXPECT_EQ(n, 27) << k;
  EXPECT_EQ(count_by(res, "name").size(), 6u);
  for (const char* id : {"events-1", "events-2"}) {
    const Deck& ev = deck("prophets", id);
    EXPECT_EQ(ev.total_cards(), 108) << id;
    auto by = count_by(ev, "category");
    EXPECT_EQ(by.size(), 4u) << id;
    for (const auto& [k, n] : by) EXPECT_EQ(n, 27) << id << " " << k;
  }
  EXPECT_EQ(deck("prophets", "tablets").total_cards(), 6);
  EXPECT_EQ(deck("prophets", "tablets").card.id, "tablet");
}

TEST(Games, DayenuTextStaysInsideItsCards) { expect_text_inside_cards("dayenu"); }
TEST(Games, UnityTextStaysInsideItsCards) { expect_text_inside_cards("unity"); }
TEST(Games, ProphetsTextStaysInsideItsCards) { expect_text_inside_cards("prophets"); }

// Hebrew is set right to left: the first letter in logical order (alef of אחד) is drawn
// to the right of the last (dalet), whatever the paragraph's alignment.
TEST(Games, HebrewIsSetRightToLeft) {
  fs::path dir = testing::fresh_dir("rtl");
  fs::create_directories(dir / "content");
  std::ofstream(dir / "content" / "rtl.yaml") << R"(game: rtl
title: RTL
designs:
  face:
    layers:
      - {type: text, text: "{word}", x: 5mm, y: 10mm, w: 53.5mm, h: 20mm, font: Noto Sans Hebrew, size: 30pt, align: left}
      - {type: text, text: "the word {word} means one", x: 5mm, y: 40mm, w: 53.5mm, h: 20mm, size: 10pt}
decks:
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, word: "אחד"}]}
)";
  BuildOptions opt = testing::build_options(dir / "out");
  std::ostringstream o, e;
  ASSERT_EQ(build_files({(dir / "content" / "rtl.yaml").string()}, opt, o, e), 0) << e.str();
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((dir / "out" / "rtl" / "d-poker-3x3-letter.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  // Poppler reports glyphs in drawing order; find alef (U+05D0) and dalet (U+05D3).
  double alef_x = -1, dalet_x = -1, trim_x = 36 + 5 * 72 / 25.4;
  int words_seen = 0;
  for (const auto& b : page->text_list()) {
    const poppler::ustring t = b.text();
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] == 0x05D0 && alef_x < 0) alef_x = b.char_bbox(i).x();
      if (t[i] == 0x05D3 && dalet_x < 0) dalet_x = b.char_bbox(i).x();
    }
    ++words_seen;
  }
  ASSERT_GE(alef_x, 0);
  ASSERT_GE(dalet_x, 0);
  EXPECT_GT(alef_x, dalet_x);
  // Left alignment holds for a Hebrew-only paragraph (no auto-direction flip): the word
  // starts near the box's left edge, not its right.
  EXPECT_LT(std::min(alef_x, dalet_x), trim_x + 10);
  EXPECT_GT(words_seen, 1);
}

}  // namespace cardstock

namespace cardstock {

TEST(Games, ProphetsHexTilesCarryTheRulebookNumbers) {
  const Deck& tiles = deck("prophets", "tiles");
  EXPECT_EQ(tiles.card.shape, Shape::Hex);
  std::map<std::string, std::multiset<int>> numbers;
  for (const auto& c : tiles.cards) numbers[c.fields.at("name")].insert(std::stoi(c.fields.at("number")));
  using S = std::multiset<int>;
  EXPECT_EQ(numbers["Hay"], (S{6, 7, 8, 9}));
  EXPECT_EQ(numbers["Water"], (S{6, 7, 8, 9}));
  EXPECT_EQ(numbers["Wheat"], (S{5, 6, 8, 10}));
  EXPECT_EQ(numbers["Wine"], (S{5, 7, 8, 9}));
  EXPECT_EQ(numbers["Olive Oil"], (S{4, 5, 7, 10}));
  EXPECT_EQ(numbers["Sheep"], (S{4, 5, 6, 11}));
  EXPECT_EQ(numbers["Benjamin"], (S{2}));
  EXPECT_EQ(numbers["Levi"], (S{3}));
  EXPECT_EQ(numbers["Issachar"], (S{5}));
  EXPECT_EQ(numbers["Naphtali"], (S{7}));
  EXPECT_EQ(numbers["Ephraim"], (S{9}));
  EXPECT_EQ(numbers["Judah"], (S{12}));
  EXPECT_EQ(tiles.total_cards(), 30);
}

TEST(Games, ProphetsDiscsTradeTilesAndTokens) {
  std::map<int, long> discs;
  for (const auto& c : deck("prophets", "discs").cards) discs[std::stoi(c.fields.at("number"))] += c.count;
  EXPECT_EQ(discs, (std::map<int, long>{{2, 1}, {3, 1}, {4, 2}, {5, 5}, {6, 4}, {7, 5},
                                         {8, 4}, {9, 4}, {10, 2}, {11, 1}, {12, 1}}));
  EXPECT_EQ(deck("prophets", "discs").card.shape, Shape::Circle);
  auto trade = count_by(deck("prophets", "trade"), "ratio");
  EXPECT_EQ(trade["3:1"], 3);
  EXPECT_EQ(trade["2:1"], 6);
  auto coins = count_by(deck("prophets", "coins"), "token");
  EXPECT_EQ(coins["virtue"], 42);
  EXPECT_EQ(coins["shekel"], 32);
  std::map<std::string, std::map<std::string, long>> pieces;
  for (const auto& c : deck("prophets", "pieces").cards)
    pieces[c.fields.at("player")][c.fields.at("piece")] += c.count;
  EXPECT_EQ(pieces.size(), 6u);
  for (auto& [player, kinds] : pieces) {
    EXPECT_EQ(kinds["camel"], 16) << player;
    EXPECT_EQ(kinds["tent"], 5) << player;
    EXPECT_EQ(kinds["city"], 5) << player;
  }
  EXPECT_EQ(deck("prophets", "standees").total_cards(), 2);
}

TEST(Games, ProphetsBoardPreviewPlacesAllThirtyTilesAndTheTradeTilesOnThePage) {
  Diagnostics d;
  ASSERT_EQ(game("prophets").boards.size(), 1u);
  const Board& b = game("prophets").boards[0];
  check_board(game("prophets"), b, d);
  EXPECT_EQ(d.str(), "");
  EXPECT_EQ(board_cells(b).size(), 30u);
  fs::path out = testing::fresh_dir("board");
  BuildOptions opt = testing::build_options(out);
  opt.paper = "letter";
  std::ostringstream o, e;
  ASSERT_EQ(build_files({testing::source_dir() + "/content/prophets.yaml"}, opt, o, e), 0) << e.str();
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((out / "prophets" / "board-preview-letter.pdf").string()));
  ASSERT_TRUE(doc);
  EXPECT_EQ(doc->pages(), 1);
  const std::string m = testing::slurp(out / "prophets" / "manifest.json");
  const size_t at = m.find("\"file\": \"board-preview-letter.pdf\", \"kind\": \"board\"");
  ASSERT_NE(at, std::string::npos);
  const size_t end = m.find("\"file\":", at + 10);
  size_t polygons = 0;
  for (size_t p = m.find("\"polygon\"", at); p < end; p = m.find("\"polygon\"", p + 1)) ++polygons;
  EXPECT_EQ(polygons, 39u);  // the 30 tiles and, round the edge, the 9 trade tiles
  size_t trade = 0;
  for (size_t p = m.find("\"deck\": \"trade\"", at); p < end; p = m.find("\"deck\": \"trade\"", p + 1)) ++trade;
  EXPECT_EQ(trade, 9u);
  EXPECT_EQ(board_extra_cells(b).size(), 9u);
  // Tile sheets too: 30 tiles on 3 Letter pages, every tile a hex polygon.
  EXPECT_TRUE(fs::exists(out / "prophets" / "tiles-hex-tile-letter.pdf"));
  EXPECT_TRUE(fs::exists(out / "prophets" / "discs-disc-1in-letter.pdf"));
}

}  // namespace cardstock
