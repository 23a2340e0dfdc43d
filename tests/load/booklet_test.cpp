#include "load/booklet/booklet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>

#include "layout/booklet_layout.h"
#include "layout/hyphenate.h"
#include "test_util.h"

namespace cardstock {

namespace {

using testing::mm;

const char* kGame = R"(game: t
title: T
designs:
  face:
    layers:
      - {type: text, text: "{name}", x: 5mm, y: 5mm, w: 50mm, h: 10mm}
      - {type: image, src: "assets/echad/maps/{map}.svg", x: 5mm, y: 20mm, w: 50mm, h: 40mm}
      - {type: text, text: "{period}", x: 5mm, y: 70mm, w: 50mm, h: 10mm}
decks:
  - id: cards
    title: Test cards
    face: face
    cards:
      - {id: a, name: Alpha, map: egypt, period: one, count: 3}
      - {id: b, name: Beta, map: egypt, period: two}
      - {id: c, name: Gamma, map: mesopotamia, period: one}
tables:
  hands:
    columns: [Players, Cards]
    rows: [["2 to 5", 5], ["6 or 7", 4]]
)";

Game game(const std::string& yaml = kGame) {
  Diagnostics d;
  auto g = parse_game(yaml, "t.yaml", testing::source_dir() + "/content", testing::shipped_templates(), d);
  if (!g || d.has_errors()) throw std::runtime_error(d.str());
  return *g;
}

std::vector<Block> parse(const std::string& md, const Game& g, std::string* diags = nullptr) {
  Diagnostics d;
  auto blocks = parse_booklet(md, "r.md", g, d);
  if (diags) *diags = d.str();
  else EXPECT_EQ(d.str(), "");
  return blocks;
}

std::string errors_of(const std::string& md) {
  std::string diags;
  parse(md, game(), &diags);
  return diags;
}

}  // namespace

// ---- imposition -------------------------------------------------------------------

TEST(Imposition, PaddedPageCount) {
  EXPECT_EQ(padded_page_count(1), 4);
  EXPECT_EQ(padded_page_count(4), 4);
  EXPECT_EQ(padded_page_count(5), 8);
  EXPECT_EQ(padded_page_count(10), 12);
  EXPECT_EQ(padded_page_count(16), 16);
  EXPECT_EQ(padded_page_count(17), 20);
}

TEST(Imposition, FourAndEightPagesInPrintOrder) {
  auto s4 = saddle_stitch_sides(4);
  ASSERT_EQ(s4.size(), 2u);
  EXPECT_EQ((std::vector<int>{s4[0].left, s4[0].right, s4[1].left, s4[1].right}), (std::vector<int>{4, 1, 2, 3}));
  EXPECT_FALSE(s4[0].back);
  EXPECT_TRUE(s4[1].back);
  auto s8 = saddle_stitch_sides(8);
  std::vector<int> got;
  for (const auto& s : s8) got.insert(got.end(), {s.left, s.right});
  EXPECT_EQ(got, (std::vector<int>{8, 1, 2, 7, 6, 3, 4, 5}));
}

// Folding the printed stack by hand: sheets nested with sheet 1 outermost, a reader
// meets, going forward, the right half of each front and then the left half of its back
// (sheets outer to inner), then the right half of each back and the left half of each
// front (inner to outer). That sequence must be 1..N for every size.
TEST(Imposition, FoldedStackReadsInOrderFor4To20Pages) {
  for (int n : {4, 8, 12, 16, 20}) {
    const auto sides = saddle_stitch_sides(n);
    ASSERT_EQ(static_cast<int>(sides.size()), n / 2) << n;
    const int sheets = n / 4;
    std::vector<int> read;
    for (int s = 0; s < sheets; ++s) {
      read.push_back(sides[2 * s].right);
      read.push_back(sides[2 * s + 1].left);
    }
    for (int s = sheets - 1; s >= 0; --s) {
      read.push_back(sides[2 * s + 1].right);
      read.push_back(sides[2 * s].left);
    }
    std::vector<int> want(n);
    for (int i = 0; i < n; ++i) want[i] = i + 1;
    EXPECT_EQ(read, want) << n << " pages";
    // Left and right pages of a side always add up to n + 1 (they face across the fold).
    for (const auto& s : sides) EXPECT_EQ(s.left + s.right, n + 1) << n;
  }
}

TEST(Imposition, TenPagesArePaddedWithTwoBlanksAtTheEnd) {
  const auto sides = saddle_stitch_sides(10);
  ASSERT_EQ(sides.size(), 6u);  // three sheets
  std::map<int, int> seen;
  for (const auto& s : sides) {
    ++seen[s.left];
    ++seen[s.right];
  }
  for (int p = 1; p <= 12; ++p) EXPECT_EQ(seen[p], 1) << p;
  // The blanks (11 and 12) share the outer sheet with the cover and page 2.
  EXPECT_EQ(sides[0].left, 12);
  EXPECT_EQ(sides[0].right, 1);
  EXPECT_EQ(sides[1].left, 2);
  EXPECT_EQ(sides[1].right, 11);
}

TEST(Imposition, HalfLetterPagesFillALandscapeLetterSheetWithFoldMarks) {
  const Imposition imposition = impose_saddle_stitch(8, 396, 612, 792, 612);
  ASSERT_EQ(imposition.error, "");
  const auto& sides = imposition.sides;
  ASSERT_EQ(sides.size(), 4u);
  for (const auto& s : sides) {
    EXPECT_NEAR(s.left.x, 0, 1e-9);
    EXPECT_NEAR(s.right.x, 396, 1e-9);
    EXPECT_NEAR(s.left.y, 0, 1e-9);
    EXPECT_NEAR(s.left.w, 396, 1e-9);
    EXPECT_NEAR(s.right.h, 612, 1e-9);
  }
  ASSERT_EQ(sides[0].folds.size(), 2u);
  for (const auto& f : sides[0].folds) {
    EXPECT_EQ(f.kind, CutKind::Fold);
    EXPECT_NEAR(f.x1, 396, 1e-9);
    EXPECT_NEAR(f.x2, 396, 1e-9);
    // Outside the quarter inch printers leave unprinted, short enough to miss the head.
    EXPECT_NEAR(std::min(f.y1, f.y2), f.y1 < 306 ? 18 : 612 - 32, 1e-9);
    EXPECT_NEAR(std::max(f.y1, f.y2), f.y1 < 306 ? 32 : 612 - 18, 1e-9);
  }
  EXPECT_TRUE(sides[1].folds.empty());  // backs carry no marks
}

TEST(Imposition, A5PagesMeetAtTheCentreOfLandscapeA4) {
  const double a4w = 297 * 72 / 25.4, a4h = 210 * 72 / 25.4;
  const double a5w = 148 * 72 / 25.4, a5h = 210 * 72 / 25.4;
  const auto sides = impose_saddle_stitch(12, a5w, a5h, a4w, a4h).sides;
  ASSERT_EQ(sides.size(), 6u);
  EXPECT_NEAR(mm(sides[0].left.x), 0.5, 0.01);  // (297 - 2 x 148) / 2
  EXPECT_NEAR(mm(sides[0].right.x), 148.5, 0.01);
  EXPECT_NEAR(mm(sides[0].folds[0].x1), 148.5, 0.01);
}

TEST(Imposition, PagesTooBigForTheSheetAreRefused) {
  const Imposition imposition = impose_saddle_stitch(4, 612, 792, 792, 612);
  EXPECT_TRUE(imposition.sides.empty());
  EXPECT_EQ(imposition.error, "two 612 x 792 pt pages do not fit across a 792 x 612 pt sheet");
}

// ---- Markdown and directives --------------------------------------------------------

TEST(BookletMarkdown, InlineMarkupIsEscapedAndPaired) {
  EXPECT_EQ(inline_markup("**bold** and *it* a<b & c"), "<b>bold</b> and <i>it</i> a&lt;b &amp; c");
  EXPECT_EQ(inline_markup("2 * 3 = 6"), "2 * 3 = 6");
  EXPECT_EQ(inline_markup("a \\*star\\*"), "a *star*");
  EXPECT_EQ(inline_markup("**a *b* c**"), "<b>a <i>b</i> c</b>");
  EXPECT_EQ(inline_markup("**unclosed"), "**unclosed");
}

TEST(BookletMarkdown, BlocksOfEveryKind) {
  const std::string md =
      "# Setting *up*\n"
      "\n"
      "First line\n"
      "continues here.\n"
      "\n"
      "## Dealing\n"
      "- one\n"
      "  more\n"
      "- two\n"
      "3. third\n"
      "<!-- not printed -->\n"
      "> **Example.** A tip\n"
      ">\n"
      "> second para\n"
      "\n"
      "| A | B |\n"
      "|---|:-:|\n"
      "| x | *y* |\n"
      "{{pagebreak}}\n";
  const auto b = parse(md, game());
  ASSERT_EQ(b.size(), 9u);
  EXPECT_EQ(b[0].kind, BlockKind::Heading);
  EXPECT_EQ(b[0].level, 1);
  EXPECT_EQ(b[0].text, "Setting <i>up</i>");
  EXPECT_EQ(b[0].plain, "Setting up");
  EXPECT_EQ(b[1].kind, BlockKind::Paragraph);
  EXPECT_EQ(b[1].text, "First line continues here.");
  EXPECT_EQ(b[1].mark.str(), "r.md:3:1");
  EXPECT_EQ(b[2].level, 2);
  EXPECT_EQ(b[3].kind, BlockKind::Bullet);
  EXPECT_EQ(b[3].text, "one more");
  EXPECT_EQ(b[4].text, "two");
  EXPECT_EQ(b[5].kind, BlockKind::Numbered);
  EXPECT_EQ(b[5].number, "3.");
  EXPECT_EQ(b[6].kind, BlockKind::Callout);
  EXPECT_EQ(b[6].paragraphs, (std::vector<std::string>{"<b>Example.</b> A tip", "second para"}));
  EXPECT_EQ(b[7].kind, BlockKind::Table);
  EXPECT_EQ(b[7].header, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(b[7].rows, (std::vector<std::vector<std::string>>{{"x", "<i>y</i>"}}));
  EXPECT_EQ(b[8].kind, BlockKind::PageBreak);
}

TEST(BookletMarkdown, CountsComeFromTheDeck) {
  const auto b = parse("The deck has {{count cards}} cards, {{count cards map=egypt}} of Egypt.\n", game());
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].text, "The deck has 5 cards, 4 of Egypt.");
}

TEST(BookletMarkdown, GeneratedTablesTrackTheYaml) {
  const std::string md =
      "{{parts}}\n"
      "{{tally cards map header=\"Region, Cards\" names=\"egypt=Egypt\"}}\n"
      "{{fields cards name period}}\n"
      "{{table hands caption=\"Deal *this* many\"}}\n";
  auto b = parse(md, game());
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(b[0].rows, (std::vector<std::vector<std::string>>{{"Test cards", "5"}}));
  EXPECT_EQ(b[1].header, (std::vector<std::string>{"Region", "Cards"}));
  EXPECT_EQ(b[1].rows, (std::vector<std::vector<std::string>>{{"Egypt", "4"}, {"mesopotamia", "1"}}));
  EXPECT_EQ(b[2].header, (std::vector<std::string>{"Name", "Period"}));
  EXPECT_EQ(b[2].rows.size(), 3u);
  EXPECT_EQ(b[2].rows[1], (std::vector<std::string>{"Beta", "two"}));
  EXPECT_EQ(b[3].header, (std::vector<std::string>{"Players", "Cards"}));
  EXPECT_EQ(b[3].rows[1], (std::vector<std::string>{"6 or 7", "4"}));
  EXPECT_EQ(b[3].caption, "Deal <i>this</i> many");

  // Change a count in the YAML: every generated number follows.
  std::string yaml = kGame;
  yaml.replace(yaml.find("count: 3"), 8, "count: 7");
  b = parse(md + "Now {{count cards}}.\n", game(yaml));
  EXPECT_EQ(b[0].rows[0][1], "9");
  EXPECT_EQ(b[1].rows[0][1], "8");
  EXPECT_EQ(b[4].text, "Now 9.");
}

TEST(BookletMarkdown, FigureCardsAndLabels) {
  const auto b = parse("{{card cards a b caption=\"Two cards\" labels=\"name=The name; period=When\"}}\n", game());
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].kind, BlockKind::Figure);
  ASSERT_EQ(b[0].cards.size(), 2u);
  EXPECT_EQ(b[0].cards[1].card, "b");
  EXPECT_NEAR(mm(b[0].cards[0].width), 63.5, 0.01);
  EXPECT_NEAR(mm(b[0].cards[0].height), 88.9, 0.01);
  ASSERT_EQ(b[0].labels.size(), 2u);
  EXPECT_EQ(b[0].labels[1].field, "period");
  EXPECT_EQ(b[0].labels[1].text, "When");
}

TEST(BookletMarkdown, EveryProblemIsReportedWithItsPlace) {
  const std::string md =
      "{{tabel hands}}\n"                               // 1
      "{{tally crads map}}\n"                           // 2
      "Has {{count cards mapp=egypt}} and\n"            // 3
      "{{count cards map=egpyt}} cards.\n"              // 4
      "\n"
      "{{card cards zeta}}\n"                           // 6
      "{{table nope}}\n"                                // 7
      "{{tally cards map header=\"A, B, C\"}}\n"        // 8
      "{{tally cards map colour=red}}\n"                // 9
      "See {{table hands}} here {{count cards\n"        // 10
      "\n"
      "### Too deep\n"                                  // 12
      "| a | b |\n"                                     // 13
      "|---|---|\n"
      "| 1 |\n"                                         // 15
      "{{card cards a labels=\"nope=X\"}}\n";           // 16
  EXPECT_EQ(errors_of(md),
            "r.md:1:3: error: unknown directive 'tabel' (did you mean 'table'?)\n"
            "r.md:2:9: error: unknown deck 'crads' (did you mean 'cards'?)\n"
            "r.md:3:19: error: no card of deck 'cards' has a field 'mapp' (did you mean 'map'?)\n"
            "r.md:4:15: error: no card of deck 'cards' has map 'egpyt' (did you mean 'egypt'?)\n"
            "r.md:6:14: error: deck 'cards' has no card 'zeta'\n"
            "r.md:7:9: error: unknown table 'nope' (tables are defined under 'tables:' in the game file)\n"
            "r.md:8:3: error: 'header' names 3 column(s) but 'tally' makes 2\n"
            "r.md:9:19: error: 'tally' has no option 'colour'\n"
            "r.md:10:7: error: 'table' places a block: put it on a line of its own\n"
            "r.md:10:26: error: '{{' without a closing '}}'\n"
            "r.md:12:1: error: headings are '# Title' or '## Title' (a space after the #)\n"
            "r.md:15:1: error: this table row has 1 cells but the header has 2\n"
            "r.md:16:3: error: no card of deck 'cards' has a field 'nope'\n");
}

TEST(BookletMarkdown, LoadBookletReportsAMissingSourceAtTheBookletKey) {
  std::string yaml = std::string(kGame) + "booklet:\n  source: missing.md\n";
  Game g = game(yaml);
  Diagnostics d;
  EXPECT_FALSE(load_booklet(g, d));
  EXPECT_EQ(d.str(), "t.yaml:22:3: error: cannot read the booklet source 'missing.md': No such file or directory (looked for " +
                         testing::source_dir() + "/content/missing.md)\n");
}

TEST(BookletMarkdown, BookletSectionIsValidated) {
  const std::string diags = testing::diagnostics_of(
      std::string(kGame) + "booklet:\n  source: r.md\n  acent: blue\n  body_font: Noto Serf\n");
  EXPECT_EQ(diags,
            "t.yaml:23:3: error: unknown key 'acent' in booklet (did you mean 'accent'?)\n"
            "t.yaml:24:14: error: unknown font 'Noto Serf' (did you mean 'Noto Serif'?); available: Noto Sans, "
            "Noto Serif, Noto Sans Hebrew, Noto Serif Hebrew, DejaVu Sans, Noto Sans Arabic\n");
}

TEST(BookletMarkdown, TableRowsMustMatchTheirColumns) {
  std::string yaml = kGame;
  yaml.replace(yaml.find("[\"6 or 7\", 4]"), 13, "[\"6 or 7\"]");
  EXPECT_EQ(testing::diagnostics_of(yaml),
            "t.yaml:20:27: error: table 'hands': this row has 1 values but there are 2 columns\n");
}

// ---- hyphenation ----------------------------------------------------------------------

namespace {
// Allows a break after every second letter.
struct EveryTwo : Hyphenator {
  std::vector<size_t> breaks(const std::string& w) const override {
    std::vector<size_t> v;
    for (size_t i = 2; i < w.size(); i += 2) v.push_back(i);
    return v;
  }
};
}  // namespace

TEST(Hyphenation, SoftHyphensGoInsideLongWordsOnly) {
  const std::string shy = "\xC2\xAD";
  EXPECT_EQ(hyphenate_markup("<b>abcdefgh</b> &amp; short", EveryTwo{}),
            "<b>ab" + shy + "cd" + shy + "efgh</b> &amp; short");  // never 3 letters or fewer after
  // Tags and entities are never touched, however long.
  EXPECT_EQ(hyphenate_markup("<span foreground=\"#abcdef\">x</span>&quotation;", EveryTwo{}),
            "<span foreground=\"#abcdef\">x</span>&quotation;");
}

TEST(Hyphenation, TheShippedDictionaryBreaksEnglishWords) {
  auto loaded = DictHyphenator::load("/usr/share/hyphen/hyph_en_US.dic");
  ASSERT_TRUE(loaded.dict) << loaded.error;
  EXPECT_EQ(loaded.dict->breaks("hyphenation"), (std::vector<size_t>{2, 6}));  // hy-phen-ation
  loaded = DictHyphenator::load("/nonexistent.dic");
  EXPECT_EQ(loaded.dict, nullptr);
  EXPECT_EQ(loaded.error, "cannot load hyphenation dictionary '/nonexistent.dic'");
}

// ---- pagination (fixed metrics: 10 pt text is 5 pt a character, 12 pt a line) -------

namespace {

Booklet sample(int sections, int paras_per_section, int words_per_para) {
  Booklet b;
  b.title = "Test";
  b.accent = Color{0.1, 0.3, 0.6, 1};
  b.body_font = "Noto Serif";
  b.heading_font = "Noto Sans";
  for (int s = 0; s < sections; ++s) {
    Block h;
    h.kind = BlockKind::Heading;
    h.level = 1;
    h.text = h.plain = "Section " + std::to_string(s + 1);
    b.blocks.push_back(h);
    for (int p = 0; p < paras_per_section; ++p) {
      Block para;
      para.kind = BlockKind::Paragraph;
      for (int w = 0; w < words_per_para; ++w) para.text += (w ? " " : "") + std::string("word") + std::to_string(w % 10);
      b.blocks.push_back(para);
    }
  }
  return b;
}

// Lines of each paragraph that landed on each page, in order.
struct Fragment {
  size_t page;
  int first, count, total;
};

}  // namespace

TEST(BookletPagination, PagesNumbersMarginsAndTextArea) {
  FixedMeasurer m;
  Diagnostics d;
  const auto bl = layout_booklet(sample(3, 4, 120), 396, 612, m, nullptr, d);
  EXPECT_EQ(d.str(), "");
  ASSERT_GE(bl.pages.size(), 3u);
  EXPECT_EQ(bl.pages[0].role, "cover");
  const BookletMargins mg = booklet_margins(396, 612);
  for (size_t i = 1; i < bl.pages.size(); ++i) {
    const BookletPage& p = bl.pages[i];
    EXPECT_EQ(p.number, static_cast<int>(i) + 1);
    EXPECT_EQ(p.role, "body");
    // Odd (right-hand) pages have the wider margin on the left, at the spine.
    EXPECT_NEAR(p.text_area.x, p.number % 2 ? mg.inner : mg.outer, 1e-9);
    EXPECT_NEAR(p.text_area.right(), 396 - (p.number % 2 ? mg.outer : mg.inner), 1e-9);
    for (const auto& it : p.items) {
      if (it.type != LayerType::Text) continue;
      const bool furniture = p.head.contains(it.box) || p.foot.contains(it.box);
      EXPECT_TRUE(furniture || p.text_area.contains(it.box, 0.01))
          << "page " << p.number << ": '" << it.text << "' at " << it.box.x << "," << it.box.y << " "
          << it.box.w << "x" << it.box.h;
    }
  }
  // Contents lists each section on the page where its heading is.
  ASSERT_EQ(bl.contents.size(), 3u);
  EXPECT_EQ(bl.contents[0], (std::pair<std::string, int>{"Section 1", 2}));
}

TEST(BookletPagination, NoWidowsOrOrphansAndHeadingsStayWithTheirText) {
  FixedMeasurer m;
  int splits = 0;
  // Many paragraph lengths so that page breaks fall everywhere inside paragraphs.
  for (int words = 30; words <= 150; words += 7) {
    Diagnostics d;
    const auto bl = layout_booklet(sample(4, 5, words), 396, 612, m, nullptr, d);
    std::map<std::string, std::vector<Fragment>> frags;  // by text
    for (size_t pg = 1; pg < bl.pages.size(); ++pg) {
      const auto& items = bl.pages[pg].items;
      for (size_t i = 0; i < items.size(); ++i) {
        const ArtItem& it = items[i];
        if (it.type != LayerType::Text || it.style.size != 15) continue;
        // A section heading is followed on its page by at least two lines of text.
        bool text_after = false;
        for (size_t j = i + 1; j < items.size(); ++j)
          if (items[j].type == LayerType::Text && items[j].style.size == 10 &&
              (items[j].line_count == 0 || items[j].line_count >= 2))
            text_after = true;
        EXPECT_TRUE(text_after) << words << " words: heading '" << it.text << "' ends page " << pg + 1;
      }
      for (const auto& it : items)
        if (it.type == LayerType::Text && it.line_count > 0) {
          const int total = static_cast<int>(m.line_heights(it.text, it.style, it.box.w).size());
          frags[it.text].push_back({pg, it.first_line, it.line_count, total});
        }
    }
    for (const auto& [text, fs] : frags)
      for (const auto& f : fs) {
        EXPECT_GE(f.count, 2) << words << " words: a single line on page " << f.page + 1;
        EXPECT_LE(f.first + f.count, f.total);
        ++splits;
      }
  }
  EXPECT_GT(splits, 20);  // the rule was really exercised
}

TEST(BookletPagination, ContentsPageOnlyPastEightPages) {
  FixedMeasurer m;
  Diagnostics d;
  const auto short_b = layout_booklet(sample(2, 2, 60), 396, 612, m, nullptr, d);
  ASSERT_LE(short_b.pages.size(), 8u);
  for (const auto& p : short_b.pages) EXPECT_NE(p.role, "contents");
  const auto long_b = layout_booklet(sample(12, 4, 150), 396, 612, m, nullptr, d);
  ASSERT_GT(long_b.pages.size(), 8u);
  EXPECT_EQ(long_b.pages[1].role, "contents");
  EXPECT_EQ(long_b.pages[2].number, 3);
  EXPECT_EQ(long_b.contents.front().second, 3);
  // The running head of a page names the section it starts or continues.
  for (const auto& p : long_b.pages) {
    if (p.role == "body") {
      EXPECT_FALSE(p.section.empty()) << p.number;
    }
  }
}

TEST(BookletPagination, PageBreakStartsANewPageAndTallBlocksWarn) {
  FixedMeasurer m;
  Booklet b = sample(1, 1, 20);
  Block br;
  br.kind = BlockKind::PageBreak;
  b.blocks.push_back(br);
  Block tall;
  tall.kind = BlockKind::Callout;
  tall.mark = {"r.md", 9, 1};
  for (int i = 0; i < 60; ++i) tall.paragraphs.push_back("a line of callout text");
  b.blocks.push_back(tall);
  Diagnostics d;
  const auto bl = layout_booklet(b, 396, 612, m, nullptr, d);
  EXPECT_EQ(bl.pages.size(), 3u);  // cover, the paragraph, the callout
  EXPECT_EQ(d.str(), "r.md:9:1: warning: this block is taller than a booklet page and will be cut off\n");
}

TEST(BookletPagination, FigureLabelsPointAtTheirFields) {
  FixedMeasurer m;
  Booklet b = sample(1, 0, 0);
  Block fig;
  fig.kind = BlockKind::Figure;
  fig.cards.push_back({"cards", "a", 180, 252, Shape::Rect});
  FigureLabel name{"name", "Name", 14, 14, 142, 28};
  FigureLabel when{"period", "When", 14, 200, 142, 28};
  fig.labels = {name, when};
  b.blocks.push_back(fig);
  Diagnostics d;
  const auto bl = layout_booklet(b, 396, 612, m, nullptr, d);
  const BookletPage& p = bl.pages.at(1);
  ASSERT_EQ(p.cards.size(), 1u);
  const PlacedCard& c = p.cards[0];
  EXPECT_LE(c.trim.w, p.text_area.w * 0.5 + 1e-9);  // half the measure, labels beside it
  std::vector<const ArtItem*> leaders;
  for (const auto& it : p.items)
    if (it.type == LayerType::Line && it.box.w < 0) leaders.push_back(&it);
  ASSERT_EQ(leaders.size(), 2u);
  // Each leader ends on the right edge of its field's box, at its middle.
  EXPECT_NEAR(leaders[0]->box.right(), c.trim.x + 156 * c.scale, 1e-6);
  EXPECT_NEAR(leaders[0]->box.bottom(), c.trim.y + 28 * c.scale, 1e-6);
  EXPECT_NEAR(leaders[1]->box.bottom(), c.trim.y + 214 * c.scale, 1e-6);
}

TEST(BookletFigures, FieldAnchorFindsTheLayerThatShowsAField) {
  Game g = game();
  const Design& des = g.designs.at("face");
  CardArt art;
  for (size_t i = 0; i < des.layers.size(); ++i) {
    ArtItem it;
    it.layer = static_cast<int>(i);
    it.box = {double(i), double(10 * i), 5, 5};
    art.items.push_back(it);
  }
  EXPECT_NEAR(field_anchor(des, art, "map").y, 10, 1e-9);
  EXPECT_NEAR(field_anchor(des, art, "period").y, 20, 1e-9);
  EXPECT_EQ(field_anchor(des, art, "nothing").w, 0);
}

}  // namespace cardstock

namespace cardstock {

TEST(Booklet, RulesTextThatCannotBeDrawnIsAnErrorAtItsByte) {
  EXPECT_EQ(errors_of("# Rules\n\nLatin-1: caf\xe9.\n\n- an item \x01\nand \x00 more\n"),
            "r.md:3:13: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 "
            "or Windows-1252)\n"
            "r.md:5:11: error: control character U+0001 cannot be drawn: remove it\n");
  EXPECT_EQ(errors_of(std::string("# Rules\n\nA NUL \0 byte.\n", 23)),
            "r.md:3:7: error: a NUL byte (U+0000) cannot be drawn: remove it\n");
  EXPECT_EQ(errors_of("# Rules\n\nA lost letter: caf\xef\xbf\xbd.\n"),
            "r.md:3:19: warning: U+FFFD '\xef\xbf\xbd', the replacement character, stands for a letter "
            "lost when this text was converted from another encoding: type the letter again\n");
  EXPECT_EQ(errors_of("\xff\xfe#\0 \0R\0"), "r.md: error: this file is UTF-16 text (little-endian, with a byte-order mark), not UTF-8: save it as UTF-8 (the encoding \"UTF-8\" in the editor's Save As; or iconv -f UTF-16LE -t UTF-8)\n");
}

TEST(Booklet, AByteOrderMarkIsNoPartOfTheText) {
  const auto blocks = parse("\xef\xbb\xbf# Rules\r\n\r\nText.\r\n", game());
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].kind, BlockKind::Heading);
  EXPECT_EQ(blocks[0].text, "Rules");
}

}  // namespace cardstock

namespace cardstock {

namespace {

// Arabic letters are drawn by another family (see layout_test's FontsFake).
class ArabicFake : public FixedMeasurer {
 public:
  std::vector<FontIssue> font_issues(const std::string& text, const TextStyle& st, double) const override {
    if (text.find("\xd9\x85") == std::string::npos) return {};
    FontIssue f;
    f.family = st.font;
    f.used = "DejaVu Sans";
    f.script = "arabic";
    f.chars = {U'\u0645'};
    f.suggest = {"Noto Sans Arabic"};
    return {f};
  }
};

}  // namespace

// Booklet text is checked as drawn: a problem is reported at the character in the
// Markdown, or at the directive whose table holds it, once for both paper sizes.
TEST(BookletPagination, FontIssuesPointAtTheCharacter) {
  std::string y = kGame;
  y.replace(y.find("name: Gamma"), 11, "name: \"مرحبا\"");
  Game g = game(y);
  Diagnostics d;
  Booklet b = booklet_from_text(g, "# Rules\n\nThe word\nfor peace is سلام.\n\n{{fields cards name}}\n", "r.md", d);
  ASSERT_EQ(d.str(), "");
  b.body_font = "Noto Serif";  // as a booklet section's defaults
  b.heading_font = "Noto Sans";
  ArabicFake m;
  layout_booklet(b, 396, 612, m, nullptr, d);
  layout_booklet(b, 420, 595, m, nullptr, d);
  EXPECT_EQ(d.str(),
            "r.md:4:20: warning: 'سلام.' has Arabic characters (U+0645 'م') that Noto Serif does not have: "
            "they are drawn in DejaVu Sans instead (let Noto Sans Arabic draw them: add arabic to its "
            "fallback_for in templates/fonts.yaml)\n"
            "r.md:6:3: warning: 'مرحبا' has Arabic characters (U+0645 'م') that Noto Sans does not have: they "
            "are drawn in DejaVu Sans instead (let Noto Sans Arabic draw them: add arabic to its "
            "fallback_for in templates/fonts.yaml)\n");
}

}  // namespace cardstock
