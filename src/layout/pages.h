// pages: the page model. Every output, whatever it is (card sheets, label sheets, an
// answer key, a board preview, a booklet, an imposed booklet), is planned as a list of
// pages: a size, its page boxes and the art placed on it. Nothing after planning needs
// to know which kind of output it was. Points, origin top-left, y down; plain data.
#pragma once
#include <vector>

#include "layout/layout.h"

namespace cardstock {

/// What one page shows: cards (their art, footprint and rotation), cut guides, and free
/// items in page coordinates (e.g. an answer-key table). The card art is the game's,
/// resolved once; pages point at it.
struct PageArt {
  struct CardOnPage {
    const CardArt* art = nullptr;
    Rect trim, bleed;
    int rotation = 0;
    Shape shape = Shape::Rect;
    double scale = 1;  // art drawn at card size times this (board previews)
    double tilt = 0;   // extra clockwise degrees about the trim centre (Placement::tilt)
    double radius = 0; // corner radius of its outline (cut files)
  };
  std::vector<CardOnPage> cards;
  std::vector<CutSegment> cuts;
  std::vector<CutCircle> circles;
  std::vector<RegMark> registration;  // a print-then-cut machine's marks
  std::vector<ArtItem> underlay;  // drawn before the cards
  std::vector<ArtItem> items;     // drawn after them
  /// Pages of another output shown whole (an imposed booklet's halves): page `page` of
  /// the output PlannedOutput::imposes names, its top-left corner at (x, y). The cards,
  /// underlay and items above are then those pages' own, moved there: a writer may draw
  /// them, or place the finished pages and draw only the guides (cuts, circles, marks).
  struct PlacedPage {
    int page = 0;
    double x = 0, y = 0;
    double tilt = 0;  // clockwise degrees about the placed page's centre (a printer's rotation, cancelled)
  };
  std::vector<PlacedPage> placed;
};

/// A page's boxes, as PDF names them: the media is the whole sheet; the trim is the
/// finished size (a sheet of several cards is trimmed to the sheet itself; one card to
/// the card); the bleed is how far the art may run past the trim.
struct PageBoxes {
  Rect media, trim, bleed;
};

/// Boxes of a page that is finished as it is (a sheet to cut, a booklet page): all three
/// are the whole page.
PageBoxes whole_page_boxes(double width, double height);

struct PlannedPage {
  double width = 0, height = 0;
  PageBoxes boxes;
  PageArt art;
};

}  // namespace cardstock
