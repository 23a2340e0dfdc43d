#include "review/pdf_pages.h"

#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>

namespace cardstock {

namespace {

// poppler prints what it finds wrong in a file on stderr; a hostile file can make
// thousands of lines. Our own error says what matters.
void quiet(const std::string&, void*) {}

void silence_poppler() {
  static std::once_flag once;
  std::call_once(once, [] { poppler::set_debug_error_function(quiet, nullptr); });
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

}  // namespace

struct PdfFile::Impl {
  std::string bytes;
  std::unique_ptr<poppler::document> doc;
  int pages = 0;
};

PdfFile::PdfFile() : impl_(std::make_unique<Impl>()) {}
PdfFile::~PdfFile() = default;

std::unique_ptr<PdfFile> PdfFile::open(std::string bytes, std::string* err) {
  silence_poppler();
  if (bytes.size() > static_cast<size_t>(kMaxDiffFileBytes)) {
    *err = "it is larger than the " + std::to_string(kMaxDiffFileBytes >> 20) + " MB limit";
    return nullptr;
  }
  std::unique_ptr<PdfFile> f(new PdfFile());
  f->impl_->bytes = std::move(bytes);
  const std::string& b = f->impl_->bytes;
  if (b.compare(0, 5, "%PDF-") != 0) {
    *err = "it is not a PDF (it does not start with '%PDF-')";
    return nullptr;
  }
  f->impl_->doc.reset(poppler::document::load_from_raw_data(b.data(), static_cast<int>(b.size())));
  if (!f->impl_->doc) {
    *err = "it does not parse as a PDF";
    return nullptr;
  }
  if (f->impl_->doc->is_locked()) {
    *err = "it is encrypted";
    return nullptr;
  }
  const int n = f->impl_->doc->pages();
  if (n < 0 || n > kMaxDiffPdfPages) {
    *err = "it has " + std::to_string(n) + " pages; the limit is " + std::to_string(kMaxDiffPdfPages);
    return nullptr;
  }
  f->impl_->pages = n;
  return f;
}

int PdfFile::pages() const { return impl_->pages; }

bool PdfFile::page_size(int i, double* w, double* h) const {
  if (i < 0 || i >= impl_->pages) return false;
  std::unique_ptr<poppler::page> p(impl_->doc->create_page(i));
  if (!p) return false;
  const poppler::rectf r = p->page_rect();
  *w = r.width();
  *h = r.height();
  return true;
}

bool PdfFile::render(int i, double dpi, Raster* out, std::string* err) const {
  std::unique_ptr<poppler::page> p(i >= 0 && i < impl_->pages ? impl_->doc->create_page(i) : nullptr);
  if (!p) {
    *err = "page " + std::to_string(i + 1) + " cannot be read";
    return false;
  }
  const poppler::rectf r = p->page_rect();
  const double w = std::fabs(r.width()), h = std::fabs(r.height());
  if (!(w > 0 && h > 0) || w > kMaxPdfPagePt || h > kMaxPdfPagePt) {
    *err = "page " + std::to_string(i + 1) + " is " + number(w) + " x " + number(h) +
           " pt; a page may be at most 14400 pt (200 in) a side";
    return false;
  }
  const double px = std::ceil(w * dpi / 72) * std::ceil(h * dpi / 72);
  if (px > static_cast<double>(kMaxPagePixels)) {
    *err = "page " + std::to_string(i + 1) + " would be " + number(px / 1e6) + " million pixels at " +
           number(dpi) + " dpi; the limit is " + std::to_string(kMaxPagePixels / 1000000) + " million (use a lower --dpi)";
    return false;
  }
  poppler::page_renderer pr;
  pr.set_render_hint(poppler::page_renderer::antialiasing, true);
  pr.set_render_hint(poppler::page_renderer::text_antialiasing, true);
  pr.set_paper_color(0xFFFFFFFF);
  pr.set_image_format(poppler::image::format_argb32);
  poppler::image img = pr.render_page(p.get(), dpi, dpi);
  if (!img.is_valid() || img.width() <= 0 || img.height() <= 0 || img.format() != poppler::image::format_argb32) {
    *err = "page " + std::to_string(i + 1) + " cannot be drawn";
    return false;
  }
  out->width = img.width();
  out->height = img.height();
  out->px.resize(static_cast<size_t>(out->width) * out->height);
  const char* data = img.const_data();
  for (int y = 0; y < out->height; ++y) {
    std::uint32_t* row = out->px.data() + static_cast<size_t>(y) * out->width;
    std::memcpy(row, data + static_cast<size_t>(y) * img.bytes_per_row(), static_cast<size_t>(out->width) * 4);
    // Premultiplied ARGB on white paper is opaque; made so for certain.
    for (int x = 0; x < out->width; ++x) row[x] |= 0xFF000000u;
  }
  return true;
}

PixelChanges compare_pages(const Raster& a, const Raster& b) {
  PixelChanges c;
  c.width = std::max(a.width, b.width);
  c.height = std::max(a.height, b.height);
  const size_t w = static_cast<size_t>(c.width);
  c.kind.assign(w * c.height, 0);
  c.sums.assign((w + 1) * (c.height + 1), 0);
  auto lum = [](std::uint32_t p) {
    return 299 * ((p >> 16) & 0xFF) + 587 * ((p >> 8) & 0xFF) + 114 * (p & 0xFF);
  };
  for (int y = 0; y < c.height; ++y) {
    std::uint32_t row = 0;
    for (int x = 0; x < c.width; ++x) {
      const std::uint32_t p = a.at(x, y), q = b.at(x, y);
      std::uint8_t k = 0;
      if (p != q) {
        const unsigned lp = lum(p), lq = lum(q);
        k = lq + 6000 < lp ? PixelChanges::kNewInk : lp + 6000 < lq ? PixelChanges::kOldInk : PixelChanges::kRecoloured;
        ++c.count;
        ++row;
      }
      c.kind[static_cast<size_t>(y) * w + x] = k;
      c.sums[(static_cast<size_t>(y) + 1) * (w + 1) + x + 1] = c.sums[static_cast<size_t>(y) * (w + 1) + x + 1] + row;
    }
  }
  return c;
}

long PixelChanges::in(int x0, int y0, int x1, int y1) const {
  x0 = std::clamp(x0, 0, width);
  x1 = std::clamp(x1, 0, width);
  y0 = std::clamp(y0, 0, height);
  y1 = std::clamp(y1, 0, height);
  if (x0 >= x1 || y0 >= y1) return 0;
  const size_t w = static_cast<size_t>(width) + 1;
  return static_cast<long>(sums[y1 * w + x1]) - sums[y0 * w + x1] - sums[y1 * w + x0] + sums[y0 * w + x0];
}

bool PixelChanges::bounds(int x0, int y0, int x1, int y1, PageBox* box) const {
  x0 = std::clamp(x0, 0, width);
  x1 = std::clamp(x1, 0, width);
  y0 = std::clamp(y0, 0, height);
  y1 = std::clamp(y1, 0, height);
  if (in(x0, y0, x1, y1) == 0) return false;
  // Each edge by halving: the first row (column) from that side holding a changed pixel.
  auto first = [](int lo, int hi, auto has) {  // smallest k in [lo, hi) with has(k)
    while (lo < hi) {
      const int mid = lo + (hi - lo) / 2;
      if (has(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const int top = first(y0, y1, [&](int y) { return in(x0, y0, x1, y + 1) > 0; });
  const int bottom = first(y0, y1, [&](int y) { return in(x0, y + 1, x1, y1) == 0; });
  const int left = first(x0, x1, [&](int x) { return in(x0, y0, x + 1, y1) > 0; });
  const int right = first(x0, x1, [&](int x) { return in(x + 1, y0, x1, y1) == 0; });
  *box = {static_cast<double>(left), static_cast<double>(top), static_cast<double>(right - left + 1),
          static_cast<double>(bottom - top + 1)};
  return true;
}

bool save_png(const Raster& r, const std::string& path, std::string* err) {
  if (r.width <= 0 || r.height <= 0) {
    *err = "an empty picture";
    return false;
  }
  poppler::image img(r.width, r.height, poppler::image::format_argb32);  // saved as RGB
  if (!img.is_valid()) {
    *err = "out of memory for a " + std::to_string(r.width) + " x " + std::to_string(r.height) + " picture";
    return false;
  }
  char* data = img.data();
  for (int y = 0; y < r.height; ++y)
    std::memcpy(data + static_cast<size_t>(y) * img.bytes_per_row(), r.px.data() + static_cast<size_t>(y) * r.width,
                static_cast<size_t>(r.width) * 4);
  if (!img.save(path, "png")) {
    *err = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace cardstock
