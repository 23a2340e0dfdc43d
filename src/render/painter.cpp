// Painting a page's art on a cairo_t: shapes, text, images, cards clipped to their bleed,
// cut guides and registration marks; SVG pictures of cards held back when drawing in pieces.
#include "render/painter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/bleed_fill.h"

namespace cardstock {

namespace {

void set_color(cairo_t* cr, const Color& c) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a); }

void rounded_rect(cairo_t* cr, const Rect& r, double radius) {
  radius = std::min({radius, r.w / 2, r.h / 2});
  if (radius <= 0) {
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    return;
  }
  cairo_new_sub_path(cr);
  cairo_arc(cr, r.right() - radius, r.y + radius, radius, -M_PI / 2, 0);
  cairo_arc(cr, r.right() - radius, r.bottom() - radius, radius, 0, M_PI / 2);
  cairo_arc(cr, r.x + radius, r.bottom() - radius, radius, M_PI / 2, M_PI);
  cairo_arc(cr, r.x + radius, r.y + radius, radius, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

void fill_and_stroke(cairo_t* cr, const ArtItem& it) {
  if (!it.fill.none) {
    set_color(cr, it.fill);
    cairo_fill_preserve(cr);
  }
  if (!it.stroke.none && it.stroke_width > 0) {
    set_color(cr, it.stroke);
    cairo_set_line_width(cr, it.stroke_width);
    cairo_stroke_preserve(cr);
  }
  cairo_new_path(cr);
}

// Turns cr by a card's tilt (tilt_matrix).
void apply_tilt(cairo_t* cr, const PageArt::CardOnPage& c) {
  if (c.tilt == 0) return;
  const cairo_matrix_t m = tilt_matrix(c);
  cairo_transform(cr, &m);
}

}  // namespace

DeviceBox box_of(const std::vector<Point>& pts) {
  DeviceBox b{1e300, 1e300, -1e300, -1e300};
  for (const Point& p : pts) {
    b.x0 = std::min(b.x0, p.x);
    b.y0 = std::min(b.y0, p.y);
    b.x1 = std::max(b.x1, p.x);
    b.y1 = std::max(b.y1, p.y);
  }
  return b;
}

std::vector<Point> device_corners(cairo_t* cr, const Rect& r, double grow, int rotate, const Rect* about) {
  const Rect& c = about ? *about : r;
  const double cx = c.x + c.w / 2, cy = c.y + c.h / 2;
  const double a = rotate * M_PI / 180.0, ca = std::cos(a), sa = std::sin(a);
  std::vector<Point> out;
  for (const auto& [px, py] : {std::pair{r.x - grow, r.y - grow}, {r.right() + grow, r.y - grow},
                               {r.right() + grow, r.bottom() + grow}, {r.x - grow, r.bottom() + grow}}) {
    const double dx = px - cx, dy = py - cy;
    double x = cx + dx * ca - dy * sa, y = cy + dx * sa + dy * ca;
    cairo_user_to_device(cr, &x, &y);
    out.push_back({x, y});
  }
  return out;
}

bool HeldImages::before(const DeviceBox& b) {
  std::vector<bool> now(held.size());
  bool any = false;
  for (size_t i = 0; i < held.size(); ++i) any |= now[i] = held[i].reach.meets(b);
  if (!any) return false;
  for (size_t j = held.size(); j-- > 0;)
    if (now[j])
      for (size_t i = 0; i < j; ++i) now[i] = now[i] || held[i].reach.meets(held[j].reach);
  std::vector<HeldImage> keep;
  for (size_t i = 0; i < held.size(); ++i) {
    if (now[i])
      paint_held(held[i]);
    else
      keep.push_back(std::move(held[i]));
  }
  held = std::move(keep);
  return true;
}

void HeldImages::polygon(const std::vector<Point>& pts) {
  cairo_move_to(cr, pts[0].x, pts[0].y);
  for (size_t i = 1; i < pts.size(); ++i) cairo_line_to(cr, pts[i].x, pts[i].y);
  cairo_close_path(cr);
}

void HeldImages::paint_held(const HeldImage& h) {
  cairo_save(cr);
  cairo_identity_matrix(cr);
  cairo_reset_clip(cr);
  polygon(h.bleed);
  cairo_clip(cr);
  polygon(h.box);
  cairo_clip(cr);
  cairo_set_matrix(cr, &h.m);
  cairo_set_source_surface(cr, h.decoded->surface.get(), 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
}

DeviceBox HeldImages::bleed_reach(const PageArt::CardOnPage& c) {
  cairo_save(cr);
  apply_tilt(cr, c);
  const DeviceBox b = box_of(device_corners(cr, c.bleed));
  cairo_restore(cr);
  return b;
}

void HeldImages::before_guides(const PageArt& art) {
  for (const auto& g : art.cuts)
    if (!held.empty())
      before({std::min(g.x1, g.x2) - 1, std::min(g.y1, g.y2) - 1, std::max(g.x1, g.x2) + 1,
              std::max(g.y1, g.y2) + 1});
  for (const auto& c : art.circles)
    if (!held.empty()) before({c.cx - c.r - 1, c.cy - c.r - 1, c.cx + c.r + 1, c.cy + c.r + 1});
  for (const auto& r : art.registration) {
    if (held.empty() || r.points.empty()) continue;
    DeviceBox b = box_of(r.points);
    before({b.x0 - r.stroke - 1, b.y0 - r.stroke - 1, b.x1 + r.stroke + 1, b.y1 + r.stroke + 1});
  }
}

DeviceBox Painter::reach_of(const ArtItem& it) {
  Rect r = it.box;
  double grow = it.stroke_width / 2 + 1;
  if (it.type == LayerType::Text && it.line_count == 0) {
    bool markup_ok = true;
    PangoLayout* layout = ts.set(it.text, it.style, it.box.w, &markup_ok);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    double y = it.box.y;  // as text() places it
    const double h = double(logical.height) / PANGO_SCALE;
    if (it.valign == VAlign::Middle) y += (it.box.h - h) / 2;
    if (it.valign == VAlign::Bottom) y += it.box.h - h;
    r = {it.box.x + double(ink.x) / PANGO_SCALE, y + double(ink.y) / PANGO_SCALE, double(ink.width) / PANGO_SCALE,
         double(ink.height) / PANGO_SCALE};
    grow = 1;
  } else if (it.type == LayerType::Text) {
    grow = it.style.size * it.style.line_spacing * 2 + 1;
  }
  return box_of(device_corners(cr, r, grow, it.rotate, &it.box));
}

void Painter::item_in_order(const ArtItem& it) {
  if (!hold.held.empty()) hold.before(reach_of(it));
  item(it);
}

void Painter::item(const ArtItem& it) {
  if (it.rotate) {
    cairo_save(cr);
    const double cx = it.box.x + it.box.w / 2, cy = it.box.y + it.box.h / 2;
    cairo_translate(cr, cx, cy);
    cairo_rotate(cr, it.rotate * M_PI / 180.0);
    cairo_translate(cr, -cx, -cy);
    ArtItem upright = it;
    upright.rotate = 0;
    item(upright);
    cairo_restore(cr);
    return;
  }
  switch (it.type) {
    case LayerType::Rect:
      rounded_rect(cr, it.box, it.radius);
      fill_and_stroke(cr, it);
      break;
    case LayerType::Ellipse:
      cairo_save(cr);
      cairo_translate(cr, it.box.x + it.box.w / 2, it.box.y + it.box.h / 2);
      cairo_scale(cr, it.box.w / 2, it.box.h / 2);
      cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
      cairo_restore(cr);
      fill_and_stroke(cr, it);
      break;
    case LayerType::Line:
      if (it.stroke.none || it.stroke_width <= 0) break;
      cairo_move_to(cr, it.box.x, it.box.y);
      cairo_line_to(cr, it.box.right(), it.box.bottom());
      set_color(cr, it.stroke);
      cairo_set_line_width(cr, it.stroke_width);
      cairo_stroke(cr);
      break;
    case LayerType::Text: text(it); break;
    case LayerType::Image: image(it); break;
    case LayerType::Stack: break;  // layout gives a stack's paint as a rect
  }
}

void Painter::text(const ArtItem& it) {
  bool markup_ok = true;
  PangoLayout* layout = ts.set(it.text, it.style, it.box.w, &markup_ok);
  if (it.line_count > 0) {
    fragment(it, layout);
    return;
  }
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  const double h = double(logical.height) / PANGO_SCALE;
  double y = it.box.y;
  if (it.valign == VAlign::Middle) y += (it.box.h - h) / 2;
  if (it.valign == VAlign::Bottom) y += it.box.h - h;
  set_color(cr, it.color);
  cairo_move_to(cr, it.box.x, y);
  pango_cairo_show_layout(cr, layout);
  cairo_new_path(cr);
}

void Painter::fragment(const ArtItem& it, PangoLayout* layout) {
  const LayoutIterPtr line_iter(pango_layout_get_iter(layout));
  PangoLayoutIter* iter = line_iter.get();
  int line = 0, top = 0;
  set_color(cr, it.color);
  do {
    if (line == it.first_line) {
      int y0 = 0, y1 = 0;
      pango_layout_iter_get_line_yrange(iter, &y0, &y1);
      top = y0;
    }
    if (line >= it.first_line && line < it.first_line + it.line_count) {
      PangoRectangle logical;
      pango_layout_iter_get_line_extents(iter, nullptr, &logical);
      const int baseline = pango_layout_iter_get_baseline(iter);
      cairo_move_to(cr, it.box.x + double(logical.x) / PANGO_SCALE,
                    it.box.y + double(baseline - top) / PANGO_SCALE);
      pango_cairo_show_layout_line(cr, pango_layout_iter_get_line_readonly(iter));
    }
    ++line;
  } while (pango_layout_iter_next_line(iter));
  cairo_new_path(cr);
}

// An image deck's picture shaped like the trim, with its bleed made (once per picture
// and rule); any other picture as it is.
const ImageCache::Image* Painter::with_made_bleed(const ArtItem& it, const ImageCache::Image* img) {
  if (it.bleed_fill == BleedFill::None) return img;
  const double tw = it.box.w - 2 * it.bleed, th = it.box.h - 2 * it.bleed;
  if (tw <= 0 || th <= 0 || !needs_bleed(img->w, img->h, tw, th, it.box.w, it.box.h)) return img;
  const BleedRule rule{it.bleed_fill, it.fill, it.bleed / tw, it.bleed / th, tw};
  char key[160];
  std::snprintf(key, sizeof key, "\n%d %.4f %.4f %.4f %.4f %.4f %.4f", static_cast<int>(rule.fill), rule.colour.r,
                rule.colour.g, rule.colour.b, rule.fx, rule.fy, tw);
  const ImageCache::Image* made = ts.images.made(it.image + key, [&] { return with_bleed(*img, rule); });
  return made ? made : img;
}

void Painter::image(const ArtItem& it) {
  std::string why;
  const ImageCache::Image* img = ts.images.get(it.image, &why);
  if (!img) {
    err = "image '" + it.image + "' " + why;
    return;
  }
  const ImageCache::Image* plain = img;
  img = with_made_bleed(it, img);
  double sx = it.box.w / img->w, sy = it.box.h / img->h;
  if (it.fit == Fit::Contain) sx = sy = std::min(sx, sy);
  if (it.fit == Fit::Cover) sx = sy = std::max(sx, sy);
  // A picture with bleed made is drawn in place: the shared drawings are of files.
  const int drawing = img == plain && hold.shared && !hold.card_bleed.empty() && cairo_surface_get_type(img->surface.get()) ==
                                                          CAIRO_SURFACE_TYPE_RECORDING
                          ? hold.shared->image(it.image, img)
                          : -1;
  std::vector<Point> box;
  if (drawing >= 0) box = device_corners(cr, it.box);
  cairo_save(cr);
  cairo_rectangle(cr, it.box.x, it.box.y, it.box.w, it.box.h);
  cairo_clip(cr);
  cairo_translate(cr, it.box.x + (it.box.w - img->w * sx) / 2,
                  it.box.y + (it.box.h - img->h * sy) / 2);
  cairo_scale(cr, sx, sy);
  if (drawing >= 0) {
    HeldImage h{drawing, img, hold.card_bleed, box, {}, {}};
    cairo_get_matrix(cr, &h.m);
    const DeviceBox a = box_of(hold.card_bleed), b = box_of(box);
    h.reach = {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
    hold.held.push_back(std::move(h));
  } else {
    cairo_set_source_surface(cr, img->surface.get(), 0, 0);
    cairo_paint(cr);
  }
  cairo_restore(cr);
}

void Painter::card(const PageArt::CardOnPage& c) {
  const auto [cw, ch] = SharedArt::art_size(c);
  cairo_save(cr);
  apply_tilt(cr, c);
  if (!hold.held.empty() || hold.shared) {
    // Its background covers its bleed: held images there are painted first.
    std::vector<Point> bleed;
    if (c.shape == Shape::Hex) {
      for (Point q : hex_corners(c.bleed)) {
        cairo_user_to_device(cr, &q.x, &q.y);
        bleed.push_back(q);
      }
    } else {
      bleed = device_corners(cr, c.bleed);
    }
    if (!hold.held.empty()) hold.before(box_of(bleed));
    if (c.shape != Shape::Circle) hold.card_bleed = bleed;
  }
  if (c.shape == Shape::Hex) {
    const auto pts = hex_corners(c.bleed);
    cairo_move_to(cr, pts[0].x, pts[0].y);
    for (size_t i = 1; i < pts.size(); ++i) cairo_line_to(cr, pts[i].x, pts[i].y);
    cairo_close_path(cr);
  } else if (c.shape == Shape::Circle) {
    cairo_arc(cr, c.bleed.x + c.bleed.w / 2, c.bleed.y + c.bleed.h / 2,
              std::min(c.bleed.w, c.bleed.h) / 2, 0, 2 * M_PI);
  } else {
    cairo_rectangle(cr, c.bleed.x, c.bleed.y, c.bleed.w, c.bleed.h);
  }
  cairo_clip(cr);
  const cairo_matrix_t to_card = card_matrix(c);
  cairo_transform(cr, &to_card);
  const double m = std::max(c.bleed.w, c.bleed.h);  // the clip trims it to the bleed
  art(*c.art, Rect{-m, -m, cw + 2 * m, ch + 2 * m});
  hold.card_bleed.clear();
  cairo_restore(cr);
}

void Painter::art(const CardArt& a, const Rect& cover) {
  if (!a.background.none) {
    set_color(cr, a.background);
    cairo_rectangle(cr, cover.x, cover.y, cover.w, cover.h);
    cairo_fill(cr);
  }
  for (const auto& it : a.items) item_in_order(it);
}

void Painter::registration(const std::vector<RegMark>& marks) {
  if (marks.empty()) return;
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (const RegMark& m : marks) {
    if (m.points.empty()) continue;
    cairo_move_to(cr, m.points[0].x, m.points[0].y);
    for (size_t i = 1; i < m.points.size(); ++i) cairo_line_to(cr, m.points[i].x, m.points[i].y);
    if (m.closed) cairo_close_path(cr);
    if (m.filled) {
      cairo_fill(cr);
    } else {
      cairo_set_line_width(cr, m.stroke);
      cairo_stroke(cr);
    }
  }
  cairo_restore(cr);
}

void Painter::page(const PageArt& art) {
  for (const auto& it : art.underlay) item(it);
  for (const auto& c : art.cards) card(c);
  for (const auto& it : art.items) item(it);
  cuts(art.cuts, art.circles);
  registration(art.registration);
}

void Painter::cuts(const std::vector<CutSegment>& segs, const std::vector<CutCircle>& circles) {
  cairo_save(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (const auto& c : circles) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, c.cx, c.cy, c.r, 0, 2 * M_PI);
  }
  if (!circles.empty()) {
    cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
    cairo_set_line_width(cr, 0.5);
    cairo_stroke(cr);
  }
  for (CutKind kind : {CutKind::Line, CutKind::Mark, CutKind::Fold}) {
    bool any = false;
    for (const auto& s : segs) {
      if (s.kind != kind) continue;
      cairo_move_to(cr, s.x1, s.y1);
      cairo_line_to(cr, s.x2, s.y2);
      any = true;
    }
    if (!any) continue;
    if (kind == CutKind::Line) {
      cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
      cairo_set_line_width(cr, 0.35);
    } else if (kind == CutKind::Fold) {
      const double dash[] = {3, 2};
      cairo_set_dash(cr, dash, 2, 0);
      cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
      cairo_set_line_width(cr, 0.5);
      cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0);
      continue;
    } else {
      cairo_set_source_rgb(cr, 0, 0, 0);
      cairo_set_line_width(cr, 0.5);
    }
    cairo_stroke(cr);
  }
  cairo_restore(cr);
}

}  // namespace cardstock
