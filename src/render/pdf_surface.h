// Inside render/: what drawing a PDF and drawing the art book share: a Cairo PDF surface
// written into a string, a card's art alone on a page, and finishing the file with its
// failure as text.
#pragma once
#include <string>

#include "base/diag.h"
#include "render/painter.h"

namespace cardstock {

/// A cairo_write_func_t appending to the std::string `to`.
cairo_status_t append_bytes(void* to, const unsigned char* data, unsigned int n);

/// A cairo_t on `surface` set up to draw text as the typesetter measured it.
CairoPtr new_drawing(cairo_surface_t* surface, const Typesetter& ts);

/// The art of `c` alone on the current page, sized to it: its card plus the margin each
/// side (SharedArt::margin), as place_ops expects a shared drawing's page to be.
void draw_alone(cairo_t* cr, cairo_surface_t* surface, Painter& p, const PageArt::CardOnPage& c);

/// Ends a PDF drawn by `p` on `cr`: releases both, the surface finished. False with an
/// error at `at`: what the painter met, or else `failed` and Cairo's reason.
bool finish_drawing(CairoPtr cr, SurfacePtr surface, const Painter& p, const std::string& failed, const Mark& at,
                    Diagnostics& d);

}  // namespace cardstock
