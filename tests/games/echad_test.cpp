// The shipped Echad deck: complete, and no card's own InfoBits belong together.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "model/checks.h"
#include "test_util.h"

namespace cardstock {

namespace {

const Game& echad() {
  static const Game g = [] {
    Diagnostics d;
    auto g = load_game(testing::source_dir() + "/content/echad.yaml", testing::shipped_templates(), d);
    if (!g || d.has_errors()) throw std::runtime_error(d.str());
    return *g;
  }();
  return g;
}

}  // namespace

TEST(Echad, FiftyFourCardsWithDistinctNamesAndThreeInfoBits) {
  ASSERT_EQ(echad().decks.size(), 1u);
  const Deck& deck = echad().decks[0];
  EXPECT_EQ(deck.total_cards(), 54);
  std::set<std::string> names;
  for (const auto& c : deck.cards) {
    EXPECT_EQ(c.count, 1);
    for (const char* f : {"name", "map", "period"}) EXPECT_TRUE(c.fields.count(f)) << c.id << " " << f;
    names.insert(c.fields.at("name"));
    const std::string& map = c.fields.at("map");
    EXPECT_TRUE(map == "syria-palestine" || map == "egypt" || map == "mesopotamia") << map;
  }
  EXPECT_EQ(names.size(), 54u);
}

TEST(Echad, DeckPassesItsOwnChecks) {
  Diagnostics d;
  check_deck(echad().decks[0], d);
  EXPECT_EQ(d.str(), "");
}

TEST(Echad, NoCardsInfoBitsBelongTogether) {
  // Independent of check_deck: recompute from the facts table. The one deliberate
  // exception is the rulebook's own example card, Nebuchadnezzar on Syria-Palestine.
  const Deck& deck = echad().decks[0];
  ASSERT_TRUE(deck.facts);
  for (const auto& c : deck.cards) {
    const FactEntry* e = deck.facts->find(c.fields.at("name"));
    ASSERT_TRUE(e) << c.id;
    const auto& regions = e->values.at("regions");
    EXPECT_EQ(std::count(regions.begin(), regions.end(), c.fields.at("map")),
              c.id == "nebuchadnezzar" ? 1 : 0)
        << c.id;
    const std::string kind = e->values.at("kind").at(0);
    if (kind == "place" || kind == "god") continue;
    const auto& periods = e->values.at("periods");
    EXPECT_EQ(std::count(periods.begin(), periods.end(), c.fields.at("period")), 0) << c.id;
  }
}

TEST(Echad, RulebookExamplesAreInTheDeck) {
  std::set<std::string> names;
  for (const auto& c : echad().decks[0].cards) names.insert(c.fields.at("name"));
  for (const char* n : {"Nebuchadnezzar", "Hammurabi", "Zedekiah", "Baal", "Fall of Jerusalem",
                        "Fall of Samaria", "Hyksos invasion"})
    EXPECT_TRUE(names.count(n)) << n;
}

TEST(Echad, AMatchingCardFailsWithItsSourceLine) {
  std::string text;
  {
    std::ifstream in(testing::source_dir() + "/content/echad.yaml");
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  // Hammurabi was a Babylonian king: a Mesopotamia map on his card belongs together.
  const std::string from = "name: Hammurabi, map: syria-palestine";
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), "name: Hammurabi, map: mesopotamia");
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
  Diagnostics d;
  auto g = parse_game(text, "echad.yaml", ".", testing::shipped_templates(), d);
  ASSERT_TRUE(g);
  check_deck(g->decks[0], d);
  const std::string out = d.str();
  EXPECT_NE(out.find("echad.yaml:" + std::to_string(line) +
                     ":9: error: card 'hammurabi': its map 'mesopotamia' is one of the regions "
                     "of 'Hammurabi' (mesopotamia); the InfoBits on one card must not belong "
                     "together"),
            std::string::npos)
      << out;
}

TEST(Echad, OnlyTheRulebooksExampleIsAnException) {
  const Deck& deck = echad().decks[0];
  std::vector<std::string> allowed;
  for (const auto& rule : deck.unrelated)
    for (const auto& a : rule.allow) allowed.push_back(rule.field + ":" + a.card);
  EXPECT_EQ(allowed, std::vector<std::string>{"map:nebuchadnezzar"});
}

// The answer key settles challenges, so it must never show a match the rules forbid:
// places and gods are never matched to a time, and no row may list one for them.
TEST(Echad, AnswerKeyNeverShowsAForbiddenMatch) {
  const Deck& deck = echad().decks[0];
  const AnswerKeyTable key = answer_key_rows(deck);
  ASSERT_EQ(key.header, (std::vector<std::string>{"Name", "Kind", "Regions", "Periods"}));
  ASSERT_EQ(key.rows.size(), deck.facts->entries.size());
  std::set<std::string> periods;
  for (const auto& c : deck.cards) periods.insert(c.fields.at("period"));
  int places_and_gods = 0;
  for (const auto& row : key.rows) {
    if (row[1] == "place" || row[1] == "god") {
      ++places_and_gods;
      EXPECT_EQ(row[3], "never matches a time") << row[0];
      for (const auto& p : periods) EXPECT_EQ(row[3].find(p), std::string::npos) << row[0] << " " << p;
    } else {
      EXPECT_FALSE(row[3].empty()) << row[0];
    }
    // Regions print by their names, never as ids.
    for (const char* id : {"syria-palestine", "egypt", "mesopotamia"})
      EXPECT_EQ(row[2].find(id), std::string::npos) << row[0] << ": " << row[2];
  }
  EXPECT_EQ(places_and_gods, 9);
}

// Facts a teacher would accept in a challenge (issue 13): lives that cross into another
// century or millennium, and regions of significant activity.
TEST(Echad, FactsAcceptTheMatchesATeacherWould) {
  const Facts& f = *echad().decks[0].facts;
  auto has = [&](const char* name, const char* fact, const char* value) {
    const FactEntry* e = f.find(name);
    if (!e || !e->values.count(fact)) return false;
    const auto& v = e->values.at(fact);
    return std::find(v.begin(), v.end(), value) != v.end();
  };
  EXPECT_TRUE(has("David", "periods", "2nd millennium"));
  EXPECT_TRUE(has("Zedekiah", "periods", "7th century"));
  EXPECT_TRUE(has("Ptolemy I", "regions", "syria-palestine"));
  EXPECT_TRUE(has("Nebuchadnezzar", "regions", "syria-palestine"));
}

}  // namespace cardstock
