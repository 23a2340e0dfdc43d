// Interrupted builds (Ctrl-C, SIGTERM, SIGHUP): the temporary files are removed, the
// previous outputs stay byte for byte, and the build dies of the signal.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <fstream>
#include <map>

#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

// A game big enough to take a second or so to draw.
void write_big_game(const fs::path& file, const std::string& title) {
  std::ofstream y(file);
  y << "game: big\ntitle: " << title << "\ndesigns:\n  face:\n    background: \"#fffaf0\"\n    layers:\n"
    << "      - {type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: \"#203050\", radius: 2mm}\n"
    << "      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 18pt, align: center}\n"
    << "      - {type: text, text: \"{meaning} {word} {meaning}\", x: 6mm, y: 40mm, w: 51.5mm, h: 40mm}\n"
    << "  back:\n    background: \"#203050\"\ndecks:\n  - id: cards\n    face: face\n    back: back\n"
    << "    stocks: [poker-3x3-letter, poker-3x3-a4, poker-labels-letter, poker-labels-a4]\n    cards:\n";
  for (int i = 0; i < 2500; ++i)
    y << "      - {id: c" << i << ", word: Word" << i << ", meaning: \"the meaning of word " << i << "\"}\n";
}

bool has_temp(const fs::path& dir) {
  for (const auto& f : testing::tree_of(dir))
    if (f.find(".tmp-") != std::string::npos) return true;
  return false;
}

struct Interrupted {
  int signal = 0;  // what the build died of (0: it exited)
  std::string missed;  // why the moment to send the signal never came ("": it came)
};

// Starts a build of `game` into `out` in its own process group, waits until two of its
// outputs are written (their temporary files are there) and the others not (each is
// drawn before it is written), then sends `sig` to it (or to its whole group, as a
// terminal's Ctrl-C does) and waits for it to end. The moment is one the build shows,
// whatever the speed of the machine: drawing, with finished files to clean up.
Interrupted interrupt_build(const fs::path& game, const fs::path& out, const std::string& jobs, int sig,
                            bool group) {
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
    execl(CARDSTOCK_BINARY, CARDSTOCK_BINARY, "build", game.c_str(), "-o", out.c_str(), "-j", jobs.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  Interrupted r;
  r.missed = testing::wait_for_event(pid, "two of the four outputs written to their temporary files",
                                     [&] { return testing::temporaries_under(out).size() >= 2; });
  kill(group ? -pid : pid, sig);
  int st = 0;
  waitpid(pid, &st, 0);
  r.signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
  return r;
}

}  // namespace

TEST(Interrupt, SignalsLeaveNoTemporaryFileAndThePreviousOutputs) {
  const fs::path dir = testing::fresh_dir("interrupt");
  write_big_game(dir / "old.yaml", "Old");
  write_big_game(dir / "new.yaml", "New");
  const fs::path base = dir / "base";
  ASSERT_EQ(testing::run_cardstock({"build", (dir / "old.yaml").string(), "-o", base.string(), "-j", "1"}).status, 0);
  const auto before = testing::contents_of(base);
  ASSERT_EQ(before.size(), 5u);  // four PDFs and the manifest
  struct Case {
    const char* jobs;
    int sig;
    bool group;
  };
  for (const Case& c : {Case{"1", SIGTERM, false}, Case{"1", SIGINT, true}, Case{"1", SIGHUP, false},
                        Case{"2", SIGTERM, false}, Case{"2", SIGINT, true}}) {
    const std::string what = std::string("-j ") + c.jobs + " signal " + std::to_string(c.sig) + (c.group ? " to the group" : "");
    const fs::path out = dir / ("out-" + std::string(c.jobs) + "-" + std::to_string(c.sig));
    fs::remove_all(out);
    fs::copy(base, out, fs::copy_options::recursive);
    // The old game's files, then a build of the new game under the same id, interrupted.
    fs::copy_file(dir / "new.yaml", dir / "big.yaml", fs::copy_options::overwrite_existing);
    const Interrupted r = interrupt_build(dir / "big.yaml", out, c.jobs, c.sig, c.group);
    EXPECT_EQ(r.missed, "") << what;
    EXPECT_EQ(r.signal, c.sig) << what;
    EXPECT_FALSE(has_temp(out)) << what;
    EXPECT_EQ(testing::contents_of(out), before) << what;
  }
}

}  // namespace cardstock
