// Text is never lost in silence: inputs whose text cannot be drawn exactly, run through
// the real cardstock binary. Each case asserts the exit code, the exact messages and
// that a failed build wrote nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>

#include <poppler-document.h>
#include <poppler-page.h>

#include "output_util.h"
#include "render/fonts.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

struct Result {
  int status = -1;
  std::string output;  // stdout and stderr, the case's folder written as "D"
};

// Runs cardstock with `args` (after --templates) in `dir`.
Result cardstock(const fs::path& dir, const std::string& args) {
  const std::string cmd = "cd '" + dir.string() + "' && '" CARDSTOCK_BINARY "' --templates '" +
                          testing::source_dir() + "/templates' " + args + " 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  Result r;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, f)) r.output.append(buf, n);
  const int st = pclose(f);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  for (size_t at; (at = r.output.find(dir.string())) != std::string::npos;)
    r.output.replace(at, dir.string().size(), "D");
  return r;
}

void write(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

// A one-card game; `face` is its face design's layers, `card` the card's fields.
std::string game(const std::string& layers, const std::string& card, const std::string& extra = "") {
  return "game: g\ntitle: G\ndesigns:\n  face:\n    layers:\n" + layers +
         "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards:\n      - " + card +
         "\n" + extra;
}

const std::string kNameLayer = "      - {type: text, text: \"{name}\", w: 50mm, h: 20mm}\n";

// What a built PDF shows: its text and the fonts it embeds.
struct Pdf {
  std::string text, fonts;
};

// Builds `yaml` (as g.yaml) into D/out; a failed build must leave D/out empty. `pdf`, if
// given, receives the text and fonts of the deck's sheet.
Result build(const std::string& name, const std::string& yaml, const std::string& flags = "",
             const std::string& md = "", Pdf* pdf = nullptr) {
  const fs::path dir = testing::fresh_dir("text-" + name);
  write(dir / "g.yaml", yaml);
  if (!md.empty()) write(dir / "r.md", md);
  Result r = cardstock(dir, "build g.yaml -o out " + flags);
  if (r.status != 0) {
    EXPECT_TRUE(!fs::exists(dir / "out" / "g") || fs::is_empty(dir / "out" / "g")) << name;
  } else if (pdf) {
    std::unique_ptr<poppler::document> doc(
        poppler::document::load_from_file((dir / "out" / "g" / "d-poker-3x3-letter.pdf").string()));
    EXPECT_TRUE(doc) << name;
    if (doc) {
      std::unique_ptr<poppler::page> page(doc->create_page(0));
      pdf->text = testing::utf8(page->text());
      for (const auto& f : doc->fonts()) pdf->fonts += f.name() + "\n";
    }
  }
  fs::remove_all(dir);
  return r;
}

}  // namespace

TEST(Text, Latin1FileIsRefusedAtEachBadLine) {
  Result r = build("latin1", game(kNameLayer, "{id: a, name: Caf\xe9}", "# na\xefve \xe9\n"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:12:26: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 "
            "or Windows-1252)\n"
            "g.yaml:13:5: error: byte 0xEF is not UTF-8: save the file as UTF-8 (it looks like Latin-1 "
            "or Windows-1252)\n"
            "g.yaml: 2 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, NulByteInTheFileIsAnError) {
  Result r = build("nul", game(kNameLayer, std::string("{id: a, name: Al\0pha}", 22)));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:12:25: error: a NUL byte (U+0000) cannot be drawn: remove it\n"
            "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, EscapedControlCharacterIsAnErrorAtItsScalar) {
  Result r = build("escape", game(kNameLayer, "{id: a, name: \"Al\\x01pha\"}"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:12:23: error: \"Al\\x01pha\": control character U+0001 cannot be drawn: remove it\n"
            "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, BookletSourceIsCheckedLikeTheGameFile) {
  Result r = build("booklet", game(kNameLayer, "{id: a, name: Alpha}", "booklet: {source: r.md}\n"), "",
                "# Rules\n\nCaf\xe9 au lait.\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "r.md:3:4: error: byte 0xE9 is not UTF-8: save the file as UTF-8 (it looks like Latin-1 or "
            "Windows-1252)\n"
            "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, ReplacementCharacterWarnsAndFailsUnderStrict) {
  const std::string y = game(kNameLayer, "{id: a, name: \"Caf\\uFFFD\"}");
  const std::string msg =
      "g.yaml:12:23: warning: \"Caf\xef\xbf\xbd\": U+FFFD '\xef\xbf\xbd', the replacement character, stands "
      "for a letter lost when this text was converted from another encoding: type the letter again\n";
  Result r = build("fffd", y);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output.substr(0, msg.size()), msg);
  r = build("fffd-strict", y, "--strict");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, msg.substr(0, msg.find("warning:")) + "error:" + msg.substr(msg.find("warning:") + 8) +
                          "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, DuplicateDesignAndColourAreErrorsWithNotes) {
  const std::string y = "game: g\ntitle: G\ncolors:\n  ink: \"#203050\"\n  ink: \"#000000\"\ndesigns:\n"
                        "  face:\n    layers: [{type: text, text: \"{name}\", color: ink}]\n"
                        "  face:\n    background: ink\n"
                        "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, name: A}]}\n";
  Result r = build("dup", y);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:5:3: error: 'ink' is defined twice in 'colors': rename or remove one\n"
            "g.yaml:4:3: note: 'ink' is first defined here\n"
            "g.yaml:9:3: error: 'face' is defined twice in 'designs': rename or remove one\n"
            "g.yaml:7:3: note: 'face' is first defined here\n"
            "g.yaml: 2 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, ASecondDocumentIsAnError) {
  Result r = build("docs", game(kNameLayer, "{id: a, name: Alpha}") + "---\ntitle: Second\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:13:1: error: a game file holds one YAML document; this second document (after '---') "
            "would be ignored: join it to the first or remove it\n"
            "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

// Pango falls back, character by character, to any family of the private set; that is
// reported unless templates/fonts.yaml declares the family that drew them a fallback for
// their script (Hebrew words in English text). A face the family lacks is reported too.
TEST(Text, ItalicInAFamilyWithoutAnItalicFaceWarns) {
  const std::string y = game("      - {type: text, text: \"{word}\", font: Noto Sans Hebrew, style: italic, dir: rtl, "
                             "w: 50mm, h: 20mm}\n",
                             "{id: a, word: \"\u05E9\u05DC\u05D5\u05DD\"}");
  const std::string msg = "g.yaml:6:69: warning: Noto Sans Hebrew has no italic face: '{word}' is drawn upright "
                          "(use a family that has one, or style: normal)\n";
  Result r = build("italic", y);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, msg + "built out/g/: 1 PDF, 1 page, manifest.json\n");
  r = build("italic-strict", y, "--strict");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "g.yaml:6:69: error: Noto Sans Hebrew has no italic face: '{word}' is drawn upright (use a "
                      "family that has one, or style: normal)\n"
                      "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

// Georgian has no family declared to draw it for others: DejaVu Sans draws it, and says so.
TEST(Text, AScriptWithoutADeclaredFallbackWarnsNamingTheFontUsed) {
  Result r = build("georgian", game(kNameLayer, "{id: a, name: \"\u10D7\u10D1\u10D8\"}"), "--strict");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:12:23: error: '\u10D7\u10D1\u10D8' has Georgian characters (U+10D7 '\u10D7', "
            "U+10D1 '\u10D1', U+10D8 '\u10D8') that Noto Sans does not have: they are drawn in DejaVu Sans "
            "instead (use font: DejaVu Sans for the layer at g.yaml:6:9)\n"
            "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

// A line of English, Hebrew and Arabic in a Latin family: each script is drawn by the
// family templates/fonts.yaml declares for it, without a <span> and without a warning
// (issue 32). DejaVu Sans has Arabic too and sorted first before the families were listed.
// Hebrew in serif text is drawn in the serif Hebrew face, in sans text in the sans one
// (the family's own `fallbacks`, issue 42).
TEST(Text, EnglishHebrewAndArabicOnOneLineAreCleanInTheirDeclaredFamilies) {
  struct Case {
    std::string folder, family, hebrew, not_hebrew;
  };
  const Case cases[] = {{"sans", "Noto Sans", "NotoSansHebrew-Regular", "NotoSerifHebrew"},
                        {"serif", "Noto Serif", "NotoSerifHebrew-Regular", "NotoSansHebrew"}};
  for (const auto& [folder, family, hebrew, not_hebrew] : cases) {
    Pdf pdf;
    const std::string layer = "      - {type: text, text: \"{name}\", font: " + family +
                              ", w: 50mm, h: 20mm}\n";
    Result r = build("mixed-" + folder, game(layer,
                     "{id: a, name: \"Peace \u05E9\u05DC\u05D5\u05DD \u0633\u0644\u0627\u0645 12\"}"),
                     "--strict", "", &pdf);
    EXPECT_EQ(r.status, 0) << family;
    EXPECT_EQ(r.output, "built out/g/: 1 PDF, 1 page, manifest.json\n") << family;
    EXPECT_NE(pdf.fonts.find("NotoSansArabic-Regular"), std::string::npos) << pdf.fonts;
    EXPECT_NE(pdf.fonts.find(hebrew), std::string::npos) << family << ": " << pdf.fonts;
    EXPECT_EQ(pdf.fonts.find(not_hebrew), std::string::npos) << family << ": " << pdf.fonts;
    EXPECT_EQ(pdf.fonts.find("DejaVu"), std::string::npos) << pdf.fonts;
    // Poppler reads the lam-alef ligature back as alef, lam: look for the letters around it.
    for (const char* word : {"Peace", "\u05E9\u05DC\u05D5\u05DD", "\u0633", "\u0645"})
      EXPECT_NE(pdf.text.find(word), std::string::npos) << word << " in " << pdf.text;
  }
}

TEST(Text, ArabicInTheArabicFamilyIsCleanAndDrawnInIt) {
  Pdf pdf;
  Result r = build("arabic",
                   game("      - {type: text, text: \"{name}\", font: Noto Sans Arabic, dir: rtl, w: 50mm, h: 20mm}\n",
                        "{id: a, name: \"\u0645\u0631\u062D\u0628\u0627 12\"}"),
                   "--strict", "", &pdf);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "built out/g/: 1 PDF, 1 page, manifest.json\n");
  EXPECT_NE(pdf.text.find("\u0645\u0631\u062D\u0628\u0627"), std::string::npos) << pdf.text;
  EXPECT_NE(pdf.fonts.find("NotoSansArabic-Regular"), std::string::npos) << pdf.fonts;
  EXPECT_EQ(pdf.fonts.find("DejaVu"), std::string::npos) << pdf.fonts;
}

TEST(Text, HebrewInsideEnglishIsADeclaredFallback) {
  Pdf pdf;
  Result r = build("hebrew", game(kNameLayer, "{id: a, name: \"One (\u05D0\u05D7\u05D3) \u2212 1\"}"), "--strict", "",
                   &pdf);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "built out/g/: 1 PDF, 1 page, manifest.json\n");
  EXPECT_NE(pdf.fonts.find("NotoSansHebrew-Regular"), std::string::npos) << pdf.fonts;
}

TEST(Text, ACharacterNoFontHasIsAnError) {
  Result r = build("cjk", game(kNameLayer, "{id: a, name: \"Kanji \u6F22\u5B57\"}"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output,
            "g.yaml:12:23: error: 'Kanji \u6F22\u5B57' has characters that no font of the set has (U+6F22 "
            "'\u6F22', U+5B57 '\u5B57'): they would be drawn as empty boxes (remove them, or add a font that has "
            "them to templates/fonts.yaml)\n"
            "g.yaml: 1 error(s), 0 warning(s); nothing written\n");
}

TEST(Text, FontsFileScriptsAndFamiliesAreChecked) {
  FontSet set = testing::shipped_templates().fonts;
  set.families[0].mark = {"fonts.yaml", 14, 5};
  set.families[0].files.push_back("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
  set.families[2].fallback_for = {"hebrw"};
  set.families[2].fallback_mark = {"fonts.yaml", 30, 19};
  Diagnostics d;
  EXPECT_FALSE(Fonts::load(set, {"fonts.yaml", 0, 0}, d));
  EXPECT_EQ(d.str(),
            "fonts.yaml:14:5: error: font file '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' holds the family "
            "'DejaVu Sans', not 'Noto Sans'\n"
            "fonts.yaml:30:19: error: unknown script 'hebrw' (did you mean 'hebrew'?) (scripts are Unicode script "
            "names such as latin, hebrew, arabic or common)\n");
}

TEST(Text, BookletTextIsCheckedAtItsCharacter) {
  Result r = build("booklet-georgian", game(kNameLayer, "{id: a, name: Alpha}", "booklet: {source: r.md}\n"), "",
                   "# Rules\n\nPeace is \u10DB\u10E8\u10D5\u10D8\u10D3\u10DD\u10D1\u10D0.\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output.substr(0, r.output.find("built")),
            "r.md:3:10: warning: '\u10DB\u10E8\u10D5\u10D8\u10D3\u10DD\u10D1\u10D0.' has Georgian characters "
            "(U+10DB '\u10DB', U+10E8 '\u10E8', U+10D5 '\u10D5') that Noto Serif does not have: they are "
            "drawn in DejaVu Sans instead (let DejaVu Sans draw them: add georgian to its fallback_for in "
            "templates/fonts.yaml)\n");
}

}  // namespace cardstock
