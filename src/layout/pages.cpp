#include "layout/pages.h"

namespace cardstock {

PageBoxes whole_page_boxes(double width, double height) {
  const Rect r{0, 0, width, height};
  return {r, r, r};
}

}  // namespace cardstock
