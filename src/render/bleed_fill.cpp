// Making bleed for an image deck's picture: its clear corners filled, then strips around
// it by the deck's rule (extend: Cairo's pad; mirror: Cairo's reflect; a colour). Done
// once per picture and rule, with nearest-pixel sampling so the strips repeat the
// picture's own pixels exactly.
#include "render/bleed_fill.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cardstock {

namespace {

uint32_t pack(const Color& c) {
  auto ch = [](double v) { return static_cast<uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return 0xFF000000u | ch(c.r) << 16 | ch(c.g) << 8 | ch(c.b);
}

// Premultiplied `px` over the opaque `under`.
uint32_t over(uint32_t px, uint32_t under) {
  const uint32_t a = px >> 24;
  uint32_t out = 0xFF000000u;
  for (int s = 0; s < 24; s += 8) {
    const uint32_t v = ((px >> s) & 255) + ((under >> s) & 255) * (255 - a) / 255;
    out |= std::min<uint32_t>(v, 255) << s;
  }
  return out;
}

bool near_white(uint32_t px) {
  return ((px >> 16) & 255) >= 240 && ((px >> 8) & 255) >= 240 && (px & 255) >= 240;
}

// Fills the clear run at the outer end of each row of the four corner squares (a side of
// an eighth of the shorter edge): with the colour, the first solid pixel (extend) or the
// solid pixels reflected (mirror). A row clear all the way across its square is no
// rounded corner and stays as it is.
void fill_corners(cairo_surface_t* s, const BleedRule& rule) {
  const int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  const int stride = cairo_image_surface_get_stride(s) / 4;
  auto* px = reinterpret_cast<uint32_t*>(cairo_image_surface_get_data(s));
  const int q = std::min(w, h) / 8;
  bool alpha = false;
  for (int i = 0; i < w * h && !alpha; ++i) alpha = (px[(i / w) * stride + i % w] >> 24) < 255;
  const auto at = [&](int x, int y) -> uint32_t& { return px[y * stride + x]; };
  // Without alpha (a JPEG scan), a corner is clear where it is near-white while the
  // middles of the edges are not.
  const bool white_edges = near_white(at(w / 2, 0)) || near_white(at(0, h / 2)) ||
                           near_white(at(w / 2, h - 1)) || near_white(at(w - 1, h / 2));
  const auto clear = [&](uint32_t p) { return alpha ? (p >> 24) < 255 : !white_edges && near_white(p); };
  for (const int y0 : {0, h - q}) {
    for (int y = y0; y < y0 + q; ++y) {
      for (const int dir : {1, -1}) {
        const int x0 = dir == 1 ? 0 : w - 1;
        int n = 0;
        while (n < q && clear(at(x0 + dir * n, y))) ++n;
        if (n == 0 || n == q) continue;
        for (int k = 0; k < n; ++k) {
          const int from = rule.fill == BleedFill::Mirror ? std::min(2 * n - 1 - k, w / 2) : n;
          const uint32_t under = rule.fill == BleedFill::Colour ? pack(rule.colour) : at(x0 + dir * from, y);
          uint32_t& p = at(x0 + dir * k, y);
          p = alpha ? over(p, under) : under;
        }
      }
    }
  }
  cairo_surface_mark_dirty(s);
}

// `src` (w x h) drawn at (mx, my) on a new surface of its size plus the strips, which the
// rule makes; nearest-pixel sampling keeps the copied pixels exact.
SurfacePtr grown(cairo_surface_t* src, int w, int h, int mx, int my, const BleedRule& rule) {
  SurfacePtr out(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w + 2 * mx, h + 2 * my));
  const CairoPtr cr(cairo_create(out.get()));
  if (rule.fill == BleedFill::Colour) {
    cairo_set_source_rgb(cr.get(), rule.colour.r, rule.colour.g, rule.colour.b);
    cairo_paint(cr.get());
  }
  cairo_set_source_surface(cr.get(), src, mx, my);
  cairo_pattern_t* pat = cairo_get_source(cr.get());
  cairo_pattern_set_filter(pat, CAIRO_FILTER_NEAREST);
  if (rule.fill != BleedFill::Colour)
    cairo_pattern_set_extend(pat, rule.fill == BleedFill::Mirror ? CAIRO_EXTEND_REFLECT : CAIRO_EXTEND_PAD);
  cairo_paint(cr.get());
  cairo_surface_flush(out.get());
  return out;
}

}  // namespace

bool needs_bleed(double w, double h, double tw, double th, double bw, double bh) {
  const double a = w / h;
  return std::fabs(a / (tw / th) - 1) < std::fabs(a / (bw / bh) - 1);
}

ImageCache::Image with_bleed(const ImageCache::Image& img, const BleedRule& rule) {
  const bool vector = cairo_surface_get_type(img.surface.get()) == CAIRO_SURFACE_TYPE_RECORDING;
  // An SVG's strips come from a raster at 300 dpi at print size; a raster is used as it is.
  const double scale = vector ? rule.trim_w_pt / 72 * 300 / img.w : 1;
  const int w = std::max(1, static_cast<int>(std::lround(img.w * scale)));
  const int h = std::max(1, static_cast<int>(std::lround(img.h * scale)));
  SurfacePtr pixels(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h));
  {
    const CairoPtr cr(cairo_create(pixels.get()));
    cairo_scale(cr.get(), static_cast<double>(w) / img.w, static_cast<double>(h) / img.h);
    cairo_set_source_surface(cr.get(), img.surface.get(), 0, 0);
    cairo_paint(cr.get());
  }
  cairo_surface_flush(pixels.get());
  fill_corners(pixels.get(), rule);
  const int mx = static_cast<int>(std::lround(w * rule.fx)), my = static_cast<int>(std::lround(h * rule.fy));
  SurfacePtr out = grown(pixels.get(), w, h, mx, my, rule);
  const double ow = img.w * (w + 2.0 * mx) / w, oh = img.h * (h + 2.0 * my) / h;
  if (!vector) return {std::move(out), static_cast<double>(w + 2 * mx), static_cast<double>(h + 2 * my), {}};
  // The SVG drawn as vector over its own raster, in the SVG's units.
  cairo_rectangle_t extents{0, 0, ow, oh};
  SurfacePtr rec(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents));
  const CairoPtr cr(cairo_create(rec.get()));
  cairo_save(cr.get());
  cairo_scale(cr.get(), img.w / w, img.h / h);
  cairo_set_source_surface(cr.get(), out.get(), 0, 0);
  cairo_paint(cr.get());
  cairo_restore(cr.get());
  cairo_set_source_surface(cr.get(), img.surface.get(), img.w * mx / w, img.h * my / h);
  cairo_paint(cr.get());
  return {std::move(rec), ow, oh, {}};
}

}  // namespace cardstock
