// The option table (run/option_table.h): every row reaches the -j child's command line and
// the cache key as its row says, so that a child process or the cache cannot ignore an
// option in silence; and --help of each command lists exactly the rows it takes.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "cli/one_card_game.h"
#include "output_util.h"
#include "run/option_table.h"
#include "run/schedule.h"
#include "run/session_parts.h"

namespace cardstock {

namespace {

// `opt` with row `r` set away from its default: a flag flipped, a text or a list given.
BuildOptions with_row_set(const OptionRow& r) {
  BuildOptions opt;
  if (auto* b = std::get_if<bool BuildOptions::*>(&r.member))
    opt.*(*b) = !(opt.*(*b));
  else if (auto* s = std::get_if<std::string BuildOptions::*>(&r.member))
    opt.*(*s) = "given-value";
  else
    opt.*std::get<std::vector<std::string> BuildOptions::*>(r.member) = {"one", "two"};
  return opt;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST(OptionTable, EveryRowReachesTheChildAndTheKeyAsItsRowSays) {
  const BuildOptions plain;
  const std::string plain_key = options_key(plain, std::nullopt);
  const std::vector<std::string> plain_child = child_argv(plain, "game.yaml", Unit{});
  ASSERT_FALSE(option_rows().empty());
  for (const OptionRow& r : option_rows()) {
    SCOPED_TRACE(r.flag);
    const BuildOptions opt = with_row_set(r);
    const std::vector<std::string> child = child_argv(opt, "game.yaml", Unit{});
    const std::string name = long_name(r);
    // The child is given it exactly when its row says so; a value follows its flag.
    EXPECT_EQ(has(child, name), r.to_child) << joined(child);
    if (r.to_child && !std::holds_alternative<bool BuildOptions::*>(r.member)) {
      const auto at = std::find(child.begin(), child.end(), name);
      ASSERT_NE(at, child.end());
      ASSERT_NE(at + 1, child.end());
      EXPECT_TRUE(at[1] == "given-value" || at[1] == "one") << at[1];
    }
    // The key changes exactly when the row is keyed, and names it.
    const std::string key = options_key(opt, std::nullopt);
    EXPECT_EQ(key != plain_key, r.keyed != Keyed::Never) << key;
    if (r.keyed != Keyed::Never) {
      EXPECT_NE(key.find(std::string(" ") + r.key + "="), std::string::npos) << key;
    }
    // A default value reaches neither the child's command line (but for --paper, whose
    // default "all" is given as any value) nor a WhenGiven key.
    if (r.keyed == Keyed::WhenGiven) {
      EXPECT_EQ(plain_key.find(std::string(" ") + r.key + "="), std::string::npos);
    }
    if (std::string(r.flag) != "--paper") {
      EXPECT_FALSE(has(plain_child, name)) << joined(plain_child);
    }
  }
}

TEST(OptionTable, FlagsKeysAndStudioNamesAreEachGivenOnce) {
  std::set<std::string> flags, keys, json;
  for (const OptionRow& r : option_rows()) {
    EXPECT_TRUE(flags.insert(long_name(r)).second) << r.flag;
    EXPECT_TRUE(keys.insert(r.key).second) << r.key;
    if (*r.json) {
      EXPECT_TRUE(json.insert(r.json).second) << r.json;
    }
    EXPECT_NE(r.commands, 0u) << r.flag;
  }
}

// Each command's --help lists each row that command takes, and no row it does not.
TEST(OptionTable, EachCommandsHelpListsItsRows) {
  const std::pair<const char*, unsigned> commands[] = {
      {"build", kBuildCmd}, {"watch", kWatchCmd}, {"check", kCheckCmd}, {"preview", kPreviewCmd}};
  for (const auto& [command, bit] : commands) {
    const testing::Run r = testing::run_cardstock({command, "--help"});
    ASSERT_EQ(r.status, 0) << r.err;
    for (const OptionRow& row : option_rows()) {
      const bool listed = r.out.find("  " + std::string(row.flag)) != std::string::npos;
      EXPECT_EQ(listed, (row.commands & bit) != 0) << command << " --help and " << row.flag << ":\n" << r.out;
    }
  }
}

// Issue 47: `check -q` works as `build -q` does: diagnostics only, no summary line.
TEST(OptionTable, CheckQuietSaysOnlyTheDiagnostics) {
  const std::filesystem::path dir = testing::fresh_dir("check-quiet");
  testing::write_with_folders(dir / "g.yaml", testing::one_card_game("Hello"));
  const testing::Run loud = testing::run_cardstock({"check", "g.yaml"}, dir.string());
  ASSERT_EQ(loud.status, 0) << loud.err;
  EXPECT_NE(loud.out, "");
  const testing::Run quiet = testing::run_cardstock({"check", "-q", "g.yaml"}, dir.string());
  EXPECT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(quiet.err, loud.err);
  // A problem is still said, and still fails.
  testing::write_with_folders(dir / "bad.yaml", testing::one_card_game("Hello").substr(7));
  const testing::Run bad = testing::run_cardstock({"check", "-q", "bad.yaml"}, dir.string());
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "bad.yaml:2:1: error: missing required key 'game' in game\n"
                     "bad.yaml: 1 error(s), 0 warning(s); check failed\n");
}

}  // namespace cardstock
