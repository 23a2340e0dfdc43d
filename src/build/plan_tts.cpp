// Planner of a tts stock's output: a folder <deck>-tts/ for Tabletop Simulator. Deck
// sheets of at most columns x rows cells (10 x 7), the last cell of each the hidden-card
// image (the back), so columns x rows - 1 cards a sheet; every cell the card's trim at the
// stock's dpi, scaled down so no sheet is over 4096 px a side; the back image (or back
// sheets when the cards' backs differ); and a saved object (JSON, written with
// nlohmann::json): one Custom Deck, one CustomDeck entry a sheet, every card in deck order.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>

#include "build/cache.h"
#include "build/plan.h"
#include "output/manifest.h"

namespace cardstock {

namespace {

using Json = nlohmann::ordered_json;  // keys in the order written: same input, same bytes

// What TTS loads well: no sheet image over this many pixels a side.
constexpr int kMaxSheetSide = 4096;

// True if the design draws the same on every card: no {field} anywhere in it.
bool same_on_every_card(const Design& d) {
  std::string e;
  auto uses = [&](const std::string& t) { return !t.empty() && !template_fields(t, &e).empty(); };
  if (uses(d.background)) return false;
  for (const Layer& l : d.layers)
    if (uses(l.when) || uses(l.fill) || uses(l.stroke) || uses(l.text) || uses(l.color) || uses(l.src)) return false;
  return true;
}

// One back image serves the deck when every card has the same back design and it shows
// nothing of the card; else each face sheet gets a back sheet (UniqueBack).
bool one_back(const Game& g, const Deck& d) {
  for (const Card& c : d.cards)
    if (!c.back.empty() && c.back != d.back) return false;
  if (d.back.empty()) return true;
  auto it = g.designs.find(d.back);
  return it == g.designs.end() || same_on_every_card(it->second);
}

// A TTS object id: six hex digits, from what the object is (same input, same file).
std::string guid(const std::string& what) { return combine({what}).substr(0, 6); }

Json transform() {
  // On the table's centre, face down (rotZ 180), as TTS places a new deck.
  return Json{{"posX", 0}, {"posY", 1}, {"posZ", 0}, {"rotX", 0}, {"rotY", 180}, {"rotZ", 180},
              {"scaleX", 1}, {"scaleY", 1}, {"scaleZ", 1}};
}

struct Cell {
  size_t instance = 0;  // into expand_instances(deck)
  int cell = 0;         // 0-based, row-major
};

struct Sheet {
  std::vector<Cell> cells;
  std::string face_file, back_file;
};

}  // namespace

void plan_tts(const PreparedGame& p, size_t deck, const Stock& stock, bool backs, const std::string& url,
              std::vector<PlannedOutput>* out) {
  const Game& g = p.game;
  const Deck& d = g.decks[deck];
  const std::vector<CardInstance> instances = expand_instances(d);
  if (instances.empty()) return;
  PlannedOutput o;
  o.file = d.id + "-" + stock.id;
  o.format = "png";
  o.mark = d.mark;
  o.origin = "deck '" + d.id + "' on stock '" + stock.id + "'";
  o.manifest.kind = "tts";
  o.manifest.stock = stock.id;

  const int cols = stock.columns, rows = stock.rows, per_sheet = cols * rows - 1;
  const double cw = d.card.width.pt, ch = d.card.height.pt;
  // Each cell the card's trim at the stock's dpi, the whole sheet scaled down to fit.
  const double full_w = cw / 72 * stock.dpi, full_h = ch / 72 * stock.dpi;
  const double fit = std::min({1.0, kMaxSheetSide / (cols * full_w), kMaxSheetSide / (rows * full_h)});
  const int cell_w = std::max(1, static_cast<int>(std::floor(full_w * fit)));
  const int cell_h = std::max(1, static_cast<int>(std::floor(full_h * fit)));
  const bool unique_backs = backs && !one_back(g, d);
  const std::string base = g.id + "-" + d.id;

  auto sheets = std::make_shared<std::vector<Sheet>>();
  for (size_t first = 0; first < instances.size(); first += static_cast<size_t>(per_sheet)) {
    Sheet s;
    const size_t n = std::min(instances.size() - first, static_cast<size_t>(per_sheet));
    for (size_t k = 0; k < n; ++k) s.cells.push_back({first + k, static_cast<int>(k)});
    const std::string num = std::to_string(sheets->size() + 1);
    s.face_file = base + "-" + num + ".png";
    s.back_file = unique_backs ? base + "-back-" + num + ".png" : base + "-back.png";
    sheets->push_back(std::move(s));
  }

  // The pages: each face sheet (the back of the first card in its hidden cell), then the
  // back image or sheets.
  const CardArt* hidden = backs ? &p.backs[deck][0] : nullptr;
  auto sheet_page = [&](const Sheet& s, bool back_side) {
    PlannedPage pg{cols * cw, rows * ch, whole_page_boxes(cols * cw, rows * ch), {}};
    auto place = [&](const CardArt* art, int cell) {
      const Rect r{(cell % cols) * cw, (cell / cols) * ch, cw, ch};
      pg.art.cards.push_back({art, r, r, 0, d.card.shape, 1});
    };
    for (const Cell& c : s.cells) {
      const size_t card = instances[c.instance].card;
      place(back_side ? &p.backs[deck][card] : &p.faces[deck][card], c.cell);
    }
    if (!back_side && hidden) place(hidden, cols * rows - 1);
    return pg;
  };
  for (const Sheet& s : *sheets) {
    o.pages.push_back(sheet_page(s, false));
    o.page_files.push_back(s.face_file);
    o.page_pixels.push_back({cols * cell_w, rows * cell_h});
  }
  if (unique_backs) {
    for (const Sheet& s : *sheets) {
      o.pages.push_back(sheet_page(s, true));
      o.page_files.push_back(s.back_file);
      o.page_pixels.push_back({cols * cell_w, rows * cell_h});
    }
  } else {
    // One back for every card, a cell's size; white for a deck without backs.
    PlannedPage pg{cw, ch, whole_page_boxes(cw, ch), {}};
    if (backs) pg.art.cards.push_back({&p.backs[deck][0], {0, 0, cw, ch}, {0, 0, cw, ch}, 0, d.card.shape, 1});
    o.pages.push_back(std::move(pg));
    o.page_files.push_back(base + "-back.png");
    o.page_pixels.push_back({cell_w, cell_h});
  }
  o.dpi = stock.dpi * fit;
  o.width = cols * cw;
  o.height = rows * ch;

  // The saved object: one Custom Deck, a CustomDeck entry a sheet (TTS numbers them from
  // 1; a card's id is its sheet's number x 100 + its cell), every card in deck order.
  Json custom = Json::object();
  for (size_t k = 0; k < sheets->size(); ++k)
    custom[std::to_string(k + 1)] = Json{{"FaceURL", url + (*sheets)[k].face_file},
                                         {"BackURL", url + (*sheets)[k].back_file},
                                         {"NumWidth", cols},
                                         {"NumHeight", rows},
                                         {"BackIsHidden", false},
                                         {"UniqueBack", unique_backs},
                                         {"Type", 0}};
  Json ids = Json::array(), cards = Json::array();
  for (size_t k = 0; k < sheets->size(); ++k)
    for (const Cell& c : (*sheets)[k].cells) {
      const int id = static_cast<int>(k + 1) * 100 + c.cell;
      const CardInstance& in = instances[c.instance];
      const Card& card = d.cards[in.card];
      ids.push_back(id);
      cards.push_back(Json{{"GUID", guid(base + "/" + std::to_string(c.instance))},
                           {"Name", "Card"},
                           {"Transform", transform()},
                           {"Nickname", card.id},
                           {"Description", in.copy > 1 ? "copy " + std::to_string(in.copy) : ""},
                           {"GMNotes", card.mark.str()},
                           {"CardID", id},
                           {"SidewaysCard", false},
                           {"Hands", true},
                           {"CustomDeck", Json{{std::to_string(k + 1), custom[std::to_string(k + 1)]}}}});
    }
  const Json save{{"SaveName", ""},
                  {"GameMode", ""},
                  {"Date", ""},
                  {"Table", ""},
                  {"Sky", ""},
                  {"Note", ""},
                  {"Rules", ""},
                  {"XmlUI", ""},
                  {"LuaScript", ""},
                  {"LuaScriptState", ""},
                  {"ObjectStates", Json::array({Json{{"GUID", guid(base)},
                                                     {"Name", "DeckCustom"},
                                                     {"Transform", transform()},
                                                     {"Nickname", d.title.empty() ? d.id : d.title},
                                                     {"Description", g.title},
                                                     {"GMNotes", ""},
                                                     {"Locked", false},
                                                     {"Grid", true},
                                                     {"Snap", true},
                                                     {"Autoraise", true},
                                                     {"Sticky", true},
                                                     {"Hands", false},
                                                     {"SidewaysCard", false},
                                                     {"DeckIDs", ids},
                                                     {"CustomDeck", custom},
                                                     {"ContainedObjects", cards}}})}};
  o.texts.push_back({base + ".json", save.dump(2) + "\n"});

  o.manifest.extra = ", \"format\": \"tts\", \"saved_object\": " + json_string(base + ".json") +
                     ", \"grid\": [" + std::to_string(cols) + ", " + std::to_string(rows) +
                     "], \"cell_pixels\": [" + std::to_string(cell_w) + ", " + std::to_string(cell_h) + "]";
  // The manifest's account of the sheets: every card's cell and TTS id.
  auto files = std::make_shared<const std::vector<std::string>>(o.page_files);
  o.manifest.pages = [&p, deck, sheets, files, unique_backs, cols, rows, cw, ch](std::ostream& to) {
    const Deck& d = p.game.decks[deck];
    const auto instances = expand_instances(d);
    size_t page = 0;
    auto one = [&](size_t k, bool back_side) {
      const Sheet& s = (*sheets)[k];
      to << (page ? "," : "") << "\n      {\"page\": " << page + 1 << ", \"file\": " << json_string((*files)[page])
         << ", \"side\": \"" << (back_side ? "back" : "front") << "\", \"sheet\": " << k + 1
         << ", \"hidden_cell\": " << cols * rows - 1 << ", \"placements\": [";
      for (size_t j = 0; j < s.cells.size(); ++j) {
        const Cell& c = s.cells[j];
        const CardInstance& in = instances[c.instance];
        const Card& card = d.cards[in.card];
        const Rect r{(c.cell % cols) * cw, (c.cell / cols) * ch, cw, ch};
        to << (j ? "," : "") << "\n        {\"id\": " << json_string(card.id) << ", \"copy\": " << in.copy
           << ", \"source\": " << json_string(card.mark.str()) << ", \"cell\": " << c.cell
           << ", \"card_id\": " << (k + 1) * 100 + static_cast<size_t>(c.cell) << ", \"rect\": " << json_rect(r) << "}";
      }
      to << (s.cells.empty() ? "" : "\n      ") << "], \"cuts\": []}";
      ++page;
    };
    for (size_t k = 0; k < sheets->size(); ++k) one(k, false);
    if (unique_backs)
      for (size_t k = 0; k < sheets->size(); ++k) one(k, true);
    else
      to << (page ? "," : "") << "\n      {\"page\": " << page + 1 << ", \"file\": " << json_string((*files)[page])
         << ", \"side\": \"back\", \"placements\": [], \"cuts\": []}";
  };
  o.manifest.deck = d.id;
  o.weight = pages_weight(o.pages, kImageWeight * 16);
  o.inputs = p.deck_images(deck);
  out->push_back(std::move(o));
}

}  // namespace cardstock
