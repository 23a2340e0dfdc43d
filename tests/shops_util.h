// Helpers for the print-shop tests: page boxes read back from a PDF (poppler), `qpdf
// --check` run on a file, PNG headers and the files of an output folder.
#pragma once
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <vector>

#include "layout/layout.h"
#include "output_util.h"

namespace cardstock::testing {

/// A page's boxes as read back, in points, origin top-left (as the planner wrote them).
struct ReadBoxes {
  Rect media, trim, bleed;
};

inline Rect top_left(const poppler::rectf& r, double page_h) {
  return {r.x(), page_h - (r.y() + r.height()), r.width(), r.height()};
}

/// Every page's MediaBox, TrimBox and BleedBox (poppler gives the CropBox for a box a
/// page does not have, and the MediaBox for a missing CropBox).
inline std::vector<ReadBoxes> read_boxes(const std::filesystem::path& pdf) {
  std::vector<ReadBoxes> out;
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc) return out;
  for (int i = 0; i < doc->pages(); ++i) {
    std::unique_ptr<poppler::page> p(doc->create_page(i));
    const auto m = p->page_rect(poppler::media_box);
    const double h = m.y() + m.height();
    out.push_back({top_left(m, h), top_left(p->page_rect(poppler::trim_box), h),
                   top_left(p->page_rect(poppler::bleed_box), h)});
  }
  return out;
}

/// What `qpdf --check FILE` printed (stdout and stderr) and its exit status.
struct QpdfCheck {
  int status = -1;
  std::string output;
  /// Clean: exit 0, no warning, and qpdf's own "no errors" line.
  bool clean() const {
    return status == 0 && output.find("WARNING") == std::string::npos &&
           output.find("No syntax or stream encoding errors found") != std::string::npos;
  }
};

inline QpdfCheck qpdf_check(const std::filesystem::path& pdf) {
  const std::string cmd = "qpdf --check '" + pdf.string() + "' 2>&1";
  QpdfCheck r;
  FILE* f = popen(cmd.c_str(), "r");
  if (!f) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) r.output.append(buf.data(), n);
  const int st = pclose(f);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

/// The PDF as plain text, as `qpdf --qdf --object-streams=disable` writes it: every object
/// on its own, streams uncompressed (cardstock packs small objects, page dictionaries
/// and the document information among them, into compressed object streams). "" if
/// qpdf fails.
inline std::string plain_pdf(const std::filesystem::path& pdf) {
  const std::string cmd = "qpdf --qdf --object-streams=disable '" + pdf.string() + "' - 2>/dev/null";
  std::string out;
  FILE* f = popen(cmd.c_str(), "r");
  if (!f) return out;
  std::array<char, 65536> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) out.append(buf.data(), n);
  const int st = pclose(f);
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? out : std::string();
}

/// Width and height of a PNG file from its IHDR chunk (0 x 0 if it is not a PNG).
struct PngSize {
  unsigned width = 0, height = 0;
  int bit_depth = 0, color_type = -1;
};

inline PngSize png_size(const std::string& bytes) {
  PngSize s;
  if (bytes.size() < 33 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || bytes.compare(12, 4, "IHDR") != 0)
    return s;
  auto be32 = [&](size_t at) {
    return (unsigned(static_cast<unsigned char>(bytes[at])) << 24) |
           (unsigned(static_cast<unsigned char>(bytes[at + 1])) << 16) |
           (unsigned(static_cast<unsigned char>(bytes[at + 2])) << 8) | unsigned(static_cast<unsigned char>(bytes[at + 3]));
  };
  s.width = be32(16);
  s.height = be32(20);
  s.bit_depth = static_cast<unsigned char>(bytes[24]);
  s.color_type = static_cast<unsigned char>(bytes[25]);
  return s;
}

/// The names of the files directly in `dir`, sorted.
inline std::vector<std::string> files_in(const std::filesystem::path& dir) {
  std::vector<std::string> v;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) v.push_back(e.path().filename().string());
  std::sort(v.begin(), v.end());
  return v;
}

/// A dtc-poker PDF of `pages` pages: every page 2.75 x 3.75 in, TrimBox the 2.5 x 3.5 in
/// card 1/8 in in, BleedBox the page.
inline void expect_dtc_poker_boxes(const std::filesystem::path& pdf, size_t pages) {
  const auto boxes = read_boxes(pdf);
  ASSERT_EQ(boxes.size(), pages);
  for (const auto& b : boxes) {
    EXPECT_NEAR(b.media.w, 198, 1e-3);
    EXPECT_NEAR(b.media.h, 270, 1e-3);
    EXPECT_NEAR(b.trim.x, 9, 1e-3);
    EXPECT_NEAR(b.trim.y, 9, 1e-3);
    EXPECT_NEAR(b.trim.w, 180, 1e-3);
    EXPECT_NEAR(b.trim.h, 252, 1e-3);
    EXPECT_NEAR(b.bleed.w, 198, 1e-3);
    EXPECT_NEAR(b.bleed.h, 270, 1e-3);
  }
}

/// A shipped game built on one stock into a fresh folder `dir` (each test builds what it
/// reads, no more), with any `extra` options.
struct StockBuild {
  std::filesystem::path out;
  Run run;
};
inline StockBuild build_on_stock(const std::string& game, const std::string& stock, const std::string& dir,
                                 const std::vector<std::string>& extra = {}) {
  StockBuild b;
  b.out = fresh_dir(dir);
  std::vector<std::string> args = {"build", "content/" + game + ".yaml", "-o", b.out.string(), "--stock", stock};
  args.insert(args.end(), extra.begin(), extra.end());
  b.run = run_cardstock(args, source_dir());
  return b;
}

}  // namespace cardstock::testing
