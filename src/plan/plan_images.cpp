// Planner of a png stock's output: a folder <deck>-<stock>/ holding one image a card face,
// the card with its bleed at the stock's dpi, named so that the files sort in deck order
// and say which side they show ("003-hammurabi-front.png").
#include <cmath>

#include "plan/plan.h"
#include "layout/card_pages.h"
#include "plan/manifest.h"

namespace cardstock {

std::string image_file_name(size_t number, size_t count, const std::string& id, long copy, bool back) {
  // Zero-padded to the widest number (at least three digits), so the names sort as the
  // cards come.
  std::string n = std::to_string(number);
  const size_t width = std::max<size_t>(3, std::to_string(count).size());
  if (n.size() < width) n.insert(0, width - n.size(), '0');
  return n + "-" + id + (copy > 1 ? "-copy" + std::to_string(copy) : "") + (back ? "-back" : "-front") + ".png";
}

PlannedOutput plan_images(const PreparedGame& p, size_t deck, const Stock& stock, bool backs) {
  const Deck& d = p.game.decks[deck];
  PlannedOutput o = deck_output(d, stock, d.id + "-" + stock.id, OutputKind::Images);
  o.format = OutputFormat::Png;
  const std::vector<CardInstance> instances = expand_instances(d);
  SheetLayout pages = layout_card_pages(stock, d.card, instances.size(), backs);
  const CardPage cp = card_page(stock, d.card);
  const int w = static_cast<int>(std::lround(cp.width / 72 * stock.dpi));
  const int h = static_cast<int>(std::lround(cp.height / 72 * stock.dpi));
  for (const Page& pg : pages.pages) {
    const size_t slot = pg.placements.at(0).slot;
    const CardInstance& in = instances.at(slot);
    o.page_files.push_back(image_file_name(slot + 1, instances.size(), d.cards[in.card].id, in.copy, pg.back));
    o.page_pixels.push_back({w, h});
  }
  o.dpi = stock.dpi;
  o.manifest.extra = ", \"format\": \"png\", \"dpi\": " + std::to_string(stock.dpi) + ", \"pixels\": [" +
                     std::to_string(w) + ", " + std::to_string(h) + "]";
  sheet_output(p, deck, std::move(pages), {}, &o, &cp.boxes, true);
  o.weight = pages_weight(o.pages, kImageWeight);
  return o;
}

}  // namespace cardstock
