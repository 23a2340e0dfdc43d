#include "checks.h"

#include <gtest/gtest.h>

#include "layout.h"
#include "test_util.h"

namespace cardstock {

namespace {

const char* kDeck = R"(game: t
title: T
designs:
  face:
    layers: [{type: text, text: "{name}"}]
decks:
  - id: d
    face: face
    expect:
      total: 4
      by: map
      counts: {egypt: 2, mesopotamia: 2}
    facts:
      key: name
      entries:
        - {name: Moses, kind: person, regions: [egypt], periods: [2nd millennium]}
        - {name: Marduk, kind: god, regions: [mesopotamia], periods: [2nd millennium]}
    unrelated:
      - {field: map, fact: regions}
      - {field: period, fact: periods, except: {kind: [place, god]}}
    cards:
      - {id: m1, name: Moses, map: mesopotamia, period: 9th century}
      - {id: m2, name: Marduk, map: egypt, period: 2nd millennium}
      - {id: m3, name: Moses, map: egypt, period: 2nd millennium}
      - {id: m4, name: Mosses, map: mesopotamia, period: 1st century}
)";

std::string check(const std::string& yaml) {
  Diagnostics d;
  auto g = parse_game(yaml, "t.yaml", ".", testing::shipped_templates(), d);
  if (!g) return d.str();
  for (const auto& deck : g->decks) check_deck(deck, d);
  return d.str();
}

}  // namespace

TEST(Checks, InfoBitsThatBelongTogetherAreErrorsAtTheCard) {
  // m2: a god's period is never matched, so only m3 (both map and period) and the
  // unknown name m4 are wrong.
  EXPECT_EQ(check(kDeck),
            "t.yaml:24:9: error: card 'm3': its map 'egypt' is one of the regions of 'Moses' "
            "(egypt); the InfoBits on one card must not belong together\n"
            "t.yaml:24:9: error: card 'm3': its period '2nd millennium' is one of the periods of "
            "'Moses' (2nd millennium); the InfoBits on one card must not belong together\n"
            "t.yaml:25:24: error: card 'm4': 'Mosses' has no entry in the facts table (did you "
            "mean 'Moses'?)\n");
}

TEST(Checks, CountsThatDoNotAddUpNameTheExpectLine) {
  std::string y = kDeck;
  y.replace(y.find("total: 4"), 8, "total: 5");
  y.replace(y.find("egypt: 2"), 8, "egypt: 3");
  const std::string out = check(y);
  EXPECT_NE(out.find("t.yaml:10:14: error: deck 'd' has 4 cards, but 'expect' says 5\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("t.yaml:12:23: error: deck 'd' has 2 cards with map 'egypt', but 'expect' "
                     "says 3\n"),
            std::string::npos)
      << out;
}

TEST(Checks, UnlistedGroupValueIsReported) {
  std::string y = kDeck;
  y.replace(y.find("map: mesopotamia, period: 1st"), 16, "map: mesopotamla");
  const std::string out = check(y);
  EXPECT_NE(out.find("t.yaml:10:7: error: deck 'd' has 1 card with map 'mesopotamla', which "
                     "'expect.counts' does not list (did you mean 'mesopotamia'?)\n"),
            std::string::npos)
      << out;
}

}  // namespace cardstock

namespace cardstock {

namespace {

// A seven-tile board: one row of 2, one of 3, one of 2.
const char* kBoard = R"(game: b
title: B
designs:
  face:
    layers: [{type: text, text: "{name}"}]
decks:
  - id: tiles
    card: hex-tile
    stocks: [hex-tile-letter]
    face: face
    cards:
      - {id: t, kind: tribe, resource: "", name: T}
      - {id: h1, kind: resource, resource: Hay, name: H}
      - {id: h2, kind: resource, resource: Hay, name: H}
      - {id: w1, kind: resource, resource: Water, name: W}
      - {id: s1, kind: resource, resource: Sheep, name: S}
      - {id: s2, kind: resource, resource: Sheep, name: S}
      - {id: o1, kind: resource, resource: Oil, name: O}
boards:
  - id: demo
    deck: tiles
    rows:
      - [h1, s1]
      - [w1, t, h2]
      - [s2, o1]
    apart: [resource]
    touch:
      - {tiles: {kind: tribe}, neighbour: resource, includes: [Hay, Water]}
)";

std::string check_boards(const std::string& yaml) {
  Diagnostics d;
  auto g = parse_game(yaml, "b.yaml", ".", testing::shipped_templates(), d);
  if (!g) return d.str();
  for (const auto& deck : g->decks) check_deck(deck, d);
  for (const auto& b : g->boards) check_board(*g, b, d);
  return d.str();
}

std::string swap(std::string s, const std::string& from, const std::string& to) {
  s.replace(s.find(from), from.size(), to);
  return s;
}

}  // namespace

TEST(Boards, AGoodBoardPasses) { EXPECT_EQ(check_boards(kBoard), ""); }

TEST(Boards, SameResourceTouchingIsAnError) {
  EXPECT_EQ(check_boards(swap(swap(kBoard, "[w1, t, h2]", "[w1, t, s2]"), "[s2, o1]", "[h2, o1]")),
            "b.yaml:24:17: error: board 'demo': 's1' and 's2' touch, but tiles with the same "
            "resource ('Sheep') must be apart\n");
}

TEST(Boards, TribeWithoutWaterIsAnError) {
  EXPECT_EQ(check_boards(swap(swap(kBoard, "[w1, t, h2]", "[t, o1, h2]"), "[s2, o1]", "[s2, w1]")),
            "b.yaml:24:10: error: board 'demo': tribe tile 't' touches no tile with resource "
            "'Water' (rule at b.yaml:28:9)\n");
}

TEST(Boards, RowsMustDifferByOneAndEveryTileMustBePlacedOnce) {
  EXPECT_EQ(check_boards(swap(kBoard, "      - [s2, o1]\n", "      - [s2, o1, h1]\n")),
            "b.yaml:25:10: error: board 'demo': row 3 has 3 tiles and row 2 has 3; neighbouring "
            "rows must differ by one tile\n"
            "b.yaml:25:18: error: board 'demo': tile 'h1' is placed more often than the deck "
            "prints it (1)\n");
  EXPECT_EQ(check_boards(swap(kBoard, "[s2, o1]", "[s2, oil]")),
            "b.yaml:25:14: error: board 'demo': deck 'tiles' has no tile 'oil'\n"
            "b.yaml:20:5: error: board 'demo' leaves out tile 'o1'\n");
}

TEST(Boards, BoardOfANonHexDeckIsRefused) {
  std::string y = swap(kBoard, "    card: hex-tile\n    stocks: [hex-tile-letter]\n", "");
  EXPECT_EQ(check_boards(y), "b.yaml:18:5: error: board 'demo': deck 'tiles' is not a deck of hex tiles\n");
}

TEST(Boards, CellsAndNeighboursUseHalfTileColumns) {
  Diagnostics d;
  auto g = parse_game(kBoard, "b.yaml", ".", testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  auto cells = board_cells(g->boards[0]);
  ASSERT_EQ(cells.size(), 7u);
  EXPECT_EQ(cells[0].x2, 1);  // the 2-tile rows are indented half a tile
  EXPECT_EQ(cells[2].x2, 0);
  int pairs = 0;
  for (size_t i = 0; i < cells.size(); ++i)
    for (size_t j = i + 1; j < cells.size(); ++j) pairs += board_neighbours(cells[i], cells[j]);
  EXPECT_EQ(pairs, 12);  // a 2-3-2 hexagon: 6 spokes from the centre + 6 around the rim
  BoardLayout bl = layout_board(g->boards[0], 100, 115.47, {0, 0, 1000, 1000});
  EXPECT_DOUBLE_EQ(bl.scale, 1);
  EXPECT_NEAR(bl.tiles[3].x - bl.tiles[2].x, 100, 1e-9);        // same row: one tile apart
  EXPECT_NEAR(bl.tiles[2].y - bl.tiles[0].y, 0.75 * 115.47, 1e-9);  // rows overlap a quarter
}

}  // namespace cardstock
