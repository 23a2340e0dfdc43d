#include "base/length.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace cardstock {

namespace {

bool parse_number(std::string_view s, double* out) {
  if (s.empty()) return false;
  // from_chars accepts no leading '+'; YAML users sometimes write one.
  if (s.front() == '+') s.remove_prefix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(*out);
}

}  // namespace

std::optional<Length> parse_length(std::string_view text, std::string* err) {
  std::string_view s = text;
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  struct Unit { std::string_view suffix; double factor; };
  static constexpr Unit units[] = {
      {"mm", 72.0 / 25.4}, {"cm", 72.0 / 2.54}, {"in", 72.0}, {"pt", 1.0}};
  for (const auto& u : units) {
    if (s.size() > u.suffix.size() && s.substr(s.size() - u.suffix.size()) == u.suffix) {
      double v;
      if (!parse_number(s.substr(0, s.size() - u.suffix.size()), &v)) break;
      return Length{v * u.factor};
    }
  }
  double v;
  if (parse_number(s, &v) && v == 0) return Length{0};
  if (err) {
    if (parse_number(s, &v))
      *err = "length '" + std::string(text) + "' needs a unit (mm, cm, in or pt)";
    else
      *err = "'" + std::string(text) + "' is not a length (expected e.g. 63.5mm, 2.5in, 12pt)";
  }
  return std::nullopt;
}

std::optional<RelLength> parse_rel_length(std::string_view text, std::string* err) {
  if (!text.empty() && text.back() == '%') {
    double v;
    if (parse_number(text.substr(0, text.size() - 1), &v)) return RelLength{v, true};
    if (err) *err = "'" + std::string(text) + "' is not a percentage";
    return std::nullopt;
  }
  auto l = parse_length(text, err);
  if (!l) return std::nullopt;
  return RelLength{l->pt, false};
}

std::optional<double> parse_angle(std::string_view text, std::string* err) {
  std::string_view s = text;
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  double v;
  if (s.size() > 3 && s.substr(s.size() - 3) == "deg" && parse_number(s.substr(0, s.size() - 3), &v)) return v;
  if (parse_number(s, &v) && v == 0) return 0.0;
  if (err) {
    if (parse_number(s, &v))
      *err = "angle '" + std::string(text) + "' needs its unit (deg)";
    else
      *err = "'" + std::string(text) + "' is not an angle (expected e.g. 0.2deg)";
  }
  return std::nullopt;
}

namespace {

// format_number's text by to_chars, the exact rounding of v's binary value.
std::string format_exact(double v, int digits) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, digits);
  std::string s(buf, r.ec == std::errc() ? r.ptr : buf);
  if (s.find('.') != std::string::npos) {  // zeros before the point stay: "180" at 0 digits
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";  // a tiny negative rounds to zero, never "-0"
  return s;
}

}  // namespace

std::string format_number(double v, int digits) {
  // The manifest and the placing operators format a dozen numbers a card: to_chars costs
  // about 500 instructions a number. The usual number (a length in points) is v * 10^digits
  // rounded to a whole number, which is the exact rounding unless that product, whose
  // error is at most half its last place, lies that close to a half: such numbers (and
  // ties, huge or odd values, many digits) go to format_exact. Both give the same text for
  // every double (a test compares them on millions).
  static constexpr double kPow10[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
  if (digits >= 0 && digits <= 8 && std::isfinite(v) && std::fabs(v) < 1e9) {
    const double scaled = v * kPow10[digits];
    const double whole = std::nearbyint(scaled);
    const double off = std::fabs(scaled - whole);  // exact: both within a factor of 2
    if (std::fabs(off - 0.5) > std::fabs(scaled) * 0x1p-51 + 0x1p-60 && off < 0.5) {
      const bool negative = whole < 0;
      unsigned long long q = static_cast<unsigned long long>(std::fabs(whole));
      char buf[40];
      char* end = buf + sizeof buf;
      char* p = end;
      int shown = 0;  // fraction digits written
      bool any = false;
      for (int i = 0; i < digits; ++i, q /= 10) {
        const char d = static_cast<char>('0' + q % 10);
        if (!any && d == '0') continue;  // trailing zeros of the fraction are dropped
        any = true;
        *--p = d;
        ++shown;
      }
      if (shown) *--p = '.';
      do {
        *--p = static_cast<char>('0' + q % 10);
        q /= 10;
      } while (q);
      if (negative && !(p[0] == '0' && p + 1 == end)) *--p = '-';
      return std::string(p, end);
    }
  }
  return format_exact(v, digits);
}

}  // namespace cardstock
