#include "load/load.h"

#include <yaml-cpp/depthguard.h>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "base/files.h"
#include "base/paths.h"
#include "load/csv_cards.h"
#include "load/icons.h"
#include "load/schema.h"
#include "load/yaml_syntax.h"
#include "base/text_check.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

std::string unclosed_message(const Unclosed& u) {
  if (u.open == '"' || u.open == '\'')
    return std::string("YAML syntax: this quoted text is never closed (a ") + u.open + " is missing)";
  return std::string("YAML syntax: this '") + u.open + "' is never closed (a '" + (u.open == '[' ? ']' : '}') +
         "' is missing)";
}

// Counts the values of `root` as the loader will see them (an alias counts again each
// time it is used), stopping at kMaxYamlValues: false, with the node it stopped at.
bool within_value_limit(const YAML::Node& root, YAML::Node* stop) {
  long seen = 0;
  std::vector<YAML::Node> todo{root};
  while (!todo.empty()) {
    YAML::Node n = todo.back();
    todo.pop_back();
    if (++seen > kMaxYamlValues) {
      *stop = n;
      return false;
    }
    if (n.IsSequence()) {
      for (const auto& c : n) todo.push_back(c);
    } else if (n.IsMap()) {
      for (const auto& kv : n) {
        todo.push_back(kv.first);
        todo.push_back(kv.second);
      }
    }
    if (todo.size() > static_cast<size_t>(kMaxYamlValues)) {  // a huge list of aliases
      *stop = n;
      return false;
    }
  }
  return true;
}

// Checks what yaml-cpp accepts but would lose or merge in silence, over the whole tree:
// every scalar, keys included, must be text that can be drawn (escapes such as "\x01",
// "\0" or "\e" make characters the file's raw bytes did not show), and no map may hold
// a key twice (yaml-cpp keeps both; readers would take one and drop the other); no
// value may carry a tag and no key may be a list, a map or null (yaml-cpp keeps them;
// the readers would drop them). A node
// reached again through an alias (same place, same kind) is walked once, so aliases of
// aliases cannot blow the walk up.
class YamlWalk {
 public:
  YamlWalk(const std::string& file, Diagnostics& d) : file_(file), d_(d) {}
  // `where` names the collection for messages: "'designs'", "an entry of 'cards'".
  void walk(const YAML::Node& n, const std::string& where) {
    tag(n);
    if (n.IsScalar()) {
      scalar(n);
      return;
    }
    if (!n.IsMap() && !n.IsSequence()) return;
    const auto m = n.Mark();
    if (!seen_.insert({m.line, m.column, n.IsMap()}).second) return;
    if (n.IsSequence()) {
      const std::string item = where == "the file" ? where : "an entry of " + where;
      for (const auto& x : n) walk(x, item);
      return;
    }
    std::map<std::string, YAML::Node> keys;
    for (const auto& kv : n) {
      walk(kv.first, where);
      // `? [a, b]: x` or `{a: 1}: x`: yaml-cpp keeps the entry, but every reader looks
      // keys up by their text, so it would be dropped without a word.
      if (!kv.first.IsScalar())
        d_.error(mark_of(kv.first, file_), std::string("a map key must be text, not ") +
                                               (kv.first.IsSequence() ? "a list"
                                                : kv.first.IsMap()    ? "a map"
                                                                      : "empty or null") +
                                               " (in " + where + ")");
      if (kv.first.IsScalar()) {
        const std::string& k = kv.first.Scalar();
        auto [first, fresh] = keys.emplace(k, kv.first);
        if (!fresh) {
          d_.error(mark_of(kv.first, file_), "'" + k + "' is defined twice in " + where +
                                                 ": rename or remove one");
          d_.note(mark_of(first->second, file_), "'" + k + "' is first defined here");
        }
      }
      walk(kv.second, kv.first.IsScalar() ? "'" + kv.first.Scalar() + "'" : where);
    }
  }

 private:
  // A tag (`!include x`, `!!int 3`) is read past by yaml-cpp: the value after it would be
  // used as plain text and the tag dropped. Every explicit tag is refused, the standard
  // ones (`!!str`) too: cardstock reads every value as its text and has no use for one.
  // yaml-cpp gives "?" for a plain value and "!" for a quoted one (or a bare `!`, which
  // means the same: text).
  void tag(const YAML::Node& n) {
    const std::string& t = n.Tag();
    if (t.empty() || t == "?" || t == "!") return;
    const std::string core = "tag:yaml.org,2002:";
    const std::string written = t.rfind(core, 0) == 0 ? "!!" + t.substr(core.size())
                                : t[0] == '!'         ? t
                                                      : "!<" + t + ">";
    d_.error(mark_of(n, file_), "YAML tags are not supported: remove '" + shown_text(written, 0) +
                                    "' and write the value itself");
  }

  void scalar(const YAML::Node& n) {
    const std::string& s = n.Scalar();
    auto f = find_text_fault(s);
    if (!f) return;
    const std::string msg = "\"" + shown_text(s, f->offset) + "\": " + text_fault_message(*f, false);
    if (f->error) d_.error(mark_of(n, file_), msg);
    else d_.warning(mark_of(n, file_), msg);
  }
  const std::string& file_;
  Diagnostics& d_;
  std::set<std::tuple<int, int, bool>> seen_;
};

// Where each document after the first that holds anything starts (by events, not nodes:
// yaml-cpp's LoadAll loops for ever on some inputs, such as a ',' at the top level, which
// makes empty documents without moving on; this stops when the parser stops advancing).
// Only a file with a document marker at the start of a line can hold a second document,
// so others are not parsed twice.
std::vector<YAML::Mark> later_documents(const std::string& text) {
  bool marker = false;
  for (size_t at = 0; !marker;) {
    marker = text.compare(at, 3, "---") == 0 || text.compare(at, 3, "...") == 0;
    at = text.find('\n', at);
    if (at == std::string::npos) break;
    ++at;
  }
  if (!marker) return {};
  struct Events : YAML::EventHandler {
    int docs = 0;
    bool content = false;
    YAML::Mark start;
    std::vector<YAML::Mark> found;
    void OnDocumentStart(const YAML::Mark& m) override {
      ++docs;
      content = false;
      start = m;
    }
    void OnDocumentEnd() override {
      if (docs > 1 && content) found.push_back(start);
    }
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override { content = true; }
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {
      content = true;
    }
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
      content = true;
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
      content = true;
    }
    void OnMapEnd() override {}
  } events;
  std::istringstream in(text);
  YAML::Parser parser(in);
  int last = -1;
  while (parser.HandleNextDocument(events)) {
    if (events.start.pos <= last) {  // stalled: what follows is not read, so it is lost too
      if (events.docs > 1 && (events.found.empty() || events.found.back().pos != events.start.pos))
        events.found.push_back(events.start);
      break;
    }
    last = events.start.pos;
  }
  return events.found;
}

// Where a later document starts: the '---' (or '...') line at or before `line` and after
// `floor` (0-based; `starts` holds each line's offset in `text`).
Mark document_start(const std::string& text, const std::vector<size_t>& starts, int line, int floor,
                    const std::string& file, std::string* marker) {
  for (int l = std::min<int>(line, static_cast<int>(starts.size()) - 1); l > floor; --l) {
    const std::string_view s = std::string_view(text).substr(starts[l]);
    for (const char* m : {"---", "..."})
      if (s.substr(0, 3) == m && (s.size() == 3 || s[3] == ' ' || s[3] == '\t' || s[3] == '\r' || s[3] == '\n')) {
        *marker = m;
        return {file, l + 1, 1};
      }
  }
  *marker = "---";
  return {file, line + 1, 1};
}

// Where nesting first goes deeper than yaml-cpp's limit. yaml-cpp reports the place its
// scanner has read to, which for brackets on one line is the end of the line or the next
// one. Its events carry each collection's own place: the last collection opened before
// the limit stops the parser is the one whose first entry is too deep, and that entry
// is the next thing written after its '[', '{' or '- ' (or the map's own first key).
Mark too_deep_at(const std::string& text, const std::string& name, const YAML::Mark& reported) {
  struct Events : YAML::EventHandler {
    std::optional<YAML::Mark> last;
    bool map = false;
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
    void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
      last = m;
      map = false;
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
      last = m;
      map = true;
    }
    void OnMapEnd() override {}
  } events;
  std::istringstream in(text);
  try {
    YAML::Parser parser(in);
    parser.HandleNextDocument(events);
  } catch (const YAML::Exception&) {  // the same DeepRecursion, now with the place known
  }
  if (!events.last) return {name, reported.line + 1, reported.column + 1};
  const YAML::Mark m = *events.last;
  Mark at{name, m.line + 1, m.column + 1};
  // The collection's own place as an offset: its line's start plus its column (bytes, as
  // yaml-cpp counts them; a UTF-8 byte-order mark it skipped comes first).
  size_t i = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  for (int line = 0; line < m.line && i < text.size(); ++line) {
    i = text.find('\n', i);
    if (i == std::string::npos) return at;
    ++i;
  }
  size_t line_start = i;
  i += m.column;
  if (i >= text.size()) return at;
  const char c = text[i];
  const bool dash = c == '-' && i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '\n');
  // A map not opened by '{' (a block map, or a flow list's `[a: b]` entry) starts at its
  // first key, which is the entry too deep.
  if (events.map ? c != '{' : c != '[' && !dash) return at;
  int line = at.line;
  for (++i; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    } else if (text[i] == '#') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') {
      return {name, line, static_cast<int>(i - line_start) + 1};
    }
  }
  return at;
}

// Parses the one YAML document of a file (`what`: "a game file", for messages).
bool parse_yaml(const std::string& text, const std::string& name, const std::string& what,
                YAML::Node* out, Diagnostics& d) {
  // A file in UTF-16 or UTF-32 (with its byte-order mark) is decoded by yaml-cpp; its
  // scalars are still checked below. Anything else must be UTF-8 text.
  const bool wide = text.rfind("\xFF\xFE", 0) == 0 || text.rfind("\xFE\xFF", 0) == 0 ||
                    text.rfind(std::string("\0\0\xFE\xFF", 4), 0) == 0;
  if (!wide && !check_file_text(text, name, false, d)) return false;
  try {
    *out = YAML::Load(text);
    // yaml-cpp takes the end of the file as the end of a quote left open, so the rest of
    // the file would silently become one string.
    if (auto u = find_unclosed(text); u && (u->open == '"' || u->open == '\'')) {
      d.error({name, u->line, u->col}, unclosed_message(*u));
      return false;
    }
    YAML::Node stop;
    if (!within_value_limit(*out, &stop)) {
      d.error(mark_of(stop, name), "this file holds more than " + std::to_string(kMaxYamlValues) +
                                       " values once its aliases (*name) are expanded; the limit is " +
                                       std::to_string(kMaxYamlValues));
      return false;
    }
    YamlWalk(name, d).walk(*out, "the file");
    // yaml-cpp's Load reads the first document and drops the rest unseen. An empty one
    // (a '---' with nothing after it) loses nothing. The first one lost is reported, with
    // how many follow it.
    const auto later = later_documents(text);
    if (!later.empty()) {
      std::vector<size_t> starts{0};
      for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') starts.push_back(i + 1);
      std::string marker;
      const Mark m = document_start(text, starts, later[0].line, -1, name, &marker);
      const size_t more = later.size() - 1;
      d.error(m, what + " holds one YAML document; this second document (after '" + marker + "')" +
                     (more ? " and the " + std::to_string(more) + " after it" : std::string()) +
                     " would be ignored: join " + (more ? "them" : "it") + " to the first or remove " +
                     (more ? "them" : "it"));
    }
    return true;
  } catch (const YAML::DeepRecursion& e) {
    d.error(wide ? Mark{name, e.mark.line + 1, e.mark.column + 1} : too_deep_at(text, name, e.mark),
            "YAML nesting is deeper than " + std::to_string(e.depth()) + " levels");
    return false;
  } catch (const YAML::Exception& e) {
    Mark m{name, e.mark.line + 1, e.mark.column + 1};
    if (e.mark.is_null()) m.line = 0;
    // yaml-cpp notices a bracket or quote left open only where the file stops making
    // sense, often a line or more later: point at the opening one instead.
    if (auto u = find_unclosed(text); u && (m.line == 0 || u->line < m.line || (u->line == m.line && u->col < m.col))) {
      d.error({name, u->line, u->col}, unclosed_message(*u));
      return false;
    }
    d.error(m, "YAML syntax: " + e.msg);
    return false;
  }
}

// "; available: a, b, c" (each once, at most 40), so a wrong name shows what could be
// written instead.
std::string available(const std::vector<std::string>& names) {
  std::vector<std::string> seen;
  std::string s;
  for (const auto& n : names) {
    if (std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
    seen.push_back(n);
    if (seen.size() <= 40) s += (seen.size() == 1 ? "; available: " : ", ") + n;
  }
  if (seen.size() > 40) s += " and " + std::to_string(seen.size() - 40) + " more";
  return s.empty() ? "; none is defined" : s;
}

// Every id of a list of papers, card sizes or stocks (their aliases are accepted too,
// but listing them would only make the list longer).
template <class T>
std::vector<std::string> ids_of(const std::vector<T>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.id);
  return out;
}

// Reports unknown names with a "did you mean" from the known ones, and lists those
// (`shown`, else `known`).
void unknown(Diagnostics& d, const Mark& m, const std::string& what, const std::string& name,
             const std::vector<std::string>& known, const std::vector<std::string>& shown = {}) {
  d.error(m, "unknown " + what + " '" + name + "'" + did_you_mean(name, known) + available(shown.empty() ? known : shown));
}

std::vector<std::string> family_names(const FontSet& fonts) {
  std::vector<std::string> names;
  for (const auto& f : fonts.families) names.push_back(f.family);
  return names;
}

// The second use of a name that must be unique is an error, with a note at the first.
class UniqueNames {
 public:
  bool has(const std::string& name) const { return first_.count(name) > 0; }
  /// True if `name` is new; else reports `message` at `m` and where `name` was first used.
  bool add(const std::string& name, const Mark& m, const std::string& message, Diagnostics& d,
           const std::string& used = "used") {
    auto [first, fresh] = first_.emplace(name, m);
    if (!fresh) {
      d.error(m, message);
      d.note(first->second, "'" + name + "' is first " + used + " here");
    }
    return fresh;
  }

 private:
  std::map<std::string, Mark> first_;
};

// Papers, card sizes and stocks are found by id or alias: every name of one must be
// unique among all of them, or a deck naming it would get whichever came first.
template <class T>
bool names_unique(const std::vector<T>& known, const T& x, const std::string& what, Diagnostics& d) {
  std::vector<std::string> names{x.id};
  names.insert(names.end(), x.aliases.begin(), x.aliases.end());
  for (const auto& n : names)
    for (const auto& k : known) {
      const bool taken = k.id == n || std::find(k.aliases.begin(), k.aliases.end(), n) != k.aliases.end();
      if (!taken) continue;
      d.error(x.mark, n == x.id && k.id == n
                          ? what + " '" + n + "' is defined twice"
                          : what + " '" + x.id + "': the name '" + n + "' is already one of " + what +
                                " '" + k.id + "'");
      d.note(k.mark, what + " '" + k.id + "' is first defined here");
      return false;
    }
  return true;
}

Paper read_paper(const YAML::Node& n, const std::string& file) {
  Reader r(n, Schemas::paper(), file);
  Paper p{r.str("id"), r.length("width"), r.length("height"), r.list("aliases"), r.mark(), r.length("margin")};
  p.everyday = r.boolean("everyday");
  p.booklet_page = r.str("booklet_page");
  return p;
}

CardSize read_card_size(const YAML::Node& n, const std::string& file, Diagnostics& d) {
  Reader r(n, Schemas::card_size(), file);
  CardSize c{r.str("id"),     r.length("width"),  r.length("height"), r.length("bleed"),
             r.length("safe"), r.length("radius"), r.list("aliases"),  r.mark()};
  const std::string shape = r.str("shape");
  c.shape = shape == "hex" ? Shape::Hex : shape == "circle" ? Shape::Circle : Shape::Rect;
  // A regular hexagon's box is fixed by its height; a circle's is square. Say so rather
  // than draw a squashed tile.
  if (c.shape == Shape::Hex && std::fabs(c.width.pt - c.height.pt * std::sqrt(3.0) / 2) > 0.01)
    d.error(r.mark("width"), "hex '" + c.id + "' must be " +
                                 format_number((c.height * (std::sqrt(3.0) / 2)).in_mm()) +
                                 "mm wide (height x 0.866), not " + format_number(c.width.in_mm()) +
                                 "mm");
  if (c.shape == Shape::Circle && std::fabs(c.width.pt - c.height.pt) > 0.01)
    d.error(r.mark("width"), "circle '" + c.id + "' must be as wide as it is high");
  return c;
}

template <class T>
void check_positive_size(const T& x, const std::string& what, Diagnostics& d) {
  if (x.width.pt <= 0 || x.height.pt <= 0)
    d.error(x.mark, what + " '" + x.id + "' must have a width and height above zero");
}

// A layer whose type is missing or unknown: reported, and read as an empty rectangle
// (no size) so the design still loads and every other problem in it is reported too.
Layer untyped_layer(const YAML::Node& n, const std::string& type, const std::vector<std::string>& types,
                    const std::string& file, Diagnostics& d) {
  if (!n.IsMap()) {
    d.error(mark_of(n, file), "a layer must be a map with a 'type' key");
  } else if (!n["type"]) {
    d.error(mark_of(n, file), "missing required key 'type' in layer (one of rect, ellipse, "
                              "line, text, image)");
  } else {
    const std::string hint = did_you_mean(type, types);
    d.error(mark_of(n["type"], file),
            "unknown layer type '" + type + "'" +
                (hint.empty() ? " (use rect, ellipse, line, text or image)" : hint));
  }
  Layer l;
  l.type = LayerType::Rect;
  l.mark = mark_of(n, file);
  l.w = l.h = {0, false};
  return l;
}

// A text layer's font: a family of the font set, else a warning and the default family.
std::string text_font(const Reader& r, const FontSet& fonts, Diagnostics& d) {
  const std::string font = r.str("font");
  if (fonts.has(font)) return font;
  const auto names = family_names(fonts);
  d.warning(r.mark("font"), "unknown font '" + font + "'" + did_you_mean(font, names) + "; using '" +
                                fonts.default_family + "'" + available(names));
  return fonts.default_family;
}

// size and min_size: above zero (validate() refused negatives), at most kMaxFontSizePt,
// and min_size no larger than size.
void text_sizes(const Reader& r, Layer* l, Diagnostics& d) {
  l->size = r.length("size");
  l->min_size = r.length("min_size");
  if (l->size.pt == 0) d.error(r.mark("size"), "'size' must be above zero");
  if (l->min_size.pt == 0) d.error(r.mark("min_size"), "'min_size' must be above zero");
  for (const char* key : {"size", "min_size"})
    if (r.length(key).pt > kMaxFontSizePt)
      d.error(r.mark(key), std::string("'") + key + "' is " + format_number(r.length(key).pt) +
                               "pt; a font size may be at most " + format_number(kMaxFontSizePt) + "pt");
  if (l->min_size.pt > l->size.pt) l->min_size = l->size;
}

void read_text_layer(const Reader& r, const FontSet& fonts, Layer* l, Diagnostics& d) {
  l->text = r.str("text");
  l->text_mark = r.mark("text");
  l->style_mark = r.mark("style");
  l->weight_mark = r.mark("weight");
  l->font = text_font(r, fonts, d);
  l->bold = r.str("weight") == "bold";
  l->italic = r.str("style") == "italic";
  text_sizes(r, l, d);
  l->shrink = r.boolean("shrink");
  l->color = r.str("color");
  static const std::map<std::string, Align> aligns = {{"left", Align::Left},
                                                      {"center", Align::Center},
                                                      {"right", Align::Right},
                                                      {"justify", Align::Justify}};
  l->align = aligns.count(r.str("align")) ? aligns.at(r.str("align")) : Align::Left;
  const std::string va = r.str("valign");
  l->valign = va == "middle" ? VAlign::Middle : va == "bottom" ? VAlign::Bottom : VAlign::Top;
  l->markup = r.boolean("markup");
  l->rtl = r.str("dir") == "rtl";
  l->line_spacing = r.number("line_spacing");
  if (l->line_spacing <= 0 || l->line_spacing > 10)
    d.error(r.mark("line_spacing"), "'line_spacing' must be above 0 and at most 10");
}

void read_image_layer(const Reader& r, Layer* l) {
  l->src = r.str("src");
  l->src_mark = r.mark("src");
  const std::string fit = r.str("fit");
  l->fit = fit == "cover" ? Fit::Cover : fit == "stretch" ? Fit::Stretch : Fit::Contain;
}

// Checks shared by every layer type: a box above zero (a line's w and h are a vector and
// may be anything), and texts within kMaxTextBytes whose {field} references parse.
void check_layer(const Reader& r, const Schema& s, const Layer& l, Diagnostics& d) {
  for (const char* key : {"w", "h"})
    if (l.type != LayerType::Line && r.has(key) && r.rel_length(key).value <= 0)
      d.error(r.mark(key), std::string("'") + key + "' must be above zero");
  for (const char* key : {"when", "text", "src", "fill", "stroke", "color"}) {
    if (!s.find(key) || !r.has(key)) continue;
    if (r.str(key).size() > kMaxTextBytes) {
      d.error(r.mark(key), "'" + std::string(key) + "' is " + std::to_string(r.str(key).size()) +
                               " bytes long; a text may be at most " + std::to_string(kMaxTextBytes) + " bytes");
      continue;
    }
    std::string err;
    template_fields(r.str(key), &err);
    if (!err.empty()) d.error(r.mark(key), "'" + std::string(key) + "': " + err);
  }
}

Layer read_layer(const YAML::Node& n, const std::string& file, const FontSet& fonts,
                 Diagnostics& d) {
  const std::string type = n.IsMap() && n["type"] ? n["type"].as<std::string>("") : "";
  const auto types = Schemas::layer_types();
  if (std::find(types.begin(), types.end(), type) == types.end())
    return untyped_layer(n, type, types, file, d);
  const Schema& s = Schemas::layer(type);
  validate(n, s, file, d);
  Reader r(n, s, file);
  static const std::map<std::string, LayerType> kinds = {{"rect", LayerType::Rect},
                                                         {"ellipse", LayerType::Ellipse},
                                                         {"line", LayerType::Line},
                                                         {"text", LayerType::Text},
                                                         {"image", LayerType::Image}};
  Layer l;
  l.type = kinds.at(type);
  l.mark = r.mark();
  l.x = r.rel_length("x");
  l.y = r.rel_length("y");
  l.w = r.rel_length("w");
  l.h = r.rel_length("h");
  l.when = r.str("when");
  l.rotate = static_cast<int>(r.integer("rotate"));
  auto opt = [&](const char* key) { return s.find(key) ? r.str(key) : std::string(); };
  l.fill = opt("fill");
  l.stroke = opt("stroke");
  if (s.find("stroke_width")) l.stroke_width = r.length("stroke_width");
  if (s.find("radius")) l.radius = r.length("radius");
  if (s.find("bleed")) l.bleed = r.boolean("bleed");
  if (l.type == LayerType::Text) read_text_layer(r, fonts, &l, d);
  if (l.type == LayerType::Image) read_image_layer(r, &l);
  for (const Field& f : s.fields)
    if (f.per_card && r.has(f.name) && r.str(f.name).find('{') != std::string::npos)
      l.per_card.push_back({f.name, r.str(f.name), r.mark(f.name)});
  check_layer(r, s, l, d);
  return l;
}

Design read_design(const std::string& name, const YAML::Node& n, const std::string& file,
                   const FontSet& fonts, Diagnostics& d) {
  Design des;
  des.name = name;
  des.mark = mark_of(n, file);
  if (!n.IsMap()) return des;  // validate() reported it
  Reader r(n, Schemas::design(), file);
  des.extends = r.str("extends");
  des.background = r.str("background");
  des.legible_size = r.length("legible_size");
  YAML::Node layers = r.node("layers");
  if (layers && !layers.IsNull()) {
    if (!layers.IsSequence()) {
      d.error(mark_of(layers, file), "'layers' must be a list of layers");
    } else {
      for (const auto& ln : layers) des.layers.push_back(read_layer(ln, file, fonts, d));
    }
  }
  return des;
}

void read_designs(const YAML::Node& map, const std::string& file, const FontSet& fonts,
                  std::map<std::string, Design>* out, Diagnostics& d) {
  if (!map || !map.IsMap()) return;
  for (const auto& kv : map) {
    const std::string name = kv.first.Scalar();
    Design des = read_design(name, kv.second, file, fonts, d);
    // Twice in one file is a duplicate key (reported by the walk); in two templates files
    // one would replace the other unseen.
    auto it = out->find(name);
    if (it != out->end() && it->second.mark.file != file) {
      d.error(des.mark, "design '" + name + "' is defined twice in the templates");
      d.note(it->second.mark, "design '" + name + "' is first defined here");
      continue;
    }
    (*out)[name] = std::move(des);
  }
}

std::vector<std::string> yaml_files(const fs::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".yaml" || e.path().extension() == ".yml")
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<YAML::Node> load_checked(const std::string& path, const Schema& s,
                                       Diagnostics& d) {
  std::string text;
  if (!read_file(path, &text, d)) return std::nullopt;
  YAML::Node n;
  if (!parse_yaml(text, path, "a templates file", &n, d)) return std::nullopt;
  if (!validate(n, s, path, d)) {
    if (!n.IsMap()) return std::nullopt;
  }
  return n;
}

// Where a stock's outputs go and how they are made: a paper and a grid, or one card a
// page or image (print shops), or a Tabletop Simulator sheet; resolution, page order, the
// other card sizes it takes, CMYK and the ink limit. Each value is checked here, where it
// is read: a dpi of 0 or 10^9, a sheet of 11 x 7 cells, an unknown card size.
void read_output_keys(const Reader& r, const Templates& t, bool grid_ok, Stock* s, Diagnostics& d, bool* ok) {
  auto fail = [&](const Mark& m, const std::string& msg) {
    d.error(m, "stock '" + s->id + "': " + msg);
    *ok = false;
  };
  const std::string format = r.str("format");
  s->format = format == "png" ? StockFormat::Png : format == "tts" ? StockFormat::Tts : StockFormat::Pdf;
  const std::string order = r.str("order");
  s->order = order == "back-front" ? PageOrder::BackFront : PageOrder::FrontBack;
  s->preflight = r.boolean("preflight");
  s->legible_size = r.length("legible_size");
  s->cmyk = r.boolean("cmyk");
  const bool paper = r.has("paper"), grid = r.has("grid");
  if (s->format == StockFormat::Pdf && paper && !grid)
    fail(r.mark(), "a stock with a paper needs a grid (the columns and rows of cards on it)");
  if (s->format == StockFormat::Pdf && !paper && grid)
    fail(r.mark("grid"), "it has no paper, so each page is one card: it takes no grid");
  if (s->format != StockFormat::Pdf && paper)
    fail(r.mark("paper"), std::string("a ") + format + " stock makes images, not sheets: it takes no paper");
  if (s->format == StockFormat::Png && grid)
    fail(r.mark("grid"), "a png stock makes one image a card face: it takes no grid");
  if (s->format == StockFormat::Tts && !grid)
    fail(r.mark(), "a tts stock needs a grid: the cells of a Tabletop Simulator deck sheet (at most 10 x 7)");
  if (s->format == StockFormat::Tts && grid && grid_ok && (s->columns > 10 || s->rows > 7 || s->columns * s->rows < 2))
    fail(r.mark("grid"), "a Tabletop Simulator deck sheet has at most 10 x 7 cells and at least 2 (the last "
                         "one is the hidden-card image), not " +
                             std::to_string(s->columns) + " x " + std::to_string(s->rows));
  if (s->cmyk && s->format != StockFormat::Pdf)
    fail(r.mark("cmyk"), "cmyk converts PDFs; the images of a " + format + " stock stay RGB");
  // Checked as read: an int cast first would turn 4294967596 dpi into 300.
  const long dpi = r.integer("dpi");
  if (dpi < 1 || dpi > kMaxDpi) {
    fail(r.mark("dpi"), "dpi must be 1 to " + std::to_string(kMaxDpi) + ", not " + std::to_string(dpi));
  } else {
    s->dpi = static_cast<int>(dpi);
    // A card face with its bleed (a tts sheet is scaled down to fit, so never too big).
    const double w = std::round((s->card.width + s->card.bleed * 2).in_inches() * dpi);
    const double h = std::round((s->card.height + s->card.bleed * 2).in_inches() * dpi);
    if (s->format == StockFormat::Png && w * h > static_cast<double>(kMaxRasterPixels))
      fail(r.mark("dpi"), "one card image at " + std::to_string(dpi) + " dpi would be " + format_number(w) + " x " +
                              format_number(h) + " pixels; the limit is " +
                              std::to_string(kMaxRasterPixels / 1000000) + " megapixels an image");
  }
  if (r.has("ink_limit")) {
    const double ink = r.number("ink_limit");
    if (!(ink >= 1 && ink <= 400))
      fail(r.mark("ink_limit"), "ink_limit is a total ink percentage from 1 to 400 (four inks at 100 %), not " +
                                    format_number(ink));
    else
      s->ink_limit = ink;
  }
  // A card size it accepts is drawn at its own size centred on the stock's trim: its art
  // (trim and bleed) must cover the whole page, or the page would show a white edge.
  if (YAML::Node list = r.node("accepts"); list && list.IsSequence())
    for (const auto& item : list) {
      const Mark m = mark_of(item, r.mark().file);
      const CardSize* c = item.IsScalar() ? t.find_card(item.Scalar()) : nullptr;
      if (!c) {
        if (item.IsScalar()) unknown(d, m, "card size", item.Scalar(), t.card_names());
        *ok = false;
        continue;
      }
      const double page_w = (s->card.width + s->card.bleed * 2).pt, page_h = (s->card.height + s->card.bleed * 2).pt;
      const double art_w = (c->width + c->bleed * 2).pt, art_h = (c->height + c->bleed * 2).pt;
      // (A Tabletop Simulator sheet draws every card at its own trim: nothing to cover.)
      if (s->format != StockFormat::Tts && (art_w + 1e-6 < page_w || art_h + 1e-6 < page_h)) {
        d.error(m, "stock '" + s->id + "' cannot take " + c->id + " cards: with their bleed they are " +
                       format_number(c->width.in_mm() + 2 * c->bleed.in_mm()) + " x " +
                       format_number(c->height.in_mm() + 2 * c->bleed.in_mm()) + " mm, smaller than its " +
                       format_number(Length{page_w}.in_mm()) + " x " + format_number(Length{page_h}.in_mm()) +
                       " mm page");
        *ok = false;
        continue;
      }
      s->accepts.push_back(*c);
    }
}

// The keys of a stock that issue 16 added: row gutter, margin, fold, cutter and label
// area (after the paper, card, kind, grid and gutter are read).
void read_stock_sheet(const Reader& r, const std::string& file, Stock* s, Diagnostics& d, bool* ok) {
  s->row_gutter = r.has("row_gutter") ? r.length("row_gutter") : s->gutter;
  s->margin = r.has("margin") ? r.length("margin") : s->paper.margin;
  s->fold = r.str("fold") == "horizontal" ? Fold::Horizontal : Fold::Vertical;
  s->fold_gap = r.length("fold_gap");
  const std::string cutter = r.str("cutter");
  s->cutter = cutter == "silhouette" ? Cutter::Silhouette : cutter == "cricut" ? Cutter::Cricut : Cutter::None;
  for (const char* key : {"fold", "fold_gap"})
    if (s->kind != StockKind::Foldover && r.has(key)) {
      d.error(r.mark(key), std::string("'") + key + "' is for fold-over stocks (kind: foldover) only");
      *ok = false;
    }
  if (s->kind == StockKind::Foldover && s->packing == Packing::Honeycomb) {
    d.error(r.mark("packing"), "a fold-over stock cannot pack a honeycomb: each tile needs its back across the fold");
    *ok = false;
  }
  if (s->paper.width.pt > 0 && 2 * s->margin.pt >= std::min(s->paper.width.pt, s->paper.height.pt)) {
    d.error(r.mark("margin"), "stock '" + s->id + "': a margin of " + format_number(s->margin.in_mm()) +
                                  " mm leaves nothing of " + s->paper.id + " paper to print on");
    *ok = false;
  }
  if (YAML::Node a = r.node("label_area"); a && a.IsMap()) {
    Reader ar(a, Schemas::paper_area(), file);
    s->label_area = {ar.length("x"), ar.length("y"), ar.length("w"), ar.length("h"), true};
    const PaperArea& l = s->label_area;
    if (s->paper.width.pt > 0 && ((l.x + l.w).pt > s->paper.width.pt + 1e-6 || (l.y + l.h).pt > s->paper.height.pt + 1e-6)) {
      d.error(r.mark("label_area"), "stock '" + s->id + "': its label area runs off " + s->paper.id + " paper");
      *ok = false;
    }
  }
}

// The stock's grid of cards (and their backs, on a fold-over sheet) must fit its paper.
void check_grid_fits(const Stock& s, const Mark& at, Diagnostics& d, bool* ok) {
  const bool turned = s.rotate == 90;
  const Length cw = turned ? s.card.height : s.card.width;
  const Length ch = turned ? s.card.width : s.card.height;
  Length gw = cw * s.columns + s.gutter * (s.columns - 1);
  Length gh = ch * s.rows + s.row_gutter * (s.rows - 1);
  if (s.packing == Packing::Honeycomb) gh = ch + ch * (0.75 * (s.rows - 1));
  // A fold-over sheet holds the backs too, across the fold gap.
  if (s.kind == StockKind::Foldover && s.fold == Fold::Vertical) gw = gw * 2 + s.fold_gap;
  if (s.kind == StockKind::Foldover && s.fold == Fold::Horizontal) gh = gh * 2 + s.fold_gap;
  if (gw.pt > s.paper.width.pt + 1e-6 || gh.pt > s.paper.height.pt + 1e-6) {
    d.error(at,
            "stock '" + s.id + "': " + std::to_string(s.columns) + " x " +
                std::to_string(s.rows) + " " + s.card.id + (s.kind == StockKind::Foldover ? " cards and their backs" : " cards") + " need " +
                format_number(gw.in_mm()) + " x " + format_number(gh.in_mm()) +
                " mm but " + s.paper.id + " paper is " + format_number(s.paper.width.in_mm()) +
                " x " + format_number(s.paper.height.in_mm()) + " mm");
    *ok = false;
  }
}

Stock read_stock(const YAML::Node& n, const std::string& file, const Templates& t,
                 Diagnostics& d, bool* ok) {
  Reader r(n, Schemas::stock(), file);
  Stock s;
  s.id = r.str("id");
  s.aliases = r.list("aliases");
  s.description = r.str("description");
  s.mark = r.mark();
  *ok = true;
  if (const Paper* p = t.find_paper(r.str("paper"))) {
    s.paper = *p;
  } else if (r.has("paper")) {
    unknown(d, r.mark("paper"), "paper", r.str("paper"), t.paper_names(), ids_of(t.papers));
    *ok = false;
  }
  if (const CardSize* c = t.find_card(r.str("card"))) {
    s.card = *c;
  } else if (r.has("card")) {
    unknown(d, r.mark("card"), "card size", r.str("card"), t.card_names(), ids_of(t.cards));
    *ok = false;
  }
  const std::string kind = r.str("kind");
  s.kind = kind == "labels" ? StockKind::Labels : kind == "foldover" ? StockKind::Foldover : StockKind::Cardstock;
  YAML::Node g = r.node("grid");
  bool grid_ok = true;  // false: reported below, not to be judged again
  if (g && g.IsMap()) {
    Reader gr(g, Schemas::grid(), file);
    // Checked as read: an int cast first would turn 4294967297 columns into 1.
    const long columns = gr.integer("columns"), rows = gr.integer("rows");
    s.rotate = static_cast<int>(gr.integer("rotate"));
    if (columns < 1 || rows < 1 || columns > kMaxGridSide || rows > kMaxGridSide) {
      d.error(gr.mark(), "grid must have 1 to " + std::to_string(kMaxGridSide) + " columns and rows, not " +
                             std::to_string(columns) + " x " + std::to_string(rows));
      *ok = false;
      grid_ok = false;
    } else {
      s.columns = static_cast<int>(columns);
      s.rows = static_cast<int>(rows);
    }
  }
  s.gutter = r.length("gutter");
  const std::string cut = r.str("cut");
  s.cut = cut == "marks"   ? CutStyle::Marks
          : cut == "lines" ? CutStyle::Lines
          : cut == "none"  ? CutStyle::None
                           : CutStyle::Both;
  s.mark_length = r.length("mark_length");
  s.duplex = r.str("duplex") == "short-edge" ? Duplex::ShortEdge : Duplex::LongEdge;
  s.packing = r.str("packing") == "honeycomb" ? Packing::Honeycomb : Packing::Grid;
  if (s.packing == Packing::Honeycomb && s.card.shape != Shape::Hex && !s.card.id.empty()) {
    d.error(r.mark("packing"), "honeycomb packing needs hex pieces, but '" + s.card.id +
                                   "' is not a hex");
    *ok = false;
  }
  if (s.packing == Packing::Honeycomb && (s.rotate != 0 || s.gutter.pt != 0)) {
    d.error(r.mark("packing"), "honeycomb packing shares tile edges: it takes no rotate or gutter");
    *ok = false;
  }
  read_stock_sheet(r, file, &s, d, ok);
  if (*ok && s.card.width.pt > 0 && s.paper.width.pt > 0) check_grid_fits(s, r.mark("grid"), d, ok);
  read_output_keys(r, t, grid_ok, &s, d, ok);
  return s;
}

}  // namespace

bool parse_yaml_text(const std::string& text, const std::string& name, const std::string& what, YAML::Node* out,
                     Diagnostics& d) {
  return parse_yaml(text, name, what, out, d);
}

bool read_file(const std::string& path, std::string* out, Diagnostics& d) {
  std::string why;
  if (read_regular_file(path, static_cast<size_t>(kMaxFileBytes), out, &why)) return true;
  d.error({path, 0, 0}, "cannot read: " + why);
  return false;
}

std::optional<Stock> parse_stock(const std::string& text, const std::string& name,
                                 const Templates& t, Diagnostics& d) {
  const size_t before = d.error_count();
  YAML::Node n;
  if (!parse_yaml(text, name, "a stock file", &n, d)) return std::nullopt;
  validate(n, Schemas::stock(), name, d);
  if (!n.IsMap()) return std::nullopt;
  bool ok;
  Stock s = read_stock(n, name, t, d, &ok);
  if (!ok || d.error_count() > before) return std::nullopt;
  return s;
}

namespace {

// Adds one layer of templates over those below it in `t`. A name (id or alias) defined
// twice within the layer is an error. One defined below is replaced (the same id) or
// hidden (find_named searches from the top), and the new definition carries a note
// saying so: a game's own `poker` silently unlike the shipped one would surprise.
class TemplateLayer {
 public:
  TemplateLayer(Templates& t, Diagnostics& d) : t_(t), d_(d) {}

  void add(Paper p) {
    check_positive_size(p, "paper", d_);
    put(t_.papers, papers_, std::move(p), "paper");
  }
  void add(CardSize c) {
    check_positive_size(c, "card size", d_);
    put(t_.cards, cards_, std::move(c), "card size");
  }
  void add(Stock s) { put(t_.stocks, stocks_, std::move(s), "stock"); }
  void add(FontFamily f, const Mark& name_at) {
    if (!families_.add(f.family, name_at, "font family '" + f.family + "' is listed twice", d_)) return;
    auto& all = t_.fonts.families;
    for (auto it = all.begin(); it != all.end(); ++it)
      if (it->family == f.family) {
        d_.notice(name_at, "font family '" + f.family + "' replaces the one listed at " + it->mark.str());
        all.erase(it);
        break;
      }
    all.push_back(std::move(f));
  }
  // The layer's designs (read_designs reported a name defined in two of its files).
  void add(std::map<std::string, Design> designs) {
    for (auto& [name, des] : designs) {
      auto it = t_.designs.find(name);
      if (it != t_.designs.end())
        d_.notice(des.mark, "design '" + name + "' replaces the one defined at " + it->second.mark.str());
      t_.designs[name] = std::move(des);
    }
  }

 private:
  template <class T>
  void put(std::vector<T>& all, std::vector<T>& mine, T x, const std::string& what) {
    if (!names_unique(mine, x, what, d_)) return;
    mine.push_back(x);
    std::vector<std::string> names{x.id};
    names.insert(names.end(), x.aliases.begin(), x.aliases.end());
    for (auto it = all.begin(); it != all.end();) {
      if (it->id == x.id) {
        d_.notice(x.mark, what + " '" + x.id + "' replaces the one defined at " + it->mark.str());
        it = all.erase(it);
        continue;
      }
      for (const auto& n : names)
        if (n == it->id || std::find(it->aliases.begin(), it->aliases.end(), n) != it->aliases.end())
          d_.notice(x.mark, what + " '" + x.id + "': the name '" + n + "' now means this " + what + ", not " + what +
                                " '" + it->id + "' (" + it->mark.str() + ")");
      ++it;
    }
    all.push_back(std::move(x));
  }

  Templates& t_;
  Diagnostics& d_;
  std::vector<Paper> papers_;
  std::vector<CardSize> cards_;
  std::vector<Stock> stocks_;
  UniqueNames families_;
};

// Where a layer comes from: the shipped folder (every file required), a --templates
// folder, or a game's (files confined to the game's folder unless allowed outside).
struct LayerOrigin {
  bool base = false;
  std::string confine_to;  // "" = anywhere
  bool allow_outside = false;
};

// A font file of a layer: a relative path is found in `root`; a game's must lie in its
// folder. "" (after an error at `at`) if it is refused.
std::string font_file(const std::string& f, const fs::path& root, const LayerOrigin& o, const Mark& at,
                      Diagnostics& d) {
  if (o.confine_to.empty()) return fs::path(f).is_absolute() ? f : (root / f).string();
  std::string resolved, why;
  const std::string rel = fs::path(f).is_absolute() ? f : fs::relative(root / f, o.confine_to).string();
  if (!confined_path(o.confine_to, rel, o.allow_outside, &resolved, &why)) {
    d.error(at, "font file " + why);
    return "";
  }
  return resolved;
}

// One font family as a layer lists it: its files found and checked.
void read_font_family(const YAML::Node& f, const std::string& file, const fs::path& root, const LayerOrigin& o,
                      TemplateLayer& layer, Diagnostics& d) {
  Reader fr(f, Schemas::font(), file);
  FontFamily fam{fr.str("family"), fr.str("package"), {}, fr.mark(),
                 fr.list("scripts"),  fr.list("fallback_for"), fr.mark("scripts"),
                 fr.mark("fallback_for")};
  // Fontconfig would block on a FIFO and read /dev/zero for ever: only files.
  const std::string package = fr.str("package").empty() ? "" : " (install Debian package " + fr.str("package") + ")";
  if (YAML::Node files = fr.node("files"); files && files.IsSequence())
    for (const auto& fn : files) {
      if (!fn.IsScalar()) continue;
      const std::string path = font_file(fn.Scalar(), root, o, mark_of(fn, file), d);
      if (path.empty()) continue;
      if (std::string why = not_a_regular_file(path); !why.empty())
        d.error(mark_of(fn, file), "font file '" + fn.Scalar() + "' of '" + fam.family + "' cannot be used: " + why +
                                       (why.rfind("it ", 0) == 0 ? "" : package));
      fam.files.push_back(path);
    }
  else
    for (const auto& fn : fr.list("files")) fam.files.push_back(font_file(fn, root, o, fr.mark("files"), d));
  layer.add(std::move(fam), fr.mark("family"));
}

// A layer's fonts.yaml: families, and the default family and hyphenation dictionary if
// it names them.
void read_fonts_file(Templates& t, const fs::path& root, const LayerOrigin& o, TemplateLayer& layer, Diagnostics& d) {
  const std::string fonts_path = (root / "fonts.yaml").string();
  auto n = load_checked(fonts_path, Schemas::fonts_file(), d);
  if (!n) return;
  Reader r(*n, Schemas::fonts_file(), fonts_path);
  for (const auto& f : (*n)["fonts"])
    if (f.IsMap()) read_font_family(f, fonts_path, root, o, layer, d);
  if (r.has("hyphenation")) {
    t.fonts.hyphenation = font_file(r.str("hyphenation"), root, o, r.mark("hyphenation"), d);
    t.fonts.hyphenation_package = r.str("hyphenation_package");
    if (!t.fonts.hyphenation.empty())
      if (std::string why = not_a_regular_file(t.fonts.hyphenation); !why.empty()) {
        // A missing dictionary only costs hyphenation (a warning where a booklet is set);
        // anything else there is refused now.
        if (why.rfind("it ", 0) == 0)
          d.error(r.mark("hyphenation"), "hyphenation dictionary '" + t.fonts.hyphenation + "' cannot be used: " + why);
      }
  }
  if (r.has("default")) {
    if (!o.base && r.str("default") != t.fonts.default_family)
      d.notice(r.mark("default"), "the default font '" + r.str("default") + "' replaces '" + t.fonts.default_family + "'");
    t.fonts.default_family = r.str("default");
  } else if (o.base) {
    d.error(r.mark(), "missing required key 'default' in fonts file");
  }
  if ((o.base || r.has("default")) && !t.fonts.has(t.fonts.default_family))
    d.error(r.mark("default"), "default font '" + t.fonts.default_family + "' is not one of the listed families");
}

// Reads the templates folder `root` as one layer over `t`: papers.yaml, cards.yaml,
// fonts.yaml, stocks/*.yaml and designs/*.yaml, each required in the shipped folder and
// optional in a layer over it.
void read_templates_folder(Templates& t, const fs::path& root, const LayerOrigin& o, Diagnostics& d) {
  TemplateLayer layer(t, d);
  auto wanted = [&](const fs::path& p) {
    std::error_code ec;
    return o.base || fs::exists(p, ec);
  };
  const std::string papers = (root / "papers.yaml").string(), cards = (root / "cards.yaml").string();
  if (wanted(papers))
    if (auto n = load_checked(papers, Schemas::papers_file(), d))
      for (const auto& p : (*n)["papers"])
        if (p.IsMap()) layer.add(read_paper(p, papers));
  if (wanted(cards))
    if (auto n = load_checked(cards, Schemas::cards_file(), d))
      for (const auto& c : (*n)["cards"])
        if (c.IsMap()) layer.add(read_card_size(c, cards, d));
  if (wanted(root / "fonts.yaml")) read_fonts_file(t, root, o, layer, d);
  for (const auto& path : yaml_files(root / "stocks")) {
    std::string text;
    if (!read_file(path, &text, d)) continue;
    if (auto s = parse_stock(text, path, t, d)) layer.add(std::move(*s));
  }
  std::map<std::string, Design> designs;
  for (const auto& path : yaml_files(root / "designs"))
    if (auto n = load_checked(path, Schemas::designs_file(), d)) read_designs((*n)["designs"], path, t.fonts, &designs, d);
  layer.add(std::move(designs));
  t.dirs.push_back(root.string());
}

}  // namespace

Templates load_templates(const std::string& dir, Diagnostics& d) {
  Templates t;
  t.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    d.error({dir, 0, 0}, "templates folder not found");
    return t;
  }
  read_templates_folder(t, dir, LayerOrigin{true, "", false}, d);
  return t;
}

void add_templates(Templates& t, const std::string& dir, Diagnostics& d) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    d.error({dir, 0, 0}, "templates folder not found");
    return;
  }
  // A folder already layered (the shipped one named again, as --templates used to be
  // given) adds nothing: it would only replace every name by itself.
  for (const auto& have : t.dirs)
    if (fs::equivalent(have, dir, ec)) return;
  read_templates_folder(t, dir, LayerOrigin{false, "", false}, d);
}

namespace {

// Flattens `extends` chains: parent layers first, own background wins.
void resolve_designs(const std::map<std::string, Design>& own, const Templates& t, Game* g,
                     Diagnostics& d) {
  std::map<std::string, Design> all = t.designs;
  for (const auto& [k, v] : own) all[k] = v;
  std::vector<std::string> names;
  for (const auto& kv : all) names.push_back(kv.first);
  size_t layers_in_game = 0;
  bool too_many_layers = false, too_long_reported = false;
  std::function<bool(const std::string&, std::vector<std::string>&, Design*)> flatten =
      [&](const std::string& name, std::vector<std::string>& chain, Design* out) -> bool {
    const Design& src = all.at(name);
    if (std::find(chain.begin(), chain.end(), name) != chain.end()) {
      std::string path;
      for (const auto& c : chain) path += c + " -> ";
      d.error(src.mark, "design '" + name + "' extends itself: " + path + name);
      return false;
    }
    if (chain.size() >= static_cast<size_t>(kMaxExtendsDepth)) {
      // Reported once, at the head of the first chain found too long: every design
      // along it would say the same.
      if (!too_long_reported)
        d.error(all.at(chain.front()).mark, "design '" + chain.front() + "' extends a chain of more than " +
                                                std::to_string(kMaxExtendsDepth) + " designs ('" + chain.front() +
                                                "' -> '" + chain[1] + "' -> ...); the limit is " +
                                                std::to_string(kMaxExtendsDepth));
      too_long_reported = true;
      return false;
    }
    chain.push_back(name);
    if (!src.extends.empty()) {
      if (!all.count(src.extends)) {
        unknown(d, src.mark, "design", src.extends, names);
        return false;
      }
      if (!flatten(src.extends, chain, out)) return false;
    }
    if (!src.background.empty()) out->background = src.background;
    if (src.legible_size.pt > 0) out->legible_size = src.legible_size;
    out->layers.insert(out->layers.end(), src.layers.begin(), src.layers.end());
    return true;
  };
  for (const auto& name : names) {
    Design flat;
    flat.name = name;
    flat.mark = all.at(name).mark;
    std::vector<std::string> chain;
    if (!flatten(name, chain, &flat)) {
      g->broken_designs.push_back(name);
      continue;
    }
    if (flat.layers.size() > kMaxLayersPerDesign) {
      d.error(flat.mark, "design '" + name + "' draws " + std::to_string(flat.layers.size()) +
                             " layers (its extends chain included); the limit is " +
                             std::to_string(kMaxLayersPerDesign));
      g->broken_designs.push_back(name);
      continue;
    }
    // Many designs extending one big one would copy its layers again and again.
    layers_in_game += flat.layers.size();
    if (layers_in_game > kMaxLayersPerGame) {
      if (!too_many_layers)
        d.error(flat.mark, "with design '" + name + "' the game's designs draw more than " +
                               std::to_string(kMaxLayersPerGame) + " layers in all (extends included); the limit is " +
                               std::to_string(kMaxLayersPerGame));
      too_many_layers = true;
      g->broken_designs.push_back(name);
      continue;
    }
    g->designs[name] = std::move(flat);
  }
}

void read_palette(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d) {
  if (!n || n.IsNull()) return;
  if (!n.IsMap()) {
    d.error(mark_of(n, file), "'colors' must be a map of names to colours");
    return;
  }
  for (const auto& kv : n) {
    const std::string name = kv.first.Scalar();
    auto c = kv.second.IsScalar() ? parse_color(kv.second.Scalar()) : std::nullopt;
    if (!c) {
      d.error(mark_of(kv.second, file),
              "colour '" + name + "' must be #rgb, #rrggbb or #rrggbbaa");
      continue;
    }
    g->palette[name] = *c;
  }
}

// A literal colour expression (no {field}) can be checked once, at its layer.
void check_literal_color(const std::string& expr, const Mark& m, const Game& g,
                         Diagnostics& d) {
  if (expr.empty() || expr.find('{') != std::string::npos) return;
  if (g.palette.count(expr) || parse_color(expr)) return;
  std::vector<std::string> names;
  for (const auto& kv : g.palette) names.push_back(kv.first);
  d.error(m, "'" + expr + "' is not a colour (use #rrggbb, none or a palette name)" +
                 did_you_mean(expr, names));
}

Facts read_facts(const YAML::Node& n, const std::string& file, Diagnostics& d) {
  Reader r(n, Schemas::facts(), file);
  Facts f;
  f.key = r.str("key");
  f.mark = r.mark();
  YAML::Node entries = r.node("entries");
  if (!entries || !entries.IsSequence()) {
    if (entries) d.error(mark_of(entries, file), "'entries' must be a list of maps");
    return f;
  }
  UniqueNames seen;
  for (const auto& e : entries) {
    if (!e.IsMap()) {
      d.error(mark_of(e, file), "a fact entry must be a map");
      continue;
    }
    FactEntry fe;
    fe.mark = mark_of(e, file);
    for (const auto& kv : e) {
      const std::string k = kv.first.Scalar();
      std::vector<std::string> vals;
      if (kv.second.IsScalar()) vals.push_back(kv.second.Scalar());
      else if (kv.second.IsSequence())
        for (const auto& v : kv.second)
          if (v.IsScalar()) vals.push_back(v.Scalar());
          else d.error(mark_of(v, file), "fact '" + k + "' must list strings only");
      else d.error(mark_of(kv.second, file), "fact '" + k + "' must be a string or a list");
      fe.values[k] = vals;
    }
    auto it = fe.values.find(f.key);
    if (it == fe.values.end() || it->second.size() != 1) {
      d.error(fe.mark, "fact entry has no single '" + f.key + "' (the facts key)");
      continue;
    }
    fe.key = it->second[0];
    if (!seen.add(fe.key, fe.mark, "fact entry '" + fe.key + "' is listed twice", d, "listed")) continue;
    f.entries.push_back(std::move(fe));
  }
  return f;
}

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

// Each stock must exist, be listed once, and hold the deck's card size.
void read_deck_stocks(const Reader& r, const std::string& file, const Templates& t, Deck* deck,
                      Diagnostics& d) {
  UniqueNames listed;
  for (const auto& [name, m] : stock_names(r, file)) {
    const Stock* s = t.find_stock(name);
    if (!s) {
      unknown(d, m, "stock", name, t.stock_names(), ids_of(t.stocks));
      continue;
    }
    // Each stock makes one output file per deck: twice would write it twice.
    if (!listed.add(s->id, m, "stock '" + s->id + "' is listed twice in deck '" + deck->id + "'", d, "listed"))
      continue;
    // A game's own `poker` does not change the shipped poker stocks (a stock holds the
    // card size of its own layer): the same name is not the same size.
    if (!deck->card.id.empty() && s->card.id == deck->card.id &&
        (std::fabs(s->card.width.pt - deck->card.width.pt) > 0.01 ||
         std::fabs(s->card.height.pt - deck->card.height.pt) > 0.01)) {
      d.error(m, "stock '" + s->id + "' holds " + s->card.id + " cards as " + s->card.mark.str() + " defines them (" +
                     format_number(s->card.width.in_mm()) + " x " + format_number(s->card.height.in_mm()) +
                     " mm), but deck '" + deck->id + "' has " + deck->card.id + " cards of " + deck->card.mark.str() +
                     " (" + format_number(deck->card.width.in_mm()) + " x " +
                     format_number(deck->card.height.in_mm()) + " mm): define a stock for them");
      continue;
    }
    if (!deck->card.id.empty() && !s->holds(deck->card)) {
      d.error(m, "stock '" + s->id + "' holds " + s->card.id + " cards (" +
                     format_number(s->card.width.in_mm()) + " x " +
                     format_number(s->card.height.in_mm()) + " mm), but deck '" + deck->id +
                     "' has " + deck->card.id + " cards (" +
                     format_number(deck->card.width.in_mm()) + " x " +
                     format_number(deck->card.height.in_mm()) + " mm)");
      continue;
    }
    deck->stocks.push_back(*s);
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

// An unrelated rule's 'except': one fact and the value (or values) it exempts.
void read_except(const YAML::Node& ex, const std::string& file, UnrelatedRule* ur, Diagnostics& d) {
  if (!ex.IsMap() || ex.size() != 1) {
    d.error(mark_of(ex, file), "'except' must be one fact and its values, e.g. "
                               "{kind: [place, god]}");
    return;
  }
  for (const auto& kv : ex) {
    ur->except_fact = kv.first.Scalar();
    if (kv.second.IsScalar()) ur->except_values.push_back(kv.second.Scalar());
    else if (kv.second.IsSequence())
      for (const auto& v : kv.second) ur->except_values.push_back(v.as<std::string>(""));
  }
}

UnrelatedRule read_unrelated(const YAML::Node& rule, const std::string& file, bool has_facts,
                             Diagnostics& d) {
  Reader rr(rule, Schemas::unrelated(), file);
  UnrelatedRule ur;
  ur.field = rr.str("field");
  ur.fact = rr.str("fact");
  ur.mark = rr.mark();
  if (YAML::Node ex = rr.node("except"); ex && !ex.IsNull()) read_except(ex, file, &ur, d);
  ur.note = rr.str("note");
  if (YAML::Node allow = rr.node("allow"); allow && allow.IsSequence())
    for (const auto& a : allow) {
      if (!a.IsMap()) continue;
      Reader ar(a, Schemas::unrelated_allow(), file);
      ur.allow.push_back({ar.str("card"), ar.str("reason"), ar.mark()});
    }
  if (!has_facts) d.error(ur.mark, "an 'unrelated' rule needs the deck's 'facts'");
  return ur;
}

void read_value_names(const YAML::Node& names, const std::string& file, Deck* deck, Diagnostics& d) {
  if (!names.IsMap()) {
    d.error(mark_of(names, file), "'names' must map values to the names shown for them");
    return;
  }
  for (const auto& kv : names) {
    if (!kv.second.IsScalar()) {
      d.error(mark_of(kv.second, file), "'names' must map values to the names shown for them");
      continue;
    }
    deck->names[kv.first.Scalar()] = kv.second.Scalar();
  }
}

// What matching games add to a deck: the facts table, the unrelated rules checked
// against it, the names values print as, and the answer key.
void read_deck_facts(const Reader& r, const std::string& file, Deck* deck, Diagnostics& d) {
  if (YAML::Node f = r.node("facts"); f && f.IsMap()) deck->facts = read_facts(f, file, d);
  if (YAML::Node u = r.node("unrelated"); u && u.IsSequence())
    for (const auto& rule : u)
      if (rule.IsMap()) deck->unrelated.push_back(read_unrelated(rule, file, deck->facts.has_value(), d));
  if (YAML::Node names = r.node("names"); names && !names.IsNull()) read_value_names(names, file, deck, d);
  if (YAML::Node a = r.node("answer_key"); a && a.IsMap()) {
    Reader ar(a, Schemas::answer_key(), file);
    deck->answer_key = AnswerKey{ar.str("title"), ar.list("columns"), ar.mark()};
    if (!deck->facts) d.error(ar.mark(), "an 'answer_key' needs the deck's 'facts'");
  }
}

// A card's data fields: the keys its schema does not know, each text or a number.
void read_card_fields(const YAML::Node& c, const std::string& file, Card* card, Diagnostics& d) {
  for (const auto& kv : c) {
    if (!kv.first.IsScalar()) continue;  // a list or map as a key: reported by parse_yaml
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

// The cards of a `{csv: FILE}` entry (load/csv_cards.h), checked as YAML cards are: ids
// unique in the deck (an id made from `id_from` is made unique with -2, -3...), designs
// that exist. A row with no id is "<deck>-<n>" by its place in the deck, as in YAML.
void read_csv_source(const YAML::Node& c, const std::string& file, const Game& g, const DesignNames& designs,
                     UniqueNames* ids, int* n_card, Deck* deck, Diagnostics& d) {
  Reader sr(c, Schemas::card_source(), file);
  CsvSource src;
  src.path = sr.str("csv");
  src.dir = g.dir;
  src.allow_outside = g.allow_outside;
  const std::string sep = sr.str("separator");
  src.separator = sep == "tab" ? '\t' : sep == "," || sep == ";" ? sep[0] : 0;  // else guessed
  src.id_from = sr.str("id_from");
  src.at = sr.mark("csv");
  src.id_from_at = sr.mark("id_from");
  std::string name;
  auto rows = read_csv_cards(src, &name, d);
  if (!name.empty() && std::find(deck->csv_files.begin(), deck->csv_files.end(), name) == deck->csv_files.end())
    deck->csv_files.push_back(name);
  for (auto& row : rows) {
    Card& card = row.card;
    ++*n_card;
    if (card.id.empty()) card.id = deck->id + "-" + std::to_string(*n_card);
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

// `cards:` is a list of cards and `{csv: FILE}` entries, or one `{csv: FILE}`.
void read_cards(const YAML::Node& cards, const std::string& file, const Game& g, const DesignNames& designs,
                Deck* deck, Diagnostics& d) {
  if (!cards) return;
  UniqueNames ids;
  int n_card = 0;
  if (cards.IsMap() && cards["csv"]) return read_csv_source(cards, file, g, designs, &ids, &n_card, deck, d);
  if (!cards.IsSequence()) return;
  for (const auto& c : cards) {
    if (c.IsMap() && c["csv"]) {
      read_csv_source(c, file, g, designs, &ids, &n_card, deck, d);
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

Deck read_deck(const YAML::Node& n, const std::string& file, const Templates& t,
               const Game& g, Diagnostics& d) {
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
  check_card_backs(deck, d);
  return deck;
}

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
  if (YAML::Node c = r.node("cover"); c && c.IsMap()) {
    Reader cr(c, Schemas::booklet_cover(), file);
    b.cover_deck = cr.str("deck");
    b.cover_cards = cr.list("cards");
    b.cover_mark = cr.mark();
  }
  g->booklet = std::move(b);
}

// A game's own templates: its `templates:` folders, then the paper sizes, card sizes,
// fonts and stocks written in the game file, each a layer over `t`. Null if it adds
// none. The files they came from go to g->template_files.
std::shared_ptr<const Templates> game_templates(const Reader& r, const std::string& file, const Templates& t,
                                                Game* g, Diagnostics& d) {
  if (!r.has("templates") && !r.has("papers") && !r.has("card_sizes") && !r.has("stocks") && !r.has("fonts"))
    return nullptr;
  auto own = std::make_shared<Templates>(t);
  const LayerOrigin origin{false, g->dir, g->allow_outside};
  std::vector<std::pair<std::string, Mark>> folders;
  if (YAML::Node n = r.node("templates"); n && n.IsSequence())
    for (const auto& f : n) folders.push_back({f.as<std::string>(""), mark_of(f, file)});
  else if (n && n.IsScalar())
    folders.push_back({n.Scalar(), mark_of(n, file)});
  for (const auto& [folder, at] : folders) {
    std::string resolved, why;
    std::error_code ec;
    if (!confined_path(g->dir, folder, g->allow_outside, &resolved, &why)) {
      d.error(at, "templates folder " + why);
    } else if (!fs::is_directory(resolved, ec)) {
      d.error(at, "templates folder '" + folder + "' not found (looked for " + resolved + ")");
    } else {
      read_templates_folder(*own, resolved, origin, d);
      const auto files = files_under(resolved);
      g->template_files.insert(g->template_files.end(), files.begin(), files.end());
    }
  }
  TemplateLayer layer(*own, d);
  // Each a list (validation said so if not: a map is not walked as one).
  auto list = [&](const char* key) {
    YAML::Node n = r.node(key);
    return n && n.IsSequence() ? n : YAML::Node(YAML::NodeType::Sequence);
  };
  // Papers and card sizes first: the game's stocks may name them.
  for (const auto& p : list("papers"))
    if (p.IsMap()) layer.add(read_paper(p, file));
  for (const auto& c : list("card_sizes"))
    if (c.IsMap()) layer.add(read_card_size(c, file, d));
  for (const auto& f : list("fonts")) {
    if (!f.IsMap()) continue;
    read_font_family(f, file, g->dir, origin, layer, d);
    const FontFamily& fam = own->fonts.families.back();
    g->template_files.insert(g->template_files.end(), fam.files.begin(), fam.files.end());
  }
  for (const auto& s : list("stocks")) {
    if (!s.IsMap()) continue;
    bool ok = true;
    Stock stock = read_stock(s, file, *own, d, &ok);
    if (ok) layer.add(std::move(stock));
  }
  return own;
}

}  // namespace

std::optional<Game> parse_game(const std::string& text, const std::string& name,
                               const std::string& dir, const Templates& t_shared, Diagnostics& d,
                               const LoadOptions& o) {
  YAML::Node n;
  if (!parse_yaml(text, name, "a game file", &n, d)) return std::nullopt;
  validate(n, Schemas::game(), name, d);
  if (!n.IsMap()) return std::nullopt;
  Reader r(n, Schemas::game(), name);
  Game g;
  g.id = r.str("game");
  g.title = r.str("title");
  g.file = name;
  g.dir = dir;
  g.allow_outside = o.allow_outside;
  g.mark = r.mark();
  g.templates = game_templates(r, name, t_shared, &g, d);
  const Templates& t = g.templates ? *g.templates : t_shared;
  read_palette(r.node("colors"), name, &g, d);
  read_icons(r.node("icons"), name, &g, d);
  std::map<std::string, Design> own;
  read_designs(r.node("designs"), name, t.fonts, &own, d);
  for (const auto& [dname, des] : own)
    if (auto it = t.designs.find(dname); it != t.designs.end())
      d.notice(des.mark, "design '" + dname + "' replaces the one defined at " + it->second.mark.str());
  resolve_designs(own, t, &g, d);
  for (const auto& [dname, des] : own) {
    if (!g.designs.count(dname)) continue;
    check_literal_color(des.background, des.mark, g, d);
    for (const auto& l : des.layers)
      for (const auto* c : {&l.fill, &l.stroke, &l.color}) check_literal_color(*c, l.mark, g, d);
  }
  YAML::Node decks = r.node("decks");
  UniqueNames deck_ids, board_ids;
  long cards_in_game = 0;
  if (decks && decks.IsSequence()) {
    for (const auto& dn : decks) {
      if (!dn.IsMap()) continue;
      Deck deck = read_deck(dn, name, t, g, d);
      deck_ids.add(deck.id, deck.mark, "deck id '" + deck.id + "' is used twice", d);
      // Checked here, before anything is laid out: millions of cards would exhaust memory.
      const long before = cards_in_game;
      cards_in_game += deck.total_cards();
      if (before <= kMaxCardsPerGame && cards_in_game > kMaxCardsPerGame)
        d.error(deck.mark, "deck '" + deck.id + "' brings the game to " + std::to_string(cards_in_game) +
                               " cards (counting copies); a game may have at most " +
                               std::to_string(kMaxCardsPerGame));
      g.decks.push_back(std::move(deck));
    }
  }
  if (YAML::Node boards = r.node("boards"); boards && boards.IsSequence())
    for (const auto& bn : boards) {
      if (!bn.IsMap()) continue;
      Board b = read_board(bn, name, d);
      // Its id names the board's output files: a second one would overwrite the first.
      board_ids.add(b.id, b.mark, "board id '" + b.id + "' is used twice", d);
      g.boards.push_back(std::move(b));
    }
  read_tables(r.node("tables"), name, &g, d);
  if (YAML::Node bn = r.node("booklet"); bn && bn.IsMap()) read_booklet(bn, name, t.fonts, &g, d);
  return g;  // possibly partial: callers must check `d` for errors
}

std::optional<Game> load_game(const std::string& path, const Templates& t, Diagnostics& d,
                              const LoadOptions& o) {
  std::string text;
  if (!read_file(path, &text, d)) return std::nullopt;
  std::string dir = fs::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  return parse_game(text, path, dir, t, d, o);
}

}  // namespace cardstock
