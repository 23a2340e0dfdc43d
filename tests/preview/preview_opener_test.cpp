// `cardstock preview` on a terminal opens the page with xdg-open; where there is none (a
// minimal Debian, WSL) or it fails, it says the address to open by hand (issue 42). Run
// on a pseudo-terminal, as only there is the browser opened, with a PATH of the test's.
#include <gtest/gtest.h>
#include <pty.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <functional>
#include <optional>
#include <regex>
#include <thread>

#include "cli/one_card_game.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// What `cardstock preview GAME` said on a terminal, PATH set to `path`, until `enough`
// holds of it (or 30 s passed), then stopped as Ctrl-C stops it; "\r\n" said as "\n".
std::string preview_on_terminal(const fs::path& game, const std::string& path,
                                const std::function<bool(const std::string&)>& enough) {
  int tty = -1;
  const pid_t pid = ::forkpty(&tty, nullptr, nullptr, nullptr);
  if (pid == 0) {
    ::setenv("PATH", path.c_str(), 1);
    ::execl(CARDSTOCK_BINARY, CARDSTOCK_BINARY, "preview", game.c_str(), "--port", "0", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::string said;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  char buf[4096];
  while (!enough(said) && std::chrono::steady_clock::now() < until) {
    pollfd p{tty, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const ssize_t n = ::read(tty, buf, sizeof buf);
    if (n <= 0) break;
    said.append(buf, static_cast<size_t>(n));
  }
  ::kill(pid, SIGINT);
  int st = 0;
  ::waitpid(pid, &st, 0);
  ::close(tty);
  return testing::replace_all(said, "\r\n", "\n");
}

// The address the preview said it serves ("" if none).
std::string address(const std::string& said) {
  std::smatch m;
  return std::regex_search(said, m, std::regex(R"(Preview at (http://127\.0\.0\.1:\d+/))")) ? m[1].str() : "";
}

// A folder for PATH holding an xdg-open that runs `script` (none if empty).
std::string path_with_opener(const fs::path& dir, const std::string& script) {
  fs::create_directories(dir);
  if (!script.empty()) {
    testing::write_with_folders(dir / "xdg-open", "#!/bin/sh\n" + script + "\n");
    ::chmod((dir / "xdg-open").c_str(), 0755);
  }
  return dir.string();
}

bool said_by_hand(const std::string& said) { return said.find("open this address in your browser: ") != std::string::npos; }

}  // namespace

TEST(PreviewOpener, NoOpenerOnThePathSaysTheAddressToOpen) {
  const fs::path dir = testing::fresh_dir("preview-no-opener");
  testing::write_with_folders(dir / "g.yaml", testing::one_card_game("Shalom"));
  const std::string said = preview_on_terminal(dir / "g.yaml", path_with_opener(dir / "bin", ""), said_by_hand);
  const std::string url = address(said);
  ASSERT_FALSE(url.empty()) << said;
  EXPECT_NE(said.find("\nopen this address in your browser: " + url + "\n"), std::string::npos) << said;
}

TEST(PreviewOpener, AFailingOpenerSaysTheAddressToOpen) {
  const fs::path dir = testing::fresh_dir("preview-failing-opener");
  testing::write_with_folders(dir / "g.yaml", testing::one_card_game("Shalom"));
  const std::string said =
      preview_on_terminal(dir / "g.yaml", path_with_opener(dir / "bin", "exit 3"), said_by_hand);
  const std::string url = address(said);
  ASSERT_FALSE(url.empty()) << said;
  EXPECT_NE(said.find("\nopen this address in your browser: " + url + "\n"), std::string::npos) << said;
}

TEST(PreviewOpener, AnOpenerThatWorksIsGivenTheAddressAndNothingMoreIsSaid) {
  const fs::path dir = testing::fresh_dir("preview-opener");
  testing::write_with_folders(dir / "g.yaml", testing::one_card_game("Shalom"));
  const fs::path opened = dir / "opened.txt";
  // printf is the shell's own: the PATH holds nothing else.
  const std::string path = path_with_opener(dir / "bin", "printf '%s' \"$1\" > '" + opened.string() + "'");
  // Until the opener has run, and a little longer: a failure would be said at once.
  std::optional<std::chrono::steady_clock::time_point> opened_at;
  const std::string said = preview_on_terminal(dir / "g.yaml", path, [&](const std::string&) {
    if (!opened_at && fs::exists(opened)) opened_at = std::chrono::steady_clock::now();
    return opened_at && std::chrono::steady_clock::now() - *opened_at > std::chrono::milliseconds(500);
  });
  const std::string url = address(said);
  ASSERT_FALSE(url.empty()) << said;
  EXPECT_EQ(testing::slurp(opened), url);
  EXPECT_FALSE(said_by_hand(said)) << said;
}

}  // namespace cardstock
