// Tables in a booklet: columns sized to their content within the text area, rows
// measured, and drawn with a header band, banded rows, a closing rule and caption.
#include <algorithm>
#include <cctype>

#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

namespace {

// Numbers (scores, ranges, times) are centred in their column.
bool numeric(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != '+' && c != ' ' && c != ':')
      return false;
  return true;
}

// The style of cell (r, c) of a table (row 0 is the header): `base`, with the icons the
// cell's text shows.
TextStyle cell_style(const Block& blk, size_t r, size_t c, const TextStyle& base) {
  TextStyle st = base;
  if (auto it = blk.cell_icons.find({r, c}); it != blk.cell_icons.end()) st.icons = it->second;
  return st;
}

// Column widths filling `area_w`. Columns narrower than a fair share keep their natural
// width; the others share what is left in proportion to their natural widths. Spare
// width goes to all.
std::vector<double> column_widths(const BookletFrame& f, const Block& blk) {
  const size_t cols = blk.header.size();
  std::vector<double> natural(cols, 0);
  auto widen = [&](const std::vector<std::string>& row, size_t r, const TextStyle& st) {
    for (size_t c = 0; c < cols && c < row.size(); ++c)
      natural[c] = std::max(natural[c], f.m.measure(row[c], cell_style(blk, r, c, st), 1e6).width + 2 * kCellPadX);
  };
  widen(blk.header, 0, f.s.cell_head);
  for (size_t r = 0; r < blk.rows.size(); ++r) widen(blk.rows[r], r + 1, f.s.cell);
  std::vector<double> w = natural;
  double total = 0;
  for (double v : natural) total += v;
  if (total <= f.area_w) {
    for (auto& v : w) v += (f.area_w - total) * (v / total);
  } else {
    double fixed = 0, flexible = 0;
    const double fair = f.area_w / cols;
    for (double v : natural) (v <= fair ? fixed : flexible) += v;
    for (auto& v : w)
      if (v > fair) v = (f.area_w - fixed) * (v / flexible);
  }
  return w;
}

}  // namespace

void prepare_table(const BookletFrame& f, Prepared& p) {
  const Block& blk = *p.block;
  const size_t cols = blk.header.size();
  p.col_widths = column_widths(f, blk);
  const std::vector<double>& w = p.col_widths;
  auto row_h = [&](const std::vector<std::string>& row, size_t r, const TextStyle& st) {
    double hmax = 0;
    for (size_t c = 0; c < cols && c < row.size(); ++c)
      hmax = std::max(hmax, f.text_h(row[c], cell_style(blk, r, c, st), w[c] - 2 * kCellPadX));
    return hmax + 2 * kCellPadY;
  };
  p.row_heights.push_back(row_h(blk.header, 0, f.s.cell_head));
  for (size_t r = 0; r < blk.rows.size(); ++r) p.row_heights.push_back(row_h(blk.rows[r], r + 1, f.s.cell));
  p.caption_h = blk.caption.empty() ? 0 : kCaptionGap + f.text_h(blk.caption, f.s.caption, f.area_w);
  p.height = p.caption_h;
  for (double v : p.row_heights) p.height += v;
  p.before = p.after = 9;
}

void draw_table(const BookletFrame& f, const Prepared& p, int r0, int r1, double x0, double top,
                BookletPage& page) {
  const Block& blk = *p.block;
  double y = top;
  const double total_w = [&] {
    double t = 0;
    for (double v : p.col_widths) t += v;
    return t;
  }();
  for (int r = r0; r <= r1; ++r) {
    const bool header = r == 0;
    const auto& cells = header ? blk.header : blk.rows[r - 1];
    const double rh = p.row_heights[r];
    if (header) page.items.push_back(rect_item({x0, y, total_w, rh}, f.s.accent));
    else if (r % 2 == 0) page.items.push_back(rect_item({x0, y, total_w, rh}, tint(f.s.accent, 0.08)));
    double x = x0;
    for (size_t c = 0; c < cells.size() && c < p.col_widths.size(); ++c) {
      TextStyle st = cell_style(blk, static_cast<size_t>(r), c, header ? f.s.cell_head : f.s.cell);
      if (!header && numeric(cells[c])) st.align = Align::Center;
      // A header centres over a column of numbers.
      if (header && c > 0 && !blk.rows.empty() && numeric(blk.rows[0][c])) st.align = Align::Center;
      page.items.push_back(text_item(cells[c], st,
                                     {x + kCellPadX, y + kCellPadY, p.col_widths[c] - 2 * kCellPadX,
                                      rh - 2 * kCellPadY},
                                     header ? kWhite : kInk));
      x += p.col_widths[c];
    }
    y += rh;
  }
  if (r1 + 1 == static_cast<int>(p.row_heights.size())) {
    page.items.push_back(line_item(x0, y, x0 + total_w, y, f.s.accent, 0.6));
    if (!blk.caption.empty())
      page.items.push_back(text_item(blk.caption, f.s.caption,
                                     {x0, y + kCaptionGap, total_w, p.caption_h - kCaptionGap}, kGrey));
  }
}

}  // namespace cardstock::booklet_impl
