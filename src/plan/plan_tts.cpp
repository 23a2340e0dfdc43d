// Planner of a tts stock's output: a folder <deck>-tts/ for Tabletop Simulator. Deck
// sheets of at most the stock's columns x rows cells (10 x 7), the last cell of each the
// hidden-card image (the back), so columns x rows - 1 cards a full sheet; a deck's last
// (or only) sheet has as few cells as its cards need; every cell the card's trim at the
// highest resolution that keeps the sheet within 4096 px a side, at most the stock's
// dpi; the back image (or back
// sheets when the cards' backs differ); and a saved object (JSON, written with
// nlohmann::json): one Custom Deck, one CustomDeck entry a sheet, every card in deck order.
#include "base/json.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <sstream>

#include "base/hash.h"
#include "base/text_check.h"
#include "plan/plan.h"
#include "plan/manifest.h"

namespace cardstock {

namespace {

// What TTS loads well: no sheet image over this many pixels a side.
constexpr int kMaxSheetSide = 4096;

// True if the design draws the same on every card: no {field} anywhere in it.
bool same_on_every_card(const Design& d) {
  auto uses = [](const std::string& t) { return !t.empty() && !template_fields(t).empty(); };
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
  int cols = 0, rows = 0;  // this sheet's grid: its cards and the hidden-card cell
};

// The grid of one deck on a tts stock: cells, their size in points and pixels, and the
// sheets with the cards in each.
struct Grid {
  int cols = 0, rows = 0;    // the first sheet's grid (the largest)
  double cw = 0, ch = 0;     // a cell (the card's trim), points
  int cell_w = 0, cell_h = 0;  // a cell, pixels
  double dpi = 0;            // the resolution of every cell of the deck
  bool unique_backs = false;
  std::string base;          // <game>-<deck>: the files' names start with it
  std::shared_ptr<std::vector<Sheet>> sheets = std::make_shared<std::vector<Sheet>>();
};

struct SheetShape {
  int cols = 0, rows = 0;
  double dpi = 0;
};

// The best columns x rows for `cards` cards and the hidden-card cell, at most max_cols x
// max_rows and at least 2 x 2 where the stock allows it (the smallest sheet TTS tools
// are known to load; whether TTS takes a single row is not confirmed here): the
// highest resolution (at most `cap` dpi, no side over kMaxSheetSide px), then the fewest
// cells, then the fewest columns. A larger grid never has a higher resolution, so the
// best is also one of the smallest that hold the cards.
SheetShape sheet_shape(size_t cards, double w_in, double h_in, int max_cols, int max_rows, double cap) {
  SheetShape best;
  for (int c = std::min(2, max_cols); c <= max_cols; ++c)
    for (int r = std::min(2, max_rows); r <= max_rows; ++r) {
      if (static_cast<size_t>(c * r) < cards + 1) continue;
      const double dpi = std::min({cap, kMaxSheetSide / (c * w_in), kMaxSheetSide / (r * h_in)});
      const bool better = best.cols == 0 || dpi > best.dpi + 1e-9 ||
                          (dpi > best.dpi - 1e-9 && c * r < best.cols * best.rows);
      if (better) best = {c, r, dpi};
    }
  return best;
}

Grid grid_of(const Game& g, const Deck& d, const Stock& stock, bool backs, size_t cards) {
  Grid t;
  const int max_cols = stock.columns, max_rows = stock.rows;  // the loader: at least 2 cells
  const size_t per_sheet = static_cast<size_t>(max_cols * max_rows - 1);
  t.cw = d.card.width.pt, t.ch = d.card.height.pt;
  const double w_in = t.cw / 72, h_in = t.ch / 72;
  // Every sheet but the last is full (the stock's whole grid); the last is sized to its
  // cards. One resolution for the deck, the first sheet's, so every card looks the same
  // on the table and one back image fits every sheet.
  const SheetShape first = sheet_shape(std::min(cards, per_sheet), w_in, h_in, max_cols, max_rows, stock.dpi);
  t.cols = first.cols, t.rows = first.rows, t.dpi = first.dpi;
  t.cell_w = std::max(1, static_cast<int>(std::floor(w_in * t.dpi + 1e-6)));
  t.cell_h = std::max(1, static_cast<int>(std::floor(h_in * t.dpi + 1e-6)));
  t.unique_backs = backs && !one_back(g, d);
  t.base = g.id + "-" + d.id;
  for (size_t first_card = 0; first_card < cards; first_card += per_sheet) {
    Sheet s;
    const size_t n = std::min(cards - first_card, per_sheet);
    const SheetShape shape = sheet_shape(n, w_in, h_in, max_cols, max_rows, t.dpi);
    s.cols = shape.cols, s.rows = shape.rows;
    for (size_t k = 0; k < n; ++k) s.cells.push_back({first_card + k, static_cast<int>(k)});
    const std::string num = std::to_string(t.sheets->size() + 1);
    s.face_file = t.base + "-" + num + ".png";
    s.back_file = t.unique_backs ? t.base + "-back-" + num + ".png" : t.base + "-back.png";
    t.sheets->push_back(std::move(s));
  }
  return t;
}

// The pages: each face sheet (the back of the first card in its hidden cell), then the
// back image or sheets.
void plan_pages(const PreparedGame& p, size_t deck, const std::vector<CardInstance>& instances, bool backs,
                const Grid& t, PlannedOutput* o) {
  const Deck& d = p.game.decks[deck];
  const double cw = t.cw, ch = t.ch;
  const CardArt* hidden = backs ? &p.backs[deck][0] : nullptr;
  auto sheet_page = [&](const Sheet& s, bool back_side) {
    const int cols = s.cols, rows = s.rows;
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
  for (int side = 0; side < (t.unique_backs ? 2 : 1); ++side)
    for (const Sheet& s : *t.sheets) {
      o->pages.push_back(sheet_page(s, side == 1));
      o->page_files.push_back(side == 1 ? s.back_file : s.face_file);
      o->page_pixels.push_back({s.cols * t.cell_w, s.rows * t.cell_h});
    }
  if (!t.unique_backs) {
    // One back for every card, a cell's size; white for a deck without backs.
    PlannedPage pg{cw, ch, whole_page_boxes(cw, ch), {}};
    if (backs) pg.art.cards.push_back({&p.backs[deck][0], {0, 0, cw, ch}, {0, 0, cw, ch}, 0, d.card.shape, 1});
    o->pages.push_back(std::move(pg));
    o->page_files.push_back(t.base + "-back.png");
    o->page_pixels.push_back({t.cell_w, t.cell_h});
  }
}

// The saved object: one Custom Deck, a CustomDeck entry a sheet (TTS numbers them from
// 1; a card's id is its sheet's number x 100 + its cell), every card in deck order.
Json saved_object(const Game& g, const Deck& d, const std::vector<CardInstance>& instances, const Grid& t,
                  const std::string& url) {
  const std::vector<Sheet>& sheets = *t.sheets;
  Json custom = Json::object();
  for (size_t k = 0; k < sheets.size(); ++k)
    custom[std::to_string(k + 1)] = Json{{"FaceURL", url + sheets[k].face_file},
                                         {"BackURL", url + sheets[k].back_file},
                                         {"NumWidth", sheets[k].cols},
                                         {"NumHeight", sheets[k].rows},
                                         {"BackIsHidden", false},
                                         {"UniqueBack", t.unique_backs},
                                         {"Type", 0}};
  Json ids = Json::array(), cards = Json::array();
  for (size_t k = 0; k < sheets.size(); ++k)
    for (const Cell& c : sheets[k].cells) {
      const int id = static_cast<int>(k + 1) * 100 + c.cell;
      const CardInstance& in = instances[c.instance];
      const Card& card = d.cards[in.card];
      ids.push_back(id);
      cards.push_back(Json{{"GUID", guid(t.base + "/" + std::to_string(c.instance))},
                           {"Name", "Card"},
                           {"Transform", transform()},
                           {"Nickname", card.id},
                           {"Description", in.copy > 1 ? "copy " + std::to_string(in.copy) : ""},
                           {"GMNotes", utf8_or_escaped(card.mark.str())},
                           {"CardID", id},
                           {"SidewaysCard", false},
                           {"Hands", true},
                           {"CustomDeck", Json{{std::to_string(k + 1), custom[std::to_string(k + 1)]}}}});
    }
  const Json deck_object{{"GUID", guid(t.base)},        {"Name", "DeckCustom"},
                         {"Transform", transform()},     {"Nickname", d.title.empty() ? d.id : d.title},
                         {"Description", g.title},       {"GMNotes", ""},
                         {"Locked", false},              {"Grid", true},
                         {"Snap", true},                 {"Autoraise", true},
                         {"Sticky", true},               {"Hands", false},
                         {"SidewaysCard", false},        {"DeckIDs", ids},
                         {"CustomDeck", custom},         {"ContainedObjects", cards}};
  return Json{{"SaveName", ""}, {"GameMode", ""},       {"Date", ""},           {"Table", ""},
              {"Sky", ""},      {"Note", ""},           {"Rules", ""},          {"XmlUI", ""},
              {"LuaScript", ""}, {"LuaScriptState", ""}, {"ObjectStates", Json::array({deck_object})}};
}

// The manifest's account of the sheets: every card's cell and TTS id.
std::function<void(std::ostream&)> manifest_pages(const PreparedGame& p, size_t deck, const Grid& t,
                                                   std::shared_ptr<const std::vector<std::string>> files) {
  return [&p, deck, sheets = t.sheets, files, unique_backs = t.unique_backs, cw = t.cw, ch = t.ch](std::ostream& to) {
    const Deck& d = p.game.decks[deck];
    const auto instances = expand_instances(d);
    size_t page = 0;
    auto one = [&](size_t k, bool back_side) {
      const Sheet& s = (*sheets)[k];
      const int cols = s.cols, rows = s.rows;
      to << (page ? "," : "") << "\n      {\"page\": " << page + 1 << ", \"file\": " << json_quote((*files)[page])
         << ", \"side\": \"" << (back_side ? "back" : "front") << "\", \"sheet\": " << k + 1
         << ", \"grid\": [" << cols << ", " << rows << "], \"hidden_cell\": " << cols * rows - 1 << ", \"placements\": [";
      for (size_t j = 0; j < s.cells.size(); ++j) {
        const Cell& c = s.cells[j];
        const CardInstance& in = instances[c.instance];
        const Card& card = d.cards[in.card];
        const Rect r{(c.cell % cols) * cw, (c.cell / cols) * ch, cw, ch};
        to << (j ? "," : "") << "\n        {\"id\": " << json_quote(card.id) << ", \"copy\": " << in.copy
           << ", \"source\": " << json_quote(card.mark.str()) << ", \"cell\": " << c.cell
           << ", \"card_id\": " << (k + 1) * 100 + static_cast<size_t>(c.cell) << ", \"rect\": " << json_rect(r) << "}";
      }
      to << (s.cells.empty() ? "" : "\n      ") << "], \"cuts\": []}";
      ++page;
    };
    for (size_t k = 0; k < sheets->size(); ++k) one(k, false);
    if (unique_backs)
      for (size_t k = 0; k < sheets->size(); ++k) one(k, true);
    else
      to << (page ? "," : "") << "\n      {\"page\": " << page + 1 << ", \"file\": " << json_quote((*files)[page])
         << ", \"side\": \"back\", \"placements\": [], \"cuts\": []}";
  };
}

}  // namespace

std::optional<PlannedOutput> plan_tts(const PreparedGame& p, size_t deck, const Stock& stock, bool backs,
                                      const std::string& url) {
  const Game& g = p.game;
  const Deck& d = g.decks[deck];
  const std::vector<CardInstance> instances = expand_instances(d);
  if (instances.empty()) return std::nullopt;
  PlannedOutput o = deck_output(d, stock, d.id + "-" + stock.id, OutputKind::Tts);
  o.format = OutputFormat::Png;
  const Grid t = grid_of(g, d, stock, backs, instances.size());
  plan_pages(p, deck, instances, backs, t, &o);
  o.dpi = t.dpi;
  o.width = t.cols * t.cw;
  o.height = t.rows * t.ch;
  // The address names a folder: "https://example.org/echad" is that folder, as
  // "https://example.org/echad/" is (the file names were glued to its last word).
  const std::string folder = url.empty() || url.back() == '/' ? url : url + "/";
  // The game file's text is checked as UTF-8 when loaded, but a file or deck name from
  // the file system may be Latin-1: json_text escapes such bytes as json_quote does.
  o.texts.push_back({t.base + ".json", json_text(saved_object(g, d, instances, t, folder), 2) + "\n"});
  o.manifest.extra = ", \"format\": \"tts\", \"saved_object\": " + json_quote(t.base + ".json") +
                     ", \"grid\": [" + std::to_string(t.cols) + ", " + std::to_string(t.rows) +
                     "], \"cell_pixels\": [" + std::to_string(t.cell_w) + ", " + std::to_string(t.cell_h) + "]" +
                     ", \"cell_dpi\": " + format_number(t.dpi);
  o.manifest.pages = manifest_pages(p, deck, t, std::make_shared<const std::vector<std::string>>(o.page_files));
  o.manifest.deck = d.id;
  o.weight = pages_weight(o.pages, kImageWeight * 16);
  o.inputs = p.deck_images(deck);
  return o;
}

}  // namespace cardstock
