#include <gtest/gtest.h>

#include <random>
#include <string>

#include "base/json.h"

namespace cardstock {

// json_quote writes plain ASCII itself: every such string must come out as nlohmann's
// dump writes it, and the others as before (escapes, UTF-8, bytes that are not UTF-8).
TEST(JsonQuote, WritesEveryStringAsTheLibraryWould) {
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::string s(rng() % 12, ' ');
    for (char& c : s) c = static_cast<char>(rng() % 2 ? 0x20 + rng() % 95 : rng() % 128);
    EXPECT_EQ(json_quote(s), Json(s).dump()) << s;
  }
  EXPECT_EQ(json_quote("Abraham 1"), "\"Abraham 1\"");
  EXPECT_EQ(json_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_quote("tab\there"), "\"tab\\there\"");
  EXPECT_EQ(json_quote("del\x7f"), "\"del\x7f\"");
  EXPECT_EQ(json_quote("\xd7\x90"), "\"\xd7\x90\"");  // Hebrew alef, as it is
  EXPECT_EQ(json_quote("caf\xe9"), "\"caf\\\\xE9\"");  // Latin-1: the byte escaped
}

}  // namespace cardstock
