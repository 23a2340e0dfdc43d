#include "layout/booklet_layout.h"

#include <algorithm>
#include <cmath>

#include "base/text_check.h"
#include "layout/booklet_pieces.h"

namespace cardstock {

BookletMargins booklet_margins(double w, double h) {
  // Tuned on half-Letter (396 x 612 pt) and scaled, so A5 keeps the same proportions.
  const double k = std::min(w / 396.0, h / 612.0);
  return {42 * k, 46 * k, 44 * k, 34 * k};
}

BookletLayout layout_booklet(const Booklet& b, double page_w, double page_h, const TextMeasurer& m,
                             const Hyphenator* h, Diagnostics& d) {
  using namespace booklet_impl;
  const BookletFrame f(b, page_w, page_h, m, h);
  std::vector<Prepared> prepared;
  for (const auto& blk : b.blocks) prepared.push_back(prepare_block(f, blk));
  const std::vector<Piece> pieces = cut_pieces(prepared, f.area_h);
  // Lay the body out once after the cover; if the booklet is long, again after a
  // contents page (page parity, and so the margins, shift by one).
  BookletLayout out = paginate(f, prepared, pieces, false, d);
  if (static_cast<int>(out.pages.size()) > kContentsAfterPages) out = paginate(f, prepared, pieces, true, d);
  report_booklet_font_issues(b, m, out, d);
  return out;
}

int padded_page_count(int pages) { return std::max(4, (pages + 3) / 4 * 4); }

std::vector<SheetSide> saddle_stitch_sides(int pages) {
  const int n = padded_page_count(pages);
  std::vector<SheetSide> out;
  // Sheet s (0-based, outermost first) carries pages n-2s and 2s+1 on its front and
  // 2s+2 and n-2s-1 on its back, which lands behind them when turned on the short edge.
  for (int s = 0; s < n / 4; ++s) {
    out.push_back({n - 2 * s, 2 * s + 1, false});
    out.push_back({2 * s + 2, n - 2 * s - 1, true});
  }
  return out;
}

Imposition impose_saddle_stitch(int pages, double page_w, double page_h, double sheet_w, double sheet_h,
                                const ImposeOptions& opt) {
  if (2 * page_w > sheet_w + 0.01 || page_h > sheet_h + 0.01)
    return {{},
            "two " + format_number(page_w) + " x " + format_number(page_h) + " pt pages do not fit across a " +
                format_number(sheet_w) + " x " + format_number(sheet_h) + " pt sheet"};
  const double cx = sheet_w / 2, y = (sheet_h - page_h) / 2;
  std::vector<ImposedSide> out;
  const auto sides = saddle_stitch_sides(pages);
  for (size_t k = 0; k < sides.size(); ++k) {
    ImposedSide is;
    is.side = sides[k];
    if (opt.right_bound) std::swap(is.side.left, is.side.right);
    const double shift = static_cast<double>(k / 2) * opt.creep;
    is.left = {cx - page_w + shift, y, page_w, page_h};
    is.right = {cx - shift, y, page_w, page_h};
    if (!is.side.back) {
      // Inside the printable area (from a quarter inch in), short enough to miss the text.
      const double m = kBookletPrintMargin, len = 14;
      is.folds.push_back({cx, m, cx, m + len, CutKind::Fold});
      is.folds.push_back({cx, sheet_h - m - len, cx, sheet_h - m, CutKind::Fold});
    }
    out.push_back(is);
  }
  return {out, ""};
}

Rect field_anchor(const Design& design, const CardArt& art, const std::string& field) {
  for (const auto& it : art.items) {
    if (it.layer < 0 || static_cast<size_t>(it.layer) >= design.layers.size()) continue;
    const Layer& l = design.layers[it.layer];
    for (const std::string* t : {&l.text, &l.src, &l.fill, &l.color, &l.stroke}) {
      const auto f = template_fields(*t);
      if (std::find(f.begin(), f.end(), field) != f.end()) return it.box;
    }
  }
  return {};
}

}  // namespace cardstock
