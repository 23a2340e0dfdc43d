// report_field_misses (layout.h): a {field} the cards of a deck lack, said once at the
// text that uses it, with how many cards lack it, which, and what fields they have; a
// colour template whose values are no colour, said once, naming the cells.
#include <algorithm>
#include <set>

#include "layout/layout.h"
#include "model/colours.h"

namespace cardstock {

namespace {

std::string listed(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

constexpr size_t kShown = 5;  // card ids (places, values) named; the rest counted

// Where a value is, short: "C3" in a spreadsheet, "line 7" in a text file.
std::string place(const Mark& m, bool first) {
  if (!m.tab.empty()) return column_letters(m.col) + std::to_string(m.line);
  return (first ? "line " : "") + std::to_string(m.line);
}

// "{tint} is not a colour on 3 cards of deck 'd': 'gren' (did you mean 'green'?) on
// lines 3, 5, '' on line 9; a colour is...": each value once, with its places.
void report_colours(const Game& g, const Deck& deck, const FieldMiss& m, Diagnostics& d) {
  std::vector<std::pair<std::string, std::vector<Mark>>> by_value;  // in order of first use
  for (const auto& value_at : m.values) {
    // (Not a structured binding: clang 14, the fuzz build's compiler, cannot capture one.)
    const std::string& v = value_at.first;
    auto it = std::find_if(by_value.begin(), by_value.end(), [&v](const auto& b) { return b.first == v; });
    if (it == by_value.end()) it = by_value.insert(by_value.end(), {v, {}});
    it->second.push_back(value_at.second);
  }
  const size_t n = m.cards.size();
  std::string said = m.field + " is not a colour on " +
                     (n == 1 ? "card '" + m.cards[0]->id + "'" : std::to_string(n) + " cards of deck '" + deck.id + "'");
  for (size_t k = 0; k < by_value.size() && k < kShown; ++k) {
    const auto& [v, places] = by_value[k];
    said += std::string(k == 0 ? ": " : ", ") + "'" + v + "'" + (v.empty() ? " (empty)" : colour_did_you_mean(v, g.palette));
    if (n == 1) continue;
    const bool cells = !places[0].tab.empty();
    said += cells ? " in " : places.size() == 1 ? " on " : " on lines ";
    for (size_t i = 0; i < places.size() && i < kShown; ++i)
      said += (i ? ", " : "") + place(places[i], !cells && places.size() == 1);
    if (places.size() > kShown) said += " and " + std::to_string(places.size() - kShown) + " more";
  }
  if (by_value.size() > kShown) said += " and " + std::to_string(by_value.size() - kShown) + " more values";
  d.error(m.values[0].second, said + "; " + what_a_colour_is(g.palette) + " (design '" + m.design + "' at " +
                                  m.at.str() + ")");
}

}  // namespace

void report_field_misses(const Game& g, const Deck& deck, const std::vector<FieldMiss>& misses, Diagnostics& d) {
  for (const FieldMiss& m : misses) {
    if (m.colour) {
      report_colours(g, deck, m, d);
      continue;
    }
    std::set<std::string> have;
    std::vector<std::string> ids;
    for (const Card* c : m.cards) {
      for (const auto& kv : c->fields) have.insert(kv.first);
      if (ids.size() < kShown) ids.push_back("'" + c->id + "'");
    }
    const std::vector<std::string> fields(have.begin(), have.end());
    const size_t n = m.cards.size();
    std::string who;
    if (n == 1)
      who = "card " + ids[0] + " has no field";
    else if (n == deck.cards.size())
      who = "none of the " + std::to_string(n) + " cards of deck '" + deck.id + "' has a field";
    else
      who = std::to_string(n) + " of the " + std::to_string(deck.cards.size()) + " cards of deck '" + deck.id +
            "' (" + listed(ids) + (n > kShown ? " and " + std::to_string(n - kShown) + " more" : "") + ") have no field";
    d.error(m.at, "design '" + m.design + "' uses {" + m.field + "}, but " + who + " '" + m.field + "'" +
                      did_you_mean(m.field, fields) + "; " + (n == 1 ? "the card has: " : "the cards have: ") +
                      (fields.empty() ? "no fields" : listed(fields)));
  }
}

}  // namespace cardstock
