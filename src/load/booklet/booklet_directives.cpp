// booklet_directives: the {{directives}} of a booklet (count, card, table, parts, tally,
// fields, pagebreak) read and resolved against the game, and the text helpers the
// Markdown reader shares.
#include <algorithm>
#include <cctype>
#include <set>

#include "base/text_check.h"
#include "load/booklet/booklet_parser.h"
#include "load/images/icons.h"

namespace cardstock::booklet_md {

std::string trim(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

std::vector<std::string> split_list(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find(sep, i);
    if (j == std::string::npos) j = s.size();
    out.push_back(trim(s.substr(i, j - i)));
    i = j + 1;
  }
  return out;
}

// "map" -> "Map", "start_number" -> "Start number".
std::string heading_of(const std::string& field) {
  std::string h = field;
  std::replace(h.begin(), h.end(), '_', ' ');
  if (!h.empty()) h[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(h[0])));
  return h;
}

// A value as a table shows it: its entry in a directive's 'names', if any.
std::string shown(const std::map<std::string, std::string>& names, const std::string& v) {
  auto it = names.find(v);
  return it == names.end() ? v : it->second;
}

const std::vector<DirectiveSpec>& directive_specs() {
  static const std::vector<DirectiveSpec> specs = {
      {"card", 2, 12, {"caption", "labels"}, true},
      {"table", 1, 1, {"caption"}, true},
      {"parts", 0, 0, {"caption"}, true},
      {"tally", 2, 2, {"header", "caption", "names"}, true},
      {"fields", 2, 8, {"header", "caption", "names"}, true},
      {"pagebreak", 0, 0, {}, true},
      {"count", 1, 1, {"*"}, false},
  };
  return specs;
}

const DirectiveSpec* find_spec(const std::string& name) {
  for (const auto& s : directive_specs())
    if (name == s.name) return &s;
  return nullptr;
}

std::vector<std::string> spec_names() {
  std::vector<std::string> v;
  for (const auto& s : directive_specs()) v.push_back(s.name);
  return v;
}


bool Parser::tokenize(const std::string& inner, int line, size_t col0, Directive* out) {
  size_t i = 0;
  bool first = true;
  while (i < inner.size()) {
    while (i < inner.size() && std::isspace(static_cast<unsigned char>(inner[i]))) ++i;
    if (i >= inner.size()) break;
    const size_t start = i;
    std::string key, value;
    bool quoted = false;
    while (i < inner.size() && !std::isspace(static_cast<unsigned char>(inner[i]))) {
      if (inner[i] == '"') {
        const size_t close = inner.find('"', i + 1);
        if (close == std::string::npos) {
          d_.error(at(line, col0 + i), "unclosed quote in directive");
          return false;
        }
        value += inner.substr(i + 1, close - i - 1);
        quoted = true;
        i = close + 1;
        continue;
      }
      if (inner[i] == '=' && key.empty() && !quoted) {
        key = value;
        value.clear();
        ++i;
        continue;
      }
      value += inner[i++];
    }
    const Mark m = at(line, col0 + start);
    if (first) {
      if (!key.empty() || quoted) {
        d_.error(m, "a directive starts with its name, e.g. {{card DECK ID}}");
        return false;
      }
      out->name = value;
      out->mark = m;
      first = false;
    } else if (!key.empty()) {
      out->keys.push_back({key, value});
      out->key_marks.push_back(m);
    } else {
      out->args.push_back(value);
      out->arg_marks.push_back(m);
    }
  }
  if (first) {
    d_.error(at(line, col0 > 2 ? col0 - 2 : 0), "empty directive {{}}");
    return false;
  }
  return true;
}

std::optional<Directive> Parser::directive(const std::string& inner, int line, size_t col0) {
  Directive dv;
  if (!tokenize(inner, line, col0, &dv)) return std::nullopt;
  const DirectiveSpec* spec = find_spec(dv.name);
  if (!spec) {
    d_.error(dv.mark, "unknown directive '" + dv.name + "'" + did_you_mean(dv.name, spec_names()));
    return std::nullopt;
  }
  bool ok = true;
  if (dv.args.size() < spec->min_args || dv.args.size() > spec->max_args) {
    std::string want = spec->min_args == spec->max_args
                           ? std::to_string(spec->min_args)
                           : std::to_string(spec->min_args) + " to " + std::to_string(spec->max_args);
    d_.error(dv.mark, "'" + dv.name + "' takes " + want + " value(s), got " +
                          std::to_string(dv.args.size()));
    ok = false;
  }
  const bool any_key = std::find(spec->keys.begin(), spec->keys.end(), "*") != spec->keys.end();
  for (size_t k = 0; k < dv.keys.size(); ++k) {
    const std::string& key = dv.keys[k].first;
    if (any_key || std::find(spec->keys.begin(), spec->keys.end(), key) != spec->keys.end()) continue;
    d_.error(dv.key_marks[k], "'" + dv.name + "' has no option '" + key + "'" +
                                  did_you_mean(key, spec->keys));
    ok = false;
  }
  if (any_key && dv.keys.size() > 1) {
    d_.error(dv.key_marks[1], "'" + dv.name + "' takes at most one FIELD=VALUE filter");
    ok = false;
  }
  if (!ok) return std::nullopt;
  return dv;
}

const Deck* Parser::deck(const std::string& id, const Mark& m) {
  if (const Deck* dk = g_.find_deck(id)) return dk;
  std::vector<std::string> names;
  for (const auto& dk : g_.decks) names.push_back(dk.id);
  d_.error(m, "unknown deck '" + id + "'" + did_you_mean(id, names));
  return nullptr;
}

bool Parser::has_field(const Deck& dk, const std::string& field, const Mark& m) {
  std::set<std::string> fields;
  for (const auto& c : dk.cards)
    for (const auto& kv : c.fields) fields.insert(kv.first);
  if (fields.count(field)) return true;
  d_.error(m, "no card of deck '" + dk.id + "' has a field '" + field + "'" +
                  did_you_mean(field, {fields.begin(), fields.end()}));
  return false;
}

std::map<std::string, std::string> Parser::names_arg(const Directive& dv) {
  std::map<std::string, std::string> names;
  const std::string* v = dv.key("names");
  if (!v) return names;
  for (const auto& pair : split_list(*v, ';')) {
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    if (eq == std::string::npos) {
      d_.error(dv.mark, "'names' entries are VALUE=Shown name, separated by ';' (got '" + pair + "')");
      continue;
    }
    names[trim(pair.substr(0, eq))] = trim(pair.substr(eq + 1));
  }
  return names;
}

bool Parser::header_arg(const Directive& dv, size_t columns, std::vector<std::string>* header) {
  const std::string* v = dv.key("header");
  if (!v) return true;
  auto h = split_list(*v, ',');
  if (h.size() != columns) {
    d_.error(dv.mark, "'header' names " + std::to_string(h.size()) + " column(s) but '" +
                          dv.name + "' makes " + std::to_string(columns));
    return false;
  }
  *header = h;
  return true;
}

std::optional<FigureCard> Parser::figure_card(const Deck& dk, const std::string& id, const Mark& m) {
  for (const auto& c : dk.cards)
    if (c.id == id)
      return FigureCard{dk.id, id, dk.card.width.pt, dk.card.height.pt, dk.card.shape};
  std::vector<std::string> ids;
  for (const auto& c : dk.cards) ids.push_back(c.id);
  d_.error(m, "deck '" + dk.id + "' has no card '" + id + "'" + did_you_mean(id, ids));
  return std::nullopt;
}

// A value of the game file as cell (row, col) of table `b` (row 0 is the header): escaped
// for markup, and each icon it names (`:name:` when the game declares icons,
// `<icon name="name"/>` always) set as U+FFFC with its file in b->cell_icons, as the
// cards show them. An unknown name is an error at `m` about `where`, and clears *ok.
std::string Parser::game_cell(const std::string& v, size_t row, size_t col, const Mark& m, const std::string& where,
                              Block* b, bool* ok) {
  const auto refs = icon_refs(v, !g_.icons.empty());
  if (refs.empty()) return markup_escape(v);
  std::string out;
  std::vector<std::string> files;
  auto plain = [&](const std::string& part) {  // an U+FFFC of the value itself is no icon
    for (size_t at = part.find(kIconChar); at != std::string::npos; at = part.find(kIconChar, at + 3))
      files.emplace_back();
    out += markup_escape(part);
  };
  size_t from = 0;
  for (const auto& ref : refs) {
    plain(v.substr(from, ref.at - from));
    from = ref.at + ref.len;
    if (ref.escaped) {
      plain(ref.literal(v));
      continue;
    }
    if (auto icon = g_.icons.find(ref.name); icon != g_.icons.end()) {
      out += kIconChar;
      files.push_back(icon->second.file);
      continue;
    }
    std::vector<std::string> names;
    std::string listed;
    for (const auto& [name, icon] : g_.icons) {
      names.push_back(name);
      listed += (listed.empty() ? "" : ", ") + name;
    }
    d_.error(m, where + ": unknown icon '" + ref.name + "'" +
                    (names.empty() ? "; the game declares no icons (add them under `icons:`)"
                                   : did_you_mean(ref.name, names) + "; the game's icons: " + listed));
    *ok = false;
  }
  plain(v.substr(from));
  if (!files.empty()) b->cell_icons[{row, col}] = std::move(files);
  return out;
}

std::optional<std::string> Parser::count(const Directive& dv) {
  const Deck* dk = deck(dv.args[0], dv.arg_marks[0]);
  if (!dk) return std::nullopt;
  if (dv.keys.empty()) return std::to_string(dk->total_cards());
  const auto& [field, value] = dv.keys[0];
  if (!has_field(*dk, field, dv.key_marks[0])) return std::nullopt;
  long n = 0;
  std::vector<std::string> values;
  for (const auto& c : dk->cards) {
    auto it = c.fields.find(field);
    if (it == c.fields.end()) continue;
    if (it->second == value) n += c.count;
    if (std::find(values.begin(), values.end(), it->second) == values.end()) values.push_back(it->second);
  }
  if (n == 0) {
    d_.error(dv.key_marks[0], "no card of deck '" + dk->id + "' has " + field + " '" + value + "'" +
                                  did_you_mean(value, values));
    return std::nullopt;
  }
  return std::to_string(n);
}

std::string Parser::inline_text(const Src& src) {
  const std::string& raw = src.text;
  std::string expanded;
  size_t i = 0;
  while (i < raw.size()) {
    const size_t open = raw.find("{{", i);
    if (open == std::string::npos) {
      expanded += raw.substr(i);
      break;
    }
    expanded += raw.substr(i, open - i);
    const size_t close = raw.find("}}", open + 2);
    if (close == std::string::npos) {
      const auto [line, col] = src.at(open);
      d_.error(at(line, col), "'{{' without a closing '}}'");
      expanded += raw.substr(open);
      break;
    }
    const auto [line, col] = src.at(open + 2);
    auto dv = directive(raw.substr(open + 2, close - open - 2), line, col);
    if (dv) {
      const DirectiveSpec* spec = find_spec(dv->name);
      if (spec->block) {
        d_.error(dv->mark, "'" + dv->name + "' places a block: put it on a line of its own");
      } else if (auto v = count(*dv)) {
        expanded += *v;
      }
    }
    i = close + 2;
  }
  return inline_markup(expanded);
}

void Parser::block_directive(const Directive& dv, std::vector<Block>* out) {
  Block b;
  b.mark = dv.mark;
  if (const std::string* c = dv.key("caption")) b.caption = inline_markup(*c);
  bool ok = true;
  if (dv.name == "pagebreak") {
    b.kind = BlockKind::PageBreak;
  } else if (dv.name == "card") {
    b.kind = BlockKind::Figure;
    ok = figure(dv, &b);
  } else {
    b.kind = BlockKind::Table;
    if (dv.name == "table") ok = data_table(dv, &b);
    else if (dv.name == "parts") parts_table(&b);
    else ok = deck_table(dv, &b);
  }
  if (ok) out->push_back(b);
}

// {{card DECK ID... labels="FIELD=Label; ..."}}: the cards, and labels about the last.
bool Parser::figure(const Directive& dv, Block* b) {
  const Deck* dk = deck(dv.args[0], dv.arg_marks[0]);
  if (!dk) return false;
  bool ok = true;
  for (size_t k = 1; k < dv.args.size(); ++k) {
    auto fc = figure_card(*dk, dv.args[k], dv.arg_marks[k]);
    if (fc) b->cards.push_back(*fc);
    else ok = false;
  }
  return figure_labels(dv, *dk, b) && ok;
}

bool Parser::figure_labels(const Directive& dv, const Deck& dk, Block* b) {
  const std::string* l = dv.key("labels");
  if (!l) return true;
  bool ok = true;
  for (const auto& pair : split_list(*l, ';')) {
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    if (eq == std::string::npos) {
      d_.error(dv.mark, "'labels' entries are FIELD=Label text, separated by ';' (got '" + pair + "')");
      ok = false;
      continue;
    }
    FigureLabel lab;
    lab.field = trim(pair.substr(0, eq));
    lab.text = inline_markup(trim(pair.substr(eq + 1)));
    if (!has_field(dk, lab.field, dv.mark)) {
      ok = false;
      continue;
    }
    b->labels.push_back(lab);
  }
  return ok;
}

// {{table NAME}}: a table of the game file's 'tables:'.
bool Parser::data_table(const Directive& dv, Block* b) {
  const DataTable* t = g_.find_table(dv.args[0]);
  if (!t) {
    std::vector<std::string> names;
    for (const auto& tb : g_.tables) names.push_back(tb.name);
    d_.error(dv.arg_marks[0], "unknown table '" + dv.args[0] + "'" + did_you_mean(dv.args[0], names) +
                                  " (tables are defined under 'tables:' in the game file)");
    return false;
  }
  bool ok = true;
  const std::string where = "table '" + t->name + "'";
  for (const auto& c : t->columns) b->header.push_back(game_cell(c, 0, b->header.size(), dv.mark, where, b, &ok));
  for (const auto& r : t->rows) {
    std::vector<std::string> row;
    for (const auto& c : r) row.push_back(game_cell(c, b->rows.size() + 1, row.size(), dv.mark, where, b, &ok));
    b->rows.push_back(row);
  }
  return ok;
}

// {{parts}}: every deck and its number of pieces.
void Parser::parts_table(Block* b) {
  b->header = {"Part", "Pieces"};
  for (const auto& dk : g_.decks)
    b->rows.push_back({markup_escape(part_name(g_, dk)), std::to_string(dk.total_cards())});
}

// {{tally DECK FIELD}} and {{fields DECK FIELD...}}: tables made from a deck's cards,
// values shown as 'names' says.
bool Parser::deck_table(const Directive& dv, Block* b) {
  const Deck* dk = deck(dv.args[0], dv.arg_marks[0]);
  if (!dk) return false;
  const auto names = names_arg(dv);
  return dv.name == "tally" ? tally_table(dv, *dk, names, b) : fields_table(dv, *dk, names, b);
}

// Each value of the field, in order of first appearance, and how many pieces have it.
bool Parser::tally_table(const Directive& dv, const Deck& dk, const std::map<std::string, std::string>& names,
                         Block* b) {
  const std::string& field = dv.args[1];
  if (!has_field(dk, field, dv.arg_marks[1])) return false;
  std::vector<std::pair<std::string, long>> tally;  // first appearance order
  for (const auto& c : dk.cards) {
    auto it = c.fields.find(field);
    if (it == c.fields.end()) continue;
    auto t = std::find_if(tally.begin(), tally.end(), [&](const auto& p) { return p.first == it->second; });
    if (t == tally.end()) tally.push_back({it->second, c.count});
    else t->second += c.count;
  }
  std::vector<std::string> header = {heading_of(field), "Pieces"};
  if (!header_arg(dv, 2, &header)) return false;
  for (auto& h : header) b->header.push_back(markup_escape(h));
  bool ok = true;
  const std::string where = "deck '" + dk.id + "', " + field;
  for (const auto& [v, n] : tally)
    b->rows.push_back({game_cell(shown(names, v), b->rows.size() + 1, 0, dv.mark, where, b, &ok), std::to_string(n)});
  return ok;
}

// A row per card: the fields' values.
bool Parser::fields_table(const Directive& dv, const Deck& dk, const std::map<std::string, std::string>& names,
                          Block* b) {
  std::vector<std::string> fields(dv.args.begin() + 1, dv.args.end());
  bool ok = true;
  for (size_t k = 0; k < fields.size(); ++k) ok = has_field(dk, fields[k], dv.arg_marks[k + 1]) && ok;
  if (!ok) return false;
  std::vector<std::string> header;
  for (const auto& f : fields) header.push_back(heading_of(f));
  if (!header_arg(dv, fields.size(), &header)) return false;
  for (auto& h : header) b->header.push_back(markup_escape(h));
  for (const auto& c : dk.cards) {
    std::vector<std::string> row;
    for (const auto& f : fields) {
      auto it = c.fields.find(f);
      const std::string where = "card '" + c.id + "' of deck '" + dk.id + "', " + f;
      row.push_back(it == c.fields.end()
                        ? ""
                        : game_cell(shown(names, it->second), b->rows.size() + 1, row.size(), dv.mark, where, b, &ok));
    }
    b->rows.push_back(row);
  }
  return ok;
}

}  // namespace cardstock::booklet_md
