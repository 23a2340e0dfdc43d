#include "checks.h"

#include <algorithm>
#include <map>

namespace cardstock {

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s;
}

std::string cards_word(long n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }

void check_expect(const Deck& deck, const Expect& ex, Diagnostics& d) {
  if (ex.total && *ex.total != deck.total_cards())
    d.error(ex.total_mark, "deck '" + deck.id + "' has " + cards_word(deck.total_cards()) +
                               ", but 'expect' says " + std::to_string(*ex.total));
  if (ex.by.empty()) return;
  std::map<std::string, long> actual;
  std::vector<std::string> order;
  for (const auto& c : deck.cards) {
    auto it = c.fields.find(ex.by);
    if (it == c.fields.end()) {
      d.error(c.mark, "card '" + c.id + "' has no field '" + ex.by + "' (counted by 'expect')");
      continue;
    }
    if (!actual.count(it->second)) order.push_back(it->second);
    actual[it->second] += c.count;
  }
  if (ex.counts.empty()) return;
  std::vector<std::string> listed;
  for (size_t i = 0; i < ex.counts.size(); ++i) {
    const auto& [value, want] = ex.counts[i];
    listed.push_back(value);
    const long have = actual.count(value) ? actual[value] : 0;
    if (have != want)
      d.error(ex.count_marks[i], "deck '" + deck.id + "' has " + cards_word(have) + " with " +
                                     ex.by + " '" + value + "', but 'expect' says " +
                                     std::to_string(want));
  }
  for (const auto& value : order)
    if (std::find(listed.begin(), listed.end(), value) == listed.end())
      d.error(ex.mark, "deck '" + deck.id + "' has " + cards_word(actual[value]) + " with " +
                           ex.by + " '" + value + "', which 'expect.counts' does not list" +
                           did_you_mean(value, listed));
}

void check_facts(const Deck& deck, Diagnostics& d) {
  const Facts& f = *deck.facts;
  std::vector<std::string> keys;
  for (const auto& e : f.entries) keys.push_back(e.key);
  for (const auto& c : deck.cards) {
    auto kv = c.fields.find(f.key);
    if (kv == c.fields.end()) {
      d.error(c.mark, "card '" + c.id + "' has no field '" + f.key + "' (the facts key)");
      continue;
    }
    const FactEntry* e = f.find(kv->second);
    if (!e) {
      d.error(c.field_marks.at(f.key), "card '" + c.id + "': '" + kv->second +
                                           "' has no entry in the facts table" +
                                           did_you_mean(kv->second, keys));
      continue;
    }
    for (const auto& rule : deck.unrelated) {
      if (!rule.except_fact.empty()) {
        auto ex = e->values.find(rule.except_fact);
        bool skip = false;
        if (ex != e->values.end())
          for (const auto& v : ex->second)
            skip = skip || std::count(rule.except_values.begin(), rule.except_values.end(), v);
        if (skip) continue;
      }
      auto field = c.fields.find(rule.field);
      if (field == c.fields.end()) {
        d.error(c.mark, "card '" + c.id + "' has no field '" + rule.field +
                            "' (checked by the 'unrelated' rule at " + rule.mark.str() + ")");
        continue;
      }
      auto list = e->values.find(rule.fact);
      if (list == e->values.end()) continue;
      if (std::count(list->second.begin(), list->second.end(), field->second))
        d.error(c.mark, "card '" + c.id + "': its " + rule.field + " '" + field->second +
                            "' is one of the " + rule.fact + " of '" + e->key + "' (" +
                            join(list->second) +
                            "); the InfoBits on one card must not belong together");
    }
  }
}

}  // namespace

void check_deck(const Deck& deck, Diagnostics& d) {
  if (deck.cards.empty())
    d.error(deck.mark, "deck '" + deck.id + "' has no cards");
  if (deck.stocks.empty() && !deck.cards.empty())
    d.error(deck.mark, "deck '" + deck.id + "' has no stock to print on");
  if (deck.expect) check_expect(deck, *deck.expect, d);
  if (deck.facts) check_facts(deck, d);
  if (deck.answer_key && deck.facts) {
    for (const auto& col : deck.answer_key->columns) {
      bool known = col == deck.facts->key;
      for (const auto& e : deck.facts->entries) known = known || e.values.count(col);
      if (!known)
        d.error(deck.answer_key->mark, "answer key column '" + col + "' is not a fact of any entry");
    }
  }
}

}  // namespace cardstock
