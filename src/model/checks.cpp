#include "model/checks.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "model/board.h"

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

const Card* find_card(const Deck& deck, const std::string& id) {
  for (const auto& c : deck.cards)
    if (c.id == id) return &c;
  return nullptr;
}

const UnrelatedRule::Allow* allowed(const UnrelatedRule& rule, const std::string& card) {
  for (const auto& a : rule.allow)
    if (a.card == card) return &a;
  return nullptr;
}

// Every fact an entry of `f` gives, its key first, the rest sorted: what an answer key's
// column or a rule's `fact` may name.
std::vector<std::string> fact_names(const Facts& f) {
  std::set<std::string> names;
  for (const auto& e : f.entries)
    for (const auto& kv : e.values) names.insert(kv.first);
  names.erase(f.key);
  std::vector<std::string> out{f.key};
  out.insert(out.end(), names.begin(), names.end());
  return out;
}

// A rule's fact that no entry gives would make the rule check nothing, in silence.
void check_rule_facts(const Deck& deck, Diagnostics& d) {
  const std::vector<std::string> facts = fact_names(*deck.facts);
  for (const auto& rule : deck.unrelated)
    if (std::find(facts.begin(), facts.end(), rule.fact) == facts.end())
      d.error(rule.fact_mark.file.empty() ? rule.mark : rule.fact_mark,
              "the 'unrelated' rule's fact '" + rule.fact + "' is not a fact of any entry" +
                  did_you_mean(rule.fact, facts) + "; the facts are " + join(facts));
}

// Each card's own InfoBits against the facts of its name: a field an `unrelated` rule
// names must not be one of that name's facts, unless the rule allows the card.
// A field that none of the cards has is one mistake (a misspelt name), said once where
// it is written, with the fields the cards do have; not once a card.
bool said_no_card_has(const Deck& deck, const std::string& field, const Mark& at, const std::string& what,
                      Diagnostics& d) {
  std::set<std::string> have;
  for (const auto& c : deck.cards) {
    if (c.fields.count(field)) return false;
    for (const auto& [k, v] : c.fields) have.insert(k);
  }
  if (deck.cards.empty()) return false;
  const std::vector<std::string> fields(have.begin(), have.end());
  d.error(at, what + " '" + field + "' is a field of none of the " + cards_word(static_cast<long>(deck.cards.size())) +
                  "" + did_you_mean(field, fields) + "; the cards have: " + join(fields));
  return true;
}

void check_cards_against_facts(const Deck& deck, Diagnostics& d) {
  const Facts& f = *deck.facts;
  std::vector<std::string> keys;
  for (const auto& e : f.entries) keys.push_back(e.key);
  if (said_no_card_has(deck, f.key, f.mark, "the facts key", d)) return;
  std::set<std::string> said;
  for (const auto& rule : deck.unrelated)
    if (said_no_card_has(deck, rule.field, rule.mark, "the 'unrelated' rule's field", d)) said.insert(rule.field);
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
      if (rule.excepts(*e) || said.count(rule.field)) continue;
      auto field = c.fields.find(rule.field);
      if (field == c.fields.end()) {
        d.error(c.mark, "card '" + c.id + "' has no field '" + rule.field +
                            "' (checked by the 'unrelated' rule at " + rule.mark.str() + ")");
        continue;
      }
      auto list = e->values.find(rule.fact);
      if (list == e->values.end()) continue;
      if (std::count(list->second.begin(), list->second.end(), field->second) &&
          !allowed(rule, c.id))
        d.error(c.mark, "card '" + c.id + "': its " + rule.field + " '" + field->second +
                            "' is one of the " + rule.fact + " of '" + e->key + "' (" +
                            join(list->second) +
                            "); the InfoBits on one card must not belong together");
    }
  }
}

// A declared exception must name a card that really breaks its rule: one that no longer
// does (its field or the facts changed) is reported, so the list stays true.
void check_allowances(const Deck& deck, Diagnostics& d) {
  const Facts& f = *deck.facts;
  std::vector<std::string> card_ids;
  for (const auto& c : deck.cards) card_ids.push_back(c.id);
  for (const auto& rule : deck.unrelated) {
    for (const auto& a : rule.allow) {
      const Card* c = find_card(deck, a.card);
      if (!c) {
        d.error(a.mark, "'allow' names no card '" + a.card + "' in deck '" + deck.id + "'" +
                            did_you_mean(a.card, card_ids));
        continue;
      }
      if (a.reason.empty()) d.error(a.mark, "the exception for card '" + a.card + "' gives no reason");
      auto kv = c->fields.find(f.key);
      const FactEntry* e = kv == c->fields.end() ? nullptr : f.find(kv->second);
      auto field = c->fields.find(rule.field);
      if (!e || field == c->fields.end()) continue;  // reported by check_cards_against_facts
      auto list = e->values.find(rule.fact);
      const bool breaks = !rule.excepts(*e) && list != e->values.end() &&
                          std::count(list->second.begin(), list->second.end(), field->second);
      if (!breaks)
        d.error(a.mark, "the exception for card '" + a.card + "' is not needed: its " + rule.field +
                            " '" + field->second + "' is not one of the " + rule.fact + " of '" +
                            e->key + "'; remove it from 'allow'");
    }
  }
}

// One fact entry against one rule: an entry the rule excepts lists none of the rule's
// fact, and every value listed is one some card shows in the rule's field.
void check_entry_for_rule(const Deck& deck, const FactEntry& e, const UnrelatedRule& rule, Diagnostics& d) {
  auto list = e.values.find(rule.fact);
  if (list == e.values.end()) return;
  if (rule.excepts(e) && !list->second.empty()) {
    d.error(e.mark, "fact entry '" + e.key + "' lists " + rule.fact + ", but the rule at " +
                        rule.mark.str() + " says an entry with " + rule.except_fact + " '" +
                        e.values.at(rule.except_fact).front() + "' never matches by its " +
                        rule.fact + "; leave them out (the answer key prints '" +
                        rule.note + "')");
    return;
  }
  std::vector<std::string> shown;
  bool some_card_has_it = false;
  for (const auto& c : deck.cards) {
    auto v = c.fields.find(rule.field);
    some_card_has_it = some_card_has_it || v != c.fields.end();
    if (v != c.fields.end() && std::find(shown.begin(), shown.end(), v->second) == shown.end())
      shown.push_back(v->second);
  }
  if (!some_card_has_it) return;  // the field itself is said once, at the rule (said_no_card_has)
  for (const auto& v : list->second)
    if (std::find(shown.begin(), shown.end(), v) == shown.end())
      d.error(e.mark, "fact entry '" + e.key + "': its " + rule.fact + " list '" + v +
                          "', which no card's " + rule.field + " shows" + did_you_mean(v, shown));
}

// The facts are what the answer key prints and what settles a challenge, so each entry
// must name a card, list only values a card can show, and list nothing a rule says can
// never make a match (a place's periods, say): the key would show a forbidden match.
void check_fact_entries(const Deck& deck, Diagnostics& d) {
  const Facts& f = *deck.facts;
  for (const auto& e : f.entries) {
    bool on_a_card = false;
    for (const auto& c : deck.cards) {
      auto kv = c.fields.find(f.key);
      on_a_card = on_a_card || (kv != c.fields.end() && kv->second == e.key);
    }
    if (!on_a_card)
      d.error(e.mark, "fact entry '" + e.key + "' names no card of deck '" + deck.id +
                          "'; the answer key lists only names on the cards");
    for (const auto& rule : deck.unrelated) check_entry_for_rule(deck, e, rule, d);
  }
}

void check_facts(const Deck& deck, Diagnostics& d) {
  check_rule_facts(deck, d);
  check_cards_against_facts(deck, d);
  check_allowances(deck, d);
  check_fact_entries(deck, d);
}

// The tiles laid beside a board (trade tiles): each comes from a hex deck of the board's
// tile size, lies against a tile that is on the board once, on a spot no other tile
// takes; a deck used only for extras must have all its tiles placed, as printed.
void check_board_extras(const Game& g, const Board& b, const Deck& board_deck,
                        const std::vector<std::string>& board_ids, std::map<std::string, long>& used,
                        Diagnostics& d) {
  if (b.extras.empty()) return;
  std::map<std::string, int> on_board;
  std::set<std::pair<int, int>> taken;
  for (const auto& c : board_cells(b)) {
    ++on_board[c.cell->card];
    taken.insert({c.row, c.x2});
  }
  std::vector<std::string> deck_ids;
  for (const auto& dk : g.decks) deck_ids.push_back(dk.id);
  std::map<std::string, std::map<std::string, long>> extra_used;  // other decks: card -> times
  std::vector<const Deck*> extra_decks;                            // ... in order of first use
  const auto cells = board_extra_cells(b);
  size_t next = 0;
  for (const auto& e : b.extras) {
    const std::string deck_id = e.deck.empty() ? board_deck.id : e.deck;
    const Deck* from = g.find_deck(deck_id);
    const std::string at = "board '" + b.id + "': extra tile '" + e.cell.card + "'";
    const bool placed = next < cells.size() && cells[next].extra == &e;
    const BoardCell* cell = placed ? &cells[next++] : nullptr;
    if (!from) {
      d.error(e.cell.mark, at + ": unknown deck '" + deck_id + "'" + did_you_mean(deck_id, deck_ids));
      continue;
    }
    if (from->card.shape != Shape::Hex || std::abs(from->card.width.pt - board_deck.card.width.pt) > 0.01 ||
        std::abs(from->card.height.pt - board_deck.card.height.pt) > 0.01) {
      d.error(e.cell.mark, at + ": deck '" + from->id + "' is not a deck of hex tiles the size of '" +
                               board_deck.id + "'");
      continue;
    }
    if (from != &board_deck && std::find(extra_decks.begin(), extra_decks.end(), from) == extra_decks.end())
      extra_decks.push_back(from);
    const Card* card = find_card(*from, e.cell.card);
    if (!card) {
      std::vector<std::string> ids;
      for (const auto& c : from->cards) ids.push_back(c.id);
      d.error(e.cell.mark, "board '" + b.id + "': deck '" + from->id + "' has no tile '" + e.cell.card + "'" +
                               did_you_mean(e.cell.card, ids));
      continue;
    }
    if (!on_board.count(e.beside)) {
      d.error(e.cell.mark, at + " lies beside '" + e.beside + "', which is not on the board" +
                               did_you_mean(e.beside, board_ids));
      continue;
    }
    if (on_board[e.beside] > 1) {
      d.error(e.cell.mark, at + " lies beside '" + e.beside + "', which is on the board " +
                               std::to_string(on_board[e.beside]) + " times; name a tile placed once");
      continue;
    }
    if (!cell) continue;  // an unknown side: the schema reported it
    if (!taken.insert({cell->row, cell->x2}).second) {
      d.error(e.cell.mark, at + " lies on a spot another tile already takes (side '" + e.side + "' of '" +
                               e.beside + "')");
      continue;
    }
    const long n = from == &board_deck ? ++used[card->id] : ++extra_used[from->id][card->id];
    if (n == card->count + 1)
      d.error(e.cell.mark, "board '" + b.id + "': tile '" + card->id + "' is placed more often than the deck " +
                               "prints it (" + std::to_string(card->count) + ")");
  }
  for (const Deck* dk : extra_decks)
    for (const auto& c : dk->cards)
      if (extra_used[dk->id][c.id] < c.count)
        d.error(b.mark, "board '" + b.id + "' leaves out tile '" + c.id + "' of deck '" + dk->id + "'");
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
    const AnswerKey& key = *deck.answer_key;
    const std::vector<std::string> facts = fact_names(*deck.facts);
    for (size_t i = 0; i < key.columns.size(); ++i) {
      const std::string& col = key.columns[i];
      if (std::find(facts.begin(), facts.end(), col) != facts.end()) continue;
      d.error(key.column_marks.size() == key.columns.size() ? key.column_marks[i] : key.mark,
              "answer key column '" + col + "' is not a fact of any entry" + did_you_mean(col, facts) +
                  "; the facts are " + join(facts));
    }
  }
}

AnswerKeyTable answer_key_rows(const Deck& deck) {
  AnswerKeyTable t;
  if (!deck.answer_key || !deck.facts) return t;
  for (const auto& c : deck.answer_key->columns) {
    std::string h = c;
    if (!h.empty()) h[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(h[0])));
    t.header.push_back(h);
  }
  std::vector<const FactEntry*> entries;
  for (const auto& e : deck.facts->entries) entries.push_back(&e);
  std::sort(entries.begin(), entries.end(),
            [](const FactEntry* a, const FactEntry* b) { return a->key < b->key; });
  auto shown = [&](const std::string& v) {
    auto it = deck.names.find(v);
    return it == deck.names.end() ? v : it->second;
  };
  for (const FactEntry* e : entries) {
    std::vector<std::string> row;
    for (const auto& c : deck.answer_key->columns) {
      // The rule `check` applies: where a rule says this entry's fact never makes a match,
      // the key says so instead of listing values a player could take for a match.
      const UnrelatedRule* never = nullptr;
      for (const auto& rule : deck.unrelated)
        if (rule.fact == c && rule.excepts(*e)) never = &rule;
      std::string cell;
      if (never) {
        cell = never->note;
      } else if (auto it = e->values.find(c); it != e->values.end()) {
        for (size_t i = 0; i < it->second.size(); ++i) cell += (i ? ", " : "") + shown(it->second[i]);
      }
      row.push_back(cell);
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

namespace {

// The deck a board is built from; null (after an error) when it is unknown or not hex.
const Deck* board_deck(const Game& g, const Board& b, Diagnostics& d) {
  const Deck* deck = nullptr;
  std::vector<std::string> deck_ids;
  for (const auto& dk : g.decks) {
    deck_ids.push_back(dk.id);
    if (dk.id == b.deck) deck = &dk;
  }
  if (!deck) {
    d.error(b.mark, "board '" + b.id + "': unknown deck '" + b.deck + "'" + did_you_mean(b.deck, deck_ids));
    return nullptr;
  }
  if (deck->card.shape != Shape::Hex) {
    d.error(b.mark, "board '" + b.id + "': deck '" + deck->id + "' is not a deck of hex tiles");
    return nullptr;
  }
  return deck;
}

// Hex rows interlock only if neighbouring rows differ by one tile.
void check_board_rows(const Board& b, Diagnostics& d) {
  for (size_t i = 1; i < b.rows.size(); ++i) {
    const long a = static_cast<long>(b.rows[i - 1].size()), c = static_cast<long>(b.rows[i].size());
    if (std::labs(a - c) != 1 && !b.rows[i].empty())
      d.error(b.rows[i][0].mark, "board '" + b.id + "': row " + std::to_string(i + 1) + " has " +
                                     std::to_string(c) + " tiles and row " + std::to_string(i) +
                                     " has " + std::to_string(a) +
                                     "; neighbouring rows must differ by one tile");
  }
}

// The tiles placed on a board, with their cards and neighbours, for the set-up rules.
class BoardTiles {
 public:
  BoardTiles(const Board& b, const Deck& deck) : cells_(board_cells(b)) {
    for (const auto& c : deck.cards) {
      by_id_[c.id] = &c;
      ids_.push_back(c.id);
    }
    // Neighbours are looked up by position. Comparing every pair of cells was
    // quadratic, and a few lines of YAML aliases make a board of 90,000 tiles.
    for (size_t i = 0; i < cells_.size(); ++i) at_.emplace(std::make_pair(cells_[i].row, cells_[i].x2), i);
  }

  const std::vector<BoardCell>& cells() const { return cells_; }
  const std::vector<std::string>& ids() const { return ids_; }
  /// The deck's card of that id, or null.
  const Card* card(const std::string& id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second;
  }
  /// The value of field `f` on cell `c`'s card; "" if it has none.
  std::string field(const BoardCell& c, const std::string& f) const {
    const Card* card = this->card(c.cell->card);
    if (!card) return "";
    auto v = card->fields.find(f);
    return v == card->fields.end() ? "" : v->second;
  }
  /// Indexes of cell i's neighbours, ascending.
  std::vector<size_t> neighbours(size_t i) const {
    static const int kSteps[6][2] = {{-1, -1}, {-1, 1}, {0, -2}, {0, 2}, {1, -1}, {1, 1}};
    std::vector<size_t> out;
    for (const auto& [dr, dx] : kSteps) {
      auto it = at_.find({cells_[i].row + dr, cells_[i].x2 + dx});
      if (it != at_.end()) out.push_back(it->second);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  std::vector<BoardCell> cells_;
  std::map<std::string, const Card*> by_id_;
  std::vector<std::string> ids_;
  std::map<std::pair<int, int>, size_t> at_;
};

// Every tile on the board is one of the deck's, placed no more often than printed;
// counts each tile's uses into `used`.
void count_board_tiles(const Board& b, const Deck& deck, const BoardTiles& t,
                       std::map<std::string, long>& used, Diagnostics& d) {
  for (const auto& cell : t.cells()) {
    const Card* card = t.card(cell.cell->card);
    if (!card) {
      d.error(cell.cell->mark, "board '" + b.id + "': deck '" + deck.id + "' has no tile '" +
                                   cell.cell->card + "'" + did_you_mean(cell.cell->card, t.ids()));
      continue;
    }
    if (++used[cell.cell->card] == card->count + 1)
      d.error(cell.cell->mark, "board '" + b.id + "': tile '" + cell.cell->card + "' is placed " +
                                   "more often than the deck prints it (" + std::to_string(card->count) + ")");
  }
}

// `apart`: no two touching tiles share a value of these fields.
void check_apart(const Board& b, const BoardTiles& t, Diagnostics& d) {
  const auto& cells = t.cells();
  for (size_t i = 0; i < cells.size(); ++i)
    for (size_t j : t.neighbours(i)) {
      if (j <= i) continue;
      for (const auto& f : b.apart) {
        const std::string v = t.field(cells[i], f);
        if (!v.empty() && v == t.field(cells[j], f))
          d.error(cells[j].cell->mark, "board '" + b.id + "': '" + cells[i].cell->card + "' and '" +
                                           cells[j].cell->card + "' touch, but tiles with the same " +
                                           f + " ('" + v + "') must be apart");
      }
    }
}

// `touch`: every tile a rule names touches a tile of each value the rule includes.
void check_touch(const Board& b, const BoardTiles& t, Diagnostics& d) {
  const auto& cells = t.cells();
  for (const auto& rule : b.touch)
    for (size_t i = 0; i < cells.size(); ++i) {
      const BoardCell& cell = cells[i];
      if (t.field(cell, rule.tile_field) != rule.tile_value) continue;
      for (const auto& want : rule.includes) {
        bool found = false;
        for (size_t j : t.neighbours(i)) found = found || t.field(cells[j], rule.neighbour) == want;
        if (!found)
          d.error(cell.cell->mark, "board '" + b.id + "': " + rule.tile_value + " tile '" +
                                       cell.cell->card + "' touches no tile with " + rule.neighbour +
                                       " '" + want + "' (rule at " + rule.mark.str() + ")");
      }
    }
}

}  // namespace

void check_board(const Game& g, const Board& b, Diagnostics& d) {
  const Deck* deck = board_deck(g, b, d);
  if (!deck) return;
  check_board_rows(b, d);
  const BoardTiles tiles(b, *deck);
  std::map<std::string, long> used;
  count_board_tiles(b, *deck, tiles, used, d);
  check_board_extras(g, b, *deck, tiles.ids(), used, d);
  for (const auto& c : deck->cards)
    if (used[c.id] < c.count)
      d.error(b.mark, "board '" + b.id + "' leaves out tile '" + c.id + "'");
  check_apart(b, tiles, d);
  check_touch(b, tiles, d);
}

}  // namespace cardstock
