// Drawing the blocks placed on a body page: headings, the lines of paragraphs and list
// items that fell on the page, callouts; tables and figures in their own files.
#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

namespace {

// The part of a block that fell on a page: pieces `first`..`last` (their `part`s), the
// first at `top`, in text area `a`.
struct Span {
  int first, last;
  double top;
  Rect a;
};

void draw_heading(const BookletFrame& f, const Prepared& p, const Span& sp, BookletPage& page) {
  const Block& blk = *p.block;
  const Rect& a = sp.a;
  const TextStyle& st = blk.level == 1 ? f.s.h1 : f.s.h2;
  const double th = p.height - (blk.level == 1 ? 5 : 2);
  page.items.push_back(text_item(p.text, st, {a.x, sp.top, a.w, th}, f.s.accent));
  if (blk.level == 1)
    page.items.push_back(line_item(a.x, sp.top + th + 2, a.right(), sp.top + th + 2, f.s.accent, 0.8));
}

// The lines of a paragraph or list item on this page (the whole text, drawn from its
// first line to its last), and a list item's bullet or number beside its first line.
void draw_lines(const BookletFrame& f, const Prepared& p, const Span& sp, BookletPage& page) {
  const Block& blk = *p.block;
  const Rect& a = sp.a;
  double hsum = 0;
  for (int k = sp.first; k <= sp.last; ++k) hsum += p.lines[k];
  const bool item = blk.kind != BlockKind::Paragraph;
  const double x = a.x + (item ? kListIndent : 0);
  ArtItem t = text_item(p.text, f.s.body, {x, sp.top, a.right() - x - f.hang, hsum}, kInk);
  const bool whole = sp.first == 0 && sp.last + 1 == static_cast<int>(p.lines.size());
  if (!whole) {
    t.first_line = sp.first;
    t.line_count = sp.last - sp.first + 1;
  }
  page.items.push_back(t);
  if (item && sp.first == 0) {
    const std::string mark = blk.kind == BlockKind::Bullet ? "\u2022" : markup_escape(blk.number);
    TextStyle bs = f.s.bullet;
    if (blk.kind == BlockKind::Bullet) bs.bold = true;
    page.items.push_back(text_item(mark, bs, {a.x - 4, sp.top, kListIndent - 1, p.lines[0]},
                                   blk.kind == BlockKind::Bullet ? f.s.accent : kInk));
  }
}

// A tinted box with a bar down its left edge, its paragraphs inside.
void draw_callout(const BookletFrame& f, const Prepared& p, const Span& sp, BookletPage& page) {
  const Rect& a = sp.a;
  page.items.push_back(rect_item({a.x, sp.top, a.w, p.height}, tint(f.s.accent, 0.08)));
  page.items.push_back(rect_item({a.x, sp.top, kCalloutBar, p.height}, f.s.accent));
  double y = sp.top + kCalloutPad;
  const double x = a.x + kCalloutBar + kCalloutPad;
  const double w = a.w - 2 * kCalloutPad - kCalloutBar - f.hang;
  for (size_t k = 0; k < p.paragraphs.size(); ++k) {
    page.items.push_back(text_item(p.paragraphs[k], f.s.callout, {x, y, w, p.para_heights[k]}, kInk));
    y += p.para_heights[k] + 4;
  }
}

void draw_block(const BookletFrame& f, const Prepared& p, const Span& sp, BookletPage& page) {
  switch (p.block->kind) {
    case BlockKind::Heading: draw_heading(f, p, sp, page); break;
    case BlockKind::Paragraph:
    case BlockKind::Bullet:
    case BlockKind::Numbered: draw_lines(f, p, sp, page); break;
    case BlockKind::Callout: draw_callout(f, p, sp, page); break;
    case BlockKind::Table: {
      // A table that fits a page is one piece (part -1): all its rows.
      const int r0 = sp.first < 0 ? 0 : sp.first;
      const int r1 = sp.first < 0 ? static_cast<int>(p.row_heights.size()) - 1 : sp.last;
      draw_table(f, p, r0, r1, sp.a.x, sp.top, page);
      break;
    }
    case BlockKind::Figure: draw_figure(f, p, sp.a, sp.top, page); break;
    case BlockKind::PageBreak: break;
  }
}

}  // namespace

void draw_body(const BookletFrame& f, const std::vector<Prepared>& prepared, const std::vector<Piece>& pieces,
               const std::vector<Placed>& placed, BookletPage& page) {
  const Rect& a = page.text_area;
  size_t i = 0;
  while (i < placed.size()) {
    const Piece& pc = pieces[placed[i].piece];
    const Prepared& p = prepared[pc.block];
    size_t j = i + 1;
    while (j < placed.size() && pieces[placed[j].piece].block == pc.block) ++j;
    const size_t first_item = page.items.size();
    draw_block(f, p, {pc.part, pieces[placed[j - 1].piece].part, a.y + placed[i].y, a}, page);
    for (size_t k = first_item; k < page.items.size(); ++k) page.items[k].source = p.block->mark;
    i = j;
  }
}

}  // namespace cardstock::booklet_impl
