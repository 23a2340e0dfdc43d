#include "load/booklet.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "base/files.h"
#include "load/icons.h"
#include "load/load.h"
#include "base/paths.h"
#include "base/text_check.h"
#include "base/xml.h"

namespace cardstock {

// Pango markup is XML: the same five entities.
std::string markup_escape(const std::string& s) { return xml_escape(s); }

std::string inline_markup(const std::string& s) {
  // Markers open only when a matching closer follows, and close only in nesting order,
  // so the result is always well-formed markup; anything unpaired prints as a star.
  std::string o;
  std::vector<std::string> open;
  auto closer_after = [&](size_t from, const std::string& m) {
    for (size_t j = from; j + m.size() <= s.size(); ++j) {
      if (s[j] == '\\') {
        ++j;
        continue;
      }
      if (s.compare(j, m.size(), m) != 0) continue;
      if (m == "*" && j + 1 < s.size() && s[j + 1] == '*') {
        ++j;
        continue;
      }
      return true;
    }
    return false;
  };
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\\' && i + 1 < s.size() && (s[i + 1] == '*' || s[i + 1] == '\\')) {
      o += s[++i];
      continue;
    }
    if (c == '*') {
      const std::string m = (i + 1 < s.size() && s[i + 1] == '*') ? "**" : "*";
      const std::string tag = m == "**" ? "b" : "i";
      if (!open.empty() && open.back() == tag) {
        o += "</" + tag + ">";
        open.pop_back();
        i += m.size() - 1;
        continue;
      }
      const bool nested = std::find(open.begin(), open.end(), tag) != open.end();
      if (!nested && closer_after(i + m.size(), m)) {
        o += "<" + tag + ">";
        open.push_back(tag);
        i += m.size() - 1;
        continue;
      }
      o += m;
      i += m.size() - 1;
      continue;
    }
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      default: o += c;
    }
  }
  while (!open.empty()) {
    o += "</" + open.back() + ">";
    open.pop_back();
  }
  return o;
}

std::string part_name(const Game& g, const Deck& d) {
  std::string n = d.title.empty() ? d.id : d.title;
  const std::string prefix = g.title + ": ";
  if (n.size() > prefix.size() && n.compare(0, prefix.size(), prefix) == 0) {
    n = n.substr(prefix.size());
    n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
  }
  return n;
}

namespace {

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

struct Directive {
  std::string name;
  Mark mark;
  std::vector<std::string> args;
  std::vector<Mark> arg_marks;
  std::vector<std::pair<std::string, std::string>> keys;  // in order written
  std::vector<Mark> key_marks;
  const std::string* key(const std::string& k) const {
    for (const auto& kv : keys)
      if (kv.first == k) return &kv.second;
    return nullptr;
  }
};

struct DirectiveSpec {
  const char* name;
  size_t min_args, max_args;
  std::vector<std::string> keys;  // allowed key=value names ("*": any, e.g. a field name)
  bool block;
};

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

// Text gathered from several source lines, remembering where each line's piece starts,
// so a problem found in the joined text is reported at its own line and column.
struct Src {
  std::string text;
  std::vector<size_t> offsets;
  std::vector<int> lines;
  std::vector<size_t> cols;  // 0-based
  void add(const std::string& piece, int line, size_t col) {
    if (!text.empty()) text += ' ';
    offsets.push_back(text.size());
    lines.push_back(line);
    cols.push_back(col);
    text += piece;
  }
  std::pair<int, size_t> at(size_t pos) const {
    size_t k = 0;
    while (k + 1 < offsets.size() && offsets[k + 1] <= pos) ++k;
    if (offsets.empty()) return {0, pos};
    return {lines[k], cols[k] + (pos - offsets[k])};
  }
};

class Parser {
 public:
  Parser(const std::string& file, const Game& g, Diagnostics& d) : file_(file), g_(g), d_(d) {}

  std::vector<Block> run(const std::string& text);

 private:
  Mark at(int line, size_t col) const { return {file_, line, static_cast<int>(col) + 1}; }
  static int line_no(size_t i) { return static_cast<int>(i) + 1; }

  // The block readers: each reads the block that starts at line i of lines_ into `out`
  // (nothing if it has errors) and returns the index of the line after it.
  size_t next_block(size_t i, std::vector<Block>* out);  // whichever block line i starts
  size_t comment(size_t i);
  size_t heading(size_t i, std::vector<Block>* out);
  size_t directive_line(size_t i, std::vector<Block>* out);
  size_t callout(size_t i, std::vector<Block>* out);
  size_t table(size_t i, std::vector<Block>* out);
  size_t list_item(size_t i, bool bullet, size_t num_at, std::vector<Block>* out);
  size_t paragraph(size_t i, std::vector<Block>* out);
  bool blank(size_t i) const;
  bool starts_block(size_t i) const;

  // Splits "{{name a b k=v k="v w"}}" (inner text starting at column `col0`).
  bool tokenize(const std::string& inner, int line, size_t col0, Directive* out);
  std::optional<Directive> directive(const std::string& inner, int line, size_t col0);
  // Expands inline {{count}} directives in `raw` and converts it to markup.
  std::string inline_text(const Src& src);
  std::string inline_text(const std::string& raw, int line, size_t col0) {
    Src s;
    s.add(raw, line, col0);
    return inline_text(s);
  }
  std::optional<std::string> count(const Directive& dv);
  // A directive on a line of its own: appends its block (none if it has errors).
  void block_directive(const Directive& dv, std::vector<Block>* out);
  // The parts of a block directive's block: false (reported) if it cannot be made.
  bool figure(const Directive& dv, Block* b);
  bool figure_labels(const Directive& dv, const Deck& dk, Block* b);
  bool data_table(const Directive& dv, Block* b);
  void parts_table(Block* b);
  bool deck_table(const Directive& dv, Block* b);
  bool tally_table(const Directive& dv, const Deck& dk, const std::map<std::string, std::string>& names,
                   Block* b);
  bool fields_table(const Directive& dv, const Deck& dk, const std::map<std::string, std::string>& names,
                    Block* b);
  const Deck* deck(const std::string& id, const Mark& m);
  bool has_field(const Deck& dk, const std::string& field, const Mark& m);
  std::map<std::string, std::string> names_arg(const Directive& dv);
  bool header_arg(const Directive& dv, size_t columns, std::vector<std::string>* header);
  std::optional<FigureCard> figure_card(const Deck& dk, const std::string& id, const Mark& m);
  std::string game_cell(const std::string& v, size_t row, size_t col, const Mark& m, const std::string& where,
                        Block* b, bool* ok);

  std::string file_;
  const Game& g_;
  Diagnostics& d_;
  std::vector<std::string> lines_;  // the text run() parses
};

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

bool is_numbered(const std::string& s, size_t* text_at) {
  size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i > 3 || i + 1 >= s.size() || (s[i] != '.' && s[i] != ')') || s[i + 1] != ' ')
    return false;
  *text_at = i + 2;
  return true;
}

bool is_bullet(const std::string& s) {
  return s.size() >= 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ';
}

// A line that stands alone as a block directive: {{name ...}} and nothing else.
bool is_block_directive(const std::string& s) {
  if (!starts_with(s, "{{") || s.size() < 4 || s.compare(s.size() - 2, 2, "}}") != 0) return false;
  if (s.find("{{", 2) != std::string::npos) return false;
  size_t i = 2;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  size_t j = i;
  while (j < s.size() && std::isalnum(static_cast<unsigned char>(s[j]))) ++j;
  return s.substr(i, j - i) != "count";
}

std::vector<std::string> table_cells(const std::string& s) {
  std::string t = trim(s);
  if (starts_with(t, "|")) t = t.substr(1);
  if (!t.empty() && t.back() == '|') t.pop_back();
  std::vector<std::string> cells;
  std::string cur;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\\' && i + 1 < t.size() && t[i + 1] == '|') {
      cur += '|';
      ++i;
    } else if (t[i] == '|') {
      cells.push_back(trim(cur));
      cur.clear();
    } else {
      cur += t[i];
    }
  }
  cells.push_back(trim(cur));
  return cells;
}

bool is_separator_row(const std::vector<std::string>& cells) {
  for (const auto& c : cells) {
    if (c.empty()) return false;
    for (char ch : c)
      if (ch != '-' && ch != ':') return false;
  }
  return !cells.empty();
}

// The text's lines, without their '\n' or "\r\n"; a text ending in '\n' ends with an
// empty line.
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find('\n', i);
    if (j == std::string::npos) j = text.size();
    std::string l = text.substr(i, j - i);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(l);
    i = j + 1;
  }
  return lines;
}

// Pango markup without its tags (entities stay escaped).
std::string plain_text(const std::string& markup) {
  std::string plain;
  bool tag = false;
  for (char c : markup) {
    if (c == '<') tag = true;
    else if (c == '>') tag = false;
    else if (!tag) plain += c;
  }
  return plain;
}

std::vector<Block> Parser::run(const std::string& text) {
  lines_ = split_lines(text);
  std::vector<Block> out;
  size_t i = 0;
  while (i < lines_.size()) i = next_block(i, &out);
  return out;
}

size_t Parser::next_block(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  const std::string t = trim(l);
  if (t.empty()) return i + 1;
  if (starts_with(t, "<!--")) return comment(i);
  if (starts_with(l, "#")) return heading(i, out);
  if (is_block_directive(t)) return directive_line(i, out);
  if (starts_with(l, ">")) return callout(i, out);
  if (starts_with(l, "|")) return table(i, out);
  size_t num_at = 0;
  const bool bullet = is_bullet(l);
  if (bullet || is_numbered(l, &num_at)) return list_item(i, bullet, num_at, out);
  return paragraph(i, out);
}

bool Parser::blank(size_t i) const { return trim(lines_[i]).empty(); }

// Whether line i begins a block of its own, and so ends a paragraph.
bool Parser::starts_block(size_t i) const {
  const std::string& t = lines_[i];
  size_t dummy;
  return starts_with(t, "#") || starts_with(t, ">") || starts_with(t, "|") || is_bullet(t) ||
         is_numbered(t, &dummy) || is_block_directive(trim(t)) || starts_with(trim(t), "<!--");
}

// <!-- ... -->, over any number of lines.
size_t Parser::comment(size_t i) {
  const size_t n = lines_.size();
  while (i < n && lines_[i].find("-->") == std::string::npos) ++i;
  if (i == n) d_.error(at(line_no(n - 1), 0), "comment '<!--' is never closed with '-->'");
  return i + 1;
}

// "# Title" or "## Title".
size_t Parser::heading(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  size_t hashes = 0;
  while (hashes < l.size() && l[hashes] == '#') ++hashes;
  if (hashes > 2 || hashes >= l.size() || l[hashes] != ' ') {
    d_.error(at(line_no(i), 0), "headings are '# Title' or '## Title' (a space after the #)");
    return i + 1;
  }
  Block b;
  b.kind = BlockKind::Heading;
  b.level = static_cast<int>(hashes);
  b.mark = at(line_no(i), 0);
  b.text = inline_text(trim(l.substr(hashes + 1)), line_no(i), hashes + 1);
  b.plain = plain_text(b.text);  // the plain title feeds the contents and the running head
  out->push_back(b);
  return i + 1;
}

// {{name ...}} alone on its line.
size_t Parser::directive_line(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  const std::string t = trim(l);
  const size_t col = l.find("{{");
  if (auto dv = directive(t.substr(2, t.size() - 4), line_no(i), col + 2)) block_directive(*dv, out);
  return i + 1;
}

// Lines starting with '>': a callout, its paragraphs parted by lines holding only '>'.
size_t Parser::callout(size_t i, std::vector<Block>* out) {
  Block b;
  b.kind = BlockKind::Callout;
  b.mark = at(line_no(i), 0);
  Src para;
  auto flush = [&] {
    if (!para.text.empty()) b.paragraphs.push_back(inline_text(para));
    para = Src{};
  };
  for (; i < lines_.size() && starts_with(lines_[i], ">"); ++i) {
    std::string body = lines_[i].substr(1);
    size_t col = 1;
    if (!body.empty() && body[0] == ' ') {
      body = body.substr(1);
      col = 2;
    }
    if (trim(body).empty()) {
      flush();
    } else {
      const size_t lead = body.find_first_not_of(" \t");
      para.add(trim(body), line_no(i), col + lead);
    }
  }
  flush();
  out->push_back(b);
  return i;
}

// Lines starting with '|': a header row, a separator row (|---|), then the body rows.
size_t Parser::table(size_t i, std::vector<Block>* out) {
  Block b;
  b.kind = BlockKind::Table;
  b.mark = at(line_no(i), 0);
  std::vector<std::vector<std::string>> rows;
  std::vector<int> row_lines;
  for (; i < lines_.size() && starts_with(lines_[i], "|"); ++i) {
    rows.push_back(table_cells(lines_[i]));
    row_lines.push_back(line_no(i));
  }
  if (rows.size() < 2 || !is_separator_row(rows[1])) {
    d_.error(b.mark, "a table needs a header row and then a separator row like |---|---|");
    return i;
  }
  bool ok = true;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r == 1) continue;
    if (rows[r].size() != rows[0].size()) {
      d_.error(at(row_lines[r], 0), "this table row has " + std::to_string(rows[r].size()) +
                                        " cells but the header has " + std::to_string(rows[0].size()));
      ok = false;
      continue;
    }
    std::vector<std::string> cells;
    for (const auto& c : rows[r]) cells.push_back(inline_text(c, row_lines[r], 0));
    if (r == 0) b.header = cells;
    else b.rows.push_back(cells);
  }
  if (ok) out->push_back(b);
  return i;
}

// "- item", "* item" or "1. item" / "1) item", continued by the lines indented two
// spaces that follow it. `num_at` is where a numbered item's text starts.
size_t Parser::list_item(size_t i, bool bullet, size_t num_at, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  Block b;
  b.kind = bullet ? BlockKind::Bullet : BlockKind::Numbered;
  b.mark = at(line_no(i), 0);
  const size_t text_at = bullet ? 2 : num_at;
  if (!bullet) b.number = l.substr(0, num_at - 2) + ".";
  Src raw;
  raw.add(trim(l.substr(text_at)), line_no(i), text_at);
  for (++i; i < lines_.size() && !blank(i) && starts_with(lines_[i], "  "); ++i)
    raw.add(trim(lines_[i]), line_no(i), lines_[i].find_first_not_of(" \t"));
  b.text = inline_text(raw);
  out->push_back(b);
  return i;
}

// Lines up to a blank line or the start of another block.
size_t Parser::paragraph(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  Block b;
  b.kind = BlockKind::Paragraph;
  b.mark = at(line_no(i), 0);
  Src raw;
  raw.add(trim(l), line_no(i), l.find_first_not_of(" \t"));
  for (++i; i < lines_.size() && !blank(i) && !starts_block(i); ++i)
    raw.add(trim(lines_[i]), line_no(i), lines_[i].find_first_not_of(" \t"));
  b.text = inline_text(raw);
  out->push_back(b);
  return i;
}

}  // namespace

std::vector<Block> parse_booklet(const std::string& text, const std::string& file, const Game& g,
                                 Diagnostics& d) {
  if (text.rfind("\xFF\xFE", 0) == 0 || text.rfind("\xFE\xFF", 0) == 0) {
    d.error({file, 0, 0}, "the file is UTF-16 text: save it as UTF-8");
    return {};
  }
  // Text that is not UTF-8, or holds characters that cannot be drawn, is refused whole:
  // Pango would drop it silently. A byte-order mark at the start is no part of the text.
  if (!check_file_text(text, file, true, d)) return {};
  return Parser(file, g, d).run(text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text);
}

Booklet booklet_from_text(const Game& g, const std::string& text, const std::string& file,
                          Diagnostics& d) {
  Booklet b;
  b.source = file;
  if (g.booklet) {
    const BookletSpec& s = *g.booklet;
    b.title = s.title;
    b.subtitle = s.subtitle;
    auto pal = g.palette.find(s.accent);
    b.accent = pal != g.palette.end() ? pal->second : parse_color(s.accent).value_or(Color{});
    b.body_font = s.body_font;
    b.heading_font = s.heading_font;
    if (!s.cover_deck.empty()) {
      const Deck* dk = g.find_deck(s.cover_deck);
      if (!dk) {
        std::vector<std::string> names;
        for (const auto& x : g.decks) names.push_back(x.id);
        d.error(s.cover_mark, "unknown deck '" + s.cover_deck + "'" + did_you_mean(s.cover_deck, names));
      } else {
        for (const auto& id : s.cover_cards) {
          const Card* card = nullptr;
          for (const auto& c : dk->cards)
            if (c.id == id) card = &c;
          if (!card) {
            std::vector<std::string> ids;
            for (const auto& c : dk->cards) ids.push_back(c.id);
            d.error(s.cover_mark, "deck '" + dk->id + "' has no card '" + id + "'" + did_you_mean(id, ids));
            continue;
          }
          b.cover.push_back({dk->id, id, dk->card.width.pt, dk->card.height.pt, dk->card.shape});
        }
      }
    }
  }
  for (const auto& dk : g.decks) b.parts.push_back({part_name(g, dk), dk.total_cards()});
  b.blocks = parse_booklet(text, file, g, d);
  // One block is set as one Pango layout: megabytes of it would take minutes to set.
  for (const Block& blk : b.blocks) {
    size_t n = blk.text.size() + blk.caption.size();
    for (const auto* v : {&blk.paragraphs, &blk.header})
      for (const auto& x : *v) n += x.size();
    for (const auto& row : blk.rows)
      for (const auto& x : row) n += x.size();
    if (n > kMaxBookletBlockBytes)
      d.error(blk.mark, "this block is " + std::to_string(n) + " bytes long; a paragraph, list item, table or "
                        "callout may be at most " + std::to_string(kMaxBookletBlockBytes) + " bytes (split it)");
  }
  b.text = text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text;
  b.mark = g.booklet ? g.booklet->mark : g.mark;
  return b;
}

std::optional<Booklet> load_booklet(const Game& g, Diagnostics& d) {
  if (!g.booklet) return std::nullopt;
  const BookletSpec& s = *g.booklet;
  std::string resolved, why, text;
  if (!confined_path(g.dir, s.source, g.allow_outside, &resolved, &why)) {
    d.error(s.mark, "booklet source " + why);
    return std::nullopt;
  }
  if (!read_regular_file(s.path, static_cast<size_t>(kMaxBookletBytes), &text, &why)) {
    d.error(s.mark, "cannot read the booklet source '" + s.source + "': " + why + " (looked for " + s.path + ")");
    return std::nullopt;
  }
  return booklet_from_text(g, text, s.path, d);
}

}  // namespace cardstock
