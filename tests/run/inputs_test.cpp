// The one list of what a game reads (model/inputs.h): each kind of file a game names is
// in game_inputs, and so in what `cardstock watch` watches (build_inputs) and, when every
// build records it, in what the up-to-date check requires.
#include "model/inputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "load/images/images.h"
#include "load/load.h"
#include "output_util.h"
#include "run/build.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const char* kGame =
    "game: t\ntitle: T\nicons:\n  coin: coin.svg\nbooklet:\n  source: rules.md\n"
    "designs:\n  face:\n    layers:\n      - {type: text, text: \"{word}\"}\n"
    "      - {type: image, src: \"art/{word}.svg\"}\n"
    "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards: {csv: words.csv}\n";

const char* kSvg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>\n";

fs::path write_game(const std::string& name) {
  const fs::path dir = testing::fresh_dir(name);
  std::ofstream(dir / "t.yaml") << kGame;
  std::ofstream(dir / "words.csv") << "word\nshalom\n";
  std::ofstream(dir / "coin.svg") << kSvg;
  std::ofstream(dir / "rules.md") << "# Rules\n";
  fs::create_directories(dir / "art");
  std::ofstream(dir / "art/shalom.svg") << kSvg;
  return dir;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST(GameInputs, EveryKindAGameReadsIsListed) {
  const fs::path dir = write_game("inputs-kinds");
  Diagnostics d;
  auto g = load_game((dir / "t.yaml").string(), testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  ASSERT_EQ(testing::without_numbering_note(d.str()), "");
  std::map<InputKind, std::vector<std::string>> by_kind;
  for (const GameInput& in : game_inputs(*g)) by_kind[in.kind].push_back(fs::path(in.path).filename().string());
  EXPECT_EQ(by_kind[InputKind::Csv], std::vector<std::string>{"words.csv"});
  EXPECT_EQ(by_kind[InputKind::Booklet], std::vector<std::string>{"rules.md"});
  EXPECT_EQ(by_kind[InputKind::Icon], std::vector<std::string>{"coin.svg"});
  EXPECT_EQ(by_kind[InputKind::Image], std::vector<std::string>{"shalom.svg"});
  // Card images are recorded when a card shows them; the rest by every build.
  for (const GameInput& in : game_inputs(*g)) EXPECT_EQ(always_recorded(in, *g), in.kind != InputKind::Image) << in.path;
}

TEST(GameInputs, WatchWatchesWhatTheGameReads) {
  const fs::path dir = write_game("inputs-watch");
  const std::string game = (dir / "t.yaml").string();
  const std::vector<std::string> watched = build_inputs({game}, testing::build_options(dir / "out")).files;
  EXPECT_TRUE(has(watched, game));
  Diagnostics d;
  auto g = load_game(game, testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  size_t listed = 0;
  for (const GameInput& in : game_inputs(*g)) {
    EXPECT_TRUE(has(watched, in.path)) << in.path;
    ++listed;
  }
  EXPECT_GE(listed, 3u);  // the CSV file, the booklet's source, the icon
  EXPECT_TRUE(has(watched, (dir / "words.csv").string()));
  EXPECT_TRUE(has(watched, (dir / "coin.svg").string()));
}

}  // namespace cardstock
