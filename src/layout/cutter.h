// cutter: print-then-cut machines as plain geometry. Where a machine's registration marks
// are printed on a sheet, where it can cut (inside its marks) and where nothing may be
// printed (around the marks its sensor looks for), in page points; and the checks a
// stock's cards must pass to be cut by it, or stuck on a label product's label.
#pragma once
#include <string>
#include <vector>

#include "layout/layout.h"

namespace cardstock {

struct CutterGeometry {
  std::string name;            // "Silhouette Cameo", for messages ("" = no cutter)
  std::vector<RegMark> marks;  // as printed on every front page
  Rect cut_area;               // every card's trim must lie inside it
  Rect print_area;             // ...and its bleed inside this
  std::vector<Rect> keep_out;  // ...and neither may touch these (the marks' corners)
};

/// The marks and areas of `cutter` on a `paper_w` x `paper_h` portrait sheet; empty for
/// Cutter::None.
CutterGeometry cutter_geometry(Cutter cutter, double paper_w, double paper_h);

/// What about `stock`'s geometry makes it unusable, one sentence each (no stock id):
/// cards outside its cutter's area or over its marks, cards off its label product's label.
std::vector<std::string> stock_problems(const Stock& stock);

}  // namespace cardstock
