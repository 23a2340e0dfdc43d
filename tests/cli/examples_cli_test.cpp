// `cardstock example` through the real program: the shipped games listed, one copied with
// every file it uses (built into the same bytes as the game in content/), a folder that
// holds any of its files refused with nothing written, an unknown name; and the game file
// copied alone: one error a missing file, with how many places use it.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli/one_card_game.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const std::vector<std::string> kEchadFiles{"LICENSE",
                                           "assets/echad/maps/egypt.svg",
                                           "assets/echad/maps/mesopotamia.svg",
                                           "assets/echad/maps/syria-palestine.svg",
                                           "cardstock.schema.json",
                                           "echad.rules.md",
                                           "echad.yaml"};

}  // namespace

TEST(ExamplesCli, ListsTheShippedGamesAndWhatEachIs) {
  const testing::Run r = testing::run_cardstock({"example"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "dayenu    Dayenu -- a Passover card game for 2 to 6 players (8-card hands), 99 cards.\n"
            "echad     Echad! -- a history matching card game (54 cards).\n"
            "prophets  Prophets and Patriarchs -- resource cards, two Event decks and six tribe tablets.\n"
            "unity     Unity -- a biblical strategy card game for 2 to 6 players (8-card hands), 108 cards.\n"
            "cardstock example NAME FOLDER copies one into FOLDER, with every file it uses\n");
}

TEST(ExamplesCli, ACopiedGameBuildsTheSameBytesAsTheShippedOne) {
  const fs::path dir = testing::fresh_dir("example-copy");
  const testing::Run r = testing::run_cardstock({"example", "echad", "my-deck"}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "copied the example 'echad' (5 files) into my-deck, with its licence (LICENSE) and the schema your "
            "editor checks it with (cardstock.schema.json)\n"
            "next: cd my-deck && cardstock build echad.yaml   (or cardstock preview echad.yaml to see it in the "
            "browser)\n");
  EXPECT_EQ(testing::tree_of(dir / "my-deck"), kEchadFiles);
  // The licence of the content goes with it; the game file names the schema beside it
  // (an editor on the Windows side of WSL cannot reach /usr/share), which is the one
  // `cardstock schema` prints; the rest of the game file is the shipped one.
  EXPECT_EQ(testing::slurp(dir / "my-deck" / "LICENSE"), testing::slurp(testing::source_dir() + "/content/LICENSE"));
  const testing::Run schema = testing::run_cardstock({"schema"});
  ASSERT_EQ(schema.status, 0);
  EXPECT_EQ(testing::slurp(dir / "my-deck" / "cardstock.schema.json"), schema.out);
  const std::string shipped_game = testing::slurp(testing::source_dir() + "/content/echad.yaml");
  const std::string copied_game = testing::slurp(dir / "my-deck" / "echad.yaml");
  EXPECT_EQ(copied_game.substr(0, copied_game.find('\n')),
            "# yaml-language-server: $schema=cardstock.schema.json");
  EXPECT_EQ(copied_game.substr(copied_game.find('\n')), shipped_game.substr(shipped_game.find('\n')));
  // The next command as said, from the copy; and the shipped game built the same way.
  const testing::Run copy = testing::run_cardstock({"build", "echad.yaml", "-o", "../out-copy"}, (dir / "my-deck").string());
  ASSERT_EQ(copy.status, 0) << copy.err;
  const testing::Run shipped = testing::run_cardstock(
      {"build", testing::source_dir() + "/content/echad.yaml", "-o", (dir / "out-shipped").string()});
  ASSERT_EQ(shipped.status, 0) << shipped.err;
  auto outputs = [](const fs::path& out) {
    auto files = testing::contents_of(out / "echad");
    files.erase("manifest.json");  // names the game file's path
    return files;
  };
  const auto a = outputs(dir / "out-copy"), b = outputs(dir / "out-shipped");
  EXPECT_GE(a.size(), 5u);
  EXPECT_TRUE(a == b) << "the copy's outputs differ from the shipped game's";
  // A folder with spaces is said quoted, as a shell takes it.
  const testing::Run spaced = testing::run_cardstock({"example", "unity", "my games/unity"}, dir.string());
  ASSERT_EQ(spaced.status, 0) << spaced.err;
  EXPECT_NE(spaced.out.find("\nnext: cd 'my games/unity' && cardstock build unity.yaml "), std::string::npos)
      << spaced.out;
}

TEST(ExamplesCli, AFileAlreadyThereIsNamedAndNothingIsWritten) {
  const fs::path dir = testing::fresh_dir("example-there");
  testing::write_with_folders(dir / "my-deck" / "echad.rules.md", "my own rules\n");
  const testing::Run r = testing::run_cardstock({"example", "echad", "my-deck"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "my-deck/echad.rules.md: error: this file is already there: nothing was copied; give a new folder, or "
            "move the files away\n");
  EXPECT_EQ(testing::tree_of(dir / "my-deck"), std::vector<std::string>{"echad.rules.md"});
  EXPECT_EQ(testing::slurp(dir / "my-deck" / "echad.rules.md"), "my own rules\n");
  // Copied once, the second copy finds all seven there (the licence and the schema too).
  ASSERT_EQ(testing::run_cardstock({"example", "echad", "fresh"}, dir.string()).status, 0);
  const testing::Run again = testing::run_cardstock({"example", "echad", "fresh"}, dir.string());
  EXPECT_EQ(again.status, 2);
  EXPECT_EQ(again.err,
            "fresh/echad.yaml: error: this file is already there (and 6 more of the example's files): nothing was "
            "copied; give a new folder, or move the files away\n");
}

TEST(ExamplesCli, AnUnknownNameGetsTheOneMeant) {
  const fs::path dir = testing::fresh_dir("example-unknown");
  const testing::Run r = testing::run_cardstock({"example", "echda", "my-deck"}, dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "cardstock: error: unknown example 'echda' (did you mean 'echad'?); the examples are dayenu, echad, "
            "prophets and unity (cardstock example lists them)\n");
  EXPECT_TRUE(testing::tree_of(dir).empty());
}

// Issue 42: the game file copied alone said 55 errors for its 4 missing files.
TEST(ExamplesCli, TheGameFileAloneSaysEachMissingFileOnce) {
  const fs::path dir = testing::fresh_dir("example-alone");
  fs::copy_file(testing::source_dir() + "/content/echad.yaml", dir / "echad.yaml");
  for (const char* strict : {"", "--strict"}) {
    std::vector<std::string> args{"check", "echad.yaml"};
    if (*strict) args.push_back(strict);
    const testing::Run r = testing::run_cardstock(args, dir.string());
    EXPECT_EQ(r.status, 1) << strict;
    EXPECT_EQ(r.err,
              "echad.yaml:146:59: error: card 'hyksos-invasion': image 'assets/echad/maps/mesopotamia.svg' cannot be "
              "read: No such file or directory (looked for ./assets/echad/maps/mesopotamia.svg) (layer at "
              "echad.yaml:20:9) (and 17 more places)\n"
              "echad.yaml:148:57: error: card 'nebuchadnezzar': image 'assets/echad/maps/syria-palestine.svg' cannot "
              "be read: No such file or directory (looked for ./assets/echad/maps/syria-palestine.svg) (layer at "
              "echad.yaml:20:9) (and 17 more places)\n"
              "echad.yaml:153:59: error: card 'sargon-of-akkad': image 'assets/echad/maps/egypt.svg' cannot be read: "
              "No such file or directory (looked for ./assets/echad/maps/egypt.svg) (layer at echad.yaml:20:9) (and 17 "
              "more places)\n"
              "echad.yaml:204:3: error: cannot read the booklet source 'echad.rules.md': No such file or directory "
              "(looked for echad.rules.md)\n"
              "echad.yaml: 4 error(s), 0 warning(s); check failed\n")
        << strict;
  }
  // A file that is there under another name: the one in its folder that differs only in
  // case is used, with a warning (as Windows would open it); one a typo away is meant.
  fs::create_directories(dir / "assets" / "echad" / "maps");
  testing::write_with_folders(dir / "assets" / "echad" / "maps" / "Egypt.svg", "<svg/>");
  testing::write_with_folders(dir / "echad-rules.md", "# Echad!\n");
  const testing::Run r = testing::run_cardstock({"check", "echad.yaml"}, dir.string());
  EXPECT_NE(r.err.find("echad.yaml:153:59: warning: card 'sargon-of-akkad': image 'assets/echad/maps/egypt.svg' is "
                       "spelt 'assets/echad/maps/Egypt.svg' on disk: that file is used, but write its name as the disk "
                       "spells it (other programs on Linux tell the two apart) (layer at echad.yaml:20:9) (and 17 more "
                       "places)\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("echad.yaml:204:3: error: cannot read the booklet source 'echad.rules.md': No such file or "
                       "directory (looked for echad.rules.md) (did you mean 'echad-rules.md'?)\n"),
            std::string::npos)
      << r.err;
}

// Issue 47: a missing CSV or workbook that several decks read is said once, with the
// file of its folder meant.
TEST(ExamplesCli, AMissingFileSeveralDecksReadIsSaidOnce) {
  const fs::path dir = testing::fresh_dir("missing-csv");
  testing::write_with_folders(dir / "Words.csv", "word\nShalom\n");
  testing::write_with_folders(dir / "g.yaml",
                              "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{word}\"}]\n"
                              "decks:\n"
                              "  - {id: a, face: face, stocks: [poker-3x3-letter], cards: {csv: words.csv}}\n"
                              "  - {id: b, face: face, stocks: [poker-3x3-letter], cards: {csv: words.csv}}\n");
  const testing::Run r = testing::run_cardstock({"check", "g.yaml"}, dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "g.yaml:7:66: error: cannot read CSV 'words.csv': No such file or directory (looked for words.csv) (did "
            "you mean 'Words.csv'?) (and 1 more place)\n"
            "g.yaml: 1 error(s), 0 warning(s); check failed\n");
}

}  // namespace cardstock
