// Planners of sheet-like outputs: cards and labels on a stock, a deck's answer key and a
// board preview. Their pages hold cards placed by layout (Placement) and free items; the
// manifest lists every placement with its card, copy and source line, and every cut.
#include <algorithm>
#include <memory>
#include <sstream>

#include "plan/plan.h"
#include "layout/card_pages.h"
#include "model/checks.h"
#include "layout/cutter.h"
#include "plan/manifest.h"

namespace cardstock {

namespace {

// The card a placement shows: of the output's own deck, or (a board's extra tile) of
// another deck of the game.
struct Shown {
  size_t deck = 0;
  CardInstance instance;
};

class Placements {
 public:
  Placements(const PreparedGame& p, size_t deck) : p_(p), deck_(deck), own_(expand_instances(p.game.decks[deck])) {}
  Shown at(const Placement& pl) const {
    if (pl.deck < 0) return {deck_, own_.at(pl.slot)};
    const size_t k = static_cast<size_t>(pl.deck);
    return {k, expand_instances(p_.game.decks[k]).at(pl.slot)};
  }

 private:
  const PreparedGame& p_;
  size_t deck_;
  std::vector<CardInstance> own_;
};

// What the manifest says of one placement: the card, where it came from in the YAML,
// its rectangles and, for hex and round pieces, the outline.
void placement_json(std::ostream& o, const Game& g, size_t own_deck, const Shown& s, const Placement& pl,
                    bool back) {
  const Deck& from = g.decks[s.deck];
  const Card& card = from.cards[s.instance.card];
  o << "\n        {\"id\": " << json_quote(card.id);
  if (s.deck != own_deck) o << ", \"deck\": " << json_quote(from.id);  // a board's extra tile
  o << ", \"copy\": " << s.instance.copy << ", \"source\": " << json_quote(card.mark.str()) << ", \"side\": \""
    << (back || pl.back ? "back" : "front") << "\", \"rect\": " << json_rect(pl.trim) << ", \"bleed\": " << json_rect(pl.bleed)
    << ", \"rotation\": " << pl.rotation;
  if (pl.tilt != 0) o << ", \"tilt\": " << json_number(pl.tilt);  // a printer profile's rotation, cancelled
  if (from.card.shape == Shape::Hex) {
    o << ", \"shape\": \"hex\", \"polygon\": [";
    const auto pts = hex_corners(pl.trim);
    for (size_t q = 0; q < pts.size(); ++q) o << (q ? ", " : "") << json_point(pts[q].x, pts[q].y);
    o << "]";
  } else if (from.card.shape == Shape::Circle) {
    o << ", \"shape\": \"circle\", \"center\": "
      << json_point(pl.trim.x + pl.trim.w / 2, pl.trim.y + pl.trim.h / 2)
      << ", \"radius\": " << json_number(std::min(pl.trim.w, pl.trim.h) / 2);
  }
  o << "}";
}

}  // namespace

std::string registration_json(const std::vector<RegMark>& marks) {
  std::string o = "[";
  for (size_t j = 0; j < marks.size(); ++j) {
    const RegMark& m = marks[j];
    o += std::string(j ? "," : "") + "\n        {\"kind\": \"" + (m.filled ? "filled" : m.closed ? "frame" : "line") + "\"";
    if (!m.filled) o += ", \"stroke\": " + json_number(m.stroke);
    o += ", \"points\": [";
    for (size_t q = 0; q < m.points.size(); ++q) o += (q ? ", " : "") + json_point(m.points[q].x, m.points[q].y);
    o += "]}";
  }
  return o + (marks.empty() ? "]" : "\n      ]");
}

namespace {

void cuts_json(std::ostream& o, const Page& page) {
  o << "], \"cuts\": [";
  for (size_t j = 0; j < page.cuts.size(); ++j) {
    const CutSegment& c = page.cuts[j];
    o << (j ? "," : "") << "\n        {\"kind\": \""
      << (c.kind == CutKind::Mark ? "mark" : c.kind == CutKind::Fold ? "fold" : "line")
      << "\", \"from\": " << json_point(c.x1, c.y1) << ", \"to\": " << json_point(c.x2, c.y2) << "}";
  }
  for (size_t j = 0; j < page.circles.size(); ++j) {
    const CutCircle& c = page.circles[j];
    o << (j || !page.cuts.empty() ? "," : "") << "\n        {\"kind\": \"circle\", \"center\": "
      << json_point(c.cx, c.cy) << ", \"radius\": " << json_number(c.r) << "}";
  }
  o << (page.cuts.empty() && page.circles.empty() ? "" : "\n      ") << "]";
  if (!page.registration.empty()) o << ", \"registration\": " << registration_json(page.registration);
  o << "}";
}

// What the manifest says of the sheets' pages: every placement and cut, and for a folder
// output the file each page became (`files`, empty otherwise).
void sheets_json(std::ostream& json, const PreparedGame& p, size_t deck, const SheetLayout& sheets,
                 const std::vector<std::string>& files) {
  const Placements shown(p, deck);
  for (size_t k = 0; k < sheets.pages.size(); ++k) {
    const Page& page = sheets.pages[k];
    json << (k ? "," : "") << "\n      {\"page\": " << k + 1;
    if (k < files.size()) json << ", \"file\": " << json_quote(files[k]);
    json << ", \"side\": \"" << (page.back ? "back" : "front") << "\", \"placements\": [";
    for (size_t j = 0; j < page.placements.size(); ++j) {
      json << (j ? "," : "");
      placement_json(json, p.game, deck, shown.at(page.placements[j]), page.placements[j], page.back);
    }
    json << (page.placements.empty() ? "" : "\n      ");
    cuts_json(json, page);
  }
}

}  // namespace

// The manifest's account of them is written later, from the same sheets (kept, a few
// bytes a card).
void sheet_output(const PreparedGame& p, size_t deck, SheetLayout sheets, std::vector<ArtItem> items,
                  PlannedOutput* o, const PageBoxes* boxes, bool page_files) {
  const Game& g = p.game;
  const Placements shown(p, deck);
  o->width = sheets.width;
  o->height = sheets.height;
  for (const Page& page : sheets.pages) {
    PlannedPage pp{sheets.width, sheets.height, boxes ? *boxes : whole_page_boxes(sheets.width, sheets.height), {}};
    pp.art.cuts = page.cuts;
    pp.art.circles = page.circles;
    pp.art.registration = page.registration;
    for (const Placement& pl : page.placements) {
      const Shown s = shown.at(pl);
      const bool back = page.back || pl.back;
      const CardArt* art = back ? &p.backs[s.deck][s.instance.card] : &p.faces[s.deck][s.instance.card];
      const CardSize& size = g.decks[s.deck].card;
      pp.art.cards.push_back({art, pl.trim, pl.bleed, pl.rotation, size.shape, pl.scale, pl.tilt, size.radius.pt});
    }
    o->pages.push_back(std::move(pp));
  }
  if (!o->pages.empty()) o->pages[0].art.items = std::move(items);
  auto kept = std::make_shared<const SheetLayout>(std::move(sheets));
  // A folder output's page names, as the manifest lists them (a copy: the output moves).
  auto files = std::make_shared<const std::vector<std::string>>(page_files ? o->page_files : std::vector<std::string>{});
  o->manifest.pages = [&p, deck, kept, files](std::ostream& to) { sheets_json(to, p, deck, *kept, *files); };
  o->manifest.deck = g.decks[deck].id;
  o->weight = pages_weight(o->pages, 1);
  o->inputs = p.deck_inputs(deck);
}

namespace {

std::string mm_text(double pt) { return format_number(Length{pt}.in_mm()); }

// Anything a printer cannot print, said once per deck and stock: where a sheet meets
// the margin nothing is printed, and a card cut there loses its edge.
void warn_margin(const Deck& deck, const Stock& stock, const SheetLayout& sheets, Diagnostics& d) {
  const MarginIntrusions m = within_margin(sheets, stock.margin.pt);
  if (!m.any()) return;
  std::vector<std::string> what;
  auto add = [&](int n, const std::string& one, const std::string& many) {
    if (n) what.push_back(std::to_string(n) + " " + (n == 1 ? one : many));
  };
  add(m.cards, "card", "cards");
  add(m.guides, "cut guide", "cut guides");
  add(m.registration, "registration mark", "registration marks");
  std::string list;
  for (size_t i = 0; i < what.size(); ++i) list += (i == 0 ? "" : i + 1 == what.size() ? " and " : ", ") + what[i];
  d.warning(stock.mark, "deck '" + deck.id + "' on stock '" + stock.id + "': " + list + " of a sheet lie within " +
                            mm_text(stock.margin.pt) + " mm of the edge of " + stock.paper.id +
                            " paper, where printers do not print (the closest " + mm_text(m.closest) +
                            " mm from it): move them in, or give the stock a smaller margin if the printer prints "
                            "closer to the edge");
}

}  // namespace

std::string printer_json(const PrinterProfile& pr, const PrinterProfile& applied, bool short_edge,
                         const std::string& about) {
  const double sign = short_edge ? -1 : 1;
  return ", \"printer\": {\"name\": " + json_quote(pr.name) + ", \"file\": " + json_quote(pr.file) +
         ", \"duplex_offset_mm\": [" + json_number(pr.offset_x.in_mm()) + ", " + json_number(pr.offset_y.in_mm()) +
         "], \"duplex_rotation_deg\": " + json_number(pr.rotation) + ", \"backs_moved_mm\": [" +
         json_number(-sign * applied.offset_x.in_mm()) + ", " + json_number(-sign * applied.offset_y.in_mm()) +
         "], \"backs_turned_deg\": " + json_number(-pr.rotation) + ", \"about\": " + json_quote(about) + "}";
}

std::optional<DeckSheets> plan_sheets(const PreparedGame& p, size_t deck, const Stock& stock, bool backs,
                                      const PrinterProfile* printer, Diagnostics& d) {
  const Deck& dk = p.game.decks[deck];
  // A stock its cutter or label cannot take would print cards nobody can cut or stick.
  bool usable = true;
  for (const auto& problem : stock_problems(stock)) {
    d.error(stock.mark, "stock '" + stock.id + "' (deck '" + dk.id + "'): " + problem);
    usable = false;
  }
  if (!usable) return std::nullopt;
  PlannedOutput o = deck_output(
      dk, stock, dk.id + "-" + stock.id + ".pdf",
      stock.kind == StockKind::Labels     ? OutputKind::Labels
      : stock.kind == StockKind::Foldover ? OutputKind::Foldover
                                          : OutputKind::Cards);
  o.manifest.paper = stock.paper.id;
  const size_t count = static_cast<size_t>(dk.total_cards());
  if (stock.card_pages()) {
    // A print shop's file: one card face a page, TrimBox at the card.
    const CardPage cp = card_page(stock, dk.card);
    sheet_output(p, deck, layout_card_pages(stock, dk.card, count, backs), {}, &o, &cp.boxes);
    return DeckSheets{std::move(o), std::nullopt};
  }
  SheetLayout sheets = layout_sheets(stock, count, backs);
  warn_margin(dk, stock, sheets, d);
  const bool has_back_pages = backs && stock.kind != StockKind::Foldover;
  if (printer && has_back_pages) {
    correct_backs(sheets, *printer, stock.duplex == Duplex::ShortEdge);
    o.manifest.extra = printer_json(*printer, *printer, stock.duplex == Duplex::ShortEdge, "the page centre");
  }
  if (has_back_pages && stock.order == PageOrder::BackFront) backs_first(sheets);
  std::optional<PlannedOutput> cut_file;
  if (stock.cutter != Cutter::None) cut_file = plan_cut_file(p, deck, stock, sheets, o.file);
  sheet_output(p, deck, std::move(sheets), {}, &o);
  return DeckSheets{std::move(o), std::move(cut_file)};
}

std::vector<PlannedOutput> plan_answer_key(const PreparedGame& p, size_t deck, const std::vector<Paper>& papers,
                                           const Templates& t, Diagnostics& d) {
  std::vector<PlannedOutput> out;
  const Deck& dk = p.game.decks[deck];
  for (const Paper& paper : papers) {
    PlannedOutput o;
    o.file = dk.id + "-answer-key-" + paper.id + ".pdf";
    o.mark = dk.answer_key->mark;
    o.origin = "the answer key of deck '" + dk.id + "'";
    o.manifest.kind = OutputKind::AnswerKey;
    o.manifest.paper = paper.id;
    TableSpec table;
    table.title = dk.answer_key->title;
    table.subtitle = p.game.title + ": every name on the cards, with the facts that settle a challenge.";
    table.font = t.fonts.default_family;
    AnswerKeyTable key = answer_key_rows(dk);
    table.header = std::move(key.header);
    table.rows = std::move(key.rows);
    bool overflow = false;
    auto pages = layout_table(table, paper.width.pt, paper.height.pt, 36, *p.measurer, &overflow);
    std::vector<ArtItem> all;  // for the font check: each text once
    for (const auto& items : pages) all.insert(all.end(), items.begin(), items.end());
    report_item_font_issues(all, *p.measurer, dk.answer_key->mark,
                            "the default family of templates/fonts.yaml has none", d);
    if (overflow)
      d.warning(dk.answer_key->mark, "answer key of deck '" + dk.id + "' has a row taller than a " + paper.id +
                                         " page");
    SheetLayout sheets{paper.width.pt, paper.height.pt, std::vector<Page>(pages.size())};
    sheet_output(p, deck, sheets, {}, &o);
    for (size_t k = 0; k < pages.size() && k < o.pages.size(); ++k) o.pages[k].art.items = std::move(pages[k]);
    o.weight = pages_weight(o.pages, 1);
    out.push_back(std::move(o));
  }
  return out;
}

std::vector<PlannedOutput> plan_board(const PreparedGame& p, const Board& board, const std::vector<Paper>& papers,
                                      const Templates& t, Diagnostics& d) {
  std::vector<PlannedOutput> out;
  const int k = p.deck_index(board.deck);
  if (k < 0) return out;
  const Deck& deck = p.game.decks[static_cast<size_t>(k)];
  for (const Paper& paper : papers) {
    PlannedOutput o;
    o.file = board.id + "-" + paper.id + ".pdf";
    o.mark = board.mark;
    o.origin = "board '" + board.id + "'";
    o.manifest.kind = OutputKind::Board;
    o.manifest.paper = paper.id;
    const double margin = 36, title_h = board.title.empty() ? 0 : 40;
    const Rect area{margin, margin + title_h, paper.width.pt - 2 * margin, paper.height.pt - 2 * margin - title_h};
    const BoardLayout bl = layout_board(board, deck.card.width.pt, deck.card.height.pt, area);
    SheetLayout sheet{paper.width.pt, paper.height.pt, {Page{}}};
    sheet.pages[0].placements = board_placements(p.game, board, bl);
    std::vector<ArtItem> items;
    if (!board.title.empty()) {
      ArtItem title;
      title.type = LayerType::Text;
      title.text = board.title;
      title.style = {t.fonts.default_family, true, false, 18, Align::Center, false, false, 1};
      title.color = *parse_color("#222222");
      title.box = {margin, margin, paper.width.pt - 2 * margin, title_h};
      title.valign = VAlign::Middle;
      items.push_back(title);
      report_item_font_issues(items, *p.measurer, board.mark, "the default family of templates/fonts.yaml has none",
                              d);
    }
    const std::vector<Placement> placed = sheet.pages[0].placements;
    sheet_output(p, static_cast<size_t>(k), std::move(sheet), std::move(items), &o);
    // A board's extra tiles may come from other decks: their images are its inputs too.
    for (const auto& pl : placed)
      if (pl.deck >= 0) {
        const auto more = p.deck_inputs(static_cast<size_t>(pl.deck));
        o.inputs.insert(o.inputs.end(), more.begin(), more.end());
      }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace cardstock
