// Planner of SVG cut files: beside the sheets of a deck on a print-then-cut stock, the
// outline of every card of its first front page and the machine's registration marks, on
// a page of the PDF's size, for the cutting machine's software.
#include <sstream>

#include "plan/plan.h"
#include "model/enums.h"
#include "plan/manifest.h"

namespace cardstock {

std::optional<PlannedOutput> plan_cut_file(const PreparedGame& p, size_t deck, const Stock& stock,
                                           const SheetLayout& sheets, const std::string& pdf) {
  const Deck& dk = p.game.decks[deck];
  const Page* first = nullptr;
  for (const Page& page : sheets.pages)
    if (!page.back) {
      first = &page;
      break;
    }
  if (!first) return std::nullopt;
  PlannedOutput o;
  o.file = pdf.substr(0, pdf.size() - 4) + "-cut.svg";
  o.format = OutputFormat::SvgCut;
  o.mark = dk.mark;
  o.origin = "the cut file of deck '" + dk.id + "' on stock '" + stock.id + "'";
  o.width = sheets.width;
  o.height = sheets.height;
  // Every full sheet has the first one's cards in the same places; a last, shorter sheet
  // holds a subset of them.
  PlannedPage page{sheets.width, sheets.height, whole_page_boxes(sheets.width, sheets.height), {}};
  std::vector<Placement> fronts;
  for (const Placement& pl : first->placements)
    if (!pl.back) {
      fronts.push_back(pl);
      page.art.cards.push_back({nullptr, pl.trim, pl.bleed, pl.rotation, dk.card.shape, 1, 0, dk.card.radius.pt});
    }
  page.art.registration = first->registration;
  o.pages.push_back(std::move(page));
  o.manifest.kind = OutputKind::CutFile;
  o.manifest.deck = dk.id;
  o.manifest.stock = stock.id;
  o.manifest.paper = stock.paper.id;
  o.manifest.extra = ", \"for\": " + json_quote(pdf) + ", \"cutter\": \"" +
                     std::string(enum_name(kCutterNames, stock.cutter)) + "\", \"svg_units\": \"mm\"";
  const std::vector<CardInstance> instances = expand_instances(dk);
  const std::vector<RegMark> marks = first->registration;
  const std::string shape(enum_name(kShapeNames, dk.card.shape));
  const double radius = dk.card.shape == Shape::Rect ? dk.card.radius.pt : 0;
  o.manifest.pages = [&p, deck, instances, fronts, marks, shape, radius](std::ostream& to) {
    const Deck& d = p.game.decks[deck];
    to << "\n      {\"page\": 1, \"outlines\": [";
    for (size_t j = 0; j < fronts.size(); ++j) {
      const CardInstance& in = instances.at(fronts[j].slot);
      to << (j ? "," : "") << "\n        {\"path\": \"cut-" << j + 1 << "\", \"id\": " << json_quote(d.cards[in.card].id)
         << ", \"copy\": " << in.copy << ", \"shape\": \"" << shape << "\", \"rect\": " << json_rect(fronts[j].trim)
         << ", \"radius\": " << json_number(radius) << "}";
    }
    to << (fronts.empty() ? "" : "\n      ") << "], \"registration\": " << registration_json(marks) << "}";
  };
  o.weight = 1;
  return o;
}

}  // namespace cardstock
