// report: the review folder `cardstock diff -o DIR` writes: index.html (self-contained:
// no script, no font or style from the network) and img/, the old page, the new page and
// the differences of every changed page as PNGs. Only index.html and img/NNNN-*.png are
// written, each checked to lie inside DIR.
#pragma once
#include <string>

#include "base/diag.h"
#include "diff/diff.h"
#include "diff/pdf_pages.h"

namespace cardstock {

/// Writes the pictures of a report: up to `budget` pages, each one to three PNGs in
/// DIR/img/. Pictures left there by an earlier report are removed first.
class PictureWriter {
 public:
  PictureWriter(std::string report_dir, long budget);
  /// False (with an error at the report folder) if the folder cannot be made or cleaned.
  bool prepare(Diagnostics& d);
  bool enabled() const { return !dir_.empty(); }
  /// True while pages may still be pictured; counts the ones that may not.
  bool take();
  /// Writes `r` as img/NNNN-<part>.png for the page taken last; its path relative to the
  /// report folder in *rel. False with an error at the report folder; after one failure,
  /// false with no more errors.
  bool write(const Raster& r, const std::string& part, std::string* rel, Diagnostics& d);
  long pictured() const { return taken_; }
  long refused() const { return refused_; }

 private:
  std::string dir_;
  long budget_, taken_ = 0, refused_ = 0;
  bool failed_ = false;  // a picture could not be written: no more are tried
};

/// A picture of the differences between two pages drawn at the same resolution: `base`
/// (the new page) faded, the pixels `c` says differ tinted (blue: ink only in the new
/// page, red: ink only in the old one, amber: a colour changed), and `boxes` (pixels)
/// outlined.
Raster difference_picture(const Raster& base, const PixelChanges& c, const std::vector<PageBox>& boxes);

/// Removes the pictures a report writes (img/NNNN-old.png and the like) from
/// `report_dir`: before a new report, and after one that failed, so none is left behind.
void drop_report_pictures(const std::string& report_dir);

/// Writes DIR/index.html for `r`. False with an error at the report folder.
bool write_report_html(const DiffResult& r, const DiffOptions& o, Diagnostics& d);

}  // namespace cardstock
