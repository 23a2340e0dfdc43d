// Drawing one planned page into a PNG (previews, Tabletop Simulator sheets). Errors are
// reported to Diagnostics, never thrown.
#pragma once
#include <string>

#include "base/diag.h"
#include "layout/pages.h"
#include "render/typesetter.h"

namespace cardstock {

/// Draws one planned page into *png: an 8-bit RGB PNG of `width` x `height` pixels (the
/// page scaled to fill it, white where nothing is drawn) whose pHYs chunk says `dpi`.
/// The same page and sizes give the same bytes. False with an error at `at` on failure.
bool render_png(const PlannedPage& page, int width, int height, double dpi, const Typesetter& ts,
                std::string* png, const Mark& at, Diagnostics& d);

/// Encodes `h` rows of `w` pixels (native-order 0xXXRRGGBB words; a row starts every
/// `stride` bytes from `data`) as an 8-bit RGB PNG into *out, with `dpi` in its pHYs chunk
/// when above 0. "" or why it failed; only memory is written.
std::string encode_png(const unsigned char* data, int w, int h, int stride, double dpi, std::string* out);

}  // namespace cardstock
