#include "load/templates/stocks.h"

#include <algorithm>
#include <cmath>

#include "load/load.h"
#include "load/names.h"
#include "model/grid_fit.h"
#include "load/schema/schema.h"
#include "model/enums.h"

namespace cardstock {

namespace loading {
namespace {

// The other card sizes a stock takes: each is drawn at its own size centred on the
// stock's trim, so its art (trim and bleed) must cover the whole page, or the page would
// show a white edge.
void read_accepts(const Reader& r, const Templates& t, Stock* s, Diagnostics& d, bool* ok) {
  if (YAML::Node list = r.node("accepts"); list && list.IsSequence())
    for (const auto& item : list) {
      const Mark m = mark_of(item, r.mark().file);
      const CardSize* c = item.IsScalar() ? t.find_card(item.Scalar()) : nullptr;
      if (!c) {
        if (item.IsScalar()) unknown(d, m, "card size", item.Scalar(), t.card_names());
        *ok = false;
        continue;
      }
      const double page_w = (s->card.width + s->card.bleed * 2).pt, page_h = (s->card.height + s->card.bleed * 2).pt;
      const double art_w = (c->width + c->bleed * 2).pt, art_h = (c->height + c->bleed * 2).pt;
      // (A Tabletop Simulator sheet draws every card at its own trim: nothing to cover.)
      if (s->format != StockFormat::Tts && (art_w + 1e-6 < page_w || art_h + 1e-6 < page_h)) {
        d.error(m, "stock '" + s->id + "' cannot take " + c->id + " cards: with their bleed they are " +
                       format_number(c->width.in_mm() + 2 * c->bleed.in_mm()) + " x " +
                       format_number(c->height.in_mm() + 2 * c->bleed.in_mm()) + " mm, smaller than its " +
                       format_number(Length{page_w}.in_mm()) + " x " + format_number(Length{page_h}.in_mm()) +
                       " mm page");
        *ok = false;
        continue;
      }
      s->accepts.push_back(*c);
    }
}

// Where a stock's outputs go and how they are made: a paper and a grid, or one card a
// page or image (print shops), or a Tabletop Simulator sheet; resolution, page order, the
// other card sizes it takes, CMYK and the ink limit. Each value is checked here, where it
// is read: a dpi of 0 or 10^9, a sheet of 11 x 7 cells, an unknown card size.
void read_output_keys(const Reader& r, const Templates& t, bool grid_ok, Stock* s, Diagnostics& d, bool* ok) {
  auto fail = [&](const Mark& m, const std::string& msg) {
    d.error(m, "stock '" + s->id + "': " + msg);
    *ok = false;
  };
  const std::string format = r.str("format");
  s->format = enum_value(kStockFormatNames, format).value_or(StockFormat::Pdf);
  s->order = enum_value(kPageOrderNames, r.str("order")).value_or(PageOrder::FrontBack);
  s->preflight = r.boolean("preflight");
  s->legible_size = r.length("legible_size");
  s->cmyk = r.boolean("cmyk");
  s->black = enum_value(kBlackNames, r.str("black")).value_or(Black::Neutral);
  const bool paper = r.has("paper"), grid = r.has("grid");
  if (s->format == StockFormat::Pdf && paper && !grid)
    fail(r.mark(), "a stock with a paper needs a grid (the columns and rows of cards on it)");
  if (s->format == StockFormat::Pdf && !paper && grid)
    fail(r.mark("grid"), "it has no paper, so each page is one card: it takes no grid");
  if (s->format != StockFormat::Pdf && paper)
    fail(r.mark("paper"), std::string("a ") + format + " stock makes images, not sheets: it takes no paper");
  if (s->format == StockFormat::Png && grid)
    fail(r.mark("grid"), "a png stock makes one image a card face: it takes no grid");
  if (s->format == StockFormat::Tts && !grid)
    fail(r.mark(), "a tts stock needs a grid: the cells of a Tabletop Simulator deck sheet (at most 10 x 7)");
  const bool grid_given = grid && grid_ok && r.node("grid").IsMap();  // not grid: auto
  if (s->format == StockFormat::Tts && grid_given && (s->columns > 10 || s->rows > 7 || s->columns * s->rows < 2))
    fail(r.mark("grid"), "a Tabletop Simulator deck sheet has at most 10 x 7 cells and at least 2 (the last "
                         "one is the hidden-card image), not " +
                             std::to_string(s->columns) + " x " + std::to_string(s->rows));
  if (s->cmyk && s->format != StockFormat::Pdf)
    fail(r.mark("cmyk"), "cmyk converts PDFs; the images of a " + format + " stock stay RGB");
  // Checked as read: an int cast first would turn 4294967596 dpi into 300.
  const long dpi = r.integer("dpi");
  if (dpi < 1 || dpi > kMaxDpi) {
    fail(r.mark("dpi"), "dpi must be 1 to " + std::to_string(kMaxDpi) + ", not " + std::to_string(dpi));
  } else {
    s->dpi = static_cast<int>(dpi);
    // A card face with its bleed (a tts sheet is scaled down to fit, so never too big).
    const double w = std::round((s->card.width + s->card.bleed * 2).in_inches() * dpi);
    const double h = std::round((s->card.height + s->card.bleed * 2).in_inches() * dpi);
    if (s->format == StockFormat::Png && w * h > static_cast<double>(kMaxRasterPixels))
      fail(r.mark("dpi"), "one card image at " + std::to_string(dpi) + " dpi would be " + format_number(w) + " x " +
                              format_number(h) + " pixels; the limit is " +
                              std::to_string(kMaxRasterPixels / 1000000) + " megapixels an image");
  }
  if (r.has("ink_limit")) {
    const double ink = r.number("ink_limit");
    if (!(ink >= 1 && ink <= 400))
      fail(r.mark("ink_limit"), "ink_limit is a total ink percentage from 1 to 400 (four inks at 100 %), not " +
                                    format_number(ink));
    else
      s->ink_limit = ink;
  }
  read_accepts(r, t, s, d, ok);
}

// The keys of a stock that issue 16 added: row gutter, margin, fold, cutter and label
// area (after the paper, card, kind, grid and gutter are read).
void read_stock_sheet(const Reader& r, const std::string& file, Stock* s, Diagnostics& d, bool* ok) {
  s->row_gutter = r.has("row_gutter") ? r.length("row_gutter") : s->gutter;
  s->margin = r.has("margin") ? r.length("margin") : s->paper.margin;
  s->fold = enum_value(kFoldNames, r.str("fold")).value_or(Fold::Vertical);
  s->fold_gap = r.length("fold_gap");
  s->cutter = enum_value(kCutterNames, r.str("cutter")).value_or(Cutter::None);
  for (const char* key : {"fold", "fold_gap"})
    if (s->kind != StockKind::Foldover && r.has(key)) {
      d.error(r.mark(key), std::string("'") + key + "' is for fold-over stocks (kind: foldover) only");
      *ok = false;
    }
  if (s->kind == StockKind::Foldover && s->packing == Packing::Honeycomb) {
    d.error(r.mark("packing"), "a fold-over stock cannot pack a honeycomb: each tile needs its back across the fold");
    *ok = false;
  }
  if (s->paper.width.pt > 0 && 2 * s->margin.pt >= std::min(s->paper.width.pt, s->paper.height.pt)) {
    d.error(r.mark("margin"), "stock '" + s->id + "': a margin of " + format_number(s->margin.in_mm()) +
                                  " mm leaves nothing of " + s->paper.id + " paper to print on");
    *ok = false;
  }
  if (YAML::Node a = r.node("label_area"); a && a.IsMap()) {
    Reader ar(a, Schemas::paper_area(), file);
    s->label_area = {ar.length("x"), ar.length("y"), ar.length("w"), ar.length("h"), true};
    const PaperArea& l = s->label_area;
    if (s->paper.width.pt > 0 && ((l.x + l.w).pt > s->paper.width.pt + 1e-6 || (l.y + l.h).pt > s->paper.height.pt + 1e-6)) {
      d.error(r.mark("label_area"), "stock '" + s->id + "': its label area runs off " + s->paper.id + " paper");
      *ok = false;
    }
  }
}

// The stock's grid of cards (and their backs, on a fold-over sheet) must fit its paper.
void check_grid_fits(const Stock& s, const Mark& at, Diagnostics& d, bool* ok) {
  const bool turned = s.rotate == 90;
  const Length cw = turned ? s.card.height : s.card.width;
  const Length ch = turned ? s.card.width : s.card.height;
  Length gw = cw * s.columns + s.gutter * (s.columns - 1);
  Length gh = ch * s.rows + s.row_gutter * (s.rows - 1);
  if (s.packing == Packing::Honeycomb) gh = ch + ch * (0.75 * (s.rows - 1));
  // A fold-over sheet holds the backs too, across the fold gap.
  if (s.kind == StockKind::Foldover && s.fold == Fold::Vertical) gw = gw * 2 + s.fold_gap;
  if (s.kind == StockKind::Foldover && s.fold == Fold::Horizontal) gh = gh * 2 + s.fold_gap;
  if (gw.pt > s.paper.width.pt + 1e-6 || gh.pt > s.paper.height.pt + 1e-6) {
    // A plain grid is told what fits instead, in its own orientation.
    const std::string fits = s.kind == StockKind::Foldover || s.packing == Packing::Honeycomb
                                 ? ""
                                 : ": " + what_fits(s.paper.width.pt, s.paper.height.pt, cw.pt, ch.pt, s.gutter.pt,
                                                    s.row_gutter.pt, s.columns, s.rows);
    d.error(at,
            "stock '" + s.id + "': " + std::to_string(s.columns) + " x " +
                std::to_string(s.rows) + " " + s.card.id + (s.kind == StockKind::Foldover ? " cards and their backs" : " cards") + " need " +
                format_number(gw.in_mm()) + " x " + format_number(gh.in_mm()) +
                " mm but " + s.paper.id + " paper is " + format_number(s.paper.width.in_mm()) +
                " x " + format_number(s.paper.height.in_mm()) + " mm" + fits);
    *ok = false;
  }
}

// `grid: auto`: as many cards as fit the paper, turned if more fit so. Only a plain grid
// of cards on a paper is chosen so: fold-over sheets, honeycombs, label areas and digital
// tables say their grid.
void choose_grid(const Reader& r, Stock* s, Diagnostics& d, bool* ok) {
  auto refuse = [&](const std::string& why) {
    d.error(r.mark("grid"), "stock '" + s->id + "': grid: auto " + why + "; give columns and rows");
    *ok = false;
  };
  if (!r.has("paper")) return refuse("fills a paper, and this stock has none");
  if (s->kind == StockKind::Foldover) return refuse("does not lay out fold-over sheets");
  if (s->packing == Packing::Honeycomb) return refuse("does not pack honeycombs");
  if (s->label_area.set) return refuse("fills the paper, not a label area");
  if (s->card.width.pt <= 0 || s->paper.width.pt <= 0) return;  // an unknown paper or card: said already
  const GridFit f = auto_grid(*s);
  if (f.cards() == 0) {
    const FitRoom room = auto_room(*s);
    d.error(r.mark("grid"), "stock '" + s->id + "': not one " + s->card.id + " card fits " + s->paper.id +
                                " paper within its margin and crop marks (" + format_number(room.w / 72 * 25.4, 1) +
                                " x " + format_number(room.h / 72 * 25.4, 1) + " mm)");
    *ok = false;
    return;
  }
  s->columns = f.columns;
  s->rows = f.rows;
  s->rotate = f.rotate;
}

}  // namespace

Stock read_stock(const YAML::Node& n, const std::string& file, const Templates& t,
                 Diagnostics& d, bool* ok) {
  Reader r(n, Schemas::stock(), file);
  Stock s;
  s.id = r.str("id");
  s.aliases = r.list("aliases");
  s.replaces = r.str("replaces");
  s.description = r.str("description");
  s.mark = r.mark();
  *ok = true;
  if (const Paper* p = t.find_paper(r.str("paper"))) {
    s.paper = *p;
  } else if (r.has("paper")) {
    unknown(d, r.mark("paper"), "paper", r.str("paper"), t.paper_names(), ids_of(t.papers));
    *ok = false;
  }
  if (const CardSize* c = t.find_card(r.str("card"))) {
    s.card = *c;
  } else if (r.has("card")) {
    unknown(d, r.mark("card"), "card size", r.str("card"), t.card_names(), ids_of(t.cards));
    *ok = false;
  }
  s.kind = enum_value(kStockKindNames, r.str("kind")).value_or(StockKind::Cardstock);
  YAML::Node g = r.node("grid");
  bool grid_ok = true;  // false: reported below, not to be judged again
  const bool grid_auto = g && g.IsScalar() && g.Scalar() == "auto";
  if (g && g.IsMap()) {
    Reader gr(g, Schemas::grid(), file);
    // Checked as read: an int cast first would turn 4294967297 columns into 1.
    const long columns = gr.integer("columns"), rows = gr.integer("rows");
    s.rotate = enum_value(kGridRotateNames, gr.str("rotate")).value_or(0);
    if (columns < 1 || rows < 1 || columns > kMaxGridSide || rows > kMaxGridSide) {
      d.error(gr.mark(), "grid must have 1 to " + std::to_string(kMaxGridSide) + " columns and rows, not " +
                             std::to_string(columns) + " x " + std::to_string(rows));
      *ok = false;
      grid_ok = false;
    } else {
      s.columns = static_cast<int>(columns);
      s.rows = static_cast<int>(rows);
    }
  }
  s.gutter = r.length("gutter");
  s.cut = enum_value(kCutStyleNames, r.str("cut")).value_or(CutStyle::Both);
  s.mark_length = r.length("mark_length");
  s.duplex = enum_value(kDuplexNames, r.str("duplex")).value_or(Duplex::LongEdge);
  s.packing = enum_value(kPackingNames, r.str("packing")).value_or(Packing::Grid);
  if (s.packing == Packing::Honeycomb && s.card.shape != Shape::Hex && !s.card.id.empty()) {
    d.error(r.mark("packing"), "honeycomb packing needs hex pieces, but '" + s.card.id +
                                   "' is not a hex");
    *ok = false;
  }
  if (s.packing == Packing::Honeycomb && (s.rotate != 0 || s.gutter.pt != 0)) {
    d.error(r.mark("packing"), "honeycomb packing shares tile edges: it takes no rotate or gutter");
    *ok = false;
  }
  read_stock_sheet(r, file, &s, d, ok);
  if (grid_auto) choose_grid(r, &s, d, ok);
  s.grid_auto = grid_auto;
  if (*ok && !grid_auto && s.card.width.pt > 0 && s.paper.width.pt > 0) check_grid_fits(s, r.mark("grid"), d, ok);
  read_output_keys(r, t, grid_ok, &s, d, ok);
  return s;
}

std::vector<Stock> read_stocks(const YAML::Node& n, const std::string& file, const Templates& t, Diagnostics& d,
                               bool* ok) {
  *ok = true;
  const YAML::Node papers = n["paper"];
  if (!papers || !papers.IsSequence()) {
    Stock s = read_stock(n, file, t, d, ok);
    if (*ok) return {std::move(s)};
    return {};
  }
  // One stock a paper, each read as if its entry named that paper alone: every check
  // (the grid fits, grid: auto) is that paper's, and a message is at the entry's keys.
  std::vector<Stock> out;
  UniqueNames seen;
  for (const auto& paper : papers) {
    if (!paper.IsScalar()) continue;  // (the schema said so)
    if (!seen.add(paper.Scalar(), mark_of(paper, file), "paper '" + paper.Scalar() + "' is listed twice in this stock",
                  d, "listed"))
      continue;
    YAML::Node one = YAML::Clone(n);
    one["paper"] = YAML::Node(paper);
    bool fine = true;
    Stock s = read_stock(one, file, t, d, &fine);
    *ok = *ok && fine;
    if (!fine) continue;
    s.family = s.id;
    s.id += "-" + paper.Scalar();
    for (auto& a : s.aliases) a += "-" + paper.Scalar();
    out.push_back(std::move(s));
  }
  if (out.empty() && *ok) {
    d.error(mark_of(papers, file), "a stock's list of papers needs one paper at least");
    *ok = false;
  }
  return out;
}

}  // namespace loading

std::vector<Stock> parse_stocks(const std::string& text, const std::string& name, const Templates& t,
                                Diagnostics& d) {
  const size_t before = d.error_count();
  YAML::Node n;
  if (!parse_yaml_text(text, name, "a stock file", &n, d)) return {};
  validate(n, Schemas::stock(), name, d);
  if (!n.IsMap()) return {};
  bool ok;
  std::vector<Stock> s = loading::read_stocks(n, name, t, d, &ok);
  if (!ok || d.error_count() > before) return {};
  return s;
}

std::optional<Stock> parse_stock(const std::string& text, const std::string& name, const Templates& t,
                                 Diagnostics& d) {
  std::vector<Stock> s = parse_stocks(text, name, t, d);
  if (s.empty()) return std::nullopt;
  return std::move(s.front());
}

}  // namespace cardstock
