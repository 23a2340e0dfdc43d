// report_field_misses (layout.h): a {field} the cards of a deck lack, said once at the
// text that uses it, with how many cards lack it, which, and what fields they have.
#include <set>

#include "layout/layout.h"

namespace cardstock {

namespace {

std::string listed(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

void report_field_misses(const Deck& deck, const std::vector<FieldMiss>& misses, Diagnostics& d) {
  constexpr size_t kShown = 5;  // card ids named; the rest counted
  for (const FieldMiss& m : misses) {
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
