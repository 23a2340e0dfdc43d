// The JSON Schema editors use (docs/cardstock.schema.json, `cardstock schema`) and the
// loader must agree: checked with an independent validator (Debian's python3-jsonschema,
// run by tests/load/jsonschema_check.py) on every shipped game, on the examples in the
// docs, and key by key: for every table of a game file, every key with values of its
// kind written as YAML writes them (accepted by both), wrong values and an unknown key
// (rejected by both), and every required key left out (rejected by both).
#include <gtest/gtest.h>

#include <algorithm>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "load/load.h"
#include "load/schema/schema.h"
#include "test_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

const char* kPython = "/usr/bin/python3";  // Debian's, with Debian's packages: not a pyenv one

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path fresh_dir(const std::string& name) {
  auto d = fs::path(CARDSTOCK_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// Runs the checker with `args`; its output lines. Fails the test if it cannot run.
std::vector<std::string> run_checker(const std::vector<std::string>& args) {
  std::string cmd = std::string(kPython) + " '" + testing::source_dir() + "/tests/load/jsonschema_check.py'";
  for (const auto& a : args) cmd += " '" + a + "'";
  cmd += " 2>&1";
  std::vector<std::string> lines;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    ADD_FAILURE() << "cannot run " << cmd;
    return lines;
  }
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = pclose(p);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0)
      << "jsonschema_check.py failed (install python3-jsonschema python3-yaml: scripts/setup.sh --test):\n" << out;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// file -> "ok" or "error\twhere: what", as the independent validator judges it. The
// files go 500 at a time: one shell command line holds at most 128 KB.
std::map<std::string, std::string> validate(const fs::path& schema, const std::vector<std::string>& files) {
  std::map<std::string, std::string> v;
  for (size_t from = 0; from < files.size(); from += 500) {
    std::vector<std::string> args{schema.string()};
    args.insert(args.end(), files.begin() + static_cast<long>(from),
                files.begin() + static_cast<long>(std::min(files.size(), from + 500)));
    for (const auto& l : run_checker(args)) {
      const size_t tab = l.find('\t');
      if (tab != std::string::npos) v[l.substr(0, tab)] = l.substr(tab + 1);
    }
  }
  return v;
}

fs::path write_schema(const fs::path& dir) {
  const fs::path p = dir / "schema.json";
  std::ofstream(p) << json_schema();
  return p;
}

// The loader's errors for a game file's text ("" if it loads).
// The folder the loader reads files beside the game from: a copy of content/ (its
// images and icons) with a CSV of cards, words.csv, of one column, `word`, a font file
// and an empty templates layer, my-templates/.
const std::string& loader_dir() {
  static const std::string dir = [] {
    const fs::path d = fresh_dir("schema-editor-content");
    fs::copy(testing::source_dir() + "/content", d, fs::copy_options::recursive);
    std::ofstream(d / "words.csv") << "word\nShalom\n";
    fs::create_directories(d / "fonts");
    fs::create_directories(d / "my-templates/stocks");
    fs::copy_file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", d / "fonts/NotoSans-Regular.ttf");
    return d.string();
  }();
  return dir;
}

std::string loader_errors(const std::string& text) {
  Diagnostics d;
  parse_game(text, "t.yaml", loader_dir(), testing::shipped_templates(), d);
  std::string errors;
  for (const auto& x : d.all())
    if (x.severity == Severity::Error) errors += x.str() + "\n";
  return errors;
}

// ---- the key-by-key agreement --------------------------------------------------------

using Entries = std::vector<std::pair<std::string, std::string>>;

// A flow map of `base` with `key` set to `value` ("" leaves it out).
std::string flow(Entries base, const std::string& key, const std::string& value) {
  bool set = false;
  for (auto& [k, v] : base)
    if (k == key) {
      v = value;
      set = true;
    }
  if (!set && !value.empty()) base.push_back({key, value});
  std::string s = "{";
  bool first = true;
  for (const auto& [k, v] : base) {
    if (v.empty()) continue;
    s += (first ? "" : ", ") + k + ": " + v;
    first = false;
  }
  return s + "}";
}

const Entries kTop = {{"game", "t"},
                      {"title", "T"},
                      {"colors", "{ink: \"#203050\"}"},
                      {"designs", "{face: {layers: [{type: text, text: \"{word}\"}]}, other: {}}"},
                      {"decks", "[DECK]"}};
const Entries kDeck = {{"id", "cards"},
                       {"face", "face"},
                       {"back", "other"},
                       {"facts", "{key: word, entries: [{word: A, kind: k}]}"},
                       {"cards", "[{id: a, word: A, kind: k}]"}};

// A game file: the top keys of kTop with `top` set, the deck written in place of DECK.
std::string game_with(const Entries& top, const std::string& deck = flow(kDeck, "", "")) {
  Entries all = kTop;
  for (const auto& [k, v] : top) {
    bool set = false;
    for (auto& [k2, v2] : all)
      if (k2 == k) v2 = v, set = true;
    if (!set) all.push_back({k, v});
  }
  std::string s;
  for (const auto& [k, v] : all) {
    std::string val = v;
    if (const size_t at = val.find("DECK"); at != std::string::npos) val.replace(at, 4, deck);
    s += k + ": " + val + "\n";
  }
  return s;
}

std::string deck_with(const std::string& key, const std::string& value) { return game_with({}, flow(kDeck, key, value)); }

// Where a table sits in a game file: its required keys (and what else it needs) and the
// game file around it.
struct Place {
  Entries base;
  std::function<std::string(const std::string& obj)> game;
};

std::map<const Schema*, Place> places() {
  std::map<const Schema*, Place> m;
  m[&Schemas::game()] = {kTop, [](const std::string& obj) {
                           std::string s = obj;
                           if (const size_t at = s.find("DECK"); at != std::string::npos) s.replace(at, 4, flow(kDeck, "", ""));
                           return s + "\n";
                         }};
  m[&Schemas::design()] = {{{"layers", "[{type: text, text: \"{word}\"}]"}}, [](const std::string& obj) {
                             return game_with({{"designs", "{face: " + obj + ", other: {}}"}});
                           }};
  for (const auto& t : Schemas::layer_types()) {
    Entries base{{"type", t}};
    if (t == "text") base.push_back({"text", "x"});
    if (t == "image") base.push_back({"src", "x.svg"});
    m[&Schemas::layer(t)] = {base, [](const std::string& obj) {
                               return game_with({{"designs", "{face: {layers: [" + obj + "]}, other: {}}"}});
                             }};
  }
  m[&Schemas::deck()] = {kDeck, [](const std::string& obj) { return game_with({}, obj); }};
  m[&Schemas::card()] = {{{"id", "a"}}, [](const std::string& obj) { return deck_with("cards", "[" + obj + "]"); }};
  // A game's own templates (template layers).
  m[&Schemas::paper()] = {{{"id", "b5"}, {"width", "176mm"}, {"height", "250mm"}},
                          [](const std::string& obj) { return game_with({{"papers", "[" + obj + "]"}}); }};
  m[&Schemas::card_size()] = {{{"id", "word-card"}, {"width", "70mm"}, {"height", "100mm"}},
                              [](const std::string& obj) { return game_with({{"card_sizes", "[" + obj + "]"}}); }};
  m[&Schemas::stock()] = {{{"id", "s1"}, {"paper", "letter"}, {"card", "poker"}, {"grid", "{columns: 2, rows: 2}"}},
                          [](const std::string& obj) { return game_with({{"stocks", "[" + obj + "]"}}); }};
  m[&Schemas::grid()] = {{{"columns", "2"}, {"rows", "2"}}, [](const std::string& obj) {
                           return game_with({{"stocks", "[{id: s1, paper: letter, card: poker, grid: " + obj + "}]"}});
                         }};
  m[&Schemas::paper_area()] = {{{"x", "5mm"}, {"y", "5mm"}, {"w", "200mm"}, {"h", "260mm"}}, [](const std::string& obj) {
                                 return game_with({{"stocks", "[{id: s1, paper: letter, card: poker, kind: labels, "
                                                              "grid: {columns: 2, rows: 2}, label_area: " + obj + "}]"}});
                               }};
  m[&Schemas::font()] = {{{"family", "My Sans"}, {"files", "[fonts/NotoSans-Regular.ttf]"}},
                         [](const std::string& obj) { return game_with({{"fonts", "[" + obj + "]"}}); }};
  m[&Schemas::card_source()] = {{{"csv", "words.csv"}}, [](const std::string& obj) { return deck_with("cards", obj); }};
  m[&Schemas::expect()] = {{{"by", "kind"}}, [](const std::string& obj) { return deck_with("expect", obj); }};
  m[&Schemas::facts()] = {{{"key", "word"}, {"entries", "[{word: A, kind: k}]"}},
                          [](const std::string& obj) { return deck_with("facts", obj); }};
  m[&Schemas::unrelated()] = {{{"field", "word"}, {"fact", "kind"}},
                              [](const std::string& obj) { return deck_with("unrelated", "[" + obj + "]"); }};
  m[&Schemas::unrelated_allow()] = {{{"card", "a"}, {"reason", "r"}}, [](const std::string& obj) {
                                      return deck_with("unrelated", "[{field: word, fact: kind, allow: [" + obj + "]}]");
                                    }};
  m[&Schemas::answer_key()] = {{{"columns", "[word]"}}, [](const std::string& obj) { return deck_with("answer_key", obj); }};
  m[&Schemas::board()] = {{{"id", "b"}, {"deck", "cards"}, {"rows", "[[a]]"}},
                          [](const std::string& obj) { return game_with({{"boards", "[" + obj + "]"}}); }};
  m[&Schemas::board_rule()] = {{{"tiles", "{kind: k}"}, {"neighbour", "kind"}, {"includes", "[k]"}},
                               [](const std::string& obj) {
                                 return game_with({{"boards", "[{id: b, deck: cards, rows: [[a]], touch: [" + obj + "]}]"}});
                               }};
  m[&Schemas::board_extra()] = {{{"card", "a"}, {"beside", "a"}, {"side", "ne"}}, [](const std::string& obj) {
                                  return game_with({{"boards", "[{id: b, deck: cards, rows: [[a]], extras: [" + obj + "]}]"}});
                                }};
  m[&Schemas::booklet()] = {{{"source", "r.md"}}, [](const std::string& obj) { return game_with({{"booklet", obj}}); }};
  m[&Schemas::booklet_cover()] = {{{"deck", "cards"}, {"cards", "[a]"}}, [](const std::string& obj) {
                                    return game_with({{"booklet", "{source: r.md, cover: " + obj + "}"}});
                                  }};
  m[&Schemas::data_table()] = {{{"columns", "[A]"}, {"rows", "[[1]]"}},
                               [](const std::string& obj) { return game_with({{"tables", "{t1: " + obj + "}"}}); }};
  return m;
}

// Values both must accept for `table.key`, as YAML text: first what the key means (a
// design that exists, a stock, a palette colour), else values of the field's kind, written
// the ways YAML writes them (unquoted numbers and booleans too).
std::vector<std::string> good_values(const Schema& t, const Field& f, const std::map<const Schema*, Place>& where) {
  static const std::map<std::string, std::vector<std::string>> meaning = {
      {"game.designs", {"{face: {layers: []}, other: {}}"}},
      {"game.colors", {"{ink: \"#203050\", red: \"#f00\", see: \"#0000ff80\", clear: none}"}},
      {"game.icons", {"{shekel: assets/prophets/shekel.svg, hay-2: assets/prophets/hay.svg}", "{}"}},
      {"game.templates", {"[my-templates]", "my-templates"}},
      {"paper.width", {"176mm", "\"8.5in\""}},  // above zero
      {"paper.height", {"250mm", "\"11in\""}},
      {"card size.width", {"70mm", "\"2.5in\""}},
      {"card size.height", {"100mm", "\"3.5in\""}},
      {"card size.shape", {"rect", "\"rect\""}},  // hex and circle want their own proportions
      {"grid.columns", {"2", "\"1\""}},
      {"grid.rows", {"2", "\"1\""}},
      {"label area.x", {"5mm", "0"}},  // inside the paper
      {"label area.y", {"5mm", "0"}},
      {"stock.paper", {"letter", "a4"}},
      {"stock.card", {"poker", "bridge", "\"tarot\""}},
      {"stock.kind", {"cardstock", "labels", "\"labels\""}},
      {"stock.packing", {"grid", "\"grid\""}},  // honeycomb wants hex cards
      {"stock.format", {"pdf", "\"pdf\""}},  // png and tts stocks take no paper (tests/load/shop_stock_test)
      {"stock.dpi", {"300", "\"600\""}},      // 1 to 1200
      {"stock.accepts", {"[poker]", "poker"}},  // a size that covers its page
      {"stock.fold", {"~"}},  // only on fold-over stocks (tests/load/printer_test, home printing)
      {"stock.fold_gap", {"~"}},
      {"font.files", {"[fonts/NotoSans-Regular.ttf]", "fonts/NotoSans-Regular.ttf"}},
      {"card source.csv", {"words.csv"}},
      {"card source.sheet", {"~"}},  // in place of csv: {csv: words.csv, sheet: x} is both (one_of)
      {"card source.tab", {"~"}},    // for a sheet only
      {"card source.id_from", {"word"}},
      {"card source.images", {"~"}},       // in place of csv (one_of): tests/cli/image_decks_test
      {"card source.back_images", {"~"}},  // with images only
      {"card source.counts", {"~"}},
      {"card source.bleed_fill", {"~"}},
      {"game.decks", {"[DECK]"}},
      {"design.extends", {"other"}},
      {"design.layers", {"[{type: text, text: x}, {type: rect, rotate: 90}]", "[]"}},
      {"deck.card", {"poker"}},
      {"deck.stocks", {"[poker-3x3-letter]", "poker-3x3-a4"}},
      {"deck.face", {"face"}},
      {"deck.back", {"other"}},
      {"deck.names", {"{k: Kay, 3: Three}"}},
      {"card.face", {"face"}},
      {"card.back", {"other"}},
      {"expect.by", {"kind"}},
      {"expect.counts", {"{k: 3, j: \"2\"}"}},
      {"facts.key", {"word"}},
      {"facts.entries", {"[{word: A, kind: [k, j]}, {word: B, kind: k, year: 1200}]"}},
      {"unrelated rule.field", {"word"}},
      {"unrelated rule.fact", {"kind"}},
      {"unrelated rule.except", {"{kind: [k, j]}", "{kind: k}"}},
      {"answer key.columns", {"[word, kind]", "word"}},
      {"board.rows", {"[[a], [a, a]]"}},
      {"board.deck", {"cards"}},
      {"board rule.tiles", {"{kind: k}", "{count: 3}"}},
      {"board extra.card", {"a"}},
      {"board extra.beside", {"a"}},
      {"board extra.deck", {"cards"}},
      {"booklet.body_font", {"Noto Serif"}},
      {"booklet.heading_font", {"Noto Sans"}},
      {"booklet cover.deck", {"cards"}},
      {"booklet cover.cards", {"[a]", "a"}},
      {"table.columns", {"[A]", "A"}},
      {"table.rows", {"[[1], [x], [true], [\"\"]]"}},
      {"text layer.font", {"Noto Serif"}},
      {"text layer.size", {"9pt", "\"12pt\"", "3mm", "\"{size}\""}},  // above zero, or read per card
      {"image layer.fit", {"contain", "\"{fit}\""}},
      {"text layer.min_size", {"9pt", "\"6pt\""}},
      {"image layer.src", {"x.svg", "\"{word}.svg\""}},
      {"booklet.creep", {"auto", "0.2mm", "0"}},
  };
  if (auto it = meaning.find(t.name + "." + f.name); it != meaning.end()) return it->second;
  if (t.name.find(" layer") != std::string::npos && (f.name == "w" || f.name == "h"))
    return {"10%", "5mm", "\"0.5in\""};  // above zero
  if (t.name.find(" layer") != std::string::npos && f.name == "type") return {t.name.substr(0, t.name.find(' '))};
  if (t.name.find(" layer") != std::string::npos && f.name == "inset") return {"safe", "bleed", "trim", "3mm", "5%", "0"};
  if (t.name == "stack layer" && f.name == "children") return {"[]", "[{type: rect, h: 5mm}, {type: text, text: x}]"};
  switch (f.kind) {
    case Kind::String: return {"x", "12", "\"a b\""};
    case Kind::Template: return {"\"{word}\"", "x", "3"};
    case Kind::Name: return {"n1", "7"};
    case Kind::Length: return {"3mm", "0", "\"2.5in\"", "12pt", "0.5cm"};
    case Kind::RelLength: return {"10%", "0", "-3mm", "\"2.5in\""};
    case Kind::Offset: return {"0.8mm", "-0.5mm", "0"};  // printer profiles
    case Kind::Angle: return {"0.2deg", "-0.15deg", "0"};
    case Kind::Number: return {"1.5", "2", "\"1.25\""};
    case Kind::Integer: return {"3", "\"3\"", "0"};
    case Kind::Bool: return {"true", "false", "no", "\"on\"", "True"};
    case Kind::Color: return {"\"#ff0000\"", "\"#f00\"", "none", "ink", "\"{word}\""};
    case Kind::Enum: {
      std::vector<std::string> v;
      for (const auto& c : f.choices) v.push_back(c);              // as YAML reads it: 90 is a number
      for (const auto& c : f.choices) v.push_back("\"" + c + "\"");  // and quoted
      return v;
    }
    case Kind::StringList: return {"[x, y]", "x", "[1]"};
    case Kind::Scalar: return {"x", "1"};
    case Kind::Object: return {flow(where.at(f.object).base, "", "")};
    case Kind::ObjectList: return {"[" + flow(where.at(f.object).base, "", "") + "]", "[]"};
    case Kind::ObjectMap: return {"{n1: " + flow(where.at(f.object).base, "", "") + "}"};
    case Kind::Any: break;
  }
  ADD_FAILURE() << t.name << "." << f.name << " (checked by hand in the loader) needs values in this test";
  return {};
}

// Values both must reject for `table.key`.
std::vector<std::string> bad_values(const Schema& t, const Field& f) {
  static const std::map<std::string, std::vector<std::string>> meaning = {
      {"game.colors", {"{ink: 12}", "{ink: dark blue}", "[ink]"}},
      {"game.icons", {"[x]", "{Big: assets/prophets/hay.svg}", "{a: [x]}", "x"}},
      {"design.layers", {"[x]", "{type: text}", "[{type: circle}]", "[{text: x}]"}},
      {"expect.counts", {"{k: x}", "{k: 1.5}", "[3]"}},
      {"facts.entries", {"[x]", "{word: A}", "[{word: {a: 1}}]"}},
      {"unrelated rule.except", {"{kind: k, place: p}", "[k]", "x"}},
      {"deck.names", {"{k: [a]}", "[k]"}},
      {"board rule.tiles", {"{kind: k, count: 3}", "{}", "k"}},
      {"board.rows", {"[a]", "a"}},
      {"table.rows", {"[[{a: 1}]]", "[1]", "x"}},
      {"booklet.creep", {"3", "fast", "[1]", "{a: 1}"}},
      {"card source.counts", {"[3]", "3"}},
  };
  if (auto it = meaning.find(t.name + "." + f.name); it != meaning.end()) return it->second;
  if (t.name.find(" layer") != std::string::npos && f.name == "inset") return {"saef", "3", "-3mm", "[1]", "{a: 1}"};
  if (t.name == "stack layer" && f.name == "children") return {"x", "{type: rect}", "[{type: circle}]"};
  switch (f.kind) {
    case Kind::String:
    case Kind::Template:
    case Kind::Scalar: return {"{a: 1}", "[x]"};
    case Kind::Name: return {"\"a/b\"", "\".hidden\"", "{a: 1}"};
    case Kind::Color: return {"[x]", "{a: 1}"};
    case Kind::Length: return {"3", "3px", "-3mm", "\"3 mm\"", "[3mm]"};
    case Kind::RelLength: return {"3", "abc%", "[1]"};
    case Kind::Offset: return {"3", "3px", "[1]"};
    case Kind::Angle: return {"3", "3rad", "[1]"};
    case Kind::Number: return {"abc", "1.5pt", "[1]"};
    case Kind::Integer: return {"1.5", "x", "[1]"};
    case Kind::Bool: return {"maybe", "2", "[true]"};
    case Kind::Enum: return {"zzz", "45", "[x]"};
    case Kind::StringList: return {"{a: 1}", "[[x]]"};
    case Kind::Object: return {"[1]", "x"};
    case Kind::ObjectList: return {"x", "{a: 1}"};
    case Kind::ObjectMap: return {"[1]", "x"};
    case Kind::Any: break;
  }
  ADD_FAILURE() << t.name << "." << f.name << " needs wrong values in this test";
  return {};
}

// Every table a game file holds: the game and all it reaches, layers included.
std::vector<const Schema*> game_tables() {
  std::vector<const Schema*> v{&Schemas::game()};
  for (size_t i = 0; i < v.size(); ++i)
    for (const auto& f : v[i]->fields)
      for (const Schema* t : {f.object, f.alt})  // `alt`: a deck's {csv: FILE} entries
        if (t && std::find(v.begin(), v.end(), t) == v.end()) v.push_back(t);
  for (const auto& t : Schemas::layer_types()) v.push_back(&Schemas::layer(t));
  return v;
}

}  // namespace

TEST(SchemaEditor, PublishedSchemaIsCurrent) {
  const fs::path published = fs::path(testing::source_dir()) / "docs" / "cardstock.schema.json";
  if (std::getenv("UPDATE_GOLDENS")) std::ofstream(published) << json_schema();
  EXPECT_EQ(slurp(published), json_schema())
      << "docs/cardstock.schema.json is not `cardstock schema`: UPDATE_GOLDENS=1 ctest -R SchemaEditor rewrites it";
}

TEST(SchemaEditor, EveryShippedGameNamesThePublishedSchema) {
  int games = 0;
  for (const auto& e : fs::directory_iterator(fs::path(testing::source_dir()) / "content")) {
    if (e.path().extension() != ".yaml") continue;
    ++games;
    const std::string text = slurp(e.path());
    EXPECT_EQ(text.substr(0, text.find('\n')), "# yaml-language-server: $schema=../docs/cardstock.schema.json")
        << e.path().filename() << ": its first line points editors at the schema";
  }
  EXPECT_GE(games, 4);
}

TEST(SchemaEditor, ShippedGamesAndDocExamplesValidate) {
  const fs::path dir = fresh_dir("schema-editor-shipped");
  const fs::path schema = write_schema(dir);
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(fs::path(testing::source_dir()) / "content"))
    if (e.path().extension() == ".yaml") files.push_back(e.path().string());
  // The YAML examples of the README and docs/, completed into game files where they are
  // only a part of one (a deck's facts, a booklet section).
  const std::string src = testing::source_dir();
  int examples = 0;
  std::vector<std::string> skipped;
  for (const auto& l : run_checker({"--examples", dir.string(), src + "/README.md", src + "/docs/format.md",
                                    src + "/docs/booklets.md", src + "/docs/your-own-deck.md",
                                    src + "/docs/picture-decks.md", src + "/docs/printing-at-home.md",
                                    src + "/docs/designs.md"})) {
    if (l.rfind("written\t", 0) == 0) {
      files.push_back(l.substr(8, l.find('\t', 8) - 8));
      ++examples;
    } else {
      skipped.push_back(l);
    }
  }
  EXPECT_GE(examples, 6);
  // Only the examples of a stock file and of a printer profile are not game files: each
  // skipped one names keys that all belong to one of those two tables.
  ASSERT_GE(skipped.size(), 1u);
  for (const auto& l : skipped) {
    const size_t at = l.find("keys "), end = l.find(" are not");
    ASSERT_TRUE(at != std::string::npos && end != std::string::npos) << l;
    std::vector<std::string> keys;
    std::stringstream list(l.substr(at + 5, end - at - 5));
    for (std::string k; std::getline(list, k, ',');) keys.push_back(k.substr(k.find_first_not_of(' ')));
    bool stock = true, printer = true;
    for (const auto& k : keys) {
      stock = stock && Schemas::stock().find(k);
      printer = printer && Schemas::printer().find(k);
    }
    EXPECT_TRUE(stock || printer) << l;
  }
  const auto verdicts = validate(schema, files);
  for (const auto& f : files) {
    ASSERT_TRUE(verdicts.count(f)) << f;
    EXPECT_EQ(verdicts.at(f), "ok") << f;
  }
  // And the same game with a misspelt key fails it, as it fails the loader.
  const std::string echad = slurp(src + "/content/echad.yaml");
  const size_t at = echad.find(" size: ");
  ASSERT_NE(at, std::string::npos);
  const std::string misspelt = echad.substr(0, at) + " sise: " + echad.substr(at + 7);
  std::ofstream(dir / "misspelt.yaml") << misspelt;
  const auto v = validate(schema, {(dir / "misspelt.yaml").string()});
  ASSERT_TRUE(v.count((dir / "misspelt.yaml").string()));
  EXPECT_EQ(v.begin()->second.rfind("error\tdesigns/", 0), 0u) << v.begin()->second;
  EXPECT_NE(v.begin()->second.find("'sise' was unexpected"), std::string::npos) << v.begin()->second;
  EXPECT_NE(loader_errors(misspelt).find("unknown key 'sise' in text layer (did you mean 'size'?)"), std::string::npos);
  EXPECT_EQ(loader_errors(echad), "");
}

TEST(SchemaEditor, SchemaAndLoaderAgreeKeyByKey) {
  const fs::path dir = fresh_dir("schema-editor-keys");
  const fs::path schema = write_schema(dir);
  const auto where = places();
  struct Doc {
    std::string what, text;
    bool valid;
  };
  std::vector<Doc> docs;
  int tables = 0;
  for (const Schema* t : game_tables()) {
    ASSERT_TRUE(where.count(t)) << "table '" << t->name << "' has no place in this test";
    const Place& p = where.at(t);
    ++tables;
    auto doc = [&](const std::string& what, const std::string& key, const std::string& value, bool valid) {
      docs.push_back({t->name + "." + what, p.game(flow(p.base, key, value)), valid});
    };
    doc("(as placed)", "", "", true);
    doc("an unknown key", "Not-a-key", "1", false);
    for (const auto& f : t->fields) {
      for (const auto& v : good_values(*t, f, where)) doc(f.name + ": " + v, f.name, v, true);
      if (f.name == "type" && t->name.find(" layer") != std::string::npos) continue;  // picks the table
      for (const auto& v : bad_values(*t, f)) doc(f.name + ": " + v, f.name, v, false);
      if (f.required) doc("without " + f.name, f.name, "", false);
      else if (t->name + "." + f.name != "game.designs" &&  // the deck names its designs
               t->name + "." + f.name != "card source.csv" &&  // a source names its file (one_of)
               t->name + "." + f.name != "deck.face" &&        // needed unless the cards are pictures
               t->name + "." + f.name != "stock.paper" &&   // a stock with a paper needs a grid,
               t->name + "." + f.name != "stock.grid")      // one without takes none
        doc(f.name + ": ~", f.name, "~", true);            // null: as if absent
    }
  }
  EXPECT_EQ(tables, 28);
  std::vector<std::string> files;
  for (size_t i = 0; i < docs.size(); ++i) {
    files.push_back((dir / ("doc-" + std::to_string(i) + ".yaml")).string());
    std::ofstream(files.back()) << docs[i].text;
  }
  const auto verdicts = validate(schema, files);
  int checked = 0;
  for (size_t i = 0; i < docs.size(); ++i) {
    const Doc& d = docs[i];
    const std::string errors = loader_errors(d.text);
    ASSERT_TRUE(verdicts.count(files[i])) << files[i];
    const std::string& json = verdicts.at(files[i]);
    EXPECT_EQ(errors.empty(), d.valid) << d.what << (d.valid ? ": the loader rejects it:\n" : ": the loader accepts it\n")
                                       << errors << d.text;
    EXPECT_EQ(json == "ok", d.valid) << d.what << (d.valid ? ": the JSON Schema rejects it: " : ": the JSON Schema accepts it")
                                     << (d.valid ? json : "") << "\n" << d.text;
    ++checked;
  }
  EXPECT_GT(checked, 500);
}

}  // namespace cardstock
