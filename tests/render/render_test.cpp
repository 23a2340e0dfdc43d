// Renders real PDFs and reads them back with poppler: page boxes, page counts and where
// each card's text landed.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "run/build.h"
#include "render/pdf.h"
#include "load/images/images.h"
#include "output_util.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

struct Built {
  std::string dir;
  std::string log;
  int status = -1;
};

// Builds content/echad.yaml once into a temporary folder for all tests here.
const Built& echad() {
  static const Built b = [] {
    Built b;
    b.dir = testing::fresh_dir("render").string();
    BuildOptions opt = testing::build_options(b.dir);
    std::ostringstream out, err;
    b.status = build_files({testing::source_dir() + "/content/echad.yaml"}, opt, out, err);
    b.log = out.str() + err.str();
    return b;
  }();
  return b;
}

std::unique_ptr<poppler::document> open(const std::string& file) {
  return std::unique_ptr<poppler::document>(
      poppler::document::load_from_file(echad().dir + "/echad/" + file));
}

using testing::utf8;

// The placements of the manifest are the contract; recompute them from the same layout
// the build used rather than parsing JSON here.
struct Slot {
  std::string name;
  Rect trim;
};

std::vector<std::vector<Slot>> front_slots(const std::string& stock_id, bool backs) {
  Diagnostics d;
  auto g = load_game(testing::source_dir() + "/content/echad.yaml", testing::shipped_templates(), d);
  const Deck& deck = g->decks[0];
  const Stock* s = testing::shipped_templates().find_stock(stock_id);
  SheetLayout l = layout_sheets(*s, deck.total_cards(), backs);
  auto inst = expand_instances(deck);
  std::vector<std::vector<Slot>> pages;
  for (const auto& p : l.pages) {
    std::vector<Slot> slots;
    for (const auto& pl : p.placements)
      slots.push_back({p.back ? "" : deck.cards[inst[pl.slot].card].fields.at("name"), pl.trim});
    pages.push_back(slots);
  }
  return pages;
}

void expect_names_inside_their_cards(const std::string& file, const std::string& stock_id,
                                     bool backs) {
  auto doc = open(file);
  ASSERT_TRUE(doc) << file;
  auto pages = front_slots(stock_id, backs);
  ASSERT_EQ(doc->pages(), static_cast<int>(pages.size()));
  for (int i = 0; i < doc->pages(); ++i) {
    if (backs && i % 2 == 1) continue;
    std::unique_ptr<poppler::page> page(doc->create_page(i));
    auto boxes = page->text_list();
    ASSERT_FALSE(boxes.empty()) << "page " << i + 1;
    for (const auto& slot : pages[i]) {
      // Every word of the card's name must be set inside that card's rectangle.
      std::string inside;
      for (const auto& b : boxes) {
        auto r = b.bbox();
        Rect box{r.x(), r.y(), r.width(), r.height()};
        if (slot.trim.contains(box, 0.5)) inside += utf8(b.text()) + " ";
      }
      std::istringstream words(slot.name);
      std::string w;
      while (words >> w)
        EXPECT_NE(inside.find(w), std::string::npos)
            << file << " page " << i + 1 << ": '" << w << "' of '" << slot.name
            << "' not inside its card; found: " << inside;
    }
    // And no text at all lies outside every card.
    for (const auto& b : boxes) {
      auto r = b.bbox();
      Rect box{r.x(), r.y(), r.width(), r.height()};
      bool in_some = false;
      for (const auto& slot : pages[i]) in_some = in_some || slot.trim.contains(box, 0.5);
      EXPECT_TRUE(in_some) << file << " page " << i + 1 << ": '" << utf8(b.text())
                           << "' outside every card";
    }
  }
}

}  // namespace

TEST(Render, EchadBuildSucceeds) {
  EXPECT_EQ(echad().status, 0) << echad().log;
}

TEST(Render, PageSizesAndCounts) {
  struct Want { const char* file; int pages; double w, h; };
  for (const Want& w : {Want{"cards-poker-3x3-letter.pdf", 12, 612, 792},
                        Want{"cards-poker-3x3-a4.pdf", 12, 595.2756, 841.8898},
                        Want{"cards-poker-labels-letter.pdf", 7, 612, 792},
                        Want{"cards-poker-labels-a4.pdf", 7, 595.2756, 841.8898},
                        // The answer key at 8 pt or more takes two pages.
                        Want{"cards-answer-key-letter.pdf", 2, 612, 792}}) {
    auto doc = open(w.file);
    ASSERT_TRUE(doc) << w.file;
    EXPECT_EQ(doc->pages(), w.pages) << w.file;
    for (int i = 0; i < doc->pages(); ++i) {
      std::unique_ptr<poppler::page> p(doc->create_page(i));
      auto box = p->page_rect(poppler::media_box);
      EXPECT_NEAR(box.width(), w.w, 0.01) << w.file;
      EXPECT_NEAR(box.height(), w.h, 0.01) << w.file;
    }
  }
}

TEST(Render, EachNameLiesInsideItsOwnCardOnLetterCardstock) {
  expect_names_inside_their_cards("cards-poker-3x3-letter.pdf", "poker-3x3-letter", true);
}

TEST(Render, EachNameLiesInsideItsOwnCardOnA4Cardstock) {
  expect_names_inside_their_cards("cards-poker-3x3-a4.pdf", "poker-3x3-a4", true);
}

TEST(Render, EachNameLiesInsideItsOwnTurnedLabel) {
  expect_names_inside_their_cards("cards-poker-labels-letter.pdf", "poker-labels-letter", false);
}

TEST(Render, AnswerKeyListsEveryName) {
  auto doc = open("cards-answer-key-letter.pdf");
  ASSERT_TRUE(doc);
  std::string all;
  for (int i = 0; i < doc->pages(); ++i) {
    std::unique_ptr<poppler::page> p(doc->create_page(i));
    auto v = p->text().to_utf8();
    all.append(v.begin(), v.end());
  }
  for (const char* name : {"Nebuchadnezzar", "Hammurabi", "Zedekiah", "Baal", "Hyksos"})
    EXPECT_NE(all.find(name), std::string::npos) << name;
}

TEST(Render, PdfDatesArePinned) {
  const std::string pdf = testing::plain_pdf(echad().dir + "/echad/cards-poker-3x3-letter.pdf");
  std::string want = pinned_date();  // 2026-01-01T00:00:00Z -> 20260101000000Z
  std::string digits;
  for (char c : want)
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  EXPECT_NE(pdf.find("/CreationDate (" + digits + "Z)"), std::string::npos) << want;
}

}  // namespace cardstock

namespace cardstock {

// Regression (from when one PangoLayout was reused for every text): markup on one text
// must not leak its bold/italic ranges into the next, plain, text.
TEST(Render, MarkupDoesNotLeakIntoTheNextText) {
  Diagnostics d;
  auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  Typesetter m(*fonts);
  TextStyle plain;
  plain.font = "Noto Sans";
  plain.size = 12;
  TextStyle markup = plain;
  markup.markup = true;
  const double before = m.measure("a Passover card game", plain, 1000).width;
  const double styled = m.measure("<b>a Passover c</b>ard game", markup, 1000).width;
  const double after = m.measure("a Passover card game", plain, 1000).width;
  EXPECT_GT(styled, before);  // bold is wider: the markup did apply
  EXPECT_DOUBLE_EQ(after, before);
}

TEST(Render, PlainTextAfterMarkupKeepsItsFontInThePdf) {
  fs::path dir = testing::fresh_dir("leak");
  std::ofstream(dir / "leak.yaml") << R"(game: leak
title: Leak
designs:
  face:
    layers:
      - {type: text, text: "<i>slanted words here</i>", h: 20mm, markup: true}
      - {type: text, text: "upright words here", y: 30mm, h: 20mm}
decks:
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a}, {id: b}]}
)";
  BuildOptions opt = testing::build_options(dir / "out");
  std::ostringstream o, e;
  ASSERT_EQ(build_files({(dir / "leak.yaml").string()}, opt, o, e), 0) << e.str();
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((dir / "out/leak/d-poker-3x3-letter.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  int upright = 0;
  for (const auto& b : page->text_list(poppler::page::text_list_include_font)) {
    const std::string word = utf8(b.text()), font = b.get_font_name();
    if (word == "upright") {
      ++upright;
      EXPECT_EQ(font.find("Italic"), std::string::npos) << font;
    }
    if (word == "slanted") {
      EXPECT_NE(font.find("Italic"), std::string::npos) << font;
    }
  }
  EXPECT_EQ(upright, 2);
}

// Every Dayenu face (Hebrew set right to left, markup, shrunk titles) on Letter
// cardstock, every other card upside down, drawn three times: with a Typesetter that
// keeps the text it set, with one that keeps nothing, and with one that let go of what it
// kept before drawing. Same bytes, and the keeping one draws every text from what
// measuring set, shaping none again.
TEST(Render, KeptTextDrawsTheSameBytesAsTextSetAfresh) {
  Diagnostics d;
  auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  auto g = load_game(testing::source_dir() + "/content/dayenu.yaml", testing::shipped_templates(), d);
  ASSERT_TRUE(g) << d.str();
  const Stock* stock = testing::shipped_templates().find_stock("poker-3x3-letter");
  ASSERT_TRUE(stock);
  const fs::path dir = testing::fresh_dir("kept");
  auto draw = [&](size_t budget, Typesetter::Stats* drawing, bool let_go = false) {
    Typesetter ts(*fonts, budget);
    std::vector<CardArt> arts;
    for (const auto& deck : g->decks)
      for (const auto& card : deck.cards)
        arts.push_back(resolve_card(*g, deck, card, g->designs.at(card.face.empty() ? deck.face : card.face), ts, d));
    const SheetLayout l = layout_sheets(*stock, arts.size(), false);
    std::vector<PlannedPage> pages;
    for (const auto& pg : l.pages) {
      PageArt art;
      for (const auto& pl : pg.placements)
        art.cards.push_back({&arts[pl.slot], pl.trim, pl.bleed, pl.slot % 2 ? 180 : 0, Shape::Rect, 1});
      pages.push_back({l.width, l.height, whole_page_boxes(l.width, l.height), std::move(art)});
    }
    if (let_go) ts.let_go();
    const Typesetter::Stats before = ts.stats();
    const std::string path =
        (dir / ("budget-" + std::to_string(budget) + (let_go ? "-let-go" : "") + ".pdf")).string();
    Diagnostics d;
    EXPECT_TRUE(render_pdf(path, {"kept", "test", "2026-01-01T00:00:00Z", l.width, l.height}, pages, ts, d)) << d.str();
    drawing->sets = ts.stats().sets - before.sets;
    drawing->hits = ts.stats().hits - before.hits;
    return testing::slurp(path);
  };
  Typesetter::Stats kept_drawing, fresh_drawing, let_go_drawing;
  const std::string kept = draw(Typesetter::kDefaultCacheBytes, &kept_drawing);
  const std::string fresh = draw(0, &fresh_drawing);
  // What the build does once its last output is drawn (Typesetter::let_go), done here
  // before drawing: everything is set and decoded again, to the same bytes.
  const std::string let_go = draw(Typesetter::kDefaultCacheBytes, &let_go_drawing, true);
  EXPECT_FALSE(d.has_errors()) << d.str();
  ASSERT_GT(kept.size(), 10000u);
  EXPECT_TRUE(kept == fresh) << "kept " << kept.size() << " bytes, fresh " << fresh.size();
  EXPECT_TRUE(kept == let_go) << "kept " << kept.size() << " bytes, after let_go " << let_go.size();
  EXPECT_GT(kept_drawing.sets, 300);
  EXPECT_EQ(kept_drawing.hits, kept_drawing.sets);
  EXPECT_EQ(fresh_drawing.hits, 0);
  // Only what the drawing set twice itself is found kept (a back drawn on many cards).
  EXPECT_EQ(let_go_drawing.sets, kept_drawing.sets);
  EXPECT_LT(let_go_drawing.hits, kept_drawing.hits);
}

// The kept text stays within its budget: the oldest is dropped first, and a dropped text
// set again measures exactly as it did.
TEST(Render, TypesetterDropsTheOldestTextPastItsBudget) {
  Diagnostics d;
  auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  TextStyle st;
  st.font = "Noto Serif";
  st.size = 12;
  // Each 8-byte name is costed 1024 + 96 x 8 = 1792 bytes: three fit in 6000.
  Typesetter ts(*fonts, 6000);
  const std::vector<std::string> names = {"Abraham1", "Rebekah2", "Joseph_3", "Miriam_4", "Deborah5"};
  std::vector<double> widths;
  for (const auto& n : names) widths.push_back(ts.measure(n, st, 200).width);
  EXPECT_EQ(ts.stats().hits, 0);
  EXPECT_DOUBLE_EQ(ts.measure(names[4], st, 200).width, widths[4]);  // newest: kept
  EXPECT_DOUBLE_EQ(ts.measure(names[2], st, 200).width, widths[2]);  // third newest: kept
  EXPECT_EQ(ts.stats().hits, 2);
  EXPECT_DOUBLE_EQ(ts.measure(names[0], st, 200).width, widths[0]);  // oldest: dropped, set again
  EXPECT_EQ(ts.stats().hits, 2);
  EXPECT_EQ(ts.stats().sets, 8);
  // A different wrap width or size is a different text.
  ts.measure(names[0], st, 100);
  st.size = 13;
  ts.measure(names[0], st, 200);
  EXPECT_EQ(ts.stats().hits, 2);
}

}  // namespace cardstock
