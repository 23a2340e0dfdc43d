// One build at a time in a game's output folder (run/folder_lock.h), with real
// processes: a build waits for the one writing the folder (or refuses under --no-wait),
// two builds at once leave one whole build, and any build removes what killed builds
// left. No timing: the tests wait on what the processes say.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>

#include <fstream>
#include <optional>

#include "cli/one_card_game.h"
#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

// The game, writing and "D" helpers are one_card_game.h's.
std::string game(const std::string& text) { return testing::one_card_game(text); }
void write(const fs::path& p, const std::string& text) { testing::write_with_folders(p, text); }
std::string shown(const std::string& s, const fs::path& d) { return testing::shown_as_d(s, d); }

// The files under `out` and their bytes, but the lock file a test holds itself.
std::map<std::string, std::string> outputs_of(const fs::path& out) {
  auto m = testing::contents_of(out);
  m.erase("g/.cardstock.lock");
  return m;
}

// Holds the lock of `dir` as another build would, until destroyed.
struct HeldLock {
  int fd;
  explicit HeldLock(const fs::path& dir) : fd(::open((dir / ".cardstock.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666)) {
    EXPECT_EQ(::flock(fd, LOCK_EX), 0);
  }
  ~HeldLock() { ::close(fd); }
};

// A cardstock build started in the background, its stderr read line by line.
struct Background {
  pid_t pid = -1;
  FILE* err = nullptr;
  explicit Background(const std::vector<std::string>& args) {
    int e[2];
    if (::pipe(e) != 0) return;
    pid = ::fork();
    if (pid == 0) {
      ::dup2(e[1], 2);
      ::close(e[0]);
      ::close(e[1]);
      std::vector<char*> argv{const_cast<char*>(CARDSTOCK_BINARY)};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(e[1]);
    err = ::fdopen(e[0], "r");
  }
  std::string line() {
    char buf[4096];
    return err && std::fgets(buf, sizeof buf, err) ? buf : "";
  }
  int wait() {
    int st = 0;
    ::waitpid(pid, &st, 0);
    if (err) std::fclose(err);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
};

TEST(FolderLock, ASecondBuildWaitsForTheFirstOrRefusesUnderNoWait) {
  const fs::path dir = testing::fresh_dir("lock-wait");
  write(dir / "g.yaml", game("old"));
  const std::vector<std::string> build{"build", (dir / "g.yaml").string(), "-o", (dir / "out").string(), "-q"};
  ASSERT_EQ(testing::run_cardstock(build).status, 0);
  const auto before = testing::contents_of(dir / "out");
  write(dir / "g.yaml", game("new"));
  std::optional<HeldLock> other(dir / "out" / "g");
  std::vector<std::string> no_wait = build;
  no_wait.push_back("--no-wait");
  const testing::Run refused = testing::run_cardstock(no_wait);
  EXPECT_EQ(refused.status, 1);
  EXPECT_EQ(shown(refused.err, dir),
            "D/out/g: error: another cardstock build is writing this folder (--no-wait: not waiting for it)\n");
  EXPECT_TRUE(outputs_of(dir / "out") == before);
  Background waiting(build);
  EXPECT_EQ(shown(waiting.line(), dir),
            "D/out/g: note: another cardstock build is writing this folder: waiting for it to finish\n");
  EXPECT_TRUE(outputs_of(dir / "out") == before);  // nothing written while it waits
  other.reset();
  EXPECT_EQ(waiting.wait(), 0);
  EXPECT_TRUE(outputs_of(dir / "out") != before);
  EXPECT_EQ(testing::tree_of(dir / "out"), (std::vector<std::string>{"g/d-poker-3x3-letter.pdf", "g/manifest.json"}));
}

TEST(FolderLock, TwoBuildsAtOnceLeaveOneWholeBuild) {
  const fs::path dir = testing::fresh_dir("lock-two");
  write(dir / "a/g.yaml", game("one"));
  write(dir / "b/g.yaml", game("two"));
  auto built = [&](const std::string& which, const fs::path& out) {
    return testing::run_cardstock({"build", (dir / which / "g.yaml").string(), "-o", out.string(), "-q"});
  };
  ASSERT_EQ(built("a", dir / "ref-a").status, 0);
  ASSERT_EQ(built("b", dir / "ref-b").status, 0);
  const auto a = testing::contents_of(dir / "ref-a"), b = testing::contents_of(dir / "ref-b");
  for (int round = 0; round < 3; ++round) {
    const fs::path out = dir / ("out" + std::to_string(round));
    Background first({"build", (dir / "a/g.yaml").string(), "-o", out.string(), "-q", "-j", "2"});
    const testing::Run second = built("b", out);
    EXPECT_EQ(first.wait(), 0);
    EXPECT_EQ(second.status, 0) << second.err;
    const auto now = testing::contents_of(out);
    EXPECT_TRUE(now == a || now == b) << "round " << round << ": a mix of both builds";
    const testing::Run again = built(now == a ? "a" : "b", out);
    EXPECT_EQ(shown(again.err, dir), "");
    EXPECT_TRUE(testing::contents_of(out) == now);
  }
}

TEST(FolderLock, AnyBuildRemovesTheTemporaryFilesOfKilledBuilds) {
  const fs::path dir = testing::fresh_dir("lock-killed");
  write(dir / "g.yaml", game("old"));
  const std::vector<std::string> build{"build", (dir / "g.yaml").string(), "-o", (dir / "out").string(), "-q"};
  ASSERT_EQ(testing::run_cardstock(build).status, 0);
  const auto before = testing::contents_of(dir / "out");
  // What builds killed outright leave: a file of a share, a folder output's temporary
  // folder, an old folder set aside; one named by a process that is alive (this one: a
  // process id is used again) is no build's either, since nothing holds the lock.
  const fs::path g = dir / "out" / "g";
  const std::string me = std::to_string(::getpid());
  write(g / "d-poker-3x3-letter.pdf.tmp-4000000-1", "cut short");
  write(g / ("d-tts.tmp-" + me) / "g-d-1.png", "cut short");
  write(g / "d-tts.tmp-4000001-old" / "g-d.json", "{");
  write(g / ("manifest.json.tmp-" + me), "{");
  const testing::Run r = testing::run_cardstock(build);  // up to date: nothing drawn
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(testing::contents_of(dir / "out") == before);
  // And a real one: killed (SIGKILL, no chance to tidy) while it waits for the lock, then
  // while drawing is not testable without timing; its files are the case above.
  std::optional<HeldLock> other(g);
  write(dir / "g.yaml", game("new"));
  Background killed(build);
  EXPECT_NE(killed.line(), "");  // it waits
  ::kill(killed.pid, SIGKILL);
  EXPECT_EQ(killed.wait(), 128 + SIGKILL);
  other.reset();
  const testing::Run after = testing::run_cardstock(build);
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_EQ(testing::tree_of(dir / "out"), (std::vector<std::string>{"g/d-poker-3x3-letter.pdf", "g/manifest.json"}));
}

}  // namespace

}  // namespace cardstock
