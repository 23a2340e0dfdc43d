// Black that a shop accepts (issue 33, section 1): neutral black and grey text, line art
// and crop marks of a CMYK file print in black ink alone, near-black is kept and reported
// or, on a stock with `black: pure-k`, made black ink too. Everything is read back from
// the PDF the real binary wrote: each page's ink coverage from Ghostscript's inkcov
// device, and the colour operators of its content streams (every page and form) from
// qpdf's uncompressed (QDF) form of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "output/cmyk.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

#define NEEDS_GHOSTSCRIPT() \
  if (ghostscript().empty()) GTEST_SKIP() << "Ghostscript ('gs') is not on the PATH: apt-get install ghostscript"

// Each page's share of area covered by cyan, magenta, yellow and black (0..1), as
// Ghostscript's inkcov device measures it.
std::vector<std::array<double, 4>> inkcov(const fs::path& pdf) {
  const std::string cmd = "gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=inkcov -o - '" + pdf.string() + "' 2>/dev/null";
  std::vector<std::array<double, 4>> pages;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return pages;
  char line[256];
  while (std::fgets(line, sizeof line, p)) {
    std::array<double, 4> c{};
    if (std::sscanf(line, "%lf %lf %lf %lf", &c[0], &c[1], &c[2], &c[3]) == 4) pages.push_back(c);
  }
  pclose(p);
  return pages;
}

// The PDF written out uncompressed by qpdf (content streams as text), "" on failure.
std::string qdf_text(const fs::path& pdf) {
  const fs::path q = pdf.string() + ".qdf";
  const std::string cmd = "qpdf --qdf --object-streams=disable '" + pdf.string() + "' '" + q.string() + "'";
  if (std::system(cmd.c_str()) != 0) return "";
  return testing::slurp(q);
}

// Every colour operator in `text` with its operands: "0.722 0.675 0.671 0.882 k", "0 g".
std::vector<std::string> colour_ops(const std::string& text) {
  static const std::regex op(R"((?:^|[\s\]])((?:-?[0-9.]+ ){1,4})(k|K|g|G|rg|RG)(?=\s))");
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), op), end; it != end; ++it)
    out.push_back((*it)[1].str() + (*it)[2].str());
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// Whether `ops` set grey `value` (0 black .. 1 white) with `op` ("g" fill, "G" stroke);
// Ghostscript writes the numbers again at its own precision (0.2 as 0.199951).
bool has_gray(const std::vector<std::string>& ops, const std::string& op, double value) {
  for (const std::string& o : ops)
    if (o.size() > op.size() + 1 && o.compare(o.size() - op.size() - 1, std::string::npos, " " + op) == 0 &&
        std::fabs(std::strtod(o.c_str(), nullptr) - value) < 0.001)
      return true;
  return false;
}

// A game of white cards: black text, a black frame (line art) and grey text on deck
// `black`; text in Dayenu's near-black ink on deck `dark`. Both on `stock`.
fs::path write_inks(const fs::path& dir, const std::string& stock, const std::string& more = "") {
  std::ofstream(dir / "inks.yaml")
      << "game: inks\ntitle: Inks\n" << more
      << "designs:\n"
         "  face:\n    layers:\n"
         "      - {type: rect, x: 4mm, y: 4mm, w: 55.5mm, h: 80.9mm, stroke: \"#000000\", stroke_width: 1pt}\n"
         "      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51mm, h: 20mm, size: 18pt, color: \"#000000\"}\n"
         "      - {type: text, text: grey, x: 6mm, y: 40mm, w: 51mm, h: 10mm, size: 12pt, color: \"#333333\"}\n"
         "  dark:\n    layers:\n"
         "      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51mm, h: 20mm, size: 18pt, color: \"#2b2118\"}\n"
         "decks:\n"
         "  - {id: black, card: poker, stocks: [" << stock << "], face: face, cards: [{id: one, word: One}]}\n"
         "  - {id: dark, card: poker, stocks: [" << stock << "], face: dark, cards: [{id: two, word: Two}]}\n";
  return dir / "inks.yaml";
}

testing::Run build(const fs::path& game, const fs::path& out, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {"build", game.string(), "-o", out.string(), "-j", "1"};
  args.insert(args.end(), more.begin(), more.end());
  return testing::run_cardstock(args, testing::source_dir());
}

}  // namespace

TEST(CmykBlack, BlackTextFramesAndGreyOnDriveThruCardsAreBlackInkOnly) {
  NEEDS_GHOSTSCRIPT();
  const fs::path dir = testing::fresh_dir("cmyk-black-dtc");
  const testing::Run run = build(write_inks(dir, "dtc-poker"), dir / "out");
  ASSERT_EQ(run.status, 0) << run.err;
  const fs::path pdf = dir / "out" / "inks" / "black-dtc-poker.pdf";
  // Read back per page: no cyan, magenta or yellow anywhere on the white card with its
  // black text, frame and grey text; black ink on it.
  const auto cov = inkcov(pdf);
  ASSERT_EQ(cov.size(), 1u);
  EXPECT_EQ(cov[0][0], 0);
  EXPECT_EQ(cov[0][1], 0);
  EXPECT_EQ(cov[0][2], 0);
  EXPECT_GT(cov[0][3], 0.01);
  // The operators: black is grey 0 (K 100 %), #333333 grey 0.2 (K 80 %), fill (text) and
  // stroke (frame); the four-colour black Ghostscript made of RGB black is gone.
  const auto ops = colour_ops(qdf_text(pdf));
  EXPECT_TRUE(has_gray(ops, "g", 0)) << joined(ops);
  EXPECT_TRUE(has_gray(ops, "G", 0)) << joined(ops);
  EXPECT_TRUE(has_gray(ops, "g", 0.2)) << joined(ops);
  for (const std::string& o : ops) {
    EXPECT_EQ(o.find(" rg"), std::string::npos) << o;
    EXPECT_EQ(o.find(" RG"), std::string::npos) << o;
    EXPECT_EQ(o.find("0.882 k"), std::string::npos) << o;
  }
  // The shipped dtc-poker asks for `black: pure-k` (templates/stocks/dtc-poker.yaml): the
  // near-black deck prints in black ink alone too, and nothing is said of it.
  const auto dark = inkcov(dir / "out" / "inks" / "dark-dtc-poker.pdf");
  ASSERT_EQ(dark.size(), 1u);
  EXPECT_EQ(dark[0][0], 0);
  EXPECT_EQ(dark[0][1], 0);
  EXPECT_EQ(dark[0][2], 0);
  EXPECT_GT(dark[0][3], 0.001);
  EXPECT_EQ(run.err.find("near-black"), std::string::npos) << run.err;
}

TEST(CmykBlack, AStockWithBlackPureKPrintsNearBlackInBlackInkOnly) {
  NEEDS_GHOSTSCRIPT();
  const fs::path dir = testing::fresh_dir("cmyk-black-pure-k");
  const std::string stock =
      "stocks:\n  - {id: dtc-pure-k, description: DriveThruCards with near-black in K, card: poker, "
      "order: back-front, cmyk: true, ink_limit: 240, black: pure-k}\n";
  const testing::Run run = build(write_inks(dir, "dtc-pure-k", stock), dir / "out");
  ASSERT_EQ(run.status, 0) << run.err;
  const fs::path pdf = dir / "out" / "inks" / "dark-dtc-pure-k.pdf";
  const auto cov = inkcov(pdf);
  ASSERT_EQ(cov.size(), 1u);
  EXPECT_EQ(cov[0][0], 0);
  EXPECT_EQ(cov[0][1], 0);
  EXPECT_EQ(cov[0][2], 0);
  EXPECT_GT(cov[0][3], 0.001);
  // #2b2118 as the grey of its luminance: 0.2126 x 43/255 + 0.7152 x 33/255 + 0.0722 x
  // 24/255 = 0.1352, K 86.5 %.
  EXPECT_TRUE(has_gray(colour_ops(qdf_text(pdf)), "g", 0.1352)) << joined(colour_ops(qdf_text(pdf)));
  EXPECT_EQ(run.err.find("near-black"), std::string::npos) << run.err;
  EXPECT_NE(testing::slurp(dir / "out" / "inks" / "manifest.json").find("\"black\": \"pure-k\""), std::string::npos);
}

// `black: neutral` (the default) keeps near-black as the designer chose it, in four
// inks, and the build says so with its ink and the way out.
TEST(CmykBlack, AStockWithBlackNeutralKeepsNearBlackInFourInksAndSaysSo) {
  NEEDS_GHOSTSCRIPT();
  const fs::path dir = testing::fresh_dir("cmyk-black-neutral");
  const std::string stock =
      "stocks:\n  - {id: dtc-neutral, description: DriveThruCards keeping near-black, card: poker, "
      "order: back-front, cmyk: true, ink_limit: 300}\n";
  const testing::Run run = build(write_inks(dir, "dtc-neutral", stock), dir / "out");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto dark = inkcov(dir / "out" / "inks" / "dark-dtc-neutral.pdf");
  ASSERT_EQ(dark.size(), 1u);
  EXPECT_GT(dark[0][0], 0);
  const std::regex said(R"(: note: [^\n]*/dark-dtc-neutral\.pdf: 1 near-black colour\(s\) print in four inks, the )"
                        R"(darkest C6[0-9] M6[0-9] Y7[0-9] K7[0-9] \(27[0-9] %, page 1\); a stock with `black: pure-k` )"
                        R"(prints near-black in black ink only\n)");
  EXPECT_TRUE(std::regex_search(run.err, said)) << run.err;
  EXPECT_EQ(run.err.find("black-dtc-neutral.pdf: 1 near-black"), std::string::npos) << run.err;
  EXPECT_EQ(testing::slurp(dir / "out" / "inks" / "manifest.json").find("pure-k"), std::string::npos);
}

TEST(CmykBlack, CropMarksAndCutLinesOfAHomeSheetWithCmykAreBlackInkOnly) {
  NEEDS_GHOSTSCRIPT();
  const fs::path dir = testing::fresh_dir("cmyk-black-home");
  const testing::Run run = build(write_inks(dir, "poker-3x3-letter"), dir / "out", {"--cmyk"});
  ASSERT_EQ(run.status, 0) << run.err;
  // The sheet: one white card with black text and frame, its crop marks in the margin and
  // its grey cut lines; read back, not a trace of cyan, magenta or yellow on it.
  const fs::path pdf = dir / "out" / "inks" / "black-poker-3x3-letter.pdf";
  const auto cov = inkcov(pdf);
  ASSERT_EQ(cov.size(), 1u);
  EXPECT_EQ(cov[0][0], 0);
  EXPECT_EQ(cov[0][1], 0);
  EXPECT_EQ(cov[0][2], 0);
  EXPECT_GT(cov[0][3], 0.001);
  const auto ops = colour_ops(qdf_text(pdf));
  EXPECT_TRUE(has_gray(ops, "G", 0)) << joined(ops);  // the crop marks: black strokes
  for (const std::string& o : ops) EXPECT_EQ(o.back() == 'k' || o.back() == 'K', false) << o;
}

}  // namespace cardstock
