// grid_fit: how many cards of a size fit an area, and what a grid that does not fit
// lacks. Pure geometry in points; never fails (a 0 x 0 grid when not one card fits).
#pragma once
#include <string>

#include "model/model.h"

namespace cardstock {

struct GridFit {
  int columns = 0, rows = 0;
  int rotate = 0;  // 0 or 90: the cards turned so that more fit
  int cards() const { return columns * rows; }
};

/// The most columns and rows of w x h footprints, `gutter` apart across and `row_gutter`
/// down, inside a room_w x room_h area (points; a footprint exactly filling it fits).
GridFit fit_in(double room_w, double room_h, double w, double h, double gutter, double row_gutter);

/// The area `grid: auto` fills on `s.paper` (points): the paper less the printable margin
/// on every side and, when the stock draws crop marks, the card's bleed, the mark gap and
/// a mark of `s.mark_length` outside the grid on every side.
struct FitRoom {
  double w = 0, h = 0;
};
FitRoom auto_room(const Stock& s);

/// `grid: auto`: the most cards of `s.card` in auto_room(s) with the stock's gutters,
/// upright or turned 90 degrees (upright when both hold as many).
GridFit auto_grid(const Stock& s);

/// For a grid that does not fit a room_w x room_h area: what does, in the stock's own
/// orientation, and how much more the asked grid needs, e.g. "3 x 2 fits; 3 x 3 needs
/// 12.4 mm more height" (mm to one decimal; "no card fits" when none does).
std::string what_fits(double room_w, double room_h, double w, double h, double gutter, double row_gutter,
                      int columns, int rows);

}  // namespace cardstock
