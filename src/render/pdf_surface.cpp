// PDF surfaces shared by the document writer (pdf.cpp) and the art book (art_book.cpp).
#include "render/pdf_surface.h"

#include <cairo-pdf.h>

namespace cardstock {

cairo_status_t append_bytes(void* to, const unsigned char* data, unsigned int n) {
  static_cast<std::string*>(to)->append(reinterpret_cast<const char*>(data), n);
  return CAIRO_STATUS_SUCCESS;
}

CairoPtr new_drawing(cairo_surface_t* surface, const Typesetter& ts) {
  CairoPtr cr(cairo_create(surface));
  cairo_set_font_options(cr.get(), ts.state()->fonts.impl()->options.get());
  return cr;
}

void draw_alone(cairo_t* cr, cairo_surface_t* surface, Painter& p, const PageArt::CardOnPage& c) {
  const auto [cw, ch] = SharedArt::art_size(c);
  const double m = SharedArt::margin(cw, ch);
  cairo_pdf_surface_set_size(surface, cw + 2 * m, ch + 2 * m);
  cairo_save(cr);
  cairo_translate(cr, m, m);
  p.art(*c.art, Rect{-m, -m, cw + 2 * m, ch + 2 * m});
  cairo_restore(cr);
}

bool finish_drawing(CairoPtr cr, SurfacePtr surface, const Painter& p, const std::string& failed, const Mark& at,
                    Diagnostics& d) {
  cr.reset();
  cairo_surface_finish(surface.get());
  const cairo_status_t st = cairo_surface_status(surface.get());
  surface.reset();
  if (!p.err.empty()) {
    d.error(at, p.err);
    return false;
  }
  if (st != CAIRO_STATUS_SUCCESS) {
    d.error(at, failed + ": " + cairo_status_to_string(st));
    return false;
  }
  return true;
}

}  // namespace cardstock
