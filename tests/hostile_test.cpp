// Hostile and broken input, one table row a case: each row writes its files into a fresh
// folder, runs the real cardstock binary on them (stdin closed, as in CI) and checks the
// exit code, the exact diagnostics and every file on disk afterwards: nothing outside
// -o, no temporary file left, and only the outputs the case expects.
#include <gtest/gtest.h>

#include <fstream>

#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

struct HostileCase {
  std::string name;
  // Files to write, relative to the case folder D (whose game files live in D/g/).
  // "@D@" in a path or content becomes the case folder's absolute path; content
  // "@symlink:TARGET" makes a symbolic link, "@dir" an empty folder.
  std::vector<std::pair<std::string, std::string>> files;
  std::vector<std::string> args;  // after the binary; "@D@" as above
  int status;
  std::string err;                  // exact stderr, with the case folder shown as "D"
  std::vector<std::string> outputs;  // files expected under D/out afterwards, sorted
};

// A small valid game whose deck id, game id or other values a case replaces.
std::string game(const std::string& game_id = "g", const std::string& deck_id = "d",
                 const std::string& extra = "") {
  return "game: " + game_id + "\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n" +
         "decks:\n  - id: " + deck_id + "\n    face: face\n    stocks: [poker-3x3-letter]\n" +
         "    cards: [{id: a, t: hi}]\n" + extra;
}

const std::string kRule =
    " (ids name output files: use letters, digits, '-', '_' and '.' only, not starting with '.', "
    "1 to 64 characters)\n";

std::string failed(int errors, int warnings = 0, const std::string& file = "D/g/g.yaml") {
  return file + ": " + std::to_string(errors) + " error(s), " + std::to_string(warnings) +
         " warning(s); nothing written\n";
}

std::vector<HostileCase> cases() {
  const std::vector<std::string> build = {"build", "@D@/g/g.yaml", "-o", "@D@/out"};
  const std::vector<std::string> ok_outputs = {"out/g/d-poker-3x3-letter.pdf", "out/g/manifest.json"};
  std::vector<HostileCase> v;
  // 1. Ids that reach file names.
  auto bad_deck = [&](const std::string& name, const std::string& id, const std::string& shown,
                      const std::string& why) {
    v.push_back({name, {{"g/g.yaml", game("g", id)}}, build, 1,
                 "D/g/g.yaml:7:9: error: deck id '" + shown + "' cannot name a file: " + why + kRule + failed(1), {}});
  };
  bad_deck("DeckIdClimbsOut", "../../x", "../../x", "it contains '/'");
  bad_deck("DeckIdAbsolute", "@D@/escaped", "D/escaped", "it contains '/'");
  bad_deck("DeckIdWithSlash", "a/b", "a/b", "it contains '/'");
  bad_deck("DeckIdDotDot", "'..'", "..", "it names a folder, not a file");
  bad_deck("DeckIdDot", "'.'", ".", "it names a folder, not a file");
  bad_deck("DeckIdEmpty", "''", "", "it is empty");
  bad_deck("DeckIdHidden", ".hidden", ".hidden", "it starts with '.' (a hidden file)");
  bad_deck("DeckIdBackslash", "'a\\b'", "a\\b", "it contains '\\'");
  bad_deck("DeckIdSpace", "'a b'", "a b", "it contains a space");
  bad_deck("DeckIdNonAscii", "caf\xc3\xa9", "caf\xc3\xa9", "it contains '\xc3\xa9' (only ASCII letters are allowed)");
  bad_deck("DeckIdTooLong", std::string(65, 'x'), std::string(65, 'x'), "it is 65 characters long");
  auto bad_game = [&](const std::string& name, const std::string& id, const std::string& shown,
                      const std::string& why) {
    v.push_back({name, {{"g/g.yaml", game(id)}}, build, 1,
                 "D/g/g.yaml:1:7: error: game id '" + shown + "' cannot name a file: " + why + kRule + failed(1), {}});
  };
  bad_game("GameIdClimbsOut", "../../x", "../../x", "it contains '/'");
  bad_game("GameIdAbsolute", "@D@/escaped", "D/escaped", "it contains '/'");
  bad_game("GameIdDotDot", "'..'", "..", "it names a folder, not a file");
  bad_game("GameIdHidden", ".g", ".g", "it starts with '.' (a hidden file)");
  v.push_back({"BoardIdClimbsOut",
               {{"g/g.yaml", game("g", "d", "boards:\n  - {id: ../b, deck: d, rows: [[a]]}\n")}},
               build, 1,
               "D/g/g.yaml:12:10: error: board id '../b' cannot name a file: it contains '/'" + kRule + failed(1), {}});
  v.push_back({"CardIdWithSlash",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\n"
                             "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: x/y}]}\n"}},
               build, 1,
               "D/g/g.yaml:7:66: error: card id 'x/y' cannot name a file: it contains '/'" + kRule + failed(1), {}});
  // Two outputs of one name would overwrite each other.
  v.push_back({"TwoOutputsOfOneName",
               {{"g/g.yaml", game("g", "d",
                                  "  - {id: t, card: hex-tile, face: face, stocks: [hex-tile-letter], cards: [{id: h, t: x}]}\n"
                                  "boards:\n  - {id: d-poker-3x3, deck: t, rows: [[h]]}\n")}},
               {"build", "@D@/g/g.yaml", "-o", "@D@/out", "--paper", "letter"}, 1,
               "D/g/g.yaml:13:5: error: the output 'd-poker-3x3-letter.pdf' of board 'd-poker-3x3' has the "
               "same name as the output of deck 'd' on stock 'poker-3x3-letter'; rename one of them\n" +
                   failed(1), {}});
  // Defence in depth: an output folder that is a symbolic link to elsewhere is refused
  // by the one place that opens outputs, whatever the ids are.
  v.push_back({"OutputFolderLinksOutside",
               {{"g/g.yaml", game()}, {"elsewhere", "@dir"}, {"out/g", "@symlink:@D@/elsewhere"}},
               build, 1,
               "cardstock: error: refusing to write 'D/out/g': it resolves to D/elsewhere, outside the "
               "output folder D/out\n", {}});
  // The sane game builds, as a control for the cases above.
  v.push_back({"ControlBuilds", {{"g/g.yaml", game()}}, build, 0, "", ok_outputs});
  return v;
}

// gtest prints a failing case by name, not as bytes.
void PrintTo(const HostileCase& c, std::ostream* os) { *os << c.name; }

class Hostile : public ::testing::TestWithParam<HostileCase> {};

TEST_P(Hostile, ExitCodeMessageAndFilesOnDisk) {
  const HostileCase& c = GetParam();
  const fs::path dir = testing::fresh_dir("hostile-" + c.name);
  const std::string d = dir.string();
  std::vector<std::string> expected;
  for (const auto& [rel, text] : c.files) {
    const fs::path p = dir / testing::replace_all(rel, "@D@", d);
    fs::create_directories(p.parent_path());
    const std::string content = testing::replace_all(text, "@D@", d);
    if (content.rfind("@symlink:", 0) == 0) {
      fs::create_symlink(content.substr(9), p);
    } else if (content == "@dir") {
      fs::create_directories(p);
      continue;
    } else {
      std::ofstream(p, std::ios::binary) << content;
    }
    expected.push_back(fs::relative(p, dir).string());
  }
  std::vector<std::string> args;
  for (const auto& a : c.args) args.push_back(testing::replace_all(a, "@D@", d));
  const testing::Run r = testing::run_cardstock(args, d);
  EXPECT_EQ(r.status, c.status) << r.err;
  EXPECT_EQ(testing::replace_all(r.err, d, "D"), c.err);
  for (const auto& o : c.outputs) expected.push_back(o);
  std::sort(expected.begin(), expected.end());
  // Everything in the case folder: the inputs and the expected outputs, nothing else
  // (no file escaped -o, no temporary file was left).
  EXPECT_EQ(testing::tree_of(dir), expected);
}

INSTANTIATE_TEST_SUITE_P(Cases, Hostile, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<HostileCase>& i) { return i.param.name; });

}  // namespace

}  // namespace cardstock
