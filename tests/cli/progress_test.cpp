// Progress and --quiet, through the binary: with stderr not a terminal nothing but the
// summary line (stdout) and diagnostics (stderr) is printed; --quiet leaves only the
// diagnostics; on a terminal (a pseudo-terminal here) one line counts the outputs, and the
// pages within the one being drawn, and is redrawn in place, erased at the end, with
// spaces instead of escapes under NO_COLOR.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

std::string game(const std::string& word) {
  return "game: w\ntitle: W\ndesigns:\n  face:\n    layers:\n"
         "      - {type: text, text: \"{word}\", w: 30mm, h: 10mm, size: 12pt, min_size: 12pt}\n"
         "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter, poker-3x3-a4]\n    cards: [{word: " + word + "}]\n";
}

// Runs the binary in `cwd` with stderr on a pseudo-terminal (stdout to /dev/null); what
// the terminal received.
std::string on_terminal(const std::vector<std::string>& args, const fs::path& cwd, const std::string& env = "") {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return "no pty";
  const std::string slave = ::ptsname(master);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setsid();
    const int s = ::open(slave.c_str(), O_RDWR);
    const int null = ::open("/dev/null", O_WRONLY);
    if (s < 0 || null < 0 || ::chdir(cwd.c_str()) != 0) ::_exit(126);
    ::dup2(null, 1);
    ::dup2(s, 2);
    ::unsetenv("NO_COLOR");
    ::setenv("TERM", "xterm", 1);
    if (!env.empty()) ::putenv(const_cast<char*>(env.c_str()));
    std::vector<char*> argv{const_cast<char*>(CARDSTOCK_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  std::string got;
  char buf[4096];
  for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));  // EIO at the end
  ::close(master);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return got;
}

}  // namespace

TEST(Progress, NotATerminalPrintsTheSummaryOnly) {
  const fs::path dir = testing::fresh_dir("progress-pipe");
  std::ofstream(dir / "w.yaml") << game("shalom");
  testing::Run r = testing::run_cardstock({"build", "w.yaml", "-o", "out", "--paper", "letter"}, dir.string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "built out/w/: 1 PDF, 1 page, manifest.json\n");
  // --quiet: nothing at all for a clean build, up to date or not.
  r = testing::run_cardstock({"build", "w.yaml", "-o", "out2", "--paper", "letter", "--quiet"}, dir.string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  r = testing::run_cardstock({"build", "-q", "w.yaml", "-o", "out2", "--paper", "letter"}, dir.string());
  EXPECT_EQ(r.out + r.err, "");
}

TEST(Progress, QuietKeepsEveryDiagnostic) {
  const fs::path dir = testing::fresh_dir("progress-quiet");
  std::ofstream(dir / "w.yaml") << game("a-word-far-too-long-for-its-box-at-twelve-points");
  const testing::Run loud = testing::run_cardstock({"build", "w.yaml", "-o", "a", "--paper", "letter"}, dir.string());
  const testing::Run quiet =
      testing::run_cardstock({"build", "w.yaml", "-o", "b", "--paper", "letter", "--quiet"}, dir.string());
  EXPECT_EQ(loud.status, 0);
  EXPECT_EQ(quiet.status, 0);
  EXPECT_NE(loud.err.find("w.yaml:11:13: warning: card 'd-1': text 'a-word-far-too-long-for-its-box-at-tw...' overflows its 30 x "
                          "10 mm box at 12pt (layer at w.yaml:6:9)\n"),
            std::string::npos)
      << loud.err;
  EXPECT_EQ(quiet.err, loud.err);
  EXPECT_EQ(quiet.out, "");
}

// Several games at once, drawn by child processes: --quiet is passed on, so what the
// build says is what one process says (the warning, never the notice).
TEST(Progress, QuietSaysTheSameWhateverTheJobs) {
  const fs::path dir = testing::fresh_dir("progress-quiet-jobs");
  std::ofstream(dir / "w.yaml") << game("a-word-far-too-long-for-its-box-at-twelve-points");
  std::string noticed = game("shalom");
  noticed.replace(noticed.find("game: w"), 7, "game: v");
  noticed.replace(noticed.find("  face:\n"), 8, "  framed:\n");  // replaces the library's design
  noticed.replace(noticed.find("face: face"), 10, "face: framed");
  std::ofstream(dir / "v.yaml") << noticed;
  const testing::Run loud = testing::run_cardstock({"build", "v.yaml", "w.yaml", "-o", "a", "-j", "2"}, dir.string());
  ASSERT_EQ(loud.status, 0) << loud.err;
  EXPECT_NE(loud.err.find("note: design 'framed' replaces the one defined at"), std::string::npos) << loud.err;
  const testing::Run one =
      testing::run_cardstock({"build", "v.yaml", "w.yaml", "-o", "b", "-j", "1", "-q"}, dir.string());
  const testing::Run two =
      testing::run_cardstock({"build", "v.yaml", "w.yaml", "-o", "c", "-j", "2", "-q"}, dir.string());
  EXPECT_EQ(two.status, 0);
  EXPECT_EQ(two.out, "");
  EXPECT_EQ(two.err, one.err);
  EXPECT_NE(two.err.find("warning: card 'd-1'"), std::string::npos) << two.err;
  EXPECT_EQ(two.err.find("note:"), std::string::npos) << two.err;
}

TEST(Progress, OneLineRedrawnOnATerminal) {
  const fs::path dir = testing::fresh_dir("progress-tty");
  std::ofstream(dir / "w.yaml") << game("shalom");
  const std::string t = on_terminal({"build", "w.yaml", "-o", "out", "--paper", "all", "-j", "1"}, dir);
  // Two outputs (Letter and A4), each counted by its page as it is drawn, then as done;
  // the line erased before the summary (which is on stdout).
  EXPECT_EQ(t, "\rcardstock: 0/2 outputs, w/d-poker-3x3-letter.pdf, page 1/1\x1b[K"
               "\rcardstock: 1/2 outputs, w/d-poker-3x3-letter.pdf\x1b[K"
               "\rcardstock: 1/2 outputs, w/d-poker-3x3-a4.pdf, page 1/1\x1b[K"
               "\rcardstock: 2/2 outputs, w/d-poker-3x3-a4.pdf\x1b[K\r\x1b[K")
      << t;
  // NO_COLOR: no escape sequences; spaces wipe what a shorter line leaves.
  const std::string n =
      on_terminal({"build", "w.yaml", "-o", "out2", "--paper", "all", "-j", "1"}, dir, "NO_COLOR=1");
  EXPECT_EQ(n, "\rcardstock: 0/2 outputs, w/d-poker-3x3-letter.pdf, page 1/1"
               "\rcardstock: 1/2 outputs, w/d-poker-3x3-letter.pdf          "
               "\rcardstock: 1/2 outputs, w/d-poker-3x3-a4.pdf, page 1/1"
               "\rcardstock: 2/2 outputs, w/d-poker-3x3-a4.pdf          \r" + std::string(44, ' ') + "\r")
      << n;
  EXPECT_EQ(on_terminal({"build", "w.yaml", "-o", "out3", "--paper", "all", "--quiet"}, dir), "");
}

// A large deck in one output: the line moves with its pages, not only when the output is
// done (issue 32 §4: a 4,000-card build showed nothing for seconds). Redraws are at most
// ten a second, so which pages are shown depends on speed; the last page always is, the
// counts never go back, and nothing else is on the line.
TEST(Progress, WithinAnOutputByItsPages) {
  const fs::path dir = testing::fresh_dir("progress-pages");
  std::string cards;
  for (int i = 0; i < 300; ++i) cards += (i ? ", " : "") + std::string("{word: w") + std::to_string(i) + "}";
  std::string y = game("x");
  y = y.substr(0, y.rfind("cards:")) + "cards: [" + cards + "]\n";
  y = testing::replace_all(y, "stocks: [poker-3x3-letter, poker-3x3-a4]", "stocks: [poker-3x3-letter]");
  std::ofstream(dir / "w.yaml") << y;
  const std::string t = on_terminal({"build", "w.yaml", "-o", "out", "-j", "1"}, dir);
  const std::string head = "\rcardstock: 0/1 outputs, w/d-poker-3x3-letter.pdf, page ";
  size_t at = 0, last = 0, lines = 0;
  while ((at = t.find('\r', at)) != std::string::npos && t.compare(at, head.size(), head) == 0) {
    const size_t end = t.find("\x1b[K", at);
    ASSERT_NE(end, std::string::npos) << t;
    const std::string count = t.substr(at + head.size(), end - at - head.size());
    const size_t k = std::stoul(count.substr(0, count.find('/')));
    EXPECT_EQ(count.substr(count.find('/')), "/34") << t;
    EXPECT_GE(k, last) << t;
    last = k;
    ++lines;
    at = end;
  }
  EXPECT_GE(lines, 1u) << t;
  EXPECT_EQ(last, 34u) << t;
  EXPECT_EQ(t.substr(at), "\rcardstock: 1/1 outputs, w/d-poker-3x3-letter.pdf\x1b[K\r\x1b[K") << t;
}

}  // namespace cardstock
