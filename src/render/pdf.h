// Drawing laid-out pages into PDF files, whole or in pieces for output/ to put together.
// Units are points; errors are reported to Diagnostics (at the file), never thrown.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "layout/pages.h"
#include "render/art_book.h"
#include "render/typesetter.h"

namespace cardstock {

struct PdfInfo {
  std::string title;
  std::string creator;       // "cardstock 0.1.0"
  std::string date;          // ISO 8601, pinned for reproducible output
  double width = 0, height = 0;
  /// Called after each page is drawn with how many are (may be empty): for progress.
  std::function<void(size_t drawn)> page_drawn;
};

/// A PDF drawn in pieces, for output/ (pdf_finish) to put together: card art shown more
/// than once in the document, and an SVG picture several cards show, is drawn once, on a
/// page of its own, instead of on every page that shows it. Page numbers count from 0 in
/// the drawn PDF.
struct PdfPieces {
  struct Part {
    int drawn = -1;     // >= 0: this drawn page, whole, at the page's origin
    int art = -1;       // >= 0: shared drawing `art`, placed by the operators in `place`,
    std::string place;  // which clip to its bleed and map the default space of the
                        // drawing's page into this page's (PDF space, y up)
    int book = -1;      // >= 0: page `book` of the ArtBook, placed as `art` is
  };
  struct Page {
    double width = 0, height = 0;  // points
    std::vector<Part> parts;       // in drawing order
  };
  std::vector<Page> pages;     // one per planned page
  std::vector<int> art_pages;  // the drawn page holding shared drawing k
  bool from_book = false;      // some part is a page of the ArtBook
  /// False when nothing was shared: the drawn PDF is the document as it is.
  bool pieced() const { return !art_pages.empty() || from_book; }
};

/// Draws `pages` into a new PDF at `path`, each at its own size (the first page, and
/// pages with no size, at info's). Card art is drawn within each card's bleed rectangle,
/// turned by its rotation; text and images come from `ts`. False with an error at `path`
/// on failure.
bool render_pdf(const std::string& path, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                const Typesetter& ts, Diagnostics& d);

/// The same PDF into *bytes instead of a file (for a pass that rewrites it: page boxes).
/// With `pieces`, art and SVG pictures of cards shown more than once are drawn once and
/// *pieces says how to put the pages together (nothing is shared: pieces->pieced() is
/// false and the bytes are the document). With `book` as well, card art the book holds
/// is not drawn at all: its parts name the book's pages. Errors are at info.title.
bool render_pdf_bytes(std::string* bytes, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                      const Typesetter& ts, Diagnostics& d, PdfPieces* pieces = nullptr,
                      const ArtBook* book = nullptr);

}  // namespace cardstock
