// parse_yaml_text and read_file (load.h): one YAML document read safely, every problem
// yaml-cpp would lose or misplace reported at its place (tags, duplicate keys, unclosed
// quotes, later documents, too many values, too deep nesting).
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "base/files.h"
#include "base/text_check.h"
#include "load/load.h"
#include "load/schema/schema.h"
#include "load/yaml/yaml_syntax.h"

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
  // Names the collection a node is in, for messages: "the file", "'designs'", "an entry
  // of 'cards'". A chain up the tree, made into text only for a message: building the
  // text for every value of every card cost more than the checks themselves.
  struct Where {
    const Where* up = nullptr;         // an entry of this collection
    const std::string* key = nullptr;  // else the value of this key; neither: the file
    std::string text() const {
      if (key) return "'" + *key + "'";
      if (!up) return "the file";
      const std::string of = up->text();
      return of == "the file" ? of : "an entry of " + of;
    }
  };
  void walk(const YAML::Node& n, const Where& where) {
    tag(n);
    if (n.IsScalar()) {
      scalar(n);
      return;
    }
    if (!n.IsMap() && !n.IsSequence()) return;
    const auto m = n.Mark();
    if (!seen_.insert({m.line, m.column, n.IsMap()}).second) return;
    if (n.IsSequence()) {
      const Where item{&where, nullptr};
      for (const auto& x : n) walk(x, item);
      return;
    }
    // The keys so far, in order: looked through one by one (a card has a handful), and
    // by a hash past kIndexed keys (a `counts:` map may have hundreds).
    constexpr size_t kIndexed = 16;
    std::vector<std::pair<const std::string*, YAML::Node>> keys;
    std::unordered_map<std::string_view, size_t> index;
    auto first_of = [&](const std::string& k) -> const YAML::Node* {
      if (keys.size() > kIndexed) {
        const auto it = index.find(k);
        return it == index.end() ? nullptr : &keys[it->second].second;
      }
      for (const auto& [key, node] : keys)
        if (*key == k) return &node;
      return nullptr;
    };
    for (const auto& kv : n) {
      walk(kv.first, where);
      // `? [a, b]: x` or `{a: 1}: x`: yaml-cpp keeps the entry, but every reader looks
      // keys up by their text, so it would be dropped without a word.
      if (!kv.first.IsScalar())
        d_.error(mark_of(kv.first, file_), std::string("a map key must be text, not ") +
                                               (kv.first.IsSequence() ? "a list"
                                                : kv.first.IsMap()    ? "a map"
                                                                      : "empty or null") +
                                               " (in " + where.text() + ")");
      if (kv.first.IsScalar()) {
        const std::string& k = kv.first.Scalar();
        if (const YAML::Node* first = first_of(k)) {
          d_.error(mark_of(kv.first, file_), "'" + k + "' is defined twice in " + where.text() +
                                                 ": rename or remove one");
          d_.note(mark_of(*first, file_), "'" + k + "' is first defined here");
        } else {
          keys.emplace_back(&k, kv.first);
          if (keys.size() == kIndexed + 1)
            for (size_t i = 0; i < keys.size(); ++i) index.emplace(*keys[i].first, i);
          else if (keys.size() > kIndexed + 1)
            index.emplace(k, keys.size() - 1);
        }
      }
      if (kv.first.IsScalar()) {
        const Where value{nullptr, &kv.first.Scalar()};
        walk(kv.second, value);
      } else {
        walk(kv.second, where);
      }
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

// yaml-cpp's DeepRecursion, reported where the nesting goes too deep. With a '[' or '{'
// left open, yaml-cpp counts each open one twice (it cannot yet tell a list from a key)
// and stops half-way: the text is read again with them closed, which finds the real
// place if the nesting is too deep, and if it is not, the bracket left open is the mistake.
void too_deep(const std::string& text, const std::string& name, const YAML::DeepRecursion& e, Diagnostics& d) {
  const std::string closers = flow_closers(text);
  if (closers.empty()) {
    d.error(too_deep_at(text, name, e.mark), "YAML nesting is deeper than " + std::to_string(e.depth()) + " levels");
    return;
  }
  const std::string closed = text + "\n" + closers + "\n";
  try {
    YAML::Load(closed);
  } catch (const YAML::DeepRecursion& again) {
    d.error(too_deep_at(closed, name, again.mark),
            "YAML nesting is deeper than " + std::to_string(again.depth()) + " levels");
    return;
  } catch (const YAML::Exception&) {
  }
  const auto u = find_unclosed(text);
  d.error({name, u->line, u->col}, unclosed_message(*u));
}

// A '#' where a value was due that reads as a colour (find_hash_value), at or before
// line `before` (0: anywhere): an error there, and false.
bool hash_value_said(const std::string& text, const std::string& name, int before, Diagnostics& d) {
  const auto h = find_hash_value(text);
  if (!h || (before > 0 && h->line > before)) return true;
  d.error({name, h->line, h->col}, "a '#' starts a comment in YAML, so this value is empty: put the colour in quotes: \"" +
                                       h->text + "\"");
  return false;
}

}  // namespace

// Parses the one YAML document of a file (`what`: "a game file", for messages).
bool parse_yaml_text(const std::string& text, const std::string& name, const std::string& what, YAML::Node* out,
                     Diagnostics& d) {
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
    if (!hash_value_said(text, name, 0, d)) return false;
    YAML::Node stop;
    if (!within_value_limit(*out, &stop)) {
      d.error(mark_of(stop, name), "this file holds more than " + std::to_string(kMaxYamlValues) +
                                       " values once its aliases (*name) are expanded; the limit is " +
                                       std::to_string(kMaxYamlValues));
      return false;
    }
    YamlWalk(name, d).walk(*out, YamlWalk::Where{});
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
    if (wide) {
      d.error({name, e.mark.line + 1, e.mark.column + 1},
              "YAML nesting is deeper than " + std::to_string(e.depth()) + " levels");
      return false;
    }
    too_deep(text, name, e, d);
    return false;
  } catch (const YAML::Exception& e) {
    Mark m{name, e.mark.line + 1, e.mark.column + 1};
    if (e.mark.is_null()) m.line = 0;
    // yaml-cpp notices a bracket or quote left open only where the file stops making
    // sense, often a line or more later: point at the opening one instead.
    // A '#' that hid a colour (`{fill: #000}` leaves the map open), a tab in the
    // indentation: said where they are, not where yaml-cpp gave up.
    if (!hash_value_said(text, name, m.line, d)) return false;
    if (auto u = find_unclosed(text); u && (m.line == 0 || u->line < m.line || (u->line == m.line && u->col < m.col))) {
      d.error({name, u->line, u->col}, unclosed_message(*u));
      return false;
    }
    if (auto tab = find_indent_tab(text); tab && (m.line == 0 || tab->line <= m.line)) {
      d.error({name, tab->line, tab->col}, "a tab in the indentation: YAML indents with spaces only; replace the "
                                           "tab with spaces (an editor's \"convert indentation to spaces\")");
      return false;
    }
    d.error(m, "YAML syntax: " + e.msg);
    return false;
  }
}

bool read_file(const std::string& path, std::string* out, Diagnostics& d) {
  std::string why;
  if (read_regular_file(path, static_cast<size_t>(kMaxFileBytes), out, &why)) return true;
  d.error({path, 0, 0}, "cannot read: " + why);
  return false;
}

}  // namespace cardstock
