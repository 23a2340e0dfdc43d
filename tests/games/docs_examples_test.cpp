// Every YAML example in the README and docs/ works as written. A whole game file is built
// (strict: a warning fails it) in a folder of its own, with the files its document shows
// beside it (a code block after a line ending in "`path`:" is that file); a stock file
// is loaded as one; a fragment (a deck's `cards:`, a game's `booklet:`, layers, stock
// keys, a printer profile) is checked against the schema of where it goes, every key and
// value, all but the keys it leaves out on purpose.
//
// And the documents hold together (Docs.*): the README stays a front page of at most 200
// lines, and every relative link of the README and docs/ leads to a file that exists,
// its #anchor to a heading of that file.
#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "load/schema/schema.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

struct Block {
  std::string doc;    // "docs/format.md"
  int line = 0;       // of the opening fence
  std::string lang;   // "yaml", "csv", "svg"...
  std::string text;
  std::string file;   // the file it is, when the line before it names one
  std::string where() const { return doc + ":" + std::to_string(line); }
};

// A Markdown document: its code blocks, and its other lines with their numbers.
struct Doc {
  std::vector<Block> blocks;
  std::vector<std::pair<int, std::string>> prose;
};

Doc read_doc(const std::string& doc) {
  std::ifstream in(testing::source_dir() + "/" + doc);
  Doc out;
  std::string line, last_text;
  const std::regex names_file(R"(`([^`]+)`:\s*$)");
  Block* open = nullptr;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.rfind("```", 0) == 0) {
      if (open) {
        open = nullptr;
      } else {
        out.blocks.push_back({doc, n, line.substr(3), "", ""});
        open = &out.blocks.back();
        std::smatch m;
        if (std::regex_search(last_text, m, names_file)) open->file = m[1];
      }
      continue;
    }
    if (open) {
      open->text += line + "\n";
    } else {
      out.prose.emplace_back(n, line);
      if (!line.empty()) last_text = line;
    }
  }
  return out;
}

std::vector<Block> blocks_of(const std::string& doc) { return read_doc(doc).blocks; }

// The README and every Markdown file under docs/, as paths from the source folder.
std::vector<std::string> all_docs() {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_dir() + "/docs"))
    if (e.is_regular_file() && e.path().extension() == ".md")
      out.push_back(fs::relative(e.path(), testing::source_dir()).string());
  std::sort(out.begin(), out.end());
  out.insert(out.begin(), "README.md");
  return out;
}

// Writes the files `doc` shows into `dir`; a font file a game names is copied from the
// system's Noto fonts (a font cannot be shown in a document).
void write_fixtures(const std::string& doc, const std::string& game_text, const fs::path& dir) {
  for (const Block& b : blocks_of(doc)) {
    if (b.file.empty()) continue;
    fs::create_directories((dir / b.file).parent_path());
    std::ofstream(dir / b.file, std::ios::binary) << b.text;
  }
  // A spreadsheet cannot be shown in a document either: the tutorial's is in tests/sheets/.
  const std::regex sheet(R"(sheet: ([A-Za-z0-9_-]+\.(xlsx|ods)))");
  for (auto it = std::sregex_iterator(game_text.begin(), game_text.end(), sheet); it != std::sregex_iterator(); ++it)
    fs::copy_file(testing::source_dir() + "/tests/sheets/" + (*it)[1].str(), dir / (*it)[1].str(),
                  fs::copy_options::overwrite_existing);
  // A folder of pictures: three plain ones at 300 dpi on a poker card's trim.
  const std::regex images(R"(images: "([A-Za-z0-9_-]+)/\*\.png")");
  for (auto it = std::sregex_iterator(game_text.begin(), game_text.end(), images); it != std::sregex_iterator(); ++it)
    for (const char* name : {"1.png", "2.png", "10.png"}) {
      fs::create_directories(dir / (*it)[1].str());
      const std::vector<unsigned char> px(750 * 1050 * 3, 200);
      png_image img{};
      img.version = PNG_IMAGE_VERSION;
      img.width = 750;
      img.height = 1050;
      img.format = PNG_FORMAT_RGB;
      png_image_write_to_file(&img, (dir / (*it)[1].str() / name).c_str(), 0, px.data(), 0, nullptr);
    }
  const std::regex ttf(R"(([A-Za-z0-9_./-]+/)?([A-Za-z0-9_-]+\.ttf))");
  for (auto it = std::sregex_iterator(game_text.begin(), game_text.end(), ttf); it != std::sregex_iterator(); ++it) {
    const fs::path to = dir / (*it)[0].str();
    fs::create_directories(to.parent_path());
    std::error_code ec;
    fs::copy_file("/usr/share/fonts/truetype/noto/" + (*it)[2].str(), to, fs::copy_options::overwrite_existing, ec);
  }
}

// Checks a fragment against the schema of a deck, a game, a layer, a stock or a printer
// profile (the first that has all its keys); "" when it is right.
std::string fragment_problems(const Block& b) {
  YAML::Node n;
  try {
    n = YAML::Load(b.text);
  } catch (const YAML::Exception& e) {
    return "not YAML: " + e.msg;
  }
  Diagnostics d;
  std::string problems;
  auto keep = [&] {
    for (const auto& diag : d.all())
      if (diag.message.rfind("missing required key", 0) != 0) problems += diag.str() + "\n";
    return problems;
  };
  if (n.IsSequence()) {  // a list of layers
    for (const auto& layer : n) {
      const std::string type = layer.IsMap() && layer["type"] ? layer["type"].as<std::string>("") : "";
      const auto types = Schemas::layer_types();
      if (std::find(types.begin(), types.end(), type) == types.end()) return "a list item is not a layer";
      validate(layer, Schemas::layer(type), b.where(), d);
    }
    return keep();
  }
  if (!n.IsMap()) return "not a map";
  const Schema* where = nullptr;
  for (const Schema* s :
       {&Schemas::deck(), &Schemas::game(), &Schemas::layer_common(), &Schemas::stock(), &Schemas::printer()}) {
    bool all = true;
    for (const auto& kv : n) all = all && s->find(kv.first.Scalar());
    if (all) {
      where = s;
      break;
    }
  }
  if (!where) return "its keys belong to no deck, game, layer, stock or printer profile";
  validate(n, *where, b.where(), d);
  return keep();
}

// GitHub's anchor of a heading: lower case, punctuation but '-' and '_' dropped, spaces
// made '-'; a second heading of the same text gets "-1", a third "-2".
std::set<std::string> anchors_of(const std::string& doc) {
  std::set<std::string> out;
  std::map<std::string, int> seen;
  for (const auto& [n, line] : read_doc(doc).prose) {
    if (line.empty() || line[0] != '#') continue;
    std::string slug;
    for (char c : line.substr(line.find_first_not_of('#')))
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || static_cast<unsigned char>(c) >= 0x80)
        slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      else if (c == ' ')
        slug += '-';
    if (!slug.empty() && slug[0] == '-') slug.erase(0, 1);
    const int k = seen[slug]++;
    out.insert(k == 0 ? slug : slug + "-" + std::to_string(k));
  }
  return out;
}

// The links of a document's prose (not of its code blocks or `code`), as "line: target".
std::vector<std::pair<int, std::string>> links_of(const std::string& doc) {
  std::vector<std::pair<int, std::string>> out;
  const std::regex code("`[^`]*`"), link(R"(\]\(([^)\s]+)\))");
  for (const auto& [n, line] : read_doc(doc).prose) {
    const std::string text = std::regex_replace(line, code, "");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator(); ++it)
      out.emplace_back(n, (*it)[1].str());
  }
  return out;
}

// What is wrong with a link of `doc`, "" if nothing: a relative link must name a file of
// the source tree, and its #anchor a heading of that Markdown file.
std::string broken(const std::string& doc, const std::string& target) {
  if (std::regex_search(target, std::regex("^[a-z]+:"))) return "";  // a URL
  const size_t hash = target.find('#');
  const std::string file = target.substr(0, hash), anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
  const fs::path src = fs::path(testing::source_dir()).lexically_normal();
  const fs::path to = file.empty() ? src / doc : (src / fs::path(doc).parent_path() / file).lexically_normal();
  const std::string rel = fs::relative(to, src).string();
  if (rel.rfind("..", 0) == 0) return "leads out of the source tree";
  if (!fs::exists(to)) return "names no file";
  if (!anchor.empty() && to.extension() == ".md" && !anchors_of(rel).count(anchor))
    return "names no heading of " + rel;
  return "";
}

}  // namespace

// The README is a front page: what cardstock is, installing, the two commands, a first
// deck, one error, the links. The rest belongs in docs/.
TEST(Docs, ReadmeIsAtMost200Lines) {
  std::ifstream in(testing::source_dir() + "/README.md");
  int lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_GT(lines, 20);
  EXPECT_LE(lines, 200) << "README.md is a front page: move the rest into docs/";
}

TEST(Docs, EveryRelativeLinkResolves) {
  int links = 0, anchored = 0;
  for (const auto& doc : all_docs())
    for (const auto& [line, target] : links_of(doc)) {
      ++links;
      if (target.find('#') != std::string::npos && target.find(':') == std::string::npos) ++anchored;
      const std::string why = broken(doc, target);
      EXPECT_EQ(why, "") << doc << ":" << line << ": (" << target << ")";
    }
  // The finder does find links, anchors among them (a change to how they are found
  // would otherwise pass with none).
  EXPECT_GE(links, 50);
  EXPECT_GE(anchored, 5);
}

TEST(Docs, AnchorsAreGitHubs) {
  const std::set<std::string> a = anchors_of("docs/format.md");
  EXPECT_TRUE(a.count("printer-profiles-cardstock-build---printer-file"));
  EXPECT_TRUE(a.count("your-own-card-sizes-stocks-papers-and-fonts-template-layers"));
  EXPECT_EQ(broken("README.md", "docs/format.md#no-such-heading"), "names no heading of docs/format.md");
  EXPECT_EQ(broken("docs/install.md", "nowhere.md"), "names no file");
  EXPECT_EQ(broken("docs/install.md", "../../x"), "leads out of the source tree");
  EXPECT_EQ(broken("docs/install.md", "../README.md#install"), "");
}

TEST(DocsExamples, EveryYamlExampleWorksAsWritten) {
  int games = 0, stocks = 0, fragments = 0;
  std::map<std::string, int> games_in;
  for (const auto& doc : all_docs())
    for (const Block& b : blocks_of(doc)) {
      if (b.lang != "yaml") continue;
      YAML::Node n;
      ASSERT_NO_THROW(n = YAML::Load(b.text)) << b.where();
      if (n.IsMap() && n["game"]) {
        ++games;
        ++games_in[doc];
        const fs::path dir = testing::fresh_dir("docs-example-" + std::to_string(games));
        write_fixtures(doc, b.text, dir);
        const fs::path game = dir / (b.file.empty() ? "example.yaml" : b.file);
        std::ofstream(game) << b.text;
        BuildOptions opt = testing::build_options(dir / "out");
        opt.strict = true;
        std::ostringstream out, err;
        EXPECT_EQ(build_files({game.string()}, opt, out, err), 0) << b.where() << "\n" << err.str();
        EXPECT_EQ(err.str(), "") << b.where();
      } else if (n.IsMap() && n["id"] && n["grid"]) {
        ++stocks;
        Diagnostics d;
        EXPECT_TRUE(parse_stock(b.text, b.where(), testing::shipped_templates(), d)) << b.where();
        EXPECT_EQ(d.str(), "") << b.where();
      } else if (b.file.empty()) {
        ++fragments;
        EXPECT_EQ(fragment_problems(b), "") << b.where() << ":\n" << b.text;
      }
    }
  // The documents do hold examples of each kind (a change to how they are found would
  // otherwise test nothing).
  EXPECT_GE(games, 3);
  EXPECT_GE(stocks, 2);
  EXPECT_GE(fragments, 4);
  // The first deck of the front page, the tutorial and the deck of pictures among them.
  EXPECT_EQ(games_in["README.md"], 1);
  EXPECT_GE(games_in["docs/your-own-deck.md"], 2);
  EXPECT_EQ(games_in["docs/picture-decks.md"], 1);
}

// The designs shipped in templates/designs/ build on every rectangular card size 2 in
// wide or more (not on tokens), with the fields each says it shows, and nothing warns
// (text fits at some size).
TEST(DocsExamples, ShippedDesignsFitEveryRectangularCardSize) {
  const Templates& t = testing::shipped_templates();
  for (const char* name : {"framed", "title-and-text", "big-number", "word-card", "question", "answer", "photo-caption",
                           "vocab-front", "vocab-front-rtl", "vocab-back"})
    ASSERT_TRUE(t.designs.count(name)) << name;
  std::string decks;
  for (const auto& c : t.cards) {
    if (c.shape != Shape::Rect || c.width.pt < 144) continue;
    for (const auto& s : t.stocks)
      if (s.card.id == c.id) {
        decks += "  - {id: t-" + c.id + ", card: " + c.id + ", face: title-and-text, stocks: [" + s.id +
                 "], cards: [{title: Shalom, text: \"Peace, wholeness, completeness.\"}]}\n";
        decks += "  - {id: n-" + c.id + ", card: " + c.id + ", face: big-number, stocks: [" + s.id +
                 "], cards: [{number: 12}]}\n";
        decks += "  - {id: q-" + c.id + ", card: " + c.id + ", face: question, back: answer, stocks: [" + s.id +
                 "], cards: [{question: \"Which planet is closest to the Sun?\", answer: Mercury}]}\n";
        decks += "  - {id: p-" + c.id + ", card: " + c.id + ", face: photo-caption, back: vocab-back, stocks: [" +
                 s.id + "], cards: [{picture: p.svg, caption: \"The hills in spring\", translation: house}]}\n";
        decks += "  - {id: w-" + c.id + ", card: " + c.id + ", face: word-card, back: vocab-front-rtl, stocks: [" +
                 s.id + "], cards: [{word: apple, picture: p.svg, meaning: \"a round fruit\", example: \"\u05D1\u05D9\u05EA\"}]}\n";
        break;
      }
  }
  ASSERT_FALSE(decks.empty());
  const fs::path dir = testing::fresh_dir("docs-designs");
  std::ofstream(dir / "p.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\"/></svg>";
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\ndecks:\n" << decks;
  BuildOptions opt = testing::build_options(dir / "out");
  opt.strict = true;
  std::ostringstream out, err;
  EXPECT_EQ(build_files({(dir / "g.yaml").string()}, opt, out, err), 0) << err.str();
}

}  // namespace cardstock
