#include "layout/proof.h"

#include <algorithm>
#include <cmath>

#include "layout/art_items.h"
#include "layout/preflight.h"

namespace cardstock {

namespace {

// The colours of the proof marks: they must not be mistaken for card art.
const Color kTrim{0.0, 0.45, 0.95, 1};     // blue
const Color kSafe{0.0, 0.6, 0.25, 1};      // green
const Color kTint{0.85, 0.0, 0.55, 0.22};  // the bleed, magenta over the art
const Color kProblem{0.9, 0.0, 0.0, 1};    // red
const Color kPlaced{1.0, 0.55, 0.0, 1};    // orange: boxes layout placed (anchor, inset, stack)

ArtItem outline(const Rect& r, const Color& c, double width, Shape shape = Shape::Rect) {
  return shape == Shape::Circle ? ellipse_item(r, kNoPaint, c, width) : rect_item(r, kNoPaint, c, width);
}

ArtItem band(const Rect& r) { return rect_item(r, kTint); }

Rect moved(const Rect& r, double dx, double dy) { return {r.x + dx, r.y + dy, r.w, r.h}; }

// The outline of a piece whose box is `r`: a rectangle, an ellipse, or a hexagon's six
// edges (as lines from corner to corner).
void shape_outline(std::vector<ArtItem>& out, const Rect& r, const Color& c, double width, Shape shape) {
  if (shape != Shape::Hex) {
    out.push_back(outline(r, c, width, shape));
    return;
  }
  const std::vector<Point> p = hex_corners(r);
  for (size_t i = 0; i < p.size(); ++i) {
    const Point& a = p[i];
    const Point& b = p[(i + 1) % p.size()];
    out.push_back(line_item(a.x, a.y, b.x, b.y, c, width));
  }
}

// The safe zone of a piece: `safe` inside every edge (a hexagon shrunk about its centre
// so that its flat sides move in by `safe`).
Rect inset(const Rect& r, double safe, Shape shape) {
  if (shape != Shape::Hex) return {r.x + safe, r.y + safe, r.w - 2 * safe, r.h - 2 * safe};
  const double k = (r.w - 2 * safe) / r.w;
  return {r.x + r.w * (1 - k) / 2, r.y + r.h * (1 - k) / 2, r.w * k, r.h * k};
}

}  // namespace

SheetLayout layout_proof(const CardSize& size, size_t count, bool backs) {
  const double bw = size.width.pt + 2 * size.bleed.pt, bh = size.height.pt + 2 * size.bleed.pt;
  const double cell_w = bw, cell_h = bh + kSlugHeight;
  auto fit = [](double room, double cell) {
    return std::max(1, static_cast<int>(std::floor((room - 2 * kProofMargin + kProofGap) / (cell + kProofGap))));
  };
  const int cols = fit(kProofMaxWidth, cell_w), rows = fit(kProofMaxHeight, cell_h);
  SheetLayout l;
  l.width = 2 * kProofMargin + cols * cell_w + (cols - 1) * kProofGap;
  l.height = 2 * kProofMargin + rows * cell_h + (rows - 1) * kProofGap;
  const size_t per_page = static_cast<size_t>(cols * rows), sides = backs ? 2 : 1;
  for (size_t cell = 0; cell < count * sides; ++cell) {
    if (cell % per_page == 0) l.pages.push_back(Page{});
    const size_t at = cell % per_page;
    const double x = kProofMargin + static_cast<double>(at % static_cast<size_t>(cols)) * (cell_w + kProofGap);
    const double y = kProofMargin + static_cast<double>(at / static_cast<size_t>(cols)) * (cell_h + kProofGap);
    Placement pl;
    pl.slot = cell / sides;
    pl.back = backs && cell % 2 == 1;
    pl.bleed = {x, y, bw, bh};
    pl.trim = {x + size.bleed.pt, y + size.bleed.pt, size.width.pt, size.height.pt};
    l.pages.back().placements.push_back(pl);
  }
  return l;
}

Rect slug_box(const Placement& pl) { return {pl.bleed.x, pl.bleed.bottom() + 3, pl.bleed.w, kSlugHeight - 3}; }

std::vector<ArtItem> proof_marks(const CardArt& art, const CardSize& size, const Rect& trim, const TextMeasurer& m) {
  std::vector<ArtItem> out;
  const double b = size.bleed.pt;
  const Rect bleed{trim.x - b, trim.y - b, trim.w + 2 * b, trim.h + 2 * b};
  if (b > 0 && size.shape == Shape::Rect) {  // the ring between the bleed edge and the trim
    out.push_back(band({bleed.x, bleed.y, bleed.w, b}));
    out.push_back(band({bleed.x, trim.bottom(), bleed.w, b}));
    out.push_back(band({bleed.x, trim.y, b, trim.h}));
    out.push_back(band({trim.right(), trim.y, b, trim.h}));
  }
  shape_outline(out, trim, kTrim, 0.75, size.shape);
  Stock own;  // the card's own size: its safe zone inside its own trim
  own.card = size;
  const Rect safe = safe_zone(own, size);
  const Rect line = inset(trim, size.safe.pt, size.shape);
  if (line.w > 0 && line.h > 0) shape_outline(out, line, kSafe, 0.5, size.shape);
  for (const CardArt::Box& b : art.placed) out.push_back(outline(moved(b.box, trim.x, trim.y), kPlaced, 0.4));
  std::vector<size_t> red;
  for (const SafeZoneProblem& p : text_outside(art, safe, m)) red.push_back(p.item);
  for (size_t i = 0; i < art.items.size(); ++i)
    if (art.items[i].type == LayerType::Text && art.items[i].overflow) red.push_back(i);
  std::sort(red.begin(), red.end());
  red.erase(std::unique(red.begin(), red.end()), red.end());
  for (size_t i : red) {
    const ArtItem& it = art.items[i];
    Rect r = text_ink(it, m);
    if (it.overflow) {  // the box it was meant to fit, and the text past it
      const double x0 = std::min(r.x, it.box.x), y0 = std::min(r.y, it.box.y);
      r = {x0, y0, std::max(r.right(), it.box.right()) - x0, std::max(r.bottom(), it.box.bottom()) - y0};
    }
    out.push_back(outline(moved({r.x - 1, r.y - 1, r.w + 2, r.h + 2}, trim.x, trim.y), kProblem, 1));
  }
  return out;
}

}  // namespace cardstock
