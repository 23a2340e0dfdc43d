// sheets: cards laid out on sheets (grid, honeycomb, fold-over), their cut guides and
// backs, the printers' margin check and a printer profile's correction of back pages.
#include <algorithm>
#include <cmath>
#include <limits>

#include "layout/cutter.h"
#include "layout/layout.h"

namespace cardstock {

bool Rect::contains(const Rect& o, double eps) const {
  return o.x >= x - eps && o.y >= y - eps && o.right() <= right() + eps &&
         o.bottom() <= bottom() + eps;
}

namespace {

struct Grid {
  double cw = 0, ch = 0;  // footprint of one card on the page
  double x0 = 0, y0 = 0;  // top-left of the grid (a fold-over stock's: of its fronts)
  double gw = 0, gh = 0;  // grid size (fronts only)
  double gutter = 0, row_gutter = 0;
  double bleed_x = 0, bleed_y = 0;  // bleed on the grid's outer sides
  double fold_bleed = 0;            // fold-over: bleed on the side of the fold line
};

bool folds(const Stock& s) { return s.kind == StockKind::Foldover; }

Grid make_grid(const Stock& s) {
  Grid g;
  const bool turned = s.rotate == 90;
  g.cw = (turned ? s.card.height : s.card.width).pt;
  g.ch = (turned ? s.card.width : s.card.height).pt;
  g.gutter = s.gutter.pt;
  g.row_gutter = s.row_gutter.pt;
  g.gw = g.cw * s.columns + g.gutter * (s.columns - 1);
  g.gh = g.ch * s.rows + g.row_gutter * (s.rows - 1);
  if (s.packing == Packing::Honeycomb) g.gh = g.ch + 0.75 * g.ch * (s.rows - 1);
  // A fold-over sheet holds the fronts and, across the fold gap, their backs: the two
  // blocks together are centred, so the fold line is the paper's centre line.
  double total_w = g.gw, total_h = g.gh;
  if (folds(s) && s.fold == Fold::Vertical) total_w = 2 * g.gw + s.fold_gap.pt;
  if (folds(s) && s.fold == Fold::Horizontal) total_h = 2 * g.gh + s.fold_gap.pt;
  g.x0 = (s.paper.width.pt - total_w) / 2;
  g.y0 = (s.paper.height.pt - total_h) / 2;
  g.bleed_x = std::min(s.card.bleed.pt, g.x0);
  g.bleed_y = std::min(s.card.bleed.pt, g.y0);
  g.fold_bleed = std::min(s.card.bleed.pt, s.fold_gap.pt / 2);
  return g;
}

// Honeycomb rows alternate: even rows hold `columns` tiles, odd rows one fewer, shifted
// half a tile right, so every tile shares its edges exactly with its neighbours.
struct Slot {
  int col = 0, row = 0;
};

std::vector<Slot> slots_of(const Stock& s) {
  std::vector<Slot> out;
  for (int r = 0; r < s.rows; ++r) {
    const int n = s.packing == Packing::Honeycomb && r % 2 ? s.columns - 1 : s.columns;
    for (int c = 0; c < n; ++c) out.push_back({c, r});
  }
  return out;
}

Placement place(const Stock& s, const Grid& g, int col, int row) {
  Placement p;
  if (s.packing == Packing::Honeycomb) {
    // Neighbours share edges: no bleed between tiles, and none outside either (the
    // knife follows the hex edge; a bleed band would show on the outer tiles only).
    p.trim = {g.x0 + col * g.cw + (row % 2 ? g.cw / 2 : 0), g.y0 + row * 0.75 * g.ch, g.cw, g.ch};
    p.bleed = p.trim;
    return p;
  }
  p.trim = {g.x0 + col * (g.cw + g.gutter), g.y0 + row * (g.ch + g.row_gutter), g.cw, g.ch};
  const double inner_x = std::min(s.card.bleed.pt, g.gutter / 2);
  const double inner_y = std::min(s.card.bleed.pt, g.row_gutter / 2);
  // A fold-over card's bleed towards the fold stops halfway across the fold gap, where
  // its back's begins.
  const bool fold_right = folds(s) && s.fold == Fold::Vertical, fold_below = folds(s) && s.fold == Fold::Horizontal;
  const double left = col == 0 ? g.bleed_x : inner_x;
  const double right = col == s.columns - 1 ? (fold_right ? g.fold_bleed : g.bleed_x) : inner_x;
  const double top = row == 0 ? g.bleed_y : inner_y;
  const double bottom = row == s.rows - 1 ? (fold_below ? g.fold_bleed : g.bleed_y) : inner_y;
  p.bleed = {p.trim.x - left, p.trim.y - top, p.trim.w + left + right, p.trim.h + top + bottom};
  p.rotation = s.rotate;
  return p;
}

std::vector<double> distinct(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  std::vector<double> out;
  for (double x : v)
    if (out.empty() || x - out.back() > 1e-6) out.push_back(x);
  return out;
}

// Every hex edge of the filled slots once: a shared edge between neighbours is one cut,
// and an empty slot's own edges are not cut.
std::vector<CutSegment> hex_cuts(const std::vector<Rect>& trims) {
  std::vector<CutSegment> cuts;
  auto same = [](const CutSegment& a, const CutSegment& b) {
    auto close = [](double u, double v) { return std::fabs(u - v) < 1e-6; };
    return (close(a.x1, b.x1) && close(a.y1, b.y1) && close(a.x2, b.x2) && close(a.y2, b.y2)) ||
           (close(a.x1, b.x2) && close(a.y1, b.y2) && close(a.x2, b.x1) && close(a.y2, b.y1));
  };
  for (const Rect& t : trims) {
    const auto c = hex_corners(t);
    for (size_t i = 0; i < c.size(); ++i) {
      const Point& a = c[i];
      const Point& b = c[(i + 1) % c.size()];
      CutSegment seg{a.x, a.y, b.x, b.y, CutKind::Line};
      bool dup = false;
      for (const auto& e : cuts) dup = dup || same(e, seg);
      if (!dup) cuts.push_back(seg);
    }
  }
  return cuts;
}

// A fold-over sheet's fold line, dashed (CutKind::Fold), along the middle of the fold
// gap and a mark length past the cards at either end, within the printable area.
CutSegment fold_line(const Stock& s, const Grid& g) {
  const double m = s.margin.pt, len = s.mark_length.pt;
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  if (s.fold == Fold::Vertical)
    return {W / 2, std::max(m, g.y0 - len), W / 2, std::min(H - m, g.y0 + g.gh + len), CutKind::Fold};
  return {std::max(m, g.x0 - len), H / 2, std::min(W - m, g.x0 + g.gw + len), H / 2, CutKind::Fold};
}

bool near(double a, double b) { return std::fabs(a - b) < 1e-6; }

// Crop marks at the grid's edges, one pair for each x and y that bounds a card of the
// page (an x or y that bounds only empty slots has nothing to cut). They run from the
// printable edge (the paper's edge less the margin printers cannot print; at most
// mark_length) to just short of the bleed. A fold-over sheet has none on its fold side:
// they would run across the fold into the backs.
void crop_marks(const Stock& s, const Grid& g, const std::vector<double>& xs, const std::vector<double>& ys,
                std::vector<CutSegment>* cuts) {
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  const double len = s.mark_length.pt, m = s.margin.pt;
  const double top_end = g.y0 - g.bleed_y - kMarkGap;
  const double bottom_start = g.y0 + g.gh + g.bleed_y + kMarkGap;
  const double left_end = g.x0 - g.bleed_x - kMarkGap;
  const double right_start = g.x0 + g.gw + g.bleed_x + kMarkGap;
  const bool right = !folds(s) || s.fold != Fold::Vertical, bottom = !folds(s) || s.fold != Fold::Horizontal;
  const double min_len = 2.0;  // shorter marks are no help
  for (double x : xs) {
    if (top_end - std::max(m, top_end - len) >= min_len)
      cuts->push_back({x, std::max(m, top_end - len), x, top_end, CutKind::Mark});
    if (bottom && std::min(H - m, bottom_start + len) - bottom_start >= min_len)
      cuts->push_back({x, bottom_start, x, std::min(H - m, bottom_start + len), CutKind::Mark});
  }
  for (double y : ys) {
    if (left_end - std::max(m, left_end - len) >= min_len)
      cuts->push_back({std::max(m, left_end - len), y, left_end, y, CutKind::Mark});
    if (right && std::min(W - m, right_start + len) - right_start >= min_len)
      cuts->push_back({right_start, y, std::min(W - m, right_start + len), y, CutKind::Mark});
  }
}

// The spans of the line at `at` (an x when `vertical`, else a y) alongside which a card
// lies, on either side: each card's extent along the line, joined across a gutter when
// cards lie on both sides of it, so a full grid's line is one segment from edge to edge
// and a line never runs past the last card into empty slots.
std::vector<std::pair<double, double>> spans_along(const std::vector<Rect>& trims, double at, bool vertical,
                                                   double gap) {
  std::vector<std::pair<double, double>> v;
  for (const Rect& t : trims) {
    const bool touches = vertical ? near(t.x, at) || near(t.right(), at) : near(t.y, at) || near(t.bottom(), at);
    if (touches) v.push_back(vertical ? std::pair{t.y, t.bottom()} : std::pair{t.x, t.right()});
  }
  std::sort(v.begin(), v.end());
  std::vector<std::pair<double, double>> out;
  for (const auto& sp : v)
    if (!out.empty() && sp.first <= out.back().second + gap + 1e-6)
      out.back().second = std::max(out.back().second, sp.second);
    else
      out.push_back(sp);
  return out;
}

// The guides of a page whose filled slots have the trims `trims`: guides that bound no
// card are left out (the empty slots of a last sheet), and a line between cards runs only
// where a card lies on at least one side of it.
std::vector<CutSegment> cut_guides(const Stock& s, const Grid& g, const std::vector<Rect>& trims) {
  if (s.cut == CutStyle::None || trims.empty()) return {};
  if (s.card.shape == Shape::Hex) return hex_cuts(trims);
  std::vector<CutSegment> cuts;
  if (folds(s)) cuts.push_back(fold_line(s, g));
  if (s.card.shape == Shape::Circle) return cuts;
  std::vector<double> xs, ys;
  for (const Rect& t : trims) {
    xs.insert(xs.end(), {t.x, t.right()});
    ys.insert(ys.end(), {t.y, t.bottom()});
  }
  xs = distinct(xs);
  ys = distinct(ys);
  if (s.cut != CutStyle::Lines) crop_marks(s, g, xs, ys, &cuts);
  if (s.cut == CutStyle::Lines || s.cut == CutStyle::Both) {
    // Lines along card edges: all cards of a column share their x edges, so a line
    // never crosses a card, only gutters and edges.
    for (double x : xs)
      for (const auto& [a, b] : spans_along(trims, x, true, g.row_gutter))
        cuts.push_back({x, a, x, b, CutKind::Line});
    for (double y : ys)
      for (const auto& [a, b] : spans_along(trims, y, false, g.gutter))
        cuts.push_back({a, y, b, y, CutKind::Line});
  }
  return cuts;
}

// The back of `p`, where it lands behind it: mirrored across the paper's vertical centre
// line when the sheet turns over (or folds) about a vertical axis, across the horizontal
// one otherwise, and turned so that it reads upright when the card is turned over.
Placement mirror(const Placement& p, const Stock& s) {
  Placement b = p;
  b.back = true;
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  const bool vertical_axis = folds(s) ? s.fold == Fold::Vertical : s.duplex == Duplex::LongEdge;
  if (vertical_axis) {
    b.trim.x = W - p.trim.right();
    b.bleed.x = W - p.bleed.right();
    b.rotation = (360 - p.rotation) % 360;
  } else {
    b.trim.y = H - p.trim.bottom();
    b.bleed.y = H - p.bleed.bottom();
    b.rotation = (540 - p.rotation) % 360;
  }
  return b;
}

}  // namespace

std::vector<Point> hex_corners(const Rect& b) {
  const double cx = b.x + b.w / 2, cy = b.y + b.h / 2, r = b.h / 2, hw = b.w / 2;
  return {{cx, cy - r}, {cx + hw, cy - r / 2}, {cx + hw, cy + r / 2},
          {cx, cy + r}, {cx - hw, cy + r / 2}, {cx - hw, cy - r / 2}};
}

std::vector<Rect> grid_slots(const Stock& s) {
  Grid g = make_grid(s);
  std::vector<Rect> out;
  for (const Slot& sl : slots_of(s)) out.push_back(place(s, g, sl.col, sl.row).trim);
  return out;
}

SheetLayout layout_sheets(const Stock& s, size_t count, bool backs) {
  SheetLayout out;
  out.width = s.paper.width.pt;
  out.height = s.paper.height.pt;
  const Grid g = make_grid(s);
  const auto slots = slots_of(s);
  const size_t per_page = slots.size();
  const auto marks = cutter_geometry(s.cutter, out.width, out.height).marks;
  for (size_t first = 0; first < count; first += per_page) {
    Page front;
    front.registration = marks;
    std::vector<Rect> trims;
    for (size_t k = 0; k < per_page && first + k < count; ++k) {
      Placement p = place(s, g, slots[k].col, slots[k].row);
      p.slot = first + k;
      front.placements.push_back(p);
      trims.push_back(p.trim);
      if (s.card.shape == Shape::Circle && s.cut != CutStyle::None)
        front.circles.push_back({p.trim.x + p.trim.w / 2, p.trim.y + p.trim.h / 2,
                                 std::min(p.trim.w, p.trim.h) / 2});
    }
    front.cuts = cut_guides(s, g, trims);
    // Fold-over: the backs share the page, across the fold from their fronts.
    if (folds(s) && backs)
      for (size_t k = 0, n = front.placements.size(); k < n; ++k)
        front.placements.push_back(mirror(front.placements[k], s));
    out.pages.push_back(front);
    if (backs && !folds(s)) {
      Page back;
      back.back = true;
      for (const auto& p : front.placements) back.placements.push_back(mirror(p, s));
      out.pages.push_back(back);
    }
  }
  return out;
}

namespace {

// How far inside the margin `r` reaches: > 0 if it does, the gap to the paper's edge in *edge.
bool inside_margin(const Rect& r, double w, double h, double margin, double* edge) {
  const double e = 0.01 * 72 / 25.4;  // a hundredth of a millimetre
  *edge = std::min({r.x, r.y, w - r.right(), h - r.bottom()});
  return *edge < margin - e;
}

Rect bounds_of(const std::vector<Point>& pts, double pad) {
  double x0 = pts[0].x, y0 = pts[0].y, x1 = x0, y1 = y0;
  for (const Point& p : pts) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  }
  return {x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad};
}

}  // namespace

MarginIntrusions within_margin(const SheetLayout& l, double margin) {
  MarginIntrusions worst;
  for (const Page& page : l.pages) {
    if (page.back) continue;  // a duplex back mirrors its front
    MarginIntrusions here;
    double closest = std::numeric_limits<double>::max(), edge = 0;
    auto count = [&](const Rect& r, int* n) {
      if (!inside_margin(r, l.width, l.height, margin, &edge)) return;
      ++*n;
      closest = std::min(closest, std::max(0.0, edge));
    };
    for (const auto& p : page.placements) count(p.trim, &here.cards);
    for (const auto& c : page.cuts) count(bounds_of({{c.x1, c.y1}, {c.x2, c.y2}}, 0), &here.guides);
    for (const auto& c : page.circles) count({c.cx - c.r, c.cy - c.r, 2 * c.r, 2 * c.r}, &here.guides);
    for (const auto& m : page.registration)
      if (!m.points.empty()) count(bounds_of(m.points, m.filled ? 0 : m.stroke / 2), &here.registration);
    if (!here.any()) continue;
    here.closest = closest;
    if (!worst.any() || here.cards + here.guides + here.registration > worst.cards + worst.guides + worst.registration)
      worst = here;
  }
  return worst;
}

Point corrected_point(const Point& p, const PrinterProfile& profile, bool short_edge, double w, double h) {
  // The printer prints a drawn point q at c + R(t)(q - c) + o (turned by t clockwise
  // about the page centre c, then moved by o). Drawing q = c + R(-t)(p - c - o) makes it
  // print at p exactly. A short-edge back page is turned round by the printer before it
  // prints, which negates the offset it shows and keeps the rotation.
  const double sign = short_edge ? -1 : 1;
  const double ox = sign * profile.offset_x.pt, oy = sign * profile.offset_y.pt;
  const double cx = w / 2, cy = h / 2;
  const double a = -profile.rotation * M_PI / 180.0;  // y down: positive turns clockwise
  const double dx = p.x - cx - ox, dy = p.y - cy - oy;
  return {cx + dx * std::cos(a) - dy * std::sin(a), cy + dx * std::sin(a) + dy * std::cos(a)};
}

Placement corrected_placement(const Placement& p, const PrinterProfile& profile, bool short_edge, double w,
                              double h) {
  // A turn of the page about its centre is a turn of each card about its own centre
  // plus a move of that centre: the card's rectangles move with its trim centre and the
  // card is drawn tilted about it.
  const Point c{p.trim.x + p.trim.w / 2, p.trim.y + p.trim.h / 2};
  const Point n = corrected_point(c, profile, short_edge, w, h);
  Placement out = p;
  out.trim.x += n.x - c.x;
  out.trim.y += n.y - c.y;
  out.bleed.x += n.x - c.x;
  out.bleed.y += n.y - c.y;
  out.tilt = p.tilt - profile.rotation;
  return out;
}

PrinterProfile landscape_profile(const PrinterProfile& profile) {
  // Paper (x, y) is page (y, W - x) turned back: a move along the paper's x is one along
  // the page's y, and one along the paper's y one against the page's x.
  PrinterProfile out = profile;
  out.offset_x = Length{-profile.offset_y.pt};
  out.offset_y = profile.offset_x;
  return out;
}

void correct_backs(SheetLayout& sheets, const PrinterProfile& profile, bool short_edge) {
  for (Page& page : sheets.pages)
    if (page.back)
      for (Placement& p : page.placements) p = corrected_placement(p, profile, short_edge, sheets.width, sheets.height);
}

}  // namespace cardstock
