// booklet_pieces: what the steps of laying out a booklet share, internal to src/layout.
// layout_booklet (booklet_layout.cpp) runs them in order: each block is set into measured
// lines (booklet_setting.cpp; tables and figures in booklet_tables.cpp and
// booklet_figures.cpp), cut into pieces, the pieces broken into body pages with running
// heads (booklet_pages.cpp) and drawn (booklet_drawing.cpp); the cover and contents come
// from booklet_cover.cpp, and booklet_fonts.cpp reports the drawn texts' font issues.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "layout/art_items.h"
#include "layout/booklet_layout.h"

namespace cardstock::booklet_impl {

inline const Color kInk{0.13, 0.13, 0.13, 1};
inline const Color kGrey{0.42, 0.42, 0.42, 1};
inline const Color kLight{0.78, 0.78, 0.78, 1};
inline const Color kWhite{1, 1, 1, 1};
inline const Color kNone = kNoPaint;

inline constexpr double kListIndent = 15;
// Pango does not count the hyphen it draws at a soft-hyphen break into the line's width,
// so justified text is set this much narrower and the hyphen stays inside the measure.
inline constexpr double kHyphenRoom = 4;
inline constexpr double kCalloutPad = 8, kCalloutBar = 3;
inline constexpr double kCellPadX = 4, kCellPadY = 2.5;
inline constexpr double kCaptionGap = 4;
inline constexpr double kFigureGap = 10;
inline constexpr double kLabelGap = 26;

/// `c` with alpha `a`.
Color tint(Color c, double a);
/// A markup text drawn in `box`.
ArtItem text_item(const std::string& markup, const TextStyle& st, const Rect& box, const Color& c,
                  VAlign va = VAlign::Top);

/// Styles of every part of a booklet, from its fonts.
struct Styles {
  TextStyle body, h1, h2, callout, cell, cell_head, caption, label, head, folio, cover_title,
      cover_sub, cover_line, bullet;
  Color accent;
  explicit Styles(const Booklet& b);
};

/// What every step reads: the booklet, its page size, margins and text area, its styles,
/// the measurer and the hyphenator (may be null).
struct BookletFrame {
  BookletFrame(const Booklet& b, double w, double h, const TextMeasurer& m, const Hyphenator* hy);
  const Booklet& b;
  double w, h;  // the page
  const TextMeasurer& m;
  const Hyphenator* hy;
  Styles s;
  BookletMargins mg;
  double area_w = 0, area_h = 0;  // the text area
  double hang = 0;  // room kept for a break's hyphen at the end of justified lines

  /// Height of `t` set in `st` at width `w`.
  double text_h(const std::string& t, const TextStyle& st, double w) const;
  /// `markup` with soft hyphens, if there is a hyphenator.
  std::string hyph(const std::string& markup) const;
  /// The text area of page `number`: the wider margin at the spine.
  Rect area_of(int number) const;
  /// True if page `number`'s spine is on its left: odd pages, or even ones when the
  /// booklet is bound on the right.
  bool spine_left(int number) const;
};

/// Mirrors a page laid out left to right into a right-to-left one about the vertical
/// line x = `cx`: its underlay, its cards and its items from `first_item` on (those
/// before, the running head and folio, are placed for their side already), with left
/// and right alignment swapped.
void mirror_items(BookletPage& page, double cx, size_t first_item);

/// A block made ready for pagination: text hyphenated, sizes measured, pieces known.
struct Prepared {
  const Block* block = nullptr;
  std::string text;                         // hyphenated markup (paragraph, item, heading)
  std::vector<std::string> paragraphs;      // callout
  std::vector<double> lines;                // line heights (paragraph, item)
  double height = 0;                        // whole height (heading, callout, table, figure)
  std::vector<double> para_heights;         // callout paragraphs
  std::vector<double> col_widths;           // table
  std::vector<double> row_heights;          // table: header first
  double caption_h = 0;
  double fig_scale = 1, fig_cards_h = 0;    // figure
  double before = 0, after = 0;
};

/// What pagination moves: a line of a paragraph or list item, a row of a table taller
/// than a page (`part`), else a whole block (`part` -1, or 0 for a heading).
struct Piece {
  size_t block = 0;
  int part = 0;
  double h = 0, before = 0;
  bool keep_with_next = false, force_break = false;
};

/// A piece on a page.
struct Placed {
  size_t piece;
  double y;  // top of the piece, from the text area's top
};

using Contents = std::vector<std::pair<std::string, int>>;  // section title, page number

// booklet_setting.cpp
/// `blk` hyphenated and measured for the frame's text area.
Prepared prepare_block(const BookletFrame& f, const Block& blk);
/// The blocks cut into pieces, with the space before each and the widow, orphan and
/// keep-with-next rules as `keep_with_next` (no page break after that piece).
std::vector<Piece> cut_pieces(const std::vector<Prepared>& prepared, double area_h);

// booklet_tables.cpp
/// A table's column widths, row heights (header first), caption height and spacing.
void prepare_table(const BookletFrame& f, Prepared& p);
/// Draws rows r0..r1 of a table (row 0 is the header) from (x0, top); a continued table
/// repeats no header. The closing rule and caption come after the last row.
void draw_table(const BookletFrame& f, const Prepared& p, int r0, int r1, double x0, double top,
                BookletPage& page);

// booklet_figures.cpp
/// A figure's card scale, height and caption height.
void prepare_figure(const BookletFrame& f, Prepared& p);
/// Draws a figure's cards in a row at `top` of text area `a`, its labels with their
/// leaders, and its caption.
void draw_figure(const BookletFrame& f, const Prepared& p, const Rect& a, double top, BookletPage& page);

// booklet_drawing.cpp
/// Draws the pieces placed on a body page, block by block; every item drawn for a block
/// carries the block's source mark.
void draw_body(const BookletFrame& f, const std::vector<Prepared>& prepared, const std::vector<Piece>& pieces,
               const std::vector<Placed>& placed, BookletPage& page);

// booklet_pages.cpp
/// The body laid out after the cover (and the contents page when `contents`): pieces
/// broken into pages, running heads, folios, drawn blocks. Warns of a block taller than
/// a page at its mark.
BookletLayout paginate(const BookletFrame& f, const std::vector<Prepared>& prepared,
                       const std::vector<Piece>& pieces, bool contents, Diagnostics& d);

// booklet_cover.cpp
/// Page 1: title band, cover cards, what the game prints.
BookletPage cover_page(const BookletFrame& f);
/// Page 2: the level-1 headings with their page numbers.
BookletPage contents_page(const BookletFrame& f, const Contents& entries);

// booklet_fonts.cpp
/// Reports the font issues of every text drawn on `layout`'s pages that has a source, at
/// the character in the Markdown when it is there.
void report_booklet_font_issues(const Booklet& b, const TextMeasurer& m, const BookletLayout& layout,
                                Diagnostics& d);

}  // namespace cardstock::booklet_impl
