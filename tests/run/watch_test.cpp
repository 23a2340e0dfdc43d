// `cardstock watch` as a process: it builds, rebuilds after a saved change to the CSV (by
// rename, as editors save), to an image and to the game file, prints the diagnostics of a broken save
// and keeps the outputs, and stops on SIGTERM with exit status 0, leaving the last
// outputs and no temporary file, even when the signal comes the instant it says it waits.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <memory>
#include <thread>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// In a forked child: runs the binary with `args` in `cwd`, stdout into `out` (a file
// there when -1) and stderr into the file `err` there, no stdin. Never returns.
[[noreturn]] void exec_binary(const std::vector<std::string>& args, const fs::path& cwd, int out, const char* err) {
  if (::chdir(cwd.c_str()) != 0) ::_exit(126);
  if (out < 0) out = ::open("watch.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ::dup2(out, 1);
  ::dup2(::open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
  ::close(0);
  std::vector<char*> argv{const_cast<char*>(CARDSTOCK_BINARY)};
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(argv[0], argv.data());
  ::_exit(127);
}

// Starts the binary with `args` in `cwd`, stdout and stderr into files there.
pid_t start(const std::vector<std::string>& args, const fs::path& cwd) {
  const pid_t pid = ::fork();
  if (pid == 0) exec_binary(args, cwd, -1, "watch.err");
  return pid;
}

// Polls `done` every 50 ms for up to 20 s.
bool within_20s(const std::function<bool()>& done) {
  for (int i = 0; i < 400; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

std::string text_of(const fs::path& pdf) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc) return "";
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  const auto bytes = page->text().to_utf8();
  return std::string(bytes.begin(), bytes.end());
}

// Starts the binary with `args` in `cwd`, stdout into a pipe; reads until `line` shows,
// sends SIGTERM at once (as a script that waits for the line does) and returns the exit
// status, or 128 + the signal that ended it.
int stopped_on_reading(const std::vector<std::string>& args, const fs::path& cwd, const std::string& line) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    exec_binary(args, cwd, fds[1], "stop.err");
  }
  ::close(fds[1]);
  std::string seen;
  char buf[4096];
  for (ssize_t n; seen.find(line) == std::string::npos && (n = ::read(fds[0], buf, sizeof buf)) > 0;) seen.append(buf, n);
  if (seen.find(line) != std::string::npos) ::kill(pid, SIGTERM);
  while (::read(fds[0], buf, sizeof buf) > 0) {
  }
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (seen.find(line) == std::string::npos) return -2;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

const char* kGame = R"(game: w
title: Watched
designs:
  face:
    layers:
      - {type: text, text: "{word}", x: 5mm, y: 5mm, w: 50mm, h: 20mm, size: 14pt}
      - {type: image, src: art/pic.svg, x: 5mm, y: 30mm, w: 20mm, h: 20mm}
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards: {csv: words.csv}
)";

}  // namespace

TEST(Watch, RebuildsAfterASavedChangeAndStopsCleanly) {
  const fs::path dir = testing::fresh_dir("watch");
  std::ofstream(dir / "w.yaml") << kGame;
  std::ofstream(dir / "words.csv") << "word\nshalom\n";
  fs::create_directories(dir / "art");
  const std::string square = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" "
                             "height=\"10\" fill=\"#ff0000\"/></svg>\n";
  std::ofstream(dir / "art/pic.svg") << square;
  const fs::path pdf = dir / "out/w/d-poker-3x3-letter.pdf";
  const pid_t pid = start({"--shipped-templates", testing::source_dir() + "/templates", "watch", "w.yaml", "-o", "out",
                           "--paper", "letter", "-j", "1"},
                          dir);
  ASSERT_GT(pid, 0);
  auto said = [&](const char* file, const std::string& what) {
    return testing::slurp(dir / file).find(what) != std::string::npos;
  };
  ASSERT_TRUE(within_20s([&] { return said("watch.out", "watching "); })) << testing::slurp(dir / "watch.err");
  EXPECT_NE(text_of(pdf).find("shalom"), std::string::npos);
  // A CSV saved as an editor saves it: written beside, renamed over.
  std::ofstream(dir / "words.csv.new") << "word\ntoda\n";
  fs::rename(dir / "words.csv.new", dir / "words.csv");
  EXPECT_TRUE(within_20s([&] { return text_of(pdf).find("toda") != std::string::npos; }))
      << testing::slurp(dir / "watch.out") << testing::slurp(dir / "watch.err");
  EXPECT_TRUE(said("watch.out", "changed: " + fs::absolute(dir / "words.csv").lexically_normal().string() + "\n"));
  // An image in a folder of its own, edited in place: drawn again.
  std::string drawn = testing::slurp(pdf);
  std::ofstream(dir / "art/pic.svg") << testing::replace_all(square, "#ff0000", "#0000ff");
  EXPECT_TRUE(within_20s([&] { return testing::slurp(pdf) != drawn; })) << testing::slurp(dir / "watch.out");
  const std::string pic = fs::absolute(dir / "art/pic.svg").lexically_normal().string();
  EXPECT_TRUE(within_20s([&] { return said("watch.out", "changed: " + pic + "\n"); }));
  // A broken save of the game file: its diagnostic, and the outputs stay.
  const std::string before = testing::slurp(pdf);
  std::ofstream(dir / "w.yaml", std::ios::app) << "bad: [\n";
  EXPECT_TRUE(within_20s([&] { return said("watch.err", "w.yaml: 1 error(s), 0 warning(s); nothing written"); }));
  EXPECT_TRUE(said("watch.err", "w.yaml:13:6: error: YAML syntax: this '[' is never closed (a ']' is missing)\n"))
      << testing::slurp(dir / "watch.err");
  EXPECT_EQ(testing::slurp(pdf), before);
  // Mended: built again.
  std::ofstream(dir / "w.yaml") << testing::replace_all(kGame, "size: 14pt", "size: 16pt");
  EXPECT_TRUE(within_20s([&] { return testing::slurp(pdf) != before; }));
  EXPECT_TRUE(within_20s([&] { return testing::slurp(dir / "watch.out").rfind("watching ") >
                                      testing::slurp(dir / "watch.out").rfind("changed: "); }));
  // SIGTERM while it waits: exit 0, the last outputs there, nothing temporary left.
  const std::string last = testing::slurp(pdf);
  ASSERT_EQ(::kill(pid, SIGTERM), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_TRUE(said("watch.out", "stopped; the outputs are those of the last build\n"));
  EXPECT_EQ(testing::slurp(pdf), last);
  EXPECT_EQ(testing::tree_of(dir / "out"), (std::vector<std::string>{"w/d-poker-3x3-letter.pdf", "w/manifest.json"}));
}

// A spreadsheet is an input as a CSV file is: saved again (here by openpyxl over
// LibreOffice's), it is seen and the deck built again from it.
TEST(Watch, RebuildsWhenTheSpreadsheetIsSaved) {
  const fs::path dir = testing::fresh_dir("watch-sheet");
  std::ofstream(dir / "w.yaml") << testing::replace_all(
      testing::replace_all(kGame, "{csv: words.csv}", "{sheet: zoo.xlsx}"), "{word}", "{name} {share}");
  fs::create_directories(dir / "art");
  std::ofstream(dir / "art/pic.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>\n";
  const std::string sheets = testing::source_dir() + "/tests/sheets/";
  fs::copy_file(sheets + "animals-lo.xlsx", dir / "zoo.xlsx");
  const pid_t pid = start({"--shipped-templates", testing::source_dir() + "/templates", "watch", "w.yaml", "-o", "out",
                           "--paper", "letter", "-j", "1"},
                          dir);
  ASSERT_GT(pid, 0);
  auto said = [&](const std::string& what) { return testing::slurp(dir / "watch.out").find(what) != std::string::npos; };
  ASSERT_TRUE(within_20s([&] { return said("watching "); })) << testing::slurp(dir / "watch.err");
  EXPECT_NE(text_of(dir / "out/w/d-poker-3x3-letter.pdf").find("Red fox 25%"), std::string::npos);
  fs::copy_file(sheets + "animals-openpyxl.xlsx", dir / "zoo.xlsx.new");
  fs::rename(dir / "zoo.xlsx.new", dir / "zoo.xlsx");
  EXPECT_TRUE(within_20s([&] { return said("changed: " + fs::absolute(dir / "zoo.xlsx").lexically_normal().string()); }))
      << testing::slurp(dir / "watch.out") << testing::slurp(dir / "watch.err");
  EXPECT_TRUE(within_20s([&] { return testing::slurp(dir / "watch.out").rfind("watching ") >
                                      testing::slurp(dir / "watch.out").rfind("changed: "); }));
  ASSERT_EQ(::kill(pid, SIGTERM), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

}  // namespace cardstock

namespace cardstock {

// A script (or a test) that stops `watch` or `preview` the moment it reads that they
// wait gets exit 0, every time. Before, the signal could come between the line and the
// wait, and the process died of it (CI saw it; 34 of 40 such stops did, by hand).
TEST(Watch, ASignalSentOnReadingThatItWaitsEndsItCleanly) {
  const fs::path dir = testing::fresh_dir("watch-stop");
  std::ofstream(dir / "w.yaml") << testing::replace_all(kGame, "      - {type: image, src: art/pic.svg, x: 5mm, y: 30mm, w: 20mm, h: 20mm}\n", "");
  std::ofstream(dir / "words.csv") << "word\nshalom\n";
  const std::vector<std::string> common{"--shipped-templates", testing::source_dir() + "/templates"};
  for (int i = 0; i < 20; ++i) {  // the gap was short: by hand, most stops fell in it, not all
    auto watch = common;
    for (const char* a : {"watch", "w.yaml", "-o", "out", "-j", "1"}) watch.push_back(a);
    EXPECT_EQ(stopped_on_reading(watch, dir, "watching "), 0) << "stop " << i << ": " << testing::slurp(dir / "stop.err");
    auto preview = common;
    for (const char* a : {"preview", "w.yaml", "--port", "0", "--no-open"}) preview.push_back(a);
    EXPECT_EQ(stopped_on_reading(preview, dir, "Preview at "), 0) << "stop " << i << ": " << testing::slurp(dir / "stop.err");
  }
  EXPECT_EQ(testing::tree_of(dir / "out"), (std::vector<std::string>{"w/d-poker-3x3-letter.pdf", "w/manifest.json"}));
}

}  // namespace cardstock
