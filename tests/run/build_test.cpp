// Whole builds: byte-identical output, untouched files after a failed build, and the
// command line's exit codes and messages.
#include "run/build.h"

#include <gtest/gtest.h>

#include <iterator>
#include <sstream>
#include <sys/wait.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

using testing::fresh_dir;
using testing::slurp;

// The shipped designs by name, as an unknown design's message lists them.
std::string shipped_designs() {
  std::string s;
  for (const auto& [name, des] : testing::shipped_templates().designs) s += (s.empty() ? "" : ", ") + name;
  return s.empty() ? "none is defined" : s;
}

BuildOptions options(const fs::path& out) { return testing::build_options(out); }

struct CliRun {
  int status;
  std::string output;
};

// Runs the cardstock binary with `args` from the source folder; stdout+stderr.
CliRun cli(const std::string& args) {
  std::string cmd = "cd '" + testing::source_dir() + "' && '" CARDSTOCK_BINARY "' " + args + " 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) out.append(buf.data(), n);
  int st = pclose(f);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

const std::string kEchad = testing::source_dir() + "/content/echad.yaml";

}  // namespace

TEST(Build, SameInputGivesIdenticalBytes) {
  fs::path a = fresh_dir("det-a"), b = fresh_dir("det-b");
  std::ostringstream out, err;
  ASSERT_EQ(build_files({kEchad}, options(a), out, err), 0) << err.str();
  ASSERT_EQ(build_files({kEchad}, options(b), out, err), 0) << err.str();
  int files = 0;
  for (const auto& e : fs::directory_iterator(a / "echad")) {
    ++files;
    EXPECT_EQ(slurp(e.path()), slurp(b / "echad" / e.path().filename())) << e.path().filename();
  }
  EXPECT_EQ(files, 11);  // 4 sheet PDFs, 2 answer keys, 4 booklets, manifest.json
}

TEST(Build, FailedBuildLeavesPreviousOutputUntouched) {
  fs::path out = fresh_dir("atomic");
  std::ostringstream o, e;
  ASSERT_EQ(build_files({kEchad}, options(out), o, e), 0) << e.str();
  std::map<std::string, std::pair<std::string, fs::file_time_type>> before;
  for (const auto& f : fs::directory_iterator(out / "echad"))
    before[f.path().filename()] = {slurp(f.path()), fs::last_write_time(f.path())};

  // The same game with one bad card: same output folder, must not be touched.
  std::string text = slurp(kEchad);
  text.replace(text.find("map: mesopotamia"), 16, "map: mesopotamia\n        period2: [oops]");
  fs::path broken = out / "echad.yaml";
  std::ofstream(broken) << text;
  fs::copy(testing::source_dir() + "/content/assets", out / "assets", fs::copy_options::recursive);
  std::ostringstream o2, e2;
  EXPECT_EQ(build_files({broken.string()}, options(out), o2, e2), 1);
  EXPECT_NE(e2.str().find("nothing written"), std::string::npos) << e2.str();
  size_t n = 0;
  for (const auto& f : fs::directory_iterator(out / "echad")) {
    ++n;
    auto it = before.find(f.path().filename());
    ASSERT_NE(it, before.end()) << "new file " << f.path();
    EXPECT_EQ(slurp(f.path()), it->second.first) << f.path();
    EXPECT_EQ(fs::last_write_time(f.path()), it->second.second) << f.path();
  }
  EXPECT_EQ(n, before.size());
}

TEST(Build, ManifestDescribesEveryPageAndPlacement) {
  fs::path out = fresh_dir("manifest");
  std::ostringstream o, e;
  ASSERT_EQ(build_files({kEchad}, options(out), o, e), 0) << e.str();
  const std::string m = slurp(out / "echad" / "manifest.json");
  EXPECT_NE(m.find("\"file\": \"cards-poker-3x3-letter.pdf\", \"kind\": \"cards\""), std::string::npos);
  EXPECT_NE(m.find("\"page_size\": [612, 792], \"page_count\": 12"), std::string::npos);
  EXPECT_NE(m.find("\"file\": \"cards-poker-labels-letter.pdf\", \"kind\": \"labels\""), std::string::npos);
  // The first card of the file, its source line and its rectangle (12.7 mm, 6.35 mm).
  EXPECT_NE(m.find("{\"id\": \"hyksos-invasion\", \"copy\": 1, \"source\": \"" + kEchad),
            std::string::npos);
  EXPECT_NE(m.find("\"side\": \"front\", \"rect\": [36, 18, 180, 252]"), std::string::npos);
  // Its back, mirrored into the top-right slot.
  EXPECT_NE(m.find("\"side\": \"back\", \"rect\": [396, 18, 180, 252]"), std::string::npos);
  size_t placements = 0;
  for (size_t at = 0; (at = m.find("\"copy\":", at)) != std::string::npos; ++at) ++placements;
  // 54 fronts + 54 backs on each cardstock file, 54 on each label file.
  EXPECT_EQ(placements, 2u * (54 * 2) + 2u * 54);
}

TEST(Build, SingleSidedAndPaperOptions) {
  fs::path out = fresh_dir("single");
  BuildOptions opt = options(out);
  opt.backs = false;
  opt.paper = "a4";
  std::ostringstream o, e;
  ASSERT_EQ(build_files({kEchad}, opt, o, e), 0) << e.str();
  EXPECT_TRUE(fs::exists(out / "echad" / "cards-poker-3x3-a4.pdf"));
  EXPECT_FALSE(fs::exists(out / "echad" / "cards-poker-3x3-letter.pdf"));
  const std::string m = slurp(out / "echad" / "manifest.json");
  EXPECT_NE(m.find("\"page_count\": 6"), std::string::npos);
  // No card backs; only the imposed booklet, which is two-sided by nature, has back sides.
  EXPECT_EQ(m.find("\"side\": \"back\", \"placements\": [\n"), std::string::npos);
  EXPECT_EQ(m.find("\"side\": \"back\", \"rect\""), std::string::npos);
  EXPECT_TRUE(fs::exists(out / "echad" / "rules-a5.pdf"));
  EXPECT_TRUE(fs::exists(out / "echad" / "rules-booklet-a4.pdf"));
  EXPECT_FALSE(fs::exists(out / "echad" / "rules-half-letter.pdf"));
}

TEST(Cli, VersionHelpAndUsageErrors) {
  CliRun v = cli("--version");
  EXPECT_EQ(v.status, 0);
  EXPECT_EQ(v.output, std::string("cardstock ") + kVersion + "\n");
  EXPECT_EQ(cli("--help").status, 0);
  CliRun bad = cli("build --paper legl");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.output.find("cardstock: error: --paper: unknown paper 'legl' (did you mean 'legal'?); the papers "
                            "are all, letter, a4, legal, tabloid, a3, a5, half-letter or tabloid-extra"),
            std::string::npos)
      << bad.output;
  // A paper the templates have, that no stock of the games is on: a content error.
  CliRun legal = cli("check --paper legal");
  EXPECT_EQ(legal.status, 1);
  EXPECT_NE(legal.output.find("has no stock on legal paper, which --paper asks for"), std::string::npos)
      << legal.output;
  EXPECT_EQ(cli("frobnicate").status, 2);
  EXPECT_EQ(cli("").status, 2);
}

TEST(Cli, CheckExitsOneWithEveryDiagnostic) {
  fs::path dir = fresh_dir("cli-check");
  std::ofstream(dir / "bad.yaml") << "game: bad\ntitle: Bad\ndecks:\n  - id: d\n    face: nope\n"
                                     "    colour: red\n    cards: [{id: a}]\n";
  CliRun r = cli("check " + (dir / "bad.yaml").string());
  EXPECT_EQ(r.status, 1);
  const std::string f = (dir / "bad.yaml").string();
  EXPECT_EQ(r.output, f + ":6:5: error: unknown key 'colour' in deck\n" + f +
                          ":5:11: error: unknown design 'nope'" + (shipped_designs() == "none is defined" ? "; " : "; available: ") + shipped_designs() + "\n" + f +
                          ": 2 error(s), 0 warning(s); check failed\n");
}

TEST(Cli, CheckPassesOnEchadAndStocksListsTheLabelStock) {
  CliRun r = cli("check content/echad.yaml");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "content/echad.yaml: ok (1 deck, 54 cards, 10 outputs)\n");
  CliRun s = cli("stocks");
  EXPECT_EQ(s.status, 0);
  // Columns are as wide as their longest entry: compare the row's words.
  std::istringstream rows(s.output);
  std::string row;
  bool found = false;
  while (std::getline(rows, row)) {
    std::istringstream words(row);
    std::vector<std::string> w{std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
    if (w.size() < 7 || w[0] != "poker-labels-letter") continue;
    found = true;
    EXPECT_EQ(std::vector<std::string>(w.begin(), w.begin() + 7),
              (std::vector<std::string>{"poker-labels-letter", "letter", "poker", "labels", "2x4", "r90", "8"}));
  }
  EXPECT_TRUE(found) << s.output;
}

TEST(Cli, MissingFileIsAnError) {
  // A file named on the command line that is not there is a usage error (exit 2), with
  // the operating system's reason, and nothing else is built.
  CliRun r = cli("check content/nope.yaml content/echad.yaml");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.output, "content/nope.yaml: error: cannot read: No such file or directory\n");
  r = cli("build content -o /nonexistent-never-written");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.output, "content: error: cannot read: it is a directory, not a file\n");
}

}  // namespace cardstock

namespace cardstock {

TEST(Cli, StrictTurnsOverflowWarningsIntoAFailure) {
  fs::path dir = fresh_dir("strict");
  std::ofstream(dir / "long.yaml")
      << "game: long\ntitle: Long\ndesigns:\n  face:\n    layers:\n"
         "      - {type: text, text: \"{t}\", w: 10mm, h: 4mm, size: 9pt}\n"
         "decks:\n  - id: d\n    face: face\n    cards:\n"
         "      - {id: a, t: \"far too much text for a tiny box\"}\n";
  const std::string f = (dir / "long.yaml").string();
  const std::string warning = f +
      ":11:9: warning: card 'a': text 'far too much text for a tiny box' overflows its 10 x 4 mm "
      "box at 6pt (layer at " + f + ":6:9)\n";
  CliRun plain = cli("check " + f);
  EXPECT_EQ(plain.status, 0);
  EXPECT_EQ(plain.output, warning + f + ": ok (1 deck, 1 card, 2 outputs, 1 warning(s))\n");
  CliRun strict = cli("check --strict " + f);
  EXPECT_EQ(strict.status, 1);
  std::string as_error = warning;
  as_error.replace(as_error.find("warning:"), 8, "error:");
  EXPECT_EQ(strict.output, as_error + f + ": 1 error(s), 0 warning(s); check failed\n");
}

}  // namespace cardstock
