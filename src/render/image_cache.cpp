// Decoding images for drawing: PNGs through Cairo, JPEGs and SVGs through librsvg into a recording
// surface (vector art stays vector), each read from memory within the limits of images.h.
#include "render/image_cache.h"

#include <cctype>
#include <cstring>

#include "base/files.h"
#include "base/input_limits.h"
#include "load/images/images.h"
#include "render/rsvg_lib.h"

namespace cardstock {

namespace {

// libxml2 (through librsvg) words a broken SVG as "Error domain 1 code 76 on line 3
// column 5 of data: Opening and ending tag mismatch": the place is kept, its words are
// not ours (loading says what is wrong, load/images/svg_xml.h; this is a last resort).
std::string plain_svg_error(std::string m) {
  while (!m.empty() && std::isspace(static_cast<unsigned char>(m.back()))) m.pop_back();
  const size_t on = m.find(" on line ");
  const size_t of = m.find(" of data: ");
  if (m.rfind("Error domain", 0) == 0 && on != std::string::npos && of != std::string::npos && of > on) {
    std::string where = m.substr(on + 4, of - on - 4);  // "line 3 column 5"
    const size_t col = where.find(" column ");
    if (col != std::string::npos) where.replace(col, 8, ", column ");
    return "the XML is broken at " + where;
  }
  if (m.rfind("XML parse error: ", 0) == 0) return plain_svg_error(m.substr(17));
  return m;
}

// Reads a PNG from memory for cairo.
struct PngBytes {
  const std::string* bytes;
  size_t at = 0;
  static cairo_status_t read(void* self, unsigned char* data, unsigned int n) {
    auto* p = static_cast<PngBytes*>(self);
    if (p->bytes->size() - p->at < n) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, p->bytes->data() + p->at, n);
    p->at += n;
    return CAIRO_STATUS_SUCCESS;
  }
};

ImageCache::Image decode_png(const std::string& bytes, std::string* err) {
  PngBytes src{&bytes};
  SurfacePtr s(cairo_image_surface_create_from_png_stream(&PngBytes::read, &src));
  if (cairo_surface_status(s.get()) != CAIRO_STATUS_SUCCESS) {
    *err = "is damaged or cut short: its pixels cannot be decoded";
    return {};
  }
  const double w = cairo_image_surface_get_width(s.get()), h = cairo_image_surface_get_height(s.get());
  return {std::move(s), w, h, {}};
}

// Draws the SVG into a recording surface at its intrinsic size (or its drawing's, or
// 100 x 100 when it says none).
ImageCache::Image decode_svg(const std::string& bytes, const std::string& path, std::string* err) {
  std::string why;
  const RsvgLib* rsvg = rsvg_lib(&why);
  if (!rsvg) {
    *err = "cannot be drawn: " + why;
    return {};
  }
  GError* gerr = nullptr;
  const GObjectPtr<GInputStream> in(
      rsvg->memory_input_stream_new_from_data(bytes.data(), static_cast<gssize>(bytes.size()), nullptr));
  const GObjectPtr<GFile> base(rsvg->file_new_for_path(path.c_str()));  // links resolve beside the SVG
  const GObjectPtr<RsvgHandle> h(
      rsvg->new_from_stream_sync(in.get(), base.get(), RSVG_HANDLE_FLAGS_NONE, nullptr, &gerr));
  GErrorPtr error(gerr);
  if (!h) {
    *err = "is not a valid SVG file: " + plain_svg_error(gerr ? gerr->message : "it cannot be read");
    return {};
  }
  gdouble w = 0, hh = 0;
  if (!rsvg->get_intrinsic_size_in_pixels(h.get(), &w, &hh) || w <= 0 || hh <= 0) {
    RsvgRectangle ink, logical;
    rsvg->get_geometry_for_element(h.get(), nullptr, &ink, &logical, nullptr);
    w = logical.width > 0 ? logical.width : 100;
    hh = logical.height > 0 ? logical.height : 100;
  }
  cairo_rectangle_t extents{0, 0, w, hh};
  SurfacePtr rec(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents));
  const CairoPtr cr(cairo_create(rec.get()));
  RsvgRectangle vp{0, 0, w, hh};
  gerr = nullptr;
  if (!rsvg->render_document(h.get(), cr.get(), &vp, &gerr)) {
    error.reset(gerr);
    *err = "cannot be drawn: " + plain_svg_error(gerr ? gerr->message : "unknown error");
    return {};
  }
  return {std::move(rec), w, hh, {}};
}

// A JPEG decoded by librsvg, as the one picture of an SVG of its pixel size: librsvg
// reads JPEG (through gdk-pixbuf) and Cairo does not. The result is an image surface.
ImageCache::Image decode_jpeg(const std::string& bytes, std::string* err) {
  long w = 0, h = 0;
  if (!raster_pixels(bytes, &w, &h)) {
    *err = "is damaged or cut short: no picture size found in the JPEG data";
    return {};
  }
  std::string why;
  const RsvgLib* rsvg = rsvg_lib(&why);
  if (!rsvg) {
    *err = "cannot be decoded: " + why;
    return {};
  }
  char* b64 = g_base64_encode(reinterpret_cast<const guchar*>(bytes.data()), bytes.size());
  const std::string size = "width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) + "\"";
  const std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" " + size + "><image " + size +
                          " preserveAspectRatio=\"none\" href=\"data:image/jpeg;base64," + b64 + "\"/></svg>";
  g_free(b64);
  GError* gerr = nullptr;
  const GObjectPtr<RsvgHandle> hd(rsvg->new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &gerr));
  GErrorPtr error(gerr);
  SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(w), static_cast<int>(h)));
  const CairoPtr cr(cairo_create(s.get()));
  RsvgRectangle vp{0, 0, static_cast<double>(w), static_cast<double>(h)};
  gerr = nullptr;
  if (!hd || !rsvg->render_document(hd.get(), cr.get(), &vp, &gerr)) {
    if (gerr) error.reset(gerr);
    *err = "cannot be decoded as a JPEG picture";
    return {};
  }
  cairo_surface_flush(s.get());
  return {std::move(s), static_cast<double>(w), static_cast<double>(h), {}};
}

}  // namespace

const ImageCache::Image* ImageCache::made(const std::string& key, const std::function<Image()>& make) {
  auto it = images_.find(key);
  if (it == images_.end()) it = images_.emplace(key, make()).first;
  return it->second.surface ? &it->second : nullptr;
}

const ImageCache::Image* ImageCache::get(const std::string& path, std::string* err) {
  auto it = images_.find(path);
  if (it != images_.end()) {
    if (!it->second.surface) *err = it->second.error;
    return it->second.surface ? &it->second : nullptr;
  }
  Image img;
  // The bytes are read here, as a regular file within the limits (never a FIFO), and
  // decoded from memory; what the file is and links to was checked at load time.
  std::string bytes, why;
  if (!read_regular_file(path, static_cast<size_t>(kMaxImageBytes), &bytes, &why))
    *err = "cannot be read: " + why;
  else if (picture_kind(path) == PictureKind::Png)
    img = decode_png(bytes, err);
  else if (picture_kind(path) == PictureKind::Jpeg)
    img = decode_jpeg(bytes, err);
  else
    img = decode_svg(bytes, path, err);
  if (!img.surface) img.error = *err;
  Image& kept = images_[path] = std::move(img);
  return kept.surface ? &kept : nullptr;
}

}  // namespace cardstock
