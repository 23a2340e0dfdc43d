// Drawing one page into a PNG: Cairo paints RGB pixels, libpng encodes them.
#include "render/png.h"

#include <png.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "render/painter.h"
#include "render/pdf_surface.h"

namespace cardstock {

namespace {

// Encodes Cairo's RGB24 pixels (0xXXRRGGBB words in native order) as an 8-bit RGB PNG
// with `dpi` in its pHYs chunk. libpng directly rather than Cairo's PNG writer: Cairo
// lets libpng try every row filter on every row and says nothing of resolution, and
// that filter search was most of the time of a 300 dpi card; one filter (Up: the card's
// rows resemble their neighbours) and zlib's default level give files within a few
// percent as small at a fraction of the time. Same pixels, same bytes.
struct PngSink {
  std::string* out;
  static void write(png_structp png, png_bytep data, png_size_t n) {
    static_cast<PngSink*>(png_get_io_ptr(png))->out->append(reinterpret_cast<const char*>(data), n);
  }
  static void flush(png_structp) {}
};

// libpng's write and info structs, destroyed together.
struct PngWriter {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  PngWriter() = default;
  PngWriter(const PngWriter&) = delete;
  PngWriter& operator=(const PngWriter&) = delete;
  ~PngWriter() { png_destroy_write_struct(&png, &info); }
};

}  // namespace

std::string encode_png(const unsigned char* data, int w, int h, int stride, double dpi, std::string* out) {
  PngWriter writer;
  png_structp png = writer.png;
  png_infop info = writer.info;
  if (!info) return "cannot encode the image: out of memory";
  PngSink sink{out};
  std::vector<unsigned char> row(static_cast<size_t>(w) * 3);
  if (setjmp(png_jmpbuf(png))) return "cannot encode the image";  // libpng's errors longjmp here
  png_set_write_fn(png, &sink, &PngSink::write, &PngSink::flush);
  png_set_IHDR(png, info, static_cast<png_uint_32>(w), static_cast<png_uint_32>(h), 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  const auto ppm = static_cast<png_uint_32>(std::lround(dpi / 0.0254));  // pixels a metre
  if (dpi > 0) png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
  png_write_info(png, info);
  for (int y = 0; y < h; ++y) {
    const auto* px = reinterpret_cast<const std::uint32_t*>(data + static_cast<size_t>(y) * stride);
    for (int x = 0; x < w; ++x) {
      row[3 * x] = static_cast<unsigned char>(px[x] >> 16);
      row[3 * x + 1] = static_cast<unsigned char>(px[x] >> 8);
      row[3 * x + 2] = static_cast<unsigned char>(px[x]);
    }
    png_write_row(png, row.data());
  }
  png_write_end(png, nullptr);
  return "";
}

bool render_png(const PlannedPage& page, int width, int height, double dpi, const Typesetter& ts,
                std::string* png, const Mark& at, Diagnostics& d) {
  png->clear();
  if (width < 1 || height < 1 || page.width <= 0 || page.height <= 0) {
    d.error(at, "cannot draw an image of " + std::to_string(width) + " x " + std::to_string(height) + " pixels");
    return false;
  }
  // RGB24: opaque, so Cairo writes an RGB PNG (print shops and Tabletop Simulator want no
  // alpha); white first, as paper would be.
  const SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    d.error(at, std::string("cannot make an image of ") + std::to_string(width) + " x " + std::to_string(height) +
                    " pixels: " + cairo_status_to_string(cairo_surface_status(surface.get())));
    return false;
  }
  CairoPtr drawing = new_drawing(surface.get(), ts);
  cairo_t* cr = drawing.get();
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, width / page.width, height / page.height);
  Painter p{cr, *ts.state(), {}, {cr}};
  p.page(page.art);
  drawing.reset();
  cairo_surface_flush(surface.get());
  if (!p.err.empty()) {
    d.error(at, p.err);
    return false;
  }
  cairo_surface_t* s = surface.get();
  if (const std::string why = encode_png(cairo_image_surface_get_data(s), width, height,
                                         cairo_image_surface_get_stride(s), dpi, png);
      !why.empty()) {
    d.error(at, why);
    return false;
  }
  return true;
}

}  // namespace cardstock
