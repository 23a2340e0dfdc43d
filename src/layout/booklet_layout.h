// booklet_layout: pure geometry for rule booklets. Paginates a parsed booklet into pages
// of drawing items (headings kept with what follows, no single widow or orphan lines,
// running heads, folios, cover, contents) and imposes pages for saddle stitching.
// Points, origin top-left, y down. Text sizes come through TextMeasurer; no Cairo here.
#pragma once
#include <string>
#include <vector>

#include "base/diag.h"
#include "model/booklet.h"
#include "layout/hyphenate.h"
#include "layout/layout.h"
#include "layout/text_measure.h"

namespace cardstock {

/// What home printers leave unprinted at every edge of a sheet (a quarter inch, points):
/// nothing of a booklet page is drawn nearer its edge.
inline constexpr double kBookletPrintMargin = 18;

struct BookletMargins {
  double top = 0, bottom = 0, inner = 0, outer = 0;
};

/// The margins used for a page of this size: about half an inch, a little more at the
/// spine and foot, scaled with the page.
BookletMargins booklet_margins(double page_w, double page_h);

/// A card drawn on a booklet page.
struct PlacedCard {
  FigureCard card;
  Rect trim;
  double scale = 1;
};

struct BookletPage {
  int number = 0;          // 1-based page number (the cover is page 1)
  std::string role;        // "cover", "contents" or "body"
  Rect text_area;          // where body text may go (empty on the cover)
  Rect head, foot;         // running head and folio lines (empty when not printed)
  Rect band;               // the cover's title band (empty on other pages)
  std::string section;     // the section the page belongs to (running head)
  std::vector<ArtItem> underlay;  // drawn before the cards (cover band, shadows)
  std::vector<ArtItem> items;     // drawn over them (labels, leaders, text)
  std::vector<PlacedCard> cards;
};

struct BookletLayout {
  double width = 0, height = 0;
  std::vector<BookletPage> pages;
  std::vector<std::pair<std::string, int>> contents;  // section title, page number
};

/// Body pages beyond which a contents page is added after the cover.
inline constexpr int kContentsAfterPages = 8;

/// Lays `b` out on pages of `page_w` x `page_h`. `h` (may be null) hyphenates text. Blocks
/// taller than a page are still placed and reported as warnings at their mark.
BookletLayout layout_booklet(const Booklet& b, double page_w, double page_h, const TextMeasurer& m,
                             const Hyphenator* h, Diagnostics& d);

/// `pages` rounded up to a multiple of 4 (at least 4).
int padded_page_count(int pages);

/// One side of a folded sheet: the booklet pages on its left and right halves (1-based;
/// a number above the real page count is a blank).
struct SheetSide {
  int left = 0, right = 0;
  bool back = false;
};

/// The sides to print, in order (sheet 1 front, sheet 1 back, sheet 2 front...), for a
/// saddle-stitched booklet of `pages` pages: nested sheets, folded together, read 1..N.
std::vector<SheetSide> saddle_stitch_sides(int pages);

/// Where the two pages of a side go on a landscape sheet: side by side, meeting at the
/// sheet's centre line (the fold), centred vertically. Fold marks are short lines on the
/// centre line at the top and bottom edges, on front sides only.
struct ImposedSide {
  SheetSide side;
  Rect left, right;
  std::vector<CutSegment> folds;
};

/// How the sheets are made up: `creep` (points) moves the pages of sheet s (0 the
/// outermost) s x creep towards the fold, as the paper inside pushes each sheet out;
/// `right_bound` swaps the halves of every side, so the spine is on the right and page 1
/// is the left half of the outer sheet's front.
struct ImposeOptions {
  double creep = 0;
  bool right_bound = false;
};

/// The sides of a saddle-stitched booklet of `pages` pages imposed on the sheet; no sides
/// and `error` saying why when two pages do not fit across the sheet.
struct Imposition {
  std::vector<ImposedSide> sides;
  std::string error;
};
Imposition impose_saddle_stitch(int pages, double page_w, double page_h, double sheet_w, double sheet_h,
                                const ImposeOptions& opt = {});

/// The card-local box of the first item of `art` drawn by a layer of `design` whose
/// text, image or colour template uses `{field}`; w = 0 if there is none.
Rect field_anchor(const Design& design, const CardArt& art, const std::string& field);

}  // namespace cardstock
