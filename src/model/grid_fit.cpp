// grid_fit: counts of cards in an area, for `grid: auto` and the message of a grid too
// big for its paper. Counted by a formula (n cards and n - 1 gutters within the room);
// tests check it against a brute-force count on every shipped paper and card size.
#include "model/grid_fit.h"

#include <cmath>
#include <cstdio>

namespace cardstock {

namespace {

// The gap between a crop mark and the bleed it points at: layout.h's kMarkGap (model
// comes before layout).
constexpr double kCropMarkGap = 2.0;

// A hundredth of a millimetre: a grid this much too big still fits (rounding of units).
constexpr double kSlack = 0.01 * 72 / 25.4;

int count_in(double room, double size, double gap) {
  if (size <= 0 || room + kSlack < size) return 0;
  return static_cast<int>(std::floor((room + gap + kSlack) / (size + gap)));
}

std::string mm1(double pt) {
  char buf[32];
  // Halves up, whatever binary makes of 82.55.
  std::snprintf(buf, sizeof buf, "%.1f", std::round(pt / 72 * 25.4 * 10 + 1e-6) / 10);
  return buf;
}

}  // namespace

GridFit fit_in(double room_w, double room_h, double w, double h, double gutter, double row_gutter) {
  GridFit f{count_in(room_w, w, gutter), count_in(room_h, h, row_gutter), 0};
  if (f.columns == 0 || f.rows == 0) return {};
  return f;
}

FitRoom auto_room(const Stock& s) {
  double side = s.margin.pt;
  // Crop marks stand in the margin's inner edge, beyond the bleed and the gap.
  if (s.cut == CutStyle::Marks || s.cut == CutStyle::Both) side += s.card.bleed.pt + kCropMarkGap + s.mark_length.pt;
  return {std::max(0.0, s.paper.width.pt - 2 * side), std::max(0.0, s.paper.height.pt - 2 * side)};
}

GridFit auto_grid(const Stock& s) {
  const FitRoom room = auto_room(s);
  const double w = s.card.width.pt, h = s.card.height.pt;
  const GridFit upright = fit_in(room.w, room.h, w, h, s.gutter.pt, s.row_gutter.pt);
  GridFit turned = fit_in(room.w, room.h, h, w, s.gutter.pt, s.row_gutter.pt);
  turned.rotate = 90;
  return turned.cards() > upright.cards() ? turned : upright;
}

std::string what_fits(double room_w, double room_h, double w, double h, double gutter, double row_gutter,
                      int columns, int rows) {
  const GridFit f = fit_in(room_w, room_h, w, h, gutter, row_gutter);
  const double need_w = w * columns + gutter * (columns - 1) - room_w;
  const double need_h = h * rows + row_gutter * (rows - 1) - room_h;
  std::string more;
  if (need_w > kSlack) more = mm1(need_w) + " mm more width";
  if (need_h > kSlack) more += (more.empty() ? "" : " and ") + mm1(need_h) + " mm more height";
  const std::string asked = std::to_string(columns) + " x " + std::to_string(rows) + " needs " + more;
  if (f.cards() == 0) return "no card fits; " + asked;
  return std::to_string(f.columns) + " x " + std::to_string(f.rows) + " fits; " + asked;
}

}  // namespace cardstock
