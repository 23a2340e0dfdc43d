// Incremental, parallel and interrupted builds, through the real program: untouched
// outputs keep their bytes and mtime, --jobs changes nothing in the bytes, and a build
// killed at any moment leaves every output either the old file or the new one.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <poppler-document.h>
#include <poppler-page.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

// Runs the cardstock binary, stdout and stderr merged: its exit status.
int run(const std::vector<std::string>& args, const std::string& epoch = "", std::string* output = nullptr) {
  return testing::run_merged(args, epoch, output);
}

std::map<std::string, fs::file_time_type> mtimes(const fs::path& dir) {
  std::map<std::string, fs::file_time_type> m;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) m[fs::relative(e.path(), dir).string()] = e.last_write_time();
  return m;
}

}  // namespace

TEST(Incremental, UnchangedOutputsAreLeftAloneAndForceRewritesThem) {
  const fs::path dir = testing::fresh_dir("incremental");
  fs::copy(testing::source_dir() + "/content", dir / "content", fs::copy_options::recursive);
  const std::string game = (dir / "content" / "echad.yaml").string(), out = (dir / "out").string();
  std::string text;
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0) << text;
  const auto first = mtimes(dir / "out");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0);
  EXPECT_EQ(text, "up to date: " + out + "/echad/\n");
  EXPECT_EQ(mtimes(dir / "out"), first);
  // Change only the rules text: the four booklets are drawn again, nothing else.
  std::ofstream(dir / "content" / "echad.rules.md", std::ios::app) << "\nOne more line.\n";
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0);
  // 78 pages: each answer key takes two (its type is never below 8 pt).
  EXPECT_EQ(text, "built " + out + "/echad/: 10 PDFs, 78 pages, manifest.json (4 rewritten, 6 unchanged)\n");
  const auto second = mtimes(dir / "out");
  for (const auto& [f, t] : first) {
    const bool booklet = f.find("rules-") != std::string::npos || f.find("manifest") != std::string::npos;
    if (booklet) EXPECT_NE(second.at(f), t) << f;
    else EXPECT_EQ(second.at(f), t) << f;
  }
  // A template changes: everything depends on templates.
  ASSERT_EQ(run({"build", game, "-o", out, "--paper", "a4"}, "", &text), 0);
  EXPECT_NE(text.find("built "), std::string::npos) << "options are part of the inputs";
  ASSERT_EQ(run({"build", game, "-o", out, "--force"}, "", &text), 0);
  EXPECT_EQ(text.find("unchanged"), std::string::npos) << text;
}

// A board preview shows tiles of other decks (the trade tiles round its edge): a change
// to their images draws it again, and leaves the sheets of the board's own tiles alone.
TEST(Incremental, ABoardIsDrawnAgainWhenItsExtraTilesImagesChange) {
  const fs::path dir = testing::fresh_dir("incremental-board");
  fs::copy(testing::source_dir() + "/content", dir / "content", fs::copy_options::recursive);
  const std::string game = (dir / "content" / "prophets.yaml").string(), out = (dir / "out").string();
  std::string text;
  ASSERT_EQ(run({"build", game, "-o", out, "--paper", "letter"}, "", &text), 0) << text;
  const auto first = mtimes(dir / "out");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::ofstream(dir / "content" / "assets" / "prophets" / "trade.svg", std::ios::app) << "<!-- changed -->\n";
  ASSERT_EQ(run({"build", game, "-o", out, "--paper", "letter"}, "", &text), 0) << text;
  const auto second = mtimes(dir / "out");
  EXPECT_NE(second.at("prophets/board-preview-letter.pdf"), first.at("prophets/board-preview-letter.pdf"));
  EXPECT_NE(second.at("prophets/trade-hex-tile-letter.pdf"), first.at("prophets/trade-hex-tile-letter.pdf"));
  EXPECT_EQ(second.at("prophets/tiles-hex-tile-letter.pdf"), first.at("prophets/tiles-hex-tile-letter.pdf"));
}

// A deck read from a CSV file: the file is an input of its outputs and of the manifest;
// a change to it draws that deck again and leaves a deck written in YAML alone.
TEST(Incremental, ACsvChangeDrawsItsDeckAgain) {
  const fs::path dir = testing::fresh_dir("incremental-csv");
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{word}\"}]\n"
                                   "decks:\n  - {id: words, face: face, stocks: [poker-3x3-letter], cards: {csv: w.csv}}\n"
                                   "  - {id: yaml, face: face, stocks: [poker-3x3-letter], cards: [{word: same}]}\n";
  std::ofstream(dir / "w.csv") << "id,word\na,shalom\n";
  const std::string game = (dir / "g.yaml").string(), out = (dir / "out").string();
  std::string text;
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0) << text;
  const std::string manifest = testing::slurp(dir / "out" / "g" / "manifest.json");
  EXPECT_NE(manifest.find("\"" + (dir / "w.csv").string() + "\""), std::string::npos) << manifest;
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0);
  EXPECT_EQ(text, "up to date: " + out + "/g/\n");
  const auto first = mtimes(dir / "out");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::ofstream(dir / "w.csv") << "id,word\na,todah\n";
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0);
  EXPECT_EQ(text, "built " + out + "/g/: 2 PDFs, 2 pages, manifest.json (1 rewritten, 1 unchanged)\n");
  const auto second = mtimes(dir / "out");
  EXPECT_NE(second.at("g/words-poker-3x3-letter.pdf"), first.at("g/words-poker-3x3-letter.pdf"));
  EXPECT_EQ(second.at("g/yaml-poker-3x3-letter.pdf"), first.at("g/yaml-poker-3x3-letter.pdf"));
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((dir / "out" / "g" / "words-poker-3x3-letter.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  EXPECT_NE(testing::utf8(page->text()).find("todah"), std::string::npos);
}

// The no-op check runs before anything is parsed, so it must see what parsing would: a
// file added to a game's own templates folder, or to a --templates layer, is a new input,
// and a layer left out is another build.
TEST(Incremental, ANewFileInATemplatesFolderOrALayerLeftOutBuildsAgain) {
  const fs::path dir = testing::fresh_dir("incremental-templates");
  fs::create_directories(dir / "mine");
  fs::create_directories(dir / "layer");
  std::ofstream(dir / "mine" / "papers.yaml") << "papers: []\n";
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\ntemplates: mine\ndesigns:\n  face:\n"
                                   "    layers: [{type: text, text: \"{word}\"}]\n"
                                   "decks:\n  - {id: words, face: face, stocks: [poker-3x3-letter], cards: [{word: a}]}\n";
  const std::string game = (dir / "g.yaml").string(), out = (dir / "out").string(),
                    layer = (dir / "layer").string();
  std::string text;
  ASSERT_EQ(run({"build", game, "-o", out, "--templates", layer}, "", &text), 0) << text;
  ASSERT_EQ(run({"build", game, "-o", out, "--templates", layer}, "", &text), 0);
  EXPECT_EQ(text, "up to date: " + out + "/g/\n");
  std::ofstream(dir / "mine" / "cards.yaml") << "cards: []\n";
  ASSERT_EQ(run({"build", game, "-o", out, "--templates", layer}, "", &text), 0);
  EXPECT_EQ(text, "built " + out + "/g/: 1 PDF, 1 page, manifest.json\n");
  std::ofstream(dir / "layer" / "papers.yaml") << "papers: []\n";
  ASSERT_EQ(run({"build", game, "-o", out, "--templates", layer}, "", &text), 0);
  EXPECT_EQ(text, "built " + out + "/g/: 1 PDF, 1 page, manifest.json\n");
  ASSERT_EQ(run({"build", game, "-o", out, "--templates", layer}, "", &text), 0);
  EXPECT_EQ(text, "up to date: " + out + "/g/\n");
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0);
  EXPECT_EQ(text, "built " + out + "/g/: 1 PDF, 1 page, manifest.json\n");
}

TEST(Incremental, JobsDoNotChangeABitOfTheOutput) {
  const fs::path a = testing::fresh_dir("jobs-1"), b = testing::fresh_dir("jobs-2");
  std::string text;
  std::vector<std::string> games;
  for (const char* g : {"dayenu", "echad", "prophets", "unity"})
    games.push_back(testing::source_dir() + "/content/" + g + ".yaml");
  auto args = [&](const fs::path& out, const char* jobs) {
    std::vector<std::string> v = {"build"};
    v.insert(v.end(), games.begin(), games.end());
    v.insert(v.end(), {"-o", out.string(), "-j", jobs});
    return v;
  };
  ASSERT_EQ(run(args(a, "1"), "", &text), 0) << text;
  ASSERT_EQ(run(args(b, "2"), "", &text), 0) << text;
  const auto fa = testing::contents_of(a), fb = testing::contents_of(b);
  ASSERT_EQ(fa.size(), fb.size());
  EXPECT_GT(fa.size(), 50u);
  for (const auto& [f, bytes] : fa) EXPECT_TRUE(fb.count(f) && fb.at(f) == bytes) << f;
}

// A deck's PDFs place card art drawn once for all of them (a book), an imposed booklet the
// pages of the booklet: a file drawn again alone, the others up to date, has the bytes it
// had when they were all drawn.
TEST(Incremental, ACardSheetDrawnAloneHasTheBytesItHadWithTheRestOfItsDeck) {
  const fs::path dir = testing::fresh_dir("book-alone");
  const std::string game = testing::source_dir() + "/content/prophets.yaml", out = (dir / "out").string();
  std::string text;
  ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0) << text;
  const auto before = testing::contents_of(dir / "out");
  // (Its event and resource decks show each design several times on every sheet; the
  // imposed booklet places the pages of rules-a5.pdf, here not drawn again.)
  for (const char* f : {"events-1-poker-labels-a4.pdf", "resources-poker-3x3-letter.pdf", "rules-booklet-a4.pdf"}) {
    fs::remove(dir / "out" / "prophets" / f);
    ASSERT_EQ(run({"build", game, "-o", out}, "", &text), 0) << text;
    EXPECT_NE(text.find("(1 rewritten, 31 unchanged)"), std::string::npos) << text;
    const auto after = testing::contents_of(dir / "out");
    ASSERT_EQ(after.size(), before.size());
    for (const auto& [file, bytes] : before) EXPECT_TRUE(after.count(file) && after.at(file) == bytes) << file;
  }
}

// One game and several jobs: its outputs are drawn by several processes (shares) and
// renamed by the parent; the bytes are those of a one-process build, and no temporary
// file is left.
TEST(Incremental, OneGameDrawnInSharesHasTheSameBytes) {
  const fs::path a = testing::fresh_dir("shares-1"), b = testing::fresh_dir("shares-3");
  const std::string game = testing::source_dir() + "/content/prophets.yaml";
  std::string one, three;
  ASSERT_EQ(run({"build", game, "-o", a.string(), "-j", "1"}, "", &one), 0) << one;
  ASSERT_EQ(run({"build", game, "-o", b.string(), "-j", "3"}, "", &three), 0) << three;
  const size_t at = one.find(a.string());
  ASSERT_NE(at, std::string::npos) << one;
  EXPECT_EQ(three, one.replace(at, a.string().size(), b.string()));  // one summary line, the same
  const auto fa = testing::contents_of(a), fb = testing::contents_of(b);
  ASSERT_EQ(fa.size(), fb.size());
  EXPECT_GT(fa.size(), 30u);
  for (const auto& [f, bytes] : fa) EXPECT_TRUE(fb.count(f) && fb.at(f) == bytes) << f;
}

// A share that fails takes the whole game down: the parent removes what the other shares
// drew and every output keeps its previous bytes. The shares fail by a file size limit
// (ulimit -f, inherited by the processes): a temporary path blocked by hand would be
// removed, since whoever holds the folder's lock removes what dead builds left.
TEST(Incremental, AFailedShareLeavesEveryPreviousOutput) {
  const fs::path out = testing::fresh_dir("share-fails");
  const std::string game = testing::source_dir() + "/content/prophets.yaml";
  std::string text;
  ASSERT_EQ(run({"build", game, "-o", out.string(), "-j", "1"}, "", &text), 0) << text;
  const auto before = testing::contents_of(out);
  const std::string blocked = ".pdf': File too large";
  rlimit was{};
  ::getrlimit(RLIMIT_FSIZE, &was);
  const rlimit small{64 * 1024, was.rlim_max};
  ::signal(SIGXFSZ, SIG_IGN);

  BuildOptions opt = testing::build_options(out);
  opt.self_exe = CARDSTOCK_BINARY;
  opt.jobs = 2;
  opt.force = true;
  ::setenv("SOURCE_DATE_EPOCH", "1800000000", 1);  // a new date: a rewrite would change every file
  std::ostringstream o, e;
  ::setrlimit(RLIMIT_FSIZE, &small);
  const int status = build_files({game}, opt, o, e);
  ::setrlimit(RLIMIT_FSIZE, &was);
  ::unsetenv("SOURCE_DATE_EPOCH");
  EXPECT_EQ(status, 1);
  EXPECT_NE(e.str().find(blocked), std::string::npos) << e.str();
  EXPECT_EQ(o.str(), "");
  const auto after = testing::contents_of(out);
  EXPECT_EQ(after.size(), before.size());
  for (const auto& [f, bytes] : before) EXPECT_TRUE(after.count(f) && after.at(f) == bytes) << f;
  for (const auto& entry : fs::directory_iterator(out / "prophets"))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
}

// Kill a rebuild (new PDF dates, so every file changes) at several moments; each output
// path must then hold exactly the old file or exactly the new one, never a torn file.
TEST(Incremental, KilledBuildLeavesOldOrNewFilesNeverHalfWritten) {
  const fs::path old_dir = testing::fresh_dir("kill-old"), new_dir = testing::fresh_dir("kill-new");
  const std::string game = testing::source_dir() + "/content/echad.yaml";
  ASSERT_EQ(run({"build", game, "-o", old_dir.string()}, "1767225600"), 0);
  ASSERT_EQ(run({"build", game, "-o", new_dir.string()}, "1798761600"), 0);
  const auto old_files = testing::contents_of(old_dir), new_files = testing::contents_of(new_dir);
  int saw_old = 0, saw_new = 0;
  for (int delay_ms : {5, 30, 80, 150, 250, 400, 700}) {
    const fs::path dir = testing::fresh_dir("kill-" + std::to_string(delay_ms));
    fs::copy(old_dir, dir, fs::copy_options::recursive);
    const pid_t pid = fork();
    if (pid == 0) {
      setenv("SOURCE_DATE_EPOCH", "1798761600", 1);
      if (!freopen("/dev/null", "w", stdout)) _exit(126);
      execl(CARDSTOCK_BINARY, CARDSTOCK_BINARY, "build", game.c_str(), "-o", dir.c_str(), "-j", "1",
            static_cast<char*>(nullptr));
      _exit(127);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    kill(pid, SIGKILL);
    int st = 0;
    waitpid(pid, &st, 0);
    for (const auto& [f, bytes] : old_files) {
      const std::string now = testing::slurp(dir / f);
      const bool is_old = now == bytes, is_new = now == new_files.at(f);
      EXPECT_TRUE(is_old || is_new) << f << " after " << delay_ms << " ms: " << now.size() << " bytes";
      saw_old += is_old;
      saw_new += is_new;
    }
    // The next build cleans up what the killed one left and completes.
    std::string text;
    ASSERT_EQ(run({"build", game, "-o", dir.string()}, "1798761600", &text), 0) << text;
    EXPECT_EQ(testing::contents_of(dir), new_files) << delay_ms;
  }
  EXPECT_GT(saw_old, 0);  // the kills did land before the end of some builds
}

}  // namespace cardstock
