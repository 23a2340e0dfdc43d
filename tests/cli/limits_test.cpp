// Bad and hostile input: each case is a clear file:line:col error with its exact text,
// never a crash, a hang or an out-of-memory, and nothing outside the project is read.
#include <gtest/gtest.h>

#include <sstream>
#include <sys/stat.h>

#include <fstream>

#include "output_util.h"
#include "base/input_limits.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

struct Checked {
  int status;
  std::string err;
};

// Runs `cardstock check` on `yaml` written as <dir>/game/g.yaml; paths in messages are
// given relative to the test's folder, which is replaced by "D".
Checked check_yaml(const fs::path& dir, const std::string& yaml, bool allow_outside = false) {
  fs::create_directories(dir / "game");
  std::ofstream(dir / "game" / "g.yaml") << yaml;
  BuildOptions opt = testing::build_options(dir / "out");
  opt.allow_outside = allow_outside;
  std::ostringstream o, e;
  const int st = check_files({(dir / "game" / "g.yaml").string()}, opt, o, e);
  std::string s = e.str();
  const std::string d = dir.string();
  for (size_t at; (at = s.find(d)) != std::string::npos;) s.replace(at, d.size(), "D");
  return {st, s};
}

std::string image_game(const std::vector<std::string>& srcs) {
  std::string y = "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: image, src: \"{img}\"}]\n"
                  "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards:\n";
  for (size_t i = 0; i < srcs.size(); ++i)
    y += "      - {id: c" + std::to_string(i) + ", img: \"" + srcs[i] + "\"}\n";
  return y;
}

}  // namespace

TEST(Limits, PathsOutsideTheProjectAreRefusedUnlessAllowed) {
  const fs::path dir = testing::fresh_dir("paths");
  fs::create_directories(dir / "outside");
  fs::create_directories(dir / "game");
  fs::copy_file(testing::source_dir() + "/content/assets/echad/maps/egypt.svg", dir / "outside" / "x.svg");
  fs::copy_file(testing::source_dir() + "/content/assets/echad/maps/egypt.svg", dir / "game" / "in.svg");
  fs::create_symlink(dir / "outside" / "x.svg", dir / "game" / "link.svg");
  const std::string yaml =
      image_game({"../outside/x.svg", (dir / "outside" / "x.svg").string(), "link.svg", "in.svg"});
  Checked c = check_yaml(dir, yaml);
  EXPECT_EQ(c.status, 1);
  EXPECT_EQ(c.err,
            "D/game/g.yaml:11:23: error: card 'c0': image '../outside/x.svg' leads outside the project "
            "folder D/game (pass --allow-outside to permit it) (layer at D/game/g.yaml:5:14)\n"
            "D/game/g.yaml:12:23: error: card 'c1': image 'D/outside/x.svg' is an absolute path; files "
            "must be inside the project folder D/game (pass --allow-outside to permit it) (layer at "
            "D/game/g.yaml:5:14)\n"
            "D/game/g.yaml:13:23: error: card 'c2': image 'link.svg' is a symbolic link to "
            "D/outside/x.svg, outside the project folder D/game (pass --allow-outside to permit it) "
            "(layer at D/game/g.yaml:5:14)\n"
            "D/game/g.yaml: 3 error(s), 0 warning(s); check failed\n");
  EXPECT_EQ(check_yaml(dir, yaml, true).status, 0);
}

TEST(Limits, BookletSourceOutsideTheProjectIsRefused) {
  const fs::path dir = testing::fresh_dir("paths-booklet");
  std::ofstream(dir / "rules.md") << "# Rules\n";
  Checked c = check_yaml(dir, image_game({"x.svg"}).substr(0, 0) +
                                  "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\n"
                                  "decks:\n  - {id: d, face: face, cards: [{id: a}]}\n"
                                  "booklet: {source: ../rules.md}\n");
  EXPECT_EQ(c.err,
            "D/game/g.yaml:8:10: error: booklet source '../rules.md' leads outside the project folder "
            "D/game (pass --allow-outside to permit it)\n"
            "D/game/g.yaml: 1 error(s), 0 warning(s); check failed\n");
}

TEST(Limits, DeepNestingIsAnErrorNotAStackOverflow) {
  const fs::path dir = testing::fresh_dir("deep");
  const std::string yaml = "game: g\ntitle: G\ndecks: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  Checked c = check_yaml(dir, yaml);
  EXPECT_EQ(c.status, 1);
  // At the '[' that is the 500th level (the root map is the first), not where yaml-cpp
  // had read to: the end of the line.
  EXPECT_EQ(c.err,
            "D/game/g.yaml:3:506: error: YAML nesting is deeper than 500 levels\n"
            "D/game/g.yaml: 1 error(s), 0 warning(s); check failed\n");
}

TEST(Limits, HugeFieldsAndFilesAreRefused) {
  const fs::path dir = testing::fresh_dir("huge");
  const std::string yaml = "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
                           "decks:\n  - id: d\n    face: face\n    cards:\n      - {id: a, t: \"" +
                           std::string(2000000, 'x') + "\"}\n";
  Checked c = check_yaml(dir, yaml);
  EXPECT_EQ(c.err,
            "D/game/g.yaml:10:20: error: card field 't' is 2000000 bytes long; the limit is 10000\n"
            "D/game/g.yaml: 1 error(s), 0 warning(s); check failed\n");
  std::string big = "game: g\ntitle: G\n# " + std::string(17 << 20, 'x') + "\n";
  c = check_yaml(dir, big);
  EXPECT_EQ(c.err,
            "D/game/g.yaml: error: cannot read: it is 17 MB; the limit is 16 MB\n"
            "D/game/g.yaml: 1 error(s), 0 warning(s); check failed\n");
}

TEST(Limits, ZeroAndNegativeSizes) {
  const fs::path dir = testing::fresh_dir("sizes");
  Checked c = check_yaml(dir,
                         "game: g\ntitle: G\ndesigns:\n  face:\n    layers:\n"
                         "      - {type: rect, w: -5mm, h: 0mm}\n"
                         "      - {type: text, text: hi, size: -3pt}\n"
                         "      - {type: text, text: hi, size: 0pt}\n"
                         "      - {type: rect, stroke_width: -1pt}\n"
                         "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a}]}\n");
  EXPECT_EQ(c.err,
            "D/game/g.yaml:6:25: error: 'w' must be above zero\n"
            "D/game/g.yaml:6:34: error: 'h' must be above zero\n"
            "D/game/g.yaml:7:38: error: 'size' must not be negative, not '-3pt'\n"
            "D/game/g.yaml:8:38: error: 'size' must be above zero\n"
            "D/game/g.yaml:9:36: error: 'stroke_width' must not be negative, not '-1pt'\n"
            "D/game/g.yaml: 5 error(s), 0 warning(s); check failed\n");
}

TEST(Limits, CorruptAndOversizedImages) {
  const fs::path dir = testing::fresh_dir("images");
  fs::create_directories(dir / "game");
  std::ofstream(dir / "game" / "bad.png") << "not a png";
  std::ofstream(dir / "game" / "broken.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect";
  {
    // A valid PNG header claiming 100000 x 100000 pixels: refused before decoding.
    std::ofstream f(dir / "game" / "huge.png", std::ios::binary);
    const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                 0x00, 0x01, 0x86, 0xa0, 0x00, 0x01, 0x86, 0xa0, 8, 2, 0, 0, 0, 0, 0, 0, 0};
    f.write(reinterpret_cast<const char*>(png), sizeof png);
  }
  Checked c = check_yaml(dir, image_game({"bad.png", "huge.png", "broken.svg"}));
  EXPECT_EQ(c.status, 1);
  const std::string g = "D/game/g.yaml";
  // At the field that names each image, in plain words, with no parser jargon.
  EXPECT_EQ(c.err,
            g + ":11:23: error: card 'c0': image 'bad.png' is not a PNG file (it does not start with PNG's "
                "signature) (layer at D/game/g.yaml:5:14)\n" +
                g + ":12:23: error: card 'c1': image 'huge.png' is 100000 x 100000 pixels (10000 megapixels); "
                    "images are limited to 40 megapixels (layer at D/game/g.yaml:5:14)\n" +
                g + ":13:23: error: card 'c2': image 'broken.svg' is not a valid SVG file: at line 1, column 46, "
                    "the tag <rect> (opened on line 1) is not closed with '>' (layer at D/game/g.yaml:5:14)\n" +
                g + ": 3 error(s), 0 warning(s); check failed\n");
}

TEST(Limits, OutputFolderThatIsAFileIsAClearError) {
  const fs::path dir = testing::fresh_dir("outfile");
  std::ofstream(dir / "out") << "a file where the output folder should be";
  BuildOptions opt = testing::build_options(dir / "out");
  std::ostringstream o, e;
  EXPECT_EQ(build_files({testing::source_dir() + "/content/echad.yaml"}, opt, o, e), 1);
  EXPECT_EQ(e.str(), (dir / "out" / "echad").string() + ": error: cannot create output folder: Not a directory\n");
}

}  // namespace cardstock

namespace cardstock {

namespace {

// A templates folder `dir`/tpl holding one file, layered over the shipped templates.
fs::path layer_with(const fs::path& dir, const std::string& file, const std::string& text) {
  const fs::path t = dir / "tpl";
  fs::remove_all(t);
  fs::create_directories((t / file).parent_path());
  std::ofstream(t / file) << text;
  return t;
}

}  // namespace

// Template files come from anyone too (--templates): a font that is a FIFO would block
// fontconfig for ever, /dev/zero would never end; a stock id is a file name like any id.
TEST(Limits, TemplatesThatAreNotFilesOrNotPlainNames) {
  const fs::path dir = testing::fresh_dir("hostile-templates");
  const std::string src = testing::source_dir();
  ASSERT_EQ(::mkfifo((dir / "font.ttf").c_str(), 0644), 0);
  fs::path t = layer_with(dir, "fonts.yaml", "fonts:\n  - {family: DejaVu Sans, files: [" + (dir / "font.ttf").string() + "]}\n");
  testing::Run r = testing::run_cardstock({"--templates", t.string(), "check", src + "/content/echad.yaml"});
  EXPECT_EQ(r.status, 1);
  // Where the shipped fonts.yaml lists DejaVu Sans, read from it (the list grows).
  int line = 0, at = 0;
  std::istringstream shipped(testing::slurp(src + "/templates/fonts.yaml"));
  for (std::string l; std::getline(shipped, l) && !at;)
    if (++line, l == "  - family: DejaVu Sans") at = line;
  ASSERT_GT(at, 0);
  const std::string replaced = "D/tpl/fonts.yaml:2:14: note: font family 'DejaVu Sans' replaces the one listed at " + src +
                               "/templates/fonts.yaml:" + std::to_string(at) + ":5\n";
  EXPECT_EQ(testing::replace_all(r.err, dir.string(), "D"),
            "D/tpl/fonts.yaml:2:35: error: font file 'D/font.ttf' of 'DejaVu Sans' cannot be used: it is a FIFO "
            "(named pipe), not a file\n" + replaced);
  t = layer_with(dir, "fonts.yaml", "fonts:\n  - {family: DejaVu Sans, files: [/dev/zero]}\n");
  r = testing::run_cardstock({"check", src + "/content/echad.yaml", "--templates", t.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(testing::replace_all(r.err, dir.string(), "D"),
            "D/tpl/fonts.yaml:2:35: error: font file '/dev/zero' of 'DejaVu Sans' cannot be used: it is a device, "
            "not a file\n" + replaced);
  t = layer_with(dir, "stocks/mine.yaml", "id: ../../escaped\npaper: letter\ncard: poker\ngrid: {columns: 3, rows: 3}\n");
  r = testing::run_cardstock({"--templates", t.string(), "build", src + "/content/echad.yaml", "-o",
                              (dir / "out").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(testing::replace_all(r.err, dir.string(), "D"),
            "D/tpl/stocks/mine.yaml:1:5: error: stock id '../../escaped' cannot name a file: it "
            "contains '/' (ids name output files: use letters, digits, '-', '_' and '.' only, not starting with "
            "'.', 1 to 64 characters)\n");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

}  // namespace cardstock
