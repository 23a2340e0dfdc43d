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

namespace cardstock {

namespace {

// Starts `watch` (with `extra` arguments) on w.yaml in `dir` and waits for it to say it
// waits; the pid, or -1 (a test failure said) if it never did.
pid_t watching(const fs::path& dir, const std::vector<std::string>& extra) {
  std::vector<std::string> args{"--shipped-templates", testing::source_dir() + "/templates", "watch", "w.yaml",
                                "-o", "out", "--paper", "letter", "-j", "1"};
  args.insert(args.end(), extra.begin(), extra.end());
  const pid_t pid = start(args, dir);
  EXPECT_GT(pid, 0);
  if (pid <= 0) return -1;
  if (within_20s([&] { return testing::slurp(dir / "watch.out").find("watching ") != std::string::npos; })) return pid;
  ADD_FAILURE() << testing::slurp(dir / "watch.err");
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return -1;
}

// SIGTERM while it waits: exit 0, saying so.
void stop(pid_t pid, const fs::path& dir) {
  ASSERT_EQ(::kill(pid, SIGTERM), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_NE(testing::slurp(dir / "watch.out").find("stopped; the outputs are those of the last build\n"),
            std::string::npos);
}

}  // namespace

// Issue 43: where inotify sees nothing (WSL's Windows drives, network shares), `watch`
// polls. --poll forces it here, on a folder inotify would see: the game file saved is
// built again, and SIGTERM while it waits (asleep between looks) ends it at once, cleanly.
TEST(Watch, PollingRebuildsAfterASavedChangeAndStopsCleanly) {
  const fs::path dir = testing::fresh_dir("watch-poll");
  const std::string game = testing::replace_all(kGame, "      - {type: image, src: art/pic.svg, x: 5mm, y: 30mm, w: 20mm, h: 20mm}\n", "");
  std::ofstream(dir / "w.yaml") << game;
  std::ofstream(dir / "words.csv") << "word\nshalom\n";
  const pid_t pid = watching(dir, {"--poll"});
  ASSERT_GT(pid, 0);
  const fs::path pdf = dir / "out/w/d-poker-3x3-letter.pdf";
  const std::string before = testing::slurp(pdf);
  std::ofstream(dir / "w.yaml") << testing::replace_all(game, "size: 14pt", "size: 16pt");
  const std::string changed = "changed: " + fs::absolute(dir / "w.yaml").lexically_normal().string() + "\n";
  EXPECT_TRUE(within_20s([&] { return testing::slurp(dir / "watch.out").find(changed) != std::string::npos; }))
      << testing::slurp(dir / "watch.out") << testing::slurp(dir / "watch.err");
  EXPECT_TRUE(within_20s([&] { return testing::slurp(dir / "watch.out").rfind("watching ") >
                                      testing::slurp(dir / "watch.out").rfind("changed: "); }));
  EXPECT_NE(testing::slurp(pdf), before);
  EXPECT_EQ(testing::slurp(dir / "watch.err").find("polling"), std::string::npos);  // asked for: nothing to explain
  // Generous for the sanitized build, whose exit runs a leak check of seconds on a busy
  // machine; a wait that ignored the signal would end by CTest's time limit instead.
  const auto asked = std::chrono::steady_clock::now();
  stop(pid, dir);
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(30));
}

// A picture added to a folder-of-pictures deck's folder is a new card: seen, by inotify
// and by polling, and built; a file the deck's pattern does not match (notes.txt, added
// first) is no change. The picture is named to come after notes.txt in a folder's
// listing, so that a wrong answer cannot hide behind the order of one look.
TEST(Watch, ANewPictureInAFolderDeckIsANewCardAndOtherFilesAreNot) {
  for (const bool poll : {false, true}) {
    SCOPED_TRACE(poll ? "--poll" : "inotify");
    const fs::path dir = testing::fresh_dir(poll ? "watch-pictures-poll" : "watch-pictures");
    std::ofstream(dir / "w.yaml") << "game: w\ntitle: Pictures\ndecks:\n"
                                     "  - {id: d, card: poker, stocks: [poker-3x3-letter], cards: {images: \"art/*.svg\"}}\n";
    fs::create_directories(dir / "art");
    const std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"63\" height=\"88\"><rect width=\"63\" "
                            "height=\"88\" fill=\"#ff0000\"/></svg>\n";
    for (const char* pic : {"a.svg", "b.svg"}) std::ofstream(dir / "art" / pic) << svg;
    const pid_t pid = watching(dir, poll ? std::vector<std::string>{"--poll"} : std::vector<std::string>{});
    ASSERT_GT(pid, 0);
    const fs::path manifest = dir / "out/w/manifest.json";
    EXPECT_NE(testing::slurp(manifest).find("art/b.svg"), std::string::npos);
    EXPECT_EQ(testing::slurp(manifest).find("art/z.svg"), std::string::npos);
    std::ofstream(dir / "art/notes.txt") << "to do: more pictures\n";
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // more than a look and a quiet period
    std::ofstream(dir / "art/z.svg") << svg;
    const std::string pic = fs::absolute(dir / "art/z.svg").lexically_normal().string();
    EXPECT_TRUE(within_20s([&] { return testing::slurp(dir / "watch.out").find("changed: ") != std::string::npos; }));
    const std::string out = testing::slurp(dir / "watch.out");
    const size_t at = out.find("changed: ");
    ASSERT_NE(at, std::string::npos) << "the new picture was missed: " << out;
    EXPECT_EQ(out.substr(at, 10 + pic.size()), "changed: " + pic + "\n") << out;
    EXPECT_TRUE(within_20s([&] { return testing::slurp(manifest).find("art/z.svg") != std::string::npos; }))
        << testing::slurp(dir / "watch.out") << testing::slurp(dir / "watch.err");
    EXPECT_EQ(testing::slurp(manifest).find("notes.txt"), std::string::npos);
    EXPECT_TRUE(within_20s([&] { return testing::slurp(dir / "watch.out").rfind("watching ") >
                                        testing::slurp(dir / "watch.out").rfind("changed: "); }));
    stop(pid, dir);
  }
}

}  // namespace cardstock
