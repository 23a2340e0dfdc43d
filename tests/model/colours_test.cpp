// find_colour (model/colours.h): every way a colour may be written, read one way.
#include <gtest/gtest.h>

#include "model/colours.h"

namespace cardstock {
namespace {

// The colour as #rrggbb, or "-" for none found.
std::string hex(const std::string& v, const std::map<std::string, Color>& palette = {}) {
  const auto c = find_colour(v, palette);
  if (!c) return "-";
  char out[8];
  std::snprintf(out, sizeof out, "#%02x%02x%02x", static_cast<int>(c->r * 255 + 0.5), static_cast<int>(c->g * 255 + 0.5),
                static_cast<int>(c->b * 255 + 0.5));
  return out;
}

TEST(Colours, CssNamesInAnyCaseAndThePaletteFirst) {
  EXPECT_EQ(hex("navy"), "#000080");
  EXPECT_EQ(hex(" Navy "), "#000080");
  EXPECT_EQ(hex("REBECCAPURPLE"), "#663399");
  EXPECT_EQ(hex("aliceblue"), "#f0f8ff");  // the first of the table
  EXPECT_EQ(hex("yellowgreen"), "#9acd32");  // and the last
  EXPECT_EQ(hex("grey"), hex("gray"));
  EXPECT_EQ(hex(" #2E9E44 "), "#2e9e44");
  const std::map<std::string, Color> palette = {{"green", *parse_color("#2e9e44")}};
  EXPECT_EQ(hex("Green", palette), "#2e9e44");
  EXPECT_EQ(hex("green ", palette), "#2e9e44");
  EXPECT_EQ(hex("green"), "#008000");
  EXPECT_EQ(hex("gren"), "-");
  EXPECT_EQ(hex(""), "-");
  EXPECT_EQ(hex("dark blue"), "-");
  EXPECT_EQ(css_colour_names().size(), 148u);
  EXPECT_EQ(colour_did_you_mean("Gren", palette), " (did you mean 'green'?)");
  EXPECT_EQ(colour_did_you_mean("organe", {}), " (did you mean 'orange'?)");
}

}  // namespace
}  // namespace cardstock
