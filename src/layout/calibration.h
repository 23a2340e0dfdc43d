// calibration: the duplex calibration sheet (`cardstock calibrate`) as plain geometry.
// The front has a fine target near each corner and at the centre; the back, behind each
// target, a horizontal and a vertical scale in 0.25 mm steps, numbered so that the number
// the target falls on (seen against the light, or where a pin pushed through the target
// comes out) is how far the back landed off, as a printer profile records it: x to the
// right and y downwards as seen on the back. The rotation is read from the top corners.
// Points, origin top-left, y down; no fonts (text items are boxes, set when drawn).
#pragma once
#include <string>
#include <vector>

#include "layout/layout.h"

namespace cardstock {

/// How many degrees the back is turned (duplex_rotation) per millimetre that the top-right
/// y reading exceeds the top-left one: the corner targets are 2 x 71.62 mm apart, so that
/// (right - left) x 0.4 is the angle in degrees.
inline constexpr double kCalibrationDegPerMm = 0.4;

struct CalibrationTarget {
  std::string name;  // "centre", "top left", ... as on the front
  Point at;          // on the front page
};

/// One scale on the back: its zero is behind a front target, it runs along `axis` ('x' or
/// 'y') from -range to +range in `step`s (points), and the tick `k` steps along it (to the
/// right or downwards) is numbered -k x step in mm: where the target shows is the offset.
struct CalibrationScale {
  std::string target;  // the back's own name for the target it reads, as seen on the back
  char axis = 'x';
  Point zero;          // on the back page, at the target's position
  Point base;          // where its ticks start: beside the zero, off the target's lines
  double step = 0, range = 0;
};

struct CalibrationSheet {
  double width = 0, height = 0;
  std::vector<CalibrationTarget> targets;  // front: centre first, then the corners
  std::vector<CalibrationScale> scales;    // back: an x and a y scale a target
  std::vector<ArtItem> front, back;        // what is drawn on each page
};

/// The sheet for a `width` x `height` portrait page, its text in `font`. Both pages are
/// laid out for printing flip on long edge: the back's scales are at the mirror images of
/// the front's targets.
CalibrationSheet calibration_sheet(double width, double height, const std::string& font);

/// The three lines of instructions printed on the front.
std::vector<std::string> calibration_instructions();

}  // namespace cardstock
