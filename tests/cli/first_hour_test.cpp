// The first hour with a deck of one's own (issue 47), through the real program: pictures
// named as people name them (JPEG, endings and names in any letter case).
#include <gtest/gtest.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

#include <array>
#include <fstream>

#include "one_card_game.h"
#include "output_util.h"

namespace cardstock::testing {
namespace {

namespace fs = std::filesystem;
using Rgb = std::array<int, 3>;

// A `w` x `h` picture of one colour, saved by gdk-pixbuf (librsvg's own picture loader) as
// `type` ("png" or "jpeg").
void write_picture(const fs::path& p, const char* type, Rgb c, int w = 200, int h = 280) {
  fs::create_directories(p.parent_path());
  GdkPixbuf* pb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, w, h);
  guchar* data = gdk_pixbuf_get_pixels(pb);
  const int stride = gdk_pixbuf_get_rowstride(pb);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int k = 0; k < 3; ++k) data[y * stride + x * 3 + k] = static_cast<guchar>(c[static_cast<size_t>(k)]);
  GError* err = nullptr;
  const bool ok = type == std::string("jpeg") ? gdk_pixbuf_save(pb, p.c_str(), type, &err, "quality", "95", nullptr)
                                              : gdk_pixbuf_save(pb, p.c_str(), type, &err, nullptr);
  g_object_unref(pb);
  ASSERT_TRUE(ok) << (err ? err->message : "gdk_pixbuf_save");
}

// The colour at the middle of a PNG the build wrote.
Rgb middle(const fs::path& p) {
  GError* err = nullptr;
  GdkPixbuf* pb = gdk_pixbuf_new_from_file(p.c_str(), &err);
  if (!pb) return {-1, -1, -1};
  const int n = gdk_pixbuf_get_n_channels(pb), stride = gdk_pixbuf_get_rowstride(pb);
  const guchar* at = gdk_pixbuf_get_pixels(pb) + gdk_pixbuf_get_height(pb) / 2 * stride +
                     gdk_pixbuf_get_width(pb) / 2 * n;
  const Rgb c{at[0], at[1], at[2]};
  g_object_unref(pb);
  return c;
}

bool near(Rgb a, Rgb b) {
  for (size_t k = 0; k < 3; ++k)
    if (std::abs(a[k] - b[k]) > 12) return false;
  return true;
}

// A game whose cards show the picture their `picture` field names, full card.
std::string picture_game(const std::string& cards) {
  return "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: image, src: \"{picture}\", x: 0, y: 0, w: 100%, "
         "h: 100%, fit: cover, bleed: true}]\ndecks:\n  - id: d\n    face: face\n    stocks: [tgc-poker]\n    cards:\n" +
         cards;
}

const Rgb kRed{220, 20, 20}, kGreen{20, 160, 40}, kBlue{30, 40, 200};

TEST(FirstHour, JpegPicturesAndEndingsInAnyCaseAreDrawn) {
  const fs::path dir = fresh_dir("first-hour-jpeg");
  write_picture(dir / "photo.jpg", "jpeg", kRed);
  write_picture(dir / "pictures/scan.JPEG", "jpeg", kGreen);
  write_picture(dir / "pictures/Giraffe.PNG", "png", kBlue);
  write_with_folders(dir / "g.yaml", picture_game("      - {id: a, picture: photo.jpg}\n"
                                                  "      - {id: b, picture: pictures/scan.JPEG}\n"
                                                  "      - {id: c, picture: pictures/Giraffe.PNG}\n"));
  const cardstock::testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml", "-q"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const fs::path pics = dir / "out/g/d-tgc-poker";
  EXPECT_TRUE(near(middle(pics / "001-a-front.png"), kRed)) << middle(pics / "001-a-front.png")[0];
  EXPECT_TRUE(near(middle(pics / "002-b-front.png"), kGreen));
  EXPECT_TRUE(near(middle(pics / "003-c-front.png"), kBlue));
}

TEST(FirstHour, ANameInOtherLetterCaseIsUsedWithOneWarning) {
  const fs::path dir = fresh_dir("first-hour-case");
  write_picture(dir / "pictures/Giraffe.PNG", "png", kBlue);
  write_with_folders(dir / "g.yaml", picture_game("      - {id: a, picture: pictures/giraffe.png}\n"
                                                  "      - {id: b, picture: pictures/giraffe.png}\n"
                                                  "      - {id: c, picture: pictures/Giraffe.PNG}\n"));
  const cardstock::testing::Run r = run_cardstock({"build", "-o", "out", "g.yaml", "-q"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "g.yaml:11:26: warning: card 'a': image 'pictures/giraffe.png' is spelt 'pictures/Giraffe.PNG' on disk: that "
            "file is used, but write its name as the disk spells it (other programs on Linux tell the two apart) "
            "(layer at g.yaml:5:14) (and 1 more place)\n");
  EXPECT_TRUE(near(middle(dir / "out/g/d-tgc-poker/001-a-front.png"), kBlue));
  // --strict makes it an error, as every warning.
  EXPECT_EQ(run_cardstock({"check", "g.yaml", "--strict"}, dir.string()).status, 1);
}

// A game whose cards (from words.csv) fill a rect with the colour `fill` makes of them.
std::string colour_game(const std::string& fill, const std::string& palette = "") {
  return "game: g\ntitle: G\n" + palette +
         "designs:\n  face:\n    layers: [{type: rect, x: 0, y: 0, w: 100%, h: 100%, fill: \"" + fill +
         "\"}]\ndecks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: {csv: words.csv, id_from: word}}\n";
}

const char* kWords = "word,color\nalpha,Green\nbeta,green \ngamma,navy\ndelta,gren\nepsilon, Navy\nzeta,gren\neta,bleu\n";

TEST(FirstHour, ColoursAreCssNamesAndPaletteNamesInAnyCaseAndAMisspeltOneIsSaidOnce) {
  const fs::path dir = fresh_dir("first-hour-colours");
  write_with_folders(dir / "words.csv", kWords);
  write_with_folders(dir / "g.yaml", colour_game("{color}", "colors:\n  green: \"#2e9e44\"\n"));
  const cardstock::testing::Run r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "words.csv:5:7: error: {color} is not a colour on 3 cards of deck 'd': 'gren' (did you mean 'green'?) on "
            "lines 5, 7, 'bleu' (did you mean 'blue'?) on line 8; a colour is #rrggbb, a CSS colour name (green, "
            "navy...) or a name in colors: (green) (design 'face' at g.yaml:7:14)\n" "g.yaml: 1 error(s), 0 warning(s); check failed\n");
  // Fixed, the build draws the palette's green for `Green` and `green `, CSS's navy.
  write_with_folders(dir / "words.csv", "word,color\nalpha,Green\nbeta,green \ngamma,navy\n");
  EXPECT_EQ(run_cardstock({"check", "g.yaml"}, dir.string()).err, "");
}

TEST(FirstHour, AMisspeltColourFieldIsOneError) {
  const fs::path dir = fresh_dir("first-hour-colour-field");
  write_with_folders(dir / "words.csv", kWords);
  write_with_folders(dir / "g.yaml", colour_game("{colr}"));
  const cardstock::testing::Run r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "g.yaml:5:14: error: design 'face' uses {colr}, but words.csv has no column 'colr' (did you mean "
            "'color'?); its columns are color, word\n" "g.yaml: 1 error(s), 0 warning(s); check failed\n");
}

TEST(FirstHour, AColourAfterAnUnquotedHashIsSaidAtTheHash) {
  const fs::path dir = fresh_dir("first-hour-hash");
  write_with_folders(dir / "words.csv", "word,color\nalpha,ink\n");
  write_with_folders(dir / "g.yaml", colour_game("{color}", "colors:\n  ink: #2e9e44\n"));
  cardstock::testing::Run r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "g.yaml:4:8: error: a '#' starts a comment in YAML, so this value is empty: put the colour in "
                   "quotes: \"#2e9e44\"\n" "g.yaml: 1 error(s), 0 warning(s); check failed\n");
  // In a flow map the comment breaks the map: the '#' is still the place.
  write_with_folders(dir / "g.yaml", colour_game("{color}", "colors: {ink: #2e9e44}\n"));
  r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.err, "g.yaml:3:15: error: a '#' starts a comment in YAML, so this value is empty: put the colour in "
                   "quotes: \"#2e9e44\"\n" "g.yaml: 1 error(s), 0 warning(s); check failed\n");
  // A comment after a key whose value follows below is only a comment.
  write_with_folders(dir / "g.yaml", colour_game("{color}", "colors:   #abc\n  ink: \"#2e9e44\"\n"));
  EXPECT_EQ(run_cardstock({"check", "g.yaml"}, dir.string()).err, "");
}

TEST(FirstHour, ATabInTheIndentationIsSaidAtTheTab) {
  const fs::path dir = fresh_dir("first-hour-tab");
  write_with_folders(dir / "words.csv", "word,color\nalpha,ink\n");
  write_with_folders(dir / "g.yaml", colour_game("{color}", "colors:\n  ink: \"#2e9e44\"\n\tpaper: white\n"));
  const cardstock::testing::Run r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "g.yaml:5:1: error: a tab in the indentation: YAML indents with spaces only; replace the tab "
                   "with spaces (an editor's \"convert indentation to spaces\")\n" "g.yaml: 1 error(s), 0 warning(s); check failed\n");
}

TEST(FirstHour, AColumnOfCopiesNotNamedCountGetsANote) {
  const fs::path dir = fresh_dir("first-hour-copies");
  write_with_folders(dir / "words.csv", "word,color,How many\nalpha,navy,3\n");
  write_with_folders(dir / "g.yaml", colour_game("{color}"));
  const cardstock::testing::Run r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err,
            "words.csv:1:1: note: the header row's names are read as field names: 'How many' as {how_many}\n"
            "words.csv:1:12: note: column 'How many' is a field ({how_many}), not the number of copies of each card: "
            "name the column 'count' for that\n");
}

// A table file named alone, as a teacher first writes it: the map that names it, with it.
TEST(FirstHour, ATableFileNamedAloneIsShownTheMapThatNamesIt) {
  const fs::path dir = fresh_dir("first-hour-cards-file");
  write_with_folders(dir / "words.csv", "word\nalpha\n");
  write_with_folders(dir / "g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{word}\"}]\n"
                                     "decks:\n  - id: d\n    face: face\n    cards: words.csv\n");
  const cardstock::testing::Run r = run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "g.yaml:9:12: error: 'cards' must be a list, or a map with csv, sheet or images (e.g. cards: "
                   "{csv: words.csv})\ng.yaml: 1 error(s), 0 warning(s); check failed\n");
}

}  // namespace
}  // namespace cardstock::testing
