#include "checks.h"

#include <gtest/gtest.h>

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
