// pure_black: the colours of a drawn PDF made ready for a shop's CMYK conversion, and
// what the converted file prints in four inks. Cairo writes every colour as RGB
// (`r g b rg` / `RG`), and Ghostscript turns RGB black into four inks (C72 M68 Y67 K88,
// 295 %) but DeviceGray into black ink alone; so neutral colours (r = g = b) are
// rewritten as grey (`g` / `G`) in every content stream a page draws with: its contents,
// its form XObjects (Cairo draws into them), tiling patterns and Type 3 glyphs, at any
// depth. Errors come back as text.
#pragma once
#include <string>

namespace cardstock {

/// What make_black_gray changed: colour operators made grey, and near-black colours
/// (every channel at most kNearBlack, not neutral) made grey or left in RGB.
struct GrayCount {
  int neutral = 0;
  int near_black_made_gray = 0;
  int near_black_kept = 0;
};
inline constexpr double kNearBlack = 0.25;  // #404040: darker than this in every channel

/// Reads the PDF `in` and writes to `out` the same PDF with every neutral RGB colour
/// operator as grey; with `near_black`, a near-black colour becomes the grey of its
/// luminance (Rec. 709) too. Images and shadings are untouched. False with *err set if
/// `in` cannot be read or `out` written.
bool make_black_gray(const std::string& in, const std::string& out, bool near_black, GrayCount* count,
                     std::string* err);

/// The four-colour dark colour with the most ink that `pdf` (a CMYK file) sets with
/// `k` / `K`: black ink at least 50 % with some cyan, magenta or yellow beside it (what
/// near-black RGB becomes). c/m/y/k in 0..1; page 0 when there is none.
struct RichDark {
  double c = 0, m = 0, y = 0, k = 0;
  int page = 0;  // 1-based
  int colours = 0;  // how many different such colours the file sets
  double percent() const { return (c + m + y + k) * 100; }
};
bool find_rich_dark(const std::string& pdf, RichDark* found, std::string* err);

}  // namespace cardstock
