// Faults injected into the real binary: a file size limit (ulimit -f, everywhere) and a
// full disk (a small tmpfs, only as root; skipped with the reason otherwise). Each build
// must fail with the file and the system's reason, leave no temporary file and keep
// every previous output byte for byte.
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "cli/one_card_game.h"
#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

// The game, writing and "D" helpers are one_card_game.h's.
std::string game(const std::string& text) { return testing::one_card_game(text); }
void write(const fs::path& p, const std::string& text) { testing::write_with_folders(p, text); }
std::string shown(const std::string& s, const fs::path& d) { return testing::shown_as_d(s, d); }

// The files of `dir` that are not byte for byte those of `before`, and the files added
// or gone: "" when they are the same (names only, never the bytes of a PDF).
std::string changed_files(const std::map<std::string, std::string>& before, const fs::path& dir) {
  const auto now = testing::contents_of(dir);
  std::string out;
  for (const auto& [name, bytes] : now)
    if (!before.count(name)) out += "added " + name + "\n";
    else if (before.at(name) != bytes) out += "changed " + name + "\n";
  for (const auto& [name, bytes] : before)
    if (!now.count(name)) out += "gone " + name + "\n";
  return out;
}

// Builds D/g.yaml saying "old" into `out`, then rewrites it to say "new": the contents
// of `out` after the first build.
std::map<std::string, std::string> built_old(const fs::path& dir, const fs::path& out,
                                             const std::vector<std::string>& extra = {}) {
  write(dir / "g.yaml", game("old"));
  std::vector<std::string> args{"build", (dir / "g.yaml").string(), "-o", out.string(), "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  const testing::Run r = testing::run_cardstock(args);
  EXPECT_EQ(r.status, 0) << r.err;
  write(dir / "g.yaml", game("new"));
  return testing::contents_of(out);
}

TEST(Faults, FileSizeLimitFailsTheBuildAndKeepsThePreviousPdf) {
  const fs::path dir = testing::fresh_dir("faults-fsize");
  const auto before = built_old(dir, dir / "out");
  ASSERT_EQ(before.size(), 2u);
  // The deck's PDF is about 4.4 KB: 4 KB cuts it short.
  const testing::Run r =
      testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", (dir / "out").string(), "-q"}, "", {}, 4096);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(shown(r.err, dir),
            "D/out/g/d-poker-3x3-letter.pdf: error: cannot write 'D/out/g/d-poker-3x3-letter.pdf': File too large\n");
  EXPECT_EQ(changed_files(before, dir / "out"), "");  // no temporary file, every byte kept
}

TEST(Faults, FileSizeLimitFailsImagesAndJsonOfTabletopSimulator) {
  const fs::path dir = testing::fresh_dir("faults-fsize-tts");
  const auto before = built_old(dir, dir / "out", {"--stock", "tts", "--tts-url", "https://example.org/g/"});
  ASSERT_EQ(before.size(), 4u);
  // The sheet of faces (2 x 2 at 300 dpi) is about 16 KB, the back 5 KB: 8 KB cuts the first.
  const testing::Run r = testing::run_cardstock(
      {"build", (dir / "g.yaml").string(), "-o", (dir / "out").string(), "-q", "--stock", "tts", "--tts-url",
       "https://example.org/g/"},
      "", {}, 8192);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(shown(r.err, dir), "D/out/g/d-tts: error: cannot write 'D/out/g/d-tts/g-d-1.png': File too large\n");
  EXPECT_EQ(changed_files(before, dir / "out"), "");
}

TEST(Faults, FileSizeLimitFailsCalibrateAndKeepsBothSheets) {
  const fs::path dir = testing::fresh_dir("faults-fsize-calibrate");
  ASSERT_EQ(testing::run_cardstock({"calibrate", "-o", (dir / "out").string()}).status, 0);
  const auto before = testing::contents_of(dir / "out");
  ASSERT_EQ(before.size(), 3u);
  const testing::Run r = testing::run_cardstock({"calibrate", "-o", (dir / "out").string()}, "", {}, 16384);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(shown(r.err, dir), "D/out/calibration/duplex-calibration-letter.pdf: error: cannot write "
                               "'D/out/calibration/duplex-calibration-letter.pdf': File too large\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(changed_files(before, dir / "out"), "");
}

// A tmpfs of `kb` kilobytes mounted on a fresh folder for one test, unmounted after;
// mounted() false (with why()) where that is not allowed (not root, a container).
class SmallDisk {
 public:
  SmallDisk(const std::string& name, int kb) : dir_(testing::fresh_dir(name) / "disk") {
    fs::create_directories(dir_);
    const std::string size = "size=" + std::to_string(kb) + "k";
    if (::mount("tmpfs", dir_.c_str(), "tmpfs", 0, size.c_str()) == 0) mounted_ = true;
    else why_ = std::string("cannot mount a tmpfs (") + std::strerror(errno) + "): a full disk needs root";
  }
  ~SmallDisk() {
    if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  SmallDisk(const SmallDisk&) = delete;
  SmallDisk& operator=(const SmallDisk&) = delete;
  bool mounted() const { return mounted_; }
  const std::string& why() const { return why_; }
  const fs::path& dir() const { return dir_; }
  // Fills the disk but for about `left` bytes.
  void fill(size_t left) const {
    const fs::space_info s = fs::space(dir_);
    if (s.available > left) write(dir_ / "filler", std::string(s.available - left, 'x'));
  }

 private:
  fs::path dir_;
  bool mounted_ = false;
  std::string why_;
};

TEST(Faults, FullDiskFailsTheBuildWithTheReasonAndKeepsThePreviousOutputs) {
  SmallDisk disk("faults-full", 512);
  if (!disk.mounted()) GTEST_SKIP() << disk.why();
  const fs::path dir = disk.dir().parent_path(), out = disk.dir() / "out";
  const auto before = built_old(dir, out);
  ASSERT_EQ(before.size(), 2u);
  disk.fill(2048);
  const testing::Run r = testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", out.string(), "-q"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(shown(r.err, dir), "D/disk/out/g/d-poker-3x3-letter.pdf: error: cannot write "
                               "'D/disk/out/g/d-poker-3x3-letter.pdf': No space left on device\n");
  EXPECT_EQ(changed_files(before, out), "");
}

TEST(Faults, FullDiskFailsDiffWithoutRawLibpngWordsAndLeavesNoPicture) {
  SmallDisk disk("faults-full-diff", 512);
  if (!disk.mounted()) GTEST_SKIP() << disk.why();
  const fs::path dir = disk.dir().parent_path();
  built_old(dir, dir / "old");
  ASSERT_EQ(testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", (dir / "new").string(), "-q"}).status, 0);
  disk.fill(1024);
  const fs::path report = disk.dir() / "review";
  const testing::Run r =
      testing::run_cardstock({"diff", (dir / "old/g").string(), (dir / "new/g").string(), "-o", report.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(shown(r.err, dir), "D/disk/review: error: cannot write D/disk/review/img/0001-old.png: No space left "
                               "on device\ncardstock: error: the folders could not be compared\n");
  EXPECT_EQ(testing::tree_of(report), std::vector<std::string>{});  // no picture, no page
}

TEST(Faults, RefusedReportLeavesNoPicture) {
  const fs::path dir = testing::fresh_dir("faults-refused-report");
  built_old(dir, dir / "old");
  ASSERT_EQ(testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", (dir / "new").string(), "-q"}).status, 0);
  // index.html a link out of the report folder: the report is refused after the pictures.
  fs::create_directories(dir / "review");
  write(dir / "elsewhere.html", "mine");
  fs::create_symlink(dir / "elsewhere.html", dir / "review" / "index.html");
  const testing::Run r = testing::run_cardstock(
      {"diff", (dir / "old/g").string(), (dir / "new/g").string(), "-o", (dir / "review").string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(shown(r.err, dir), "D/review: error: refusing to write 'D/review/index.html': it resolves to "
                               "D/elsewhere.html, outside the output folder D/review\ncardstock: error: the folders could not be compared\n");
  EXPECT_TRUE(fs::is_symlink(dir / "review" / "index.html"));  // the link, untouched
  EXPECT_EQ(testing::tree_of(dir / "review" / "img"), std::vector<std::string>{});
  EXPECT_EQ(testing::slurp(dir / "elsewhere.html"), "mine");
}

// A second game file of the same id, built with the first: refused before anything is
// written, so the first game's outputs stay as they were (issue 28 §6), also while the
// first is up to date (the quick look that reads only manifests must not answer first),
// in one process and with build processes (-j 2).
TEST(Faults, TwoGamesOfOneIdKeepThePreviousOutputs) {
  for (const char* jobs : {"1", "2"}) {
    SCOPED_TRACE(std::string("-j ") + jobs);
    const fs::path dir = testing::fresh_dir("faults-same-id");
    const auto before = built_old(dir, dir / "out");
    ASSERT_EQ(before.size(), 2u);
    write(dir / "g.yaml", game("old"));  // as built
    ASSERT_EQ(testing::run_cardstock({"build", (dir / "g.yaml").string(), "-o", (dir / "out").string()}).out,
              "up to date: " + (dir / "out/g").string() + "/\n");
    write(dir / "h.yaml", game("other"));
    const testing::Run r = testing::run_cardstock({"build", (dir / "g.yaml").string(), (dir / "h.yaml").string(), "-o",
                                                   (dir / "out").string(), "-q", "-j", jobs});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(shown(r.err, dir), "D/h.yaml:1:7: error: game id 'g' is also the id of D/g.yaml: both would build into "
                                 "D/out/g/, one replacing the other; give one of them another id\n"
                                 "D/g.yaml:1:7: note: 'g' is first the id here\n");
    EXPECT_EQ(changed_files(before, dir / "out"), "");
    EXPECT_EQ(testing::tree_of(dir), (std::vector<std::string>{"g.yaml", "h.yaml", "out/g/d-poker-3x3-letter.pdf",
                                                                "out/g/manifest.json"}));
  }
}

}  // namespace

}  // namespace cardstock
