#include "layout/calibration.h"

#include <cmath>

#include "layout/art_items.h"

namespace cardstock {

namespace {

double mm(double v) { return Length::mm(v).pt; }

const Color kInk{0, 0, 0, 1, false};
const Color kGrey{0.35, 0.35, 0.35, 1, false};

ArtItem line(double x1, double y1, double x2, double y2, double width, const Color& c = kInk) {
  return line_item(x1, y1, x2, y2, c, width);
}

ArtItem circle(double cx, double cy, double r, double width) {
  return ellipse_item({cx - r, cy - r, 2 * r, 2 * r}, kNoPaint, kInk, width);
}

ArtItem text(const std::string& s, const Rect& box, const std::string& font, double size, Align align,
             VAlign valign = VAlign::Top, bool bold = false, const Color& c = kInk) {
  ArtItem it;
  it.type = LayerType::Text;
  it.text = s;
  it.box = box;
  it.style = {font, bold, false, size, align, false, false, 1};
  it.valign = valign;
  it.color = c;
  return it;
}

// Scale numbers: "+2", "0", "-2" (ASCII: every font of the set has it).
std::string number(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

// Half the distance between the corner targets' columns: (right - left) x 0.4 = degrees.
double half_span() { return mm(180.0 / (M_PI * kCalibrationDegPerMm * 2)); }

// The front: a fine cross (lines long enough to cross the scales behind it, 7 to 10 mm off,
// even when the back is 5 mm off both ways) with a small circle to find it by, and its name.
void front_target(CalibrationSheet& s, const CalibrationTarget& t, const std::string& font) {
  const double arm = mm(16), hair = 0.25;
  s.front.push_back(line(t.at.x - arm, t.at.y, t.at.x + arm, t.at.y, hair));
  s.front.push_back(line(t.at.x, t.at.y - arm, t.at.x, t.at.y + arm, hair));
  s.front.push_back(circle(t.at.x, t.at.y, mm(1.5), hair));
  s.front.push_back(text(t.name, {t.at.x - mm(16), t.at.y - mm(21), mm(32), mm(4)}, font, 6, Align::Center,
                         VAlign::Top, false, kGrey));
}

// The back: behind the target at `p` (back coordinates), an x scale below it and a y scale
// to its right, each -5 to +5 mm in 0.25 mm steps, 7 mm off the target so that neither
// meets the other nor the target's line along it.
void back_scales(CalibrationSheet& s, const std::string& name, const Point& p, const std::string& font) {
  const double step = mm(0.25), range = mm(5), gap = mm(7), hair = 0.3;
  const double label_size = 4.5;
  CalibrationScale xs{name, 'x', p, {p.x, p.y + gap}, step, range};
  CalibrationScale ys{name, 'y', p, {p.x + gap, p.y}, step, range};
  s.back.push_back(line(p.x - range, xs.base.y, p.x + range, xs.base.y, hair));
  s.back.push_back(line(ys.base.x, p.y - range, ys.base.x, p.y + range, hair));
  for (int k = -20; k <= 20; ++k) {
    // A tick every 0.25 mm; longer every 0.5 and every 1 mm; numbered every 2 mm with the
    // offset it stands for (a tick k steps right shows a back moved k steps left).
    const double len = k % 4 == 0 ? mm(2.5) : k % 2 == 0 ? mm(1.75) : mm(1);
    const double u = k * step;
    s.back.push_back(line(p.x + u, xs.base.y, p.x + u, xs.base.y + len, hair));
    s.back.push_back(line(ys.base.x, p.y + u, ys.base.x + len, p.y + u, hair));
    if (k % 8 == 0) {
      const std::string n = number(-k / 4);
      s.back.push_back(text(n, {p.x + u - mm(2.5), xs.base.y + mm(2.8), mm(5), mm(2.2)}, font, label_size,
                            Align::Center));
      s.back.push_back(text(n, {ys.base.x + mm(2.8), p.y + u - mm(1.1), mm(5), mm(2.2)}, font, label_size,
                            Align::Left, VAlign::Middle));
    }
  }
  s.back.push_back(text("x", {p.x - range - mm(4), xs.base.y, mm(3), mm(2.5)}, font, 6, Align::Right,
                        VAlign::Top, true));
  s.back.push_back(text("y", {ys.base.x - mm(1.5), p.y - range - mm(3.5), mm(3), mm(2.5)}, font, 6,
                        Align::Center, VAlign::Top, true));
  s.back.push_back(text(name, {p.x - mm(16), p.y - range - mm(8), mm(26), mm(3)}, font, 6, Align::Left,
                        VAlign::Top, true, kGrey));
  s.scales.push_back(xs);
  s.scales.push_back(ys);
}

}  // namespace

std::vector<std::string> calibration_instructions() {
  return {
      "1. Print both pages on one sheet of the paper you will use: two-sided, flip on long edge, actual size "
      "(100 %, no fit to page).",
      "2. Hold the sheet up to a light with the back facing you (or push a pin through each cross on this side) "
      "and read the numbers the cross lines fall on.",
      "3. Centre scales: duplex_offset x and y in mm. Top corners: duplex_rotation = (top right y - top left y) x "
      "0.4deg. Write them into printer.yaml.",
  };
}

CalibrationSheet calibration_sheet(double w, double h, const std::string& font) {
  CalibrationSheet s;
  s.width = w;
  s.height = h;
  const double cx = w / 2, cy = h / 2, dx = half_span(), dy = h / 2 - mm(45);
  s.targets = {{"centre", {cx, cy}},
               {"top left", {cx - dx, cy - dy}},
               {"top right", {cx + dx, cy - dy}},
               {"bottom left", {cx - dx, cy + dy}},
               {"bottom right", {cx + dx, cy + dy}}};
  const double title_y = mm(12), side = mm(14);
  s.front.push_back(text("cardstock duplex calibration: front", {side, title_y, w - 2 * side, mm(6)}, font, 11,
                         Align::Center, VAlign::Top, true));
  s.front.push_back(text("Five targets: the scales behind them, on the back, say how far the back landed off. "
                         "Print it again for another printer or paper.",
                         {side, title_y + mm(6), w - 2 * side, mm(4)}, font, 7, Align::Center, VAlign::Top, false,
                         kGrey));
  for (const auto& t : s.targets) front_target(s, t, font);
  const auto lines = calibration_instructions();
  for (size_t i = 0; i < lines.size(); ++i)
    s.front.push_back(text(lines[i], {side, h - mm(27) + static_cast<double>(i) * mm(5.5), w - 2 * side, mm(5)},
                           font, 7.5, Align::Left));
  // Printed flip on long edge, the back's point (w - x, y) lies behind the front's (x, y):
  // the back names targets as it sees them, so the front's top left is its top right.
  s.back.push_back(text("cardstock duplex calibration: back (read against the light)",
                        {side, title_y, w - 2 * side, mm(6)}, font, 11, Align::Center, VAlign::Top, true));
  s.back.push_back(text("Each number is how far this side landed off: + right or down, - left or up (mm).",
                        {side, title_y + mm(6), w - 2 * side, mm(4)}, font, 7, Align::Center, VAlign::Top, false,
                        kGrey));
  for (const auto& t : s.targets) {
    std::string name = t.name;
    if (name.find("left") != std::string::npos) name.replace(name.find("left"), 4, "right");
    else if (name.find("right") != std::string::npos) name.replace(name.find("right"), 5, "left");
    back_scales(s, name, {w - t.at.x, t.at.y}, font);
  }
  return s;
}

}  // namespace cardstock
