// Planners of the rule booklet: its pages in reading order on the small paper, and the
// same pages imposed two-up for saddle stitching on the big one. The manifest gives each
// page's role, text area, running head and folio, and each imposed side's two halves.
#include <memory>
#include <sstream>

#include "plan/plan.h"
#include "layout/booklet_layout.h"
#include "plan/manifest.h"

namespace cardstock {

namespace {

std::string card_source(const Game& g, const FigureCard& c) {
  if (const Deck* d = g.find_deck(c.deck))
    for (const auto& card : d->cards)
      if (card.id == c.card) return card.mark.str();
  return "";
}

// One booklet page's art, moved by (dx, dy) onto its sheet.
void add_booklet_page(const PreparedGame& p, const BookletPage& bp, double dx, double dy, PageArt* art) {
  for (const auto& pc : bp.cards) {
    const CardArt* a = p.face(pc.card.deck, pc.card.card);
    if (!a) continue;
    Rect r = pc.trim;
    r.x += dx;
    r.y += dy;
    art->cards.push_back({a, r, r, 0, pc.card.shape, pc.scale});
  }
  for (const auto* from : {&bp.underlay, &bp.items}) {
    auto& to = from == &bp.underlay ? art->underlay : art->items;
    for (ArtItem it : *from) {
      it.box.x += dx;
      it.box.y += dy;
      to.push_back(std::move(it));
    }
  }
}

// Files a booklet is made from: its rules text, every image (its figures show cards) and
// the icons its own texts show (tables made from the game file).
std::vector<std::string> booklet_inputs(const PreparedGame& p, const BookletLayout& bl) {
  std::vector<std::string> in;
  for (size_t k = 0; k < p.game.decks.size(); ++k) {
    const auto imgs = p.deck_inputs(k);
    in.insert(in.end(), imgs.begin(), imgs.end());
  }
  for (const auto& pg : bl.pages)
    for (const auto& it : pg.items)
      for (const auto& icon : it.style.icons)
        if (!icon.empty()) in.push_back(icon);  // repeats are dropped when keyed
  in.push_back(p.game.booklet->path);
  return in;
}

PlannedOutput reading_order(const PreparedGame& p, const BookletLayout& bl, const Paper& page) {
  PlannedOutput o;
  o.file = std::string("rules-") + page.id + ".pdf";
  o.mark = p.game.booklet->mark;
  o.origin = "the booklet";
  o.width = bl.width;
  o.height = bl.height;
  o.manifest.kind = OutputKind::Booklet;
  o.manifest.paper = page.id;
  std::ostringstream extra, json;
  extra << ", \"contents\": [";
  for (size_t k = 0; k < bl.contents.size(); ++k)
    extra << (k ? ", " : "") << "{\"title\": " << json_quote(bl.contents[k].first)
          << ", \"page\": " << bl.contents[k].second << "}";
  extra << "]";
  for (size_t k = 0; k < bl.pages.size(); ++k) {
    const BookletPage& pg = bl.pages[k];
    PlannedPage pp{bl.width, bl.height, whole_page_boxes(bl.width, bl.height), {}};
    add_booklet_page(p, pg, 0, 0, &pp.art);
    o.pages.push_back(std::move(pp));
    json << (k ? "," : "") << "\n      {\"page\": " << pg.number << ", \"role\": " << json_quote(pg.role);
    if (pg.role == "body")
      json << ", \"section\": " << json_quote(pg.section) << ", \"text_area\": " << json_rect(pg.text_area)
           << ", \"head\": " << json_rect(pg.head) << ", \"foot\": " << json_rect(pg.foot);
    if (pg.band.w > 0) json << ", \"band\": " << json_rect(pg.band);
    json << ", \"placements\": [";
    for (size_t j = 0; j < pg.cards.size(); ++j) {
      const PlacedCard& c = pg.cards[j];
      json << (j ? ", " : "") << "{\"id\": " << json_quote(c.card.card) << ", \"deck\": " << json_quote(c.card.deck)
           << ", \"source\": " << json_quote(card_source(p.game, c.card)) << ", \"rect\": " << json_rect(c.trim)
           << ", \"scale\": " << json_number(c.scale) << "}";
    }
    json << "]}";
  }
  o.manifest.extra = extra.str();
  o.manifest.pages = [text = json.str()](std::ostream& to) { to << text; };
  const double n = static_cast<double>(bl.pages.size());
  o.weight = 4 + n + 3 * n;  // a unit a page, three more for its long text
  o.inputs = booklet_inputs(p, bl);
  return o;
}

// Where a half of an imposed back side is drawn for `printer` (null: where it is), and
// how far it is turned: as a card would be (corrected_placement), the landscape sheet
// turning on its short edge.
std::pair<Rect, double> printed_half(const Rect& box, bool back, const PrinterProfile* printer, double w, double h) {
  if (!back || !printer) return {box, 0};
  Placement pl;
  pl.trim = pl.bleed = box;
  const Placement c = corrected_placement(pl, landscape_profile(*printer), true, w, h);
  return {c.trim, c.tilt};
}

PlannedOutput imposed(const PreparedGame& p, const BookletLayout& bl, const std::vector<ImposedSide>& sides,
                      const Paper& sheet, const std::string& pages_file, const PrinterProfile* printer) {
  PlannedOutput o;
  o.file = std::string("rules-booklet-") + sheet.id + ".pdf";
  o.imposes = pages_file;
  o.mark = p.game.booklet->mark;
  o.origin = "the imposed booklet";
  o.width = sheet.height.pt;  // landscape
  o.height = sheet.width.pt;
  o.manifest.kind = OutputKind::BookletImposed;
  o.manifest.paper = sheet.id;
  const int n = static_cast<int>(bl.pages.size());
  o.manifest.extra = (printer ? printer_json(*printer, landscape_profile(*printer), true,
                                             "the sheet's centre, the sheet turned a quarter turn anticlockwise "
                                             "onto the paper")
                             : "") +
                     ", \"booklet_pages\": " + std::to_string(n) +
                     ", \"padded_pages\": " + std::to_string(padded_page_count(n)) + ", \"binding\": \"" +
                     (p.booklet->right_bound ? "right" : "left") + "\", \"creep\": " + json_number(p.booklet->creep);
  std::ostringstream json;
  for (size_t k = 0; k < sides.size(); ++k) {
    const ImposedSide& s = sides[k];
    PlannedPage pp{o.width, o.height, whole_page_boxes(o.width, o.height), {}};
    json << (k ? "," : "") << "\n      {\"page\": " << k + 1 << ", \"sheet\": " << k / 2 + 1 << ", \"side\": \""
         << (s.side.back ? "back" : "front") << "\", \"placements\": [";
    int j = 0;
    for (const auto& [num, half] : {std::pair{s.side.left, s.left}, std::pair{s.side.right, s.right}}) {
      const auto [box, tilt] = printed_half(half, s.side.back, printer, o.width, o.height);
      if (num >= 1 && num <= n) {
        add_booklet_page(p, bl.pages[static_cast<size_t>(num - 1)], box.x, box.y, &pp.art);
        pp.art.placed.push_back({num - 1, box.x, box.y, tilt});
      }
      json << (j++ ? ", " : "") << "{\"id\": \"page-" << num << "\", \"page\": " << num
           << ", \"blank\": " << (num > n ? "true" : "false") << ", \"rect\": " << json_rect(box);
      if (tilt != 0) json << ", \"tilt\": " << json_number(tilt);
      json << "}";
    }
    pp.art.cuts = s.folds;
    json << "], \"cuts\": [";
    for (size_t c = 0; c < s.folds.size(); ++c)
      json << (c ? ", " : "") << "{\"kind\": \"fold\", \"from\": " << json_point(s.folds[c].x1, s.folds[c].y1)
           << ", \"to\": " << json_point(s.folds[c].x2, s.folds[c].y2) << "}";
    json << "]}";
    o.pages.push_back(std::move(pp));
  }
  o.manifest.pages = [text = json.str()](std::ostream& to) { to << text; };
  // Its pages are those of the reading-order booklet, placed: no text is set again.
  o.weight = 4 + static_cast<double>(sides.size());
  o.inputs = booklet_inputs(p, bl);
  return o;
}

}  // namespace

std::vector<PlannedOutput> plan_booklets(const PreparedGame& p, const Templates& t, const PlanOptions& opt,
                                         Diagnostics& d, const PrinterProfile* printer) {
  std::vector<PlannedOutput> out;
  // Which sheet folds into which page is the papers' data (papers.yaml's booklet_page).
  for (const Paper& sheet_paper : single_page_papers(t, opt)) {
    const Paper* sheet = &sheet_paper;
    if (sheet->booklet_page.empty()) {
      d.warning(p.game.booklet->mark, "no booklet on " + sheet->id + " paper: its papers.yaml entry (" +
                                          sheet->mark.str() + ") gives no booklet_page, the paper of the pages "
                                          "a sheet of it folds into");
      continue;
    }
    const Paper* page = t.find_paper(sheet->booklet_page);
    if (!page) {
      d.error(sheet->mark, "paper '" + sheet->id + "': its booklet_page '" + sheet->booklet_page +
                               "' is not a paper" + did_you_mean(sheet->booklet_page, t.paper_names()));
      continue;
    }
    const BookletLayout bl =
        layout_booklet(*p.booklet, page->width.pt, page->height.pt, *p.measurer, p.hyphenator.get(), d);
    const Booklet& b = *p.booklet;
    const Imposition imposition = impose_saddle_stitch(static_cast<int>(bl.pages.size()), bl.width, bl.height,
                                                       sheet->height.pt, sheet->width.pt, {b.creep, b.right_bound});
    if (!imposition.error.empty()) {
      d.error(p.game.booklet->mark, "cannot impose the booklet: " + imposition.error);
      continue;
    }
    const auto& sides = imposition.sides;
    PlannedOutput pages = reading_order(p, bl, *page);
    PlannedOutput sheets = imposed(p, bl, sides, *sheet, pages.file, printer);
    out.push_back(std::move(pages));
    out.push_back(std::move(sheets));
  }
  return out;
}

}  // namespace cardstock
