// A build of several games with -j: the parent process reads each file's `game:` line and
// leaves the parsing to the process that draws the game. What the user sees is what one
// process (-j 1) shows: the same errors for a broken game, in the same order, the same
// folders; two games of one id are still refused before anything is built.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <set>

#include "cli/one_card_game.h"
#include "output_util.h"
#include "run/session_parts.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

// Runs the cardstock binary, its stdout and stderr merged in *output: its exit status.
int run(const std::vector<std::string>& args, std::string* output) { return testing::run_merged(args, "", output); }

std::set<std::string> folders_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

// Four games in `dir`: two that build (g and h), one whose YAML is broken and one that
// loads but cannot be drawn (its card names a picture that is not there).
std::vector<std::string> four_games(const fs::path& dir) {
  const std::string good = testing::one_card_game("one");
  testing::write_with_folders(dir / "g.yaml", good);
  testing::write_with_folders(dir / "h.yaml", testing::replace_all(good, "game: g\n", "game: h\n"));
  testing::write_with_folders(dir / "broken.yaml", "game: broken\ntitle: B\ndecks:\n  - id: d\n    cards: [{a: 1\n");
  testing::write_with_folders(
      dir / "nopic.yaml",
      testing::replace_all(testing::replace_all(good, "game: g\n", "game: nopic\n"), "{type: text, text: \"{t}\"}",
                           "{type: image, src: missing.png}"));
  return {(dir / "g.yaml").string(), (dir / "broken.yaml").string(), (dir / "nopic.yaml").string(),
          (dir / "h.yaml").string()};
}

std::vector<std::string> build_args(const std::vector<std::string>& games, const fs::path& out, const char* jobs) {
  std::vector<std::string> v = {"build"};
  v.insert(v.end(), games.begin(), games.end());
  v.insert(v.end(), {"-o", out.string(), "-j", jobs});
  return v;
}

}  // namespace

TEST(UnparsedParent, ReadsTheIdOfThePlainGameLineOnly) {
  EXPECT_EQ(plain_game_id("# c\ngame: echad\ntitle: x\n"), "echad");
  EXPECT_EQ(plain_game_id("title: x\ngame: my-game_2   # the id\ndecks: []\n"), "my-game_2");
  EXPECT_EQ(plain_game_id("game: g\r\ntitle: x\r\n"), "g");
  EXPECT_EQ(plain_game_id("decks:\n  - game: other\ngame: g\n"), "g");  // indented: not the top level
  for (const char* unknown :
       {"title: x\n", "game: g\ngame: h\n", "game: \"g\"\n", "game: 'g'\n", "game:g\n", "game : g\n",
        "game: g h\n", "game: g#x\n", "game: &a g\n", "game: null\n", "game: ~\n", "game:\n", "game: -g\n",
        "\"game\": g\n", "? game\n: g\n", "{game: g}\n", "---\ngame: g\n", "game: g\n---\ngame: h\n",
        "game: g\ntitle:\tx\n", "games: x\ngame: g\n", "game: g\n<<: *base\n"})
    EXPECT_EQ(plain_game_id(unknown), "") << unknown;
}

TEST(UnparsedParent, BrokenGamesAmongSeveralAreReportedAsByOneProcess) {
  const fs::path dir = testing::fresh_dir("unparsed-broken");
  const auto games = four_games(dir);
  std::string one, two;
  EXPECT_EQ(run(build_args(games, dir / "out-1", "1"), &one), 1);
  EXPECT_EQ(run(build_args(games, dir / "out-2", "2"), &two), 1);
  EXPECT_EQ(testing::shown_as_d(two, dir / "out-2"), testing::shown_as_d(one, dir / "out-1"));
  EXPECT_EQ(testing::shown_as_d(two, dir),
            // (stdout is a pipe here: buffered, so a built line goes out before any error)
            "built D/out-2/g/: 1 PDF, 1 page, manifest.json\n"
            "D/broken.yaml:5:13: error: YAML syntax: this '{' is never closed (a '}' is missing)\n"
            "D/broken.yaml: 1 error(s), 0 warning(s); nothing written\n"
            "D/nopic.yaml:5:33: error: design 'face': image 'missing.png' cannot be read: No such file or directory "
            "(looked for D/missing.png); 1 card of deck 'd' show it\n"
            "D/nopic.yaml: 1 error(s), 0 warning(s); nothing written\n"
            "built D/out-2/h/: 1 PDF, 1 page, manifest.json\n")
      << two;
  // No folder for a game that was not drawn, with one process or two.
  EXPECT_EQ(folders_in(dir / "out-2"), (std::set<std::string>{"g", "h"}));
  EXPECT_EQ(folders_in(dir / "out-1"), folders_in(dir / "out-2"));
  // Again, one game changed: the others are said up to date, each in its place.
  testing::write_with_folders(dir / "h.yaml", testing::replace_all(testing::slurp(games[3]), "one", "two"));
  EXPECT_EQ(run(build_args(games, dir / "out-1", "1"), &one), 1);
  EXPECT_EQ(run(build_args(games, dir / "out-2", "2"), &two), 1);
  EXPECT_EQ(testing::shown_as_d(two, dir / "out-2"), testing::shown_as_d(one, dir / "out-1"));
  EXPECT_NE(two.find("up to date: " + (dir / "out-2").string() + "/g/\n"), std::string::npos) << two;
}

TEST(UnparsedParent, TwoGamesOfOneIdAreRefusedBeforeAnythingIsBuilt) {
  const fs::path dir = testing::fresh_dir("unparsed-same-id");
  const auto games = four_games(dir);
  testing::write_with_folders(dir / "h.yaml", testing::one_card_game("two"));  // game: g again
  std::string two;
  EXPECT_EQ(run(build_args(games, dir / "out", "2"), &two), 1);
  EXPECT_EQ(testing::shown_as_d(two, dir),
            "D/h.yaml:1:7: error: game id 'g' is also the id of D/g.yaml: both would build into D/out/g/, one "
            "replacing the other; give one of them another id\n"
            "D/g.yaml:1:7: note: 'g' is first the id here\n");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

}  // namespace cardstock
