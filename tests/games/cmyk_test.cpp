// CMYK for the print shops that ask for it (issue 15, section 4): Echad on dtc-poker
// converted by Ghostscript to PDF/X-1a, read back (declarations, colour operators, page
// boxes, qpdf --check, the same bytes twice), the ink reported against the stock's
// limit, --cmyk on a home stock, and the message when Ghostscript is missing. Tests that
// need Ghostscript skip, saying why, on a machine without it.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "load/load.h"
#include "output/cmyk.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

#define NEEDS_GHOSTSCRIPT() \
  if (ghostscript().empty()) GTEST_SKIP() << "Ghostscript ('gs') is not on the PATH: apt-get install ghostscript"

// Where content/echad.yaml declares its game and its deck of cards ("file:line:col"):
// the ink is reported at the deck, --cmyk without Ghostscript at the game.
struct EchadMarks {
  std::string game, deck;
};
const EchadMarks& echad_marks() {
  static const EchadMarks m = [] {
    Diagnostics d;
    auto g = load_game("content/echad.yaml", testing::shipped_templates(), d);
    if (!g) throw std::runtime_error(d.str());
    return EchadMarks{g->mark.str(), g->decks.at(0).mark.str()};
  }();
  return m;
}

std::string regex_escaped(const std::string& s) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(s, special, R"(\$&)");
}

testing::Run build_echad(const fs::path& out, const std::vector<std::string>& more,
                         const std::vector<std::string>& env = {}) {
  std::vector<std::string> args = {"build", "content/echad.yaml", "-o", out.string(), "-j", "1"};
  args.insert(args.end(), more.begin(), more.end());
  return testing::run_cardstock(args, testing::source_dir(), env);
}

// The line (from 1) of `file` (from the source folder) that is `text`, 0 if none.
int line_of(const std::string& file, const std::string& text) {
  std::istringstream in(testing::slurp(fs::path(testing::source_dir()) / file));
  int n = 0;
  for (std::string l; std::getline(in, l);)
    if (++n && l == text) return n;
  return 0;
}

// The PDF written out uncompressed by qpdf (content streams as text), "" on failure.
std::string qdf_text(const fs::path& pdf, const fs::path& scratch) {
  const fs::path q = scratch / "qdf.pdf";
  const std::string cmd = "qpdf --qdf --object-streams=disable '" + pdf.string() + "' '" + q.string() + "'";
  if (std::system(cmd.c_str()) != 0) return "";
  return testing::slurp(q);
}

// A one-page PDF (100 x 100 pt) filled with the CMYK colour `cmyk` ("0.2 0.4 0.6 0.8"),
// written by hand with a correct cross-reference table.
std::string cmyk_pdf(const std::string& cmyk) {
  const std::string content = cmyk + " k 0 0 100 100 re f\n";
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
      "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "endstream"};
  std::string pdf = "%PDF-1.4\n";
  std::vector<size_t> at;
  for (size_t i = 0; i < objects.size(); ++i) {
    at.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const size_t xref = pdf.size();
  pdf += "xref\n0 5\n0000000000 65535 f \n";
  for (size_t a : at) {
    char line[32];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", a);
    pdf += line;
  }
  return pdf + "trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
}

}  // namespace

TEST(Cmyk, InkIsTheMostCPlusMPlusYPlusKOfAnySpot) {
  NEEDS_GHOSTSCRIPT();
  const fs::path dir = testing::fresh_dir("cmyk-ink");
  std::ofstream(dir / "ink.pdf", std::ios::binary) << cmyk_pdf("0.2 0.4 0.6 0.8");
  InkReport r;
  std::string err;
  ASSERT_TRUE(measure_ink(ghostscript(), (dir / "ink.pdf").string(), dir.string(), &r, &err)) << err;
  EXPECT_NEAR(r.max_percent, 200, 0.5);  // 20 + 40 + 60 + 80
  EXPECT_EQ(r.page, 1);
  std::ofstream(dir / "ink.pdf", std::ios::binary) << cmyk_pdf("1 1 1 1");
  ASSERT_TRUE(measure_ink(ghostscript(), (dir / "ink.pdf").string(), dir.string(), &r, &err)) << err;
  EXPECT_NEAR(r.max_percent, 400, 0.5);
  // Not a PDF: Ghostscript's complaint, as an error.
  std::ofstream(dir / "bad.pdf", std::ios::binary) << "not a pdf";
  EXPECT_FALSE(measure_ink(ghostscript(), (dir / "bad.pdf").string(), dir.string(), &r, &err));
  EXPECT_EQ(err.rfind("Ghostscript could not measure its ink: ", 0), 0u) << err;
}

TEST(Cmyk, DriveThruCardsPdfIsPdfX1aInCmykWithItsBoxesAndInkReported) {
  NEEDS_GHOSTSCRIPT();
  const fs::path out = testing::fresh_dir("cmyk-dtc");
  const testing::Run run = build_echad(out, {"--stock", "dtc-poker"});
  ASSERT_EQ(run.status, 0) << run.err;
  const fs::path pdf = out / "echad" / "cards-dtc-poker.pdf";
  // The ink, at the deck that asked for the output, against the stock's 240 %: Echad's
  // colours stay under it, and its near-black prints in black ink alone (the stock's
  // black: pure-k), so nothing is said of near-black.
  const std::regex said(regex_escaped(echad_marks().deck) + ": note: " + regex_escaped(out.string()) +
                        "/echad/cards-dtc-poker\\.pdf: maximum total ink [0-9]+(\\.[0-9])? % \\(page [0-9]+\\), "
                        "within the 240 % limit of stock 'dtc-poker'\n");
  EXPECT_TRUE(std::regex_match(run.err, said)) << run.err;
  // PDF/X-1a: the version declared, the output intent with Ghostscript's CMYK profile;
  // every colour CMYK (k, K) or grey (g): no RGB operator or colour space left.
  const std::string text = qdf_text(pdf, out);
  ASSERT_FALSE(text.empty());
  EXPECT_NE(text.find("/GTS_PDFXVersion (PDF/X-1a:2003)"), std::string::npos);
  EXPECT_NE(text.find("/OutputIntents"), std::string::npos);
  EXPECT_NE(text.find("/S /GTS_PDFX"), std::string::npos);
  EXPECT_NE(text.find("/Title (Echad! - cards-dtc-poker.pdf)"), std::string::npos);
  EXPECT_NE(text.find("/CreationDate (D:20260101000000Z)"), std::string::npos);
  EXPECT_EQ(text.find("/DeviceRGB"), std::string::npos);
  EXPECT_EQ(text.find(" rg\n"), std::string::npos);
  EXPECT_EQ(text.find(" RG\n"), std::string::npos);
  EXPECT_NE(text.find(" k\n"), std::string::npos);
  // The boxes survive the conversion: 2.75 x 3.75 in pages, TrimBox the card 1/8 in in.
  testing::expect_dtc_poker_boxes(pdf, 108);
  const testing::QpdfCheck c = testing::qpdf_check(pdf);
  EXPECT_TRUE(c.clean()) << c.output;
  // The manifest says it is CMYK and what the limit is.
  const std::string m = testing::slurp(out / "echad" / "manifest.json");
  EXPECT_NE(m.find("\"stock\": \"dtc-poker\", \"paper\""), std::string::npos);
  EXPECT_NE(m.find("\"color\": \"cmyk\", \"ink_limit\": 240"), std::string::npos);
  // Same input, same bytes: Ghostscript's dates are pinned and its /ID replaced.
  const fs::path again = testing::fresh_dir("cmyk-dtc-again");
  ASSERT_EQ(build_echad(again, {"--stock", "dtc-poker"}).status, 0);
  EXPECT_TRUE(testing::slurp(pdf) == testing::slurp(again / "echad" / "cards-dtc-poker.pdf"));
}

// A dark red that is not near-black (a channel over #40), #4a1414, is 271 % in
// Ghostscript's CMYK: over DriveThruCards' 240 %, an error under --strict, and nothing
// is written (the shipped games stay under it: tests/games/shops_test.cpp).
TEST(Cmyk, InkOverTheLimitIsAnErrorUnderStrictAndNothingIsWritten) {
  NEEDS_GHOSTSCRIPT();
  const fs::path dir = testing::fresh_dir("cmyk-strict");
  std::ofstream(dir / "red.yaml") << "game: red\ntitle: Red\n"
                                     "designs:\n  face:\n    layers:\n"
                                     "      - {type: rect, fill: \"#4a1414\", bleed: true}\n"
                                     "decks:\n  - id: cards\n    card: poker\n    face: face\n"
                                     "    cards: [{id: one}]\n";
  const fs::path out = dir / "out";
  const testing::Run run = testing::run_cardstock(
      {"build", (dir / "red.yaml").string(), "-o", out.string(), "--stock", "dtc-poker", "--strict"},
      testing::source_dir());
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find((dir / "red.yaml").string() + ":8:5: error: " + out.string() +
                         "/red/cards-dtc-poker.pdf: maximum total ink 27"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("is over the 240 % limit of stock 'dtc-poker'"), std::string::npos) << run.err;
  EXPECT_EQ(testing::tree_of(out / "red"), std::vector<std::string>{});
}

TEST(Cmyk, CmykOptionConvertsEveryPdfAndNotesItsInk) {
  NEEDS_GHOSTSCRIPT();
  // A game of three cards on Letter sheets (no booklet): --cmyk converts its one PDF.
  const fs::path dir = testing::fresh_dir("cmyk-option");
  std::ofstream(dir / "vocab.yaml") << "game: vocab\ntitle: Vocabulary\n"
                                       "designs:\n  face:\n    background: \"#203050\"\n"
                                       "    layers:\n      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51mm, "
                                       "h: 20mm, size: 18pt, color: \"#ffffff\"}\n"
                                       "decks:\n  - id: cards\n    card: poker\n    stocks: [poker-3x3-letter]\n"
                                       "    face: face\n    cards:\n      - {id: shalom, word: Shalom}\n"
                                       "      - {id: echad, word: Echad}\n      - {id: todah, word: Todah}\n";
  const fs::path out = dir / "out";
  const testing::Run run = testing::run_cardstock({"build", (dir / "vocab.yaml").string(), "-o", out.string(), "--cmyk"},
                                                  testing::source_dir());
  ASSERT_EQ(run.status, 0) << run.err;
  // No limit declared: a note of the ink found, at the deck (line 9 of the file).
  const std::regex said(regex_escaped((dir / "vocab.yaml").string()) + ":9:5: note: " +
                        regex_escaped((out / "vocab").string()) +
                        "/cards-poker-3x3-letter\\.pdf: maximum total ink [0-9]+(\\.[0-9])? % \\(page 1\\)\n");
  EXPECT_TRUE(std::regex_match(run.err, said)) << run.err;
  const fs::path pdf = out / "vocab" / "cards-poker-3x3-letter.pdf";
  const std::string text = qdf_text(pdf, dir);
  EXPECT_NE(text.find("/GTS_PDFXVersion (PDF/X-1a:2003)"), std::string::npos);
  EXPECT_EQ(text.find("/DeviceRGB"), std::string::npos);
  const auto boxes = testing::read_boxes(pdf);
  ASSERT_EQ(boxes.size(), 1u);  // three cards, fronts only (no back design)
  EXPECT_NEAR(boxes[0].media.w, 612, 1e-3);
  EXPECT_NEAR(boxes[0].trim.w, 612, 1e-3);  // a sheet: trimmed to the sheet
  EXPECT_NEAR(boxes[0].trim.h, 792, 1e-3);
  EXPECT_TRUE(testing::qpdf_check(pdf).clean());
  EXPECT_NE(testing::slurp(out / "vocab" / "manifest.json").find("\"color\": \"cmyk\""), std::string::npos);
}

TEST(Cmyk, WithoutGhostscriptTheBuildSaysWhatToInstallAndWritesNothing) {
  // A PATH without Ghostscript (whether or not this machine has it).
  const std::vector<std::string> env = {"PATH=/nonexistent"};
  const fs::path out = testing::fresh_dir("cmyk-no-gs");
  testing::Run run = build_echad(out, {"--stock", "dtc-poker"}, env);
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err,
            echad_marks().deck + ": error: deck 'cards' on stock 'dtc-poker': converting to CMYK needs Ghostscript, "
            "and 'gs' is not on the PATH: install the Debian package ghostscript (apt-get install ghostscript) (the "
            "stock asks for CMYK at " + testing::source_dir() + "/templates/stocks/dtc-poker.yaml:" +
                std::to_string(line_of("templates/stocks/dtc-poker.yaml", "id: dtc-poker")) + ":1)\n"
            "content/echad.yaml: 1 error(s), 0 warning(s); nothing written\n");
  EXPECT_FALSE(fs::exists(out / "echad"));
  run = build_echad(out, {"--stock", "poker-3x3-letter", "--cmyk"}, env);
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err,
            echad_marks().game + ": error: --cmyk: converting to CMYK needs Ghostscript, and 'gs' is not on the PATH: "
            "install the Debian package ghostscript (apt-get install ghostscript)\n"
            "content/echad.yaml: 1 error(s), 0 warning(s); nothing written\n");
  EXPECT_FALSE(fs::exists(out / "echad"));
}

}  // namespace cardstock
