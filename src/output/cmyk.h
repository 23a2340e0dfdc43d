// cmyk: PDFs for shops that print from CMYK (DriveThruCards asks for PDF/X-1a:2003 and
// at most 240 % total ink). Ghostscript converts (Cairo draws only RGB), with its own CMYK
// profile embedded as the output intent; Ghostscript then renders the result in CMYK to
// find the most ink any spot gets. Ghostscript is optional: without it the conversion
// says what to install. Errors come back as text.
#pragma once
#include <string>

namespace cardstock {

/// "gs" as found on the PATH, or "".
std::string ghostscript();

/// Converts the PDF `in` into the CMYK PDF/X-1a `out` titled `title` (UTF-8) with
/// Ghostscript at `gs`; its temporary files go in `scratch_dir` (an empty folder); `epoch`
/// (seconds) pins the dates it writes. False with *err set on failure.
bool convert_to_cmyk(const std::string& gs, const std::string& in, const std::string& out, const std::string& title,
                     const std::string& scratch_dir, long long epoch, std::string* err);

/// The most total ink (C + M + Y + K, in %) of any pixel of `pdf` rendered in CMYK at
/// 72 dpi, and the page (1-based) where it is.
struct InkReport {
  double max_percent = 0;
  int page = 0;
};
bool measure_ink(const std::string& gs, const std::string& pdf, const std::string& scratch_dir, InkReport* r,
                 std::string* err);

}  // namespace cardstock
