// The poppler side of pdf_pages, built as libcardstock-pdf.so and loaded by
// PdfFile::open on first use (pdf_pages.h says why). Errors are words in *err, as there.
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <cmath>
#include <cstring>
#include <mutex>

#include "diff/pdf_pages.h"

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

class PopplerPdf final : public PdfFile {
 public:
  int pages() const override { return pages_; }
  bool render(int i, double dpi, Raster* out, std::string* err) const override;
  bool page_size(int i, double* w, double* h) const override;

  std::string bytes;  // poppler reads from them
  std::unique_ptr<poppler::document> doc;
  int pages_ = 0;
};

std::unique_ptr<PdfFile> open_pdf(std::string bytes, std::string* err) {
  silence_poppler();
  auto f = std::make_unique<PopplerPdf>();
  f->bytes = std::move(bytes);
  const std::string& b = f->bytes;
  f->doc.reset(poppler::document::load_from_raw_data(b.data(), static_cast<int>(b.size())));
  if (!f->doc) {
    *err = "it does not parse as a PDF";
    return nullptr;
  }
  if (f->doc->is_locked()) {
    *err = "it is encrypted";
    return nullptr;
  }
  const int n = f->doc->pages();
  if (n < 0 || n > kMaxDiffPdfPages) {
    *err = "it has " + std::to_string(n) + " pages; the limit is " + std::to_string(kMaxDiffPdfPages);
    return nullptr;
  }
  f->pages_ = n;
  return f;
}

bool PopplerPdf::page_size(int i, double* w, double* h) const {
  if (i < 0 || i >= pages_) return false;
  std::unique_ptr<poppler::page> p(doc->create_page(i));
  if (!p) return false;
  const poppler::rectf r = p->page_rect();
  *w = r.width();
  *h = r.height();
  return true;
}

bool PopplerPdf::render(int i, double dpi, Raster* out, std::string* err) const {
  std::unique_ptr<poppler::page> p(i >= 0 && i < pages_ ? doc->create_page(i) : nullptr);
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

}  // namespace

const PdfBackend kBackend{open_pdf};

}  // namespace cardstock

extern "C" __attribute__((visibility("default"))) const cardstock::PdfBackend* cardstock_pdf_backend_v1() {
  return &cardstock::kBackend;
}
