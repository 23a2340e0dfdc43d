// pdf_pages: PDF files read back as pictures, through poppler's C++ API (the only place
// poppler is used, in a module loaded on first use). The files may come from anyone: a
// file that does not parse, an encrypted one, too many pages or a page too large to draw
// is an error in words, never a crash; poppler's own complaints are kept out of the
// terminal.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/diag.h"
#include "diff/manifest_read.h"

namespace cardstock {

/// Most pages a PDF compared by `cardstock diff` may have.
inline constexpr int kMaxDiffPdfPages = 50000;
/// Largest file `cardstock diff` reads whole (a PDF, a manifest).
inline constexpr long kMaxDiffFileBytes = 256L << 20;
/// Largest page side, in points: 200 in, the PDF format's own limit.
inline constexpr double kMaxPdfPagePt = 14400;
/// Most pixels of one page drawn for comparison.
inline constexpr long kMaxPagePixels = 40L * 1000 * 1000;

/// A page drawn on white: `px` holds width x height opaque pixels, 0xFFRRGGBB, row by row.
struct Raster {
  int width = 0, height = 0;
  std::vector<std::uint32_t> px;
  std::uint32_t at(int x, int y) const {
    return x < width && y < height ? px[static_cast<size_t>(y) * width + x] : 0xFFFFFFFFu;
  }
};

/// Where two pictures of pages differ, pixel by pixel (a missing pixel of the smaller one
/// counts as white paper): `kind` per pixel of the larger size, 0 where they agree, else
/// kNewInk (the new page is darker there), kOldInk (lighter) or kRecoloured.
struct PixelChanges {
  static constexpr std::uint8_t kNewInk = 1, kOldInk = 2, kRecoloured = 3;
  int width = 0, height = 0;
  std::vector<std::uint8_t> kind;
  long count = 0;
  /// Pixels that differ in columns [x0, x1) and rows [y0, y1) (clipped to the picture).
  long in(int x0, int y0, int x1, int y1) const;
  /// The smallest box [x, y, w, h] holding every differing pixel in that area; false if none.
  bool bounds(int x0, int y0, int x1, int y1, PageBox* box) const;

  std::vector<std::uint32_t> sums;  // (width + 1) x (height + 1) running totals, for in()
};

PixelChanges compare_pages(const Raster& old_page, const Raster& new_page);

/// A PDF read back. poppler is loaded only when the first one is opened: it lives in
/// libcardstock-pdf.so (diff/poppler_pages.cpp), beside the program, so that every other command,
/// and every process of a parallel build, starts without loading poppler and the
/// libraries it needs (a fifth of the program's start-up).
class PdfFile {
 public:
  /// Parses `bytes` (kept by the object: poppler reads from them). nullptr with an error
  /// at `at` ("it does not parse as a PDF", "it is encrypted", "it has 90000 pages; the
  /// limit is 50000", or why the PDF reader could not be loaded) when it cannot be compared.
  static std::unique_ptr<PdfFile> open(std::string bytes, const Mark& at, Diagnostics& d);
  virtual ~PdfFile() = default;
  virtual int pages() const = 0;
  /// Page `i` (0-based) drawn at `dpi`; false with *err if it cannot be (a page larger
  /// than kMaxPdfPagePt or kMaxPagePixels at that resolution, or poppler failed). Words,
  /// as PdfBackend's: this is implemented in the module.
  virtual bool render(int i, double dpi, Raster* out, std::string* err) const = 0;
  /// Page `i`'s size in points (its crop box).
  virtual bool page_size(int i, double* w, double* h) const = 0;
};

/// What libcardstock-pdf.so gives (its one exported symbol, kPdfBackendSymbol, returns
/// it): both sides are built together, from this header. Its errors are words in *err,
/// which the program's side reports.
struct PdfBackend {
  /// Parses bytes that start with "%PDF-" and are within kMaxDiffFileBytes.
  std::unique_ptr<PdfFile> (*open)(std::string bytes, std::string* err);
};
inline constexpr const char* kPdfBackendSymbol = "cardstock_pdf_backend_v1";
inline constexpr const char* kPdfBackendFile = "libcardstock-pdf.so";

/// Writes `r` as a PNG file at `path` (the caller has checked where that is), every byte
/// checked. False with an error at `at` naming `path` and the system's reason ("No space
/// left on device") on failure; a partial file is then removed.
bool save_png(const Raster& r, const std::string& path, const Mark& at, Diagnostics& d);

}  // namespace cardstock
