// find_unclosed: the opening bracket or quote of a YAML mistake, and no false alarm on
// the many ways quotes and brackets appear legitimately.
#include "load/yaml/yaml_syntax.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "test_util.h"

namespace cardstock {

namespace {

std::string where(const std::string& text) {
  auto u = find_unclosed(text);
  return u ? std::to_string(u->line) + ":" + std::to_string(u->col) + " " + u->open : "none";
}

}  // namespace

TEST(YamlSyntax, FindsTheOpeningThatIsNeverClosed) {
  EXPECT_EQ(where("a: [1, 2\nb: 3\n"), "1:4 [");
  EXPECT_EQ(where("a:\n  - {id: d, cards: []\n  - {id: e}\n"), "2:5 {");
  EXPECT_EQ(where("a: \"text\nb: 1\n"), "1:4 \"");
  EXPECT_EQ(where("a: 'it''s\nb: 1\n"), "1:4 '");
  EXPECT_EQ(where("a: [x, {b: [1, 2]}, [3\n"), "1:21 [");
  EXPECT_EQ(where("- &anchor [1, 2\n"), "1:11 [");
  EXPECT_EQ(where("k: !!str \"x\n"), "1:10 \"");
}

TEST(YamlSyntax, NoFalseAlarms) {
  for (const char* ok : {
           "title: it's here\n",
           "title: a \"quoted\" word inside a plain text\n",
           "title: a[1] and b{2}\n",
           "text: |\n  a [ never closed, inside a block scalar\n  and a \" too\nnext: 1\n",
           "text: >-\n  folded ' text {\n\nnext: [1]\n",
           "# a comment with [ and \" and '\nk: v # another [ {\n",
           "k: \"escaped \\\" quote\"\n",
           "k: 'doubled '' quote'\n",
           "k: \"multi\n  line\"\n",
           "- [a, 'b', \"c\", {d: e, f: [g]}]\n",
           "a: &x [1, 2]\nb: *x\n",
           "url: http://example.com/#frag\n",
           "k: a#b\n",
           "\"quoted key\": [1]\n",
           "? complex\n: value\n",
           "k: v, w \"x\n",
       })
    EXPECT_EQ(where(ok), "none") << ok;
}

// The shipped games and templates are valid YAML: the scan must agree.
TEST(YamlSyntax, ShippedFilesAreClean) {
  for (const char* f : {"content/echad.yaml", "content/dayenu.yaml", "content/unity.yaml", "content/prophets.yaml",
                        "templates/fonts.yaml", "templates/cards.yaml", "templates/papers.yaml"}) {
    std::ifstream in(testing::source_dir() + "/" + f);
    std::stringstream ss;
    ss << in.rdbuf();
    ASSERT_FALSE(ss.str().empty()) << f;
    EXPECT_EQ(where(ss.str()), "none") << f;
  }
}

}  // namespace cardstock
