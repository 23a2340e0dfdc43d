#include "base/length.h"

#include <gtest/gtest.h>

namespace cardstock {

TEST(Length, ParsesEveryUnitToPoints) {
  std::string err;
  EXPECT_DOUBLE_EQ(parse_length("2.5in", &err)->pt, 180);
  EXPECT_NEAR(parse_length("63.5mm", &err)->pt, 180, 1e-9);
  EXPECT_NEAR(parse_length("6.35cm", &err)->pt, 180, 1e-9);
  EXPECT_DOUBLE_EQ(parse_length("12pt", &err)->pt, 12);
  EXPECT_DOUBLE_EQ(parse_length("0", &err)->pt, 0);
  EXPECT_NEAR(Length::mm(88.9).in_inches(), 3.5, 1e-12);
}

TEST(Length, RejectsNumbersWithoutUnitsAndGarbage) {
  std::string err;
  EXPECT_FALSE(parse_length("12", &err));
  EXPECT_EQ(err, "length '12' needs a unit (mm, cm, in or pt)");
  EXPECT_FALSE(parse_length("big", &err));
  EXPECT_EQ(err, "'big' is not a length (expected e.g. 63.5mm, 2.5in, 12pt)");
  EXPECT_FALSE(parse_length("12 px", &err));
  EXPECT_FALSE(parse_length("mm", &err));
  EXPECT_FALSE(parse_length("nanmm", &err));
}

TEST(Length, PercentagesResolveAgainstTheReference) {
  std::string err;
  auto r = parse_rel_length("50%", &err);
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(r->resolve(Length{180}).pt, 90);
  EXPECT_DOUBLE_EQ(parse_rel_length("1in", &err)->resolve(Length{180}).pt, 72);
  EXPECT_FALSE(parse_rel_length("x%", &err));
}

TEST(Length, FormatsShortStableNumbers) {
  EXPECT_EQ(format_number(180), "180");
  EXPECT_EQ(format_number(63.5), "63.5");
  EXPECT_EQ(format_number(-0.00001), "0");
  EXPECT_EQ(format_number(1.0 / 3), "0.3333");
}

}  // namespace cardstock
