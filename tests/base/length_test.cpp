#include "base/length.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

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

// printf's %.*f (an independent exact rounding), trailing zeros and "-0" dropped as
// format_number drops them.
std::string printf_reference(double v, int digits) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

// format_number takes a short way for most numbers: it must give the exact rounding's
// text for every one, near halves, ties and huge values included.
TEST(Length, FormatNumberAgreesWithExactRoundingEverywhere) {
  std::mt19937_64 rng(20261127);
  std::uniform_real_distribution<double> unit(-1, 1);
  size_t checked = 0;
  auto check = [&](double v, int digits) {
    ASSERT_EQ(format_number(v, digits), printf_reference(v, digits)) << "v=" << std::hexfloat << v << " digits=" << digits;
    ++checked;
  };
  for (int digits = 0; digits <= 9; ++digits) {
    for (double scale : {1e-9, 1e-4, 1.0, 72.0, 612.0, 1e4, 1e6, 1e8, 1e9, 1e12, 1e17})
      for (int i = 0; i < 20000; ++i) check(unit(rng) * scale, digits);
    // Halves at this many digits, and their neighbours: where the short way must step aside.
    const double p = std::pow(10.0, digits);
    for (int i = 0; i < 20000; ++i) {
      const double half = (std::floor(unit(rng) * 1e6) + 0.5) / p;
      check(half, digits);
      check(std::nextafter(half, 1e300), digits);
      check(std::nextafter(half, -1e300), digits);
    }
  }
  for (double v : {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1e-300, -1e-300, 123456789.123456789,
                   std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min()})
    for (int digits = 0; digits <= 9; ++digits) check(v, digits);
  EXPECT_GT(checked, 2500000u);
}

}  // namespace cardstock
