#include "diff/pdf_pages.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <vector>

#include "base/files.h"
#include "base/os/library.h"
#include "base/os/process.h"
#include "render/png.h"

namespace cardstock {

namespace {

// libcardstock-pdf.so, loaded once, by absolute path (never by the library search path,
// never from the working folder): beside the program (the build folder), where an
// installed program keeps it (<prefix>/bin/../lib/cardstock, wherever the prefix was
// moved), where `cmake --install` put it, and above the program's folder (the build
// folder, for the test programs in build/tests/). Null with *err saying why.
const PdfBackend* backend(std::string* err) {
  static const PdfBackend* loaded = nullptr;
  static std::string why;
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> tried;
    const std::string exe = program_path();
    const std::filesystem::path bin = std::filesystem::path(exe).parent_path();
    if (!exe.empty()) {
      tried.push_back((bin / kPdfBackendFile).string());
      tried.push_back((bin / CARDSTOCK_PDF_MODULE_FROM_BIN / kPdfBackendFile).lexically_normal().string());
    }
    tried.push_back(std::string(CARDSTOCK_INSTALLED_PDF_MODULE_DIR) + "/" + kPdfBackendFile);
    if (!exe.empty()) tried.push_back((bin.parent_path() / kPdfBackendFile).string());
    std::error_code ec;
    void* h = nullptr;
    std::string looked;
    for (const auto& t : tried) {
      looked += (looked.empty() ? "" : ", ") + t;
      // Only a file that is there is opened: dlopen's own message for a missing one is
      // noise, and one that is there but broken is what must be told.
      if (!std::filesystem::is_regular_file(t, ec)) continue;
      const char* e = nullptr;
      if ((h = os::open_library(t, &e))) break;
      why = std::string("the PDF reader ") + t + " could not be loaded (" + (e ? e : "unknown") +
            "); reinstall cardstock";
      return;
    }
    if (!h) {
      why = std::string("the PDF reader ") + kPdfBackendFile + " was not found (looked in " + looked +
            "); reinstall cardstock";
      return;
    }
    using Get = const PdfBackend* (*)();
    auto get = reinterpret_cast<Get>(os::library_symbol(h, kPdfBackendSymbol));
    if (!get) {
      why = std::string("the PDF reader ") + kPdfBackendFile + " is not this cardstock's; reinstall cardstock";
      return;
    }
    loaded = get();
  });
  if (!loaded) *err = why;
  return loaded;
}

}  // namespace

std::unique_ptr<PdfFile> PdfFile::open(std::string bytes, const Mark& at, Diagnostics& d) {
  if (bytes.size() > static_cast<size_t>(kMaxDiffFileBytes)) {
    d.error(at, "it is larger than the " + std::to_string(kMaxDiffFileBytes >> 20) + " MB limit");
    return nullptr;
  }
  if (bytes.compare(0, 5, "%PDF-") != 0) {
    d.error(at, "it is not a PDF (it does not start with '%PDF-')");
    return nullptr;
  }
  std::string why;
  const PdfBackend* b = backend(&why);
  std::unique_ptr<PdfFile> pdf = b ? b->open(std::move(bytes), &why) : nullptr;
  if (!pdf) d.error(at, why);
  return pdf;
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

bool save_png(const Raster& r, const std::string& path, const Mark& at, Diagnostics& d) {
  // Encoded here and written by write_file, not by libpng on a FILE: its write errors
  // reach stderr as "libpng error: Write Error" and leave a short file.
  std::string png, why = r.width > 0 && r.height > 0 ? "" : "an empty picture";
  if (why.empty())
    why = encode_png(reinterpret_cast<const unsigned char*>(r.px.data()), r.width, r.height, r.width * 4, 0, &png);
  if (why.empty() && write_file(path, png, &why)) return true;
  std::error_code ec;
  std::filesystem::remove(path, ec);
  d.error(at, "cannot write " + path + ": " + why);
  return false;
}

}  // namespace cardstock
