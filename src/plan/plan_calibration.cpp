// Planner of the duplex calibration sheet (`cardstock calibrate`): the two pages of
// layout/calibration.h on one paper, and what the manifest says of them (the targets on
// the front, the scales on the back), so tools and tests can check them without reading
// the PDF.
#include "plan/plan.h"
#include "layout/calibration.h"
#include "plan/manifest.h"

namespace cardstock {

PlannedOutput plan_calibration(const Paper& paper, const std::string& font) {
  const CalibrationSheet sheet = calibration_sheet(paper.width.pt, paper.height.pt, font);
  PlannedOutput o;
  o.file = "duplex-calibration-" + paper.id + ".pdf";
  o.title = "cardstock duplex calibration - " + paper.id;
  o.origin = "the calibration sheet on " + paper.id + " paper";
  o.width = sheet.width;
  o.height = sheet.height;
  for (const auto* items : {&sheet.front, &sheet.back}) {
    PlannedPage page{sheet.width, sheet.height, whole_page_boxes(sheet.width, sheet.height), {}};
    page.art.items = *items;
    o.pages.push_back(std::move(page));
  }
  o.manifest.kind = OutputKind::Calibration;
  o.manifest.paper = paper.id;
  o.manifest.extra = ", \"duplex\": \"long-edge\", \"rotation_deg_per_mm\": " + json_number(kCalibrationDegPerMm);
  o.manifest.pages = [sheet](std::ostream& to) {
    to << "\n      {\"page\": 1, \"side\": \"front\", \"targets\": [";
    for (size_t i = 0; i < sheet.targets.size(); ++i)
      to << (i ? "," : "") << "\n        {\"name\": " << json_quote(sheet.targets[i].name)
         << ", \"at\": " << json_point(sheet.targets[i].at.x, sheet.targets[i].at.y) << "}";
    to << "\n      ]},\n      {\"page\": 2, \"side\": \"back\", \"scales\": [";
    for (size_t i = 0; i < sheet.scales.size(); ++i) {
      const CalibrationScale& s = sheet.scales[i];
      to << (i ? "," : "") << "\n        {\"target\": " << json_quote(s.target) << ", \"axis\": \"" << s.axis
         << "\", \"zero\": " << json_point(s.zero.x, s.zero.y) << ", \"ticks_from\": " << json_point(s.base.x, s.base.y)
         << ", \"step\": " << json_number(s.step) << ", \"range\": " << json_number(s.range)
         << ", \"reads\": \"the offset of the back: minus the tick's distance from zero\"}";
    }
    to << "\n      ]}";
  };
  o.weight = 10;
  return o;
}

}  // namespace cardstock
