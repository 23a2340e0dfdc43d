// Tabletop Simulator output of the shipped games: the saved object parsed back (nlohmann)
// and its grid checked against the sheets on disk: one CustomDeck entry a sheet, at most
// 69 cards a sheet, card ids in deck order, sheets RGB, no side over 4096 px and an exact
// multiple of the grid, the hidden-card cell showing the back.
#include <gtest/gtest.h>
#include <png.h>

#include <nlohmann/json.hpp>

#include <array>
#include <fstream>
#include <map>
#include <set>

#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

using Built = testing::StockBuild;

// One game on the tts stock.
Built tts_build(const std::string& game_id) { return testing::build_on_stock(game_id, "tts", "tts-" + game_id); }

const Game& game(const std::string& id) {
  static std::map<std::string, Game> games;
  if (!games.count(id)) {
    Diagnostics d;
    auto g = load_game(testing::source_dir() + "/content/" + id + ".yaml", testing::shipped_templates(), d);
    if (!g) throw std::runtime_error(d.str());
    games[id] = *g;
  }
  return games[id];
}

// An 8-bit RGB image decoded with libpng's simplified API.
struct Pixels {
  unsigned width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::array<int, 3> at(unsigned x, unsigned y) const {
    const size_t i = (static_cast<size_t>(y) * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

Pixels decode(const std::string& bytes) {
  Pixels p;
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&img, bytes.data(), bytes.size())) return p;
  img.format = PNG_FORMAT_RGB;
  p.rgb.resize(PNG_IMAGE_SIZE(img));
  if (!png_image_finish_read(&img, nullptr, p.rgb.data(), 0, nullptr)) return {};
  p.width = img.width;
  p.height = img.height;
  return p;
}

// `want_grids`: each sheet's columns and rows.
void expect_deck(const Built& b, const std::string& game_id, const std::vector<std::pair<int, int>>& want_grids) {
  const size_t want_sheets = want_grids.size();
  ASSERT_EQ(b.run.status, 0) << b.run.err;
  const Deck& deck = game(game_id).decks.at(0);
  const fs::path folder = b.out / game_id / (deck.id + "-tts");
  const std::string base = game_id + "-" + deck.id;
  const auto save = nlohmann::json::parse(testing::slurp(folder / (base + ".json")));
  ASSERT_EQ(save["ObjectStates"].size(), 1u);
  const auto& obj = save["ObjectStates"][0];
  EXPECT_EQ(obj["Name"], "DeckCustom");
  const auto& custom = obj["CustomDeck"];
  ASSERT_EQ(custom.size(), want_sheets);
  std::vector<std::string> files = {base + ".json"};
  std::map<int, std::set<int>> cells_used;  // sheet -> cells holding a card
  const auto instances = expand_instances(deck);
  // Every card in deck order, its id its sheet's number x 100 + its cell.
  ASSERT_EQ(obj["DeckIDs"].size(), instances.size());
  ASSERT_EQ(obj["ContainedObjects"].size(), instances.size());
  for (size_t k = 0; k < instances.size(); ++k) {
    const auto& card = obj["ContainedObjects"][k];
    const int id = card["CardID"];
    EXPECT_EQ(obj["DeckIDs"][k], id);
    EXPECT_EQ(card["Nickname"], deck.cards[instances[k].card].id) << k;
    EXPECT_EQ(id, static_cast<int>(k / 69 + 1) * 100 + static_cast<int>(k % 69)) << k;
    EXPECT_TRUE(card["CustomDeck"].contains(std::to_string(id / 100)));
    cells_used[id / 100].insert(id % 100);
  }
  const std::string back_png = testing::slurp(folder / (base + "-back.png"));
  const Pixels back = decode(back_png);
  ASSERT_GT(back.width, 0u);
  for (size_t s = 1; s <= want_sheets; ++s) {
    const auto& e = custom[std::to_string(s)];
    const int cols = e["NumWidth"], rows = e["NumHeight"];
    EXPECT_EQ(cols, want_grids.at(s - 1).first) << s;
    EXPECT_EQ(rows, want_grids.at(s - 1).second) << s;
    const int hidden = cols * rows - 1;
    EXPECT_EQ(e["BackIsHidden"], false);  // the last cell is the hidden-card image
    EXPECT_EQ(e["BackURL"], base + "-back.png");
    const std::string face = e["FaceURL"];
    EXPECT_EQ(face, base + "-" + std::to_string(s) + ".png");
    files.push_back(face);
    // At most 69 cards a sheet, never in the hidden cell.
    EXPECT_LE(cells_used[static_cast<int>(s)].size(), 69u);
    EXPECT_LE(cells_used[static_cast<int>(s)].size(), static_cast<size_t>(hidden));
    EXPECT_EQ(cells_used[static_cast<int>(s)].count(hidden), 0u);
    const std::string bytes = testing::slurp(folder / face);
    const testing::PngSize size = testing::png_size(bytes);
    EXPECT_LE(size.width, 4096u);
    EXPECT_LE(size.height, 4096u);
    EXPECT_EQ(size.color_type, 2) << "RGB";
    EXPECT_EQ(size.width % static_cast<unsigned>(cols), 0u) << "the grid divides the sheet exactly";
    EXPECT_EQ(size.height % static_cast<unsigned>(rows), 0u);
    // The cells are the card's shape (2.5 x 3.5 in) as near as whole pixels allow.
    const double cw = size.width / double(cols), ch = size.height / double(rows);
    EXPECT_NEAR(cw / ch, 2.5 / 3.5, 0.005);
    EXPECT_EQ(back.width, static_cast<unsigned>(cw));
    // The hidden-card cell (bottom right) shows the back; a cell with no card is white.
    const Pixels sheet = decode(bytes);
    ASSERT_EQ(sheet.width, size.width);
    const unsigned hx = static_cast<unsigned>((cols - 1) * cw + cw / 2), hy = static_cast<unsigned>((rows - 1) * ch + ch / 2);
    EXPECT_EQ(sheet.at(hx, hy), back.at(back.width / 2, back.height / 2)) << face;
    EXPECT_NE(sheet.at(hx, hy), (std::array<int, 3>{255, 255, 255})) << face;
    if (cells_used[static_cast<int>(s)].size() < static_cast<size_t>(hidden)) {
      const int empty = hidden - 1;  // the cell before the hidden one, empty on a sheet not full
      const unsigned ex = static_cast<unsigned>((empty % cols) * cw + cw / 2),
                     ey = static_cast<unsigned>((empty / cols) * ch + ch / 2);
      EXPECT_EQ(sheet.at(ex, ey), (std::array<int, 3>{255, 255, 255})) << face;
    }
  }
  files.push_back(base + "-back.png");
  std::sort(files.begin(), files.end());
  EXPECT_EQ(testing::files_in(folder), files);
}

}  // namespace

// 54 cards and the hidden one: 8 x 7 holds them at the most pixels a card (167 dpi).
TEST(Tts, EchadIsOneSheetOfFiftyFourCardsAndTheHiddenCard) { expect_deck(tts_build("echad"), "echad", {{8, 7}}); }

TEST(Tts, DayenuNeedsTwoSheetsAndTheManifestListsEveryCardsCellAndTtsId) {
  const Built b = tts_build("dayenu");
  expect_deck(b, "dayenu", {{10, 7}, {8, 4}});  // 69 cards, then 30 and the hidden one
  const auto m = nlohmann::json::parse(testing::slurp(b.out / "dayenu" / "manifest.json"));
  // The deck on the tts stock instead of its own sheets; the booklets as usual.
  std::vector<std::string> files;
  for (const auto& out : m["outputs"]) files.push_back(out["file"]);
  EXPECT_EQ(files, (std::vector<std::string>{"cards-tts", "rules-half-letter.pdf", "rules-booklet-letter.pdf",
                                             "rules-a5.pdf", "rules-booklet-a4.pdf"}));
  const auto& o = m["outputs"][0];
  EXPECT_EQ(o["kind"], "tts");
  EXPECT_EQ(o["grid"], nlohmann::json::array({10, 7}));
  ASSERT_EQ(o["pages"].size(), 3u);  // two sheets and the back
  EXPECT_EQ(o["pages"][0]["placements"].size(), 69u);
  EXPECT_EQ(o["pages"][1]["placements"].size(), 30u);
  EXPECT_EQ(o["pages"][1]["placements"][0]["card_id"], 200);
  EXPECT_EQ(o["pages"][0]["hidden_cell"], 69);
  EXPECT_EQ(o["pages"][1]["hidden_cell"], 31);
  EXPECT_EQ(o["pages"][1]["grid"], nlohmann::json::array({8, 4}));
}

// Without --tts-url the images are named by file name alone, which Tabletop Simulator
// cannot load: the build says so once, with both ways out; with it, nothing is said.
TEST(Tts, WithoutAnAddressTheBuildSaysHowToGiveOne) {
  const Built bare = tts_build("unity");
  EXPECT_EQ(bare.run.status, 0) << bare.run.err;
  EXPECT_EQ(bare.run.err, "content/unity.yaml:29:1: warning: the Tabletop Simulator saved object names its images "
                          "by file name alone (cards-tts/...), which Tabletop Simulator cannot load: upload the "
                          "folder and give its address with --tts-url URL, or load it on this computer with "
                          "--tts-url file:/// and the folder's full path\n");
  const Built given = testing::build_on_stock("unity", "tts", "tts-unity-url", {"--tts-url", "https://example.org/u/"});
  EXPECT_EQ(given.run.status, 0) << given.run.err;
  EXPECT_EQ(given.run.err, "");
}

// The sheet addresses of Echad's saved object built with `--tts-url url`: face, back.
std::pair<std::string, std::string> sheet_urls(const std::string& name, const std::string& url) {
  const fs::path out = testing::fresh_dir(name);
  const testing::Run r = testing::run_cardstock(
      {"build", "content/echad.yaml", "-o", out.string(), "--stock", "tts", "--tts-url", url}, testing::source_dir());
  EXPECT_EQ(r.status, 0) << r.err;
  const auto save = nlohmann::json::parse(testing::slurp(out / "echad/cards-tts/echad-cards.json"));
  const auto& sheet = save["ObjectStates"][0]["CustomDeck"]["1"];
  return {sheet["FaceURL"], sheet["BackURL"]};
}

TEST(Tts, TheImageAddressCanBeWhereTheyAreUploaded) {
  EXPECT_EQ(sheet_urls("tts-url", "https://example.org/echad/").first, "https://example.org/echad/echad-cards-1.png");
}

// An address given without its last '/' names the same folder: the file names are joined
// to it with one (it made ".../echadechad-cards-1.png").
TEST(Tts, AnAddressWithoutItsLastSlashIsJoinedWithOne) {
  const auto [face, back] = sheet_urls("tts-url-slash", "https://example.org/echad");
  EXPECT_EQ(face, "https://example.org/echad/echad-cards-1.png");
  EXPECT_EQ(back, "https://example.org/echad/echad-cards-back.png");
}

// A deck of `cards` copies of one poker card built on the tts stock: each sheet's
// columns, rows and pixel size (read back from the PNG), the saved object's and the
// manifest's account of them.
struct SizedDeck {
  std::vector<std::array<unsigned, 4>> sheets;  // columns, rows, width px, height px
  std::vector<int> hidden_cells;
  nlohmann::json manifest_output;
};

SizedDeck sized_deck(int cards) {
  const fs::path dir = testing::fresh_dir("tts-sized-" + std::to_string(cards));
  std::ofstream(dir / "g.yaml") << "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: x}]\n"
                                   "decks:\n  - id: d\n    face: face\n    back: face\n    stocks: [poker-3x3-letter]\n"
                                   "    cards: [{id: a, count: "
                                << cards << "}]\n";
  const testing::Run r = testing::run_cardstock(
      {"build", (dir / "g.yaml").string(), "-o", (dir / "out").string(), "--stock", "tts", "--tts-url", "file:///t/"});
  EXPECT_EQ(r.status, 0) << r.err;
  SizedDeck out;
  const fs::path folder = dir / "out" / "g" / "d-tts";
  const auto save = nlohmann::json::parse(testing::slurp(folder / "g-d.json"));
  const auto& custom = save["ObjectStates"][0]["CustomDeck"];
  for (size_t k = 1; k <= custom.size(); ++k) {
    const auto& e = custom[std::to_string(k)];
    const testing::PngSize px = testing::png_size(testing::slurp(folder / ("g-d-" + std::to_string(k) + ".png")));
    out.sheets.push_back({e["NumWidth"].get<unsigned>(), e["NumHeight"].get<unsigned>(), px.width, px.height});
  }
  out.manifest_output = nlohmann::json::parse(testing::slurp(dir / "out" / "g" / "manifest.json"))["outputs"][0];
  for (const auto& page : out.manifest_output["pages"])
    if (page.contains("hidden_cell")) out.hidden_cells.push_back(page["hidden_cell"]);
  fs::remove_all(dir);
  return out;
}

using Sheets = std::vector<std::array<unsigned, 4>>;

// 12 poker cards and the hidden one: 5 x 3 is the smallest grid at the cards' own 300 dpi
// (750 x 1050 px a cell; 7 x 2 would need 5250 px across), not a 10 x 7 sheet at 164 dpi.
TEST(TtsSized, TwelveCardsAreFiveByThreeAtThreeHundredDpi) {
  const SizedDeck d = sized_deck(12);
  EXPECT_EQ(d.sheets, (Sheets{{5, 3, 3750, 3150}}));
  EXPECT_EQ(d.hidden_cells, (std::vector<int>{14}));
  EXPECT_EQ(d.manifest_output["grid"], nlohmann::json::array({5, 3}));
  EXPECT_EQ(d.manifest_output["cell_pixels"], nlohmann::json::array({750, 1050}));
  EXPECT_EQ(d.manifest_output["cell_dpi"], 300);
}

// One card: the smallest sheet, 2 x 2 (the card, two empty cells, the hidden card).
TEST(TtsSized, OneCardIsTwoByTwo) {
  const SizedDeck d = sized_deck(1);
  EXPECT_EQ(d.sheets, (Sheets{{2, 2, 1500, 2100}}));
  EXPECT_EQ(d.hidden_cells, (std::vector<int>{3}));
}

// 69 cards fill the 10 x 7 sheet: 4096 / (10 x 2.5 in) = 163.84 dpi, 409 x 573 px a cell.
TEST(TtsSized, SixtyNineCardsFillTenBySeven) {
  const SizedDeck d = sized_deck(69);
  EXPECT_EQ(d.sheets, (Sheets{{10, 7, 4090, 4011}}));
  EXPECT_EQ(d.hidden_cells, (std::vector<int>{69}));
  EXPECT_EQ(d.manifest_output["cell_dpi"], 163.84);
}

// The 70th card starts a second sheet sized to it, at the deck's one resolution.
TEST(TtsSized, SeventyCardsAreAFullSheetAndATwoByTwo) {
  const SizedDeck d = sized_deck(70);
  EXPECT_EQ(d.sheets, (Sheets{{10, 7, 4090, 4011}, {2, 2, 818, 1146}}));
  EXPECT_EQ(d.hidden_cells, (std::vector<int>{69, 3}));
}

// 200 = 69 + 69 + 62: the last sheet 9 x 7 (63 cells), every cell 409 x 573 px.
TEST(TtsSized, TwoHundredCardsAreTwoFullSheetsAndANineBySeven) {
  const SizedDeck d = sized_deck(200);
  EXPECT_EQ(d.sheets, (Sheets{{10, 7, 4090, 4011}, {10, 7, 4090, 4011}, {9, 7, 3681, 4011}}));
  EXPECT_EQ(d.hidden_cells, (std::vector<int>{69, 69, 62}));
}

}  // namespace cardstock
