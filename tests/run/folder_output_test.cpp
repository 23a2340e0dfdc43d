// Outputs that are folders (a PNG per card face): the same bytes however many processes
// draw them; a rebuild replaces the whole folder (no image of a card that is gone stays);
// a failed, interrupted or killed build leaves the previous folder whole, never a mix.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <map>

#include "plan/plan.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// A game of `n` cards in two decks (so -j 2 draws them in two processes) on the TGC stock.
void write_game(const fs::path& file, int n, const std::string& title) {
  std::ofstream y(file);
  y << "game: folder\ntitle: " << title << "\ndesigns:\n  face:\n    background: \"#fffaf0\"\n    layers:\n"
    << "      - {type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: \"#203050\", radius: 2mm}\n"
    << "      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 18pt, align: center}\n"
    << "  back:\n    background: \"#203050\"\n    layers:\n"
    << "      - {type: text, text: \"" << title << "\", x: 6mm, y: 40mm, w: 51.5mm, h: 20mm, color: \"#ffffff\"}\n"
    << "decks:\n";
  for (const char* deck : {"a", "b"}) {
    y << "  - id: " << deck << "\n    face: face\n    back: back\n    stocks: [tgc-poker]\n    cards:\n";
    for (int i = 0; i < n / 2; ++i) y << "      - {id: " << deck << i << ", word: Word" << i << "}\n";
  }
}

bool has_temp(const fs::path& dir) {
  for (const auto& f : testing::tree_of(dir))
    if (f.find(".tmp-") != std::string::npos) return true;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->path().filename().string().find(".tmp-") != std::string::npos) return true;
  return false;
}

testing::Run build(const fs::path& game, const fs::path& out, const std::string& jobs,
                   const std::vector<std::string>& env = {}) {
  return testing::run_cardstock({"build", game.string(), "-o", out.string(), "-j", jobs}, "", env);
}

}  // namespace

TEST(FolderOutput, ImageFileNamesSortInDeckOrderAndSaySide) {
  EXPECT_EQ(image_file_name(3, 54, "hammurabi", 1, false), "003-hammurabi-front.png");
  EXPECT_EQ(image_file_name(3, 54, "hammurabi", 1, true), "003-hammurabi-back.png");
  EXPECT_EQ(image_file_name(14, 99, "moses", 2, false), "014-moses-copy2-front.png");
  EXPECT_EQ(image_file_name(7, 12345, "x", 1, false), "00007-x-front.png");
}

TEST(FolderOutput, SameBytesWhateverTheJobsAndOnRebuild) {
  const fs::path dir = testing::fresh_dir("folder-bytes");
  write_game(dir / "folder.yaml", 6, "Old");
  const testing::Run one = build(dir / "folder.yaml", dir / "one", "1");
  ASSERT_EQ(one.status, 0) << one.err;
  const testing::Run two = build(dir / "folder.yaml", dir / "two", "2");
  ASSERT_EQ(two.status, 0) << two.err;
  const auto a = testing::contents_of(dir / "one"), b = testing::contents_of(dir / "two");
  ASSERT_EQ(a.size(), 13u);  // 2 decks x 3 cards x 2 sides, and the manifest
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(a.count("folder/a-tgc-poker/001-a0-front.png") && a.count("folder/b-tgc-poker/003-b2-back.png"));
  const testing::Run again =
      testing::run_cardstock({"build", (dir / "folder.yaml").string(), "-o", (dir / "one").string(), "--force"});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(testing::contents_of(dir / "one") == a);
  for (const auto& [f, bytes] : a) {
    if (fs::path(f).extension() != ".png") continue;
    const testing::PngSize s = testing::png_size(bytes);
    EXPECT_EQ(s.width, 825u) << f;
    EXPECT_EQ(s.height, 1125u) << f;
    EXPECT_EQ(s.color_type, 2) << f;  // RGB, no alpha
  }
}

TEST(FolderOutput, ARebuildReplacesTheWholeFolder) {
  const fs::path dir = testing::fresh_dir("folder-replace");
  write_game(dir / "folder.yaml", 6, "Old");
  ASSERT_EQ(build(dir / "folder.yaml", dir / "out", "1").status, 0);
  EXPECT_EQ(testing::files_in(dir / "out/folder/a-tgc-poker").size(), 6u);
  write_game(dir / "folder.yaml", 4, "New");  // a card fewer in each deck
  const testing::Run r = build(dir / "folder.yaml", dir / "out", "1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(testing::files_in(dir / "out/folder/a-tgc-poker"),
            (std::vector<std::string>{"001-a0-back.png", "001-a0-front.png", "002-a1-back.png", "002-a1-front.png"}));
  EXPECT_FALSE(has_temp(dir / "out"));
  // Unchanged since: not drawn again, the folder keeps its files and times.
  const auto before = fs::last_write_time(dir / "out/folder/a-tgc-poker/001-a0-front.png");
  const testing::Run same = build(dir / "folder.yaml", dir / "out", "1");
  EXPECT_EQ(same.out, "up to date: " + (dir / "out").string() + "/folder/\n");
  EXPECT_EQ(fs::last_write_time(dir / "out/folder/a-tgc-poker/001-a0-front.png"), before);
}

TEST(FolderOutput, AFailedBuildLeavesThePreviousFolder) {
  const fs::path dir = testing::fresh_dir("folder-failed");
  write_game(dir / "folder.yaml", 6, "Old");
  ASSERT_EQ(build(dir / "folder.yaml", dir / "out", "1").status, 0);
  const auto before = testing::contents_of(dir / "out");
  // The same game with an image that cannot be drawn: found while drawing deck b.
  std::string text = testing::slurp(dir / "folder.yaml");
  text.replace(text.find("  - id: b\n"), 10, "  - id: b\n    back: broken\n");
  text.replace(text.find("designs:\n"), 9,
               "designs:\n  broken:\n    layers: [{type: image, src: broken.png}]\n");
  std::ofstream(dir / "folder.yaml") << text;
  std::ofstream(dir / "broken.png") << "\x89PNG\r\n\x1a\n not really";
  const testing::Run r = build(dir / "folder.yaml", dir / "out", "1");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(testing::contents_of(dir / "out") == before) << r.err;
  EXPECT_FALSE(has_temp(dir / "out"));
}

// The images written so far into the temporary folder of deck `deck`'s output
// ("folder/a-tgc-poker.tmp-PID/"): each is drawn, then written, one after the other.
size_t images_written(const fs::path& out, const std::string& deck) {
  size_t n = 0;
  for (const auto& f : testing::tree_of(out / "folder"))
    if (f.rfind(deck + "-tgc-poker.tmp-", 0) == 0 && f.find('/') != std::string::npos) ++n;
  return n;
}

// SIGTERM while the images are drawn: no temporary file or folder left, the previous
// folder as it was. SIGKILL (nothing can clean up): each folder is the old one or the new
// one, whole, never a mix; the next build removes what the killed one left. The signal
// is sent at moments the build shows, by the images it has written (deck a's first, its
// half, all of them, deck b's half), not after delays a machine's speed would shift.
TEST(FolderOutput, InterruptedAndKilledBuildsLeaveAWholeFolder) {
  const fs::path dir = testing::fresh_dir("folder-kill");
  write_game(dir / "old.yaml", 40, "Old");  // 80 images: about a second to draw
  write_game(dir / "new.yaml", 40, "New");
  ASSERT_EQ(build(dir / "old.yaml", dir / "old", "1").status, 0);
  ASSERT_EQ(build(dir / "new.yaml", dir / "new", "1").status, 0);
  const auto old_files = testing::contents_of(dir / "old"), new_files = testing::contents_of(dir / "new");
  std::map<std::string, std::string> old_a, new_a;  // one folder's images
  for (const auto& [f, b] : old_files)
    if (f.rfind("folder/a-tgc-poker/", 0) == 0) old_a[f] = b;
  for (const auto& [f, b] : new_files)
    if (f.rfind("folder/a-tgc-poker/", 0) == 0) new_a[f] = b;
  ASSERT_EQ(old_a.size(), 40u);
  int saw_old = 0, saw_new = 0;
  fs::path last;
  struct Moment {
    const char* deck;
    size_t images;
  };
  for (int sig : {SIGTERM, SIGKILL}) {
    for (const Moment m : {Moment{"a", 1}, Moment{"a", 20}, Moment{"a", 40}, Moment{"b", 20}}) {
      if (sig == SIGTERM && m.images > 20) continue;
      const std::string when = "signal " + std::to_string(sig) + " after " + std::to_string(m.images) +
                               " images of deck " + m.deck;
      const fs::path out = dir / ("out-" + std::to_string(sig) + "-" + m.deck + std::to_string(m.images));
      fs::remove_all(out);
      fs::copy(dir / "old", out, fs::copy_options::recursive);
      const pid_t pid = fork();
      if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
        execl(CARDSTOCK_BINARY, CARDSTOCK_BINARY, "build", (dir / "new.yaml").c_str(), "-o", out.c_str(), "-j", "1",
              static_cast<char*>(nullptr));
        _exit(127);
      }
      const std::string missed = testing::wait_for_event(
          pid, std::to_string(m.images) + " images of deck " + m.deck + " written",
          [&] { return images_written(out, m.deck) >= m.images; });
      kill(pid, sig);
      int st = 0;
      waitpid(pid, &st, 0);
      EXPECT_EQ(missed, "") << when;
      std::map<std::string, std::string> got;
      for (const auto& [f, b] : testing::contents_of(out))
        if (f.rfind("folder/a-tgc-poker/", 0) == 0) got[f] = b;
      const bool is_old = got == old_a, is_new = got == new_a;
      EXPECT_TRUE(is_old || is_new) << when << ": " << got.size() << " images";
      saw_old += is_old;
      saw_new += is_new;
      if (sig == SIGTERM) {
        EXPECT_TRUE(WIFSIGNALED(st)) << when << ": the build was not interrupted";
        EXPECT_FALSE(has_temp(out)) << when;
        EXPECT_TRUE(testing::contents_of(out) == old_files) << when;
      }
      if (sig == SIGKILL && is_old && has_temp(out)) last = out;
    }
  }
  EXPECT_GT(saw_old, 0);
  // The next build cleans up after a killed one and finishes the job.
  EXPECT_FALSE(last.empty()) << "no build was killed while drawing";
  if (!last.empty()) {
    ASSERT_EQ(build(dir / "new.yaml", last, "1").status, 0);
    EXPECT_FALSE(has_temp(last));
    EXPECT_TRUE(testing::contents_of(last) == new_files);
  }
}

}  // namespace cardstock
