#include "layout/cutter.h"

#include <algorithm>
#include <cmath>

namespace cardstock {

namespace {

double mm(double v) { return Length::mm(v).pt; }
double in(double v) { return Length::inches(v).pt; }

RegMark square(double x, double y, double side) {
  return {{{x, y}, {x + side, y}, {x + side, y + side}, {x, y + side}}, true, true, 0};
}

// Silhouette Studio's "Type 1" marks (Cameo, Portrait, Curio): a filled square at the
// top-left corner of the mark rectangle and an L at its top-right and bottom-left
// corners, the lines on the rectangle's edges. Silhouette America publishes no drawing of
// them; the numbers are Silhouette Studio's defaults as two independent open
// implementations that drive the machines reproduce them:
//  - fablabnbg/inkscape-silhouette, render_silhouette_regmarks.py/.inx: square 5 mm
//    (REG_SQUARE_MM), arms 20 mm (REG_LINE_MM), marks 10 mm from the page's left and top
//    (regoriginx/regoriginy default), a 20 mm square around each mark left out of the
//    safe area (REG_SAFE_AREA_MM); its Cameo template
//    examples/registration-marks-cameo-silhouette.svg strokes them 0.5 mm wide;
//  - dim13/robo, marks.go: "Offset: 10mm, Length: 20mm".
// The machine is told the distance between the marks (Commands.md, TB23), so they sit
// symmetrically: 10 mm from every edge. Where the inset is measured: the extension and
// silhouette-card-maker put the L lines' centre on the mark position and the square's
// own edge on it (the extension's drawLine/drawRect; silhouette-card-maker's
// generate_reg_mark), as we do; so the line width (0.5 mm here and in the
// extension's Cameo template, 0.3 mm in its current renderer) does not move the
// reference. docs/verify-print.md says how to check it on paper.
CutterGeometry silhouette(double w, double h) {
  const double inset = mm(10), side = mm(5), arm = mm(20), stroke = mm(0.5);
  CutterGeometry g;
  g.name = "a Silhouette Cameo";
  g.marks.push_back(square(inset, inset, side));
  g.marks.push_back({{{w - inset - arm, inset}, {w - inset, inset}, {w - inset, inset + arm}}, false, false, stroke});
  g.marks.push_back({{{inset, h - inset - arm}, {inset, h - inset}, {inset + arm, h - inset}}, false, false, stroke});
  g.cut_area = {inset, inset, w - 2 * inset, h - 2 * inset};
  g.print_area = {0, 0, w, h};
  g.keep_out = {{inset, inset, arm, arm}, {w - inset - arm, inset, arm, arm}, {inset, h - inset - arm, arm, arm}};
  return g;
}

// Cricut Design Space's Print Then Cut sheet: the image, at most 6.75 x 9.25 in (Cricut's
// published maximum Print Then Cut size for Letter and A4), framed by a black rectangle
// with a filled square at its top-left corner, which the machine's sensor finds. Cricut
// publishes the size limit, not the frame's dimensions: the frame 1/4 in outside the
// image, its 1 mm line and the 1/4 in square are as Design Space prints them, measured,
// not confirmed by Cricut. The image is centred on the sheet.
CutterGeometry cricut(double w, double h) {
  const double aw = in(6.75), ah = in(9.25), gap = in(0.25), stroke = mm(1), side = in(0.25);
  CutterGeometry g;
  g.name = "a Cricut (Print Then Cut)";
  g.cut_area = {(w - aw) / 2, (h - ah) / 2, aw, ah};
  const Rect frame{g.cut_area.x - gap, g.cut_area.y - gap, aw + 2 * gap, ah + 2 * gap};
  g.marks.push_back({{{frame.x, frame.y}, {frame.right(), frame.y}, {frame.right(), frame.bottom()},
                      {frame.x, frame.bottom()}},
                     false, true, stroke});
  g.marks.push_back(square(frame.x, frame.y, side));
  // Printed art stays inside the frame, clear of its line.
  g.print_area = {frame.x + stroke, frame.y + stroke, frame.w - 2 * stroke, frame.h - 2 * stroke};
  g.keep_out = {{frame.x, frame.y, side + stroke, side + stroke}};
  return g;
}

bool overlaps(const Rect& a, const Rect& b) {
  const double e = 1e-6;
  return a.x < b.right() - e && b.x < a.right() - e && a.y < b.bottom() - e && b.y < a.bottom() - e;
}

// Millimetres to the hundredth we promise.
std::string mm_text(double pt) { return format_number(std::round(Length{pt}.in_mm() * 100) / 100); }

std::string area_text(const Rect& r) {
  return mm_text(r.x) + ", " + mm_text(r.y) + " to " + mm_text(r.right()) + ", " + mm_text(r.bottom()) + " mm";
}

// "card 2 at 12.7, 6.35 mm" and how many more, for the slots in `bad` (1-based).
std::string which(const std::vector<size_t>& bad, const std::vector<Rect>& slots, size_t total) {
  const Rect& r = slots[bad[0]];
  std::string s = std::to_string(bad.size()) + " of its " + std::to_string(total) + " cards (the first, card " +
                  std::to_string(bad[0] + 1) + ", at " + mm_text(r.x) + ", " + mm_text(r.y) + " mm)";
  return s;
}

}  // namespace

CutterGeometry cutter_geometry(Cutter cutter, double w, double h) {
  switch (cutter) {
    case Cutter::Silhouette: return silhouette(w, h);
    case Cutter::Cricut: return cricut(w, h);
    case Cutter::None: break;
  }
  return {};
}

std::vector<std::string> stock_problems(const Stock& s) {
  std::vector<std::string> out;
  const SheetLayout l = layout_sheets(s, grid_slots(s).size(), false);
  if (l.pages.empty()) return out;
  std::vector<Rect> trims, bleeds;
  for (const auto& p : l.pages[0].placements) {
    trims.push_back(p.trim);
    bleeds.push_back(p.bleed);
  }
  const size_t n = trims.size();
  if (s.cutter != Cutter::None) {
    const CutterGeometry g = cutter_geometry(s.cutter, l.width, l.height);
    std::vector<size_t> outside, on_marks;
    for (size_t i = 0; i < n; ++i) {
      if (!g.cut_area.contains(trims[i], 1e-6) || !g.print_area.contains(bleeds[i], 1e-6)) outside.push_back(i);
      for (const Rect& k : g.keep_out)
        if (overlaps(trims[i], k) || overlaps(bleeds[i], k)) {
          on_marks.push_back(i);
          break;
        }
    }
    if (!outside.empty())
      out.push_back(which(outside, trims, n) + " lie outside the area " + g.name + " can cut, " +
                    area_text(g.cut_area) + " (their bleed within " + area_text(g.print_area) + ")");
    if (!on_marks.empty())
      out.push_back(which(on_marks, trims, n) + " lie on the corners its sensor reads the registration marks in (" +
                    area_text(g.keep_out[0]) + (g.keep_out.size() > 1 ? " and the like" : "") + ")");
  }
  if (s.label_area.set) {
    const Rect label{s.label_area.x.pt, s.label_area.y.pt, s.label_area.w.pt, s.label_area.h.pt};
    std::vector<size_t> off;
    for (size_t i = 0; i < n; ++i)
      if (!label.contains(trims[i], 1e-6)) off.push_back(i);
    if (!off.empty()) out.push_back(which(off, trims, n) + " do not lie on its label, " + area_text(label));
  }
  return out;
}

}  // namespace cardstock
