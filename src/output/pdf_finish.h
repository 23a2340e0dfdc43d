// pdf_finish: the pass every PDF goes through after it is drawn. qpdf (a real PDF
// library) puts a PDF drawn in pieces together (shared card art placed as form XObjects,
// render/pdf.h PdfPieces); sets each page's TrimBox and, where the page has bleed, its
// BleedBox from the planned PageBoxes, which Cairo cannot write; and writes the file
// anew: clean for `qpdf --check` (Cairo 1.16 lists an image placed several times on a
// page once per placement in the page's resources, "dictionary has duplicated key",
// which strict readers and print-shop preflight refuse), its small objects packed into
// object streams when asked, with an /ID derived from the content so the bytes stay
// reproducible. Errors come back as text.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "layout/pages.h"
#include "render/pdf.h"

namespace cardstock {

struct PdfFinish {
  std::string date;          // ISO 8601 ("2026-01-01T00:00:00Z"); set as the document's dates when
  bool set_dates = false;    // set_dates (a file another program wrote, e.g. Ghostscript)
  std::string title;         // also set when set_dates
  bool object_streams = false;  // pack the small objects (page dictionaries, resources) into
                                // compressed object streams (PDF 1.5; not for PDF/X-1a)
};

/// Reads the PDF in `bytes` (or, with from_file, the file of that name), gives each page
/// the boxes of the page planned for it, and writes the result to `path`. False with
/// *err set if the PDF cannot be read, its page count is not the plan's, or `path`
/// cannot be written.
/// With `pieces` (a PDF render_pdf_bytes drew in pieces), the pages are first put
/// together: each drawn page becomes a form XObject, and each planned page places its
/// runs and shared drawings in order, so a drawing shown a hundred times is in the file
/// once.
/// With `book` as well, parts that name the book's pages place forms copied from it: a
/// drawing and what it uses (fonts, images) once in each file that shows it.
class PdfBook;
bool finish_pdf(const std::string& bytes, bool from_file, const std::vector<PlannedPage>& pages,
                const PdfFinish& how, const std::string& path, std::string* err,
                const PdfPieces* pieces = nullptr, PdfBook* book = nullptr);

/// A PDF read once, each page made a form XObject, for every PDF of the build that places
/// its pages: a drawn ArtBook (render/art_book.h), or a finished booklet whose pages an imposed
/// booklet shows. It owns its bytes; copying from it changes nothing a later copy sees.
class PdfBook {
 public:
  /// The book of `bytes`, or nullptr with *err set if they are not a PDF qpdf can read;
  /// `what` names it in messages ("the shared card art", "'rules-a5.pdf'").
  static std::unique_ptr<PdfBook> open(std::string bytes, const std::string& what, std::string* err);
  ~PdfBook();
  size_t pages() const;
  /// The height of page k (points; its MediaBox), to place it on a page with y up.
  double page_height(size_t k) const;
  /// The width of page k (points; its MediaBox), to turn it about its centre.
  double page_width(size_t k) const;
  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  explicit PdfBook(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// The rectangle `r` (points, origin top-left, y down) as a PDF box [x0 y0 x1 y1] on a
/// page `page_height` tall (origin bottom-left, y up).
std::vector<double> pdf_box(const Rect& r, double page_height);

}  // namespace cardstock
