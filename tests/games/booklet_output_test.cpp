// Booklets as printed: page sizes and counts, every word inside the text area the
// manifest promises, imposed halves, and numbers that follow the YAML, all read back
// from the PDFs with poppler.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <fstream>
#include <memory>
#include <regex>
#include <sstream>

#include "layout/booklet_layout.h"
#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

using testing::utf8;

struct BodyPage {
  int page;
  Rect text_area, head, foot;
};

Rect parse_rect(const std::string& s) {
  std::smatch m;
  std::regex num(R"(-?[0-9.]+)");
  std::vector<double> v;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), num); it != std::sregex_iterator(); ++it)
    v.push_back(std::stod(it->str()));
  return v.size() == 4 ? Rect{v[0], v[1], v[2], v[3]} : Rect{};
}

// The body pages of the output `file` in a manifest, with their boxes.
std::vector<BodyPage> body_pages(const std::string& manifest, const std::string& file) {
  const size_t at = manifest.find("{\"file\": \"" + file + "\"");
  const size_t end = manifest.find("{\"file\": ", at + 1);
  const std::string part = manifest.substr(at, end == std::string::npos ? std::string::npos : end - at);
  std::regex page(R"re(\{"page": (\d+), "role": "body", "section": "(?:[^"\\]|\\.)*", "text_area": (\[[^\]]*\]), "head": (\[[^\]]*\]), "foot": (\[[^\]]*\]))re");
  std::vector<BodyPage> out;
  for (auto it = std::sregex_iterator(part.begin(), part.end(), page); it != std::sregex_iterator(); ++it)
    out.push_back({std::stoi((*it)[1]), parse_rect((*it)[2]), parse_rect((*it)[3]), parse_rect((*it)[4])});
  return out;
}

fs::path build_game(const std::string& id, const std::string& paper = "all") {
  static std::map<std::string, fs::path> built;
  const std::string key = id + "/" + paper;
  if (built.count(key)) return built[key];
  fs::path out = testing::fresh_dir("booklet-" + id + "-" + paper);
  BuildOptions opt = testing::build_options(out);
  opt.paper = paper;
  std::ostringstream o, e;
  EXPECT_EQ(build_files({testing::source_dir() + "/content/" + id + ".yaml"}, opt, o, e), 0) << e.str();
  return built[key] = out / id;
}

std::unique_ptr<poppler::document> open(const fs::path& p) {
  return std::unique_ptr<poppler::document>(poppler::document::load_from_file(p.string()));
}

std::string page_text(poppler::document& doc, int i) {
  std::unique_ptr<poppler::page> page(doc.create_page(i));
  std::string s;
  for (const auto& b : page->text_list()) s += utf8(b.text()) + " ";
  return s;
}

}  // namespace

TEST(BookletOutput, PageSizesAndCountsForBothPaperFamilies) {
  for (const char* id : {"echad", "dayenu", "unity", "prophets"}) {
    const fs::path dir = build_game(id);
    for (const auto& [file, w, h] : {std::tuple{"rules-half-letter.pdf", 396.0, 612.0},
                                     std::tuple{"rules-a5.pdf", 419.53, 595.28}}) {
      auto doc = open(dir / file);
      ASSERT_TRUE(doc) << id << " " << file;
      ASSERT_GE(doc->pages(), 4) << id;
      std::unique_ptr<poppler::page> p(doc->create_page(0));
      EXPECT_NEAR(p->page_rect().width(), w, 0.01) << id << " " << file;
      EXPECT_NEAR(p->page_rect().height(), h, 0.01) << id << " " << file;
      const std::string imposed =
          std::string("rules-booklet-") + (std::string(file) == "rules-a5.pdf" ? "a4" : "letter") + ".pdf";
      auto im = open(dir / imposed);
      ASSERT_TRUE(im) << id << " " << imposed;
      // Two booklet pages a side, two sides a sheet, padded to a multiple of four.
      EXPECT_EQ(im->pages(), padded_page_count(doc->pages()) / 2) << id << " " << imposed;
      std::unique_ptr<poppler::page> ip(im->create_page(0));
      EXPECT_NEAR(ip->page_rect().width(), 2 * w + (std::string(file) == "rules-a5.pdf" ? 2.83 : 0), 0.01);
    }
  }
}

// Every word of every body page lies in the page's text area, or in its running head or
// folio line, as the manifest states them.
TEST(BookletOutput, EveryWordLiesInsideTheTextArea) {
  for (const char* id : {"echad", "dayenu", "unity", "prophets"}) {
    const fs::path dir = build_game(id);
    const std::string manifest = testing::slurp(dir / "manifest.json");
    for (const char* file : {"rules-half-letter.pdf", "rules-a5.pdf"}) {
      const auto pages = body_pages(manifest, file);
      auto doc = open(dir / file);
      ASSERT_TRUE(doc);
      ASSERT_GE(pages.size(), 3u) << id << " " << file;
      int words = 0;
      for (const auto& bp : pages) {
        std::unique_ptr<poppler::page> page(doc->create_page(bp.page - 1));
        for (const auto& b : page->text_list()) {
          const auto r = b.bbox();
          const Rect box{r.x(), r.y(), r.width(), r.height()};
          const bool inside = bp.text_area.contains(box, 0.5) || bp.head.contains(box, 0.5) ||
                              bp.foot.contains(box, 0.5);
          EXPECT_TRUE(inside) << id << " " << file << " page " << bp.page << ": '" << utf8(b.text())
                              << "' at " << box.x << "," << box.y << " " << box.w << "x" << box.h;
          ++words;
        }
      }
      EXPECT_GT(words, 1000) << id << " " << file;
    }
  }
}

// The imposed Letter sheet of Echad: the outer sheet's front carries the last page on the
// left and the cover on the right; its back carries pages 2 and N-1.
TEST(BookletOutput, ImposedSheetsCarryTheRightPagesOnEachHalf) {
  const fs::path dir = build_game("echad");
  auto reading = open(dir / "rules-half-letter.pdf");
  auto imposed = open(dir / "rules-booklet-letter.pdf");
  ASSERT_TRUE(reading && imposed);
  const int n = reading->pages();
  const int padded = padded_page_count(n);
  std::unique_ptr<poppler::page> front(imposed->create_page(0));
  bool title_right = false, last_left = false;
  for (const auto& b : front->text_list()) {
    const std::string t = utf8(b.text());
    if (t == "Echad!" && b.bbox().x() > 396) title_right = true;
    if (padded == n && t == std::to_string(n) && b.bbox().right() < 396) last_left = true;
  }
  EXPECT_TRUE(title_right);
  if (padded == n) {
    EXPECT_TRUE(last_left);
  }
  // Back of the outer sheet: page 2 (Echad is long enough for a contents page) on the left.
  ASSERT_GT(n, kContentsAfterPages);
  std::unique_ptr<poppler::page> back(imposed->create_page(1));
  bool contents_left = false;
  for (const auto& b : back->text_list())
    if (utf8(b.text()) == "Contents" && b.bbox().right() < 396) contents_left = true;
  EXPECT_TRUE(contents_left);
  const std::string manifest = testing::slurp(dir / "manifest.json");
  EXPECT_NE(manifest.find("\"kind\": \"booklet-imposed\""), std::string::npos);
  EXPECT_NE(manifest.find("{\"kind\": \"fold\", \"from\": [396, 18], \"to\": [396, 32]}"), std::string::npos);
}

// Change a count in the YAML and build again: the booklet's sentence and its generated
// table both change.
TEST(BookletOutput, NumbersFollowTheYaml) {
  fs::path dir = testing::fresh_dir("booklet-counts");
  const std::string rules =
      "# Parts\n\nThe deck has {{count d}} cards, {{count d kind=gold}} of them gold.\n\n"
      "{{tally d kind header=\"Kind, Cards\"}}\n";
  std::ofstream(dir / "r.md") << rules;
  auto write_game = [&](int gold) {
    std::ofstream(dir / "g.yaml") << "game: g\ntitle: Counting\n"
                                     "designs:\n  face:\n    layers: [{type: text, text: \"{kind}\"}]\n"
                                     "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n"
                                     "    cards:\n      - {id: a, kind: gold, count: "
                                  << gold << "}\n      - {id: b, kind: lead, count: 2}\n"
                                  << "booklet: {source: r.md}\n";
  };
  auto booklet_text = [&]() {
    BuildOptions opt = testing::build_options(dir / "out");
    opt.paper = "letter";
    std::ostringstream o, e;
    EXPECT_EQ(build_files({(dir / "g.yaml").string()}, opt, o, e), 0) << e.str();
    auto doc = open(dir / "out" / "g" / "rules-half-letter.pdf");
    return doc ? page_text(*doc, 1) : std::string();
  };
  write_game(3);
  std::string t = booklet_text();
  EXPECT_NE(t.find("has 5 cards, 3 of them gold."), std::string::npos) << t;
  EXPECT_NE(t.find("gold 3 lead 2"), std::string::npos) << t;
  write_game(11);
  t = booklet_text();
  EXPECT_NE(t.find("has 13 cards, 11 of them gold."), std::string::npos) << t;
  EXPECT_NE(t.find("gold 11 lead 2"), std::string::npos) << t;
}

// Prophets' tables come from its tablets and its `tables:`: every tribe's starting Shekels
// appear on the page of the table, and the bonus template lists 2 to 12.
TEST(BookletOutput, ProphetsTablesShowTheTabletsAndTheBonusTemplate) {
  Diagnostics d;
  auto g = load_game(testing::source_dir() + "/content/prophets.yaml", testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  const Deck* tablets = g->find_deck("tablets");
  ASSERT_TRUE(tablets);
  const fs::path dir = build_game("prophets");
  auto doc = open(dir / "rules-half-letter.pdf");
  ASSERT_TRUE(doc);
  std::string all;
  for (int i = 0; i < doc->pages(); ++i) all += page_text(*doc, i) + "\n";
  for (const auto& c : tablets->cards) {
    const std::string tribe = c.fields.at("tribe"), shekels = c.fields.at("shekels");
    // Somewhere a row reads "<tribe> ... <shekels>" within one line of text.
    const std::regex row(tribe + R"([^\n]*? )" + shekels + "( |$)");
    EXPECT_TRUE(std::regex_search(all, row)) << tribe << " " << shekels;
  }
  // The tribal-advantage table: each advantage's title sits whole in its column (a word
  // split over two lines, "Underst-anding", shows as a piece of it), and the text does not
  // point at a part of the tablet the booklet does not show.
  for (const auto& c : tablets->cards) {
    std::string title = c.fields.at("adv_title");
    std::istringstream words(title);
    for (std::string w; words >> w;)
      EXPECT_TRUE(std::regex_search(all, std::regex("(^|[\\s(])" + std::regex_replace(w, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + "($|[\\s,.)])")))
          << c.id << ": '" << w << "' of '" << title << "' is broken in the table";
    EXPECT_EQ(c.fields.at("adv_text").find("below"), std::string::npos) << c.id;
  }
  const DataTable* bonus = g->find_table("starting-bonus");
  ASSERT_TRUE(bonus);
  ASSERT_EQ(bonus->rows.size(), 11u);
  EXPECT_EQ(bonus->rows.front()[0], "2");
  EXPECT_EQ(bonus->rows.back()[0], "12");
}

// The number of separate patches (4-connected) of pixels of `img` for which `want(r, g, b)`
// holds.
template <class Want>
int patches(const poppler::image& img, Want want) {
  const int w = img.width(), h = img.height();
  std::vector<char> hit(size_t(w) * size_t(h), 0);
  for (int y = 0; y < h; ++y) {
    const auto* row = reinterpret_cast<const unsigned char*>(img.const_data()) + size_t(y) * img.bytes_per_row();
    for (int x = 0; x < w; ++x) hit[size_t(y) * w + x] = want(row[4 * x + 2], row[4 * x + 1], row[4 * x]);
  }
  int n = 0;
  std::vector<size_t> stack;
  for (size_t start = 0; start < hit.size(); ++start) {
    if (!hit[start]) continue;
    ++n;
    hit[start] = 0;
    stack.push_back(start);
    while (!stack.empty()) {
      const size_t k = stack.back();
      stack.pop_back();
      const int x = int(k % w), y = int(k / w);
      for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
        const int nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !hit[size_t(ny) * w + nx]) continue;
        hit[size_t(ny) * w + nx] = 0;
        stack.push_back(size_t(ny) * w + nx);
      }
    }
  }
  return n;
}

// Tables made from the game file show its icons as the cards do: a `:coin:` in a card's
// field ({{fields}}, {{tally}}) or in a row of `tables:` ({{table}}) is drawn as the
// (red) icon, one patch of red each, and never printed as its code.
TEST(BookletOutput, TablesFromTheGameFileDrawIconsAsIcons) {
  const fs::path dir = testing::fresh_dir("booklet-icons");
  fs::create_directories(dir / "icons");
  std::ofstream(dir / "icons/coin.svg")
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
         "fill=\"#ff0000\"/></svg>\n";
  std::ofstream(dir / "g.yaml") << R"(game: g
title: Coins
icons: {coin: icons/coin.svg}
designs:
  face:
    layers: [{type: text, text: "{name}"}]
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards:
      - {id: a, name: Alpha, cost: "2 :coin: Coins"}
      - {id: b, name: Beta, cost: "1 <icon name='coin'/> Coin"}
tables:
  prices:
    columns: [Thing, Price]
    rows: [["Camel", "3 :coin:"]]
booklet: {source: r.md}
)";
  std::ofstream(dir / "r.md") << "# Costs\n\n{{fields d name cost header=\"Card, Cost\"}}\n\n"
                                 "{{tally d cost}}\n\n{{table prices}}\n";
  BuildOptions opt = testing::build_options(dir / "out");
  opt.paper = "letter";
  opt.strict = true;
  std::ostringstream o, e;
  ASSERT_EQ(build_files({(dir / "g.yaml").string()}, opt, o, e), 0) << e.str();
  auto doc = open(dir / "out/g/rules-half-letter.pdf");
  ASSERT_TRUE(doc);
  const std::string text = page_text(*doc, 1);
  EXPECT_EQ(text.find("coin:"), std::string::npos) << text;
  EXPECT_EQ(text.find("icon name"), std::string::npos) << text;
  EXPECT_NE(text.find("Alpha 2 Coins"), std::string::npos) << text;
  auto count = [&](bool (*want)(int, int, int)) {
    auto d = open(dir / "out/g/rules-half-letter.pdf");
    std::unique_ptr<poppler::page> page(d ? d->create_page(1) : nullptr);
    if (!page) return -1;
    const poppler::image img = poppler::page_renderer().render_page(page.get(), 144, 144);
    return img.is_valid() ? patches(img, want) : -1;
  };
  // Two in the fields table, two in the tally, one in the table of `tables:`.
  EXPECT_EQ(count([](int r, int g, int b) { return r > 200 && g < 80 && b < 80; }), 5);
  // The icon's file is an input of the booklet (the cards do not show it): a new picture
  // draws the booklet again.
  std::ofstream(dir / "icons/coin.svg")
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
         "fill=\"#0000ff\"/></svg>\n";
  ASSERT_EQ(build_files({(dir / "g.yaml").string()}, opt, o, e), 0) << e.str();
  EXPECT_EQ(count([](int r, int g, int b) { return b > 200 && r < 80 && g < 80; }), 5);
}

// A backslash writes an icon's code itself, on a card and in a booklet table, through the
// real program under --strict: the check of printed text does not take it for markup left
// unexpanded, and the PDFs show ":coin:" (after a word joiner, invisible, is dropped).
TEST(BookletOutput, ABackslashPrintsAnIconCodeAsText) {
  const fs::path dir = testing::fresh_dir("booklet-icon-escape");
  fs::create_directories(dir / "icons");
  std::ofstream(dir / "icons/coin.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
                                           "<rect width=\"10\" height=\"10\"/></svg>\n";
  std::ofstream(dir / "g.yaml") << R"(game: g
title: Coins
icons: {coin: icons/coin.svg}
designs:
  face:
    layers: [{type: text, text: '{name}: write \:coin: for :coin:'}]
decks:
  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, name: Alpha}]}
tables:
  codes:
    columns: [Code, Means]
    rows: [['\:coin:', a coin]]
booklet: {source: r.md}
)";
  std::ofstream(dir / "r.md") << "# Codes\n\n{{table codes}}\n";
  const testing::Run r =
      testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", (dir / "out").string(), "--strict"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  auto shown = [&](const char* file, int page) {
    auto doc = open(dir / "out/g" / file);
    std::string t = doc ? page_text(*doc, page) : "";
    for (size_t at; (at = t.find("\u2060")) != std::string::npos;) t.erase(at, 3);
    return t;
  };
  EXPECT_NE(shown("d-poker-3x3-letter.pdf", 0).find("Alpha: write :coin: for"), std::string::npos)
      << shown("d-poker-3x3-letter.pdf", 0);
  // Page 2 (after the cover): the table's row.
  EXPECT_NE(shown("rules-half-letter.pdf", 1).find(":coin: a coin"), std::string::npos)
      << shown("rules-half-letter.pdf", 1);
}

// Prophets' building costs hold resource icons (`:hay:`): no booklet prints such a code.
TEST(BookletOutput, ProphetsBookletsPrintNoIconCodes) {
  const fs::path dir = build_game("prophets");
  for (const char* file : {"rules-half-letter.pdf", "rules-a5.pdf", "rules-booklet-letter.pdf", "rules-booklet-a4.pdf"}) {
    auto doc = open(dir / file);
    ASSERT_TRUE(doc) << file;
    bool costs = false;
    for (int i = 0; i < doc->pages(); ++i) {
      const std::string t = page_text(*doc, i);
      std::smatch m;
      EXPECT_FALSE(std::regex_search(t, m, std::regex(":[a-z][a-z0-9_-]*:"))) << file << " page " << i + 1 << ": " << m.str();
      costs = costs || t.find("Building costs") != std::string::npos;
    }
    EXPECT_TRUE(costs) << file;
  }
}

// Hebrew inside English text is set right to left: in אחד the alef (first in logical
// order) is drawn to the right of the dalet.
TEST(BookletOutput, HebrewWordsRunRightToLeftInsideEnglishLines) {
  const fs::path dir = build_game("echad");
  auto doc = open(dir / "rules-half-letter.pdf");
  ASSERT_TRUE(doc);
  bool found = false;
  for (int i = 1; i < doc->pages() && !found; ++i) {
    std::unique_ptr<poppler::page> page(doc->create_page(i));
    // Poppler may cut the word into several boxes; look at every glyph of the page.
    double alef = -1, dalet = -1;
    for (const auto& b : page->text_list()) {
      const poppler::ustring t = b.text();
      for (size_t k = 0; k < t.size(); ++k) {
        if (t[k] == 0x05D0 && alef < 0) alef = b.char_bbox(k).x();
        if (t[k] == 0x05D3 && dalet < 0) dalet = b.char_bbox(k).x();
      }
    }
    if (alef >= 0 && dalet >= 0) {
      EXPECT_GT(alef, dalet) << "page " << i + 1;
      EXPECT_LT(alef - dalet, 30) << "page " << i + 1;  // one word, not letters far apart
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace cardstock
