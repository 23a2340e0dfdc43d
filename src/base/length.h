// Length: a distance stored in PostScript points (1/72 in). Parsing never throws.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace cardstock {

struct Length {
  double pt = 0;

  static constexpr Length points(double v) { return {v}; }
  static constexpr Length inches(double v) { return {v * 72.0}; }
  static constexpr Length mm(double v) { return {v * 72.0 / 25.4}; }
  double in_mm() const { return pt * 25.4 / 72.0; }
  double in_inches() const { return pt / 72.0; }

  friend constexpr Length operator+(Length a, Length b) { return {a.pt + b.pt}; }
  friend constexpr Length operator-(Length a, Length b) { return {a.pt - b.pt}; }
  friend constexpr Length operator*(Length a, double k) { return {a.pt * k}; }
  friend constexpr Length operator/(Length a, double k) { return {a.pt / k}; }
  friend constexpr bool operator<(Length a, Length b) { return a.pt < b.pt; }
  friend constexpr bool operator==(Length a, Length b) = default;
};

/// Parses "63.5mm", "2.5in", "12pt", "1.2cm" or a bare "0". On failure returns
/// nullopt and sets *err to a sentence suitable for a diagnostic.
std::optional<Length> parse_length(std::string_view text, std::string* err);

/// A length that may be a percentage of a reference dimension ("50%").
struct RelLength {
  double value = 0;
  bool percent = false;
  Length resolve(Length reference) const {
    return percent ? reference * (value / 100.0) : Length{value};
  }
};

/// As parse_length, but also accepts "NN%".
std::optional<RelLength> parse_rel_length(std::string_view text, std::string* err);

/// Parses an angle in degrees: "0.2deg", "-1.5deg" or a bare "0". On failure returns
/// nullopt and sets *err (if not null) to a sentence for a diagnostic.
std::optional<double> parse_angle(std::string_view text, std::string* err);

/// A number as fixed-point text with at most `digits` decimals and no trailing zeros, no
/// exponent and never "-0", e.g. "180" or "63.5" (lengths in points, as the manifest
/// writes them; PDF content numbers).
std::string format_number(double v, int digits = 4);

}  // namespace cardstock
