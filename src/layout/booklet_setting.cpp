// Setting a booklet's blocks: each hyphenated and measured, then cut into the pieces
// pagination moves, with the rules for where a page may break between them.
#include <algorithm>

#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

Prepared prepare_block(const BookletFrame& f, const Block& blk) {
  Prepared p;
  p.block = &blk;
  switch (blk.kind) {
    case BlockKind::Heading: {
      const TextStyle& st = blk.level == 1 ? f.s.h1 : f.s.h2;
      p.text = blk.text;
      p.height = f.text_h(p.text, st, f.area_w) + (blk.level == 1 ? 5 : 2);
      p.before = blk.level == 1 ? 16 : 10;
      p.after = blk.level == 1 ? 5 : 3;
      break;
    }
    case BlockKind::Paragraph:
      p.text = f.hyph(blk.text);
      p.lines = f.m.line_heights(p.text, f.s.body, f.area_w - f.hang);
      p.before = p.after = 5;
      break;
    case BlockKind::Bullet:
    case BlockKind::Numbered:
      p.text = f.hyph(blk.text);
      p.lines = f.m.line_heights(p.text, f.s.body, f.area_w - kListIndent - f.hang);
      p.before = 5;
      p.after = 5;
      break;
    case BlockKind::Callout: {
      const double w = f.area_w - 2 * kCalloutPad - kCalloutBar - f.hang;
      p.height = 2 * kCalloutPad;
      for (size_t i = 0; i < blk.paragraphs.size(); ++i) {
        p.paragraphs.push_back(f.hyph(blk.paragraphs[i]));
        p.para_heights.push_back(f.text_h(p.paragraphs.back(), f.s.callout, w));
        p.height += p.para_heights.back() + (i ? 4 : 0);
      }
      p.before = p.after = 9;
      break;
    }
    case BlockKind::Table: prepare_table(f, p); break;
    case BlockKind::Figure: prepare_figure(f, p); break;
    case BlockKind::PageBreak: break;
  }
  return p;
}

namespace {

// A paragraph or list item, a piece a line, where `gap` is the space before its first.
void cut_lines(size_t i, const Prepared& p, double gap, std::vector<Piece>& out) {
  const int n = static_cast<int>(p.lines.size());
  for (int k = 0; k < n; ++k) {
    // A page may break after line k+1 only if it leaves two lines on each side.
    const bool breakable = k + 1 >= 2 && n - (k + 1) >= 2;
    out.push_back({i, k, p.lines[k], k == 0 ? gap : 0, k + 1 < n && !breakable, false});
  }
}

// A table: whole if it fits a page, else a piece a row with the header kept with the
// first row, the caption with the last.
void cut_table(size_t i, const Prepared& p, double before, double area_h, std::vector<Piece>& out) {
  if (p.height <= area_h) {
    out.push_back({i, -1, p.height, before, false, false});
    return;
  }
  for (size_t r = 0; r < p.row_heights.size(); ++r) {
    const bool last = r + 1 == p.row_heights.size();
    out.push_back({i, static_cast<int>(r), p.row_heights[r] + (last ? p.caption_h : 0), r == 0 ? before : 0,
                   r == 0, false});
  }
}

}  // namespace

std::vector<Piece> cut_pieces(const std::vector<Prepared>& prepared, double area_h) {
  std::vector<Piece> out;
  for (size_t i = 0; i < prepared.size(); ++i) {
    const Prepared& p = prepared[i];
    const double before = i == 0 ? 0 : std::max(prepared[i - 1].after, p.before);
    switch (p.block->kind) {
      case BlockKind::PageBreak: out.push_back({i, 0, 0, 0, false, true}); break;
      case BlockKind::Heading: out.push_back({i, 0, p.height, before, true, false}); break;
      case BlockKind::Paragraph:
      case BlockKind::Bullet:
      case BlockKind::Numbered: {
        // Items of one list sit closer together than paragraphs.
        double gap = before;
        const bool item = p.block->kind != BlockKind::Paragraph;
        if (item && i > 0 && prepared[i - 1].block->kind == p.block->kind) gap = 3;
        cut_lines(i, p, gap, out);
        break;
      }
      case BlockKind::Table: cut_table(i, p, before, area_h, out); break;
      default: out.push_back({i, -1, p.height, before, false, false});
    }
  }
  return out;
}

}  // namespace cardstock::booklet_impl
