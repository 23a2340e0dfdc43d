#include "load/game/decks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "load/sheets/csv_cards.h"
#include "load/game/facts.h"
#include "load/images/image_decks.h"
#include "load/names.h"
#include "load/schema/schema.h"
#include "model/enums.h"

namespace cardstock::loading {

namespace {

// The stocks a deck lists, each with where it is named: a list, a single name, or (when
// 'stocks' is missing or not valid) the schema's default at the deck.
std::vector<std::pair<std::string, Mark>> stock_names(const Reader& r, const std::string& file) {
  YAML::Node stocks = r.node("stocks");
  std::vector<std::pair<std::string, Mark>> names;
  if (stocks && stocks.IsSequence())
    for (const auto& s : stocks) names.push_back({s.as<std::string>(""), mark_of(s, file)});
  else if (stocks && stocks.IsScalar())
    names.push_back({stocks.Scalar(), mark_of(stocks, file)});
  else
    for (const auto& s : r.list("stocks")) names.push_back({s, r.mark()});
  return names;
}

// One stock a deck lists (at `m`): listed once, and holding the deck's card size.
void add_deck_stock(const Stock& s, const Mark& m, UniqueNames* listed, Deck* deck, Diagnostics& d) {
  // Each stock makes one output file per deck: twice would write it twice.
  if (!listed->add(s.id, m, "stock '" + s.id + "' is listed twice in deck '" + deck->id + "'", d, "listed")) return;
  auto size = [](const CardSize& c) {
    return format_number(c.width.in_mm()) + " x " + format_number(c.height.in_mm()) + " mm";
  };
  // A game's own `poker` does not change the shipped poker stocks (a stock holds the
  // card size of its own layer): the same name is not the same size.
  if (!deck->card.id.empty() && s.card.id == deck->card.id &&
      (std::fabs(s.card.width.pt - deck->card.width.pt) > 0.01 ||
       std::fabs(s.card.height.pt - deck->card.height.pt) > 0.01)) {
    d.error(m, "stock '" + s.id + "' holds " + s.card.id + " cards as " + s.card.mark.str() + " defines them (" +
                   size(s.card) + "), but deck '" + deck->id + "' has " + deck->card.id + " cards of " +
                   deck->card.mark.str() + " (" + size(deck->card) + "): define a stock for them");
    return;
  }
  if (!deck->card.id.empty() && !s.holds(deck->card)) {
    d.error(m, "stock '" + s.id + "' holds " + s.card.id + " cards (" + size(s.card) + "), but deck '" + deck->id +
                   "' has " + deck->card.id + " cards (" + size(deck->card) + ")");
    return;
  }
  deck->stocks.push_back(s);
}

// Each stock must exist, be listed once, and hold the deck's card size. A stock written
// with several papers is all of its papers' stocks.
void read_deck_stocks(const Reader& r, const std::string& file, const Templates& t, Deck* deck,
                      Diagnostics& d) {
  UniqueNames listed;
  for (const auto& [name, m] : stock_names(r, file)) {
    const std::vector<const Stock*> named = t.find_stocks(name);
    if (named.empty()) unknown(d, m, "stock", name, t.stock_names(), ids_of(t.stocks));
    for (const Stock* s : named) add_deck_stock(*s, m, &listed, deck, d);
  }
}

// The designs a deck and its cards may name as face or back.
class DesignNames {
 public:
  explicit DesignNames(const Game& g) : g_(g) {
    for (const auto& kv : g.designs) names_.push_back(kv.first);
  }
  /// Reports `name` (at `m`) unless it is empty or a design of the game. A design that
  /// exists but could not be resolved was reported where it is defined.
  void check(const std::string& name, const Mark& m, Diagnostics& d) const {
    if (!name.empty() && !g_.designs.count(name) &&
        std::find(g_.broken_designs.begin(), g_.broken_designs.end(), name) == g_.broken_designs.end())
      unknown(d, m, "design", name, names_);
  }

 private:
  const Game& g_;
  std::vector<std::string> names_;
};

Expect read_expect(const YAML::Node& e, const std::string& file, Diagnostics& d) {
  Reader er(e, Schemas::expect(), file);
  Expect ex;
  ex.mark = er.mark();
  if (er.has("total")) {
    ex.total = er.integer("total");
    ex.total_mark = er.mark("total");
  }
  ex.by = er.str("by");
  YAML::Node counts = er.node("counts");
  if (!counts || counts.IsNull()) return ex;
  if (!counts.IsMap()) {
    d.error(mark_of(counts, file), "'counts' must map values of '" + ex.by + "' to numbers");
    return ex;
  }
  if (ex.by.empty()) d.error(mark_of(counts, file), "'counts' needs 'by' (the field to group by)");
  for (const auto& kv : counts) {
    Field f{kv.first.Scalar(), Kind::Integer};
    if (!validate_value(kv.second, f, file, d)) continue;
    ex.counts.push_back({kv.first.Scalar(), kv.second.as<long>()});
    ex.count_marks.push_back(mark_of(kv.second, file));
  }
  return ex;
}

// A card's data fields: the keys its schema does not know, each text or a number.
void read_card_fields(const YAML::Node& c, const std::string& file, Card* card, Diagnostics& d) {
  for (const auto& kv : c) {
    if (!kv.first.IsScalar()) continue;  // a list or map as a key: reported by parse_yaml_text
    const std::string k = kv.first.Scalar();
    if (Schemas::card().find(k)) continue;
    if (!valid_field_name(k)) {
      d.error(mark_of(kv.first, file), "card field name '" + k +
                                           "' must be lower-case letters, digits and _");
      continue;
    }
    if (!kv.second.IsScalar() && !kv.second.IsNull()) {
      d.error(mark_of(kv.second, file), "card field '" + k + "' must be text or a number");
      continue;
    }
    if (kv.second.IsScalar() && kv.second.Scalar().size() > kMaxFieldLength) {
      d.error(mark_of(kv.second, file), "card field '" + k + "' is " +
                                            std::to_string(kv.second.Scalar().size()) +
                                            " bytes long; the limit is " +
                                            std::to_string(kMaxFieldLength));
      card->fields[k] = "";  // known but empty, so designs using it report nothing more
      card->field_marks[k] = mark_of(kv.second, file);
      continue;
    }
    card->fields[k] = kv.second.IsNull() ? "" : kv.second.Scalar();
    card->field_marks[k] = mark_of(kv.second, file);
  }
}

// The deck's `n_card`th card (1-based: a card without an id is "<deck>-<n_card>").
Card read_card(const YAML::Node& c, int n_card, const Deck& deck, const DesignNames& designs,
               UniqueNames* ids, const std::string& file, Diagnostics& d) {
  Reader cr(c, Schemas::card(), file);
  Card card;
  card.mark = cr.mark();
  card.id = cr.has("id") ? cr.str("id") : deck.id + "-" + std::to_string(n_card);
  card.count = cr.integer("count");
  if (cr.has("count") && (card.count < 0 || card.count > kMaxCardCount)) {
    d.error(cr.mark("count"), "count " + cr.str("count") + " is out of range (0 to " +
                                  std::to_string(kMaxCardCount) + " copies)");
    card.count = 0;
  }
  card.face = cr.str("face");
  card.back = cr.str("back");
  designs.check(card.face, cr.mark("face"), d);
  designs.check(card.back, cr.mark("back"), d);
  ids->add(card.id, cr.mark("id"), "card id '" + card.id + "' is used twice in deck '" + deck.id + "'", d);
  read_card_fields(c, file, &card, d);
  return card;
}

// A `{csv: FILE}` or `{sheet: FILE}` entry as the reader takes it; false after an error
// (both or a key of the other kind given).
bool card_source(const Reader& sr, const Game& g, CsvSource* src, Diagnostics& d) {
  src->sheet = sr.has("sheet");
  const char* key = src->sheet ? "sheet" : "csv";
  src->path = sr.str(key);
  src->dir = g.dir;
  src->allow_outside = g.allow_outside;
  src->separator = enum_value(kSeparatorNames, sr.str("separator")).value_or(0);  // else guessed
  src->id_from = sr.str("id_from");
  src->tab = sr.str("tab");
  src->at = sr.mark(key);
  src->id_from_at = sr.mark("id_from");
  src->tab_at = sr.has("tab") ? sr.mark("tab") : Mark{};
  if (src->sheet && sr.has("csv")) {
    d.error(sr.mark("csv"), "give either 'csv' or 'sheet', not both: one entry reads one file");
    return false;
  }
  if (src->sheet && sr.has("separator")) {
    d.error(sr.mark("separator"), "'separator' is for CSV files: a spreadsheet's cells are apart already");
    return false;
  }
  for (const char* key : {"back_images", "counts", "bleed_fill"})
    if (sr.has(key)) {
      d.error(sr.mark(key), std::string("'") + key + "' is for a folder of pictures (images: PATTERN), not a file of rows");
      return false;
    }
  if (!src->sheet && sr.has("tab")) {
    d.error(sr.mark("tab"), "'tab' is for spreadsheets (sheet: FILE): a CSV file has one table");
    return false;
  }
  return true;
}

// The first column (by its place in the file) whose values are set and differ on every
// card of `cards`: the one `id_from` would best name them after; "" if none.
std::string naming_column(const Deck& deck, const std::vector<size_t>& cards) {
  std::map<int, std::string> by_place;  // column -> field
  for (const auto& [field, mark] : deck.cards[cards.front()].field_marks) by_place.emplace(mark.col, field);
  for (const auto& [col, field] : by_place) {
    std::set<std::string> seen;
    bool fits = true;
    for (size_t i : cards) {
      auto v = deck.cards[i].fields.find(field);
      fits = v != deck.cards[i].fields.end() && !v->second.empty() && seen.insert(v->second).second;
      if (!fits) break;
    }
    if (fits) return field;
  }
  return "";
}

// A note where a file's rows were numbered ("words-2"): those names are what every
// message, image file, Tabletop Simulator card and diff line calls the cards, so say
// how to name them after a column instead.
void say_numbered(const CsvSource& src, const Deck& deck, const std::vector<size_t>& cards, Diagnostics& d) {
  const std::string column = naming_column(deck, cards);
  const std::string first = deck.cards[cards.front()].id, last = deck.cards[cards.back()].id;
  const std::string which = cards.size() == 1 ? "1 card is" : std::to_string(cards.size()) + " cards are";
  d.notice(src.at, which + " numbered ('" + first + (cards.size() > 1 ? "' to '" + last : "") +
                       "'), and messages, image files and diff lines call them so: " +
                       (column.empty() ? "give the rows an 'id' column, or name a column with unique values in "
                                         "'id_from:'"
                                       : "'id_from: " + column + "' names them after their " + column));
}

// Rows read from a file added to the deck: ids unique in the deck (an id made from a
// value is made unique with -2, -3...), designs that exist. A row with no id is
// "<deck>-<n>" by its place in the deck, as in YAML; their places in deck->cards are
// added to *numbered.
void add_rows(std::vector<CsvCard>& rows, const DesignNames& designs, UniqueNames* ids, int* n_card, Deck* deck,
              std::vector<size_t>* numbered, Diagnostics& d) {
  for (auto& row : rows) {
    Card& card = row.card;
    ++*n_card;
    if (card.id.empty()) {
      card.id = deck->id + "-" + std::to_string(*n_card);
      numbered->push_back(deck->cards.size());
    }
    if (row.derived) {
      const std::string base = card.id;
      for (int k = 2; ids->has(card.id); ++k) card.id = base + "-" + std::to_string(k);
    }
    designs.check(card.face, row.face_mark, d);
    designs.check(card.back, row.back_mark, d);
    ids->add(card.id, row.id_mark, "card id '" + card.id + "' is used twice in deck '" + deck->id + "'", d);
    deck->cards.push_back(std::move(card));
  }
}

// The cards of a `{csv: FILE}` or `{sheet: FILE}` entry (load/sheets/csv_cards.h), checked as
// YAML cards are (add_rows).
void read_csv_source(const YAML::Node& c, const std::string& file, const Game& g, const DesignNames& designs,
                     UniqueNames* ids, int* n_card, Deck* deck, Diagnostics& d) {
  Reader sr(c, Schemas::card_source(), file);
  CsvSource src;
  if (!card_source(sr, g, &src, d)) return;
  std::string name;
  auto rows = read_csv_cards(src, &name, d);
  if (!name.empty() && std::find(deck->csv_files.begin(), deck->csv_files.end(), name) == deck->csv_files.end())
    deck->csv_files.push_back(name);
  std::vector<size_t> numbered;
  add_rows(rows, designs, ids, n_card, deck, &numbered, d);
  if (!numbered.empty()) say_numbered(src, *deck, numbered, d);
}

// The cards of an `{images: PATTERN}` entry (load/images/image_decks.h), checked as a CSV's are.
void read_picture_source(const YAML::Node& c, const std::string& file, Game& g, const DesignNames& designs,
                         UniqueNames* ids, int* n_card, Deck* deck, Diagnostics& d) {
  auto rows = read_image_source(c, file, &g, deck, d);
  std::vector<size_t> numbered;  // (ids are the file names' stems)
  add_rows(rows, designs, ids, n_card, deck, &numbered, d);
}

// Whether an entry of `cards:` reads a file rather than being a card.
bool is_source(const YAML::Node& c) {
  return c.IsMap() && (has_key(c, "csv") || has_key(c, "sheet") || is_image_source(c));
}

// One entry of `cards:` that reads files: a folder of pictures, or a CSV or spreadsheet.
void read_source(const YAML::Node& c, const std::string& file, Game& g, const DesignNames& designs,
                 UniqueNames* ids, int* n_card, Deck* deck, Diagnostics& d) {
  if (is_image_source(c)) return read_picture_source(c, file, g, designs, ids, n_card, deck, d);
  read_csv_source(c, file, g, designs, ids, n_card, deck, d);
}

// `cards:` is a list of cards and `{csv: FILE}` / `{sheet: FILE}` entries, or one such entry.
void read_cards(const YAML::Node& cards, const std::string& file, Game& g, const DesignNames& designs,
                Deck* deck, Diagnostics& d) {
  if (!cards) return;
  UniqueNames ids;
  int n_card = 0;
  if (is_source(cards)) return read_source(cards, file, g, designs, &ids, &n_card, deck, d);
  if (!cards.IsSequence()) return;
  for (const auto& c : cards) {
    if (is_source(c)) {
      read_source(c, file, g, designs, &ids, &n_card, deck, d);
      continue;
    }
    ++n_card;  // every entry counts, a map or not: a generated id is the card's place
    if (!c.IsMap()) continue;
    deck->cards.push_back(read_card(c, n_card, *deck, designs, &ids, file, d));
  }
}

// The first card naming a back in a deck without one is reported.
void check_card_backs(const Deck& deck, Diagnostics& d) {
  if (!deck.back.empty()) return;
  for (const auto& c : deck.cards)
    if (!c.back.empty()) {
      d.error(c.mark, "card '" + c.id + "' names a back design but deck '" + deck.id + "' has no 'back'");
      return;
    }
}

}  // namespace

Deck read_deck(const YAML::Node& n, const std::string& file, const Templates& t,
               Game& g, Diagnostics& d) {
  Reader r(n, Schemas::deck(), file);
  Deck deck;
  deck.id = r.str("id");
  deck.title = r.str("title").empty() ? deck.id : r.str("title");
  deck.mark = r.mark();
  if (const CardSize* c = t.find_card(r.str("card"))) deck.card = *c;
  else unknown(d, r.mark("card"), "card size", r.str("card"), t.card_names(), ids_of(t.cards));
  read_deck_stocks(r, file, t, &deck, d);
  const DesignNames designs(g);
  deck.face = r.str("face");
  deck.back = r.str("back");
  designs.check(deck.face, r.mark("face"), d);
  designs.check(deck.back, r.mark("back"), d);
  if (YAML::Node e = r.node("expect"); e && e.IsMap()) deck.expect = read_expect(e, file, d);
  read_deck_facts(r, file, &deck, d);
  read_cards(r.node("cards"), file, g, designs, &deck, d);
  // A folder of pictures names its own face design (load/images/image_decks.h); others need one.
  if (!r.has("face") && deck.face.empty() && !is_image_source(r.node("cards")))
    d.error(r.mark(), "missing required key 'face' in deck");
  check_card_backs(deck, d);
  return deck;
}

}  // namespace cardstock::loading
