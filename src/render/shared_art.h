// Inside render/: which card art, and which SVG pictures of cards, one PDF shows more than
// once (SharedArt), so each is drawn once and placed wherever it appears; and the
// transforms that draw a card in place and place its shared drawing alike.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "layout/art_classes.h"
#include "layout/pages.h"
#include "render/art_book.h"
#include "render/image_cache.h"

namespace cardstock {

// Card art shown more than once in one PDF (every back of a deck, a card printed in
// copies, cards whose fields draw alike) is drawn once, on a page of its own, and placed
// wherever it appears by output/ (PdfPieces). Arts are the same when their keys are
// (layout/art_key.h), never by address alone. Art shown once is drawn in place. Art an
// ArtBook holds is not drawn in the document at all: it is placed from the book.
class SharedArt {
 public:
  /// Counts every art's uses over the document first, in page order (the same pages give
  /// the same choices, whatever process draws them).
  SharedArt(const std::vector<PlannedPage>& pages, const ArtBook* book);

  /// The page of the ArtBook that holds the art of `c`, or -1 when the book does not.
  int in_book(const PageArt::CardOnPage& c) const;

  /// Whether any art, or any SVG image in a card, is shown more than once.
  bool any() const { return any_; }

  /// The number of the drawing of SVG image `path` (numbered with the shared arts, in
  /// order of first use), or -1 if the document shows it only once.
  int image(const std::string& path, const ImageCache::Image* decoded);

  /// The card-local size of the art of `c` (trim turned back upright, at scale 1).
  static std::pair<double, double> art_size(const PageArt::CardOnPage& c) { return ArtClasses::card_size(c); }

  /// The number of the shared drawing that shows `c` (numbered in order of first use), or
  /// -1 for art shown once.
  int shared(const PageArt::CardOnPage& c);

  /// What each shared drawing is, by number: a card's art (its first placement) or an SVG
  /// image.
  struct Drawing {
    PageArt::CardOnPage card;
    const ImageCache::Image* image = nullptr;
  };
  const std::vector<Drawing>& drawings() const { return first_; }

  /// Past every edge of a shared drawing's page: a card size, far more than any bleed
  /// (the placement's clip trims it).
  static double margin(double cw, double ch) { return std::max(cw, ch); }

 private:
  ArtClasses classes_;
  std::vector<int> uses_;          // by class (not counted for art in the book)
  std::vector<int> book_page_;     // by class: its page in the ArtBook, or -1
  std::vector<int> shared_index_;  // by class: its drawing's number, -1 until first placed
  std::vector<Drawing> first_;
  std::map<std::string, int> image_uses_, image_index_;
  bool any_ = false;
};

/// A card's tilt about its trim centre (a back page turned to cancel a printer's duplex
/// rotation), page space to page space; the identity when it has none. One matrix for
/// drawing a card in place (apply_tilt) and for placing its shared drawing (place_ops).
cairo_matrix_t tilt_matrix(const PageArt::CardOnPage& c);

/// Card-local space (points, y down, origin at the art's top-left corner) to page space
/// before the tilt: the card's turn and scale about its trim centre. As tilt_matrix, one
/// for Painter::card and place_ops.
cairo_matrix_t card_matrix(const PageArt::CardOnPage& c);

}  // namespace cardstock
