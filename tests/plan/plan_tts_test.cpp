// Tabletop Simulator sheets sized to the deck (plan/plan_tts.cpp), planned without
// drawing: a deck of N poker cards on the tts stock (at most 10 x 7 cells, 300 dpi, no
// sheet side over 4096 px). Each sheet's grid and pixel size, its hidden cell, the
// resolution, and the saved object's and the manifest's account of them. The same facts
// tests/games/tts_test.cpp (TtsSized) reads back from a built folder's PNGs.
#include <gtest/gtest.h>

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "plan/manifest.h"
#include "plan/plan.h"
#include "plan/prepare.h"
#include "test_util.h"

namespace cardstock {
namespace {

using Sheets = std::vector<std::array<int, 4>>;  // columns, rows, width px, height px

struct SizedCase {
  int cards;
  Sheets sheets;
  std::vector<int> hidden;
  double dpi;
  int cell_w, cell_h;
};

// Worked out from the stock: a poker card is 2.5 x 3.5 in; at 300 dpi a cell is 750 x 1050
// px, so at most 5 columns (3750 px) and 3 rows (3150 px) keep 300 dpi. The smallest grid
// at the highest resolution holds the cards and the hidden card (columns x rows - 1
// cards; at least 2 x 2). A full 10 x 7 sheet (69 cards) is 4096 / 25 in = 163.84 dpi:
// 409 x 573 px a cell (floor of 2.5 x 163.84 = 409.6 and 3.5 x 163.84 = 573.44); every
// later sheet keeps that resolution and is sized to its own cards.
std::vector<SizedCase> sized_cases() {
  return {
      {1, {{2, 2, 1500, 2100}}, {3}, 300, 750, 1050},
      {12, {{5, 3, 3750, 3150}}, {14}, 300, 750, 1050},
      {69, {{10, 7, 4090, 4011}}, {69}, 163.84, 409, 573},
      {70, {{10, 7, 4090, 4011}, {2, 2, 818, 1146}}, {69, 3}, 163.84, 409, 573},
      {200, {{10, 7, 4090, 4011}, {10, 7, 4090, 4011}, {9, 7, 3681, 4011}}, {69, 69, 62}, 163.84, 409, 573},
  };
}

[[maybe_unused]] void PrintTo(const SizedCase& c, std::ostream* os) { *os << c.cards << " cards"; }

class PlanTtsSized : public ::testing::TestWithParam<SizedCase> {};

TEST_P(PlanTtsSized, SheetsGridsPixelsHiddenCellsAndSavedObject) {
  const SizedCase& c = GetParam();
  const FixedMeasurer measurer;
  PreparedGame p;
  p.source = "g.yaml";
  auto g = parse_game("game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: x}]\n"
                      "decks:\n  - id: d\n    face: face\n    back: face\n    stocks: [poker-3x3-letter]\n"
                      "    cards: [{id: a, count: " +
                          std::to_string(c.cards) + "}]\n",
                      "g.yaml", testing::source_dir() + "/content", testing::shipped_templates(), p.diags);
  ASSERT_TRUE(g) << p.diags.str();
  p.game = std::move(*g);
  prepare_game(p, testing::shipped_templates(), measurer, false);
  ASSERT_FALSE(p.diags.has_errors()) << p.diags.str();
  PlanOptions opt;
  opt.stocks = {"tts"};
  opt.tts_url = "file:///t/";
  Diagnostics d;
  const auto outs = plan_outputs(p, testing::shipped_templates(), opt, d);
  EXPECT_EQ(d.str(), "");
  ASSERT_EQ(outs.size(), 1u);
  const PlannedOutput& o = outs[0];
  EXPECT_EQ(o.file, "d-tts");
  // The face sheets, then one back image a cell's size (the back is the same on every card).
  ASSERT_EQ(o.pages.size(), c.sheets.size() + 1);
  std::vector<std::string> files;
  for (size_t k = 0; k < c.sheets.size(); ++k) {
    files.push_back("g-d-" + std::to_string(k + 1) + ".png");
    EXPECT_EQ(o.page_pixels[k], (std::pair<int, int>{c.sheets[k][2], c.sheets[k][3]})) << "sheet " << k + 1;
    EXPECT_NEAR(testing::mm(o.pages[k].width), c.sheets[k][0] * 2.5 * 25.4, 0.01);
    EXPECT_NEAR(testing::mm(o.pages[k].height), c.sheets[k][1] * 3.5 * 25.4, 0.01);
  }
  files.push_back("g-d-back.png");
  EXPECT_EQ(o.page_files, files);
  EXPECT_EQ(o.page_pixels.back(), (std::pair<int, int>{c.cell_w, c.cell_h}));
  EXPECT_NEAR(o.dpi, c.dpi, 1e-9);
  // The saved object: a CustomDeck entry a sheet, with its grid and address.
  ASSERT_EQ(o.texts.size(), 1u);
  EXPECT_EQ(o.texts[0].first, "g-d.json");
  const auto save = nlohmann::json::parse(o.texts[0].second);
  const auto& custom = save.at("ObjectStates").at(0).at("CustomDeck");
  ASSERT_EQ(custom.size(), c.sheets.size());
  for (size_t k = 0; k < c.sheets.size(); ++k) {
    const auto& e = custom.at(std::to_string(k + 1));
    EXPECT_EQ(e.at("NumWidth"), c.sheets[k][0]);
    EXPECT_EQ(e.at("NumHeight"), c.sheets[k][1]);
    EXPECT_EQ(e.at("FaceURL"), "file:///t/" + files[k]);
  }
  EXPECT_EQ(save.at("ObjectStates").at(0).at("ContainedObjects").size(), static_cast<size_t>(c.cards));
  // The manifest: the first sheet's grid, the cell's pixels and resolution, each page's
  // hidden cell.
  const ManifestHeader h{"g", "G", "g.yaml", {}, "", {}, ""};
  const auto m = nlohmann::json::parse(manifest_json(h, outs)).at("outputs").at(0);
  EXPECT_EQ(m.at("grid"), nlohmann::json::array({c.sheets[0][0], c.sheets[0][1]}));
  EXPECT_EQ(m.at("cell_pixels"), nlohmann::json::array({c.cell_w, c.cell_h}));
  EXPECT_NEAR(m.at("cell_dpi").get<double>(), c.dpi, 1e-9);
  std::vector<int> hidden;
  for (const auto& page : m.at("pages"))
    if (page.contains("hidden_cell")) hidden.push_back(page.at("hidden_cell"));
  EXPECT_EQ(hidden, c.hidden);
}

INSTANTIATE_TEST_SUITE_P(Cards, PlanTtsSized, ::testing::ValuesIn(sized_cases()),
                         [](const ::testing::TestParamInfo<SizedCase>& i) { return std::to_string(i.param.cards); });

}  // namespace
}  // namespace cardstock
