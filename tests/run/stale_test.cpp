// Stale outputs through the real program: after a plain build, `--stock tts` into the
// same folder removes the Letter and A4 sheets the manifest no longer lists, says so in
// one line, and keeps them under --keep-stale; nothing cardstock did not write goes (a
// file of the user's, a symbolic link, a name a hand-edited manifest lists); a build in
// shares (-j) removes them too.
#include <gtest/gtest.h>

#include <fstream>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const char* kGame =
    "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
    "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter, poker-3x3-a4], cards: [{t: a}, {t: b}]}\n";

struct Folder {
  fs::path dir, game, out;
};

Folder built_plain(const std::string& name) {
  Folder f;
  f.dir = testing::fresh_dir(name);
  f.game = f.dir / "g.yaml";
  f.out = f.dir / "out";
  std::ofstream(f.game) << kGame;
  const testing::Run r = testing::run_cardstock({"build", f.game.string(), "-o", f.out.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(f.out / "g/d-poker-3x3-letter.pdf"));
  EXPECT_TRUE(fs::exists(f.out / "g/d-poker-3x3-a4.pdf"));
  return f;
}

}  // namespace

TEST(Stale, AnotherStockRemovesTheSheetsTheManifestNoLongerLists) {
  const Folder f = built_plain("stale-remove");
  const testing::Run r = testing::run_cardstock(
      {"build", f.game.string(), "-o", f.out.string(), "--stock", "tts", "--tts-url", "https://example.org/g/"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "built " + (f.out / "g").string() +
                       "/: 1 folder of images (2 images), manifest.json\n"
                       "removed 2 outputs the previous build made and this one does not: d-poker-3x3-letter.pdf, "
                       "d-poker-3x3-a4.pdf (--keep-stale keeps them)\n");
  EXPECT_FALSE(fs::exists(f.out / "g/d-poker-3x3-letter.pdf"));
  EXPECT_FALSE(fs::exists(f.out / "g/d-poker-3x3-a4.pdf"));
  EXPECT_TRUE(fs::exists(f.out / "g/d-tts/g-d-1.png"));
  // Back to the sheets: the Tabletop Simulator folder and its files go in turn.
  const testing::Run back = testing::run_cardstock({"build", f.game.string(), "-o", f.out.string()});
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_NE(back.out.find("removed 1 output the previous build made and this one does not: d-tts "), std::string::npos)
      << back.out;
  EXPECT_FALSE(fs::exists(f.out / "g/d-tts"));
}

TEST(Stale, KeepStaleKeepsThemAndNamesThem) {
  const Folder f = built_plain("stale-keep");
  const testing::Run r = testing::run_cardstock(
      {"build", f.game.string(), "-o", f.out.string(), "--stock", "tts", "--tts-url", "https://e.org/", "--keep-stale"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("kept 2 outputs this build no longer makes (--keep-stale): d-poker-3x3-letter.pdf, "
                       "d-poker-3x3-a4.pdf\n"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::exists(f.out / "g/d-poker-3x3-letter.pdf"));
  EXPECT_TRUE(fs::exists(f.out / "g/d-poker-3x3-a4.pdf"));
}

// Only what the previous manifest lists, and only as cardstock writes it: a PDF or SVG
// file, or a folder of the files listed in it. A user's file, a symbolic link in place of
// an output, and a name a hand-edited manifest adds all stay.
TEST(Stale, NothingCardstockDidNotWriteIsRemoved) {
  const Folder f = built_plain("stale-safe");
  const fs::path g = f.out / "g";
  std::ofstream(g / "notes.txt") << "mine\n";
  std::ofstream(f.dir / "elsewhere.pdf") << "mine\n";
  fs::remove(g / "d-poker-3x3-a4.pdf");
  fs::create_symlink(f.dir / "elsewhere.pdf", g / "d-poker-3x3-a4.pdf");
  std::string manifest = testing::slurp(g / "manifest.json");
  const std::string first = "\"file\": \"d-poker-3x3-letter.pdf\"";
  ASSERT_NE(manifest.find(first), std::string::npos);
  manifest.replace(manifest.find(first), first.size(), "\"file\": \"notes.txt\"");
  std::ofstream(g / "manifest.json", std::ios::trunc) << manifest;
  const testing::Run r = testing::run_cardstock(
      {"build", f.game.string(), "-o", f.out.string(), "--stock", "tts", "--tts-url", "https://e.org/"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("removed"), std::string::npos) << r.out;
  EXPECT_EQ(testing::slurp(g / "notes.txt"), "mine\n");
  EXPECT_TRUE(fs::is_symlink(g / "d-poker-3x3-a4.pdf"));
  EXPECT_EQ(testing::slurp(f.dir / "elsewhere.pdf"), "mine\n");
  EXPECT_TRUE(fs::exists(g / "d-poker-3x3-letter.pdf"));  // no longer listed: not ours to judge
}

// -j 2: the shares' files are adopted by the parent, which removes the stale ones.
TEST(Stale, ABuildInSharesRemovesThemToo) {
  const fs::path dir = testing::fresh_dir("stale-shares");
  const std::string out = (dir / "out").string();
  const testing::Run plain =
      testing::run_cardstock({"build", "content/echad.yaml", "-o", out, "-j", "2"}, testing::source_dir());
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_TRUE(fs::exists(dir / "out/echad/cards-poker-3x3-letter.pdf"));
  const testing::Run tts = testing::run_cardstock(
      {"build", "content/echad.yaml", "-o", out, "-j", "2", "--stock", "tts", "--tts-url", "https://e.org/"},
      testing::source_dir());
  ASSERT_EQ(tts.status, 0) << tts.err;
  EXPECT_NE(tts.out.find("removed 4 outputs the previous build made and this one does not: "), std::string::npos)
      << tts.out;
  EXPECT_FALSE(fs::exists(dir / "out/echad/cards-poker-3x3-letter.pdf"));
  EXPECT_FALSE(fs::exists(dir / "out/echad/cards-poker-labels-a4.pdf"));
  EXPECT_TRUE(fs::exists(dir / "out/echad/rules-a5.pdf"));  // the booklets are still made
}

}  // namespace cardstock
