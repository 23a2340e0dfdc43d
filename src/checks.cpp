#include "checks.h"

#include <algorithm>
#include <map>

#include "layout.h"

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
  else if (deck.total_cards() == 0)  // else its files would be blank pages
    d.error(deck.mark, "deck '" + deck.id + "' prints no cards: every card has count 0");
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

void check_board(const Game& g, const Board& b, Diagnostics& d) {
  const Deck* deck = nullptr;
  std::vector<std::string> deck_ids;
  for (const auto& dk : g.decks) {
    deck_ids.push_back(dk.id);
    if (dk.id == b.deck) deck = &dk;
  }
  if (!deck) {
    d.error(b.mark, "board '" + b.id + "': unknown deck '" + b.deck + "'" + did_you_mean(b.deck, deck_ids));
    return;
  }
  if (deck->card.shape != Shape::Hex) {
    d.error(b.mark, "board '" + b.id + "': deck '" + deck->id + "' is not a deck of hex tiles");
    return;
  }
  for (size_t i = 1; i < b.rows.size(); ++i) {
    const long a = static_cast<long>(b.rows[i - 1].size()), c = static_cast<long>(b.rows[i].size());
    if (std::labs(a - c) != 1 && !b.rows[i].empty())
      d.error(b.rows[i][0].mark, "board '" + b.id + "': row " + std::to_string(i + 1) + " has " +
                                     std::to_string(c) + " tiles and row " + std::to_string(i) +
                                     " has " + std::to_string(a) +
                                     "; neighbouring rows must differ by one tile");
  }
  std::map<std::string, const Card*> by_id;
  std::vector<std::string> ids;
  for (const auto& c : deck->cards) {
    by_id[c.id] = &c;
    ids.push_back(c.id);
  }
  std::map<std::string, long> used;
  const auto cells = board_cells(b);
  for (const auto& cell : cells) {
    if (!by_id.count(cell.cell->card)) {
      d.error(cell.cell->mark, "board '" + b.id + "': deck '" + deck->id + "' has no tile '" +
                                   cell.cell->card + "'" + did_you_mean(cell.cell->card, ids));
      continue;
    }
    if (++used[cell.cell->card] == by_id[cell.cell->card]->count + 1)
      d.error(cell.cell->mark, "board '" + b.id + "': tile '" + cell.cell->card + "' is placed " +
                                   "more often than the deck prints it (" +
                                   std::to_string(by_id[cell.cell->card]->count) + ")");
  }
  for (const auto& c : deck->cards)
    if (used[c.id] < c.count)
      d.error(b.mark, "board '" + b.id + "' leaves out tile '" + c.id + "'");
  auto field = [&](const BoardCell& c, const std::string& f) -> std::string {
    auto it = by_id.find(c.cell->card);
    if (it == by_id.end()) return "";
    auto v = it->second->fields.find(f);
    return v == it->second->fields.end() ? "" : v->second;
  };
  // Each cell's neighbours, ascending, looked up by position. Comparing every pair of
  // cells was quadratic, and a few lines of YAML aliases make a board of 90,000 tiles.
  std::map<std::pair<int, int>, size_t> at;
  for (size_t i = 0; i < cells.size(); ++i) at.emplace(std::make_pair(cells[i].row, cells[i].x2), i);
  auto neighbours = [&](size_t i) {
    static const int kSteps[6][2] = {{-1, -1}, {-1, 1}, {0, -2}, {0, 2}, {1, -1}, {1, 1}};
    std::vector<size_t> out;
    for (const auto& [dr, dx] : kSteps) {
      auto it = at.find({cells[i].row + dr, cells[i].x2 + dx});
      if (it != at.end()) out.push_back(it->second);
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  for (size_t i = 0; i < cells.size(); ++i)
    for (size_t j : neighbours(i)) {
      if (j <= i) continue;
      for (const auto& f : b.apart) {
        const std::string v = field(cells[i], f);
        if (!v.empty() && v == field(cells[j], f))
          d.error(cells[j].cell->mark, "board '" + b.id + "': '" + cells[i].cell->card + "' and '" +
                                           cells[j].cell->card + "' touch, but tiles with the same " +
                                           f + " ('" + v + "') must be apart");
      }
    }
  for (const auto& rule : b.touch)
    for (size_t i = 0; i < cells.size(); ++i) {
      const BoardCell& cell = cells[i];
      if (field(cell, rule.tile_field) != rule.tile_value) continue;
      for (const auto& want : rule.includes) {
        bool found = false;
        for (size_t j : neighbours(i)) found = found || field(cells[j], rule.neighbour) == want;
        if (!found)
          d.error(cell.cell->mark, "board '" + b.id + "': " + rule.tile_value + " tile '" +
                                       cell.cell->card + "' touches no tile with " + rule.neighbour +
                                       " '" + want + "' (rule at " + rule.mark.str() + ")");
      }
    }
}

}  // namespace cardstock
