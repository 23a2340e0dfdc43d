#include "model/checks.h"

#include <gtest/gtest.h>

#include "layout/layout.h"
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
        - {name: Marduk, kind: god, regions: [mesopotamia]}
    unrelated:
      - {field: map, fact: regions}
      - {field: period, fact: periods, except: {kind: [place, god]}}
    cards:
      - {id: m1, name: Moses, map: mesopotamia, period: 9th century}
      - {id: m2, name: Marduk, map: egypt, period: 2nd millennium}
      - {id: m3, name: Moses, map: egypt, period: 2nd millennium}
      - {id: m4, name: Mosses, map: mesopotamia, period: 1st century}
)";

// Replaces the one occurrence of `from` in `text` (the test fails if there is none).
void sub(std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
}

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


// A card may break its rule on purpose (the rulebook's "few exceptions") when the rule
// lists it in `allow` with a reason; an exception that is no longer needed, or that names
// no card, is an error, so the list cannot go stale.
TEST(Checks, DeclaredExceptionsAreAllowedAndReportedWhenNotNeeded) {
  std::string y = kDeck;
  const std::string rule = "      - {field: map, fact: regions}\n";
  sub(y, rule,
            "      - field: map\n"
            "        fact: regions\n"
            "        allow:\n"
            "          - {card: m3, reason: the rulebook's own example}\n");
  sub(y, "m3, name: Moses, map: egypt, period: 2nd millennium",
            "m3, name: Moses, map: egypt, period: 9th century");
  sub(y, "{id: m4, name: Mosses", "{id: m4, name: Moses");
  EXPECT_EQ(check(y), "");
  // m3 moved to a map that is not Moses's: the exception is stale.
  std::string moved = y;
  sub(moved, "m3, name: Moses, map: egypt", "m3, name: Moses, map: mesopotamia");
  sub(moved, "egypt: 2, mesopotamia: 2", "egypt: 1, mesopotamia: 3");
  EXPECT_EQ(check(moved),
            "t.yaml:22:13: error: the exception for card 'm3' is not needed: its map "
            "'mesopotamia' is not one of the regions of 'Moses'; remove it from 'allow'\n");
  std::string unknown = y;
  sub(unknown, "{card: m3,", "{card: m9,");
  EXPECT_EQ(check(unknown),
            "t.yaml:27:9: error: card 'm3': its map 'egypt' is one of the regions of 'Moses' "
            "(egypt); the InfoBits on one card must not belong together\n"
            "t.yaml:22:13: error: 'allow' names no card 'm9' in deck 'd' (did you mean 'm1'?)\n");
}

// The facts are what the answer key prints: a value no card shows (a typo, or the 11th
// century in a game whose cards say 2nd millennium), a name on no card, and values a
// rule says never make a match (a god's periods) are all errors at the entry.
TEST(Checks, FactsListOnlyWhatTheCardsAndRulesAllow) {
  std::string y = kDeck;
  sub(y, "regions: [egypt], periods: [2nd millennium]}",
            "regions: [egypt, syria-palestin], periods: [2nd millennium]}");
  sub(y, "{name: Marduk, kind: god, regions: [mesopotamia]}",
            "{name: Marduk, kind: god, regions: [mesopotamia], periods: [9th century]}\n"
            "        - {name: Aaron, kind: person, regions: [egypt], periods: [2nd millennium]}");
  const std::string out = check(y);
  EXPECT_NE(out.find("t.yaml:16:11: error: fact entry 'Moses': its regions list 'syria-palestin', "
                     "which no card's map shows\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("t.yaml:17:11: error: fact entry 'Marduk' lists periods, but the rule at "
                     "t.yaml:21:9 says an entry with kind 'god' never matches by its periods; "
                     "leave them out (the answer key prints '\u2014')\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("t.yaml:18:11: error: fact entry 'Aaron' names no card of deck 'd'; the "
                     "answer key lists only names on the cards\n"),
            std::string::npos)
      << out;
}

// The answer key comes from the same rule `check` uses: an entry the rule excepts shows
// the rule's note, never values a player could take for a match, and values print
// through the deck's `names`.
TEST(Checks, AnswerKeyFollowsTheMatchRules) {
  std::string y = kDeck;
  sub(y, "    unrelated:",
            "    names: {egypt: Egypt, mesopotamia: Mesopotamia}\n"
            "    answer_key: {columns: [name, kind, regions, periods]}\n"
            "    unrelated:");
  sub(y, "except: {kind: [place, god]}}",
            "except: {kind: [place, god]}, note: never matches a time}");
  Diagnostics d;
  auto g = parse_game(y, "t.yaml", ".", testing::shipped_templates(), d);
  ASSERT_TRUE(g) << d.str();
  const AnswerKeyTable k = answer_key_rows(g->decks[0]);
  EXPECT_EQ(k.header, (std::vector<std::string>{"Name", "Kind", "Regions", "Periods"}));
  ASSERT_EQ(k.rows.size(), 2u);
  EXPECT_EQ(k.rows[0], (std::vector<std::string>{"Marduk", "god", "Mesopotamia", "never matches a time"}));
  EXPECT_EQ(k.rows[1], (std::vector<std::string>{"Moses", "person", "Egypt", "2nd millennium"}));
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

// Extra tiles beside a board (trade tiles): from another hex deck of the same size, each
// against a side of a board tile, on a free spot; the layout makes room for them.
namespace {
const char* kExtras = R"(
  - id: trade
    card: hex-tile
    stocks: [hex-tile-letter]
    face: face
    cards:
      - {id: any, count: 2, name: A}
      - {id: hay, name: H}
)";
const char* kExtraRows = R"(    extras:
      - {deck: trade, card: any, beside: h1, side: nw}
      - {deck: trade, card: hay, beside: h2, side: e}
      - {deck: trade, card: any, beside: o1, side: se}
)";
std::string with_extras(const std::string& rows = kExtraRows) {
  std::string y = swap(kBoard, "boards:\n", std::string(kExtras).substr(1) + "boards:\n");
  return y + rows;
}
}  // namespace

TEST(Boards, ExtraTilesLieBesideTheBoard) {
  EXPECT_EQ(check_boards(with_extras()), "");
  Diagnostics d;
  auto g = parse_game(with_extras(), "b.yaml", ".", testing::shipped_templates(), d);
  ASSERT_TRUE(g) << d.str();
  const Board& b = g->boards[0];
  const auto extras = board_extra_cells(b);
  ASSERT_EQ(extras.size(), 3u);
  EXPECT_EQ(extras[0].row, -1);  // above h1 (row 0, x2 1), half a tile to the left
  EXPECT_EQ(extras[0].x2, 0);
  EXPECT_EQ(extras[1].row, 1);   // right of h2 (row 1, x2 4)
  EXPECT_EQ(extras[1].x2, 6);
  // The layout makes room: the board and its extras span 4 tiles across and 5 rows.
  BoardLayout bl = layout_board(b, 100, 115.47, {0, 0, 1000, 1000});
  ASSERT_EQ(bl.extras.size(), 3u);
  EXPECT_NEAR(bl.extras[1].x - bl.tiles[4].x, 100, 1e-9);  // h2 is tiles[4]: one tile right
  EXPECT_NEAR(bl.extras[1].y, bl.tiles[4].y, 1e-9);
  EXPECT_NEAR(bl.tiles[0].y - bl.extras[0].y, 0.75 * 115.47, 1e-9);
  // Placements: board tiles from the board's deck, extras from theirs (first copy).
  const auto pl = board_placements(*g, b, bl);
  ASSERT_EQ(pl.size(), 10u);
  EXPECT_EQ(pl[0].deck, -1);
  EXPECT_EQ(pl[7].deck, 1);
  EXPECT_EQ(pl[7].slot, 0u);  // 'any', first copy
  EXPECT_EQ(pl[8].slot, 2u);  // 'hay' follows the two copies of 'any'
}

TEST(Boards, ExtraTilesMustBeBesideTheBoardOnAFreeSpotAndAllPlaced) {
  EXPECT_EQ(check_boards(with_extras("    extras:\n"
                                     "      - {deck: trade, card: any, beside: h1, side: e}\n"
                                     "      - {deck: trade, card: hay, beside: h9, side: e}\n"
                                     "      - {deck: trades, card: any, beside: o1, side: se}\n"
                                     "      - {deck: trade, card: hat, beside: o1, side: se}\n")),
            "b.yaml:37:9: error: board 'demo': extra tile 'any' lies on a spot another tile already "
            "takes (side 'e' of 'h1')\n"
            "b.yaml:38:9: error: board 'demo': extra tile 'hay' lies beside 'h9', which is not on the "
            "board (did you mean 'h1'?)\n"
            "b.yaml:39:9: error: board 'demo': extra tile 'any': unknown deck 'trades' (did you mean "
            "'trade'?)\n"
            "b.yaml:40:9: error: board 'demo': deck 'trade' has no tile 'hat' (did you mean 'hay'?)\n"
            "b.yaml:27:5: error: board 'demo' leaves out tile 'any' of deck 'trade'\n"
            "b.yaml:27:5: error: board 'demo' leaves out tile 'hay' of deck 'trade'\n");
  EXPECT_EQ(check_boards(with_extras("    extras:\n"
                                     "      - {deck: trade, card: any, beside: h1, side: north}\n")),
            "b.yaml:37:52: error: 'side' must be 'ne', 'e', 'se', 'sw', 'w' or 'nw', not 'north'\n"
            "b.yaml:27:5: error: board 'demo' leaves out tile 'any' of deck 'trade'\n"
            "b.yaml:27:5: error: board 'demo' leaves out tile 'hay' of deck 'trade'\n");
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
