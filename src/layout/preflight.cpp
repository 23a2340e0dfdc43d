#include "layout/preflight.h"

#include <algorithm>
#include <cmath>

namespace cardstock {

namespace {

constexpr double kEps = 0.01;  // points: closer than this is on the line

Rect centred(double w, double h, const CardSize& card) {
  return {(card.width.pt - w) / 2, (card.height.pt - h) / 2, w, h};
}

// The bounding box of `r` turned `degrees` clockwise about the centre of `about`.
Rect turned(const Rect& r, int degrees, const Rect& about) {
  if (degrees % 360 == 0) return r;
  const double cx = about.x + about.w / 2, cy = about.y + about.h / 2;
  const double a = degrees * M_PI / 180, c = std::cos(a), s = std::sin(a);
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  for (const auto& [px, py] : {std::pair{r.x, r.y}, {r.right(), r.y}, {r.x, r.bottom()}, {r.right(), r.bottom()}}) {
    const double x = cx + (px - cx) * c - (py - cy) * s, y = cy + (px - cx) * s + (py - cy) * c;
    x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

}  // namespace

Rect stock_trim(const Stock& stock, const CardSize& card) {
  return centred(stock.card.width.pt, stock.card.height.pt, card);
}

Rect stock_bleed(const Stock& stock, const CardSize& card) {
  const double b = stock.card.bleed.pt;
  const Rect t = stock_trim(stock, card);
  return {t.x - b, t.y - b, t.w + 2 * b, t.h + 2 * b};
}

Rect safe_zone(const Stock& stock, const CardSize& card) {
  const double s = stock.card.safe.pt;
  const Rect t = stock_trim(stock, card);
  return {t.x + s, t.y + s, std::max(0.0, t.w - 2 * s), std::max(0.0, t.h - 2 * s)};
}

Rect text_ink(const ArtItem& it, const TextMeasurer& m) {
  const TextExtent e = m.measure(it.text, it.style, it.box.w);
  const double w = e.width;
  Align align = it.style.align;
  // A right-to-left paragraph swaps left and right (Pango's automatic direction).
  if (it.style.rtl && align == Align::Left) align = Align::Right;
  else if (it.style.rtl && align == Align::Right) align = Align::Left;
  double x = it.box.x;
  if (align == Align::Center) x += (it.box.w - w) / 2;
  if (align == Align::Right) x += it.box.w - w;
  double y = it.box.y;
  if (it.valign == VAlign::Middle) y += (it.box.h - e.height) / 2;
  if (it.valign == VAlign::Bottom) y += it.box.h - e.height;
  return turned({x, y, w, e.height}, it.rotate, it.box);
}

std::vector<SafeZoneProblem> text_outside(const CardArt& art, const Rect& safe, const TextMeasurer& m) {
  std::vector<SafeZoneProblem> out;
  for (size_t i = 0; i < art.items.size(); ++i) {
    const ArtItem& it = art.items[i];
    if (it.type != LayerType::Text || it.text.empty()) continue;
    const Rect ink = text_ink(it, m);
    if (safe.contains(ink, kEps)) continue;
    SafeZoneProblem p{i, ink, 0, {}};
    auto side = [&](double over, const char* name) {
      if (over <= kEps) return;
      p.sides.push_back(name);
      p.by = std::max(p.by, over);
    };
    side(safe.y - ink.y, "top");
    side(ink.right() - safe.right(), "right");
    side(ink.bottom() - safe.bottom(), "bottom");
    side(safe.x - ink.x, "left");
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> edges_short_of(const CardArt& art, const Rect& bleed) {
  if (!art.background.none) return {};
  bool top = false, right = false, bottom = false, left = false;
  for (const ArtItem& it : art.items) {
    const bool covers = (it.type == LayerType::Rect && !it.fill.none) || it.type == LayerType::Image;
    if (!covers) continue;
    const Rect b = turned(it.box, it.rotate, it.box);
    top = top || b.y <= bleed.y + kEps;
    right = right || b.right() >= bleed.right() - kEps;
    bottom = bottom || b.bottom() >= bleed.bottom() - kEps;
    left = left || b.x <= bleed.x + kEps;
  }
  std::vector<std::string> out;
  if (!top) out.push_back("top");
  if (!right) out.push_back("right");
  if (!bottom) out.push_back("bottom");
  if (!left) out.push_back("left");
  return out;
}

}  // namespace cardstock
