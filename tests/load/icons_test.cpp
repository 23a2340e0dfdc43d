// Icons in text: the `icons:` map checked at load (names, files, the image checks), the
// references found in text and replaced for the renderer, unknown names reported where
// they are written (a CSV cell, the layer's text) with the nearest name.
#include "load/images/icons.h"

#include <gtest/gtest.h>

#include <fstream>

#include "layout/layout.h"
#include "load/load.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const char* kSvg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>\n";

std::string game(const std::string& icons, const std::string& text, const std::string& cards) {
  return "game: t\ntitle: T\n" + icons + "designs:\n  face:\n    layers:\n      - {type: text, text: \"" + text +
         "\", h: 20mm}\ndecks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards: " + cards + "\n";
}

struct Laid {
  std::vector<CardArt> arts;
  std::string diags;  // the folder written as "D"
};

// Writes t.yaml, the CSV w.csv and icons/coin.svg into a fresh folder, loads it and lays
// out every face with FixedMeasurer.
Laid lay_out(const std::string& yaml, const std::string& csv = "") {
  const fs::path dir = testing::fresh_dir("icons");
  fs::create_directories(dir / "icons");
  std::ofstream(dir / "icons/coin.svg") << kSvg;
  std::ofstream(dir / "icons/coin.gif") << "GIF89a";
  std::ofstream(dir / "t.yaml") << yaml;
  if (!csv.empty()) std::ofstream(dir / "w.csv") << csv;
  Diagnostics d;
  Laid l;
  auto g = load_game((dir / "t.yaml").string(), testing::shipped_templates(), d);
  if (g && !d.has_errors()) {
    FixedMeasurer m;
    for (const auto& deck : g->decks)
      for (const auto& card : deck.cards) l.arts.push_back(resolve_card(*g, deck, card, g->designs.at(deck.face), m, d));
  }
  l.diags = testing::replace_all(testing::without_numbering_note(d.str()), dir.string(), "D");
  return l;
}

}  // namespace

TEST(Icons, ReferencesFoundInText) {
  const auto refs = icon_refs("Pay 2 :shekel: or <icon name=\"virtue\"/>, <icon  name = 'a-b' />; 10:30:", true);
  ASSERT_EQ(refs.size(), 3u);
  EXPECT_EQ(refs[0].name, "shekel");
  EXPECT_EQ(refs[0].at, 6u);
  EXPECT_EQ(refs[0].len, 8u);
  EXPECT_EQ(refs[1].name, "virtue");
  EXPECT_EQ(refs[2].name, "a-b");
  // Without icons declared, colons are text; the tag is still a reference.
  EXPECT_EQ(icon_refs("Note: a :b: c", false).size(), 0u);
  EXPECT_EQ(icon_refs(":a::b:", true).size(), 2u);
}

TEST(Icons, TextGetsAnObjectReplacementCharacterPerIcon) {
  const Laid l = lay_out(game("icons: {coin: icons/coin.svg}\n", "{text}",
                              "[{text: 'Pay 2 :coin: to build <icon name=\"coin\"/>'}]"));
  ASSERT_EQ(l.diags, "");
  ASSERT_EQ(l.arts.size(), 1u);
  const ArtItem& it = l.arts[0].items.at(0);
  EXPECT_EQ(it.text, std::string("Pay 2 ") + kIconChar + " to build " + kIconChar);
  ASSERT_EQ(it.style.icons.size(), 2u);
  EXPECT_EQ(fs::path(it.style.icons[0]).filename(), "coin.svg");
}

// "\:coin:" is the text ":coin:" (a word joiner after its first colon keeps it from
// being read as an icon again), and an unknown name behind a backslash is no error.
TEST(Icons, ABackslashWritesTheCodeItself) {
  const auto refs = icon_refs("a \\:coin: b :coin:", true);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_TRUE(refs[0].escaped);
  EXPECT_EQ(refs[0].at, 2u);
  EXPECT_EQ(refs[0].len, 7u);
  EXPECT_FALSE(refs[1].escaped);
  const Laid l = lay_out(game("icons: {coin: icons/coin.svg}\n", "{text}",
                              "[{text: 'Write \\:coin: or \\:nope: for :coin:'}]"));
  ASSERT_EQ(l.diags, "");
  const ArtItem& it = l.arts.at(0).items.at(0);
  EXPECT_EQ(it.text, std::string("Write :\u2060coin: or :\u2060nope: for ") + kIconChar);
  EXPECT_EQ(it.style.icons.size(), 1u);
}

TEST(Icons, UnknownNamesAreErrorsWhereTheyAreWritten) {
  // In a CSV cell: at that cell, with the nearest name and the game's icons.
  Laid l = lay_out(game("icons: {coin: icons/coin.svg}\n", "{word}: {rule}", "{csv: w.csv}"),
                   "word,rule\nbuild,Pay 2 :coin:\ntrade,\"Pay 1 :con:\"\n");
  EXPECT_EQ(l.diags,
            "D/w.csv:3:7: error: card 'd-2': unknown icon 'con' (did you mean 'coin'?); the game's icons: coin "
            "(layer at D/t.yaml:7:9)\n");
  // In the layer's own text: at the text (its opening quote), once for all the cards.
  l = lay_out(game("icons: {coin: icons/coin.svg}\n", "<icon name='coins'/> {word}", "[{word: a}, {word: b}]"));
  EXPECT_EQ(l.diags, "D/t.yaml:7:28: error: unknown icon 'coins' (did you mean 'coin'?); the game's icons: coin\n");
  // A tag in a game that declares none.
  l = lay_out(game("", "<icon name='coin'/>", "[{word: a}]"));
  EXPECT_EQ(l.diags, "D/t.yaml:6:28: error: unknown icon 'coin'; the game declares no icons (add them "
                     "under `icons:`)\n");
  // Colons are text in such a game.
  l = lay_out(game("", "Ratio 1:two:3", "[{word: a}]"));
  EXPECT_EQ(l.diags, "");
  EXPECT_EQ(l.arts.at(0).items.at(0).text, "Ratio 1:two:3");
}

TEST(Icons, DeclaredFilesAreChecked) {
  const Laid l = lay_out(game("icons:\n  coin: icons/coin.gif\n  Big: icons/coin.svg\n  gone: icons/gone.svg\n"
                              "  out: ../coin.svg\n  dir: icons/\n  list: [a]\n",
                              "a", "[{word: a}]"));
  EXPECT_EQ(l.diags,
            "D/t.yaml:4:9: error: icon 'coin': 'icons/coin.gif' must be .svg, .png, .jpg or .jpeg\n"
            "D/t.yaml:5:3: error: icon name 'Big' must be lower-case letters, digits, '_' or '-', starting with a "
            "letter\n"
            "D/t.yaml:6:9: error: icon 'gone': 'icons/gone.svg' cannot be read: No such file or directory (looked for "
            "D/icons/gone.svg)\n"
            "D/t.yaml:7:8: error: icon 'out': '../coin.svg' leads outside the project folder D (pass "
            "--allow-outside to permit it)\n"
            "D/t.yaml:8:8: error: icon 'dir': 'icons/' must be .svg, .png, .jpg or .jpeg\n"
            "D/t.yaml:9:9: error: icon 'list' must be the name of an SVG, PNG or JPEG file\n");
}

}  // namespace cardstock
