// The pages before the body: the cover and, for a long booklet, the contents.
#include <algorithm>

#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

namespace {

// The cover cards in a row straddling the foot of the title band, each with a shadow;
// returns the foot of the row.
double cover_cards(const BookletFrame& f, double band, double tw, BookletPage& page) {
  const auto& cards = f.b.cover;
  double sum_w = 0, max_h = 0;
  for (const auto& c : cards) {
    sum_w += c.width;
    max_h = std::max(max_h, c.height);
  }
  const double gap = 12;
  const double scale = std::min({1.0, (tw - gap * (cards.size() - 1)) / sum_w, f.h * 0.36 / max_h});
  double x = (f.w - (sum_w * scale + gap * (cards.size() - 1))) / 2;
  const double top = band - max_h * scale * 0.45;
  for (const auto& c : cards) {
    const Rect trim{x, top + (max_h - c.height) * scale / 2, c.width * scale, c.height * scale};
    if (c.shape == Shape::Rect)
      page.underlay.push_back(
          rect_item({trim.x + 2, trim.y + 2, trim.w, trim.h}, Color{0, 0, 0, 0.18}, kNone, 0, 3 * scale));
    page.cards.push_back({c, trim, scale});
    x += trim.w + gap;
  }
  return top + max_h * scale;
}

// What the game's files print, from `y` down, so a teacher sees at a glance what the
// booklet is for; stops above the foot margin.
void cover_parts(const BookletFrame& f, double y, double side, BookletPage& page) {
  TextStyle num = f.s.cell;
  num.size = 9;
  num.bold = true;
  num.align = Align::Right;
  TextStyle name = f.s.cell;
  name.size = 9;
  const double line = f.text_h("0", num, 100) + 2;
  const double col = f.w / 2 - 40;
  page.items.push_back(line_item(f.w / 2 - 60, y - 8, f.w / 2 + 60, y - 8, kLight, 0.5));
  for (const auto& [part, n] : f.b.parts) {
    if (y + line > f.h - f.mg.bottom - 4) break;
    page.items.push_back(text_item(std::to_string(n), num, {col - 40, y, 34, line}, f.s.accent));
    page.items.push_back(text_item(markup_escape(part), name, {col, y, f.w - col - side, line}, kInk));
    page.items.back().source = f.b.mark;
    y += line;
  }
}

}  // namespace

BookletPage cover_page(const BookletFrame& f) {
  const Booklet& b = f.b;
  BookletPage page;
  page.number = 1;
  page.role = "cover";
  const double band = f.h * 0.42;
  // The band stops at the quarter inch printers leave unprinted: a band to the paper's
  // edge would print with a ragged white rim, and the fold marks would cross it.
  const double m = kBookletPrintMargin;
  page.band = {m, m, f.w - 2 * m, band - m};
  page.underlay.push_back(rect_item(page.band, f.s.accent));
  const double side = f.mg.outer;
  const double tw = f.w - 2 * side;
  const double title_h = f.text_h(markup_escape(b.title), f.s.cover_title, tw);
  const double title_y = f.h * 0.09;
  page.items.push_back(text_item(markup_escape(b.title), f.s.cover_title, {side, title_y, tw, title_h}, kWhite));
  if (!b.subtitle.empty()) {
    const double sh = f.text_h(markup_escape(b.subtitle), f.s.cover_sub, tw);
    page.items.push_back(
        text_item(markup_escape(b.subtitle), f.s.cover_sub, {side, title_y + title_h + 8, tw, sh}, kWhite));
  }
  const double below = b.cover.empty() ? band + 30 : cover_cards(f, band, tw, page) + 26;
  for (auto& it : page.items) it.source = b.mark;  // title and subtitle: the game file's
  page.items.push_back(text_item("Rule booklet", f.s.cover_line, {side, below, tw, 18}, f.s.accent));
  if (!b.parts.empty()) cover_parts(f, below + 30, side, page);
  TextStyle small = f.s.caption;
  page.items.push_back(text_item("Print-and-play edition", small, {side, f.h - f.mg.bottom, tw, 14}, kGrey));
  return page;
}

BookletPage contents_page(const BookletFrame& f, const Contents& entries) {
  BookletPage page;
  page.number = 2;
  page.role = "contents";
  page.text_area = f.area_of(2);
  const Rect& a = page.text_area;
  const double th = f.text_h("Contents", f.s.h1, a.w);
  page.items.push_back(text_item("Contents", f.s.h1, {a.x, a.y, a.w, th}, f.s.accent));
  page.items.push_back(line_item(a.x, a.y + th + 2, a.right(), a.y + th + 2, f.s.accent, 0.8));
  double y = a.y + th + 14;
  TextStyle name = f.s.body;
  name.align = Align::Left;
  TextStyle num = f.s.body;
  num.align = Align::Right;
  num.bold = true;
  for (const auto& [title, pg] : entries) {
    const double eh = f.text_h(markup_escape(title), name, a.w - 40);
    page.items.push_back(text_item(markup_escape(title), name, {a.x, y, a.w - 40, eh}, kInk));
    page.items.push_back(text_item(std::to_string(pg), num, {a.right() - 40, y, 40, eh}, f.s.accent));
    page.items.push_back(line_item(a.x, y + eh + 3, a.right(), y + eh + 3, kLight, 0.4));
    y += eh + 8;
  }
  return page;
}

}  // namespace cardstock::booklet_impl
