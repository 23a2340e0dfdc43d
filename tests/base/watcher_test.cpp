// The watcher (base/os/watcher.h) in this process, both ways: inotify and polling. A file
// new in a deck's pattern folder that the pattern matches is a change, one it does not
// match is not; and the file systems inotify cannot see are chosen for polling by their
// statfs magic numbers (linux/magic.h).
#include "base/os/watcher.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "test_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

std::string normal(const fs::path& p) { return fs::absolute(p).lexically_normal().string(); }

// Watches a folder deck's folder (art/*.png, one picture there) and the game file; adds
// notes.txt, then later z.png (named to come after notes.txt in any listing, so a wrong
// answer cannot hide behind the order of one look); the change wait() reports, relative
// to the test's folder.
std::string first_change(bool poll, const std::string& name) {
  const fs::path dir = testing::fresh_dir(name);
  fs::create_directories(dir / "art");
  std::ofstream(dir / "g.yaml") << "game: g\n";
  std::ofstream(dir / "art/a.png") << "a";
  Watcher w(poll);
  EXPECT_TRUE(w.ok());
  EXPECT_EQ(w.watch({{(dir / "g.yaml").string()}, {{(dir / "art").string(), "*.png"}}}), 2u);
  EXPECT_EQ(w.take_note(), "");
  std::thread writer([dir] {
    std::ofstream(dir / "art/notes.txt") << "not a card";
    std::ofstream(dir / "art/.hidden.png") << "hidden";
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // more than a look and a quiet period
    std::ofstream(dir / "art/z.png") << "z";
    // Had z.png been missed, the wait ends here (and the test fails) rather than never.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    std::ofstream(dir / "g.yaml", std::ios::app) << "title: G\n";
  });
  const std::string changed = w.wait(false, normal(dir / "out"));
  writer.join();
  return fs::path(changed).lexically_relative(normal(dir)).string();
}

}  // namespace

TEST(Watcher, InotifySeesANewFileADecksPatternMatchesAndNoOther) {
  EXPECT_EQ(first_change(false, "watcher-inotify"), "art/z.png");
}

TEST(Watcher, PollingSeesANewFileADecksPatternMatchesAndNoOther) {
  EXPECT_EQ(first_change(true, "watcher-poll"), "art/z.png");
}

// Polling sees a file saved in place and one saved by rename, as inotify does.
TEST(Watcher, PollingSeesAWatchedFileSavedInPlaceAndByRename) {
  const fs::path dir = testing::fresh_dir("watcher-poll-save");
  std::ofstream(dir / "words.csv") << "word\nshalom\n";
  std::ofstream(dir / "other.csv") << "x\n";
  Watcher w(true);
  ASSERT_EQ(w.watch({{(dir / "words.csv").string()}, {}}), 1u);
  std::thread in_place([dir] {
    std::ofstream(dir / "other.csv") << "y\n";  // not watched: no change
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    std::ofstream(dir / "words.csv") << "word\ntoda\n";
  });
  EXPECT_EQ(w.wait(false, normal(dir / "out")), normal(dir / "words.csv"));
  in_place.join();
  std::ofstream(dir / "words.csv.new") << "word\nbevakasha\n";
  fs::rename(dir / "words.csv.new", dir / "words.csv");  // before the wait: still seen
  EXPECT_EQ(w.wait(false, normal(dir / "out")), normal(dir / "words.csv"));
}

TEST(Watcher, TheFileSystemsInotifyCannotSeeArePolled) {
  EXPECT_EQ(unseen_file_system(0x01021997), "9p");  // WSL 2's Windows drives
  EXPECT_EQ(unseen_file_system(0x6969), "NFS");
  EXPECT_EQ(unseen_file_system(0xFF534D42), "CIFS");
  EXPECT_EQ(unseen_file_system(static_cast<int>(0xFF534D42)), "CIFS");  // f_type as a negative int
  EXPECT_EQ(unseen_file_system(0xFE534D42), "SMB2");
  EXPECT_EQ(unseen_file_system(0x517B), "SMB");
  EXPECT_EQ(unseen_file_system(0x65735546), "FUSE");
  EXPECT_EQ(unseen_file_system(0xEF53), "");      // ext2/3/4
  EXPECT_EQ(unseen_file_system(0x01021994), "");  // tmpfs
  EXPECT_EQ(unseen_file_system(0x794C7630), "");  // overlayfs (containers)
  EXPECT_EQ(unseen_file_system(0x58465342), "");  // XFS
  EXPECT_EQ(unseen_file_system(0x9123683E), "");  // Btrfs
}

}  // namespace cardstock
