// Resolving each distinct card once (plan/deck_arts.h, through prepare_game): cards of
// equal design and fields share one art object, whatever their ids; cards that differ in
// a field or a design do not; and a card whose resolution says something keeps its own
// art, so every equal card says it again at its own place.
#include <gtest/gtest.h>

#include "plan/prepare.h"
#include "test_util.h"

namespace cardstock {
namespace {

const char* const kDesigns = R"(game: g
title: Shared
designs:
  face:
    layers:
      - {type: rect, x: 0, y: 0, w: 10mm, h: 10mm, fill: "{tint}"}
      - {type: text, text: "{name}", x: 2mm, y: 2mm, w: 40mm, h: 8mm, size: 10pt}
  other:
    layers: [{type: text, text: "{name}", x: 2mm, y: 2mm, w: 40mm, h: 8mm, size: 9pt}]
  back:
    layers: [{type: rect, x: 0, y: 0, w: 10mm, h: 10mm, fill: "#123456"}]
decks:
  - id: d
    face: face
    back: back
    stocks: [poker-3x3-letter]
    cards:
)";

// The game of kDesigns with `cards` (YAML list items), prepared; its diagnostics in *said.
PreparedGame prepared(const std::string& cards, std::string* said) {
  const FixedMeasurer fake;
  PreparedGame p;
  auto game = parse_game(std::string(kDesigns) + cards, "g.yaml", testing::source_dir() + "/content",
                         testing::shipped_templates(), p.diags);
  EXPECT_TRUE(game) << p.diags.str();
  if (game) {
    p.game = std::move(*game);
    prepare_game(p, testing::shipped_templates(), fake, false);
  }
  p.measurer = nullptr;  // the fake is gone
  *said = p.diags.str();
  return p;
}

TEST(DeckArts, CardsOfEqualDesignAndFieldsShareOneArtWhateverTheirIds) {
  std::string said;
  const PreparedGame p = prepared(R"(      - {id: a1, name: Alpha, tint: "#ff0000"}
      - {id: b1, name: Beta, tint: "#ff0000"}
      - {id: a2, name: Alpha, tint: "#ff0000", count: 3}
      - {id: a3, name: Alpha, tint: "#00ff00"}
      - {id: a4, name: Alpha, tint: "#ff0000", face: other}
      - {id: b2, name: Beta, tint: "#ff0000", note: "a field no design reads"}
)",
                                  &said);
  EXPECT_EQ(said, "");
  ASSERT_EQ(p.faces.size(), 1u);
  const DeckArts& faces = p.faces[0];
  ASSERT_EQ(faces.size(), 6u);
  EXPECT_EQ(faces.distinct().size(), 4u);  // Alpha red, Beta red, Alpha green, Alpha on `other`
  EXPECT_EQ(&faces[0], &faces[2]);
  EXPECT_EQ(&faces[1], &faces[5]);  // `note` is read by no design
  EXPECT_NE(&faces[0], &faces[1]);
  EXPECT_NE(&faces[0], &faces[3]);  // one field differs
  EXPECT_NE(&faces[0], &faces[4]);  // the design differs
  EXPECT_EQ(faces.number(5), 1u);
  ASSERT_EQ(faces[2].items.size(), 2u);
  EXPECT_EQ(faces[2].items[1].text, "Alpha");
  EXPECT_EQ(faces[5].items[1].text, "Beta");
  EXPECT_DOUBLE_EQ(faces[3].items[0].fill.g, 1);
  EXPECT_DOUBLE_EQ(faces[4].items[0].style.size, 9);
  // One back for all: it uses no field.
  EXPECT_EQ(p.backs[0].distinct().size(), 1u);
  EXPECT_EQ(&p.backs[0][0], &p.backs[0][5]);
}

TEST(DeckArts, EqualCardsWithAColourThatIsNoneAreOneErrorAndEachKeepsItsOwnArt) {
  std::string said;
  const PreparedGame p = prepared(R"(      - {id: a1, name: Alpha, tint: "#ff0000"}
      - {id: x1, name: Alpha, tint: mauvish}
      - {id: x2, name: Alpha, tint: mauvish}
      - {id: a2, name: Alpha, tint: "#ff0000"}
)",
                                  &said);
  EXPECT_EQ(said,
            "g.yaml:19:37: error: {tint} is not a colour on 2 cards of deck 'd': 'mauvish' on lines 19, 20; a colour "
            "is #rrggbb, a CSS colour name (green, navy...) or a name in colors: (design 'face' at g.yaml:6:9)\n");
  const DeckArts& faces = p.faces[0];
  EXPECT_EQ(&faces[0], &faces[3]);
  EXPECT_NE(&faces[1], &faces[2]);  // each is named in the message, so each keeps its own
  EXPECT_EQ(faces.distinct().size(), 3u);
}

TEST(DeckArts, AFieldEqualCardsLackIsSaidForEachAndOnceNamingEveryOne) {
  std::string said;
  prepared(R"(      - {id: a1, name: Alpha, tint: "#ff0000"}
      - {id: n1, name: Nemo}
      - {id: n2, name: Nemo}
)",
           &said);
  EXPECT_EQ(said,
            "g.yaml:6:9: error: design 'face' uses {tint}, but 2 of the 3 cards of deck 'd' ('n1', 'n2') have no "
            "field 'tint'; the cards have: name\n");
}

TEST(DeckArts, TheFieldsADesignReadsAreThoseOfEveryTemplate) {
  Design d;
  d.background = "{bg}";
  Layer l;
  l.when = "{w}";
  l.fill = "{f}";
  l.stroke = "x{s}";
  l.text = "{t} and {t} of {u}";
  l.color = "{c}";
  l.src = "img/{src}.png";
  l.bleed_colour = "{bc}";
  l.per_card.push_back({"size", "{size}pt", {}});
  d.layers = {l, Layer{}};
  EXPECT_EQ(design_fields(d), (std::vector<std::string>{"bc", "bg", "c", "f", "s", "size", "src", "t", "u", "w"}));
  d.layers[1].text = "{unclosed";
  EXPECT_EQ(design_fields(d), std::nullopt);
}

}  // namespace
}  // namespace cardstock
