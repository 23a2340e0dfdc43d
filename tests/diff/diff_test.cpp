// `cardstock diff`, through the real program: a game is built, one card's text changed,
// built again, and the diff must name exactly that output, that page and that card; an
// unchanged rebuild must report nothing. Folders that cannot be compared (no manifest, a
// broken one, a PDF that does not parse, a link, a FIFO, too many pages...) are errors
// with exit status 2, and the report is written nowhere but inside -o.
#include "diff/diff.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>

#include "output_util.h"
#include "base/json.h"
#include "diff/page_digest.h"
#include "diff/pdf_pages.h"

namespace cardstock {

namespace fs = std::filesystem;
using testing::run_cardstock;
using testing::slurp;

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A game of twelve poker cards on 3x3 Letter sheets, fronts only: nine on page 1, three
// on page 2. `kappa` is the first card of page 2.
std::string game(const std::string& kappa_word = "Kappa", const std::string& extra_card = "",
                 const std::string& stocks = "[poker-3x3-letter]") {
  std::string g = R"(# a test game
game: g
title: Diff test
designs:
  face:
    background: "#fffaf0"
    layers:
      - {type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: "#203050", radius: 2.5mm}
      - {type: text, text: "{word}", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 18pt, align: center}
decks:
  - id: cards
    stocks: )" + stocks + R"(
    face: face
    cards:
)";
  for (const char* w : {"Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota"})
    g += "      - {id: " + std::string(w) + ", word: " + w + "}\n";
  g += "      - {id: kappa, word: " + kappa_word + "}\n";
  g += "      - {id: lambda, word: Lambda}\n      - {id: mu, word: Mu}\n" + extra_card;
  return g;
}

// Where `id`'s row is in game(): "g.yaml:LINE:COL" as the manifest records it.
std::string source_of(const std::string& text, const std::string& id) {
  const size_t at = text.find("- {id: " + id + ",");
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  return "g.yaml:" + std::to_string(line) + ":9";
}

// Builds `text` as g.yaml in `dir` into dir/`out`.
void build(const fs::path& dir, const std::string& text, const std::string& out) {
  write(dir / "g.yaml", text);
  const auto r = run_cardstock({"build", "g.yaml", "-o", out, "--force"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
}

// The width and height a PNG file says it has; {0, 0} if it is not a PNG.
std::pair<int, int> png_size(const fs::path& p) {
  const std::string b = slurp(p);
  if (b.size() < 24 || b.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || b.compare(12, 4, "IHDR") != 0) return {0, 0};
  auto be = [&](size_t i) {
    return (static_cast<unsigned char>(b[i]) << 24) | (static_cast<unsigned char>(b[i + 1]) << 16) |
           (static_cast<unsigned char>(b[i + 2]) << 8) | static_cast<unsigned char>(b[i + 3]);
  };
  return {static_cast<int>(be(16)), static_cast<int>(be(20))};
}

// A minimal valid PDF of `pages` blank pages of w x h points.
std::string tiny_pdf(int pages, double w, double h) {
  std::string s = "%PDF-1.4\n";
  std::vector<size_t> at;
  auto obj = [&](const std::string& body) {
    at.push_back(s.size());
    s += std::to_string(at.size()) + " 0 obj\n" + body + "\nendobj\n";
  };
  obj("<< /Type /Catalog /Pages 2 0 R >>");
  std::string kids;
  for (int i = 0; i < pages; ++i) kids += std::to_string(i + 3) + " 0 R ";
  obj("<< /Type /Pages /Count " + std::to_string(pages) + " /Kids [" + kids + "] >>");
  char box[96];
  std::snprintf(box, sizeof box, "[0 0 %g %g]", w, h);
  for (int i = 0; i < pages; ++i) obj(std::string("<< /Type /Page /Parent 2 0 R /MediaBox ") + box + " >>");
  const size_t xref = s.size();
  s += "xref\n0 " + std::to_string(at.size() + 1) + "\n0000000000 65535 f \n";
  for (size_t a : at) {
    char line[32];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", a);
    s += line;
  }
  s += "trailer\n<< /Size " + std::to_string(at.size() + 1) + " /Root 1 0 R >>\nstartxref\n" + std::to_string(xref) +
       "\n%%EOF\n";
  return s;
}

}  // namespace

TEST(Diff, NamesTheOutputThePageAndTheCardThatChanged) {
  const fs::path dir = testing::fresh_dir("diff-change");
  const std::string before = game(), after = game("Kappa Kappa");
  build(dir, before, "old");
  build(dir, before, "same");
  build(dir, after, "new");

  // An unchanged rebuild reports nothing, and says so with exit status 0.
  auto r = run_cardstock({"diff", "old", "same"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "no output changed (2 compared)\n");
  EXPECT_EQ(r.err, "");

  r = run_cardstock({"diff", "old", "new"}, dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "changed  g/cards-poker-3x3-letter.pdf: page 2 of 2\n"
                   "         page 2: changed 'kappa' at " + source_of(after, "kappa") + "\n"
                   "1 changed, 0 added, 0 removed, 1 unchanged\n");
  EXPECT_EQ(r.err, "");

  // The same in JSON, read back field by field.
  r = run_cardstock({"diff", "old", "new", "--json"}, dir.string());
  EXPECT_EQ(r.status, 1);
  const JsonParsed j = parse_json(r.out);
  ASSERT_TRUE(j.ok()) << json_place(r.out, j.error_at) << ": " << j.error << "\n" << r.out;
  const bool changed = j.value.value("changed", false);
  const Json& outs = j.value.at("outputs");
  const long outputs = static_cast<long>(outs.size());
  ASSERT_EQ(outputs, 1);
  const std::string file = outs[0].value("file", "");
  const Json& pg = outs[0].at("pages").at(0);
  const long page = pg.value("page", 0L);
  const std::string page_change = pg.value("change", "");
  const long cards = static_cast<long>(pg.at("cards").size());
  ASSERT_GE(cards, 1);
  const std::string card = pg["cards"].back().value("id", ""), source = pg["cards"].back().value("source", "");
  EXPECT_TRUE(changed);
  EXPECT_EQ(outputs, 1);
  EXPECT_EQ(file, "g/cards-poker-3x3-letter.pdf");
  EXPECT_EQ(page, 2);
  EXPECT_EQ(page_change, "changed");
  EXPECT_EQ(cards, 1);
  EXPECT_EQ(card, "kappa");
  EXPECT_EQ(source, source_of(after, "kappa"));

  // Every differing pixel lies inside kappa's box: drawn here the way diff draws them.
  std::string why;
  Diagnostics d;
  auto a = PdfFile::open(slurp(dir / "old/g/cards-poker-3x3-letter.pdf"), {"old"}, d);
  auto b = PdfFile::open(slurp(dir / "new/g/cards-poker-3x3-letter.pdf"), {"new"}, d);
  ASSERT_TRUE(a && b) << d.str();
  Raster ra, rb;
  ASSERT_TRUE(a->render(1, 100, &ra, &why) && b->render(1, 100, &rb, &why)) << why;
  EXPECT_EQ(ra.width, 850);
  EXPECT_EQ(ra.height, 1100);
  const PixelChanges c = compare_pages(ra, rb);
  EXPECT_GT(c.count, 100);
  // kappa is the first card of page 2: at the sheet's top-left cell, [36, 18, 180, 252] pt.
  const double s = 100.0 / 72;
  const int x0 = static_cast<int>(36 * s), y0 = static_cast<int>(18 * s);
  const int x1 = static_cast<int>((36 + 180) * s) + 1, y1 = static_cast<int>((18 + 252) * s) + 1;
  EXPECT_EQ(c.in(x0, y0, x1, y1), c.count);
  PageBox box;
  ASSERT_TRUE(c.bounds(0, 0, c.width, c.height, &box));
  EXPECT_GE(box.x, x0);
  EXPECT_GE(box.y, y0);
  EXPECT_LE(box.x + box.w, x1);
  EXPECT_LE(box.y + box.h, y1);
  EXPECT_EQ(c.in(static_cast<int>(box.x), static_cast<int>(box.y), static_cast<int>(box.x + box.w),
                 static_cast<int>(box.y + box.h)),
            c.count);
}

TEST(Diff, TheReportShowsThatPageOldNewAndDifferences) {
  const fs::path dir = testing::fresh_dir("diff-report");
  const std::string after = game("Kappa Kappa");
  build(dir, game(), "old");
  build(dir, after, "new");
  const auto r = run_cardstock({"diff", "old", "new", "-o", "review", "--source-url", "https://example.org/blob/abc/"},
                               dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("report: review/index.html (1 page pictured)\n"), std::string::npos) << r.out;
  EXPECT_EQ(testing::tree_of(dir / "review"),
            (std::vector<std::string>{"img/0001-diff.png", "img/0001-new.png", "img/0001-old.png", "index.html"}));
  for (const char* part : {"old", "new", "diff"})
    EXPECT_EQ(png_size(dir / "review" / "img" / ("0001-" + std::string(part) + ".png")), std::make_pair(850, 1100));
  const std::string html = slurp(dir / "review" / "index.html");
  const std::string src = source_of(after, "kappa");
  const std::string line = src.substr(7, src.rfind(':') - 7);
  EXPECT_NE(html.find("<h2>g/cards-poker-3x3-letter.pdf <span class=\"badge changed\">changed</span></h2>"), std::string::npos);
  EXPECT_NE(html.find("2 pages; page 2 differs."), std::string::npos);
  EXPECT_NE(html.find(">page 2</h3>"), std::string::npos);
  EXPECT_NE(html.find("<b>kappa</b>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"https://example.org/blob/abc/g.yaml#L" + line + "\"><code>" + src + "</code></a>"),
            std::string::npos);
  for (const char* part : {"old", "new", "diff"})
    EXPECT_NE(html.find("<img src=\"img/0001-" + std::string(part) + ".png\""), std::string::npos) << part;
  // Self-contained: nothing is fetched from the network, and no script runs.
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_FALSE(std::regex_search(html, std::regex("src=\"https?:")));
  const std::regex away("href=\"https?:");  // only the --source-url links lead away
  EXPECT_EQ(std::distance(std::sregex_iterator(html.begin(), html.end(), away), std::sregex_iterator()), 1);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);

  // A second report in the same folder replaces the first one's pictures.
  write(dir / "review" / "img" / "0007-old.png", "stale");
  write(dir / "review" / "notes.txt", "mine");
  const auto again = run_cardstock({"diff", "old", "new", "-o", "review", "--max-pictures", "0"}, dir.string());
  EXPECT_EQ(again.status, 1) << again.err;
  EXPECT_EQ(testing::tree_of(dir / "review"), (std::vector<std::string>{"index.html", "notes.txt"}));
  EXPECT_NE(slurp(dir / "review" / "index.html").find("Not pictured: the report shows at most 0 pages"), std::string::npos);
}

TEST(Diff, OutputsAndCardsAddedOrRemoved) {
  const fs::path dir = testing::fresh_dir("diff-added");
  build(dir, game(), "old");
  const std::string after = game("Kappa", "      - {id: nu, word: Nu}\n", "[poker-3x3-letter, poker-3x3-a4]");
  build(dir, after, "new");
  // The card comes with its cut guides, outside every card's box.
  const std::string nu = source_of(after, "nu") + "; changed outside the cards (5169 pixels)\n";
  auto r = run_cardstock({"diff", "old", "new"}, dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "added    g/cards-poker-3x3-a4.pdf: 2 pages\n"
                   "changed  g/cards-poker-3x3-letter.pdf: page 2 of 2\n"
                   "         page 2: added 'nu' at " + nu +
                   "changed  g/manifest.json: what it records of the outputs differs\n"
                   "2 changed, 1 added, 0 removed, 0 unchanged\n");
  r = run_cardstock({"diff", "new", "old"}, dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "removed  g/cards-poker-3x3-a4.pdf: 2 pages\n"
                   "changed  g/cards-poker-3x3-letter.pdf: page 2 of 2\n"
                   "         page 2: removed 'nu' at " + nu +
                   "changed  g/manifest.json: what it records of the outputs differs\n"
                   "2 changed, 0 added, 1 removed, 0 unchanged\n");
}

TEST(Diff, AnEditThatChangesNoPrintedPageIsNoChange) {
  const fs::path dir = testing::fresh_dir("diff-comment");
  build(dir, game(), "old");
  build(dir, "# one more comment line at the top\n" + game(), "new");
  // Every card's source line moved: the manifests differ, the pages do not.
  auto r = run_cardstock({"diff", "old", "new"}, dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "changed  g/manifest.json: what it records of the outputs differs\n"
                   "1 changed, 0 added, 0 removed, 1 unchanged\n");
  build(dir, game() + "# a comment at the end changes only the inputs' keys\n", "end");
  r = run_cardstock({"diff", "old", "end"}, dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "no output changed (2 compared)\n");
}

// What a folder that cannot be compared makes `diff` say, and that it leaves nothing
// behind but in the report folder.
TEST(Diff, FoldersFromAnyoneAreErrorsNotCrashes) {
  const fs::path dir = testing::fresh_dir("diff-hostile");
  build(dir, game(), "good");
  build(dir, game("Kappa Kappa"), "changed");
  auto fresh = [&](const std::string& name) {
    fs::remove_all(dir / name);
    fs::copy(dir / "changed", dir / name, fs::copy_options::recursive);
    return dir / name;
  };
  struct Case {
    std::string name;
    std::function<void(const fs::path&)> spoil;
    std::string message;  // expected in stderr, with D for the folder
  };
  const std::string pdf = "cards-poker-3x3-letter.pdf";
  const std::vector<Case> cases = {
      {"no manifest", [](const fs::path& d) { fs::remove(d / "g/manifest.json"); },
       "D/g: error: no manifest.json beside its PDFs (cardstock build writes one; it says which card is where)\n"},
      {"truncated manifest",
       [](const fs::path& d) { fs::resize_file(d / "g/manifest.json", 300); },
       "D/g/manifest.json:"},
      {"manifest not a manifest", [](const fs::path& d) { write(d / "g/manifest.json", "[1, 2]"); },
       "D/g/manifest.json:1:1: error: expected an object, found an array\n"},
      {"pdf not in manifest",
       [&](const fs::path& d) {
         std::string m = slurp(d / "g/manifest.json");
         const std::string entry = "{\"file\": \"" + pdf + "\"";  // in the outputs, not the header's files
         m.replace(m.find(entry), entry.size(), "{\"file\": \"other.pdf\"");
         write(d / "g/manifest.json", m);
       },
       "D/g/" + pdf + ": error: its manifest.json does not list it\n"},
      {"page count disagrees",
       [&](const fs::path& d) {
         std::string m = slurp(d / "g/manifest.json");
         m.replace(m.find("\"page_count\": 2"), 15, "\"page_count\": 3");
         write(d / "g/manifest.json", m);
       },
       "D/g/" + pdf + ": error: it has 2 pages but its manifest.json says 3\n"},
      {"not a pdf", [&](const fs::path& d) { write(d / "g" / pdf, "hello"); },
       "D/g/" + pdf + ": error: it is not a PDF (it does not start with '%PDF-')\n"},
      {"broken pdf", [&](const fs::path& d) { write(d / "g" / pdf, "%PDF-1.5\n1 0 obj << /Type /Catalog"); },
       "D/g/" + pdf + ": error: it does not parse as a PDF\n"},
      {"too many pages", [&](const fs::path& d) { write(d / "g" / pdf, tiny_pdf(50001, 612, 792)); },
       "D/g/" + pdf + ": error: it has 50001 pages; the limit is 50000\n"},
      {"page too large",
       [&](const fs::path& d) {
         write(d / "g" / pdf, tiny_pdf(2, 20000, 792));
       },
       "D/g/" + pdf + ": error: page 1 is 20000 x 792 pt; a page may be at most 14400 pt (200 in) a side\n"},
      {"symbolic link", [](const fs::path& d) { fs::create_symlink("/etc/passwd", d / "g/passwd.pdf"); },
       "D/g/passwd.pdf: error: it is a symbolic link; cardstock diff compares only regular files in folders\n"},
      {"linked folder", [](const fs::path& d) { fs::create_directory_symlink("/etc", d / "etc"); },
       "D/etc: error: it is a symbolic link; cardstock diff compares only regular files in folders\n"},
      {"fifo", [](const fs::path& d) { ASSERT_EQ(::mkfifo((d / "g/pipe.pdf").c_str(), 0600), 0); },
       "D/g/pipe.pdf: error: it is a FIFO (named pipe); cardstock diff compares only regular files in folders\n"},
      {"deep folders",
       [](const fs::path& d) {
         fs::path p = d;
         for (int i = 0; i < 20; ++i) p /= "d";
         fs::create_directories(p);
       },
       "D/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d: error: folders nest deeper than 16 levels here\n"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const fs::path d = fresh(c.name);
    c.spoil(d);
    const auto r = run_cardstock({"diff", (dir / "good").string(), d.string(), "-o", (dir / "report").string()});
    EXPECT_EQ(r.status, 2) << r.out;
    const std::string err = testing::replace_all(r.err, d.string(), "D");
    EXPECT_EQ(err.rfind(c.message, 0), 0u) << err;
    EXPECT_NE(err.find("cardstock: error: the folders could not be compared\n"), std::string::npos) << err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(dir / "report" / "index.html"));
  }
}

TEST(Diff, WritesNothingOutsideTheReportFolder) {
  const fs::path dir = testing::fresh_dir("diff-confined");
  build(dir, game(), "old");
  build(dir, game("Kappa Kappa"), "new");
  fs::create_directories(dir / "outside");
  // The pictures' folder, or index.html, a link leading out of the report folder.
  fs::create_directories(dir / "r1");
  fs::create_directory_symlink(dir / "outside", dir / "r1" / "img");
  auto r = run_cardstock({"diff", "old", "new", "-o", "r1"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("refusing to write"), std::string::npos) << r.err;
  fs::create_directories(dir / "r2");
  write(dir / "outside" / "page.html", "mine");
  fs::create_symlink(dir / "outside" / "page.html", dir / "r2" / "index.html");
  r = run_cardstock({"diff", "old", "new", "-o", "r2"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("refusing to write"), std::string::npos) << r.err;
  EXPECT_EQ(testing::tree_of(dir / "outside"), std::vector<std::string>{"page.html"});
  EXPECT_EQ(slurp(dir / "outside" / "page.html"), "mine");
  // A report inside a compared folder would be compared next time.
  r = run_cardstock({"diff", "old", "new", "-o", "new/review"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "cardstock: error: the report folder 'new/review' lies inside 'new', which is compared: put it elsewhere\n");
  EXPECT_FALSE(fs::exists(dir / "new" / "review"));
}

TEST(Diff, UsageErrorsExitWithTwo) {
  const fs::path dir = testing::fresh_dir("diff-usage");
  fs::create_directories(dir / "a");
  write(dir / "file", "x");
  auto r = run_cardstock({"diff", "a"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("new is required"), std::string::npos) << r.err;
  r = run_cardstock({"diff", "a", "nowhere"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "cardstock: error: NEW 'nowhere' is not a folder: No such file or directory\n");
  r = run_cardstock({"diff", "file", "a"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "cardstock: error: OLD 'file' is not a folder\n");
  r = run_cardstock({"diff", "a", "a", "--dpi", "1000"}, dir.string());
  EXPECT_EQ(r.status, 2);
  r = run_cardstock({"diff", "a", "a"}, dir.string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "no output changed (0 compared)\n");
}

// The same for a real change to a shipped game: Dayenu's Fire card says "burnt".
TEST(Diff, ARealChangeToAShippedGame) {
  const fs::path dir = testing::fresh_dir("diff-dayenu");
  fs::copy(testing::source_dir() + "/content", dir / "content", fs::copy_options::recursive);
  const fs::path yaml = dir / "content" / "dayenu.yaml";
  auto r = run_cardstock({"build", "content/dayenu.yaml", "-o", "old", "--paper", "letter"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text = slurp(yaml);
  const std::string from = "Then the fire came and burned the stick.";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "Then the fire came and burnt the stick.");
  write(yaml, text);
  r = run_cardstock({"build", "content/dayenu.yaml", "-o", "new", "--paper", "letter"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const size_t row = text.find("- id: chad-05-fire");
  const std::string src =
      "content/dayenu.yaml:" + std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<long>(row), '\n')) + ":9";
  r = run_cardstock({"diff", "old", "new", "-o", "review"}, dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "changed  dayenu/cards-poker-3x3-letter.pdf: pages 1 and 3 of 22\n"
                   "         page 1: changed 'chad-05-fire' at " + src + "\n"
                   "         page 3: changed 'chad-05-fire' at " + src + "\n"
                   "changed  dayenu/cards-poker-labels-letter.pdf: page 2 of 13\n"
                   "         page 2: changed 'chad-05-fire' (copies 1 and 2) at " + src + "\n"
                   "2 changed, 0 added, 0 removed, 3 unchanged\n"
                   "report: review/index.html (3 pages pictured)\n");
}

// The report opened in a real browser (Debian's chromium, headless), when one is
// installed: it must load and draw the pages. The screenshot stays in the test's folder
// (build/tests/tmp/diff-browser-PID/screenshot.png) for a person to look at.
TEST(Diff, TheReportOpensInAHeadlessBrowser) {
  std::string browser;
  for (const char* p : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(p)) browser = p;
  if (browser.empty()) GTEST_SKIP() << "chromium is not installed (apt-get install chromium): the report is not opened";
  const fs::path dir = testing::fresh_dir("diff-browser");
  build(dir, game(), "old");
  build(dir, game("Kappa Kappa"), "new");
  ASSERT_EQ(run_cardstock({"diff", "old", "new", "-o", "review"}, dir.string()).status, 1);
  const fs::path shot = dir / "screenshot.png";
  // Its own profile, home and temp folder, in a short folder under /tmp removed at the
  // end, failed or not: under a long build path the sockets Chromium makes in its temp
  // folder pass the 107 bytes a Unix socket's path may have, and it does not start. Not
  // in the suite's temp folder either, which must stay empty.
  char made[] = "/tmp/cs-XXXXXX";
  ASSERT_NE(::mkdtemp(made), nullptr) << std::strerror(errno);
  struct Removed {
    fs::path dir;
    ~Removed() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } browser_dir{made};
  const fs::path profile = browser_dir.dir / "profile", home = browser_dir.dir / "home";
  fs::create_directories(home);
  const std::string cmd = "cd '" + dir.string() + "' && HOME='" + home.string() + "' TMPDIR='" + home.string() +
                          "' timeout 120 " + browser +
                          " --headless --no-sandbox --disable-gpu --disable-background-networking"
                          " --disable-component-update --disable-sync --no-first-run --hide-scrollbars"
                          " --user-data-dir='" + profile.string() + "' --window-size=1366,900 --screenshot='" +
                          shot.string() + "' 'file://" + (dir / "review" / "index.html").string() + "' >browser.log 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << slurp(dir / "browser.log");
  EXPECT_EQ(png_size(shot), std::make_pair(1366, 900));
  // A blank page compresses to a few kilobytes; this one shows three pictures of cards.
  EXPECT_GT(fs::file_size(shot), 60000u);
  std::cout << "screenshot of the report: " << shot.string() << "\n";
}

}  // namespace cardstock

namespace cardstock {

namespace {

// A game of 45 cards, five 3x3 pages; card k (0-based) says words[k], shows image `img`
// (the first card `first_img`).
std::string long_game(const std::vector<std::string>& words, const std::string& first_img = "b.svg") {
  std::string g = "game: g\ntitle: G\ndesigns:\n  face:\n    layers:\n"
                  "      - {type: image, src: \"{img}\", x: 5mm, y: 30mm, w: 20mm, h: 20mm}\n"
                  "      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 18pt}\n"
                  "decks:\n  - id: cards\n    stocks: [poker-3x3-letter]\n    face: face\n    cards:\n";
  for (size_t k = 0; k < words.size(); ++k)
    g += "      - {id: c" + std::to_string(k) + ", word: " + words[k] + ", img: " + (k ? "b.svg" : first_img) + "}\n";
  return g;
}

std::string square(const std::string& fill) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"" +
         fill + "\"/></svg>";
}

// The pages `diff --json` says differ in the deck's PDF, as "2 4".
std::string pages_reported(const fs::path& dir) {
  const auto r = run_cardstock({"diff", "old", "new", "--json"}, dir.string());
  EXPECT_EQ(r.status, 1) << r.err;
  const JsonParsed j = parse_json(r.out);
  std::string pages;
  for (const auto& od : j.value["outputs"])
    if (od["file"] == "g/cards-poker-3x3-letter.pdf")
      for (const auto& p : od["pages"]) pages += (pages.empty() ? "" : " ") + std::to_string(p["page"].get<int>());
  return pages;
}

}  // namespace

// Pages whose content and resources are the same are not drawn (page_digest.h); the two
// that differ, and only they, are reported.
TEST(Diff, TwoPagesOfFiveDifferAndOnlyTheyAreReported) {
  const fs::path dir = testing::fresh_dir("diff-two-of-five");
  std::vector<std::string> words;
  for (int k = 0; k < 45; ++k) words.push_back("w" + std::to_string(k));
  write(dir / "a.svg", square("#204080"));
  write(dir / "b.svg", square("#208040"));
  build(dir, long_game(words), "old");
  words[10] = "changed";  // page 2
  words[30] = "changed";  // page 4
  build(dir, long_game(words), "new");
  EXPECT_EQ(pages_reported(dir), "2 4");
  const auto r = run_cardstock({"diff", "old", "new"}, dir.string());
  EXPECT_NE(r.out.find("changed  g/cards-poker-3x3-letter.pdf: pages 2 and 4 of 5\n"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// A card's image changed in its file only: the page draws it through the same content
// stream (the picture is a resource), and the change is still found.
TEST(Diff, AnImageChangedInItsFileOnlyIsFound) {
  const fs::path dir = testing::fresh_dir("diff-image-only");
  std::vector<std::string> words;
  for (int k = 0; k < 45; ++k) words.push_back("w" + std::to_string(k));
  write(dir / "a.svg", square("#204080"));
  write(dir / "b.svg", square("#208040"));
  build(dir, long_game(words, "a.svg"), "old");
  write(dir / "a.svg", square("#902020"));
  build(dir, long_game(words, "a.svg"), "new");
  EXPECT_EQ(pages_reported(dir), "1");
  fs::remove_all(dir);
}

// Two builds where one card gains letters no other card has (the font is subset anew)
// and another card takes up a picture only the first card had (the shared forms are named
// anew: b.svg's form is /A0 in one file, /A1 in the other): pages 4 and 5 digest the
// same, so `diff` does not draw them (before, every page differed). Pages 2 and 3 changed;
// page 1 looks the same but draws the first card's picture through a shared form now, so it is
// drawn and found equal.
TEST(Diff, ANewLetterAndANewSharedPictureLeaveTheOtherPagesDigestsEqual) {
  const fs::path dir = testing::fresh_dir("diff-digests-stable");
  std::vector<std::string> words;
  for (int k = 0; k < 45; ++k) words.push_back("w" + std::to_string(k));
  write(dir / "a.svg", square("#204080"));
  write(dir / "b.svg", square("#208040"));
  build(dir, long_game(words, "a.svg"), "old");
  words[10] = "Quokka";  // page 2
  std::string game = long_game(words, "a.svg");
  game.replace(game.find("{id: c20, word: w20, img: b.svg}"), 32, "{id: c20, word: w20, img: a.svg}");  // page 3
  build(dir, game, "new");
  const auto old_pdf = slurp(dir / "old/g/cards-poker-3x3-letter.pdf"), new_pdf = slurp(dir / "new/g/cards-poker-3x3-letter.pdf");
  const auto a = page_digests(old_pdf), b = page_digests(new_pdf);
  ASSERT_EQ(a.size(), 5u);
  ASSERT_EQ(b.size(), 5u);
  std::string differ;
  for (size_t i = 0; i < 5; ++i)
    if (a[i] != b[i]) differ += std::to_string(i + 1);
  EXPECT_EQ(differ, "123");
  EXPECT_EQ(pages_reported(dir), "2 3");
  fs::remove_all(dir);
}

}  // namespace cardstock
