// printer: a printer profile (`cardstock build --printer FILE`), the duplex error that
// `cardstock calibrate` measures. Read like a game file: a regular file within its limit,
// UTF-8, one YAML document, checked against its schema table with positioned errors, and
// every value within its limit (base/input_limits.h). Nothing throws.
#pragma once
#include <optional>
#include <string>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock {

/// Loads the profile at `path` (named on the command line, like a game file).
std::optional<PrinterProfile> load_printer_profile(const std::string& path, Diagnostics& d);

/// Parses a profile's text (`name` for diagnostics): the parse-from-string entry point.
std::optional<PrinterProfile> parse_printer_profile(const std::string& text, const std::string& name,
                                                    Diagnostics& d);

}  // namespace cardstock
