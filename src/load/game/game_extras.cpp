#include "load/game/game_extras.h"

#include <filesystem>

#include "base/length.h"
#include "load/names.h"
#include "load/game/palette.h"
#include "load/schema/schema.h"

namespace fs = std::filesystem;

namespace cardstock::loading {

Board read_board(const YAML::Node& n, const std::string& file, Diagnostics& d) {
  Reader r(n, Schemas::board(), file);
  Board b{r.str("id"), r.str("title"), r.str("deck"), {}, r.list("apart"), {}, r.mark()};
  YAML::Node rows = r.node("rows");
  if (rows && !rows.IsSequence()) d.error(mark_of(rows, file), "'rows' must be a list of lists of card ids");
  if (rows && rows.IsSequence())
    for (const auto& row : rows) {
      if (!row.IsSequence()) {
        d.error(mark_of(row, file), "a board row must be a list of card ids");
        continue;
      }
      std::vector<Board::Cell> cells;
      for (const auto& c : row) cells.push_back({c.IsScalar() ? c.Scalar() : "", mark_of(c, file)});
      b.rows.push_back(std::move(cells));
    }
  if (YAML::Node t = r.node("touch"); t && t.IsSequence())
    for (const auto& rule : t) {
      if (!rule.IsMap()) continue;
      Reader rr(rule, Schemas::board_rule(), file);
      BoardTouchRule br{"", "", rr.str("neighbour"), rr.list("includes"), rr.mark()};
      YAML::Node tiles = rr.node("tiles");
      if (!tiles || !tiles.IsMap() || tiles.size() != 1) {
        d.error(rr.mark("tiles"), "'tiles' must be one field and its value, e.g. {kind: tribe}");
      } else {
        for (const auto& kv : tiles) {
          br.tile_field = kv.first.Scalar();
          br.tile_value = kv.second.IsScalar() ? kv.second.Scalar() : "";
        }
      }
      b.touch.push_back(br);
    }
  if (YAML::Node x = r.node("extras"); x && x.IsSequence())
    for (const auto& e : x) {
      if (!e.IsMap()) continue;
      Reader er(e, Schemas::board_extra(), file);
      b.extras.push_back({{er.str("card"), er.mark()}, er.str("deck"), er.str("beside"), er.str("side")});
    }
  return b;
}

void read_tables(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d) {
  if (!n || !n.IsMap()) return;
  for (const auto& kv : n) {
    if (!kv.second.IsMap()) continue;
    Reader r(kv.second, Schemas::data_table(), file);
    DataTable t{kv.first.Scalar(), r.list("columns"), {}, mark_of(kv.first, file)};
    YAML::Node rows = r.node("rows");
    if (rows && !rows.IsSequence()) {
      d.error(mark_of(rows, file), "'rows' must be a list of rows");
      rows = YAML::Node();
    }
    if (rows)
      for (const auto& row : rows) {
        if (!row.IsSequence()) {
          d.error(mark_of(row, file), "a table row must be a list of values");
          continue;
        }
        std::vector<std::string> cells;
        bool ok = true;
        for (const auto& c : row) {
          if (!c.IsScalar()) {
            d.error(mark_of(c, file), "a table cell must be text or a number");
            ok = false;
            break;
          }
          cells.push_back(c.Scalar());
        }
        if (!ok) continue;
        if (cells.size() != t.columns.size()) {
          d.error(mark_of(row, file), "table '" + t.name + "': this row has " +
                                          std::to_string(cells.size()) + " values but there are " +
                                          std::to_string(t.columns.size()) + " columns");
          continue;
        }
        t.rows.push_back(std::move(cells));
      }
    g->tables.push_back(std::move(t));
  }
}

namespace {

// True for a language tag whose script runs right to left (its first subtag: "he",
// "he-IL", "ar-EG"...).
bool rtl_language(const std::string& tag) {
  const std::string lang = tag.substr(0, tag.find_first_of("-_"));
  for (const char* l : {"ar", "dv", "fa", "he", "iw", "ps", "ur", "yi"})
    if (lang == l) return true;
  return false;
}

// The booklet's language, binding and creep: `creep: auto` is the paper's thickness, each
// nested sheet being pushed out by the paper inside it.
void read_binding(const Reader& r, BookletSpec* b, Diagnostics& d) {
  b->language = r.str("language");
  b->rtl = rtl_language(b->language);
  const std::string binding = r.str("binding");
  b->right_bound = binding == "right" || (binding == "auto" && b->rtl);
  if (!r.has("creep")) return;
  const std::string creep = r.str("creep");
  if (creep == "auto") {
    b->creep = r.length("paper_thickness").pt;
    return;
  }
  std::string err;
  if (const auto l = parse_length(creep, &err))
    b->creep = l->pt;
  else
    d.error(r.mark("creep"), "creep '" + creep + "' is neither auto nor a length (" + err + ")");
}

}  // namespace

void read_booklet(const YAML::Node& n, const std::string& file, const FontSet& fonts, Game* g,
                  Diagnostics& d) {
  Reader r(n, Schemas::booklet(), file);
  BookletSpec b;
  b.source = r.str("source");
  b.path = (fs::path(g->dir) / b.source).lexically_normal().string();
  b.title = r.has("title") ? r.str("title") : g->title;
  b.subtitle = r.str("subtitle");
  b.accent = r.str("accent");
  b.body_font = r.str("body_font");
  b.heading_font = r.str("heading_font");
  b.mark = r.mark();
  for (const char* key : {"body_font", "heading_font"}) {
    const std::string fam = r.str(key);
    if (fonts.has(fam)) continue;
    const auto names = family_names(fonts);
    d.error(r.mark(key), "unknown font '" + fam + "'" + did_you_mean(fam, names) + available(names));
  }
  check_literal_color(b.accent, r.mark("accent"), *g, d);
  read_binding(r, &b, d);
  if (YAML::Node c = r.node("cover"); c && c.IsMap()) {
    Reader cr(c, Schemas::booklet_cover(), file);
    b.cover_deck = cr.str("deck");
    b.cover_cards = cr.list("cards");
    b.cover_mark = cr.mark();
  }
  g->booklet = std::move(b);
}

}  // namespace cardstock::loading
