// The shared ground of the booklet steps: drawing items, styles, the page frame.
#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

Color tint(Color c, double a) {
  c.a = a;
  return c;
}

ArtItem text_item(const std::string& markup, const TextStyle& st, const Rect& box, const Color& c, VAlign va) {
  ArtItem it;
  it.type = LayerType::Text;
  it.text = markup;
  it.style = st;
  it.style.markup = true;
  it.box = box;
  it.color = c;
  it.valign = va;
  return it;
}

Styles::Styles(const Booklet& b) : accent(b.accent) {
  auto st = [](const std::string& font, double size, bool bold, bool italic, Align a) {
    TextStyle s;
    s.font = font;
    s.size = size;
    s.bold = bold;
    s.italic = italic;
    s.align = a;
    s.markup = true;
    return s;
  };
  body = st(b.body_font, 10, false, false, Align::Justify);
  bullet = st(b.body_font, 10, false, false, Align::Right);
  h1 = st(b.heading_font, 15, true, false, Align::Left);
  h2 = st(b.heading_font, 11.5, true, false, Align::Left);
  callout = st(b.body_font, 9.5, false, false, Align::Justify);
  cell = st(b.heading_font, 8.5, false, false, Align::Left);
  cell_head = st(b.heading_font, 8.5, true, false, Align::Left);
  caption = st(b.body_font, 8.5, false, true, Align::Center);
  label = st(b.heading_font, 8.5, true, false, Align::Left);
  head = st(b.heading_font, 7.5, false, false, Align::Left);
  folio = st(b.heading_font, 8.5, true, false, Align::Left);
  cover_title = st(b.heading_font, 30, true, false, Align::Center);
  cover_sub = st(b.body_font, 12, false, true, Align::Center);
  cover_line = st(b.heading_font, 12, true, false, Align::Center);
  // A right-to-left booklet sets every text from the right; its pages are laid out as
  // left-to-right ones and then mirrored (mirror_items), which swaps the alignments.
  for (TextStyle* s : {&body, &h1, &h2, &callout, &cell, &cell_head, &caption, &label, &head, &folio, &cover_title,
                       &cover_sub, &cover_line, &bullet})
    s->rtl = b.rtl;
}

bool BookletFrame::spine_left(int number) const { return (number % 2 == 1) != b.right_bound; }

void mirror_items(BookletPage& page, double cx, size_t first_item) {
  auto flip = [cx](Rect& r) { r.x = 2 * cx - r.x - r.w; };
  for (ArtItem& it : page.underlay) flip(it.box);
  for (size_t k = first_item; k < page.items.size(); ++k) {
    ArtItem& it = page.items[k];
    flip(it.box);
    if (it.style.align == Align::Left)
      it.style.align = Align::Right;
    else if (it.style.align == Align::Right)
      it.style.align = Align::Left;
  }
  for (PlacedCard& c : page.cards) flip(c.trim);
}

BookletFrame::BookletFrame(const Booklet& b, double w, double h, const TextMeasurer& m, const Hyphenator* hy)
    : b(b), w(w), h(h), m(m), hy(hy), s(b), mg(booklet_margins(w, h)) {
  area_w = w - mg.inner - mg.outer;
  hang = hy ? kHyphenRoom : 0;
  area_h = h - mg.top - mg.bottom;
}

double BookletFrame::text_h(const std::string& t, const TextStyle& st, double w) const {
  return m.measure(t, st, w).height;
}

std::string BookletFrame::hyph(const std::string& markup) const {
  return hy ? hyphenate_markup(markup, *hy) : markup;
}

Rect BookletFrame::area_of(int number) const {
  return {spine_left(number) ? mg.inner : mg.outer, mg.top, area_w, area_h};
}

}  // namespace cardstock::booklet_impl
