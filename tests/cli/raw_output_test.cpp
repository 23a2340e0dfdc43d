// Nothing raw reaches a terminal or a CI log (issue 28 §4): the real binary builds, checks,
// lists and compares games whose file names, card text and output names hold ESC, BEL,
// newlines, "::error::" and bytes that are not UTF-8 (a Latin-1 file name). All of stdout
// and stderr is checked: no control byte but the line ends, no line starting with input,
// and every JSON file written parses as strict UTF-8 JSON.
#include <gtest/gtest.h>

#include "base/json.h"
#include "base/text_check.h"
#include "cli/one_card_game.h"
#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

// The hostile part of every name: a GitHub Actions workflow command, a Latin-1 letter,
// an OSC title sequence ended by BEL, a screen clear, and a newline followed by another
// workflow command.
const std::string kHostile = "::error::caf\xE9\x1B]0;t\x07\x1B[2J\n::warning::x";
// kHostile as printed.
const std::string kShown = "::error::caf\\xE9\\x1B]0;t\\x07\\x1B[2J\\n::warning::x";

// Every problem with `text` as terminal or log output: "" when it is clean.
std::string raw_in(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7F) out += "control byte " + std::to_string(c) + " at " + std::to_string(i) + "\n";
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("::", 0) == 0 || line.rfind("caf", 0) == 0 || line.rfind("\\x", 0) == 0 || line.rfind("\x1B", 0) == 0)
      out += "a line starts with input: " + line + "\n";
  if (parse_json("\"" + text + "\"").error.find("UTF-8") != std::string::npos) out += "not UTF-8\n";
  return out;
}

// Every .json file under `dir` that is not strict UTF-8 JSON, with nlohmann's reason.
std::string bad_json_under(const fs::path& dir) {
  std::string out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".json") {
      const JsonParsed p = parse_json(testing::slurp(e.path()));
      if (!p.ok()) out += e.path().filename().string() + ": " + p.error + "\n";
    }
  return out;
}

std::string game_with(const std::string& card_text) {
  return "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
         "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter, tts]\n    cards: [{id: a, t: " +
         card_text + "}]\n";
}

TEST(RawOutput, HostileNamesAndTextAreEscapedEverywhere) {
  const fs::path dir = testing::fresh_dir("raw-output");
  const fs::path game = dir / (kHostile + ".yaml");
  std::string all;  // every stdout and stderr
  auto run = [&](const std::vector<std::string>& args) {
    const testing::Run r = testing::run_cardstock(args, dir.string());
    all += r.out + r.err;
    return r;
  };
  // Text that cannot be drawn: refused, and said escaped.
  testing::write_with_folders(game, game_with("\"x\\e]0;t\\a\\n::error::y\""));
  testing::Run r = run({"build", game.filename().string(), "-o", "out"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.find("./" + kShown + ".yaml:10:24: error: "), 0u) << r.err;
  EXPECT_NE(r.err.find("\"x\\x1B]0;t\\x07\\n::error::y\""), std::string::npos) << r.err;
  r = run({"check", game.filename().string()});
  EXPECT_EQ(r.status, 1);
  // Built under the hostile name (its Tabletop Simulator sheet too), then changed.
  testing::write_with_folders(game, game_with("old"));
  r = run({"build", game.filename().string(), "-o", "old", "--tts-url", "https://example.org/"});
  ASSERT_EQ(r.status, 0) << r.err;
  testing::write_with_folders(game, game_with("new"));
  r = run({"build", game.filename().string(), "-o", "new", "--tts-url", "https://example.org/"});
  ASSERT_EQ(r.status, 0) << r.err;
  run({"stocks", game.filename().string()});
  // An output only the old folder has, named by the hostile text.
  testing::write_with_folders(dir / "old" / "g" / kHostile, "x");
  r = run({"diff", "old", "new", "-o", "review"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("removed  g/" + kShown + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("changed 'a' at " + kShown + ".yaml:10:13\n"), std::string::npos) << r.out;
  r = run({"diff", "old", "new", "--json"});
  EXPECT_EQ(r.status, 1);
  const JsonParsed diff = parse_json(r.out);
  ASSERT_TRUE(diff.ok()) << diff.error;
  EXPECT_EQ(diff.value["outputs"][0]["file"], "g/::error::caf\\xE9\x1B]0;t\x07\x1B[2J\n::warning::x");
  // The names go into the JSON files as they are, bytes that are not UTF-8 as "\xE9".
  const JsonParsed manifest = parse_json(testing::slurp(dir / "new" / "g" / "manifest.json"));
  ASSERT_TRUE(manifest.ok()) << manifest.error;
  EXPECT_EQ(manifest.value["source"], "::error::caf\\xE9\x1B]0;t\x07\x1B[2J\n::warning::x.yaml");
  EXPECT_EQ(bad_json_under(dir / "new"), "");
  EXPECT_EQ(bad_json_under(dir / "old"), "");
  EXPECT_EQ(raw_in(all), "") << all;
  fs::remove_all(dir);
}

// The one escaping function: short forms for tab, line feed and carriage return, \xNN for
// other C0 controls, DEL and bytes that are not UTF-8, \uNNNN for C1 controls and the
// characters that break or reorder lines; a name that would start a line with "::" gets
// "./" in front.
TEST(RawOutput, PrintableWritesEveryControlAsAnEscape) {
  EXPECT_EQ(printable("a\tb\nc\rd\x1B[2J\x07\x7F\xC2\x85\xE2\x80\xA8\xE2\x80\xAE\xFF\xC3 \xD7\x90"),
            "a\\tb\\nc\\rd\\x1B[2J\\x07\\x7F\\u0085\\u2028\\u202E\\xFF\\xC3 \xD7\x90");
  EXPECT_EQ(printable_lead("::error::x"), "./::error::x");
  EXPECT_EQ(printable_lead("-x"), "./-x");
  EXPECT_EQ(printable_lead("\nx"), "./\\nx");
  EXPECT_EQ(printable_lead("content/g.yaml"), "content/g.yaml");
  EXPECT_EQ(printable_lead("/abs/g.yaml"), "/abs/g.yaml");
  EXPECT_EQ(json_text(Json{{"name\xE9", "caf\xE9"}}), "{\"name\\\\xE9\":\"caf\\\\xE9\"}");
}

}  // namespace

}  // namespace cardstock
