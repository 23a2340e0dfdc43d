#include "load/schema/schema.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "base/input_limits.h"
#include "load/load.h"
#include "test_util.h"

namespace cardstock {

TEST(Schema, DidYouMeanFindsTyposButNotStrangers) {
  EXPECT_EQ(did_you_mean("sise", {"size", "font", "text"}), " (did you mean 'size'?)");
  EXPECT_EQ(did_you_mean("stroke_widht", {"stroke", "stroke_width"}),
            " (did you mean 'stroke_width'?)");
  EXPECT_EQ(did_you_mean("zzz", {"size", "font"}), "");
  EXPECT_EQ(did_you_mean("x", {"y", "w"}), " (did you mean 'y'?)");
}

// The JSON Schema editors use (`cardstock schema`) read back as JSON and held to the
// loader itself, not to the tables it is generated from: a key the generator left out,
// or one it made up, fails here.
//
// One way: every key of every real file the loader accepts (the shipped games, the
// shipped templates, the fuzz corpus) must be allowed by the schema at the place it is
// written. The other: every property the schema offers, written at its place in a small
// game, must not be an unknown key to the loader.
namespace {

using nlohmann::json;

// Walks a YAML tree against a draft-07 schema, following what decides which keys are
// allowed where: $ref, type, const, enum, required, properties, patternProperties,
// additionalProperties, items, allOf, anyOf and if/then/else. Value formats (pattern,
// lengths) are the editor test's concern, not this one's.
class KeyWalk {
 public:
  KeyWalk(const json& root, std::string file) : root_(root), file_(std::move(file)) {}

  struct Problem {
    std::string text;
    bool key = false;  // a key the schema does not allow (else a value of the wrong kind)
    Mark at;
  };

  std::vector<Problem> check(const YAML::Node& n, const json& s0, const std::string& where) const {
    if (s0.is_boolean())
      return s0.get<bool>() ? std::vector<Problem>{} : std::vector<Problem>{{where + ": not allowed", false, mark_of(n, file_)}};
    const json& s = resolve(s0);
    const std::string here = s.contains("title") ? s["title"].get<std::string>() : where;
    std::vector<Problem> out;
    auto wrong = [&](const std::string& why) {
      out.push_back({mark_of(n, file_).str() + ": " + here + ": " + why, false, mark_of(n, file_)});
      return out;
    };
    if (s.contains("type") && !type_ok(n, s["type"])) return wrong("a " + kind(n) + " where the schema wants " + s["type"].dump());
    if (s.contains("const") && !same(n, s["const"])) return wrong("not " + s["const"].dump());
    if (s.contains("enum")) {
      bool any = false;
      for (const auto& e : s["enum"]) any = any || same(n, e);
      if (!any) return wrong("not one of " + s["enum"].dump());
    }
    if (n.IsMap()) {
      if (s.contains("required"))
        for (const auto& k : s["required"])
          if (!n[k.get<std::string>()]) wrong("required key '" + k.get<std::string>() + "' is missing");
      for (const auto& kv : n) {
        const std::string key = kv.first.Scalar();
        const json* sub = property(s, key);
        if (!sub) {
          out.push_back({mark_of(kv.first, file_).str() + ": key '" + key + "' of " + here +
                             " is not in the JSON Schema",
                         true, mark_of(kv.first, file_)});
          continue;
        }
        append(out, check(kv.second, *sub, here + "." + key));
      }
    }
    if (n.IsSequence() && s.contains("items"))
      for (const auto& item : n) append(out, check(item, s["items"], here + "[]"));
    if (s.contains("allOf"))
      for (const auto& b : s["allOf"]) append(out, check(n, b, here));
    if (s.contains("anyOf")) {
      std::vector<Problem> best;
      bool fits = false;
      for (const auto& b : s["anyOf"]) {
        auto p = check(n, b, here);
        if (p.empty()) fits = true;
        else if (best.empty() || p.size() < best.size()) best = p;
      }
      if (!fits) append(out, best);
    }
    if (s.contains("if")) {
      if (check(n, s["if"], here).empty()) {
        if (s.contains("then")) append(out, check(n, s["then"], here));
      } else if (s.contains("else")) {
        append(out, check(n, s["else"], here));
      }
    }
    return out;
  }

  const json& resolve(const json& s) const {
    if (!s.is_object() || !s.contains("$ref")) return s;
    const std::string r = s["$ref"];
    const std::string prefix = "#/definitions/";
    if (r.rfind(prefix, 0) != 0 || !root_["definitions"].contains(r.substr(prefix.size())))
      throw std::runtime_error("cannot resolve " + r);
    return resolve(root_["definitions"][r.substr(prefix.size())]);
  }

 private:
  static void append(std::vector<Problem>& a, const std::vector<Problem>& b) { a.insert(a.end(), b.begin(), b.end()); }

  static std::string kind(const YAML::Node& n) {
    return n.IsMap() ? "map" : n.IsSequence() ? "list" : n.IsNull() ? "null" : "scalar";
  }

  // A YAML scalar may be any JSON scalar type (YAML decides by its spelling: `3`, `yes`).
  static bool type_ok(const YAML::Node& n, const json& t) {
    if (t.is_array()) {
      for (const auto& x : t)
        if (type_ok(n, x)) return true;
      return false;
    }
    const std::string s = t;
    if (n.IsNull()) return s == "null";
    if (n.IsMap()) return s == "object";
    if (n.IsSequence()) return s == "array";
    return s == "string" || s == "number" || s == "integer" || s == "boolean";
  }

  static bool same(const YAML::Node& n, const json& v) {
    if (v.is_null()) return n.IsNull();
    if (!n.IsScalar()) return false;
    if (v.is_string()) return n.Scalar() == v.get<std::string>();
    return n.Scalar() == v.dump();  // 0, 90, true
  }

  // The schema for the value of `key` in a map checked against `s`, or null if `s` does
  // not allow the key.
  static const json* property(const json& s, const std::string& key) {
    static const json yes = true;
    if (s.contains("properties") && s["properties"].contains(key)) return &s["properties"][key];
    if (s.contains("patternProperties"))
      for (const auto& [pattern, sub] : s["patternProperties"].items())
        if (std::regex_search(key, std::regex(pattern))) return &sub;
    if (!s.contains("additionalProperties")) return &yes;
    const json& a = s["additionalProperties"];
    if (a.is_boolean() && !a.get<bool>()) return nullptr;
    return &a;
  }

  const json& root_;
  std::string file_;
};

std::string slurp_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::filesystem::path> yaml_files(const std::filesystem::path& dir, bool recursive) {
  std::vector<std::filesystem::path> out;
  auto add = [&](const std::filesystem::directory_entry& e) {
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path());
  };
  if (recursive)
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) add(e);
  else
    for (const auto& e : std::filesystem::directory_iterator(dir)) add(e);
  std::sort(out.begin(), out.end());
  return out;
}

const json& parsed_schema() {
  static const json s = json::parse(json_schema());
  return s;
}

}  // namespace

TEST(Schema, EveryKeyTheLoaderAcceptsIsInTheJsonSchema) {
  namespace fs = std::filesystem;
  const json& schema = parsed_schema();
  const fs::path src = testing::source_dir();
  size_t keys_seen = 0;
  auto count_keys = [&](const YAML::Node& n, auto&& self) -> void {
    if (n.IsMap())
      for (const auto& kv : n) {
        ++keys_seen;
        self(kv.second, self);
      }
    if (n.IsSequence())
      for (const auto& x : n) self(x, self);
  };
  auto report = [](const std::vector<KeyWalk::Problem>& problems) {
    for (const auto& p : problems) ADD_FAILURE() << p.text;
  };

  // The shipped games load without an error: all of each must fit the schema.
  const auto games = yaml_files(src / "content", false);
  ASSERT_GE(games.size(), 4u);
  for (const auto& f : games) {
    Diagnostics d;
    ASSERT_TRUE(load_game(f.string(), testing::shipped_templates(), d)) << f;
    ASSERT_FALSE(d.has_errors()) << d.str();
    const YAML::Node n = YAML::LoadFile(f.string());
    count_keys(n, count_keys);
    report(KeyWalk(schema, f.string()).check(n, schema, "game"));
  }

  // The shipped templates (which the loader takes: shipped_templates() fails on an error)
  // hold the same tables a game file's own papers, card_sizes, stocks, fonts and designs
  // do. The files' top-level keys (fonts.yaml's `default`, `hyphenation`) belong to no
  // game file, so only the tables inside are held to the schema.
  testing::shipped_templates();
  const json& defs = schema["definitions"];
  for (const auto& f : yaml_files(src / "templates", true)) {
    const YAML::Node n = YAML::LoadFile(f.string());
    KeyWalk w(schema, f.string());
    const std::string name = f.filename().string();
    std::vector<std::pair<YAML::Node, const json*>> parts;
    if (f.parent_path().filename() == "stocks") parts.push_back({n, &defs["stock"]});
    else if (name == "cards.yaml") for (const auto& c : n["cards"]) parts.push_back({c, &defs["card_size"]});
    else if (name == "papers.yaml") for (const auto& p : n["papers"]) parts.push_back({p, &defs["paper"]});
    else if (name == "fonts.yaml") for (const auto& p : n["fonts"]) parts.push_back({p, &defs["font"]});
    else if (f.parent_path().filename() == "designs")
      for (const auto& kv : n["designs"]) parts.push_back({kv.second, &defs["design"]});
    else ADD_FAILURE() << f << ": which table of the schema does this templates file hold?";
    EXPECT_FALSE(parts.empty()) << f;
    for (const auto& [node, def] : parts) {
      count_keys(node, count_keys);
      report(w.check(node, *def, name));
    }
  }

  // The fuzz corpus is mostly broken on purpose: each key the loader took without a word
  // at its place must be in the schema (keys where the loader reported something, an
  // unknown key among them, are left out, and so are values of the wrong kind).
  size_t corpus = 0;
  for (const auto& f : yaml_files(src / "fuzz" / "corpus", false)) {
    const std::string text = slurp_file(f);
    Diagnostics d;
    YAML::Node n;
    if (!parse_yaml_text(text, f.string(), "a game file", &n, d) || d.has_errors()) continue;
    parse_game(text, f.string(), f.parent_path().string(), testing::shipped_templates(), d);
    std::set<std::pair<int, int>> reported;
    for (const auto& x : d.all()) reported.insert({x.mark.line, x.mark.col});
    ++corpus;
    count_keys(n, count_keys);
    for (const auto& p : KeyWalk(schema, f.string()).check(n, schema, "game"))
      if (p.key && !reported.count({p.at.line, p.at.col})) ADD_FAILURE() << p.text;
  }
  EXPECT_GE(corpus, 50u);
  EXPECT_GE(keys_seen, 10000u);  // the walk really went through the files
}

namespace {

// Where each definition of the schema sits in a small game: "@" is where a key goes.
// A definition the schema gains needs a line here, so none goes unchecked.
const std::map<std::string, std::string>& definition_places() {
  static const std::map<std::string, std::string> m = [] {
    const std::string designs = "designs: {f: {layers: [{type: rect}]}}\n";
    const std::string head = "game: g\ntitle: T\n";
    auto deck = [&](const std::string& inside) {
      return head + designs + "decks: [{id: d, face: f, " + inside + "}]\n";
    };
    const std::string cards = "cards: [{id: a}]";
    auto layer = [&](const std::string& l) {
      return head + "designs: {f: {layers: [{" + l + "}]}}\ndecks: [{id: d, face: f, " + cards + "}]\n";
    };
    auto top = [&](const std::string& entry) { return deck(cards) + entry + "\n"; };
    const std::string stock = "id: s, card: poker, paper: letter, grid: {columns: 1, rows: 1}";
    const std::string board = "id: b, deck: d, rows: [[a]]";
    return std::map<std::string, std::string>{
        {"", "@\n" + deck(cards)},
        {"design", head + "designs: {f: {@layers: [{type: rect}]}}\ndecks: [{id: d, face: f, " + cards + "}]\n"},
        {"deck", head + designs + "decks: [{@id: d, face: f, " + cards + "}]\n"},
        {"expect", deck(cards + ", expect: {@total: 1}")},
        {"facts", deck(cards + ", facts: {@key: id, entries: [{id: a}]}")},
        {"unrelated_rule", deck(cards + ", unrelated: [{@field: x, fact: y}]")},
        {"allowed_exception", deck(cards + ", unrelated: [{field: x, fact: y, allow: [{@card: a, reason: r}]}]")},
        {"answer_key", deck(cards + ", answer_key: {@columns: [x]}")},
        {"card", deck("cards: [{@id: a}]")},
        {"card_source", deck("cards: [{@csv: c.csv}]")},
        {"board", top("boards: [{@" + board + "}]")},
        {"board_rule", top("boards: [{" + board + ", touch: [{@tiles: {x: 1}, neighbour: x, includes: [y]}]}]")},
        {"board_extra", top("boards: [{" + board + ", extras: [{@card: a, beside: a, side: e}]}]")},
        {"booklet", top("booklet: {@source: r.md}")},
        {"booklet_cover", top("booklet: {source: r.md, cover: {@deck: d, cards: [a]}}")},
        {"table", top("tables: {t: {@columns: [a], rows: [[1]]}}")},
        {"paper", top("papers: [{@id: p, width: 1in, height: 1in}]")},
        {"card_size", top("card_sizes: [{@id: c, width: 1in, height: 1in}]")},
        {"stock", top("stocks: [{@" + stock + "}]")},
        {"grid", top("stocks: [{id: s, card: poker, paper: letter, grid: {@columns: 1, rows: 1}}]")},
        {"label_area", top("stocks: [{" + stock + ", label_area: {@x: 0, y: 0, w: 1in, h: 1in}}]")},
        {"font", top("fonts: [{@family: F, files: [f.ttf]}]")},
        {"layer", layer("@type: rect")},
        {"rect_layer", layer("@type: rect")},
        {"ellipse_layer", layer("@type: ellipse")},
        {"line_layer", layer("@type: line")},
        {"text_layer", layer("@type: text, text: hi")},
        {"image_layer", layer("@type: image, src: x.svg")},
        {"stack_layer", layer("@type: stack")},
    };
  }();
  return m;
}

// The diagnostics of the game at `place` with `key: ~` written at its "@".
std::string with_key(const std::string& place, const std::string& key) {
  std::string text = place;
  const size_t at = text.find('@');
  text.replace(at, 1, key + ": ~" + (at == 0 ? "" : ", "));
  return testing::diagnostics_of(text);
}

}  // namespace

TEST(Schema, EveryJsonSchemaPropertyIsAKeyTheLoaderAccepts) {
  const json& schema = parsed_schema();
  const KeyWalk w(schema, "");
  std::vector<std::pair<std::string, const json*>> defs = {{"", &schema}};
  for (const auto& [name, def] : schema["definitions"].items()) defs.push_back({name, &def});
  for (const auto& [name, def] : defs) {
    const auto place = definition_places().find(name);
    if (place == definition_places().end()) {
      ADD_FAILURE() << "definition '" << name << "': say where it sits in a game (definition_places)";
      continue;
    }
    // The place is really checked: a made-up key there is an unknown key (a card takes
    // any field name, so there the schema's own pattern is all there is to hold to).
    if (!w.resolve(*def).contains("patternProperties")) {
      EXPECT_NE(with_key(place->second, "zz_made_up").find("unknown key 'zz_made_up'"), std::string::npos)
          << "definition '" << name << "': its place is not checked by the loader:\n" << place->second;
    }
    std::vector<const json*> parts = {def};  // a layer's keys come in its allOf's branches
    for (size_t i = 0; i < parts.size(); ++i) {
      const json& s = w.resolve(*parts[i]);
      for (const char* k : {"allOf", "anyOf"})
        if (s.contains(k))
          for (const auto& b : s[k]) parts.push_back(&b);
      for (const char* k : {"then", "else"})
        if (s.contains(k)) parts.push_back(&s[k]);
    }
    size_t n = 0;
    for (const json* part : parts) {
      const json& s = w.resolve(*part);
      if (!s.contains("properties") || (part != def && s.contains("title"))) continue;  // another definition's own
      for (const auto& [key, sub] : s["properties"].items()) {
        ++n;
        const std::string diags = with_key(place->second, key);
        EXPECT_TRUE(diags.find("unknown key '" + key + "'") == std::string::npos)
            << "definition '" << name << "' offers '" << key << "', which the loader does not accept:\n" << diags;
      }
    }
    EXPECT_GT(n, 0u) << name;
  }
  for (const auto& [name, text] : definition_places())
    EXPECT_TRUE(name.empty() || schema["definitions"].contains(name)) << "no definition '" << name << "' any more";
}

// Like Squib's spec that every option is documented: the format guide must name every
// key the schema tables accept, so the docs cannot fall behind the code. A mention is the
// key as a whole word where YAML or the prose puts keys: `key:` after a space, a line
// start, `{`, `[`, `,`, `(` or a backtick; `key` in backticks; or a table cell of its
// own. `follow:` does not mention `w`, nor `valid:` `id`.
namespace {
bool documents_key(const std::string& doc, const std::string& key) {
  const std::regex mention("[\\s{,\\[(`]" + key + ":(?:[\\s`]|$)|`" + key + "`|\\|\\s*" + key + "\\s*\\|");
  return std::regex_search("\n" + doc, mention);
}
}  // namespace

TEST(Schema, DocumentedKeysAreWholeWords) {
  EXPECT_TRUE(documents_key("- {type: text, w: 5mm}", "w"));
  EXPECT_TRUE(documents_key("w: 5mm", "w"));
  EXPECT_TRUE(documents_key("a box: `x`, `w`", "w"));
  EXPECT_TRUE(documents_key("| w | width |", "w"));
  EXPECT_TRUE(documents_key("the `when:` key", "when"));
  EXPECT_FALSE(documents_key("follow: the arrows", "w"));
  EXPECT_FALSE(documents_key("this is valid: yes", "id"));
  EXPECT_FALSE(documents_key("a w of 5mm, the `wide` key, `w.csv`", "w"));
  EXPECT_FALSE(documents_key("see x.yaml:3:5", "yaml"));
}

TEST(Schema, EveryKeyIsDocumentedInTheFormatGuide) {
  std::ifstream in(testing::source_dir() + "/docs/format.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  ASSERT_FALSE(doc.empty());
  for (const Schema* s : Schemas::all())
    for (const auto& f : s->fields)
      EXPECT_TRUE(documents_key(doc, f.name)) << "docs/format.md does not mention " << s->name << "." << f.name;
}

TEST(Schema, ValidateReportsEnumValuesWithSuggestion) {
  Diagnostics d;
  YAML::Node n = YAML::Load("type: text\ntext: hi\nalign: centre\n");
  validate(n, Schemas::layer("text"), "x.yaml", d);
  EXPECT_EQ(d.str(),
            "x.yaml:3:8: error: 'align' must be 'left', 'center', 'right' or 'justify', not "
            "'centre' (did you mean 'center'?)\n");
}

TEST(Schema, ValidateCollectsEveryProblemNotJustTheFirst) {
  Diagnostics d;
  YAML::Node n = YAML::Load("type: text\nsize: 12\nshrink: maybe\ncolour: red\n");
  validate(n, Schemas::layer("text"), "x.yaml", d);
  EXPECT_EQ(d.str(),
            "x.yaml:2:7: error: 'size' must be a length with a unit (mm, cm, in or pt), not '12'\n"
            "x.yaml:3:9: error: 'shrink' must be true or false, not 'maybe'\n"
            "x.yaml:4:1: error: unknown key 'colour' in text layer (did you mean 'color'?)\n"
            "x.yaml:1:1: error: missing required key 'text' in text layer\n");
}

TEST(Schema, DefaultsComeFromTheTable) {
  YAML::Node n = YAML::Load("type: text\ntext: hi\n");
  Reader r(n, Schemas::layer("text"), "x.yaml");
  EXPECT_DOUBLE_EQ(r.length("size").pt, 10);
  EXPECT_DOUBLE_EQ(r.length("min_size").pt, 6);
  EXPECT_TRUE(r.boolean("shrink"));
  EXPECT_EQ(r.str("font"), "Noto Sans");
  EXPECT_TRUE(r.rel_length("w").percent);
  EXPECT_DOUBLE_EQ(r.rel_length("w").value, 100);
}

}  // namespace cardstock

namespace cardstock {

// Every input limit is stated in docs/format.md, with the value the code uses.
TEST(Docs, FormatListsEveryInputLimit) {
  std::ifstream in(testing::source_dir() + "/docs/format.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  for (const auto& l : input_limits())
    EXPECT_NE(doc.find("| " + l.what + " | " + l.value + " |"), std::string::npos) << l.what << ": " << l.value;
}

// The ids that name files: exactly the rule the docs state.
TEST(Schema, FileNamesArePlainComponents) {
  Diagnostics d;
  for (const std::string& ok : {std::string("a"), std::string("cards"), std::string("poker-3x3-letter"),
                                std::string("A_b.c"), std::string("x1"), std::string(64, 'x')})
    EXPECT_TRUE(check_file_name(ok, "deck id", {"t.yaml", 1, 1}, d)) << ok << ": " << d.str();
  const std::pair<std::string, std::string> bad[] = {
      {"", "it is empty"},
      {std::string(65, 'x'), "it is 65 characters long"},
      {"a/b", "it contains '/'"},
      {"..", "it names a folder, not a file"},
      {".", "it names a folder, not a file"},
      {".x", "it starts with '.' (a hidden file)"},
      {"a b", "it contains a space"},
      {"a\tb", "it contains the byte 0x09"},
      {std::string("a\0b", 3), "it contains the byte 0x00"},
      {"\xc3\xa9t\xc3\xa9", "it contains '\xc3\xa9' (only ASCII letters are allowed)"},
      {"a:b", "it contains ':'"},
      {"C:\\x", "it contains ':'"},
  };
  for (const auto& [name, want] : bad) {
    Diagnostics bad_name;
    EXPECT_FALSE(check_file_name(name, "deck id", {"t.yaml", 1, 1}, bad_name)) << name;
    ASSERT_EQ(bad_name.all().size(), 1u) << name;
    // (The name itself is shown escaped: "a\\x09b".)
    EXPECT_NE(bad_name.all()[0].message.find("' cannot name a file: " + want + " (ids name output files: use " +
                                             file_name_rule() + ")"),
              std::string::npos)
        << bad_name.str();
  }
}

}  // namespace cardstock
