#include "load/printer.h"

#include <cmath>

#include <yaml-cpp/yaml.h>

#include "base/files.h"
#include "base/input_limits.h"
#include "load/load.h"
#include "load/schema/schema.h"

namespace cardstock {

std::optional<PrinterProfile> parse_printer_profile(const std::string& text, const std::string& name,
                                                    Diagnostics& d) {
  const size_t before = d.error_count();
  YAML::Node n;
  if (!parse_yaml_text(text, name, "a printer profile", &n, d)) return std::nullopt;
  validate(n, Schemas::printer(), name, d);
  if (!n.IsMap()) return std::nullopt;
  Reader r(n, Schemas::printer(), name);
  PrinterProfile p;
  p.name = r.str("name");
  p.file = name;
  p.mark = r.mark();
  p.rotation = r.angle("duplex_rotation");
  if (YAML::Node o = r.node("duplex_offset"); o && o.IsMap()) {
    Reader orr(o, Schemas::duplex_offset(), name);
    p.offset_x = orr.length("x");
    p.offset_y = orr.length("y");
    // A printer that misses by centimetres is jammed or set up wrong: correcting it
    // would hide that, and move the cards off the sheet.
    for (const char* axis : {"x", "y"}) {
      const double v = Length{std::string(axis) == "x" ? p.offset_x.pt : p.offset_y.pt}.in_mm();
      if (std::fabs(v) > kMaxDuplexOffsetMm)
        d.error(orr.mark(axis), std::string("duplex_offset ") + axis + " is " + format_number(v) +
                                    "mm; a printer profile may correct at most " + format_number(kMaxDuplexOffsetMm) +
                                    "mm either way (print the calibration sheet again, flip on long edge)");
    }
  }
  if (std::fabs(p.rotation) > kMaxDuplexRotationDeg)
    d.error(r.mark("duplex_rotation"), "duplex_rotation is " + format_number(p.rotation) +
                                           "deg; a printer profile may correct at most " +
                                           format_number(kMaxDuplexRotationDeg) + "deg either way");
  if (d.error_count() > before) return std::nullopt;
  return p;
}

std::optional<PrinterProfile> load_printer_profile(const std::string& path, Diagnostics& d) {
  std::string text, why;
  if (!read_regular_file(path, static_cast<size_t>(kMaxPrinterProfileBytes), &text, &why)) {
    d.error({path, 0, 0}, "cannot read the printer profile: " + why);
    return std::nullopt;
  }
  return parse_printer_profile(text, path, d);
}

}  // namespace cardstock
