// table: a table (answer keys, data tables) set on pages: title, header row and striped
// rows, in the largest type that keeps it to the fewest pages.
#include <algorithm>

#include "layout/layout.h"

namespace cardstock {

namespace {

constexpr double kCellPad = 4;

// A table being set at one size: its styles, colours and column widths, and the pages
// made so far (the last one filled down to `y`).
struct TableSetting {
  const TableSpec& t;
  const TextMeasurer& m;
  double margin = 0, avail_w = 0;
  TextStyle body, head, title;
  Color ink = *parse_color("#222222"), stripe = *parse_color("#eef1f6"), head_bg = *parse_color("#2b3a55"),
        white = *parse_color("#ffffff"), none{0, 0, 0, 0, true};
  std::vector<double> widths;
  std::vector<std::vector<ArtItem>> pages;
  double y = 0;

  TableSetting(const TableSpec& spec, double size, double page_w, double page_margin, const TextMeasurer& measurer);
  double row_h(const std::vector<std::string>& cells, const TextStyle& st) const;
  void add_row(const std::vector<std::string>& cells, const TextStyle& st, const Color& bg, const Color& fg);
  // Starts a page: the title (and on the first the subtitle, on the others
  // "(continued)"), then the header row.
  void new_page();
};

TableSetting::TableSetting(const TableSpec& spec, double size, double page_w, double page_margin,
                           const TextMeasurer& measurer)
    : t(spec),
      m(measurer),
      margin(page_margin),
      avail_w(page_w - 2 * page_margin),
      body{spec.font, false, false, size, Align::Left, false, false, 1, {}},
      head(body),
      title{spec.font, true, false, 16, Align::Left, false, false, 1, {}} {
  head.bold = true;
  const size_t ncol = t.header.size();
  // Natural column widths: the widest cell, unwrapped.
  widths.assign(ncol, 0);
  for (size_t c = 0; c < ncol; ++c) {
    widths[c] = m.measure(t.header[c], head, 1e6).width + 2 * kCellPad;
    for (const auto& row : t.rows)
      if (c < row.size()) widths[c] = std::max(widths[c], m.measure(row[c], body, 1e6).width + 2 * kCellPad);
  }
  double total = 0;
  for (double w : widths) total += w;
  // Spread spare width evenly, or squeeze proportionally (cells then wrap).
  for (double& w : widths) w = total > avail_w ? w * avail_w / total : w + (avail_w - total) / ncol;
}

double TableSetting::row_h(const std::vector<std::string>& cells, const TextStyle& st) const {
  double h = 0;
  for (size_t c = 0; c < widths.size(); ++c)
    h = std::max(h, m.measure(c < cells.size() ? cells[c] : "", st, widths[c] - 2 * kCellPad).height);
  return h + 2 * kCellPad / 2;
}

void TableSetting::add_row(const std::vector<std::string>& cells, const TextStyle& st, const Color& bg,
                           const Color& fg) {
  std::vector<ArtItem>& items = pages.back();
  const double h = row_h(cells, st);
  ArtItem band;
  band.type = LayerType::Rect;
  band.box = {margin, y, avail_w, h};
  band.fill = bg;
  band.stroke = none;
  if (!bg.none) items.push_back(band);
  double x = margin;
  for (size_t c = 0; c < widths.size(); ++c) {
    ArtItem cell;
    cell.type = LayerType::Text;
    cell.text = c < cells.size() ? cells[c] : "";
    cell.style = st;
    cell.color = fg;
    cell.box = {x + kCellPad, y + kCellPad / 2, widths[c] - 2 * kCellPad, h - kCellPad};
    if (!cell.text.empty()) items.push_back(cell);
    x += widths[c];
  }
  y += h;
}

void TableSetting::new_page() {
  pages.emplace_back();
  std::vector<ArtItem>& items = pages.back();
  y = margin;
  ArtItem ti;
  ti.type = LayerType::Text;
  ti.text = pages.size() == 1 ? t.title : t.title + " (continued)";
  ti.style = title;
  ti.color = ink;
  ti.box = {margin, y, avail_w, m.measure(ti.text, title, avail_w).height};
  items.push_back(ti);
  y += ti.box.h + 2;
  if (pages.size() == 1 && !t.subtitle.empty()) {
    ArtItem st = ti;
    st.text = t.subtitle;
    st.style = body;
    st.style.italic = true;
    st.box = {margin, y, avail_w, m.measure(t.subtitle, st.style, avail_w).height};
    items.push_back(st);
    y += st.box.h;
  }
  y += 6;
  add_row(t.header, head, head_bg, white);
}

// The table set at `size` on as many pages as its rows need: the title (and subtitle) on
// the first page, "(continued)" after the title on the others, the header row on each.
// Sets *overflow if a row is taller than a whole page (it is placed all the same).
std::vector<std::vector<ArtItem>> table_pages(const TableSpec& t, double size, double page_w, double page_h,
                                              double margin, const TextMeasurer& m, bool* overflow) {
  TableSetting s(t, size, page_w, margin, m);
  s.new_page();
  *overflow = false;
  bool row_on_page = false;
  for (size_t r = 0; r < t.rows.size(); ++r) {
    if (row_on_page && s.y + s.row_h(t.rows[r], s.body) > page_h - margin) {
      s.new_page();
      row_on_page = false;
    }
    s.add_row(t.rows[r], s.body, r % 2 ? s.stripe : s.none, s.ink);
    row_on_page = true;
    if (s.y > page_h - margin) *overflow = true;
  }
  return std::move(s.pages);
}

}  // namespace

std::vector<std::vector<ArtItem>> layout_table(const TableSpec& t, double page_w, double page_h, double margin,
                                               const TextMeasurer& m, bool* overflow) {
  // The fewest pages the table takes at the smallest size, then the largest type that
  // keeps it to that many.
  const size_t fewest = table_pages(t, kTableMinSize, page_w, page_h, margin, m, overflow).size();
  for (double size = kTableMaxSize; size > kTableMinSize + 1e-9; size -= 0.5) {
    bool over = false;
    auto pages = table_pages(t, size, page_w, page_h, margin, m, &over);
    if (pages.size() <= fewest && !over) {
      *overflow = false;
      return pages;
    }
  }
  return table_pages(t, kTableMinSize, page_w, page_h, margin, m, overflow);
}

}  // namespace cardstock
