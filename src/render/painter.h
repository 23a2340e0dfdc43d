// Inside render/: the painter, which draws a page's art (cards, shapes, text, images, cut
// guides, registration marks) on a cairo_t in points. It never throws: a failure is kept
// in Painter::err as text.
#pragma once
#include <string>
#include <vector>

#include "layout/pages.h"
#include "render/shared_art.h"
#include "render/typesetter_state.h"

namespace cardstock {

/// A box in device space (page points, y down), for telling whether two drawings can meet.
struct DeviceBox {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool meets(const DeviceBox& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

DeviceBox box_of(const std::vector<Point>& pts);

/// The corners of `r` grown by `grow` on every side, turned `rotate` degrees about the
/// centre of `about` (an item turns about its box's centre), in device space under cr's
/// current transform.
std::vector<Point> device_corners(cairo_t* cr, const Rect& r, double grow = 0, int rotate = 0,
                                  const Rect* about = nullptr);

/// An SVG image of a card held back from the page's run: output/ places its one drawing
/// after the run (PdfPieces), unless something drawn later on the page could meet it,
/// which then has it painted in place first. Cairo 1.16 analyses an SVG's recording
/// again at every placement: for a map on every card that was half of a deck's drawing.
struct HeldImage {
  int drawing = -1;
  const ImageCache::Image* decoded = nullptr;
  std::vector<Point> bleed, box;       // its clips, device space
  cairo_matrix_t m;                    // image space to device space
  DeviceBox reach;                     // where it can paint
};

/// The SVG pictures of cards a page holds back (HeldImage), and when to paint one in
/// place after all. Works on the page's cairo_t; device space throughout.
struct HeldImages {
  cairo_t* cr;
  SharedArt* shared = nullptr;     // drawing in pieces: SVG images of cards may be held
  std::vector<HeldImage> held;     // held so far on this page, in drawing order
  std::vector<Point> card_bleed;   // the card being drawn: its bleed, device space (empty:
                                   // not a card, or a round one: its images are not held)

  /// Paints now, in drawing order, each held image that something about to be drawn at
  /// `b` could meet, and each held before one of those that could meet it (they keep
  /// their order); drawn now, each is still under whatever it was under. The rest stay
  /// held: placed after the page, they meet nothing drawn after them. True if it painted.
  bool before(const DeviceBox& b);
  void paint_held(const HeldImage& h);
  /// Where a card placed on the page paints: its bleed (turned by its tilt), device space.
  DeviceBox bleed_reach(const PageArt::CardOnPage& c);
  /// Cut guides and registration marks are drawn last: held images they could meet are
  /// painted before them, each guide looked at on its own (the cut lines of a sheet span
  /// it; their box would take in every card).
  void before_guides(const PageArt& art);

 private:
  void polygon(const std::vector<Point>& pts);
};

struct Painter {
  cairo_t* cr;
  Typesetter::State& ts;
  std::string err;
  HeldImages hold;  // drawing in pieces: SVG pictures of cards held back from the page

  /// Where `it` can paint, in device space, with a point to spare: a shape's box and half
  /// its stroke; a text's ink as set (accents, tails and overhangs included, wherever the
  /// text runs); the lines of a paragraph split across pages, a line's height past the box.
  DeviceBox reach_of(const ArtItem& it);
  /// An item of a card or of the page, after whatever held image it could meet.
  void item_in_order(const ArtItem& it);
  void item(const ArtItem& it);
  /// The text is drawn with the cairo_t's transform (rotation, preview scale) applied to
  /// the layout as measured, unhinted: the glyphs land where measure() put them.
  void text(const ArtItem& it);
  /// Lines [first_line, first_line + line_count) of a paragraph split across pages: the
  /// whole paragraph is set (so breaks and justification match the measure) and only
  /// those lines are drawn, so the PDF holds no hidden copy of the other lines.
  void fragment(const ArtItem& it, PangoLayout* layout);
  void image(const ArtItem& it);
  const ImageCache::Image* with_made_bleed(const ArtItem& it, const ImageCache::Image* img);
  void card(const PageArt::CardOnPage& c);
  /// A card's art in card-local points, its background filling `cover`.
  void art(const CardArt& a, const Rect& cover);
  /// Registration marks in solid black, their corners mitred: a cutter's sensor looks
  /// for their edges.
  void registration(const std::vector<RegMark>& marks);
  /// Everything on one page, in drawing order.
  void page(const PageArt& art);
  void cuts(const std::vector<CutSegment>& segs, const std::vector<CutCircle>& circles);
};

}  // namespace cardstock
