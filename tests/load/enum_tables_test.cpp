// The enum tables of model/enums.h: the schema's allowed values are theirs, and every
// choice a layer takes is applied the same whether a design writes it or a card's
// {field} gives it (a per-card value that layout ignored would keep the default).
#include "model/enums.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "layout/layout.h"
#include "load/load.h"
#include "load/schema/schema.h"
#include "test_util.h"

namespace cardstock {

namespace {

TEST(EnumTables, LookUpBothWays) {
  EXPECT_EQ(enum_value(kAlignNames, "justify"), Align::Justify);
  EXPECT_EQ(enum_value(kAlignNames, "centre"), std::nullopt);
  EXPECT_EQ(enum_name(kCutStyleNames, CutStyle::None), "none");
  EXPECT_EQ(enum_names(kFitNames), (std::vector<std::string>{"contain", "cover", "stretch"}));
  static_assert(*enum_value(kHexSideNames, "sw") == HexStep{1, -1});
}

// Every choice key of every layer type takes the schema's names, and each sets the layer
// (the placement keys, anchor and a stack's own, are fixed in the design: never per card).
TEST(EnumTables, LayerChoicesAreTheSchemas) {
  for (const auto& type : Schemas::layer_types())
    for (const Field& f : Schemas::layer(type).fields) {
      if (f.kind != Kind::Enum || !f.per_card) continue;
      EXPECT_EQ(layer_choice_names(f.name), f.choices) << type << "." << f.name;
      for (const auto& c : f.choices) {
        Layer l;
        EXPECT_TRUE(set_layer_choice(l, f.name, c)) << type << "." << f.name << ": " << c;
      }
    }
  Layer l;
  EXPECT_FALSE(set_layer_choice(l, "align", "centre"));
  EXPECT_FALSE(set_layer_choice(l, "size", "12pt"));
  EXPECT_EQ(layer_choice_names("size"), std::vector<std::string>{});
}

// What a choice changes in a card's resolved art.
std::string choices_of(const ArtItem& a) {
  std::ostringstream o;
  o << "rotate " << a.rotate << " bold " << a.style.bold << " italic " << a.style.italic << " align "
    << enum_name(kAlignNames, a.style.align) << " rtl " << a.style.rtl << " valign "
    << enum_name(kVAlignNames, a.valign) << " fit " << enum_name(kFitNames, a.fit);
  return o.str();
}

// The one item of the resolved art of the one card of a game whose design has the one
// layer `layer` (a YAML flow map), described by `describe`; the card's field `v` is `field`.
template <class Describe>
std::string one_layer(const std::string& dir, const std::string& layer, const std::string& field,
                      Describe describe) {
  const std::string yaml = "game: t\ntitle: T\ndesigns:\n  face:\n    layers:\n      - " + layer +
                           "\ndecks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n"
                           "    cards: [{v: \"" + field + "\"}]\n";
  Diagnostics d;
  auto g = parse_game(yaml, "t.yaml", dir, testing::shipped_templates(), d);
  if (!g || d.has_errors()) return "does not load: " + d.str();
  FixedMeasurer m;
  const CardArt art = resolve_card(*g, g->decks[0], g->decks[0].cards[0], g->designs.at("face"), m, d);
  if (d.has_errors() || art.items.size() != 1) return "does not resolve: " + d.str();
  return describe(art.items[0]);
}

// The choices of the one card's art, its design's one `type` layer having `key: written`.
std::string art_of(const std::string& dir, const std::string& type, const std::string& key,
                   const std::string& written, const std::string& field) {
  const std::string shown = type == "text"    ? "text: hi, "
                            : type == "image" ? "src: p.svg, "
                            : type == "line"  ? "stroke: \"#000\", "
                                              : "";
  return one_layer(dir, "{type: " + type + ", " + shown + key + ": \"" + written + "\"}", field, choices_of);
}

// Whether a too-long text shrank, for `shrink` given `written` in the design.
std::string shrink_of(const std::string& dir, const std::string& written, const std::string& field) {
  return one_layer(dir,
                   "{type: text, text: \"a sentence far too long for its box\", w: 12mm, h: 5mm, size: 12pt, "
                   "min_size: 3pt, shrink: \"" + written + "\"}",
                   field, [](const ArtItem& a) { return a.style.size < 12 ? "shrank" : "kept its size"; });
}

// Each choice of each layer key, written in the design and given by a card's {field},
// draws the same; and every one but the default differs from the default (so a value
// that was dropped would show).
TEST(EnumTables, PerCardChoicesAreApplied) {
  const std::string dir = testing::fresh_dir("enum-per-card").string();
  std::ofstream(dir + "/p.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>";
  int checked = 0;
  for (const auto& type : Schemas::layer_types())
    for (const Field& f : Schemas::layer(type).fields) {
      if (f.kind != Kind::Enum || !f.per_card) continue;
      const std::string def = art_of(dir, type, f.name, f.def, "");
      for (const auto& c : f.choices) {
        const std::string written = art_of(dir, type, f.name, c, "");
        EXPECT_EQ(art_of(dir, type, f.name, "{v}", c), written) << type << "." << f.name << ": " << c;
        if (c != f.def) {
          EXPECT_NE(written, def) << type << "." << f.name << ": " << c;
        }
        ++checked;
      }
    }
  EXPECT_EQ(checked, 36);  // 4 rotations of 5 layer types, and the text and image choices
}

// Every word the schema reads as a boolean (YAML 1.1's True, YES, On, off...) means the
// same from a card's {field} as written in the design: a per-card `shrink: True` was
// read as false, in silence.
TEST(EnumTables, PerCardBooleansTakeEveryWordTheSchemaDoes) {
  const std::string dir = testing::fresh_dir("bool-per-card").string();
  ASSERT_EQ(shrink_of(dir, "true", ""), "shrank");
  ASSERT_EQ(shrink_of(dir, "false", ""), "kept its size");
  for (const std::string w : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "false", "False", "FALSE",
                              "no", "No", "NO", "off", "Off", "OFF"})
    EXPECT_EQ(shrink_of(dir, "{v}", w), shrink_of(dir, w, "")) << w;
}

}  // namespace

}  // namespace cardstock
