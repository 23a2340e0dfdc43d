// layout: pure geometry. Card art resolved per card (fields expanded, text fitted) and
// sheets paginated into placements and cut guides. Points, origin top-left, y down.
// No Cairo here; text sizes come through TextMeasurer.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "model/model.h"
#include "layout/text_measure.h"
#include "model/board.h"

namespace cardstock {

struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
  bool contains(const Rect& o, double eps = 1e-6) const;
};

/// One resolved drawing item of a card, in card-local points (origin at trim top-left).
struct ArtItem {
  LayerType type = LayerType::Rect;
  Rect box;
  Color fill, stroke, color;
  double stroke_width = 0, radius = 0;
  std::string text;
  TextStyle style;
  VAlign valign = VAlign::Top;
  bool overflow = false;
  std::string image;  // resolved path
  Fit fit = Fit::Contain;
  BleedFill bleed_fill = BleedFill::None;  // a picture shaped like the trim gets bleed (`fill` if Colour)
  double bleed = 0;   // with bleed_fill: the card's bleed in points, inside `box` on each side
  int rotate = 0;     // clockwise degrees about the box centre
  int layer = -1;     // index of the design layer that drew it (-1: not from a design)
  // Text only: draw lines [first_line, first_line + line_count) of the set text at the
  // top of the box (a paragraph split across pages); line_count 0 draws every line.
  int first_line = 0, line_count = 0;
  Mark source;        // generated text (booklets): where it was written, for diagnostics
};

struct CardArt {
  Color background{0, 0, 0, 0, true};
  std::vector<ArtItem> items;
  /// The boxes layout placed (anchored or inset layers, stacks and their children) of the
  /// layers shown, by index into the design's layers: the manifest's and proofs' account.
  struct Box {
    int layer = -1;
    Rect box;
  };
  std::vector<Box> placed;
};

/// A {field} that cards of a deck lack, where a design's text uses it, or (`colour`) a
/// colour template whose values are no colour on some cards: gathered over the deck's
/// cards by resolve_card and said once by report_field_misses.
struct FieldMiss {
  Mark at;  // the text that uses it
  std::string design, field;  // colour: field is the template ("{tint}")
  std::vector<const Card*> cards;  // those without it (or whose colour is none), in deck order
  bool colour = false;
  std::vector<std::pair<std::string, Mark>> values;  // colour: each card's value and its place
};

/// Resolves `design` for `card`: expands {fields}, resolves colours, checks its images
/// as loading found them (Game::images; no disk access here) and fits text with `m`.
/// Problems are reported at the card's (or layer's) mark; a missing {field} of a card
/// written in the game file is added to *misses if given (else reported for the card).
CardArt resolve_card(const Game& g, const Deck& deck, const Card& card, const Design& design,
                     const TextMeasurer& m, Diagnostics& d, std::vector<FieldMiss>* misses = nullptr);

/// The card fields resolve_card reads for `design`: the {field}s of its templates (its
/// background; each layer's when, fill, stroke, text, color, src, bleed_colour and keys
/// read per card), sorted, each once; null if a template is malformed (then any field
/// may count). Two cards equal in these (each present or not, and its value) resolve to
/// equal arts; only the messages differ (they name the card).
std::optional<std::vector<std::string>> design_fields(const Design& design);

/// One error a missing {field} of `deck`, at the text that uses it: how many cards lack
/// it (and which), what fields they have, and the one likely meant. One error a colour
/// template whose values are no colour: each value, where it is, the colour likely meant.
void report_field_misses(const Game& g, const Deck& deck, const std::vector<FieldMiss>& misses, Diagnostics& d);

/// Where a problem with a value that `tmpl` made for `card` is best shown: at the card
/// field the template names first (the part that differs card to card), else at
/// `written` (the template's own place in the design).
Mark value_mark(const std::string& tmpl, const Mark& written, const Card& card);

/// The message for a font issue of a text: `shown` is the text the characters came from
/// (quoted in the message), `fix` the advice in brackets at its end. Missing characters
/// are an error, the rest warnings (see font_issue_is_error).
std::string font_issue_message(const FontIssue& f, const std::string& shown, const std::string& fix);
inline bool font_issue_is_error(const FontIssue& f) { return f.kind == FontIssue::Kind::Missing; }

/// The advice for a font issue of text whose font the templates or the booklet choose
/// (no layer to name another font in): `face_fix` for a missing face.
std::string set_font_fix(const FontIssue& f, const std::string& face_fix);

/// Reports the font issues of generated text items (answer keys, board titles) at `at`.
void report_item_font_issues(const std::vector<ArtItem>& items, const TextMeasurer& m, const Mark& at,
                             const std::string& face_fix, Diagnostics& d);

/// "A", "A or B", "A, B or C".
std::string or_list(const std::vector<std::string>& v);

/// The largest size in [min_size, size] at which `text` fits `box` (0.1 pt steps), and
/// whether it still overflows at that size.
struct FitResult {
  double size = 0;
  bool overflow = false;
};
FitResult fit_text(const std::string& text, TextStyle style, double box_w, double box_h,
                   double min_size, bool shrink, const TextMeasurer& m);

/// One printed copy of a card.
struct CardInstance {
  size_t card = 0;  // index into Deck::cards
  long copy = 1;    // 1-based copy number
};
std::vector<CardInstance> expand_instances(const Deck& deck);

struct Placement {
  size_t slot = 0;      // index into the instances list (of `deck`, when that is set)
  int deck = -1;        // >= 0: a card of this deck of the game, not the output's own
  Rect trim;            // the card's finished edge on the page
  Rect bleed;           // how far its art may be drawn
  int rotation = 0;     // clockwise degrees the card is turned on the page
  double scale = 1;     // the card is shown at this fraction of its size (previews)
  bool back = false;    // shows the card's back (fold-over stocks put backs on front pages)
  double tilt = 0;      // clockwise degrees the card is turned about its trim centre on top
                        // of `rotation` (a printer profile's rotation, cancelled)
};

enum class CutKind { Mark, Line, Fold };  // Fold: where a booklet sheet is folded

struct CutSegment {
  double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  CutKind kind = CutKind::Line;
};

/// A round cut guide (discs and round tokens).
struct CutCircle {
  double cx = 0, cy = 0, r = 0;
};

struct Point {
  double x = 0, y = 0;
};

/// A registration mark of a print-then-cut machine: a filled polygon (a square), or a
/// stroked polyline (an L, a frame when `closed`), in page points.
struct RegMark {
  std::vector<Point> points;
  bool filled = false, closed = false;
  double stroke = 0;  // line width, for stroked marks
};

struct Page {
  bool back = false;
  std::vector<Placement> placements;
  std::vector<CutSegment> cuts;
  std::vector<CutCircle> circles;
  std::vector<RegMark> registration;  // on front pages of a cutter stock
};

/// The six corners of the pointy-top regular hexagon inscribed in `box` (whose width is
/// its height x sqrt(3)/2), clockwise from the top point.
std::vector<Point> hex_corners(const Rect& box);

struct SheetLayout {
  double width = 0, height = 0;  // page size
  std::vector<Page> pages;
};

/// Gap between a crop mark and the bleed it points at.
inline constexpr double kMarkGap = 2.0;

/// Lays `count` card copies out on `stock`: fronts row-major, and when `backs` is set each
/// front page is followed by its back page, mirrored for the stock's duplex edge so each
/// back lands behind its own front. Cut guides are on front pages only.
SheetLayout layout_sheets(const Stock& stock, size_t count, bool backs);

/// The placement rectangles of one full front page, row-major (for tests and tools).
/// A fold-over stock's are its fronts.
std::vector<Rect> grid_slots(const Stock& stock);

/// What of a sheet lies inside the margin printers cannot print (Stock::margin), counted
/// on its fullest front page: cards (their trim; bleed may run off), cut guides (marks,
/// lines, fold lines and round guides) and registration marks; `closest` is the smallest
/// distance of any of them from the paper's edge, in points.
struct MarginIntrusions {
  int cards = 0, guides = 0, registration = 0;
  double closest = 0;
  bool any() const { return cards + guides + registration > 0; }
};
MarginIntrusions within_margin(const SheetLayout& sheets, double margin);

/// Where a point of a back page is drawn so that a printer with `profile`'s duplex
/// error prints it where it belongs: moved by the negated offset and turned by the
/// negated rotation about the page centre (`w` x `h`). For a stock printed flip on short
/// edge the printer turns back pages round, so the offset it shows is negated first.
Point corrected_point(const Point& p, const PrinterProfile& profile, bool short_edge, double w, double h);

/// The back placement `p` drawn for `profile`: its rectangles moved with its trim
/// centre (corrected_point) and its `tilt` the negated rotation.
Placement corrected_placement(const Placement& p, const PrinterProfile& profile, bool short_edge, double w,
                              double h);

/// `profile` (measured on portrait paper) as it applies to a landscape page that the
/// printer turns a quarter turn anticlockwise onto its paper, the page's top along the
/// paper's left edge (the common auto-rotation of print dialogs): an offset (x, y) on the
/// paper is (-y, x) on the page; the rotation is the same.
PrinterProfile landscape_profile(const PrinterProfile& profile);

/// Applies corrected_placement to every placement of every back page of `sheets`.
void correct_backs(SheetLayout& sheets, const PrinterProfile& profile, bool short_edge);


struct TableSpec {
  std::string title;
  std::string subtitle;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string font;
};

/// The type sizes of a table's rows (points): never below the minimum, so it stays
/// readable on paper; a long table takes more pages instead.
inline constexpr double kTableMaxSize = 10, kTableMinSize = 8;

/// Lays a table out on pages of `page_w` x `page_h` (`margin` all round): title, header
/// row and striped rows, on the fewest pages it fits at kTableMinSize, in the largest
/// type (kTableMaxSize down, in half points) that keeps it to that many. Pages after the
/// first say "(continued)" after the title and repeat the header row. Returns the items of
/// each page; sets *overflow if a single row is taller than a page.
std::vector<std::vector<ArtItem>> layout_table(const TableSpec& t, double page_w, double page_h,
                                               double margin, const TextMeasurer& m, bool* overflow);


/// Places the board's tiles (each `tile_w` x `tile_h` at full size) centred in `area`,
/// scaled down to fit (never enlarged), with room for the extras beside it. Tiles in
/// board_cells order, extras in board_extra_cells order.
struct BoardLayout {
  double scale = 1;
  std::vector<Rect> tiles;
  std::vector<Rect> extras;
};
BoardLayout layout_board(const Board& b, double tile_w, double tile_h, const Rect& area);

/// The placements of a board preview page: every board tile, then every extra, each
/// showing the first copy of its card. An extra from another deck of `g` carries that
/// deck's index in Placement::deck.
std::vector<Placement> board_placements(const Game& g, const Board& b, const BoardLayout& bl);

}  // namespace cardstock
