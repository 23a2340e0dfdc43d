#include "load/schema.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "base/input_limits.h"
#include "test_util.h"

namespace cardstock {

TEST(Schema, DidYouMeanFindsTyposButNotStrangers) {
  EXPECT_EQ(did_you_mean("sise", {"size", "font", "text"}), " (did you mean 'size'?)");
  EXPECT_EQ(did_you_mean("stroke_widht", {"stroke", "stroke_width"}),
            " (did you mean 'stroke_width'?)");
  EXPECT_EQ(did_you_mean("zzz", {"size", "font"}), "");
  EXPECT_EQ(did_you_mean("x", {"y", "w"}), " (did you mean 'y'?)");
}

TEST(Schema, EveryKeyIsInTheJsonSchema) {
  const std::string js = json_schema();
  for (const Schema* s : {&Schemas::game(), &Schemas::deck(), &Schemas::design(),
                          &Schemas::card(), &Schemas::expect(), &Schemas::facts(),
                          &Schemas::unrelated(), &Schemas::answer_key()})
    for (const auto& f : s->fields)
      EXPECT_NE(js.find("\"" + f.name + "\": {"), std::string::npos) << s->name << "." << f.name;
  for (const auto& t : Schemas::layer_types())
    for (const auto& f : Schemas::layer(t).fields)
      EXPECT_NE(js.find("\"" + f.name + "\": {"), std::string::npos) << t << "." << f.name;
}

// Like Squib's spec that every option is documented: the format guide must name every
// key the schema tables accept, so the docs cannot fall behind the code.
TEST(Schema, EveryKeyIsDocumentedInTheFormatGuide) {
  std::ifstream in(testing::source_dir() + "/docs/format.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  ASSERT_FALSE(doc.empty());
  for (const Schema* s : Schemas::all())
    for (const auto& f : s->fields) {
      const bool as_key = doc.find(f.name + ":") != std::string::npos;
      const bool as_code = doc.find("`" + f.name + "`") != std::string::npos;
      EXPECT_TRUE(as_key || as_code) << "docs/format.md does not mention " << s->name << "."
                                     << f.name;
    }
}

TEST(Schema, ValidateReportsEnumValuesWithSuggestion) {
  Diagnostics d;
  YAML::Node n = YAML::Load("type: text\ntext: hi\nalign: centre\n");
  validate(n, Schemas::layer("text"), "x.yaml", d);
  EXPECT_EQ(d.str(),
            "x.yaml:3:8: error: 'align' must be 'left', 'center', 'right' or 'justify', not "
            "'centre' (did you mean 'center'?)\n");
}

TEST(Schema, ValidateCollectsEveryProblemNotJustTheFirst) {
  Diagnostics d;
  YAML::Node n = YAML::Load("type: text\nsize: 12\nshrink: maybe\ncolour: red\n");
  validate(n, Schemas::layer("text"), "x.yaml", d);
  EXPECT_EQ(d.str(),
            "x.yaml:2:7: error: 'size' must be a length with a unit (mm, cm, in or pt), not '12'\n"
            "x.yaml:3:9: error: 'shrink' must be true or false, not 'maybe'\n"
            "x.yaml:4:1: error: unknown key 'colour' in text layer (did you mean 'color'?)\n"
            "x.yaml:1:1: error: missing required key 'text' in text layer\n");
}

TEST(Schema, DefaultsComeFromTheTable) {
  YAML::Node n = YAML::Load("type: text\ntext: hi\n");
  Reader r(n, Schemas::layer("text"), "x.yaml");
  EXPECT_DOUBLE_EQ(r.length("size").pt, 10);
  EXPECT_DOUBLE_EQ(r.length("min_size").pt, 6);
  EXPECT_TRUE(r.boolean("shrink"));
  EXPECT_EQ(r.str("font"), "Noto Sans");
  EXPECT_TRUE(r.rel_length("w").percent);
  EXPECT_DOUBLE_EQ(r.rel_length("w").value, 100);
}

}  // namespace cardstock

namespace cardstock {

// Every input limit is stated in docs/format.md, with the value the code uses.
TEST(Docs, FormatListsEveryInputLimit) {
  std::ifstream in(testing::source_dir() + "/docs/format.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  for (const auto& l : input_limits())
    EXPECT_NE(doc.find("| " + l.what + " | " + l.value + " |"), std::string::npos) << l.what << ": " << l.value;
}

// The ids that name files: exactly the rule the docs state.
TEST(Schema, FileNamesArePlainComponents) {
  std::string why;
  for (const std::string& ok : {std::string("a"), std::string("cards"), std::string("poker-3x3-letter"),
                                std::string("A_b.c"), std::string("x1"), std::string(64, 'x')})
    EXPECT_TRUE(valid_file_name(ok, &why)) << ok << ": " << why;
  const std::pair<std::string, std::string> bad[] = {
      {"", "it is empty"},
      {std::string(65, 'x'), "it is 65 characters long"},
      {"a/b", "it contains '/'"},
      {"..", "it names a folder, not a file"},
      {".", "it names a folder, not a file"},
      {".x", "it starts with '.' (a hidden file)"},
      {"a b", "it contains a space"},
      {"a\tb", "it contains the byte 0x09"},
      {std::string("a\0b", 3), "it contains the byte 0x00"},
      {"\xc3\xa9t\xc3\xa9", "it contains '\xc3\xa9' (only ASCII letters are allowed)"},
      {"a:b", "it contains ':'"},
      {"C:\\x", "it contains ':'"},
  };
  for (const auto& [name, want] : bad) {
    EXPECT_FALSE(valid_file_name(name, &why)) << name;
    EXPECT_EQ(why, want) << name;
  }
}

}  // namespace cardstock
