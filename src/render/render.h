// render: the only code that includes Cairo, Pango, fontconfig or librsvg. Draws laid-out
// pages into PDF files. Units are points; errors are returned as text, never thrown.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/diag.h"
#include "base/input_limits.h"
#include "layout/layout.h"
#include "layout/pages.h"
#include "model/model.h"
#include "layout/text_measure.h"

namespace cardstock {

/// The private font set: a fontconfig configuration holding exactly the files listed in
/// templates/fonts.yaml, so installing other fonts never changes the output.
class Fonts {
 public:
  /// Missing font files are reported as errors at `where`.
  static std::unique_ptr<Fonts> load(const FontSet& set, const Mark& where, Diagnostics& d);
  ~Fonts();
  Fonts(const Fonts&) = delete;
  Fonts& operator=(const Fonts&) = delete;
  struct Impl;
  Impl* impl() const { return impl_.get(); }

 private:
  explicit Fonts(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// What a game's outputs are set with: one Pango context over the private fonts, the text
/// it has set and the images it has decoded. render_pdf draws the very layout measure()
/// made, so a text is shaped once however many outputs show it. Kept text is bounded by
/// `cache_bytes` (an estimate; the oldest is dropped first) and never changes a drawn
/// byte: a dropped text is set again identically. Not for use from two threads.
class Typesetter : public Measurer {
 public:
  static constexpr size_t kDefaultCacheBytes = size_t(48) << 20;
  explicit Typesetter(const Fonts& fonts, size_t cache_bytes = kDefaultCacheBytes);
  ~Typesetter() override;
  Typesetter(const Typesetter&) = delete;
  Typesetter& operator=(const Typesetter&) = delete;
  TextExtent measure(const std::string& text, const TextStyle& style,
                     double wrap_width) const override;
  std::vector<double> line_heights(const std::string& text, const TextStyle& style,
                                   double wrap_width) const override;
  /// Which fonts drew `text`, as set for measuring (see FontIssue and fonts.yaml's
  /// `scripts` and `fallback`).
  std::vector<FontIssue> font_issues(const std::string& text, const TextStyle& style,
                                     double wrap_width) const override;
  /// Opens and decodes an image (SVG or PNG) within the limits of images.h and keeps it
  /// for drawing. Returns false with *err saying why it cannot be used, as words to
  /// follow the image's name: "is damaged or cut short: its pixels cannot be decoded".
  bool check_image(const std::string& path, std::string* err) const override;
  /// Lets go of the kept text and the decoded images, when nothing more is to be drawn
  /// with them (the build, once its last output of the game is drawn, before that file's
  /// finishing pass). Drawing after this still works: text is set and images decoded again.
  void let_go();
  /// How often set text was found kept (for tests and benchmarks).
  struct Stats {
    long sets = 0, hits = 0;
  };
  Stats stats() const;
  struct State;
  State* state() const { return state_.get(); }

 private:
  std::unique_ptr<State> state_;
};

struct PdfInfo {
  std::string title;
  std::string creator;       // "cardstock 0.1.0"
  std::string date;          // ISO 8601, pinned for reproducible output
  double width = 0, height = 0;
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

/// Card art that several PDFs of one build show (a deck's sheets on Letter and on A4,
/// its labels), each of them every art more than once: each drawing drawn once for them
/// all, on a page of its own as PdfPieces' shared drawings are, so that each of those
/// PDFs copies the drawings it places (output/pdf_finish.h PdfBook) instead of drawing
/// them again. Page k of `bytes` holds the art whose key (layout/art_key.h, at its card
/// size) `page_of` maps to k; no page and no bytes when some output shows an art once.
struct ArtBook {
  std::string bytes;
  std::unordered_map<std::string, int> page_of;
};

/// Draws into *book every distinct card art of `outputs`, in order of first appearance
/// (the same outputs give the same bytes), if each output shows each of its arts more
/// than once; else leaves it empty. False with *err set on failure.
bool render_art_book(ArtBook* book, const std::vector<const std::vector<PlannedPage>*>& outputs,
                     const Typesetter& ts, std::string* err);

/// Draws `pages` into a new PDF at `path`, each at its own size (the first page, and
/// pages with no size, at info's). Card art is drawn within each card's bleed rectangle,
/// turned by its rotation; text and images come from `ts`. Returns false with *err set
/// on failure.
bool render_pdf(const std::string& path, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                const Typesetter& ts, std::string* err);

/// The same PDF into *bytes instead of a file (for a pass that rewrites it: page boxes).
/// With `pieces`, art and SVG pictures of cards shown more than once are drawn once and
/// *pieces says how to put the pages together (nothing is shared: pieces->pieced() is
/// false and the bytes are the document). With `book` as well, card art the book holds
/// is not drawn at all: its parts name the book's pages.
bool render_pdf_bytes(std::string* bytes, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                      const Typesetter& ts, std::string* err, PdfPieces* pieces = nullptr,
                      const ArtBook* book = nullptr);

/// Draws one planned page into *png: an 8-bit RGB PNG of `width` x `height` pixels (the
/// page scaled to fill it, white where nothing is drawn) whose pHYs chunk says `dpi`.
/// The same page and sizes give the same bytes. False with *err set on failure.
bool render_png(const PlannedPage& page, int width, int height, double dpi, const Typesetter& ts,
                std::string* png, std::string* err);

}  // namespace cardstock
