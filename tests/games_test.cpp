// Every shipped game: it checks clean, its declared counts are the ones the issues and
// rulebooks ask for, and in every produced sheet PDF every piece of text lies inside a
// card (read back with poppler).
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "build.h"
#include "checks.h"
#include "test_util.h"

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

std::string utf8(const poppler::ustring& u) {
  auto v = u.to_utf8();
  return std::string(v.begin(), v.end());
}

// Builds `id` into a fresh folder and checks every text box of every sheet page.
void expect_text_inside_cards(const std::string& id) {
  fs::path out = fs::temp_directory_path() / ("cardstock-games-" + id + "-" + std::to_string(::getpid()));
  fs::remove_all(out);
  BuildOptions opt;
  opt.templates_dir = testing::source_dir() + "/templates";
  opt.out_dir = out.string();
  std::ostringstream o, e;
  ASSERT_EQ(build_files({testing::source_dir() + "/content/" + id + ".yaml"}, opt, o, e), 0) << e.str();
  int checked_pages = 0;
  for (const auto& d : game(id).decks) {
    for (const auto& stock : d.stocks) {
      const bool backs = stock.kind == StockKind::Cardstock && !d.back.empty();
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
  fs::path dir = fs::temp_directory_path() / ("cardstock-rtl-" + std::to_string(::getpid()));
  fs::remove_all(dir);
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
  BuildOptions opt;
  opt.templates_dir = testing::source_dir() + "/templates";
  opt.out_dir = (dir / "out").string();
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
