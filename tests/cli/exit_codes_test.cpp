// The exit codes docs/command-line.md promises for a folder with nothing to build: `build` and
// `check` with no FILE and no content/ are usage errors (2), and `watch` stops with that
// error instead of watching nothing. The real binary, run in an empty folder.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

TEST(ExitCodes, BuildAndCheckWithNothingToBuildAreUsageErrors) {
  const fs::path dir = testing::fresh_dir("exit-codes-empty");
  for (const std::string command : {"build", "check"}) {
    const testing::Run run = testing::run_cardstock({command}, dir.string());
    EXPECT_EQ(run.status, 2) << command;
    EXPECT_EQ(run.err, "cardstock: error: no game files named and no content/*.yaml in this folder; name one, as in "
                       "'cardstock " + command + " my-deck.yaml'\n");
    EXPECT_EQ(run.out, "");
  }
  EXPECT_TRUE(fs::is_empty(dir)) << "nothing is written";
}

// `timeout` ends a watch that would wait for ever (the bug), so the test fails, not hangs.
TEST(ExitCodes, WatchWithNothingToBuildStopsWithTheUsageError) {
  const fs::path dir = testing::fresh_dir("exit-codes-watch");
  const std::string cmd = "cd '" + dir.string() + "' && timeout 120 '" + CARDSTOCK_BINARY +
                          "' watch >out.txt 2>err.txt </dev/null";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  std::stringstream err;
  err << std::ifstream(dir / "err.txt").rdbuf();
  EXPECT_EQ(err.str(), "cardstock: error: no game files named and no content/*.yaml in this folder; name one, as in "
                       "'cardstock build my-deck.yaml'\n");
}

}  // namespace cardstock
