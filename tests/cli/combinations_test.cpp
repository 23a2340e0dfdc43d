// Every stock with every option, through the real program: each run exits 0 or with a
// positioned error, never on a signal, and leaves no temporary file. Nothing is listed by
// hand: the stocks are read from templates/stocks/ and the options from `cardstock build
// --help`, so a new stock or option joins the matrix by itself (an option the table of
// sample values below does not know fails the test that says so). CI runs this file
// under ASan and UBSan too (scripts/sanitize.sh). The first tests are the faults that
// reached main before the matrix existed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "output_util.h"

namespace cardstock::testing {
namespace {

namespace fs = std::filesystem;

bool have_ghostscript() { return std::system("command -v gs >/dev/null 2>&1") == 0; }

// Files a killed or failed writer would leave: "x.pdf.tmp-123", scratch folders.
std::vector<std::string> temporaries(const fs::path& dir) {
  std::vector<std::string> left;
  for (const auto& f : tree_of(dir))
    if (f.find(".tmp-") != std::string::npos || f.find(".scratch") != std::string::npos) left.push_back(f);
  return left;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

const char* const kSmallGame = R"(game: t
title: T
designs:
  face: {layers: [{type: text, text: "{name}", size: 14pt}]}
  back: {layers: [{type: rect, fill: "#336699", bleed: true, x: 0, y: 0, w: 100%, h: 100%}]}
decks:
  - {id: d, face: face, back: back, stocks: [poker-3x3-letter], cards: [{id: a, name: Alpha}, {id: b, name: Beta}]}
)";

// Was: exit 139 (segmentation fault) and a .tmp file left: the CMYK conversion was
// applied to the last output planned, the SVG cut file.
TEST(Combinations, CmykSheetsOnACutterStockAreCmykAndTheirCutFileStaysSvg) {
  if (!have_ghostscript()) GTEST_SKIP() << "Ghostscript ('gs') is not on the PATH: apt-get install ghostscript";
  const fs::path dir = fresh_dir("combo-cmyk-cutter");
  write(dir / "g.yaml", kSmallGame);
  const cardstock::testing::Run r = run_cardstock({"build", "-q", "--stock", "poker-silhouette-letter", "--cmyk", "-o", "out", "g.yaml"},
                              dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(temporaries(dir / "out"), std::vector<std::string>{});
  const auto m = nlohmann::json::parse(slurp(dir / "out/t/manifest.json"));
  std::map<std::string, nlohmann::json> by_file;
  for (const auto& o : m["outputs"]) by_file[o["file"]] = o;
  ASSERT_TRUE(by_file.count("d-poker-silhouette-letter.pdf"));
  EXPECT_EQ(by_file["d-poker-silhouette-letter.pdf"]["color"], "cmyk");
  ASSERT_TRUE(by_file.count("d-poker-silhouette-letter-cut.svg"));
  EXPECT_EQ(by_file["d-poker-silhouette-letter-cut.svg"]["kind"], "cut-file");
  EXPECT_FALSE(by_file["d-poker-silhouette-letter-cut.svg"].contains("color"));
  EXPECT_EQ(slurp(dir / "out/t/d-poker-silhouette-letter-cut.svg").rfind("<?xml", 0), 0u);
  // The CMYK sheets carry the cards' art (the text of both cards).
  const cardstock::testing::Run text = [&] {
    cardstock::testing::Run t;
    FILE* p = ::popen(("pdftotext '" + (dir / "out/t/d-poker-silhouette-letter.pdf").string() + "' -").c_str(), "r");
    char buf[4096];
    for (size_t n; p && (n = std::fread(buf, 1, sizeof buf, p)) > 0;) t.out.append(buf, n);
    if (p) t.status = ::pclose(p);
    return t;
  }();
  EXPECT_NE(text.out.find("Alpha"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Beta"), std::string::npos) << text.out;
}

// Was: `check` ended on a segmentation fault with no message (the CMYK step took the
// last output of an empty list: the stock's cutter check had refused it).
TEST(Combinations, CheckOfACmykCutterStockThatFailsItsCutterCheckSaysWhy) {
  const fs::path dir = fresh_dir("combo-check-cutter");
  write(dir / "g.yaml", R"(game: t
title: T
stocks:
  - {id: bad-cut, paper: letter, card: poker, grid: {columns: 3, rows: 3}, gutter: 0, cutter: silhouette, cmyk: true}
designs:
  face: {layers: [{type: text, text: "{name}"}]}
decks:
  - {id: d, face: face, stocks: [bad-cut], cards: [{id: a, name: Alpha}]}
)");
  for (const char* cmd : {"check", "build"}) {
    const cardstock::testing::Run r = run_cardstock({cmd, "-o", "out", "g.yaml"}, dir.string());
    if (std::string(cmd) == "check") {
      const cardstock::testing::Run c = run_cardstock({cmd, "g.yaml"}, dir.string());
      EXPECT_EQ(c.status, 1) << c.err;
      EXPECT_NE(c.err.find("g.yaml:4:5: error: stock 'bad-cut' (deck 'd'): 6 of its 9 cards (the first, card 1, at "
                           "12.7, 6.35 mm) lie outside the area a Silhouette Cameo can cut"),
                std::string::npos)
          << c.err;
      continue;
    }
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("g.yaml:4:5: error: stock 'bad-cut'"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out/t"));
  }
}

// Was: SIGABRT (nlohmann's exception for invalid UTF-8 escaped the build), for a game
// file whose name is Latin-1 and for a --tts-url that is not UTF-8.
TEST(Combinations, BytesThatAreNotUtf8NeverEndTheProcessAndEveryJsonIsUtf8) {
  const fs::path dir = fresh_dir("combo-tts-utf8");
  const std::string latin1 = "caf\xE9.yaml";
  write(dir / latin1, kSmallGame);
  const cardstock::testing::Run r = run_cardstock({"build", "-q", "--stock", "tts", "-o", "out", latin1}, dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto m = nlohmann::json::parse(slurp(dir / "out/t/manifest.json"));  // throws if not UTF-8 JSON
  EXPECT_EQ(m["source"], "caf\\xE9.yaml");
  const auto tts = nlohmann::json::parse(slurp(dir / "out/t/d-tts/t-d.json"));
  EXPECT_EQ(tts["ObjectStates"][0]["ContainedObjects"][0]["GMNotes"], "caf\\xE9.yaml:7:73");

  const cardstock::testing::Run u = run_cardstock({"build", "-q", "--stock", "tts", "--tts-url", "https://example.org/\xFF/", "-o", "out2",
                               latin1},
                              dir.string());
  EXPECT_EQ(u.status, 1) << u.err;
  EXPECT_NE(u.err.find(": error: --tts-url \"https://example.org/\\xFF/\": byte 0xFF is not UTF-8; give the address "
                       "as UTF-8 text"),
            std::string::npos)
      << u.err;
  EXPECT_FALSE(fs::exists(dir / "out2/t"));
  EXPECT_EQ(temporaries(dir), std::vector<std::string>{});
}

// ---- The matrix ---------------------------------------------------------------------

struct Option {
  std::string name;               // as --help lists it
  std::vector<std::string> args;  // a run with it (empty: not varied, see `why`)
  std::string why;                // why an option is not varied
};

// Sample values for the options that take one, and the options the matrix does not vary
// (they choose where and how, not what is made). Every option --help lists must be here.
std::vector<Option> option_table(const fs::path& printer) {
  return {
      {"--paper", {"--paper", "letter"}, ""},
      {"--paper=a4", {"--paper", "a4"}, ""},
      {"--single-sided", {"--single-sided"}, ""},
      {"--strict", {"--strict"}, ""},
      {"--proof", {"--proof"}, ""},
      {"--cmyk", {"--cmyk"}, ""},
      {"--tts-url", {"--tts-url", "https://example.org/decks"}, ""},
      {"--printer", {"--printer", printer.string()}, ""},
      {"-j,--jobs", {"-j", "1"}, ""},
      {"--stock", {}, "varied on its own: every stock"},
      {"-o,--out", {}, "where the files go"},
      {"--allow-outside", {}, "the fixture's files are all inside its folder"},
      {"--force", {}, "every run writes into a fresh folder"},
      {"-q,--quiet", {}, "every run is quiet"},
      {"-h,--help", {}, "prints help"},
      {"--no-wait", {}, "each run writes into its own folder: nothing to wait for"},
      {"--keep-stale", {}, "each run writes into its own folder: nothing is stale"},
  };
}

// The options `cardstock build --help` lists, by their names there ("-j,--jobs").
std::vector<std::string> listed_options() {
  const cardstock::testing::Run r = run_cardstock({"build", "--help"});
  std::vector<std::string> v;
  static const std::regex line(R"(^\s+((?:-\w,)?--[\w-]+))");
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_search(l, m, line)) v.push_back(m[1]);
  }
  return v;
}

std::vector<std::string> shipped_stocks() {
  std::vector<std::string> v;
  for (const auto& e : fs::directory_iterator(source_dir() + "/templates/stocks"))
    if (e.path().extension() == ".yaml") v.push_back(e.path().stem().string());
  std::sort(v.begin(), v.end());
  return v;
}

// A game with one small deck a shipped card size, on `every` stock that holds it (each
// stock with every option) or on the first (a --stock run's fixture, small and quick).
// Written from the templates, so a new card size or stock is in it by itself.
std::string matrix_game(bool every) {
  const Templates& t = shipped_templates();
  std::string y = R"(game: m
title: Matrix
designs:
  face:
    layers:
      - {type: rect, fill: "#e9c46a", bleed: true, x: 0, y: 0, w: 100%, h: 100%}
      - {type: text, text: "{name}", size: 10pt, min_size: 4pt, align: center, valign: middle, x: 10%, y: 30%, w: 80%, h: 40%}
  back:
    layers:
      - {type: rect, fill: "#1d3557", bleed: true, x: 0, y: 0, w: 100%, h: 100%}
decks:
)";
  for (const auto& size : t.cards) {
    std::vector<std::string> on;
    for (const auto& s : t.stocks)
      if (s.holds(size)) on.push_back(s.id);
    if (on.empty()) continue;
    if (!every) on.resize(1);
    std::string list;
    for (const auto& s : on) list += (list.empty() ? "" : ", ") + s;
    y += "  - {id: " + size.id + ", card: " + size.id + ", face: face, back: back, stocks: [" + list +
         "], cards: [{id: one, name: One}, {id: two, name: Two, count: 2}]}\n";
  }
  return y;
}

const char* const kPrinter = "name: test-printer\nduplex_offset: {x: 0.8mm, y: -0.5mm}\nduplex_rotation: 0.3deg\n";

struct Fixture {
  fs::path dir;
  std::vector<Option> options;
};

Fixture& fixture() {
  static Fixture f = [] {
    Fixture x;
    x.dir = fresh_dir("combo-matrix");
    write(x.dir / "every.yaml", matrix_game(true));
    write(x.dir / "first.yaml", matrix_game(false));
    write(x.dir / "printer.yaml", kPrinter);
    x.options = option_table(x.dir / "printer.yaml");
    return x;
  }();
  return f;
}

// One run: exit 0, or 1 with every error positioned (file:line:col); never a signal or
// a usage error; no temporary file; and a build that succeeded has a manifest.
void expect_clean(const std::vector<std::string>& args, const fs::path& out, bool build) {
  const cardstock::testing::Run r = run_cardstock(args, fixture().dir.string());
  std::string shown;
  for (const auto& a : args) shown += " " + a;
  SCOPED_TRACE("cardstock" + shown);
  EXPECT_LT(r.status, 128) << "ended on signal " << r.status - 128 << "\n" << r.err;
  EXPECT_TRUE(r.status == 0 || r.status == 1) << r.status << "\n" << r.err;
  if (r.status == 1) {
    static const std::regex positioned(R"(^[^\s:]+\.yaml:\d+:\d+: (error|warning|note): )");
    std::istringstream in(r.err);
    for (std::string l; std::getline(in, l);) {
      if (l.find("error:") != std::string::npos && l.find(" error(s), ") == std::string::npos) {
        EXPECT_TRUE(std::regex_search(l, positioned)) << "an error without its position: " << l;
      }
    }
  }
  if (build) {
    EXPECT_EQ(temporaries(out), std::vector<std::string>{});
    if (r.status == 0) {
      EXPECT_TRUE(fs::exists(out / "m/manifest.json")) << r.err;
    }
  }
}

TEST(Combinations, EveryOptionBuildHelpListsHasASampleValueOrAReason) {
  std::set<std::string> known;
  for (const auto& o : fixture().options) known.insert(o.name);
  const auto listed = listed_options();
  EXPECT_GE(listed.size(), 12u);
  for (const auto& name : listed)
    EXPECT_TRUE(known.count(name)) << "cardstock build --help lists " << name
                                   << ": give it a sample value (or a reason not to vary it) in option_table()";
}

// The rows the matrix varies, by name: one Matrix/EachOption case each. The rows it does
// not vary have no case (a case that only skips can never fail); the test above checks
// that each of them is in the table with its reason.
std::vector<std::string> varied_options() {
  std::vector<std::string> v;
  for (const auto& o : option_table("printer.yaml"))
    if (!o.args.empty()) v.push_back(o.name);
  return v;
}

class EachOption : public ::testing::TestWithParam<std::string> {};

// Every stock with one option: the fixture has every shipped stock.
TEST_P(EachOption, OnEveryStockBuildsOrSaysWhereItCannot) {
  const auto& options = fixture().options;
  const std::string& name = GetParam();
  const auto row = std::find_if(options.begin(), options.end(), [&name](const Option& o) { return o.name == name; });
  ASSERT_NE(row, options.end()) << name;
  const Option& o = *row;
  ASSERT_FALSE(o.args.empty()) << o.name;
  if (o.name == "--cmyk" && !have_ghostscript()) GTEST_SKIP() << "no Ghostscript";
  const fs::path out = fixture().dir / ("out-option-" + std::to_string(row - options.begin()));
  std::vector<std::string> build{"build", "-q", "-o", out.string()};
  build.insert(build.end(), o.args.begin(), o.args.end());
  build.push_back("every.yaml");
  expect_clean(build, out, true);
  std::vector<std::string> check{"check"};
  for (size_t i = 0; i < o.args.size(); ++i)
    if (o.args[i] != "-j") check.push_back(o.args[i]);
    else ++i;  // check draws nothing: it has no -j
  check.push_back("every.yaml");
  expect_clean(check, out, false);
  fs::remove_all(out);
}

// Named as the option is ("--paper=a4": paper_a4, "-j,--jobs": j_jobs).
INSTANTIATE_TEST_SUITE_P(Matrix, EachOption, ::testing::ValuesIn(varied_options()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n;
                           for (const char c : i.param)
                             if (std::isalnum(static_cast<unsigned char>(c))) n += c;
                             else if (!n.empty() && n.back() != '_') n += '_';
                           return n;
                         });

// Every varied option at once, on every stock; and each stock chosen with --stock, alone
// and with every option (--paper then names the stock's own paper: another one is a
// usage error, said before anything is loaded, that the CLI tests cover).
std::vector<std::string> all_options(bool for_check, const std::string& paper = "letter") {
  std::vector<std::string> v;
  for (const auto& o : fixture().options) {
    if (o.args.empty() || o.name == "--paper=a4") continue;  // one --paper
    if (o.name == "--paper") {
      v.insert(v.end(), {"--paper", paper});
      continue;
    }
    if (o.name == "--cmyk" && !have_ghostscript()) continue;
    if (for_check && o.args[0] == "-j") continue;
    v.insert(v.end(), o.args.begin(), o.args.end());
  }
  return v;
}

TEST(Combinations, AllOptionsAtOnceOnEveryStock) {
  const fs::path out = fixture().dir / "out-all";
  std::vector<std::string> build{"build", "-q", "-o", out.string()};
  for (const auto& a : all_options(false)) build.push_back(a);
  build.push_back("every.yaml");
  expect_clean(build, out, true);
  std::vector<std::string> check{"check"};
  for (const auto& a : all_options(true)) check.push_back(a);
  check.push_back("every.yaml");
  expect_clean(check, out, false);
  fs::remove_all(out);
}

class EachStock : public ::testing::TestWithParam<std::string> {};

TEST_P(EachStock, ChosenWithStockAloneAndWithEveryOption) {
  const std::string& stock = GetParam();
  const Stock* s = shipped_templates().find_stock(stock);
  ASSERT_NE(s, nullptr);
  const std::string paper = s->card_pages() ? "letter" : s->paper.id;
  for (bool all : {false, true}) {
    const fs::path out = fixture().dir / ("out-stock-" + stock + (all ? "-all" : ""));
    std::vector<std::string> build{"build", "-q", "-o", out.string(), "--stock", stock};
    std::vector<std::string> check{"check", "--stock", stock};
    if (all) {
      for (const auto& a : all_options(false, paper)) build.push_back(a);
      for (const auto& a : all_options(true, paper)) check.push_back(a);
    }
    build.push_back("first.yaml");
    check.push_back("first.yaml");
    expect_clean(build, out, true);
    expect_clean(check, out, false);
    fs::remove_all(out);
  }
}

INSTANTIATE_TEST_SUITE_P(Matrix, EachStock, ::testing::ValuesIn(shipped_stocks()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace cardstock::testing
